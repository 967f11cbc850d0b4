"""Run the API under gunicorn from the ``novelty serve`` command."""

from __future__ import annotations

from typing import Any


def run(host: str, port: int, workers: int, threads: int) -> None:
    """Serve ``api.create_app()`` with gunicorn until interrupted."""
    from gunicorn.app.base import BaseApplication

    from api import create_app
    from novelty.lexicon import open_lexicon

    open_lexicon("twl")  # compile the default list once, before workers fork

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            settings: dict[str, Any] = {"bind": f"{host}:{port}", "workers": workers, "threads": threads,
                                        "worker_class": "gthread", "accesslog": "-"}
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return create_app()

    Server().run()
