"""Word lists ("lexicons") and the compiled marisa-trie index built from them.

A :class:`Lexicon` answers two questions: is this word in the list, and does any word start with
this prefix. :class:`MarisaLexicon` is the real one, compiled from a source list on first use,
cached on disk and memory-mapped; :class:`SetLexicon` is a tiny in-memory one for tests.
Nothing is loaded at import time: call :func:`open_lexicon`.

Opening a cached list is the start of every ``novelty check``, so that path works on plain ``str`` paths
with :mod:`os.path`: importing :mod:`pathlib` costs a fresh interpreter more than the rest of this module.
The public functions still take any path and give :class:`~pathlib.Path` objects back.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, runtime_checkable

import marisa_trie

from novelty.errors import LexiconError

if TYPE_CHECKING:
    from pathlib import Path

    from novelty.steps import StepIndex

StrPath = str | os.PathLike[str]

#: Built-in lists: name -> (label, file in the ``wordlists`` package).
BUILTIN = {
    "twl": ("TWL06", "twl.txt"),
    "sowpods": ("SOWPODS", "sowpods.txt"),
}
#: Other accepted names for the built-in lists.
ALIASES = {"twl06": "twl", "collins": "sowpods", "csw": "sowpods"}
DEFAULT = "twl"

_CACHE_FORMAT = "2"
"""Bumped when the compiled file layout changes, so old caches are not reused (2: sealed, issue 26)."""


class LexiconInfo(NamedTuple):
    """What a word judge states about the list used: its name, size and the source's fingerprint.

    An immutable named tuple rather than a frozen dataclass: every ``novelty check`` creates this class, and a
    frozen dataclass takes four times as long to create, plus importing :mod:`dataclasses` (issue 13).
    """

    name: str
    """The name the list was asked for by (``twl``, ``sowpods``) or the file's path."""
    label: str
    """How answers name the list: ``TWL06``, ``SOWPODS``, or the file name."""
    words: int
    """Number of distinct words."""
    sha256: str
    """SHA-256 of the source file's bytes."""

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready description."""
        return {"name": self.name, "label": self.label, "words": self.words, "sha256": self.sha256}


@runtime_checkable
class Lexicon(Protocol):
    """A word list: membership and prefix questions over lower-case words."""

    @property
    def info(self) -> LexiconInfo:
        """Return the list's name, size and fingerprint."""
        ...

    def __contains__(self, word: object) -> bool:
        """Return whether ``word`` (lower-case) is in the list."""
        ...

    def has_prefix(self, prefix: str) -> bool:
        """Return whether some word in the list starts with ``prefix`` (or is it)."""
        ...

    def step_index(self) -> StepIndex:
        """Return the list as a :class:`StepIndex`, for searches that extend words letter by letter."""
        ...


class SetLexicon:
    """An in-memory lexicon from an iterable of words; for tests and small custom lists."""

    def __init__(self, words: Iterable[str], name: str = "test") -> None:
        self._words = frozenset(fold(w) for w in words if w.strip())
        self._prefixes = frozenset(w[:i] for w in self._words for i in range(len(w) + 1))
        import hashlib  # here: `novelty check` on a compiled list hashes nothing, and OpenSSL takes a while to load

        digest = hashlib.sha256("\n".join(sorted(self._words)).encode()).hexdigest()
        self._info = LexiconInfo(name, name, len(self._words), digest)
        self._steps: StepIndex | None = None

    @property
    def info(self) -> LexiconInfo:
        """Return the list's name, size and fingerprint."""
        return self._info

    def __contains__(self, word: object) -> bool:
        return word in self._words

    def has_prefix(self, prefix: str) -> bool:
        """Return whether some word starts with ``prefix``."""
        return prefix in self._prefixes

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(sorted(self._words))

    def __len__(self) -> int:
        return len(self._words)

    def step_index(self) -> StepIndex:
        """Return the letter-by-letter index of this list (built once)."""
        if self._steps is None:
            from novelty.steps import StepIndex

            self._steps = StepIndex.build(self._words)
        return self._steps


class MarisaLexicon:
    """A lexicon backed by a compiled marisa-trie (memory-mapped when it comes from the cache)."""

    def __init__(self, trie: marisa_trie.Trie, info: LexiconInfo, path: StrPath | None = None) -> None:
        self.trie = trie
        """The compiled trie; keys are the lower-case words."""
        self._path = None if path is None else os.fspath(path)
        self._info = info
        self._steps: StepIndex | None = None
        self._steps_lock = threading.Lock()

    @property
    def info(self) -> LexiconInfo:
        """Return the list's name, size and fingerprint."""
        return self._info

    @property
    def path(self) -> Path | None:
        """Return the cached compiled file, when memory-mapped from one."""
        from pathlib import Path

        return None if self._path is None else Path(self._path)

    def __contains__(self, word: object) -> bool:
        return word in self.trie

    def has_prefix(self, prefix: str) -> bool:
        """Return whether some word starts with ``prefix``."""
        return next(self.trie.iterkeys(prefix), None) is not None

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.trie)

    def __len__(self) -> int:
        return len(self.trie)

    def step_index(self) -> StepIndex:
        """Return the letter-by-letter index of this list: loaded from beside the cached trie, else built."""
        with self._steps_lock:
            if self._steps is None:
                from novelty.steps import StepIndex

                self._steps = StepIndex.cached(self._path, self.trie.keys, self._info.sha256)
            return self._steps




def default_cache_dir() -> Path:
    """Return where compiled lists are cached: ``$NOVELTY_CACHE_DIR`` or the user cache directory."""
    from pathlib import Path

    return Path(_default_cache_dir())


def _default_cache_dir() -> str:
    """Return :func:`default_cache_dir` as a ``str``.

    The user cache directory is platformdirs' answer. On Linux, in the usual case (an absolute
    ``$XDG_CACHE_HOME``, or none and an absolute ``$HOME``), it is worked out here the same way instead:
    importing platformdirs takes about a sixth of a `novelty check`. ``tests/test_lexicon.py`` holds the
    two to the same answer.
    """
    env = os.environ.get("NOVELTY_CACHE_DIR")
    if env:
        return env
    if sys.platform == "linux" and not hasattr(sys, "getandroidapilevel"):
        xdg, home = os.environ.get("XDG_CACHE_HOME", ""), os.environ.get("HOME", "")
        if os.path.isabs(xdg):
            return os.path.join(xdg, "novelty")
        if not xdg and os.path.isabs(home):
            return os.path.join(home, ".cache", "novelty")
    import platformdirs

    return str(platformdirs.user_cache_dir("novelty", appauthor=False))


def resolve(spec: StrPath | None) -> tuple[str, str, Path]:
    """Return (name, label, source path) for a built-in list name or alias, or a file path."""
    from pathlib import Path

    name, label, source = _resolve(spec)
    return name, label, Path(source)


_builtin_sources: dict[str, tuple[str, str, str]] = {}
"""What :func:`_resolve` answered for each name of a built-in list asked so far (an API request asks each time)."""


def _resolve(spec: StrPath | None) -> tuple[str, str, str]:
    """Return :func:`resolve` with the source path as a ``str``; a built-in list's without :mod:`pathlib`."""
    if spec is None:
        spec = DEFAULT
    text = os.fspath(spec)
    if text in _builtin_sources:
        return _builtin_sources[text]
    key = ALIASES.get(text.strip().lower(), text.strip().lower())
    if key in BUILTIN:
        label, filename = BUILTIN[key]
        from novelty import wordlists  # a plain package directory: its files sit beside its __init__

        known = _builtin_sources[text] = key, label, os.path.join(os.path.dirname(wordlists.__file__), filename)
        return known
    from pathlib import Path  # a file: its name and label come from pathlib's reading of the path, as they did

    path = Path(text).expanduser()
    try:
        found = path.is_file()
    except (OSError, ValueError):  # a name too long for the file system, or holding a NUL
        found = False
    if not found:
        names = ", ".join(sorted([*BUILTIN, *ALIASES]))
        raise LexiconError(f"unknown dictionary {text!r}: not one of {names}, and no such file")
    name, label = str(path), path.name
    if _builtin_name(name) or _builtin_name(label):  # a file named TWL06 is not TWL06: use its full path
        name = label = str(path.resolve())
    return name, label, str(path)


def _builtin_name(text: str) -> bool:
    """Return whether ``text`` names a built-in list (``twl``, ``TWL06``, ``sowpods``, ``csw``, ...)."""
    key = text.strip().lower()
    return key in BUILTIN or key in ALIASES


def fold(word: str) -> str:
    """Return ``word`` stripped and lower-cased, never turning a character outside ASCII into a-z.

    ``str.lower`` reads the Kelvin sign (U+212A) as ``k``; a list or a player writing it has not
    written the letter k, so it stays what it is (and no card can spell it: ruling W1).
    """
    word = word.strip()
    if word.isascii():
        return word.lower()
    return "".join(c if not c.isascii() and c.lower().isascii() else c.lower() for c in word)


def read_words(data: bytes, source: str) -> list[str]:
    """Return the distinct lower-case words of a one-word-per-line list."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise LexiconError(f"word list {source!r} is not UTF-8 text") from None
    words = {fold(line) for line in text.splitlines()}
    words.discard("")
    if not words:
        raise LexiconError(f"word list {source!r} holds no words")
    return sorted(words)


_loaded: dict[tuple[int, int, int, int, str], MarisaLexicon] = {}
_lock = threading.Lock()


def open_lexicon(spec: StrPath | None = None, cache_dir: StrPath | None = None) -> MarisaLexicon:
    """Return the lexicon for a list name (``twl``, ``sowpods`` or an alias) or a word-list path.

    The source is compiled into a marisa-trie the first time and cached under ``cache_dir``, sealed with
    its checksum and the source's SHA-256; each process reads and hashes the source, and loads the cached
    trie only if its seal holds (so an edited source is recompiled, and a damaged file never answers). Within
    one process, a list is opened once while its path, size and modification time stay the same. A new
    compile of a built-in list replaces that list's older files; a new compile of a file replaces only
    older compiles of the same file (by its full path), never another list's.
    """
    name, label, source = _resolve(spec)
    folder = os.fspath(cache_dir) if cache_dir else _default_cache_dir()
    try:
        stat = os.stat(source)
    except OSError as exc:
        raise LexiconError(f"cannot read word list {source!r}: {exc.strerror}") from None
    # The file itself, by device and inode: a realpath (four lstat calls) on every API request cost 4-10 % of it.
    key = (stat.st_dev, stat.st_ino, stat.st_mtime_ns, stat.st_size, folder)
    with _lock:
        if key in _loaded and _loaded[key].info.name == name:
            return _loaded[key]
        real = os.path.realpath(source)
        if name in BUILTIN:
            family = f"{_slug(label)}-"
        else:  # a file: its compiles are grouped by its full path, so no other list's are ever evicted
            import hashlib

            family = f"file-{hashlib.sha256(real.encode()).hexdigest()[:16]}-"
        lexicon = _compile_or_load(name, label, source, folder, family)
        _loaded[key] = lexicon
        return lexicon


MAX_LIST_BYTES = 64 * 1024 * 1024
"""Largest word list read (SOWPODS is 2.6 MiB): a bigger file is refused, not read without end."""


def _read_bytes(path: StrPath, limit: int = -1) -> bytes:
    """Return the bytes of the file ``path`` (at most ``limit`` of them, if given)."""
    with open(path, "rb") as f:
        return f.read(limit)


def _read_source(source: str) -> bytes:
    """Return the bytes of the word list ``source``, failing with a :class:`LexiconError`."""
    try:
        data = _read_bytes(source, MAX_LIST_BYTES + 1)
    except OSError as exc:
        raise LexiconError(f"cannot read word list {source!r}: {exc.strerror}") from None
    if len(data) > MAX_LIST_BYTES:
        raise LexiconError(f"word list {source!r} is larger than {MAX_LIST_BYTES >> 20} MiB")
    return data


def discard_file(path: str) -> None:
    """Remove the file ``path`` if it is there and can be (a read-only cache keeps its damaged file)."""
    with contextlib.suppress(OSError):
        os.unlink(path)


def replace_file(path: str, data: bytes) -> None:
    """Write ``data`` as the file ``path`` whole: into a temporary dot-file beside it, then renamed over it, so
    that a reader never sees half a file. Raises OSError (the temporary file is gone then)."""
    import tempfile

    folder, name = os.path.split(path)
    fd, tmp = tempfile.mkstemp(dir=folder or None, prefix=f".{os.path.splitext(name)[0]}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except OSError:
        discard_file(tmp)
        raise


def _compile_or_load(name: str, label: str, source: str, cache_dir: str, family: str) -> MarisaLexicon:
    """Return the lexicon from the cache, compiling and caching it first when needed.

    The source is read and hashed every time: its SHA-256 is what answers quote, and it picks the cache file
    (``family`` plus the digest), which is used only when its seal holds (:mod:`novelty.cachefile`): built from
    these very bytes, and its own checksum right. A damaged file is rebuilt; when the cache cannot be written,
    the list is compiled into memory and the answer is the same. Compiling replaces the family's older files.
    """
    import hashlib

    from novelty.cachefile import CacheDamaged, seal, unseal

    data = _read_source(source)
    digest = hashlib.sha256(data).hexdigest()
    stem = f"{family}{digest[:20]}-v{_CACHE_FORMAT}"
    compiled = os.path.join(cache_dir, f"{stem}.marisa")
    try:
        sealed = _read_bytes(compiled)
    except OSError:
        sealed = None
    if sealed is not None:
        try:
            trie = marisa_trie.Trie().frombytes(bytes(unseal(sealed, "trie", digest)))
            return MarisaLexicon(trie, LexiconInfo(name, label, len(trie), digest), compiled)
        except CacheDamaged:
            discard_file(compiled)  # rebuilt below; if it cannot be removed, the answer comes from memory
    trie = marisa_trie.Trie(read_words(data, source))
    info = LexiconInfo(name, label, len(trie), digest)
    try:
        os.makedirs(cache_dir, exist_ok=True)
        replace_file(compiled, seal("trie", digest, trie.tobytes()))
    except OSError:
        return MarisaLexicon(trie, info)  # cache not writable: keep the in-memory trie
    for entry in os.listdir(cache_dir):  # the family's older files, and the digest note of cache format 1
        if (entry.startswith(family) and os.path.splitext(entry)[0] != stem) or entry == f".{family}source":
            discard_file(os.path.join(cache_dir, entry))
    return MarisaLexicon(trie, info, compiled)


def _slug(label: str) -> str:
    """Return a file-name-safe form of a list label."""
    return "".join(c if c.isalnum() else "_" for c in label.lower())
