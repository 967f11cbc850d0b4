"""The four theatre games: each scoring rule, quoted from its rulebook, and the rulebooks' worked examples."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import jsonschema
import pytest

from novelty.cli.main import main
from novelty.errors import NoveltyError
from novelty.games import find_game, games
from novelty.tally import first_to_the_left, majority_awards, ranking, winners

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from write_schemas import schema_text  # noqa: E402


def run(game: str, action: str, data: dict) -> dict:
    return find_game(game).run(action, data).to_dict()


def items(result: dict, name: str) -> dict[str, int]:
    player = next(p for p in result["players"] if p["name"] == name)
    return {i["label"]: i["points"] for i in player["items"]}


# -- shared helpers --------------------------------------------------------------------------------

def test_majority_awards_split_tied_places():
    # Stage Blood: "If two or more players are tied for first place, they divide 15 points";
    # "If two or more players are tied for second place, they divide 5 points."
    assert majority_awards({"a": 3, "b": 3, "c": 1}, (10, 5)) == {"a": 7, "b": 7, "c": 0}
    assert majority_awards({"a": 4, "b": 2, "c": 2}, (10, 5)) == {"a": 10, "b": 2, "c": 2}
    assert majority_awards({"a": 0, "b": 1}, (10, 5)) == {"a": 0, "b": 10}  # no favours, no points


def test_ranking_shares_ties_and_seating_goes_left():
    assert ranking({"a": 5, "b": 7, "c": 5}) == [(1, "b", 7), (2, "a", 5), (2, "c", 5)]
    assert winners({"a": 5, "b": 5}) == ["a", "b"]
    assert first_to_the_left(["a", "b", "c", "d"], "c", ["a", "b"]) == "a"


def test_registry_finds_games_by_name_or_alias():
    assert find_game("othello").id == "tragedy-of-othello"
    assert find_game("Stage Blood").id == "stage-blood"
    with pytest.raises(NoveltyError, match="unknown game"):
        find_game("hamlet")


# -- The Tragedy of Othello -------------------------------------------------------------------------

def othello(players: list[dict], **more) -> dict:
    return run("othello", "score", {"players": players, **more})


def test_othello_tokens():
    # "Intrigue tokens = 1 point for every three tokens / Spotlight tokens = 1 point each / Wound tokens =
    # 1 point each / Handkerchief = 3 points"; Iago tokens turned "showing the +1 side".
    result = othello([{"name": "A", "intrigue": 8, "spotlight": 2, "wounds": 1, "handkerchief": True,
                       "iago_tokens": 3}, {"name": "B"}])
    got = items(result, "A")
    assert (got["intrigue tokens"], got["spotlight tokens"], got["wound tokens"], got["handkerchief"],
            got["Iago tokens"]) == (2, 2, 1, 3, 3)
    assert result["totals"]["A"] == 11


def test_act_end_cards_score_by_who_played_them():
    # "Act End cards are worth more points if played by the corresponding character."
    card = {"id": "I.11", "character": "Iago", "points": 4, "points_otherwise": 2, "as_lead": False}
    by_iago = othello([{"name": "A", "script_cards": [card]}, {"name": "B"}])
    by_other = othello([{"name": "A", "script_cards": [{**card, "by_its_character": False}]}, {"name": "B"}])
    assert by_iago["totals"]["A"] == 4 and by_other["totals"]["A"] == 2


@pytest.mark.parametrize(("acts", "bonus"), [([], 0), (["I"], 0), (["I", "II"], 1), (["I", "II", "III"], 2),
                                             (["I", "II", "III", "IV"], 4), (["I", "II", "III", "IV", "V"], 7)])
def test_lead_character_bonus_table(acts, bonus):
    # Table 3: "Zero or One 0, Two 1, Three 2, Four 4, Five 7"; "Iago cards from Acts I through IV and
    # Othello cards from Act V only".
    cards = [{"id": f"{act}.1", "character": "Othello" if act == "V" else "Iago", "points": 0} for act in acts]
    assert items(othello([{"name": "A", "script_cards": cards}, {"name": "B"}]), "A")["Lead Character bonus"] == bonus


def test_only_cards_played_as_the_lead_count_for_the_bonus():
    # "Only those cards that were played as the lead count toward the total"
    cards = [{"id": "I.1", "character": "Iago", "points": 0}, {"id": "II.1", "character": "Iago", "points": 0,
                                                               "as_lead": False}]
    assert items(othello([{"name": "A", "script_cards": cards}, {"name": "B"}]), "A")["Lead Character bonus"] == 0


def test_three_cards_of_a_character_as_character_one_score_two():
    # "A player gets two points for each of these characters for which they played three or more cards."
    cassio = [{"id": f"{act}.2", "character": "Cassio", "points": 0, "as_lead": False} for act in ("I", "II", "III")]
    emilia = [{"id": f"{act}.3", "character": "Emilia", "points": 0, "as_lead": False} for act in ("III", "IV")]
    got = items(othello([{"name": "A", "script_cards": cassio + emilia}, {"name": "B"}]), "A")
    assert got["Cassio bonus"] == 2 and "Emilia bonus" not in got


def test_tiebreaker_whoever_controls_othello_wins_else_shared():
    # "The player who controls Othello wins. If none of the winners controls Othello, they share the win."
    tied = [{"name": "A", "spotlight": 2}, {"name": "B", "spotlight": 2}, {"name": "C"}]
    assert othello(tied, controls_othello="B")["winners"] == ["B"]
    assert othello(tied, controls_othello="C")["winners"] == ["A", "B"]
    assert othello(tied)["winners"] == ["A", "B"]


def test_intermission_next_lead_is_fewest_points_then_first_to_the_left():
    # "the player with the fewest points starts as the lead character. In the event of a tie, the first
    # player with the fewest points to the left of the previous lead player takes on the lead role."
    players = [{"name": n, "spotlight": s} for n, s in (("A", 1), ("B", 0), ("C", 3), ("D", 0))]
    result = othello(players, after_act="II", previous_lead="B")
    assert result["next_lead"] == "D" and result["next_act"] == "III" and result["winners"] == []
    assert othello(players, after_act="II", previous_lead="D")["next_lead"] == "B"


def test_act_five_lead_is_chosen_by_the_same_rule_and_is_othello():
    # Ruling O3: "For Acts II-IV, the player with the fewest points starts as the lead character." The
    # intermission after Act IV names Act V's lead the same way (tie: first to the left of the previous
    # lead), the lead character is Othello, and the answer says the rule was extended.
    players = [{"name": n, "spotlight": s} for n, s in (("A", 1), ("B", 0), ("C", 3), ("D", 0))]
    result = othello(players, after_act="IV", previous_lead="B")
    assert (result["next_act"], result["next_lead"], result["next_lead_character"]) == ("V", "D", "Othello")
    assert any(r.startswith("O3:") for r in result["rulings"])
    # Not said after the earlier acts, whose lead the rulebook names.
    assert not any(r.startswith("O3:") for r in othello(players, after_act="II", previous_lead="B")["rulings"])


def test_othello_refuses_impossible_states():
    with pytest.raises(NoveltyError, match="act I has script cards 1 to 11"):
        othello([{"name": "A", "script_cards": [{"id": "I.12", "character": "Iago", "points": 1}]}, {"name": "B"}])
    with pytest.raises(NoveltyError, match="Montano does not appear in act I"):
        othello([{"name": "A", "script_cards": [{"id": "I.2", "character": "Montano", "points": 1}]}, {"name": "B"}])
    with pytest.raises(NoveltyError, match="2 to 6 players"):
        othello([{"name": "A"}])
    with pytest.raises(NoveltyError, match="greater than or equal to 0"):
        othello([{"name": "A", "intrigue": -1}, {"name": "B"}])
    with pytest.raises(NoveltyError, match="unknown player"):
        othello([{"name": "A"}, {"name": "B"}], controls_othello="Z")
    with pytest.raises(NoveltyError, match="from after act I"):
        othello([{"name": "A", "script_cards": [{"id": "II.2", "character": "Iago", "points": 1}]}, {"name": "B"}],
                after_act="I", previous_lead="A")


# -- Thespianage -----------------------------------------------------------------------------------

def thespian(sheets: list[dict], **more) -> dict:
    chars = ["Annabelle", "Betsy", "Bob", "Frisco", "Mona", "Randolph"]
    players = []
    for i, extra in enumerate(sheets):
        base = {"name": f"P{i + 1}", "character": chars[i], "crush": chars[(i + 1) % 6],
                "nemesis": chars[(i + 2) % 6], "sheet": {}}
        players.append({**base, **extra})
    return run("thespianage", "score", {"players": players, **more})


def test_frisco_prop_example_gives_minus_five():
    # "Frisco has 3 Prop Tiles and 2 Broken Prop Tiles. Frisco scores -5 for each matching pair (so, -10)
    # and 5 points for the Prop Tile without a matching Broken Prop Tile for a total of -5 points."
    result = thespian([{"character": "Frisco", "crush": "Mona", "nemesis": "Bob", "props": 3, "broken_props": 2},
                       {"character": "Mona"}, {"character": "Bob"}])
    got = items(result, "P1")
    assert got["Prop / Broken Prop pairs"] + got["Props"] == -5


def test_broken_props_without_a_prop_do_not_count():
    result = thespian([{"broken_props": 2}, {}, {}])
    assert "Prop / Broken Prop pairs" not in items(result, "P1") and result["initial_scores"]["P1"] == 0


def test_discard_all_lowest_of_top_and_all_highest_of_bottom():
    # "discards all the LOWEST numbered Intrigue Tiles on the Aspect at the top ... If there are several
    # Tiles tied for the lowest, they are all discarded." ... "all the HIGHEST numbered ... on the Aspect
    # at the bottom". "No Tiles are discarded from the middle Aspect."
    result = thespian([{"sheet": {"top": [3, -1, -1], "middle": [-2, -2], "bottom": [4, 4, 1]}}, {}, {}])
    got = items(result, "P1")
    assert (got["top aspect"], got["middle aspect"], got["bottom aspect"]) == (3, -4, 1)
    only = thespian([{"sheet": {"top": [5]}}, {}, {}])
    assert items(only, "P1")["top aspect"] == 0  # "It is possible that this leaves no Tiles on that Aspect."


def test_bombed_play_lowest_score_wins_ties_shared():
    # "If not, the play bombed, and the player(s) with the lowest score wins the game. All ties are shared."
    result = thespian([{"sheet": {"middle": [1]}}, {"sheet": {"middle": [-2]}}, {"sheet": {"middle": [-2]}}])
    assert result["success"] is False and result["needed"] == 15 and result["winners"] == ["P2", "P3"]


def test_success_threshold_counts_events_and_equal_is_enough():
    # "If that total score is equal to or greater than 5x the number of players ... the play is a success."
    sheets = [{"sheet": {"middle": [5, 5]}}, {"sheet": {"middle": [3]}}, {"sheet": {"middle": [0]}}]
    assert thespian(sheets)["success"] is False  # 13 < 15
    assert thespian(sheets, events=[{"label": "rave review", "points": 2}])["success"] is True  # 15


def test_crush_and_nemesis_bonuses_on_success_ties_shared():
    # "The player(s) whose Crush has the highest score receives an additional 5 points. The player(s) whose
    # Nemesis has the lowest score receives an additional 3 points. All ties are shared"
    result = thespian([
        {"character": "Annabelle", "crush": "Betsy", "nemesis": "Bob", "sheet": {"middle": [5, 5]}},
        {"character": "Betsy", "crush": "Annabelle", "nemesis": "Bob", "sheet": {"middle": [5, 5]}},
        {"character": "Bob", "crush": "Annabelle", "nemesis": "Betsy", "sheet": {"middle": [1]}},
    ])
    assert result["success"] is True
    assert result["totals"] == {"P1": 10 + 5 + 3, "P2": 10 + 5 + 3, "P3": 1 + 5}
    assert result["winners"] == ["P1", "P2"]


def test_crush_and_nemesis_other_reading_compares_the_crushes():
    # Ruling T2. Annabelle (P1) scores 10, Betsy (P2) 6, Bob (P3) 4: the play succeeds (20 >= 15).
    # P1's and P3's Crush is Betsy, P2's is Bob; nobody's Crush is Annabelle, the top scorer.
    sheets = [
        {"character": "Annabelle", "crush": "Betsy", "nemesis": "Bob", "sheet": {"middle": [5, 5]}},
        {"character": "Betsy", "crush": "Bob", "nemesis": "Annabelle", "sheet": {"middle": [5, 1]}},
        {"character": "Bob", "crush": "Betsy", "nemesis": "Annabelle", "sheet": {"middle": [4]}},
    ]
    # Default: a Crush must be (one of) the game's highest scorers, so no one gets +5; P1's Nemesis Bob
    # is the lowest scorer: +3.
    assert thespian(sheets)["totals"] == {"P1": 10 + 3, "P2": 6, "P3": 4}
    # "highest-crush": the Crushes are compared with each other; Betsy (6) beats Bob (4), so P1 and P3
    # get +5; the Nemeses Bob (4) and Annabelle (10): Bob is lowest, P1 gets +3.
    other = thespian(sheets, crush_reading="highest-crush")
    assert other["totals"] == {"P1": 10 + 5 + 3, "P2": 6, "P3": 4 + 5}


def test_a_crush_played_by_no_one_earns_nothing():
    # Ruling T3: with three players, P1's Crush Mona is nobody's character: no score, no bonus, and the
    # answer says so. P2's and P3's Crush Annabelle (P1, 10) is the highest: +5 each.
    sheets = [
        {"character": "Annabelle", "crush": "Mona", "nemesis": "Bob", "sheet": {"middle": [5, 5]}},
        {"character": "Betsy", "crush": "Annabelle", "nemesis": "Bob", "sheet": {"middle": [5, 1]}},
        {"character": "Bob", "crush": "Annabelle", "nemesis": "Betsy", "sheet": {"middle": [4]}},
    ]
    for reading in ("crush-is-top-scorer", "highest-crush"):
        result = thespian(sheets, crush_reading=reading)
        assert result["totals"] == {"P1": 10 + 3, "P2": 6 + 5 + 3, "P3": 4 + 5}, reading
        assert "Crush bonus" not in items(result, "P1")
        assert any(r.startswith("T3:") and "Mona" in r for r in result["rulings"])


def test_thespianage_refuses_bad_states():
    with pytest.raises(NoveltyError, match="3 to 6 players"):
        thespian([{}, {}])
    with pytest.raises(NoveltyError, match="less than or equal to 5"):
        thespian([{"sheet": {"top": [6]}}, {}, {}])
    with pytest.raises(NoveltyError, match="must all differ"):
        thespian([{"crush": "Annabelle"}, {}, {}])


# -- Stage Blood -----------------------------------------------------------------------------------

def test_favour_majorities_ten_and_five():
    # "The player with the most favors scores 10 points, The player with the second-most scores 5 points"
    players = [{"name": n, "favours": {"nash": k}} for n, k in (("A", 3), ("B", 2), ("C", 1))]
    result = run("stage-blood", "score", {"players": players})
    assert [items(result, n).get("Nash favours", 0) for n in "ABC"] == [10, 5, 0]


def test_favours_on_plays_count():
    # "count the total number of favors you have collected, including those found on plays."
    result = run("stage-blood", "score", {"players": [
        {"name": "A", "favours": {"nash": 1}, "plays": [{"type": "comedy", "points": 0, "favours": {"nash": 2}}]},
        {"name": "B", "favours": {"nash": 2}}, {"name": "C"}]})
    assert items(result, "A")["Nash favours"] == 10 and result["favours"]["A"]["nash"] == 3


def test_two_player_game_awards_five_for_first_only():
    # "With two players, award only 5 points for first place, and nothing for second place."
    result = run("stage-blood", "score", {"players": [{"name": "A", "favours": {"payne": 2}},
                                                      {"name": "B", "favours": {"payne": 1}}]})
    assert items(result, "A")["Payne favours"] == 5 and "Payne favours" not in items(result, "B")


def test_sets_play_values_and_gold():
    # "For each set of three plays including one play of each type (Comedy, Tragedy, and History), score 5
    # points." "Each play has a point value" "Unspent gold coins are worth 1 point each."
    plays = [{"type": t, "points": 2} for t in ("comedy", "tragedy", "history", "comedy", "tragedy")]
    result = run("stage-blood", "score", {"players": [{"name": "A", "plays": plays, "gold": 3}, {"name": "B"}]})
    got = items(result, "A")
    assert (got["play sets"], got["play values"], got["gold"]) == (5, 10, 3)


def test_round_resolves_in_ascending_rank_ties_by_first_name():
    # "Lower-ranked actors will act first ... between two actors of the same rank, first names that are
    # earlier in the alphabet will go first."
    table = [{"id": "P", "type": "comedy", "value": 6, "points": 2, "favours": ["nash"]}]
    actors = [{"player": "A", "name": "Zed", "rank": 3, "household": "nash", "target": "P"},
              {"player": "B", "name": "Amy", "rank": 3, "household": "nash", "target": "P"},
              {"player": "C", "name": "Bo", "rank": 2, "household": "cooper", "target": "P"}]
    result = run("stage-blood", "resolve", {"players": ["A", "B", "C"], "table": table, "actors": actors})
    assert result["order"] == ["Bo", "Amy", "Zed"]
    gains = result["gains"]
    # Bo matches nothing and does not finish (2 < 6): a gold coin; Amy takes the nash favour (2+3 < 6);
    # Zed finishes the play (3 + 5 working >= 6) with no favour left.
    assert gains["C"]["gold_earned"] == 1 and gains["B"]["favours"] == {"nash": 1}
    assert [p["id"] for p in gains["A"]["plays"]] == ["P"] and result["table"] == [] and result["season_over"]


def test_gold_adds_two_per_coin_and_must_be_held():
    # "you may spend gold coins to add 2 points each to the value of that actor."
    table = [{"id": "P", "type": "history", "value": 9, "points": 3}]
    actor = {"player": "A", "name": "Kit", "rank": 5, "household": "walker", "target": "P", "gold": 2}
    result = run("stage-blood", "resolve", {"players": ["A", "B"], "gold": {"A": 2}, "table": table,
                                            "actors": [actor]})
    assert result["finished"] == ["P"] and result["gains"]["A"]["gold_now"] == 0
    with pytest.raises(NoveltyError, match="has 0"):
        run("stage-blood", "resolve", {"players": ["A", "B"], "table": table, "actors": [actor]})


def test_unfinished_actors_stay_rehearsing_and_finished_play_leaves_nowhere_to_go():
    table = [{"id": "P", "type": "tragedy", "value": 20, "points": 3, "favours": ["hughes"]},
             {"id": "Q", "type": "comedy", "value": 3, "points": 1}]
    actors = [{"player": "A", "name": "Al", "rank": 4, "household": "hughes", "target": "P"},
              {"player": "B", "name": "Bea", "rank": 3, "household": "cooper", "target": "Q"},
              {"player": "C", "name": "Cy", "rank": 5, "household": "cooper", "target": "Q"}]
    result = run("stage-blood", "resolve", {"players": ["A", "B", "C"], "table": table, "actors": actors})
    assert result["table"][0]["working"] == [{"name": "Al", "value": 4}]
    assert result["gains"]["C"]["gold_earned"] == 1  # Q was finished by Bea before Cy acted


# -- Mood X ----------------------------------------------------------------------------------------

def test_mood_x_rulebook_example():
    # "The Protagonist selects the mood in Red. The three Readers choose Yellow, Blue, and Red" ...
    # "The Protagonist gets 5 PV, because it is the highest score among the Readers."
    result = run("mood-x", "turn", json.loads((ROOT / "examples" / "mood-x-turn.json").read_text()))
    assert result["totals"]["Ann"] == 5 and result["totals"]["Dan"] == 5


@pytest.mark.parametrize(("reader", "points"), [("red", 5), ("orange", 3), ("pink", 3), ("yellow", 1),
                                                ("purple", 1), ("green", 0), ("teal", 0), ("blue", 0)])
def test_readers_score_one_three_five_three_one(reader, points):
    # "The Victory Point Guide shows the victory points for each mood (1-3-5-3-1)."
    result = run("mood-x", "turn", {"players": ["P", "R", "S", "T"], "protagonist": "P",
                                    "choices": {"P": "red", "R": reader, "S": "green", "T": "green"}})
    assert result["totals"]["R"] == points


def test_storyteller_scores_zero_when_everyone_chose_the_same():
    # "If all players choose the same Mood, the Storyteller scores zero points." The Storyteller is "the
    # third player to the left of the Protagonist".
    result = run("mood-x", "turn", {"players": ["P", "A", "B", "C", "D"], "protagonist": "P",
                                    "choices": dict.fromkeys("PABCD", "blue")})
    assert result["storyteller"] == "C"
    assert result["totals"] == {"P": 5, "A": 5, "B": 5, "C": 0, "D": 5}


def test_mood_circle_is_configurable():
    moods = ["joy", "calm", "awe", "fear", "rage", "grief", "shame", "love"]
    result = run("mood-x", "turn", {"players": ["P", "A", "B", "C"], "moods": moods, "protagonist": "P",
                                    "choices": {"P": "joy", "A": "love", "B": "fear", "C": "3"}})
    assert result["totals"] == {"P": 3, "A": 3, "B": 0, "C": 1}


def test_game_runs_to_twenty_four_and_ties_share():
    # "The winner is the first player to score a total of 24 victory points. In case of a tie, the victory
    # is shared."
    turns = [{"choices": dict.fromkeys("ABCD", "red")}] * 6  # each turn: readers 5, protagonist 5, storyteller 0
    result = run("mood-x", "game", {"players": list("ABCD"), "turns": turns})
    assert result["finished"] and result["winners"] == sorted(result["winners"])
    assert all(result["totals"][w] >= 24 for w in result["winners"]) and len(result["winners"]) > 1
    with pytest.raises(NoveltyError, match="after the game ended"):
        run("mood-x", "game", {"players": list("ABCD"), "turns": turns * 2})


def test_mood_x_refuses_bad_input():
    with pytest.raises(NoveltyError, match="not a mood on the dial"):
        run("mood-x", "turn", {"players": list("ABCD"), "choices": {"A": "mauve", "B": "red", "C": "red", "D": "red"}})
    with pytest.raises(NoveltyError, match="no mood for D"):
        run("mood-x", "turn", {"players": list("ABCD"), "choices": {"A": "red", "B": "red", "C": "red"}})
    with pytest.raises(NoveltyError, match="4 to 8 players"):
        run("mood-x", "turn", {"players": list("ABC"), "choices": {}})


# -- files, CLI and API ----------------------------------------------------------------------------

EXAMPLES = [("othello", "score", "othello.json"), ("othello", "score", "othello-intermission.json"),
            ("thespianage", "score", "thespianage.json"), ("stage-blood", "score", "stage-blood.json"),
            ("stage-blood", "resolve", "stage-blood-round.json"), ("mood-x", "turn", "mood-x-turn.json"),
            ("mood-x", "game", "mood-x-game.json")]


@pytest.mark.parametrize(("game", "action", "file"), EXAMPLES)
def test_every_example_runs_on_the_cli_and_validates_against_its_schema(runner, game, action, file):
    path = ROOT / "examples" / file
    game_id = find_game(game).id
    schema = json.loads((ROOT / "docs" / "schemas" / f"{game_id}-{action}.schema.json").read_text())
    jsonschema.validate(json.loads(path.read_text()), schema)
    table = runner.invoke(main, [game, action, str(path)])
    assert table.exit_code == 0, table.output
    out = runner.invoke(main, [game, action, str(path), "--json"])
    assert out.exit_code == 0 and json.loads(out.stdout)["game"] == game_id


def test_committed_schemas_match_the_input_models():
    for game in games().values():
        for action in game.actions:
            path = ROOT / "docs" / "schemas" / f"{game.id}-{action}.schema.json"
            assert path.read_text() == schema_text(game.id, action), f"run tools/write_schemas.py ({path.name})"


def test_cli_reports_bad_game_input_on_stderr(runner, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": [{"name": "A", "intrigue": -3}, {"name": "B"}]}')
    result = runner.invoke(main, ["tragedy-of-othello", "score", str(bad)])
    assert result.exit_code == 2 and "intrigue" in result.output and "Traceback" not in result.output


def test_api_mirrors_the_game_commands(client):
    for game, action, file in EXAMPLES:
        body = json.loads((ROOT / "examples" / file).read_text())
        response = client.post(f"/v1/games/{find_game(game).id}/{action}", json=body)
        assert response.status_code == 200, (file, response.json)
        assert response.json == run(game, action, body)
    bad = client.post("/v1/games/stage-blood/score", json={"players": [{"name": "A", "favours": {"nash": -1}}]})
    assert bad.status_code == 400 and bad.json["status"] == 400
