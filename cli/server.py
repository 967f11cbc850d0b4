"""``novelty serve``: the API under gunicorn."""

from __future__ import annotations

from typing import Any

import click


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True, help="Worker processes.")
@click.option("--threads", type=click.IntRange(1, 64), default=4, show_default=True, help="Threads per worker.")
def serve(host: str, port: int, workers: int, threads: int) -> None:
    """Serve the JSON API under gunicorn (a production WSGI server)."""
    run(host=host, port=port, workers=workers, threads=threads)


def run(host: str, port: int, workers: int, threads: int) -> None:
    """Serve ``api.create_app()`` with gunicorn until interrupted."""
    from gunicorn.app.base import BaseApplication

    from api import create_app
    from novelty.lexicon import BUILTIN, open_lexicon

    for name in BUILTIN:  # compile each list and its step index once, before workers fork: they share the
        open_lexicon(name).step_index()  # memory-mapped pages, and no request pays for building them

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            settings: dict[str, Any] = {"bind": f"{host}:{port}", "workers": workers, "threads": threads,
                                        "worker_class": "gthread", "accesslog": "-"}
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return create_app()

    Server().run()
