"""The letter-stepping index of a word list: its letter trie in two flat arrays (see :class:`StepIndex`).

Searches that extend words a letter at a time (anagrams, the solver's walk) stand on its nodes; it is
built from a lexicon's words once and stored beside the compiled trie in the cache, memory-mapped from
there. Get it from a lexicon's ``step_index()``. Its own module, so a word check never loads it.
"""

from __future__ import annotations

import contextlib
import mmap
import os
import sys
from array import array
from collections.abc import Callable, Iterable

from novelty.errors import LexiconError
from novelty.lexicon import StrPath, discard_file, replace_file


class StepIndex:
    """The list's letter trie laid out in two flat arrays, so a search can step one letter at a time.

    marisa-trie answers "is there a word with this prefix" from the root each time; a solver that
    extends prefixes letter by letter wants to stand on a node and ask for its children. Nodes are
    numbered breadth-first with siblings in letter order, so node ``n``'s child for letter ``c``
    (0 for a) is ``first[n]`` plus the number of ``n``'s children before ``c``. ``mask[n]`` has bit
    ``c`` set when that child exists, and bit :attr:`WORD` when the path to ``n`` spells a word.
    TWL06 takes 395,185 nodes (3.2 MB), SOWPODS 589,315 (4.7 MB).
    """

    WORD = 1 << 26
    LETTERS = WORD - 1

    def __init__(self, mask: array, first: array) -> None:  # type: ignore[type-arg]
        self.mask = mask
        self.first = first
        self._mapped: mmap.mmap | None = None
        self._facts: bytes | None = None

    def facts(self) -> bytes:
        """Return what the list says of each node's subtree, for the solver's ceilings: per node, the most of each
        letter a-z, the most letters and the most vowels (Y one) any completion below it holds, each capped at 255,
        and the letters a completion may end with, as four bytes of bits (``_core.FACTS_PER_NODE`` bytes in all).
        Worked out on first use (about 20 ms for TWL06) and kept with the index."""
        if self._facts is None:
            from novelty import _core

            self._facts = _core.subtree_facts(self.mask, self.first)
        return self._facts

    def __len__(self) -> int:
        return len(self.mask)

    def child(self, node: int, letter: str) -> int:
        """Return the node reached from ``node`` by ``letter``, or -1 when no word continues so."""
        bit = 1 << (ord(letter) - 97)
        mask = self.mask[node]
        if not mask & bit:
            return -1
        return self.first[node] + (mask & (bit - 1)).bit_count()

    def walk(self, text: str, node: int = 0) -> int:
        """Return the node reached by spelling ``text`` from ``node``, or -1."""
        for letter in text:
            node = self.child(node, letter)
            if node < 0:
                return -1
        return node

    def is_word(self, node: int) -> bool:
        """Return whether the path to ``node`` spells a word."""
        return bool(self.mask[node] & self.WORD)

    @classmethod
    def build(cls, words: Iterable[str]) -> StepIndex:
        """Return the index of the lower-case a-z words (others are skipped: no card can spell them)."""
        plain = {w for w in words if w.isascii() and w.isalpha() and w.islower()}
        prefixes = {w[:i] for w in plain for i in range(len(w) + 1)}
        order = sorted(prefixes, key=lambda p: (len(p), p))
        number = {p: i for i, p in enumerate(order)}
        mask = array("I", bytes(4 * len(order)))
        first = array("I", bytes(4 * len(order)))
        for j, prefix in enumerate(order):
            if prefix in plain:
                mask[j] |= cls.WORD
            if j:
                parent = number[prefix[:-1]]
                if not mask[parent] & cls.LETTERS:
                    first[parent] = j
                mask[parent] |= 1 << (ord(prefix[-1]) - 97)
        return cls(mask, first)

    def to_bytes(self) -> bytes:
        """Return the index as bytes (little-endian node count, masks, firsts)."""
        mask, first = array("I", self.mask), array("I", self.first)
        if sys.byteorder != "little":  # pragma: no cover - the file format is little-endian
            mask.byteswap()
            first.byteswap()
        return len(mask).to_bytes(4, "little") + mask.tobytes() + first.tobytes()

    @classmethod
    def from_bytes(cls, data: bytes) -> StepIndex:
        """Return the index stored by :meth:`to_bytes`, refusing a truncated or padded file."""
        n = int.from_bytes(data[:4], "little")
        if len(data) != 4 + 8 * n or n == 0:
            raise LexiconError("step index file has the wrong size")
        mask, first = array("I"), array("I")
        mask.frombytes(data[4:4 + 4 * n])
        first.frombytes(data[4 + 4 * n:])
        if sys.byteorder != "little":  # pragma: no cover
            mask.byteswap()
            first.byteswap()
        return cls(mask, first)

    @classmethod
    def mapped(cls, path: StrPath, source: str) -> StepIndex:
        """Return the index sealed in the cache file ``path``, memory-mapped (processes share its pages).

        The file must be built from the list whose SHA-256 (hex) is ``source`` and pass its checksum
        (:func:`novelty.cachefile.unseal`) before a node is read; else :class:`~novelty.cachefile.CacheDamaged`.
        """
        from novelty.cachefile import unseal

        with open(path, "rb") as f:
            data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        try:
            payload = unseal(data, "steps", source)
        except BaseException:
            data.close()
            raise
        n = int.from_bytes(payload[:4], "little")
        if len(payload) != 4 + 8 * n or n == 0 or sys.byteorder != "little":
            try:  # a sealed file of the wrong size was written so; big-endian machines read a copy
                return cls.from_bytes(bytes(payload))
            finally:
                payload.release()
                data.close()
        index = cls(payload[4:4 + 4 * n].cast("I"), payload[4 + 4 * n:].cast("I"))  # type: ignore[arg-type]
        payload.release()
        index._mapped = data  # keep the mapping open as long as the index lives
        return index

    @classmethod
    def cached(cls, trie_path: StrPath | None, words: Callable[[], Iterable[str]], source: str) -> StepIndex:
        """Return the index stored beside the cached trie, building and storing it when missing or damaged.

        ``source`` is the SHA-256 (hex) of the word list's bytes. When the file cannot be written (or a
        damaged one removed), the index is built in memory and the answer is the same.
        """
        from novelty.cachefile import seal

        stem = os.path.splitext(os.fspath(trie_path))[0] if trie_path else None
        path = None if stem is None else f"{stem}.steps"
        if path is not None and os.path.isfile(path):
            try:
                return cls.mapped(path, source)
            except (OSError, ValueError, LexiconError):
                discard_file(path)
        index = cls.build(words())
        if path is not None:
            with contextlib.suppress(OSError):  # cache not writable: keep the index in memory
                replace_file(path, seal("steps", source, index.to_bytes()))
        return index
