"""The results store of a self-play study (issue 22): every game kept whole in one DuckDB file, with the rows a
balance study counts; a game is stored once, whole or not at all, and a study resumes where it stopped."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

import pytest

from novelty.errors import StoreError
from novelty.flat import flatten
from novelty.lexicon import SetLexicon, open_lexicon
from novelty.selfplay import Choice, GameRecord, Pick, RoundRecord, play_game, policy
from novelty.store import STORE_KIND, TABLES, Store, Study

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
STUDY = {"players": PLAYERS, "policies": ["random"] * 4, "seed": 7, "games": 6}
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    """Six games of four random drafters (about 0.15 s each)."""
    lexicon = open_lexicon("twl")
    return [play_game(PLAYERS, [policy("random")] * 4, lexicon, seed=seed) for seed in range(6)]


def stored(path: Path, records: list[GameRecord], study: dict = STUDY) -> Path:
    with Store.create(path, study) as store:
        for index, record in enumerate(records):
            store.add(index, record)
    return path


def test_a_stored_game_comes_back_as_it_was_played(tmp_path: Path, records: list[GameRecord]) -> None:
    with Store.open(stored(tmp_path / "study.duckdb", records)) as store:
        assert list(store.records()) == records
        assert store.record(3) == records[3] and len(store) == 6 and store.done() == set(range(6))
        assert store.study == Study.from_dict(STUDY)


def test_a_game_added_twice_under_its_index_is_stored_once(tmp_path: Path, records: list[GameRecord]) -> None:
    with Store.create(tmp_path / "study.duckdb", STUDY) as store:
        assert store.add(0, records[0]) is True
        assert store.add(0, records[0]) is False
        assert store.add_many([(1, records[1], None), (1, records[1], None), (0, records[0], None)]) == [1]
        assert len(store) == 2
        assert store._run("SELECT count(*) FROM players")[0][0] == 8  # four players a game, no more


def test_a_ctrl_c_during_a_statement_is_a_ctrl_c_not_an_error(tmp_path: Path) -> None:
    """DuckDB stops a statement on Ctrl-C and raises RuntimeError("Query interrupted"); the store gives the
    Ctrl-C back, so ``novelty autoplay`` says "stopped" and the user runs it again, not "internal error"."""
    with Store.create(tmp_path / "study.duckdb", STUDY) as store:
        timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
        timer.start()
        try:
            # a statement of about 15 s, stopped after 0.3 s; when DuckDB misses the signal (seen in CI on a busy
            # machine: it ran on for minutes), Python raises the Ctrl-C as the statement ends, so bounded all the same
            with pytest.raises(KeyboardInterrupt):
                store._run("SELECT count(*) FROM range(5000000000) t(x) WHERE x % 7 = 3")
        finally:
            timer.cancel()


def test_a_study_resumes_where_it_stopped(tmp_path: Path, records: list[GameRecord]) -> None:
    path = tmp_path / "study.duckdb"
    store, resumed = Store.open_or_create(path, STUDY)
    with store:
        assert not resumed
        for index in (0, 1, 4):
            store.add(index, records[index])
    store, resumed = Store.open_or_create(path, {**STUDY, "games": 10})  # asking for more games is the same study
    with store:
        assert resumed and store.done() == {0, 1, 4} and store.study.games == 10
        for index in set(range(6)) - store.done():
            store.add(index, records[index])
    with Store.open(path) as store:
        assert list(store.records()) == records and store.study.games == 10


def test_another_study_in_the_same_file_is_refused_naming_what_differs(tmp_path: Path,
                                                                       records: list[GameRecord]) -> None:
    path = stored(tmp_path / "study.duckdb", records[:1])
    with pytest.raises(StoreError, match=r"holds another study: its seed is 7, not 8; its dictionary is twl, "
                                         r"not sowpods$"):
        Store.open_or_create(path, {**STUDY, "seed": 8, "dictionary": "sowpods"})
    with pytest.raises(StoreError, match="already exists"):
        Store.create(path, STUDY)
    with Store.open(path, write=True) as store, pytest.raises(StoreError, match="game 5 is not of this study"):
        store.add(5, play_game(["Eve", "Fay"], [policy("random")] * 2, open_lexicon("twl"), seed=1))


def test_a_game_interrupted_while_it_is_written_is_not_stored_at_all(tmp_path: Path, records: list[GameRecord],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "study.duckdb"
    with Store.create(path, STUDY) as store:
        store.add(0, records[0])
        written = []
        insert = Store._insert

        def interrupted(self: Store, table: str, rows: list) -> None:
            if table == "picks":  # records, games, players... are in; Ctrl-C before the picks
                raise KeyboardInterrupt
            written.append(table)
            insert(self, table, rows)

        monkeypatch.setattr(Store, "_insert", interrupted)
        with pytest.raises(KeyboardInterrupt):
            store.add(1, records[1])
        monkeypatch.undo()
        assert "players" in written and store.done() == {0}
        for table in set(TABLES) - {"study"}:
            assert store._run(f"SELECT count(*) FROM {table} WHERE game = 1")[0][0] == 0, table
        assert store.add(1, records[1])
    with Store.open(path) as store:
        assert list(store.records()) == records[:2]


def test_a_crash_loses_no_game_already_stored(tmp_path: Path, records: list[GameRecord]) -> None:
    # The process dies without closing the store: DuckDB's write-ahead log holds every committed game.
    path, data = tmp_path / "study.duckdb", tmp_path / "games.json"
    data.write_text(json.dumps([r.to_dict() for r in records[:3]]), encoding="utf-8")
    script = ("import json, os, sys\nfrom novelty.selfplay import record_from_dict\nfrom novelty.store import Store\n"
              f"store = Store.create(sys.argv[1], {STUDY!r})\n"
              "for i, d in enumerate(json.load(open(sys.argv[2]))):\n    store.add(i, record_from_dict(d))\n"
              "os._exit(1)\n")
    done = subprocess.run([sys.executable, "-c", script, str(path), str(data)], capture_output=True, text=True,
                          check=False, cwd=ROOT)
    assert done.returncode == 1 and done.stderr == ""
    with Store.open(path) as store:
        assert store.done() == {0, 1, 2} and list(store.records()) == records[:3]


def test_what_is_not_a_store_is_refused_by_name(tmp_path: Path, records: list[GameRecord]) -> None:
    import duckdb

    text = tmp_path / "notes.txt"
    text.write_text("not a store\n", encoding="utf-8")
    foreign = tmp_path / "other.duckdb"
    with duckdb.connect(str(foreign)) as con:
        con.execute("CREATE TABLE measurements (x INTEGER)")
    odd = tmp_path / "odd.duckdb"
    with duckdb.connect(str(odd)) as con:
        con.execute("CREATE TABLE study (name VARCHAR)")
    cases = {tmp_path / "nothing.duckdb": "no results store at .*: no such file",
             tmp_path: "is a folder, not a results store",
             text: "is not a results store: it is not a DuckDB database file",
             foreign: "is a DuckDB database but not a results store: it has no study table",
             odd: "is a DuckDB database but not a results store: its study table is another program's"}
    for path, message in cases.items():
        with pytest.raises(StoreError, match=message):
            Store.open(path)


def test_a_store_of_a_newer_novelty_is_refused_by_name(tmp_path: Path, records: list[GameRecord]) -> None:
    import duckdb

    path = stored(tmp_path / "study.duckdb", records[:1])
    with duckdb.connect(str(path)) as con:
        con.execute("UPDATE study SET kind = 'novelty self-play study 2'")
    with pytest.raises(StoreError, match=r"written by a newer novelty \('novelty self-play study 2'\); "
                                         rf"this one reads '{STORE_KIND}'"):
        Store.open(path)


@pytest.mark.parametrize("damage", ["truncated", "flipped"])
def test_a_damaged_store_is_refused_by_name(tmp_path: Path, records: list[GameRecord], damage: str) -> None:
    path = stored(tmp_path / "study.duckdb", records)
    data = bytearray(path.read_bytes())
    if damage == "truncated":
        data = data[: len(data) // 2]
    else:
        for offset in range(16, len(data), 4096):  # a byte of every 4 KiB: whatever DuckDB reads first is damaged
            data[offset] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="is damaged: "), Store.open(path) as store:
        store.verify()


def test_without_duckdb_the_store_says_how_to_install_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "duckdb", None)  # import duckdb now raises ImportError
    with pytest.raises(StoreError, match=r"needs DuckDB: pip install 'novelty\[study\]'"):
        Store.create(tmp_path / "study.duckdb", STUDY)


def test_importing_the_store_does_not_import_duckdb() -> None:
    done = subprocess.run([sys.executable, "-c", "import sys, novelty.store, novelty.flat, novelty.balance\n"
                                                 "print('duckdb' in sys.modules)"],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "False"


# --- The rows a balance study counts ---------------------------------------------------------------------------


def toy_game() -> GameRecord:
    """A two-player game of one round, three cards drafted each, no motif: Ann spells TOAD, Bob NOTE."""
    picks = (Pick("Ann", 1, "o1", "left"), Pick("Bob", 1, "t3", "left"),  # from o1 o2 a3 and t3 e3 d3
             Pick("Ann", 2, "d3", "left"), Pick("Bob", 2, "o2", "left"),  # packs passed left: e3 d3, o2 a3
             Pick("Ann", 3, "a3", "left"), Pick("Bob", 3, "e3", "left"))  # the last card of each pack
    round_ = RoundRecord((), {"Ann": ("t4",), "Bob": ("n3",)}, {"Ann": ("o1", "o2", "a3"), "Bob": ("t3", "e3", "d3")},
                         picks, {"Ann": ("a3", "d3", "o1", "t4"), "Bob": ("e3", "n3", "o2", "t3")},
                         {"Ann": Choice(("t4 o1 a3 d3",)), "Bob": Choice(("n3 o2 t3 e3",))}, {"Ann": 6, "Bob": 4})
    return GameRecord(1, ("Ann", "Bob"), ("random", "random"), (), (), (round_,), ())


def test_a_game_flattens_to_the_rows_worked_by_hand(lexicon: SetLexicon) -> None:
    flat = flatten(toy_game(), lexicon)
    assert flat.game == (1, 2, 2, 1)  # seed 1, two players, Ann wins 6 to 4 alone
    assert flat.players == ((0, "Ann", "random", 6, True), (1, "Bob", "random", 4, False))
    assert flat.rounds == ((1, 0, 6), (1, 1, 4)) and flat.motifs == ()
    assert [(seat, number, card, size) for _, seat, number, card, size in flat.picks] == [
        (0, 1, "o1", 3), (1, 1, "t3", 3), (0, 2, "d3", 2), (1, 2, "o2", 2), (0, 3, "a3", 1), (1, 3, "e3", 1)]
    # Offered at a real choice (two cards or more): o2 and a3 twice (Ann's first pack, then Bob's second),
    # e3 and d3 twice; taken: o1, t3, d3, o2. The last picks are forced and count for neither.
    assert flat.offers == (("a3", 2, 0), ("d3", 2, 1), ("e3", 2, 0), ("o1", 1, 1), ("o2", 2, 1), ("t3", 1, 1))
    # TOAD: t4 (+1 if third letter: it is first) 1, o1 1, a3 1, d3 (+2 if last letter) 1 + 2 = 3; 6 in all.
    # NOTE: four plain cards of 1 point.
    assert flat.cards == ((1, 0, 1, "t4", 1, 1), (1, 0, 1, "o1", 1, 1), (1, 0, 1, "a3", 1, 1),
                          (1, 0, 1, "d3", 1, 3), (1, 1, 1, "n3", 1, 1), (1, 1, 1, "o2", 1, 1),
                          (1, 1, 1, "t3", 1, 1), (1, 1, 1, "e3", 1, 1))
    assert Counter(card for _, _, card in flat.hands) == Counter(["a3", "d3", "o1", "t4", "e3", "n3", "o2", "t3"])


def test_a_draft_the_replay_cannot_follow_counts_no_offers(lexicon: SetLexicon) -> None:
    # A drafting motif may move cards between packs (the record's events say how); the replay does not guess.
    game = toy_game()
    round_ = game.rounds[0]
    moved = RoundRecord(round_.motifs, round_.dealt, {"Ann": ("o1", "o2", "a3"), "Bob": ("t3", "e3", "q1")},
                        round_.picks, round_.hands, round_.plays, round_.scores)
    flat = flatten(GameRecord(1, game.players, game.policies, (), (), (moved,), ()), lexicon)
    assert flat.offers == () and {size for *_, size in flat.picks} == {None} and len(flat.picks) == 6


def test_a_record_with_a_pool_drafting_events_and_four_motifs_flattens_too(lexicon: SetLexicon) -> None:
    # The layout of later records: a variant, and per round the common pool (which a play may use) and the
    # drafting motifs' events; a round may flip more than three motifs.
    data = toy_game().to_dict()
    data["variant"] = {"name": "pool of one"}
    round_ = data["rounds"][0]
    round_["motifs"] = ["assonance", "chaotic-neutral", "hermit", "first-letter"]
    round_["pool"] = ["e1"]
    round_["events"] = [{"motif": "chaotic-neutral", "player": "Ann", "action": "pass", "cards": [], "to": "Bob"}]
    round_["plays"]["Bob"]["words"] = ["n3 o2 t3 e1"]  # NOTE with the pool's e1; Bob's e3 stays in his hand
    flat = flatten(data, lexicon)
    assert [m for _, _, m in flat.motifs] == round_["motifs"]
    assert ("e1" in [card for *_, card, _, _ in flat.cards]) and len(flat.offers) == 6
    # NOTE's cards: n3 doubled by First Letter 2, o2 and e1 +1 each by Assonance 2, t3 1 (Hermit's +1 goes to the
    # word, not to a card; Chaotic Neutral changes drafting, not the score).
    assert [points for *_, points in flat.cards[4:]] == [2, 2, 1, 2]


def test_real_games_flatten_to_rows_that_agree_with_their_records(records: list[GameRecord]) -> None:
    lexicon = open_lexicon("twl")
    for record in records:
        flat = flatten(record, lexicon)
        totals = record.totals
        best = sorted(totals.values(), reverse=True)
        assert flat.game[2] == best[0] - best[1] and flat.game[3] == best.count(best[0])
        assert [row[3] for row in flat.players] == [totals[p] for p in PLAYERS]
        assert len(flat.rounds) == 12 and len(flat.motifs) == sum(len(r.motifs) for r in record.rounds)
        assert len(flat.hands) == sum(len(r.hands[p]) for r in record.rounds for p in PLAYERS)
        assert sorted(size for *_, size in flat.picks) == sorted(list(range(1, 9)) * 12)
        # Every offer is a copy in a pack of two or more; every choice takes one of them.
        assert sum(o for _, o, _ in flat.offers) == 12 * sum(range(2, 9))
        assert sum(p for _, _, p in flat.offers) == 12 * 7
        for round_, seat, _, card, _, _ in flat.cards:
            r = record.rounds[round_ - 1]
            assert card in r.hands[PLAYERS[seat]] or card in r.pool
