"""Word lists: the shipped lists, their compiled and cached trie index, and custom lists."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest

from novelty.errors import LexiconError
from novelty.lexicon import MarisaLexicon, SetLexicon, open_lexicon, resolve
from novelty.steps import StepIndex

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("name", "label", "words"), [("twl", "TWL06", 178_691), ("sowpods", "SOWPODS", 267_751)])
def test_shipped_lists_have_the_published_word_counts(name: str, label: str, words: int) -> None:
    lexicon = open_lexicon(name)
    assert lexicon.info.label == label
    assert lexicon.info.words == words == len(lexicon)


@pytest.mark.parametrize("filename", ["twl.txt", "sowpods.txt"])
def test_readme_records_the_sha256_of_each_list(filename: str) -> None:
    digest = hashlib.sha256((ROOT / "wordlists" / filename).read_bytes()).hexdigest()
    readme = (ROOT / "wordlists" / "README.md").read_text(encoding="utf-8")
    assert re.search(rf"`{filename}`.*`{digest}`", readme)


@pytest.mark.parametrize(("alias", "name"), [("twl06", "twl"), ("TWL", "twl"), ("collins", "sowpods"),
                                             ("csw", "sowpods"), (None, "twl")])
def test_aliases(alias: str | None, name: str) -> None:
    assert open_lexicon(alias).info.name == name


def test_lists_differ_on_ch() -> None:
    assert "ch" in open_lexicon("sowpods")
    assert "ch" not in open_lexicon("twl")


def test_prefix_walk() -> None:
    twl = open_lexicon("twl")
    assert twl.has_prefix("quixo") and not twl.has_prefix("quixz")


def test_unknown_dictionary_names_the_choices() -> None:
    with pytest.raises(LexiconError, match="unknown dictionary 'nope'.*sowpods"):
        open_lexicon("nope")


def test_compiled_once_cached_and_memory_mapped(tmp_path: Path) -> None:
    source = tmp_path / "mine.txt"
    source.write_text("Apple\nbanana\n\ncherry\napple\n")
    cache = tmp_path / "cache"
    first = open_lexicon(source, cache_dir=cache)
    assert isinstance(first, MarisaLexicon)
    assert first.info.words == 3 and "apple" in first and "Apple" not in first
    assert first.path is not None and first.path.parent == cache
    files = sorted(cache.glob("*.marisa"))
    assert len(files) == 1
    mtime = files[0].stat().st_mtime_ns
    # Loading again (as a new process would) reuses the cached file.
    from novelty import lexicon as module
    module._loaded.clear()
    again = open_lexicon(source, cache_dir=cache)
    assert again.path == files[0] and files[0].stat().st_mtime_ns == mtime


def test_rebuilt_when_the_source_changes(tmp_path: Path) -> None:
    source = tmp_path / "mine.txt"
    cache = tmp_path / "cache"
    source.write_text("apple\n")
    old = open_lexicon(source, cache_dir=cache)
    source.write_text("apple\nbanana\n")
    new = open_lexicon(source, cache_dir=cache)
    assert "banana" in new and new.info.sha256 != old.info.sha256
    assert [p.name for p in cache.glob("*.marisa")] == [new.path.name]  # the stale file is gone


def test_a_list_named_like_a_built_in_is_not_labelled_as_it_nor_evicts_its_cache(tmp_path: Path) -> None:
    twl = open_lexicon("twl")  # compiled into the session's cache
    assert twl.path is not None and twl.path.is_file()
    fake = tmp_path / "TWL06"
    fake.write_text("apple\n")
    mine = open_lexicon(fake, cache_dir=twl.path.parent)
    assert mine.info.label == mine.info.name == str(fake.resolve()) and mine.info.label != "TWL06"
    assert twl.path.is_file() and mine.path != twl.path
    assert "apple" in mine and open_lexicon("twl06").info.label == "TWL06"


def test_two_lists_of_the_same_name_do_not_evict_each_other(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = tmp_path / "a" / "words.txt", tmp_path / "b" / "words.txt"
    first.write_text("apple\n")
    second.write_text("banana\n")
    one = open_lexicon(first, cache_dir=cache)
    two = open_lexicon(second, cache_dir=cache)
    assert one.info.label == two.info.label == "words.txt"
    assert one.path is not None and two.path is not None and one.path.is_file() and two.path.is_file()
    from novelty import lexicon as module
    module._loaded.clear()
    mtime = one.path.stat().st_mtime_ns
    again = open_lexicon(first, cache_dir=cache)
    assert again.path == one.path and one.path.stat().st_mtime_ns == mtime  # reused, not recompiled
    assert "apple" in again and "banana" not in again


def test_a_corrupt_cache_file_is_rebuilt(tmp_path: Path) -> None:
    source = tmp_path / "mine.txt"
    cache = tmp_path / "cache"
    source.write_text("apple\n")
    path = open_lexicon(source, cache_dir=cache).path
    from novelty import lexicon as module
    module._loaded.clear()
    path.write_bytes(b"not a trie")
    assert "apple" in open_lexicon(source, cache_dir=cache)


def test_unwritable_cache_still_answers(tmp_path: Path) -> None:
    source = tmp_path / "mine.txt"
    source.write_text("apple\n")
    blocker = tmp_path / "file"
    blocker.write_text("")
    lexicon = open_lexicon(source, cache_dir=blocker / "cache")
    assert "apple" in lexicon and lexicon.path is None


def test_empty_or_binary_lists_are_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n")
    with pytest.raises(LexiconError, match="holds no words"):
        open_lexicon(empty, cache_dir=tmp_path)
    binary = tmp_path / "bin.txt"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(LexiconError, match="not UTF-8"):
        open_lexicon(binary, cache_dir=tmp_path)


def test_builtin_source_files_resolve() -> None:
    name, label, path = resolve("twl")
    assert (name, label, path.name) == ("twl", "TWL06", "twl.txt") and path.is_file()


def test_set_lexicon_for_tests() -> None:
    lexicon = SetLexicon(["Theme", "them"])
    assert "theme" in lexicon and lexicon.has_prefix("th") and not lexicon.has_prefix("x")
    assert len(lexicon) == 2


def test_the_step_index_is_memory_mapped_from_the_cache_and_equals_a_fresh_build(tmp_path: Path) -> None:
    source = tmp_path / "words.txt"
    source.write_text("note\ntone\nstone\nonset\n")
    lexicon = open_lexicon(source, cache_dir=tmp_path / "cache")
    lexicon.step_index()  # built, then stored beside the cached trie
    again = MarisaLexicon(lexicon.trie, lexicon.info, lexicon.path).step_index()  # another process, in effect
    assert isinstance(again.mask, memoryview) and isinstance(again.first, memoryview)  # pages shared, not copied
    fresh = StepIndex.build(lexicon.trie.keys())
    assert list(again.mask) == list(fresh.mask) and list(again.first) == list(fresh.first)
    assert again.is_word(again.walk("stone")) and again.walk("stones") == -1


def test_a_same_size_edit_with_its_old_modification_time_is_still_seen(tmp_path: Path) -> None:
    # Issue 26: the list's digest was taken from a note while path, size and mtime stayed the same, so an edit
    # that kept both was answered from the old list, quoting the old SHA-256. Each process now hashes the list.
    import os

    import novelty.lexicon as lexicon_module

    source = tmp_path / "words.txt"
    source.write_text("note\ntone\nstone\n")
    old = open_lexicon(source, cache_dir=tmp_path / "cache")
    stat = source.stat()
    source.write_text("note\ntone\nnotes\n")
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    lexicon_module._loaded.clear()  # as a new process would start
    new = open_lexicon(source, cache_dir=tmp_path / "cache")
    assert "notes" in new and "stone" not in new
    assert new.info.sha256 == hashlib.sha256(source.read_bytes()).hexdigest() != old.info.sha256


@pytest.mark.parametrize("xdg", [None, "/srv/cache", "/srv/cache/", "relative/cache", ""])
@pytest.mark.parametrize("home", ["/home/ann", "/home/ann/", "", "relative"])
def test_the_default_cache_is_where_platformdirs_puts_it(monkeypatch: pytest.MonkeyPatch, xdg: str | None,
                                                         home: str) -> None:
    # default_cache_dir works the usual Linux case out itself, without importing platformdirs (issue 13)
    import platformdirs

    from novelty.lexicon import default_cache_dir

    monkeypatch.delenv("NOVELTY_CACHE_DIR", raising=False)
    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    monkeypatch.setenv("HOME", home)
    assert default_cache_dir() == Path(platformdirs.user_cache_dir("novelty", appauthor=False))
    monkeypatch.setenv("NOVELTY_CACHE_DIR", "/tmp/novelty-cache")
    assert default_cache_dir() == Path("/tmp/novelty-cache")
