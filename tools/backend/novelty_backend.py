"""The project's build backend: setuptools', with one default changed for editable installs.

cli/, api/, wordlists/ and examples/ install as novelty.cli, novelty.api, ... (pyproject.toml's package-dir).
For such a mapping setuptools' editable install adds an import hook that every Python start in the environment
loads, with pathlib: 17 ms a start here, a third of a `novelty check` (issue 13). In its "compat" mode it puts
the checkout's root on sys.path instead, in a plain .pth file, and novelty/__init__.py finds the folders there.
That mode is the default here; ``--config-settings editable_mode=strict`` (or lenient) still chooses another.
"""

from __future__ import annotations

from typing import Any

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 - every other hook is setuptools' own


def build_editable(wheel_directory: str, config_settings: dict[str, Any] | None = None,
                   metadata_directory: str | None = None) -> str:
    """Build the editable wheel, in setuptools' compat mode unless another is asked for."""
    settings = {"editable_mode": "compat", **(config_settings or {})}
    return build_meta.build_editable(wheel_directory, settings, metadata_directory)
