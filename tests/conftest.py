"""Shared fixtures: the API app and clients, the CLI runner, a ten-word lexicon, a private cache."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from novelty.api import create_app
from novelty.lexicon import SetLexicon

TEN_WORDS = ["theme", "them", "quixotic", "quiz", "toad", "dote", "note", "tone", "stone", "qi"]


@pytest.fixture(scope="session", autouse=True)
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Compile word lists into a cache of the test session's own, not the user's."""
    mp = pytest.MonkeyPatch()
    mp.setenv("NOVELTY_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    yield
    mp.undo()


@pytest.fixture
def lexicon() -> SetLexicon:
    """A ten-word lexicon for tests that need no real word list."""
    return SetLexicon(TEN_WORDS)


@pytest.fixture(scope="session")
def app():  # type: ignore[no-untyped-def]
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):  # type: ignore[no-untyped-def]
    return app.test_client()


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
