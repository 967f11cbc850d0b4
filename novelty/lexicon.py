"""Word lists ("lexicons") and the compiled marisa-trie index built from them.

A :class:`Lexicon` answers two questions: is this word in the list, and does any word start with
this prefix. :class:`MarisaLexicon` is the real one, compiled from a source list on first use,
cached on disk and memory-mapped; :class:`SetLexicon` is a tiny in-memory one for tests.
Nothing is loaded at import time: call :func:`open_lexicon`.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import marisa_trie
import platformdirs

from novelty.errors import LexiconError

#: Built-in lists: name -> (label, file in the ``wordlists`` package).
BUILTIN = {
    "twl": ("TWL06", "twl.txt"),
    "sowpods": ("SOWPODS", "sowpods.txt"),
}
#: Other accepted names for the built-in lists.
ALIASES = {"twl06": "twl", "collins": "sowpods", "csw": "sowpods"}
DEFAULT = "twl"

_CACHE_FORMAT = "1"
"""Bumped when the compiled file layout changes, so old caches are not reused."""


@dataclass(frozen=True, slots=True)
class LexiconInfo:
    """What a word judge states about the list used: its name, size and the source's fingerprint."""

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


class SetLexicon:
    """An in-memory lexicon from an iterable of words; for tests and small custom lists."""

    def __init__(self, words: Iterable[str], name: str = "test") -> None:
        self._words = frozenset(w.strip().lower() for w in words if w.strip())
        self._prefixes = frozenset(w[:i] for w in self._words for i in range(len(w) + 1))
        digest = hashlib.sha256("\n".join(sorted(self._words)).encode()).hexdigest()
        self._info = LexiconInfo(name, name, len(self._words), digest)

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


class MarisaLexicon:
    """A lexicon backed by a compiled marisa-trie (memory-mapped when it comes from the cache)."""

    def __init__(self, trie: marisa_trie.Trie, info: LexiconInfo, path: Path | None = None) -> None:
        self.trie = trie
        """The compiled trie; keys are the lower-case words."""
        self.path = path
        """The cached compiled file, when memory-mapped from one."""
        self._info = info

    @property
    def info(self) -> LexiconInfo:
        """Return the list's name, size and fingerprint."""
        return self._info

    def __contains__(self, word: object) -> bool:
        return word in self.trie

    def has_prefix(self, prefix: str) -> bool:
        """Return whether some word starts with ``prefix``."""
        return next(self.trie.iterkeys(prefix), None) is not None

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.trie)

    def __len__(self) -> int:
        return len(self.trie)


def default_cache_dir() -> Path:
    """Return where compiled lists are cached: ``$NOVELTY_CACHE_DIR`` or the user cache directory."""
    env = os.environ.get("NOVELTY_CACHE_DIR")
    return Path(env) if env else Path(platformdirs.user_cache_dir("novelty", appauthor=False))


def resolve(spec: str | os.PathLike[str] | None) -> tuple[str, str, Path]:
    """Return (name, label, source path) for a built-in list name or alias, or a file path."""
    if spec is None:
        spec = DEFAULT
    text = os.fspath(spec)
    key = ALIASES.get(text.strip().lower(), text.strip().lower())
    if key in BUILTIN:
        label, filename = BUILTIN[key]
        with resources.as_file(resources.files("wordlists").joinpath(filename)) as path:
            return key, label, Path(path)
    path = Path(text).expanduser()
    if not path.is_file():
        names = ", ".join(sorted([*BUILTIN, *ALIASES]))
        raise LexiconError(f"unknown dictionary {text!r}: not one of {names}, and no such file")
    return str(path), path.name, path


def read_words(data: bytes, source: str) -> list[str]:
    """Return the distinct lower-case words of a one-word-per-line list."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise LexiconError(f"word list {source!r} is not UTF-8 text") from None
    words = {line.strip().lower() for line in text.splitlines()}
    words.discard("")
    if not words:
        raise LexiconError(f"word list {source!r} holds no words")
    return sorted(words)


_loaded: dict[tuple[str, int, int, str], MarisaLexicon] = {}
_lock = threading.Lock()


def open_lexicon(spec: str | os.PathLike[str] | None = None, cache_dir: Path | None = None) -> MarisaLexicon:
    """Return the lexicon for a list name (``twl``, ``sowpods`` or an alias) or a word-list path.

    The source is compiled into a marisa-trie the first time, cached under ``cache_dir`` keyed by
    the source's SHA-256 (so an edited source is recompiled), and memory-mapped from there.
    """
    name, label, source = resolve(spec)
    cache_dir = cache_dir or default_cache_dir()
    try:
        stat = source.stat()
    except OSError as exc:
        raise LexiconError(f"cannot read word list {str(source)!r}: {exc.strerror}") from None
    key = (str(source.resolve()), stat.st_mtime_ns, stat.st_size, str(cache_dir))
    with _lock:
        if key in _loaded and _loaded[key].info.name == name:
            return _loaded[key]
        lexicon = _compile_or_load(name, label, source, cache_dir)
        _loaded[key] = lexicon
        return lexicon


def _compile_or_load(name: str, label: str, source: Path, cache_dir: Path) -> MarisaLexicon:
    """Return the lexicon from the cache, compiling and caching it first when needed."""
    try:
        data = source.read_bytes()
    except OSError as exc:
        raise LexiconError(f"cannot read word list {str(source)!r}: {exc.strerror}") from None
    digest = hashlib.sha256(data).hexdigest()
    stem = f"{_slug(label)}-{digest[:20]}-v{_CACHE_FORMAT}"
    compiled = cache_dir / f"{stem}.marisa"
    if compiled.is_file():
        trie = marisa_trie.Trie()
        try:
            trie.mmap(str(compiled))
            return MarisaLexicon(trie, LexiconInfo(name, label, len(trie), digest), compiled)
        except Exception:  # noqa: BLE001 - a corrupt cache file is rebuilt, not trusted
            compiled.unlink(missing_ok=True)
    trie = marisa_trie.Trie(read_words(data, str(source)))
    info = LexiconInfo(name, label, len(trie), digest)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=cache_dir, prefix=f".{stem}.", suffix=".tmp")
        os.close(fd)
        trie.save(tmp)
        os.replace(tmp, compiled)
        for stale in cache_dir.glob(f"{_slug(label)}-*.marisa"):
            if stale != compiled:
                stale.unlink(missing_ok=True)
    except OSError:
        return MarisaLexicon(trie, info)  # cache not writable: keep the in-memory trie
    mapped = marisa_trie.Trie()
    mapped.mmap(str(compiled))
    return MarisaLexicon(mapped, info, compiled)


def _slug(label: str) -> str:
    """Return a file-name-safe form of a list label."""
    return "".join(c if c.isalnum() else "_" for c in label.lower())
