"""House variants (issue 22, item 5): a variant file changes cards, adds and removes them, sets the game's shape and
the one-word rule; every command and the API play by it, and nothing else does."""

from __future__ import annotations

import json
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from jsonschema import Draft202012Validator

from novelty.advise import Setting, draft_pick
from novelty.catalog import load_catalog, standard_catalog, use_catalog
from novelty.cli.main import main
from novelty.errors import RuleError, VariantError
from novelty.inputs import VariantInput
from novelty.lexicon import open_lexicon
from novelty.play import Play, parse_cards
from novelty.scoring import Rules, score_play
from novelty.solver import reference_best, solve
from novelty.variant import STANDARD, CardChange, Shape, Variant, check_players, parse_variant, variant_from_data
from tests.test_solver import SMALL, small_deals

ROOT = Path(__file__).resolve().parent.parent

RICH_Q = """\
name = "rich q"

[cards.q2]          # printed: 1 point, Double score of word
points = 5

[cards.qu1]         # a new card
count = 2
points = 3
effect = "Double score of word"

[remove]
cards = ["x1"]
"""
RICH_Q_DATA = {"name": "rich q", "cards": {"q2": {"points": 5}, "qu1": {"count": 2, "points": 3,
                                                                         "effect": "Double score of word"}},
               "remove": {"cards": ["x1"]}}
ONE_WORD = {"name": "one word", "game": {"one_word": True}}


@pytest.fixture(scope="module")
def twl():  # type: ignore[no-untyped-def]
    return open_lexicon("twl")


@pytest.fixture
def rich_q(tmp_path: Path) -> str:
    path = tmp_path / "rich-q.toml"
    path.write_text(RICH_Q)
    return str(path)


def cli_json(runner, *args: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    result = runner.invoke(main, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# -- the file and the catalog it plays with -------------------------------------------------------------------


def test_a_variant_changes_adds_and_removes_cards_and_nothing_else() -> None:
    variant = parse_variant(RICH_Q, "rich-q.toml")
    catalog, printed = variant.catalog(), standard_catalog()
    assert catalog.kinds["q2"].points == 5 and catalog.kinds["q2"].effect == printed.kinds["q2"].effect
    new = catalog.kinds["qu1"]
    assert (new.letters, new.wild, new.count, new.points, new.effect_text) == ("qu", None, 2, 3, "Double score of word")
    assert "x1" not in catalog.kinds and catalog.card_count == printed.card_count - 1 + 2
    assert {k: v for k, v in catalog.kinds.items() if k not in ("q2", "qu1")} == {
        k: v for k, v in printed.kinds.items() if k not in ("q2", "x1")}
    assert catalog.motifs == printed.motifs
    assert variant.catalog() is catalog  # made once
    assert load_catalog() is printed  # nothing in use outside a block
    with variant.active():
        assert load_catalog() is catalog
        with STANDARD.active():
            assert load_catalog() is printed
        assert load_catalog() is catalog
    assert load_catalog() is printed


def test_the_same_structure_reads_from_toml_json_and_python_and_round_trips() -> None:
    from_toml = parse_variant(RICH_Q, "rich-q.toml")
    assert parse_variant(json.dumps(RICH_Q_DATA), "rich-q.json") == from_toml
    assert variant_from_data(RICH_Q_DATA) == from_toml
    assert variant_from_data(from_toml.to_dict()) == from_toml
    assert Variant("rich q", Shape(), (CardChange("q2", points=5), CardChange("qu1", 2, 3, "Double score of word")),
                   ("x1",)) == from_toml


def test_new_cards_are_numbered_on_from_their_letters_printed_rows() -> None:
    catalog = variant_from_data({"name": "n", "cards": {
        "q3": {"count": 1, "points": 2}, "q4": {"count": 1, "points": 2},
        "wild5": {"count": 1, "points": 0, "colour": "red"}, "doublewild2": {"count": 1, "points": -1}}}).catalog()
    ids = list(catalog.kinds)
    assert ids.index("q3") == ids.index("q2") + 1 and ids.index("q4") == ids.index("q3") + 1
    assert catalog.kinds["wild5"].wild.value == "any" and catalog.kinds["wild5"].effect_text == "Red"
    assert catalog.kinds["doublewild2"].wild.value == "double"
    with pytest.raises(VariantError, match=r"^cards\.q4: new q cards are numbered on .*: q3 comes first"):
        variant_from_data({"name": "n", "cards": {"q4": {"count": 1, "points": 2}}})


def test_a_colour_change_is_printed_as_the_rulebook_prints_colours() -> None:
    catalog = variant_from_data({"name": "c", "cards": {"a1": {"colour": "blue"}, "a3": {"colour": "red"},
                                                        "a4": {"colour": "none"}, "e1": {"effect": ""}}}).catalog()
    assert [(catalog.kinds[k].colour, catalog.kinds[k].effect_text) for k in ("a1", "a3")] == [
        (standard_catalog().kinds["a2"].colour, "Blue"), (standard_catalog().kinds["a1"].colour, "Red")]
    assert catalog.kinds["a4"].effect_text == "+1 per vowel in word"  # an effect stays its text
    assert catalog.kinds["e1"].effect is None and catalog.kinds["e1"].effect_text == "Red"


@pytest.mark.parametrize(("data", "message"), [
    ({"name": "a", "cards": {"q2": {"point": 3}}}, "cards.q2.point: Extra inputs are not permitted"),
    ({"name": "a", "cards": {"q2": {"points": "3"}}}, "cards.q2.points: Input should be a valid integer"),
    ({"name": "a", "cards": {"q2": {"count": -1}}}, "cards.q2.count: Input should be greater than or equal to 0"),
    ({"name": "a", "cards": {"q2": {"effect": "Quadruple word"}}}, "cards.q2.effect: unknown effect text: "
                                                                    "'Quadruple word'"),
    ({"name": "a", "cards": {"q2": {"effect": "+50 per letter in word"}}}, "cards.q2.effect: '+50 per letter in word' "
                                                                            "is out of bounds"),
    ({"name": "a", "cards": {"q2": {"effect": "Blue"}}}, "cards.q2.effect: 'Blue' is a colour, not an effect"),
    ({"name": "a", "cards": {"zz9": {"points": 1}}}, "cards.zz9: no printed card is 'zz9', and a new card gives its "
                                                      "count and points (count missing)"),
    ({"name": "a", "cards": {"wildish1": {"points": 1, "count": 1}}}, "cards.wildish1: unknown card id 'wildish1'"),
    ({"name": "a", "cards": {"Q2": {"points": 1}}}, "cards.Q2.[key]: String should match pattern"),
    ({"name": "a", "cards": {"q2": {"points": 3}}, "remove": {"cards": ["q2"]}},
     "cards.q2: changed here and removed in remove.cards: choose one"),
    ({"name": "a", "remove": {"cards": ["q9"]}}, "remove.cards.0: unknown card id: 'q9'"),
    ({"name": "a", "remove": {"motifs": ["hermit", "hermit"]}}, "remove.motifs.1: 'hermit' is removed twice"),
    ({"name": "a", "game": {"rounds": 11}}, "game.rounds: Input should be less than or equal to 10"),
    ({"name": "a", "game": {"dealt": 20, "drafted": 20, "pool": 1}}, "the solver takes at most 40"),
    ({"name": "a", "game": {"dealt": 0, "drafted": 0}}, "game.dealt, game.drafted: a player needs cards"),
    ({"name": " "}, "name: 1 to 60 characters"),
    ({"game": {}}, "name: Field required"),
    ({"name": "a", "game": {"motifs": 8}, "remove": {"motifs": list(standard_catalog().motifs)[:41]}},
     "remove.motifs: 7 motifs are left, fewer than game.motifs 8 flipped each round"),
])
def test_a_bad_variant_is_refused_naming_the_field(data: dict[str, Any], message: str) -> None:
    with pytest.raises(VariantError) as caught:
        variant_from_data(data, "house.json: ")
    assert str(caught.value).startswith("house.json: ") and message in str(caught.value)


def test_a_deck_too_small_for_two_players_is_refused_with_the_arithmetic() -> None:
    gone = [k for k in standard_catalog().kinds][:120]
    left = standard_catalog().card_count - sum(standard_catalog().kinds[k].count for k in gone)
    arithmetic = r"\(game\.dealt 3 \+ game\.drafted 20\) x 2 \+ game\.pool 2 = 48"
    with pytest.raises(VariantError, match=rf"^cards: the deck holds {left} cards, fewer than a round deals to two "
                                           rf"players: {arithmetic}$"):
        variant_from_data({"name": "a", "game": {"drafted": 20, "pool": 2}, "remove": {"cards": gone}})


def test_check_players_counts_the_deal_the_motifs_and_the_two_player_trade() -> None:
    check_players(STANDARD, 5, rounds=3)  # 165 of 168 cards
    with pytest.raises(VariantError, match="the deck holds 168 cards, fewer than 3 rounds for 6 players deals: 198"):
        check_players(STANDARD, 6, rounds=3)
    check_players(STANDARD, 6)  # one round, the deck gathered again after it
    trade = variant_from_data({"name": "t", "game": {"trade_hands": True}})
    check_players(trade, 2)
    with pytest.raises(VariantError, match="^game.trade_hands: trading hands is a two-player rule"):
        check_players(trade, 3)
    short = variant_from_data({"name": "m", "game": {"motifs": 4},
                               "remove": {"motifs": list(standard_catalog().motifs)[:40]}})
    with pytest.raises(VariantError, match="the motif deck holds 8 motifs, fewer than 3 rounds flips: 12"):
        check_players(short, 2, rounds=3)


def test_the_committed_schema_is_the_input_models() -> None:
    import sys

    sys.path.insert(0, str(ROOT / "tools"))
    from write_schemas import variant_schema_text

    assert (ROOT / "docs" / "schemas" / "variant.schema.json").read_text() == variant_schema_text()
    schema = json.loads(variant_schema_text())
    Draft202012Validator.check_schema(schema)
    Draft202012Validator(schema).validate(RICH_Q_DATA)
    assert not Draft202012Validator(schema).is_valid({"name": "a", "cards": {"Q2": {}}})


def test_the_example_file_is_a_playable_variant() -> None:
    variant = parse_variant((ROOT / "examples" / "variant.toml").read_text(), "variant.toml")
    assert variant.shape.one_word and variant.shape.drafted == 6
    check_players(variant, 4, rounds=variant.shape.rounds)
    assert VariantInput.model_validate(variant.to_dict())


# -- scoring and solving under a variant ---------------------------------------------------------------------


def test_a_changed_card_scores_as_changed_in_score_and_best_on_the_command_line(runner, rich_q) -> None:  # type: ignore[no-untyped-def]
    plain = cli_json(runner, "score", "q2 u1 i3 t1")
    house = cli_json(runner, "score", "q2 u1 i3 t1", "--variant", rich_q)
    assert (plain["total"], house["total"]) == (8, 16)  # (1 + 1 + 1 + 1) x 2; (5 + 1 + 1 + 1) x 2
    assert "variant" not in plain and house["variant"] == "rich q"
    best = ["best", "--hand", "q2 u1 i3 t1", "--top", "1"]
    assert cli_json(runner, *best)["plays"][0]["total"] == 8
    assert cli_json(runner, *best, "--variant", rich_q)["plays"][0]["total"] == 16
    text = runner.invoke(main, ["score", "q2 u1 i3 t1", "--variant", rich_q]).stdout
    assert "Variant: rich q" in text and "q2 (q) 5 points" in text


def test_a_changed_card_scores_as_changed_through_the_api(client) -> None:  # type: ignore[no-untyped-def]
    score = {"words": ["q2 u1 i3 t1"]}
    assert client.post("/v1/score", json=score).get_json()["total"] == 8
    house = client.post("/v1/score", json={**score, "variant": RICH_Q_DATA}).get_json()
    assert (house["total"], house["variant"]) == (16, "rich q")
    best = {"hand": "q2 u1 i3 t1", "top": 1}
    assert client.post("/v1/best", json=best).get_json()["plays"][0]["total"] == 8
    house = client.post("/v1/best", json={**best, "variant": RICH_Q_DATA}).get_json()
    assert (house["plays"][0]["total"], house["variant"]) == (16, "rich q")
    assert "variant" not in client.post("/v1/best", json=best).get_json()


def test_a_new_card_is_notation_and_the_solver_plays_it_as_the_engine_scores_it(twl) -> None:  # type: ignore[no-untyped-def]
    variant = parse_variant(RICH_Q, "rich-q.toml")
    with variant.active():
        hand = parse_cards("qu1 i3 t1 e1 s1 a1 r1")
        assert str(Play.parse(["qu1 i3 t1"])) == "qu1 i3 t1"
        result = solve(twl, hand, None, ["assonance"], top=3)
        assert result.optimal and any(c.id == "qu1" for c in result.plays[0].play.cards())
        for found in result.plays:  # the solver's plays, scored again by the engine
            assert score_play(found.play, twl, ["assonance"], hand=hand).total == found.total
    with pytest.raises(Exception, match="unknown card id: 'qu1'"):
        parse_cards("qu1 i3 t1")


def test_a_new_card_in_the_solver_matches_the_brute_force(lexicon) -> None:  # type: ignore[no-untyped-def]
    variant = variant_from_data({"name": "th", "cards": {
        "th3": {"count": 1, "points": 4, "effect": "+2 per vowel in word"}, "wild5": {"count": 1, "points": 2}}})
    with variant.active():
        hand = parse_cards("th3 e1 m1 wild5 o1")
        for motifs in ([], ["assonance"], ["wild-child", "first-letter"]):
            assert solve(lexicon, hand, None, motifs).plays[0].total == reference_best(lexicon, hand, None, motifs)


def test_a_removed_card_or_motif_is_unknown_under_the_variant(runner, client, rich_q) -> None:  # type: ignore[no-untyped-def]
    refused = runner.invoke(main, ["score", "x1 i3 t1", "--variant", rich_q])
    assert refused.exit_code == 2
    assert refused.stderr == "novelty: error: unknown card id: 'x1' in 'x1' (the house variant in play removes it)\n"
    refused = runner.invoke(main, ["best", "--hand", "x2 x1", "--variant", rich_q])
    assert refused.exit_code == 2 and "unknown card id: 'x1' (the house variant in play removes it)" in refused.stderr
    assert load_catalog() is standard_catalog()  # the variant ends with the command, even one click refused
    no_hermit = {"name": "quiet", "remove": {"motifs": ["hermit"]}}
    response = client.post("/v1/score", json={"words": ["q2 u1 i3 t1"], "motifs": ["hermit"], "variant": no_hermit})
    assert response.status_code == 400 and response.mimetype == "application/problem+json"
    assert response.get_json(force=True)["detail"] == "unknown motif: 'hermit' (the house variant in play removes it)"
    assert client.post("/v1/score", json={"words": ["x1 i3 t1"]}).status_code == 200  # printed, without the variant


def test_the_one_word_rule_refuses_two_words_and_best_plays_one(runner, client, twl) -> None:  # type: ignore[no-untyped-def]
    refused = client.post("/v1/score", json={"words": ["q2 u1 i3 t1", "d1 a3 t3 e3"], "variant": ONE_WORD})
    assert refused.status_code == 400
    assert refused.get_json(force=True)["detail"] == ("the one-word rule is in play: a play is one word, not 2 "
                                                      "(QUIT, DATE)")
    assert client.post("/v1/score", json={"words": ["q2 u1 i3 t1"], "variant": ONE_WORD}).status_code == 200
    hand = "th2 e4 m1 e1 s1 a1 r1 t1 o1 n1 i1"
    several = client.post("/v1/best", json={"hand": hand, "top": 2}).get_json()
    one = client.post("/v1/best", json={"hand": hand, "top": 2, "variant": ONE_WORD}).get_json()
    assert len(several["plays"][0]["words"]) > 1 and one["optimal"]
    assert [len(p["words"]) for p in one["plays"]] == [1, 1]
    assert several["plays"][0]["total"] > one["plays"][0]["total"] >= max(
        w["score"] for w in several["plays"][0]["words"])
    cards = parse_cards(hand)
    assert one["plays"][0]["total"] == solve(twl, cards, rules=Rules(one_word=True)).plays[0].total


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_deals())
def test_the_best_single_word_play_is_the_brute_forces(deal) -> None:  # type: ignore[no-untyped-def]
    hand, pool, motifs = deal
    rules = Rules(one_word=True)
    result = solve(SMALL, hand, pool, motifs, rules=rules, top=3)
    assert result.optimal and all(len(found.play.words) <= 1 for found in result.plays)
    assert result.plays[0].total == reference_best(SMALL, hand, pool, motifs, rules=rules)


def test_score_play_under_the_one_word_rule_refuses_two_words_and_takes_one() -> None:
    play = Play.parse(["d1 a3 t3 e3", "n1 o1 t3 e3"])
    with pytest.raises(RuleError, match="^the one-word rule is in play: a play is one word, not 2 .DATE, NOTE.$"):
        score_play(play, SMALL, rules=Rules(one_word=True))
    assert score_play(Play(play.words[:1]), SMALL, rules=Rules(one_word=True)).total == 5
    assert STANDARD.rules() == Rules()
    assert variant_from_data(ONE_WORD).rules(Rules(challenges_as_printed=True)) == Rules(challenges_as_printed=True,
                                                                                         one_word=True)


def test_round_and_game_play_by_a_variant_from_a_file_or_inline(runner, rich_q, tmp_path) -> None:  # type: ignore[no-untyped-def]
    round_data = {"players": [{"name": "Ann", "words": ["q2 u1 i3 t1"]}, {"name": "Bob", "words": ["qu1 i3 t1"]}]}
    path = tmp_path / "round.json"
    path.write_text(json.dumps(round_data))
    refused = runner.invoke(main, ["round", str(path)])
    assert refused.exit_code == 2 and "unknown card id: 'qu1'" in refused.stderr
    answer = cli_json(runner, "round", str(path), "--variant", rich_q)
    assert answer["variant"] == "rich q" and answer["scores"] == {"Ann": 16, "Bob": 10}
    path.write_text(json.dumps({**round_data, "variant": RICH_Q_DATA}))
    assert cli_json(runner, "round", str(path))["scores"] == {"Ann": 16, "Bob": 10}
    twice = runner.invoke(main, ["round", str(path), "--variant", rich_q])
    assert twice.exit_code == 2 and "a variant is given twice" in twice.stderr
    game = {"rounds": [round_data, round_data], "variant": RICH_Q_DATA}
    path.write_text(json.dumps(game))
    answer = cli_json(runner, "game", str(path))
    assert answer["variant"] == "rich q" and answer["totals"] == {"Ann": 32, "Bob": 20}


def test_advise_plays_by_the_variant_in_every_thread_it_uses(runner, rich_q, twl) -> None:  # type: ignore[no-untyped-def]
    variant = parse_variant(RICH_Q, "rich-q.toml")
    with variant.active():  # the samples are searched in a pool of threads: each must read the variant's cards
        advice = draft_pick(Setting(twl, workers=2), parse_cards("qu1 i3 t1"), parse_cards("e1 qu1 s1"), seed=1,
                            samples=6, picks_left=1)
    assert advice.choices[0].now is not None and advice.stats["searches"] > 2
    answer = cli_json(runner, "advise", "kill-off", "--hand", "qu1 i3 t1 e1", "--variant", rich_q, "--time-limit", "5")
    assert answer["variant"] == "rich q" and answer["choices"][0]["value"] == 10  # QUIT on qu1: (3 + 1 + 1) x 2


@pytest.mark.parametrize(("text", "suffix", "message"), [
    ('name = "a"\n[cards.q2]\npoint = 3\n', "toml", "h.toml: cards.q2.point: Extra inputs are not permitted"),
    ('name = "a"\n[cards.q2]\npoints = "3"\n', "toml", "h.toml: cards.q2.points: Input should be a valid integer"),
    ('name = "a"\n[cards.q2]\neffect = "Quadruple word"\n', "toml", "h.toml: cards.q2.effect: unknown effect text"),
    ('name = "a"\n[game]\ndrafted = 20\n[remove]\ncards = [' + ", ".join(f'"{k}"' for k in list(
        standard_catalog().kinds)[:120]) + "]\n", "toml", "h.toml: cards: the deck holds 20 cards, fewer than a "
                                                                 "round deals to two players"),
    ('name = "a"\n[cards.q2\npoints = 3\n', "toml", "h.toml: not valid TOML: Expected ']' at the end of a table "
                                                    "declaration (at line 2, column 10)"),
    ('name = "a"\n[cards.q2]\npoints = 3\nremove = {cards = ["x1"]}\n', "toml",
     "h.toml: cards.q2.remove: Extra inputs are not permitted (in TOML, keys after a [table] line belong to that "
     "table: write top-level keys first)"),
    ('{"name": "a", "cards": {"q2": {"points": 3.5}}}', "json", "h.json: cards.q2.points: Input should be a valid "
                                                                "integer"),
    ('{"name": "a",', "json", "h.json: not valid JSON: Expecting property name enclosed in double quotes: line 1"),
    ("[1, 2]", "json", "h.json: a variant is an object (a table), not list"),
])
def test_every_bad_file_is_exit_status_2_naming_the_field(runner, tmp_path, text, suffix, message) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / f"h.{suffix}"
    path.write_text(text)
    for command in (["score", "q2 u1 i3 t1"], ["best", "--hand", "q2 u1 i3 t1"], ["advise", "kill-off", "--hand", "q2"],
                    ["cards"]):
        result = runner.invoke(main, [*command, "--variant", str(path)])
        assert result.exit_code == 2 and result.stdout == "", command
        line = result.stderr.replace(str(tmp_path) + "/", "")
        assert line.startswith(f"novelty: error: {message}") and line.count("\n") == 1, line
    missing = runner.invoke(main, ["score", "q2 u1 i3 t1", "--variant", str(tmp_path / "none.toml")])
    assert missing.exit_code == 2 and "cannot read" in missing.stderr


def test_the_api_answers_a_bad_inline_variant_with_a_problem(client) -> None:  # type: ignore[no-untyped-def]
    for path, body in (("/v1/score", {"words": ["q2 u1 i3 t1"]}), ("/v1/best", {"hand": "q2 u1 i3 t1"}),
                       ("/v1/advise/kill-off", {"hand": "q2 u1 i3 t1"}),
                       ("/v1/round", {"players": [{"name": "Ann", "words": ["q2 u1 i3 t1"]}]})):
        structural = client.post(path, json={**body, "variant": {"name": "a", "cards": {"q2": {"points": "3"}}}})
        assert structural.status_code == 400 and structural.mimetype == "application/problem+json"
        assert structural.get_json(force=True)["errors"][0]["loc"] == "variant.cards.q2.points"
        semantic = client.post(path, json={**body, "variant": {"name": "a", "cards": {"q2": {"effect": "Quadruple"}}}})
        assert semantic.status_code == 400 and semantic.mimetype == "application/problem+json"
        assert semantic.get_json(force=True)["detail"].startswith("variant.cards.q2.effect: unknown effect text")


def test_a_body_names_new_cards_only_with_a_variant(client) -> None:  # type: ignore[no-untyped-def]
    doc = client.get("/v1/openapi.json").get_json()
    for path, body in (("/v1/best", {"hand": "qu1 i3 t1"}), ("/v1/advise/kill-off", {"hand": ["qu1", "i3", "t1"]}),
                       ("/v1/round", {"players": [{"name": "Ann", "hand": "qu1 i3 t1", "words": ["qu1 i3 t1"]}]}),
                       ("/v1/game", {"rounds": [{"players": [{"name": "Ann", "hand": "qu1 i3 t1",
                                                              "words": ["qu1 i3 t1"]}]}]})):
        ref = doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
        schema = {**doc["components"]["schemas"][ref.rsplit("/", 1)[1]], "components": doc["components"]}
        assert not Draft202012Validator(schema).is_valid(body), path
        assert not Draft202012Validator(schema).is_valid({**body, "variant": None}), path
        with_variant = {**body, "variant": RICH_Q_DATA}
        Draft202012Validator(schema).validate(with_variant)
        response = client.post(path, json={**with_variant, "time_limit": 2} if "advise" in path or "best" in path
                               else with_variant)
        assert response.status_code == 200, response.get_json(force=True)
        assert response.get_json()["variant"] == "rich q"


# -- the printed game stays the printed game -----------------------------------------------------------------


def test_without_a_variant_every_answer_is_the_printed_games(runner, client, rich_q) -> None:  # type: ignore[no-untyped-def]
    best = ["best", "--hand", "q2 u1 i3 t1 x2 e1 s1", "--motif", "assonance", "--top", "2"]
    before = cli_json(runner, *best)
    cli_json(runner, *best, "--variant", rich_q)  # the variant's q2 read and cached in between
    after = cli_json(runner, *best)
    for answer in (before, after):
        answer["stats"] = {}
    assert before == after and before["plays"][0]["total"] == client.post("/v1/best", json={
        "hand": "q2 u1 i3 t1 x2 e1 s1", "motifs": ["assonance"], "top": 2}).get_json()["plays"][0]["total"]
    assert STANDARD.catalog() is standard_catalog() and load_catalog() is standard_catalog()
    assert variant_from_data({"name": "shape only", "game": {"drafted": 5}}).catalog() is standard_catalog()


def test_a_variant_in_use_in_one_thread_is_not_in_use_in_another(app) -> None:  # type: ignore[no-untyped-def]
    variant = parse_variant(RICH_Q, "rich-q.toml")
    barrier = threading.Barrier(2)
    seen: dict[str, Any] = {}

    def house() -> None:
        with variant.active():
            barrier.wait()
            seen["house"] = load_catalog()
            barrier.wait()

    def plain() -> None:
        barrier.wait()
        seen["plain"] = load_catalog()
        barrier.wait()

    threads = [threading.Thread(target=house), threading.Thread(target=plain)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"house": variant.catalog(), "plain": standard_catalog()}
    with use_catalog(variant.catalog()):
        other: list[Any] = []
        t = threading.Thread(target=lambda: other.append(load_catalog()))
        t.start()
        t.join()
        assert other == [standard_catalog()]


def test_concurrent_requests_with_and_without_a_variant_each_score_their_own(app) -> None:  # type: ignore[no-untyped-def]
    results: dict[str, list[int]] = {"house": [], "plain": []}
    barrier = threading.Barrier(4)

    def ask(kind: str) -> None:
        client = app.test_client()
        body: dict[str, Any] = {"words": ["q2 u1 i3 t1"]}
        if kind == "house":
            body["variant"] = RICH_Q_DATA
        barrier.wait()
        for _ in range(15):
            results[kind].append(client.post("/v1/score", json=body).get_json()["total"])

    threads = [threading.Thread(target=ask, args=(kind,)) for kind in ("house", "plain", "house", "plain")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert Counter(results["house"]) == Counter({16: 30}) and Counter(results["plain"]) == Counter({8: 30})
