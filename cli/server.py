"""``novelty serve``: the API under gunicorn, alone or behind nginx (``--proxy``, the documented deployment)."""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from http import HTTPStatus
from pathlib import Path
from typing import Any

import click

MAX_REQUESTS = 500
"""Requests a worker serves before gunicorn replaces it with a fresh one (memory back to baseline)."""
MAX_REQUESTS_JITTER = 100
"""Up to this many more, chosen per worker, so workers do not all restart at once."""
BUSY = 2
"""POST requests a worker computes at once; more wait for a slot (the GIL lets one thread compute at a
time, so more at once only slows every one of them and the health check)."""
WAIT = 5.0
"""Seconds a POST waits for a slot before it is answered 429 with Retry-After."""
SWITCH_INTERVAL = 0.001
"""Seconds between the GIL's offers to other threads in a worker (Python's default is 0.005)."""
MMAP_THRESHOLD = 128 * 1024
"""Bytes from which glibc's malloc maps a block of its own, returned to the system when freed. glibc's
default starts here but rises to the largest block freed so far, after which a heavy request's large
blocks stay in the heap for good; a worker fixes it at this size (``benchmarks/serve_memory.py``)."""
MEMORY_CEILING = 256 * 1024 * 1024
"""Bytes of its own memory (resident and not shared) past which a worker retires after a request:
gunicorn replaces it with a fresh one once its requests in flight are answered. A new worker holds
about 35 MiB of its own; heavy requests leave it 20-40 MiB more (``benchmarks/serve_memory.py``)."""
DRAIN_BYTES = 16 * 1024 * 1024
"""Most of a request body left unread by the answer (a 413, say) that is read and dropped before answering."""
DRAIN_SECONDS = 5.0
"""Longest time spent reading it; past either bound the connection closes (and the client may see a reset)."""
NGINX_CONF = Path(__file__).with_name("nginx.conf")
"""The nginx configuration of the documented deployment, with ``@name@`` fields ``--proxy`` fills in."""
NGINX_PLACES = ("nginx", "/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx")
"""Where ``--proxy`` looks for nginx: on PATH, then where packages put it."""
@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True, help="Worker processes.")
@click.option("--threads", type=click.IntRange(3, 64), default=8, show_default=True, help="Threads per worker.")
@click.option("--proxy", is_flag=True,
              help="Put nginx in front (it must be installed): it takes each request whole before a worker sees it.")
@click.option("--unix-socket", metavar="PATH", hidden=True, help="Bind gunicorn to this unix socket (for --proxy).")
def serve(host: str, port: int, workers: int, threads: int, proxy: bool, unix_socket: str | None) -> None:
    """Serve the JSON API under gunicorn (a production WSGI server).

    Each worker computes at most 2 POST requests at once; others wait up to 5 s for a slot, then
    answer 429 with Retry-After. A POST arriving while all but one of a worker's threads hold POSTs
    answers 429 at once, so a thread is always free for GET /v1/health. Workers are replaced after
    500 to 600 requests (max_requests 500, jitter 100), so memory a heavy request took is returned.

    With --proxy (the documented deployment), nginx listens on --host and --port and gunicorn on a
    private unix socket behind it: nginx reads every request whole, so clients that send slowly or
    stall hold none of gunicorn's threads, and it answers a body over the limit with 413 itself.
    """
    if proxy:
        run_behind_nginx(host=host, port=port, workers=workers, threads=threads)
    else:
        run(bind=f"unix:{unix_socket}" if unix_socket else f"{host}:{port}", workers=workers, threads=threads)


WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Admission:
    """WSGI middleware: at most ``busy`` POSTs compute at once, at most ``threads - 1`` hold a thread.

    GETs (health, a word check, the OpenAPI document) pass straight through; they are cheap, and the
    thread kept free for them means ``/v1/health`` answers while the worker is saturated.
    """

    def __init__(self, app: WSGIApp, threads: int, busy: int = BUSY, wait: float = WAIT) -> None:
        self.app = app
        self.slots = threading.BoundedSemaphore(busy)
        self.wait = wait
        self.room = threads - 1
        self.holding = 0
        self.lock = threading.Lock()

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") != "POST":
            return self.app(environ, start_response)
        # A time limit counts from arrival, so the wait for a slot counts too (unless a proxy stamped it).
        environ.setdefault("HTTP_X_REQUEST_START", f"t={time.time():.3f}")
        with self.lock:
            admitted = self.holding < self.room
            if admitted:
                self.holding += 1
        try:
            if not admitted or not self.slots.acquire(timeout=self.wait):
                return self.busy(environ, start_response)
            try:
                answer = self.app(environ, start_response)
                try:
                    return list(answer)  # the body is computed inside the slot
                finally:
                    if hasattr(answer, "close"):
                        answer.close()
            finally:
                self.slots.release()
        finally:
            if admitted:
                with self.lock:
                    self.holding -= 1

    @staticmethod
    def busy(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        body = json.dumps({"type": "about:blank", "title": "Too Many Requests", "status": 429,
                           "detail": "the server is busy with other requests: retry after 1 s",
                           "instance": environ.get("PATH_INFO", "")}).encode()
        start_response("429 Too Many Requests", [("Content-Type", "application/problem+json"),
                                                 ("Content-Length", str(len(body))), ("Retry-After", "1")])
        return [body]


class Drain:
    """WSGI middleware: read what is left of the request body before the answer goes out.

    A server that answers before reading the whole body (413 for a body over the limit) and then closes
    the connection makes the kernel reset it while the client may still be sending, and a client that
    sends its whole body before it reads (Python's urllib) sees a broken pipe instead of the answer. So
    the rest of the body is read and dropped first: at most ``limit`` bytes for at most ``seconds``.
    """

    def __init__(self, app: WSGIApp, limit: int = DRAIN_BYTES, seconds: float = DRAIN_SECONDS) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        answer = self.app(environ, start_response)
        try:
            body = list(answer)
        finally:
            if hasattr(answer, "close"):
                answer.close()
        if environ.get("CONTENT_LENGTH") or "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
            self.drain(environ)
        return body

    def drain(self, environ: dict[str, Any]) -> None:
        """Read and drop the unread rest of the request body, within the bounds."""
        stream, sock = environ["wsgi.input"], environ.get("gunicorn.socket")
        before = sock.gettimeout() if sock is not None else None
        deadline, left = time.monotonic() + self.seconds, self.limit
        try:
            while left > 0:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                if sock is not None:
                    sock.settimeout(remaining)
                chunk = stream.read(min(left, 65536))
                if not chunk:
                    break
                left -= len(chunk)
        except (OSError, ValueError):
            pass  # the client went away, or was too slow: the connection closes after the answer
        finally:
            if sock is not None:
                sock.settimeout(before)


def run(bind: str, workers: int, threads: int) -> None:
    """Serve ``novelty.api.create_app()`` with gunicorn on ``bind`` (``host:port`` or ``unix:PATH``) until stopped."""
    from gunicorn.app.base import BaseApplication

    from novelty.api import create_app
    from novelty.lexicon import BUILTIN, open_lexicon

    for name in BUILTIN:  # compile each list and its step index once, before workers fork: they share the
        open_lexicon(name).step_index()  # memory-mapped pages, and no request pays for building them

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            settings: dict[str, Any] = {"bind": bind, "workers": workers, "threads": threads,
                                        "worker_class": "gthread", "accesslog": "-",
                                        "max_requests": MAX_REQUESTS, "max_requests_jitter": MAX_REQUESTS_JITTER,
                                        "post_fork": post_fork, "post_request": post_request}
            if "control_socket_disable" in self.cfg.settings:  # gunicorn 25+: no shared ~/.gunicorn socket
                settings["control_socket_disable"] = True
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return Drain(Admission(create_app(), threads))

    Server().run()


def glibc() -> Any:
    """Return the C library when it is glibc (it has ``mallopt`` and ``malloc_trim``), else None."""
    import ctypes

    try:
        libc = ctypes.CDLL(None)
        return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


def post_fork(server: Any, worker: Any) -> None:
    """Set up a new worker: a shorter GIL switch interval, and large blocks mapped on their own."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    libc = glibc()
    if libc is not None:
        libc.mallopt(-3, MMAP_THRESHOLD)  # M_MMAP_THRESHOLD; a fixed value also stops it rising


def own_memory() -> int:
    """Return the bytes of this process's memory that are resident and not shared (0 where unknown)."""
    try:
        fields = Path("/proc/self/statm").read_text().split()
    except OSError:
        return 0
    return (int(fields[1]) - int(fields[2])) * os.sysconf("SC_PAGE_SIZE")


def post_request(worker: Any, req: Any, environ: dict[str, Any], resp: Any) -> None:
    """After a POST (the answer is sent): give the heap's free pages back, and retire if still too big."""
    if environ.get("REQUEST_METHOD") != "POST":
        return
    libc = glibc()
    if libc is not None:
        libc.malloc_trim(0)
    used = own_memory()
    if used > MEMORY_CEILING and worker.alive:
        worker.log.info("Worker holds %d MiB, over the %d MiB ceiling: retiring it after the requests in flight",
                        used >> 20, MEMORY_CEILING >> 20)
        worker.alive = False


def find_nginx() -> str | None:
    """Return the path of the nginx program, or None when it is not installed."""
    import shutil

    for place in NGINX_PLACES:
        found = shutil.which(place)
        if found:
            return found
    return None


def nginx_conf(prefix: str, listen: str, socket_path: str, max_body: int) -> str:
    """Return the deployment's nginx configuration (:data:`NGINX_CONF`) for this server."""
    user = ""
    if os.geteuid() == 0:  # nginx's workers drop root; name a user and group that exist here
        import grp
        import pwd

        nobody = pwd.getpwnam("nobody")
        user = f"user nobody {grp.getgrgid(nobody.pw_gid).gr_name};"
    fields = {"user": user, "prefix": prefix, "listen": listen, "socket": socket_path, "max_body": str(max_body)}
    details = {400: "the request is not valid HTTP", 413: f"request body too large: the limit is {max_body} bytes",
               414: "the request line is too long", 503: "the API is not answering: retry after 1 s"}
    for status, detail in details.items():
        fields[f"problem_{status}"] = json.dumps({"type": "about:blank", "title": HTTPStatus(status).phrase,
                                                  "status": status, "detail": detail})
    text = NGINX_CONF.read_text(encoding="utf-8")
    for name, value in fields.items():
        text = text.replace(f"@{name}@", value)
    return text


def run_behind_nginx(host: str, port: int, workers: int, threads: int) -> None:
    """Serve the API with nginx on ``host:port`` in front of gunicorn on a private unix socket.

    This process starts both, stops both on SIGTERM, SIGINT or SIGHUP, and stops the other (exiting 1)
    when either ends by itself.
    """
    import subprocess
    import tempfile

    from novelty.api import MAX_BODY_BYTES
    from novelty.cli.common import fail

    nginx = find_nginx()
    if nginx is None:
        fail("--proxy needs nginx, which is not installed (Debian: apt-get install nginx); "
             "or serve without --proxy")
    listen = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, lambda signum, frame: stop.set())
    with tempfile.TemporaryDirectory(prefix="novelty-serve-") as prefix:
        os.chmod(prefix, 0o755)  # nginx's workers (not root) reach the socket through it
        socket_path = os.path.join(prefix, "api.sock")
        conf = os.path.join(prefix, "nginx.conf")
        Path(conf).write_text(nginx_conf(prefix, listen, socket_path, MAX_BODY_BYTES), encoding="utf-8")
        api = subprocess.Popen([sys.executable, "-m", "novelty.cli.main", "serve", "--unix-socket", socket_path,
                                "--workers", str(workers), "--threads", str(threads)])
        web = subprocess.Popen([nginx, "-p", prefix, "-c", conf, "-e", "stderr"])
        children = {"gunicorn": api, "nginx": web}
        ended: str | None = None
        while ended is None and not stop.wait(0.2):
            ended = next((name for name, child in children.items() if child.poll() is not None), None)
        for child in children.values():
            if child.poll() is None:
                child.send_signal(signal.SIGQUIT if child is web else signal.SIGTERM)  # both: graceful
        for child in children.values():
            try:
                child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()
    if ended is not None:
        click.echo(f"novelty: error: {ended} exited with status {children[ended].returncode}", err=True)
        sys.exit(1)
