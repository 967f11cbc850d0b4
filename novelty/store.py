"""The results store of a self-play study (issue 22): every game of the study in one DuckDB file.

A study plays thousands of games with the same players, policies, seed, word list and variant; the store keeps
each finished game whole (its record, as compressed JSON) and, beside it, the rows a balance study counts
(:mod:`novelty.flat`), so ``novelty balance`` answers from SQL over flat tables instead of replaying every game.

A game is written in one transaction: a crash or Ctrl-C loses the game being written, never one already stored,
and never leaves half a game. Adding a game twice under the same index stores it once, so a study that stopped
can resume from :meth:`Store.done`.

The file says what it is: a table ``study`` with one row whose ``kind`` is :data:`STORE_KIND`, and the study's
parameters. :meth:`Store.open` refuses, each by name with a :class:`~novelty.errors.StoreError`, a file that is
not there, not a DuckDB file, damaged, another program's DuckDB file, or a newer novelty's store.

DuckDB is imported when a store is opened, not with this module: ``pip install 'novelty[study]'`` brings it.

Schema (every table but ``study`` and ``records`` holds :class:`~novelty.flat.FlatGame`'s rows, ``game`` first)::

    study        (kind, players, policies, seed, games, dictionary, variant, codec, zdict, created)  one row
    records      (game PRIMARY KEY, record BLOB)              the whole record: compact JSON, zlib with ``zdict``
    games        (game, seed, players, margin, winners)
    players      (game, seat, player, policy, total, won)
    round_scores (game, round, seat, score)
    round_motifs (game, round, position, motif)
    picks        (game, round, seat, number, card, pack_size)
    offers       (game, card, offered, picked)
    card_points  (game, round, seat, word, card, printed, points)
    hands        (game, round, seat, card)
"""

from __future__ import annotations

import contextlib
import json
import os
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from types import ModuleType, TracebackType
from typing import TYPE_CHECKING, Any

from novelty.errors import NoveltyError, StoreError

if TYPE_CHECKING:
    from novelty.balance import Tallies
    from novelty.flat import FlatGame
    from novelty.lexicon import Lexicon
    from novelty.selfplay import GameRecord

STORE_KIND = "novelty self-play study 1"
"""The ``kind`` of a store's study row: what the file is, and the version of its layout."""
KIND_PREFIX = "novelty self-play study "
INSTALL_HINT = "pip install 'novelty[study]'"
CODEC = "zlib"
"""How a record is kept: compact JSON, zlib level 9 with the study's first record as the preset dictionary
(``zdict``). A 4-player game's 7.8 KB of JSON takes 2.5 KB with zlib alone, 1.7 KB with the dictionary: the
records of one study share their keys, card ids and motif ids."""

#: Each table's columns with their types: the flat tables take FlatGame's fields in order, after ``game``.
TABLES: dict[str, str] = {
    "study": "kind VARCHAR NOT NULL, players VARCHAR NOT NULL, policies VARCHAR NOT NULL, seed BIGINT NOT NULL, "
             "games INTEGER NOT NULL, dictionary VARCHAR NOT NULL, variant VARCHAR, codec VARCHAR NOT NULL, "
             "zdict BLOB, created TIMESTAMP DEFAULT current_timestamp",
    "records": "game INTEGER PRIMARY KEY, record BLOB NOT NULL",
    "games": "game INTEGER NOT NULL, seed BIGINT, players TINYINT, margin INTEGER, winners TINYINT",
    "players": "game INTEGER NOT NULL, seat TINYINT, player VARCHAR, policy VARCHAR, total INTEGER, won BOOLEAN",
    "round_scores": "game INTEGER NOT NULL, round TINYINT, seat TINYINT, score INTEGER",
    "round_motifs": "game INTEGER NOT NULL, round TINYINT, position TINYINT, motif VARCHAR",
    "picks": "game INTEGER NOT NULL, round TINYINT, seat TINYINT, number TINYINT, card VARCHAR, pack_size TINYINT",
    "offers": "game INTEGER NOT NULL, card VARCHAR, offered SMALLINT, picked SMALLINT",
    "card_points": "game INTEGER NOT NULL, round TINYINT, seat TINYINT, word TINYINT, card VARCHAR, "
                   "printed SMALLINT, points INTEGER",
    "hands": "game INTEGER NOT NULL, round TINYINT, seat TINYINT, card VARCHAR",
}
FLAT_TABLES = {"players": "players", "round_scores": "rounds", "round_motifs": "motifs", "picks": "picks",
               "offers": "offers", "card_points": "cards", "hands": "hands"}
"""Each flat table of many rows per game -> the FlatGame field it holds."""


def _duckdb() -> ModuleType:
    """Return the duckdb module, or say how to install it."""
    try:
        import duckdb
    except ImportError:
        raise StoreError(f"the results store needs DuckDB: {INSTALL_HINT}") from None
    return duckdb


@contextlib.contextmanager
def _ctrl_c_stays_ctrl_c() -> Iterator[None]:
    """Raise KeyboardInterrupt for a Ctrl-C that lands inside a DuckDB statement.

    DuckDB stops the statement and raises ``RuntimeError("Query interrupted")`` in its place, which would
    otherwise reach the user as an internal error instead of "stopped".
    """
    try:
        yield
    except RuntimeError as exc:
        if str(exc) != "Query interrupted":
            raise
        raise KeyboardInterrupt from None


@dataclass(frozen=True, slots=True)
class Study:
    """What a study plays: the same for each of its games, and what a resumed study must match."""

    players: tuple[str, ...]
    policies: tuple[str, ...]
    """Each player's policy, in seat order."""
    seed: int
    """The study's seed (each game's own seed is the caller's to derive from it and the game's index)."""
    games: int
    """Games requested. A resumed study may ask for more or fewer: the store keeps the latest."""
    dictionary: str = "twl"
    """The word list the games were played (and are scored again) with."""
    variant: Mapping[str, Any] | None = None
    """The variant's JSON, or None for the game as printed."""

    IDENTITY = ("players", "policies", "seed", "dictionary", "variant")
    """The parameters two runs of one study share."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Study:
        """Return the study ``data`` describes (the keys of :meth:`to_dict`), refusing a bad one by name."""
        try:
            study = cls(tuple(str(p) for p in data["players"]), tuple(str(p) for p in data["policies"]),
                        int(data["seed"]), int(data["games"]), str(data.get("dictionary") or "twl"),
                        data.get("variant"))
        except KeyError as exc:
            raise StoreError(f"a study needs {exc.args[0]!r}") from None
        except (TypeError, ValueError) as exc:
            raise StoreError(f"bad study parameters: {exc}") from None
        if study.variant is not None and not isinstance(study.variant, Mapping):
            raise StoreError("a study's variant is a JSON object or null")
        if len(study.players) != len(study.policies):
            raise StoreError("a study needs a policy for each player")
        return study

    def to_dict(self) -> dict[str, Any]:
        return {"players": list(self.players), "policies": list(self.policies), "seed": self.seed,
                "games": self.games, "dictionary": self.dictionary,
                "variant": dict(self.variant) if self.variant is not None else None}

    def differences(self, other: Study) -> list[str]:
        """Return, for each identity parameter that differs, ``name is <ours>, not <theirs>``."""
        mine, theirs = self.to_dict(), other.to_dict()
        return [f"its {name} {'are' if name.endswith('s') else 'is'} {_shown(mine[name])}, not {_shown(theirs[name])}"
                for name in self.IDENTITY if mine[name] != theirs[name]]


def _shown(value: Any) -> str:
    """Return a study parameter as a message shows it."""
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return json.dumps(value, sort_keys=True) if isinstance(value, dict) or value is None else str(value)


def compact(record: GameRecord) -> bytes:
    """Return the record's JSON, compact."""
    return json.dumps(record.to_dict(), separators=(",", ":")).encode("utf-8")


def encode(record: GameRecord, zdict: bytes) -> bytes:
    """Return the record as the store keeps it."""
    packer = zlib.compressobj(9, zdict=zdict)
    return packer.compress(compact(record)) + packer.flush()


def decode(blob: bytes, zdict: bytes) -> GameRecord:
    """Return the record the store kept as ``blob``."""
    from novelty.selfplay import record_from_dict

    try:
        unpacker = zlib.decompressobj(zdict=zdict)
        data = json.loads(unpacker.decompress(blob) + unpacker.flush())
    except (zlib.error, ValueError) as exc:
        raise StoreError(f"a stored game record is damaged: {exc}") from None
    return record_from_dict(data)


class Store:
    """An open results store. Use :meth:`create`, :meth:`open` or :meth:`open_or_create`; close it (or use ``with``)."""

    def __init__(self, connection: Any, path: str, study: Study, duckdb: ModuleType, zdict: bytes | None) -> None:
        self._con = connection
        self._duckdb = duckdb
        self.path = path
        self.study = study
        self._zdict = zdict
        """The records' preset dictionary: None until the first game is stored."""
        self._lexicon: Lexicon | None = None

    # --- opening ---------------------------------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | os.PathLike[str], study: Study | Mapping[str, Any]) -> Store:
        """Return a new store at ``path`` for ``study``; refuses a path that exists."""
        study = study if isinstance(study, Study) else Study.from_dict(study)
        path = os.fspath(path)
        if os.path.lexists(path):
            raise StoreError(f"{path!r} already exists")
        duckdb = _duckdb()
        con = _connect(duckdb, path, read_only=False)
        try:
            con.execute("BEGIN")
            for table, columns in TABLES.items():
                con.execute(f"CREATE TABLE {table} ({columns})")
            con.execute("INSERT INTO study (kind, players, policies, seed, games, dictionary, variant, codec) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        [STORE_KIND, json.dumps(list(study.players)), json.dumps(list(study.policies)), study.seed,
                         study.games, study.dictionary,
                         None if study.variant is None else json.dumps(study.variant, sort_keys=True), CODEC])
            con.execute("COMMIT")
        except BaseException:
            con.close()
            raise
        return cls(con, path, study, duckdb, None)

    @classmethod
    def open(cls, path: str | os.PathLike[str], *, write: bool = False) -> Store:
        """Return the store at ``path`` (read-only unless ``write``), refusing anything else by name."""
        path = os.fspath(path)
        if not os.path.exists(path):
            raise StoreError(f"no results store at {path!r}: no such file")
        if os.path.isdir(path):
            raise StoreError(f"{path!r} is a folder, not a results store")
        duckdb = _duckdb()
        con = _connect(duckdb, path, read_only=not write)
        try:
            study, zdict = _read_study(duckdb, con, path)
        except BaseException:
            con.close()
            raise
        return cls(con, path, study, duckdb, zdict)

    @classmethod
    def open_or_create(cls, path: str | os.PathLike[str], study: Study | Mapping[str, Any]) -> tuple[Store, bool]:
        """Return the store of ``study`` at ``path`` and whether it already existed (a study resumed).

        A store of another study (other players, policies, seed, word list or variant) is refused, naming what
        differs; a different number of games requested is taken as the new request.
        """
        study = study if isinstance(study, Study) else Study.from_dict(study)
        path = os.fspath(path)
        if not os.path.lexists(path):
            return cls.create(path, study), False
        store = cls.open(path, write=True)
        if differences := store.study.differences(study):
            store.close()
            raise StoreError(f"{path!r} holds another study: {'; '.join(differences)}")
        if store.study.games != study.games:
            store._run("UPDATE study SET games = ?", [study.games])
            store.study = study
        return store, True

    def close(self) -> None:
        """Close the file (DuckDB checkpoints it: the write-ahead log is folded in)."""
        self._con.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    # --- writing ---------------------------------------------------------------------------------------------

    @property
    def lexicon(self) -> Lexicon:
        """Return the study's word list (opened on first use), which :meth:`add` scores plays again with."""
        if self._lexicon is None:
            from novelty.lexicon import open_lexicon

            self._lexicon = open_lexicon(self.study.dictionary)
        return self._lexicon

    def add(self, index: int, record: GameRecord, flat: FlatGame | None = None) -> bool:
        """Store game ``index`` in one transaction and return True, or return False if it is already stored.

        ``flat`` is the record's rows when a worker already flattened it (:func:`novelty.flat.flatten`).
        """
        return bool(self.add_many([(index, record, flat)]))

    def add_many(self, games: Iterable[tuple[int, GameRecord, FlatGame | None]]) -> list[int]:
        """Store several games in one transaction (a few statements in all) and return the indexes written.

        Games already stored, and repeats within ``games``, are left out. A crash or Ctrl-C loses the games of
        this call, all of them, and nothing stored before it.
        """
        with _ctrl_c_stays_ctrl_c():
            return self._add_many(list(games))

    def _add_many(self, games: list[tuple[int, GameRecord, FlatGame | None]]) -> list[int]:
        for index, record, _ in games:
            # the policies rotate seats from game to game (novelty.autoplay.seat_policies): the same ones, any seat
            if tuple(record.players) != self.study.players or sorted(record.policies) != sorted(self.study.policies):
                raise StoreError(f"game {index} is not of this study: its players are " + ", ".join(
                    f"{n} ({p})" for n, p in zip(record.players, record.policies, strict=True)))
        asked = sorted({index for index, _, _ in games})
        stored = {game for (game,) in self._run(
            "SELECT game FROM records WHERE game IN (SELECT UNNEST(?::INTEGER[]))", [asked])}
        new: dict[int, tuple[GameRecord, FlatGame]] = {}
        for index, record, flat in games:  # flattened and packed before the transaction, which only writes
            if index not in stored and index not in new:
                new[index] = (record, flat or self._flatten(record))
        if not new:
            return []
        zdict = self._zdict or compact(next(iter(new.values()))[0])  # the study's first game packs every record
        blobs = [(i, encode(record, zdict)) for i, (record, _) in new.items()]
        con = self._con
        try:
            con.execute("BEGIN")
            if self._zdict is None:
                con.execute("UPDATE study SET zdict = ?", [zdict])
            self._insert("records", blobs)
            self._insert("games", [(i, *flat.game) for i, (_, flat) in new.items()])
            for table, name in FLAT_TABLES.items():
                self._insert(table, [(i, *row) for i, (_, flat) in new.items() for row in getattr(flat, name)])
            con.execute("COMMIT")
        except BaseException as exc:  # Ctrl-C too: no game is half-written
            self._rollback()
            if isinstance(exc, self._duckdb.Error):
                raise StoreError(f"cannot write to {self.path!r}: {_first_line(exc)}") from None
            raise
        self._zdict = zdict
        return list(new)

    def _flatten(self, record: GameRecord) -> FlatGame:
        from novelty.flat import flatten
        from novelty.variant import activate, variant_from_data

        variant = variant_from_data(dict(self.study.variant)) if self.study.variant is not None else None
        with activate(variant):  # its plays are scored again with the cards the game was played with
            return flatten(record, self.lexicon)

    def _insert(self, table: str, rows: Sequence[tuple[Any, ...]]) -> None:
        """Insert ``rows`` into ``table`` as one statement, a list per column (DuckDB's fastest way from Python)."""
        if not rows:
            return
        types = [column.split()[1] for column in TABLES[table].split(", ")]
        values = ", ".join(f"UNNEST(?::{kind}[])" for kind in types)
        self._con.execute(f"INSERT INTO {table} SELECT {values}", [list(c) for c in zip(*rows, strict=True)])

    def _rollback(self) -> None:
        with contextlib.suppress(self._duckdb.Error):  # no transaction open, or DuckDB already gave up on it
            self._con.execute("ROLLBACK")

    # --- reading ---------------------------------------------------------------------------------------------

    def _run(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Return the rows of one query, a DuckDB error (a damaged file found late) as a StoreError."""
        try:
            with _ctrl_c_stays_ctrl_c():
                return self._con.execute(sql, list(parameters)).fetchall()  # type: ignore[no-any-return]
        except self._duckdb.Error as exc:
            raise StoreError(damaged(self.path, exc)) from None

    def verify(self) -> None:
        """Read every value of every table, so a damaged block (DuckDB checksums each) is found now, by name."""
        for table, columns in TABLES.items():
            names = [column.split()[0] for column in columns.split(", ")]
            self._run(f"SELECT {', '.join(f'sum(hash({name}))' for name in names)} FROM {table}")

    def done(self) -> set[int]:
        """Return the indexes of the games stored."""
        return {game for (game,) in self._run("SELECT game FROM records")}

    def __len__(self) -> int:
        return int(self._run("SELECT count(*) FROM records")[0][0])

    def records(self) -> Iterator[GameRecord]:
        """Yield every stored game's record, by index."""
        try:
            with _ctrl_c_stays_ctrl_c():
                cursor = self._con.cursor().execute("SELECT game, record FROM records ORDER BY game")
                while batch := cursor.fetchmany(256):
                    for game, blob in batch:
                        yield self._decode(game, blob)
        except self._duckdb.Error as exc:
            raise StoreError(damaged(self.path, exc)) from None

    def record(self, index: int) -> GameRecord:
        """Return the record of game ``index``."""
        rows = self._run("SELECT record FROM records WHERE game = ?", [index])
        if not rows:
            raise StoreError(f"{self.path!r} has no game {index}")
        return self._decode(index, rows[0][0])

    def _decode(self, index: int, blob: bytes) -> GameRecord:
        try:
            return decode(blob, self._zdict or b"")
        except NoveltyError as exc:
            raise StoreError(f"game {index} of {self.path!r}: {exc}") from None

    def tallies(self) -> Tallies:
        """Return the counts :func:`novelty.balance.analyse` needs, counted by DuckDB over the flat tables."""
        from novelty.balance import CardTally, MotifTally, Sums, Tallies, Wins

        share = "CASE WHEN won THEN 1.0 / winners ELSE 0 END"
        games = int(self._run("SELECT count(*) FROM games")[0][0])
        cards: dict[str, dict[str, Any]] = {}
        for card, offered, picked in self._run("SELECT card, sum(offered), sum(picked) FROM offers GROUP BY card"):
            cards.setdefault(card, {}).update(offered=int(offered), picked=int(picked))
        for card, picks, positions in self._run("SELECT card, count(*), sum(number) FROM picks GROUP BY card"):
            cards.setdefault(card, {}).update(picks=int(picks), positions=int(positions))
        for card, n, total, squares in self._run(
                "SELECT card, count(*), sum(points), sum(points * points) FROM card_points GROUP BY card"):
            cards.setdefault(card, {})["points"] = Sums(int(n), float(total), float(squares))
        for card, n, wins in self._run(
                f"SELECT card, count(*), sum({share}) FROM (SELECT DISTINCT game, seat, card FROM picks) "
                "JOIN players USING (game, seat) JOIN games USING (game) GROUP BY card"):
            cards.setdefault(card, {})["drafted"] = Wins(int(n), float(wins))
        means = "(SELECT game, round, avg(score) AS mean FROM round_scores GROUP BY game, round)"
        with_motif = "(SELECT DISTINCT game, round, motif FROM round_motifs)"
        motifs: dict[str, dict[str, Sums]] = {}
        for motif, n, total, squares in self._run(
                f"SELECT motif, count(*), sum(score), sum(score * score) FROM {with_motif} "
                "JOIN round_scores USING (game, round) GROUP BY motif"):
            motifs.setdefault(motif, {})["scores"] = Sums(int(n), float(total), float(squares))
        for motif, n, total, squares in self._run(
                f"SELECT motif, count(*), sum(mean), sum(mean * mean) FROM {with_motif} "
                f"JOIN {means} USING (game, round) GROUP BY motif"):
            motifs.setdefault(motif, {})["rounds"] = Sums(int(n), float(total), float(squares))
        scores = self._sums("SELECT count(*), sum(score), sum(score * score) FROM round_scores")
        rounds = self._sums(f"SELECT count(*), sum(mean), sum(mean * mean) FROM {means}")
        seats = tuple(Wins(int(n), float(wins)) for _, n, wins in self._run(
            f"SELECT seat, count(*), sum({share}) FROM players JOIN games USING (game) GROUP BY seat ORDER BY seat"))
        return Tallies(
            games, Wins(sum(s.n for s in seats), sum(s.wins for s in seats)),
            tuple(CardTally(card, **counts) for card, counts in sorted(cards.items())),
            tuple(MotifTally(motif, **sums) for motif, sums in sorted(motifs.items())), scores, rounds, seats,
            self._counts("SELECT total, count(*) FROM players GROUP BY total"),
            self._counts("SELECT score, count(*) FROM round_scores GROUP BY score"),
            self._counts("SELECT margin, count(*) FROM games GROUP BY margin"),
            {policy: Wins(int(n), float(wins)) for policy, n, wins in self._run(
                f"SELECT policy, count(*), sum({share}) FROM players JOIN games USING (game) GROUP BY policy")})

    def _sums(self, sql: str) -> Any:
        from novelty.balance import Sums

        n, total, squares = self._run(sql)[0]
        return Sums(int(n), float(total or 0), float(squares or 0))

    def _counts(self, sql: str) -> dict[int, int]:
        return {int(value): int(count) for value, count in self._run(sql)}


def _first_line(exc: BaseException) -> str:
    """Return the first line of a DuckDB error's message, without its ``IO Error:``-style prefix."""
    line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return line.split(": ", 1)[1] if line.split(": ", 1)[0].endswith("Error") and ": " in line else line


def damaged(path: str, exc: BaseException) -> str:
    """Return the message for a store DuckDB found damaged: which file, and what DuckDB found, in short."""
    line = _first_line(exc)
    if "Could not read enough bytes" in line:
        line = "it is shorter than its own index says (cut off?)"
    elif "checksum" in line:
        line = "a block's checksum does not match its contents"
    return f"{path!r} is damaged: {line}"


WRITER_CONFIG = {"memory_limit": "16MB"}
"""DuckDB settings of a store open for writing. A study writes a game at a time and reads back little, but DuckDB
keeps the blocks it wrote in memory up to its limit (80 % of the machine's): some 13 KB a game, so the writer grew
12 % from the 100th game to the 1,000th. Under 16 MB it grows 7 % and then no more; one game's transaction needs
under 4 MB. (Checkpointing more often keeps it flatter but doubles the file; 8 MB makes DuckDB write blocks out
early and triples it.)"""


def _connect(duckdb: ModuleType, path: str, *, read_only: bool) -> Any:
    """Return a DuckDB connection to ``path``, its refusals as StoreErrors naming the problem."""
    try:
        return duckdb.connect(path, read_only=read_only, config={} if read_only else WRITER_CONFIG)
    except duckdb.Error as exc:
        message = str(exc)
        if "not a valid DuckDB database file" in message:
            raise StoreError(f"{path!r} is not a results store: it is not a DuckDB database file") from None
        if "Could not set lock" in message or "Conflicting lock" in message:
            raise StoreError(f"{path!r} is in use by another process") from None
        if "newer version" in message or "older" in message and "version" in message:
            raise StoreError(f"{path!r} was written by another version of DuckDB: {_first_line(exc)}") from None
        raise StoreError(damaged(path, exc)) from None


def _read_study(duckdb: ModuleType, con: Any, path: str) -> tuple[Study, bytes | None]:
    """Return the study of the store open as ``con`` and its records' dictionary, refusing a foreign, newer or
    damaged file by name."""
    try:
        tables = {name for (name,) in con.execute("SELECT table_name FROM duckdb_tables()").fetchall()}
        if "study" not in tables:
            raise StoreError(f"{path!r} is a DuckDB database but not a results store: it has no study table")
        columns = [c.name for c in fields(Study)]
        row = con.execute(f"SELECT kind, zdict, {', '.join(columns)} FROM study").fetchall()
    except duckdb.Error as exc:
        if isinstance(exc, duckdb.BinderException):
            raise StoreError(f"{path!r} is a DuckDB database but not a results store: its study table "
                             "is another program's") from None
        raise StoreError(damaged(path, exc)) from None
    if len(row) != 1 or not isinstance(row[0][0], str) or not row[0][0].startswith(KIND_PREFIX):
        raise StoreError(f"{path!r} is a DuckDB database but not a results store: its study table "
                         "is another program's")
    kind = row[0][0]
    if kind != STORE_KIND:
        version = kind.removeprefix(KIND_PREFIX)
        if version.isdigit() and int(version) > int(STORE_KIND.removeprefix(KIND_PREFIX)):
            raise StoreError(f"{path!r} was written by a newer novelty ({kind!r}); this one reads {STORE_KIND!r}")
        raise StoreError(f"{path!r} is a results store of an unknown kind: {kind!r}")
    if missing := set(TABLES) - tables:
        raise StoreError(f"{path!r} is damaged: it has no {', '.join(sorted(missing))} table")
    values = dict(zip(columns, row[0][2:], strict=True))
    try:
        values["players"], values["policies"] = json.loads(values["players"]), json.loads(values["policies"])
        values["variant"] = None if values["variant"] is None else json.loads(values["variant"])
    except ValueError:
        raise StoreError(f"{path!r} is damaged: its study row is not JSON") from None
    return Study.from_dict(values), row[0][1]
