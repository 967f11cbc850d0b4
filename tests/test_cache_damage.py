"""A damaged cache never answers (issue 26): flipped bytes and bits in every cache file give the right answer.

Each trial damages a copy of a compiled cache and asks a fresh interpreter to check words and list anagrams
from it: the answers must be the undamaged ones, and the process must end by itself (never by a signal). The
damaged file is then found rebuilt, sealed again. The reproducers of the issue run through the command line.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from novelty.cachefile import HEADER, CacheDamaged, seal, unseal
from novelty.lexicon import open_lexicon

ROOT = Path(__file__).resolve().parent.parent
RACKS = ["retinas", "stone", "aeilnrst"]

PROBE = """
import json, sys
from novelty.lexicon import open_lexicon
from novelty.words import anagrams
lexicon = open_lexicon(sys.argv[1], cache_dir=sys.argv[2])
words = json.loads(sys.argv[3])
steps, spelled, stack = lexicon.step_index(), [], [(0, "")]
while stack and len(spelled) <= len(lexicon):  # every word the step index spells (bounded: it may be damaged)
    node, prefix = stack.pop()
    spelled += [prefix] * steps.is_word(node)
    stack += [(steps.child(node, c), prefix + c) for c in "abcdefghijklmnopqrstuvwxyz" if steps.child(node, c) >= 0]
print(json.dumps({"in": [w in lexicon for w in words], "prefix": [lexicon.has_prefix(w[:3]) for w in words],
                  "anagrams": {rack: anagrams(lexicon, rack) for rack in json.loads(sys.argv[4])},
                  "spelled": sorted(spelled) == sorted(lexicon)}))
"""


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[str]]:
    """Return a 3,000-word list, a clean compiled cache of it (trie and step index), and words to probe."""
    folder = tmp_path_factory.mktemp("damage")
    words = sorted(open_lexicon("twl"))[::60]
    source = folder / "sample.txt"
    source.write_text("\n".join(words) + "\n")
    clean = folder / "clean"
    open_lexicon(source, cache_dir=clean).step_index()
    picked = random.Random(26).sample(words, 30)
    probes = picked + [w[:-1] + ("z" if w[-1] != "z" else "q") for w in picked[:15]] + ["retinas", "nastier"]
    return source, clean, probes


def probe(source: Path, cache: Path, words: list[str]) -> subprocess.CompletedProcess[str]:
    """Return the finished probe of ``words`` and ``RACKS`` against the list ``source`` cached in ``cache``."""
    return subprocess.run([sys.executable, "-c", PROBE, str(source), str(cache), json.dumps(words), json.dumps(RACKS)],
                          capture_output=True, text=True, timeout=60, check=False, cwd=ROOT)


def damage(path: Path, rng: random.Random) -> str:
    """Change ``path`` in place, at the same size: one bit, one byte, or up to 100 bytes; return what was done."""
    data = bytearray(path.read_bytes())
    how = rng.choice(["bit", "byte", "bytes"])
    spots = [rng.randrange(len(data)) for _ in range({"bit": 1, "byte": 1, "bytes": rng.randint(2, 100)}[how])]
    for spot in spots:
        data[spot] ^= 1 << rng.randrange(8) if how == "bit" else rng.randrange(1, 256)
    path.write_bytes(bytes(data))
    return f"{how} at {spots[:5]}"


@pytest.mark.parametrize("suffix", [".marisa", ".steps"])
def test_random_damage_to_a_cache_file_never_changes_an_answer(sample, tmp_path: Path, suffix: str) -> None:
    source, clean, words = sample
    expected = probe(source, clean, words)
    assert expected.returncode == 0 and json.loads(expected.stdout)["spelled"], expected.stderr
    rng = random.Random(f"issue 26 {suffix}")
    for trial in range(16):
        cache = tmp_path / f"trial{trial}"
        shutil.copytree(clean, cache)
        (target,) = cache.glob(f"*{suffix}")
        what = damage(target, rng)
        done = probe(source, cache, words)
        assert done.returncode == 0, (what, done.returncode, done.stderr[-400:])  # never a signal, never a crash
        assert done.stdout == expected.stdout, what  # never a wrong verdict
        unseal(target.read_bytes(), "trie" if suffix == ".marisa" else "steps",
               open_lexicon(source, cache_dir=clean).info.sha256)  # rebuilt, sealed again


def test_a_file_built_from_other_bytes_or_cut_short_is_refused() -> None:
    digest, other = "ab" * 32, "cd" * 32
    sealed = seal("steps", digest, b"payload")
    assert bytes(unseal(sealed, "steps", digest)) == b"payload"
    for data, kind, source, reason in [(sealed, "steps", other, "another word list"),
                                       (sealed, "trie", digest, "not a sealed trie"),
                                       (sealed[:-1], "steps", digest, "wrong size"),
                                       (sealed + b"\x00", "steps", digest, "wrong size"),
                                       (sealed[:HEADER - 1], "steps", digest, "not a sealed"),
                                       (sealed[:-1] + b"P", "steps", digest, "checksum")]:
        with pytest.raises(CacheDamaged, match=reason):
            unseal(data, kind, source)


def twl_cache(tmp_path: Path) -> Path:
    """Return a copy of the session's compiled TWL06 cache (trie and step index)."""
    twl = open_lexicon("twl")
    twl.step_index()
    assert twl.path is not None
    cache = tmp_path / "cache"
    cache.mkdir()
    for path in twl.path.parent.glob(f"{twl.path.stem}.*"):
        shutil.copy(path, cache)
    return cache


def novelty(cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Return the finished ``novelty ARGS`` run against the cache folder ``cache``."""
    env = {"NOVELTY_CACHE_DIR": str(cache), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "novelty.cli.main", *args], capture_output=True, text=True, timeout=60,
                          check=False, cwd=ROOT, env=env)


@pytest.mark.parametrize(("offset", "byte", "word"), [(3674, 0x91, "crosscuts"), (58794, 0xDF, "nerolis")])
def test_the_reported_trie_damage_no_longer_changes_a_verdict(tmp_path: Path, offset: int, byte: int,
                                                              word: str) -> None:
    # The reproducers, at the same place in the trie's bytes: "not in TWL06", and a segfault.
    cache = twl_cache(tmp_path)
    (trie,) = cache.glob("*.marisa")
    data = bytearray(trie.read_bytes())
    data[HEADER + offset] = byte
    trie.write_bytes(bytes(data))
    done = novelty(cache, "check", word)
    assert (done.returncode, done.stderr) == (0, "")
    assert f"{word.upper()}  playable" in done.stdout


def test_a_damaged_step_index_is_rebuilt_not_trusted(tmp_path: Path) -> None:
    # One bit set made `anagram retin --min 5` list RETIN; a same-size overwrite made anagram and best exit 3
    # on every later run.
    cache = twl_cache(tmp_path)
    (steps,) = cache.glob("*.steps")
    expected = novelty(cache, "anagram", "retin", "--min", "5")
    assert expected.returncode == 0 and "RETIN\n" not in expected.stdout + "\n"
    steps.write_bytes(random.Random(3).randbytes(steps.stat().st_size))
    for _ in range(2):
        done = novelty(cache, "anagram", "retin", "--min", "5")
        assert (done.returncode, done.stdout) == (0, expected.stdout)
    best = novelty(cache, "best", "--hand", "r1 e1 t1 i1 n1 a1 s1")
    assert (best.returncode, best.stderr) == (0, "") and "Play 1:" in best.stdout


@pytest.mark.parametrize("damaged", [("marisa",), ("steps",), ("marisa", "steps")])
def test_a_read_only_cache_holding_a_damaged_file_answers_from_memory(tmp_path: Path, monkeypatch,
                                                                      damaged: tuple[str, ...]) -> None:
    # Issue 26: check, anagram and best exited 3. Root ignores file modes, so the folder's refusals are faked.
    import os

    import novelty.lexicon as lexicon_module
    import novelty.steps as steps_module

    source = tmp_path / "words.txt"
    source.write_text("note\ntone\nstone\nonset\n")
    cache = tmp_path / "cache"
    open_lexicon(source, cache_dir=cache).step_index()
    broken = [path for path in cache.iterdir() if path.suffix[1:] in damaged]
    for path in broken:
        path.write_bytes(path.read_bytes()[:HEADER] + bytes(path.stat().st_size - HEADER))  # payload zeroed
    lexicon_module._loaded.clear()

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Read-only file system")

    for module in (lexicon_module, steps_module):
        monkeypatch.setattr(module, "replace_file", refuse)
    monkeypatch.setattr(os, "unlink", refuse)
    lexicon = open_lexicon(source, cache_dir=cache)
    assert "stone" in lexicon and (lexicon.path is None) == ("marisa" in damaged)  # compiled into memory if damaged
    steps = lexicon.step_index()
    assert steps.is_word(steps.walk("onset")) and steps.walk("onsets") == -1
    assert all(set(path.read_bytes()[HEADER:]) == {0} for path in broken)  # left as they were
