"""Sealed cache files: a compiled word list is trusted only when its bytes are the bytes that were written.

A word judge must never answer from a damaged file (issue 26: one byte changed in a cached trie gave
"not in TWL06" for CROSSCUTS, another a segfault). Every cache file is a fixed header and a payload::

    magic    8 bytes   b"novelty\\x00"
    kind     8 bytes   what the payload is, NUL-padded: b"trie", b"steps"
    length   8 bytes   the payload's size in bytes, little-endian
    source  32 bytes   SHA-256 of the word list's bytes the payload was built from
    digest  32 bytes   SHA-256 of the payload
    padding  8 bytes   zero, so the payload starts 8-byte aligned (the step index is read as 32-bit words)

:func:`unseal` checks all of it before a byte of the payload is used; anything else raises
:class:`CacheDamaged`, and the caller rebuilds the file (or works from memory when it cannot write).
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING

from novelty.errors import LexiconError

if TYPE_CHECKING:
    from mmap import mmap

MAGIC = b"novelty\x00"
HEADER = 96
"""Bytes before the payload."""


class CacheDamaged(LexiconError):
    """A cache file is not what was written: wrong size, kind, source or checksum."""


def seal(kind: str, source: str, payload: bytes) -> bytes:
    """Return the cache file holding ``payload``, built from the list whose SHA-256 (hex) is ``source``."""
    header = (MAGIC + _kind(kind) + len(payload).to_bytes(8, "little") + bytes.fromhex(source)
              + hashlib.sha256(payload).digest())
    return header + bytes(HEADER - len(header)) + payload


def unseal(data: bytes | memoryview | mmap, kind: str, source: str) -> memoryview:
    """Return the payload of the cache file ``data`` after checking it whole, or raise :class:`CacheDamaged`.

    ``source`` is the SHA-256 (hex) of the word list now in use: a file built from other bytes is refused.
    The payload is a view of ``data``; when the file is refused, no view of it is left (a memory map can close).
    """
    with memoryview(data) as view:
        _check(view, kind, source)
        return view[HEADER:]


def _check(view: memoryview, kind: str, source: str) -> None:
    """Raise :class:`CacheDamaged` unless ``view`` is a whole, sealed ``kind`` file built from ``source``."""
    head = bytes(view[:HEADER])
    if len(head) < HEADER or head[:8] != MAGIC or head[8:16] != _kind(kind) or any(head[88:HEADER]):
        raise CacheDamaged(f"cache file is not a sealed {kind} file")
    if len(view) != HEADER + int.from_bytes(head[16:24], "little"):
        raise CacheDamaged(f"{kind} cache file has the wrong size")
    if head[24:56] != bytes.fromhex(source):
        raise CacheDamaged(f"{kind} cache file was built from another word list")
    if hashlib.sha256(view[HEADER:]).digest() != head[56:88]:
        raise CacheDamaged(f"{kind} cache file fails its checksum")


def _kind(kind: str) -> bytes:
    """Return the header's kind field for ``kind``."""
    return kind.encode("ascii").ljust(8, b"\x00")[:8]
