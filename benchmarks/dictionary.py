"""Dictionary index benchmark: marisa-trie against a Python set, for TWL06 and SOWPODS.

    python benchmarks/dictionary.py

For each list it prints the compiled trie's size on disk, cold compile time, load (mmap) time,
membership lookups per second for the trie and for a ``set`` built in the same run (and their
ratio), and the peak memory each structure costs. Each figure comes from a fresh child process so
that memory peaks do not mix.
"""

from __future__ import annotations

import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LOOKUPS = 300_000


def peak_rss_kib() -> int:
    """Return this process's resident memory in KiB (current where /proc tells it, else the peak)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
        return pages * resource.getpagesize() // 1024
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def queries(words: list[str]) -> list[str]:
    """Return a fixed mix of hits and misses (half each)."""
    rng = random.Random(2026)
    hits = rng.choices(words, k=LOOKUPS // 2)
    misses = [w[::-1] + "q" for w in rng.choices(words, k=LOOKUPS // 2)]
    mixed = hits + misses
    rng.shuffle(mixed)
    return mixed


def lookups_per_second(container: object, probe: list[str]) -> float:
    """Return membership tests per second over ``probe`` (best of three)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for word in probe:
            word in container  # noqa: B015 - the lookup is what is measured
        best = min(best, time.perf_counter() - start)
    return len(probe) / best


def child(name: str, structure: str) -> dict[str, float]:
    """Measure one structure for one list in this (fresh) process."""
    import marisa_trie

    from novelty.lexicon import read_words, resolve

    _, _, source = resolve(name)
    base = peak_rss_kib()
    out: dict[str, float] = {}
    if structure == "set":
        start = time.perf_counter()
        words = set(read_words(source.read_bytes(), str(source)))
        out["build_s"] = time.perf_counter() - start
        container: object = words
        probe = queries(sorted(words))
    else:
        data = source.read_bytes()
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "index.marisa"
            start = time.perf_counter()
            marisa_trie.Trie(read_words(data, str(source))).save(str(path))
            out["compile_s"] = time.perf_counter() - start
            out["size_bytes"] = path.stat().st_size
            probe = queries(read_words(data, str(source)))
            base = peak_rss_kib()  # measure the loaded index, not the compile or the probe words
            start = time.perf_counter()
            trie = marisa_trie.Trie()
            trie.mmap(str(path))
            out["load_s"] = time.perf_counter() - start
            container = trie
            out["lookups_per_s"] = lookups_per_second(container, probe)
            out["peak_mib"] = (peak_rss_kib() - base) / 1024
            return out
    out["lookups_per_s"] = lookups_per_second(container, probe)
    out["peak_mib"] = (peak_rss_kib() - base) / 1024
    return out


def measure(name: str, structure: str) -> dict[str, float]:
    """Run :func:`child` in a fresh interpreter and return its figures."""
    done = subprocess.run([sys.executable, __file__, "--child", name, structure],
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def main() -> None:
    print(f"{'list':<8} {'trie on disk':>12} {'compile':>8} {'load':>8} {'trie look/s':>12} "
          f"{'set look/s':>11} {'set/trie':>8} {'trie MiB':>9} {'set MiB':>8}")
    for name in ["twl", "sowpods"]:
        trie, pyset = measure(name, "trie"), measure(name, "set")
        print(f"{name:<8} {trie['size_bytes'] / 2**20:>9.2f} MiB {trie['compile_s']:>7.2f}s "
              f"{trie['load_s'] * 1000:>6.2f}ms {trie['lookups_per_s']:>12,.0f} {pyset['lookups_per_s']:>11,.0f} "
              f"{pyset['lookups_per_s'] / trie['lookups_per_s']:>7.1f}x {trie['peak_mib']:>9.1f} "
              f"{pyset['peak_mib']:>8.1f}")
    print("(MiB: resident memory the structure adds once built and queried; the trie is memory-mapped, "
          "so its pages are shared and evictable)")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        print(json.dumps(child(sys.argv[2], sys.argv[3])))
    else:
        main()
