"""``novelty serve``: the API under gunicorn, alone or behind nginx (``--proxy``, the documented deployment)."""

from __future__ import annotations

import functools
import gc
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from http import HTTPStatus
from pathlib import Path
from typing import Any

import click

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
TRIM_STEP = 8 * 1024 * 1024
"""Bytes a worker's own memory grows past its level after the last heap trim before a POST's end trims it
again (``malloc_trim`` walks every thread's arena: 1.5 % of a light POST's time when done after each)."""
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
PROBLEM_JSON = "application/problem+json"
"""The media type of every error answer (RFC 9457), the API's, gunicorn's and nginx's alike."""
DETAIL_CHARS = 200
"""Most characters of a parser's message quoted in a problem's detail (it may quote what the client sent)."""
INTERNAL_ERROR = "internal error: the server could not answer this request"
"""The detail of a 500, as the API words it (``api/problems.py``)."""
NGINX_CONNECTIONS = 16384
"""Connections nginx holds at once (``worker_connections``), clients' and gunicorn's together: a flood of
10,000 idle or slow clients leaves room for real work (the default, 1024, ran out at 1,100)."""
NGINX_SPARE_FILES = 256
"""Open files nginx needs besides its connections: listening sockets, logs, temporary files."""
NGINX_DETAILS = {
    400: "the request is not valid HTTP",
    404: "no such endpoint",
    405: "the method is not allowed",
    408: "the request was not sent in time: its headers within 10 s, then at most 10 s between two reads",
    411: "the request needs a Content-Length",
    413: "request body too large",
    414: "the request line is too long: the limit is 8192 bytes",
    431: "the request's header fields are too large: at most 8192 bytes a line, 32 KiB in all",
    500: INTERNAL_ERROR,
    501: "the request's transfer coding is not supported",
    502: "the API is not answering (bad gateway): retry after 1 s",
    503: "the API is not answering: retry after 1 s",
    504: "the API did not answer in time",
    505: "the HTTP version is not supported: send HTTP/1.1",
}
"""The detail of each problem nginx answers itself (413's names the limit: :func:`nginx_problems`)."""

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
    answers 429 at once, so a thread is always free for GET /v1/health. The app is loaded before the
    workers fork; a worker that holds over 256 MiB of its own memory after a POST is replaced.

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
        from novelty.api.problems import problem_json

        body = problem_json(429, "the server is busy with other requests: retry after 1 s",
                            instance=environ.get("PATH_INFO", "")).encode()
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
        if self.unread(environ):
            self.drain(environ)
        return body

    @staticmethod
    def unread(environ: dict[str, Any]) -> bool:
        """Say whether the request has a body and the app may have left some of it unread."""
        if not environ.get("CONTENT_LENGTH") and "chunked" not in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
            return False
        return not getattr(environ["wsgi.input"], "ended", False)  # a Body (BodyErrors) knows; others: maybe

    def drain(self, environ: dict[str, Any]) -> None:
        """Read and drop the unread rest of the request body, within the bounds."""
        from werkzeug.exceptions import BadRequest

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
        except (OSError, ValueError, BadRequest):
            pass  # the client went away, was too slow or broke the body: the connection closes after the answer
        finally:
            if sock is not None:
                sock.settimeout(before)


class BodyErrors:
    """WSGI middleware: a request body that breaks HTTP's framing (a bad chunk size) is the client's fault.

    gunicorn finds it while the app reads the body and raises its parser's error, which the app would
    answer as an unexpected 500; the body stream given to the app raises werkzeug's ``BadRequest``
    instead, which the API answers as a 400 problem. A client that goes away (``OSError``) is left as is.
    """

    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        length = environ.get("CONTENT_LENGTH", "")
        environ["wsgi.input"] = Body(environ["wsgi.input"], int(length) if length.isdigit() else None)
        return self.app(environ, start_response)


class Body:
    """A request body stream whose read errors, other than the connection's, are a 400 Bad Request.

    It counts what is read, so :class:`Drain` knows a body read to its end (``ended``) and skips the drain.
    """

    def __init__(self, stream: Any, length: int | None = None) -> None:
        self.stream = stream
        self.length = length
        self.taken = 0
        self.at_end = False

    @property
    def ended(self) -> bool:
        """Say whether the whole body has been read: its Content-Length, or up to the end of a chunked one."""
        return self.at_end or (self.length is not None and self.taken >= self.length)

    def read(self, *args: Any) -> bytes:
        """Read like the stream it wraps."""
        data: bytes = self.checked(self.stream.read, *args)
        whole = not args or args[0] is None or args[0] < 0
        return self.counted(data, whole or (not data and args[0] != 0))

    def readline(self, *args: Any) -> bytes:
        """Read a line like the stream it wraps."""
        data: bytes = self.checked(self.stream.readline, *args)
        return self.counted(data, not data and (not args or args[0] is None or args[0] != 0))

    def readlines(self, *args: Any) -> list[bytes]:
        """Read lines like the stream it wraps."""
        lines: list[bytes] = self.checked(self.stream.readlines, *args)
        self.taken += sum(map(len, lines))
        self.at_end = self.at_end or not args or args[0] is None or args[0] <= 0
        return lines

    def counted(self, data: bytes, at_end: bool) -> bytes:
        """Count ``data`` as read, and note the end of the body when ``at_end``; return ``data``."""
        self.taken += len(data)
        self.at_end = self.at_end or at_end
        return data

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")

    @staticmethod
    def checked(method: Callable[..., Any], *args: Any) -> Any:
        """Call ``method``; turn an error of the body's framing into werkzeug's ``BadRequest``."""
        from gunicorn.http.errors import ParseException
        from werkzeug.exceptions import BadRequest

        try:
            return method(*args)
        except ParseException as error:
            raise BadRequest(f"the request body is not valid HTTP: {clipped(error)}") from error


def clipped(error: BaseException) -> str:
    """Return an error's message, cut at :data:`DETAIL_CHARS` (it may quote what the client sent)."""
    said = str(error)
    return said if len(said) <= DETAIL_CHARS else said[:DETAIL_CHARS] + "…"


def api_app(threads: int) -> WSGIApp:
    """Return the API as gunicorn serves it, each word list and its step index opened (and compiled) first."""
    from novelty.api import create_app
    from novelty.lexicon import BUILTIN, open_lexicon

    for name in BUILTIN:  # with preload_app this runs once, before the workers fork: they share the
        open_lexicon(name).step_index()  # memory-mapped pages, and no request pays for building them
    return BodyErrors(Drain(Admission(create_app(), threads)))


def gunicorn_settings(bind: str, workers: int, threads: int) -> dict[str, Any]:
    """Return the gunicorn settings of ``novelty serve``.

    The app is loaded once, before the workers fork (``preload_app``), so a worker starts in a fork's
    time with the imports and the word lists' index shared. Workers are not recycled after a number of
    requests (each restart cost the import of the app, twice a second at 1,000 requests/s); one retires
    when it holds too much memory of its own (:func:`post_request`, :data:`MEMORY_CEILING`).
    """
    return {"bind": bind, "workers": workers, "threads": threads, "worker_class": problem_worker(),
            "preload_app": True, "accesslog": "-", "when_ready": freeze, "post_fork": post_fork,
            "post_request": post_request}


def freeze(server: Any) -> None:
    """In gunicorn's master, with the app loaded and before the first fork: leave what exists out of every
    garbage collection, so no worker's collection walks the app's objects (touching their pages, which
    would then stop being shared)."""
    gc.collect()
    gc.freeze()


def run(bind: str, workers: int, threads: int, load: Callable[[], WSGIApp] | None = None) -> None:
    """Serve ``load()`` (by default the API) with gunicorn on ``bind`` (``host:port`` or ``unix:PATH``)."""
    from gunicorn.app.base import BaseApplication

    settings = gunicorn_settings(bind, workers, threads)

    class Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            if "control_socket_disable" in self.cfg.settings:  # gunicorn 25+: no shared ~/.gunicorn socket
                settings["control_socket_disable"] = True
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return load() if load is not None else api_app(threads)

    Server().run()


class Recorder:
    """A stand-in for a client socket that keeps what is written to it (gunicorn writes a non-blocking socket)."""

    def __init__(self) -> None:
        self.sent = bytearray()

    def sendall(self, data: bytes) -> None:
        """Keep ``data``."""
        self.sent += data

    def gettimeout(self) -> float:
        """Say the socket is non-blocking already."""
        return 0.0

    def setblocking(self, flag: bool) -> None:
        """Change nothing."""

    def status(self) -> int | None:
        """Return the status of the answer written (``HTTP/1.1 414 ...``), or None when none was."""
        first = bytes(self.sent).split(b"\r\n", 1)[0].split()
        return int(first[1]) if len(first) >= 2 and first[1].isdigit() else None


def problem_answer(status: int, detail: str) -> bytes:
    """Return a whole HTTP/1.1 answer that closes the connection: ``status`` with a problem-details body."""
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:  # a status Python does not name: an empty reason phrase is allowed
        phrase = ""
    from novelty.api.problems import problem_json

    body = problem_json(status, detail, title=phrase).encode()
    head = (f"HTTP/1.1 {status} {phrase}\r\nConnection: close\r\nContent-Type: {PROBLEM_JSON}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


def framing_detail(status: int, error: BaseException, cfg: Any) -> str:
    """Return the problem detail for a request gunicorn could not read (``cfg``: its limits)."""
    said = clipped(error)
    if status == 414:
        return f"the request line is too long: the limit is {cfg.limit_request_line} bytes"
    if status == 431:
        return (f"the request's header fields are too large: at most {cfg.limit_request_fields} fields "
                f"of at most {cfg.limit_request_field_size} bytes each")
    if status == 400:
        return f"the request is not valid HTTP: {said}"
    return INTERNAL_ERROR if status >= 500 and status != 501 else said


def fallback_status(error: BaseException) -> int:
    """Return a status for ``error`` should gunicorn's ``handle_error`` write nothing readable: the code its
    parser errors carry, else 400 for any of them, else 500."""
    from gunicorn.http.errors import ParseException

    code = getattr(error, "code", None)
    if isinstance(code, int) and 400 <= code < 600:
        return code
    return 400 if isinstance(error, ParseException) else 500


@functools.cache
def problem_worker() -> type:
    """Return gunicorn's gthread worker class, answering what it cannot read with problem JSON, not HTML."""
    from gunicorn import util
    from gunicorn.workers.gthread import ThreadWorker

    class ProblemWorker(ThreadWorker):  # type: ignore[misc]
        """gunicorn's gthread worker whose error answers (414, 431, 400, 500...) are problem details.

        gunicorn's ``handle_error`` chooses the status and logs; its HTML page is written to a
        :class:`Recorder`, and the same status goes to the client with a problem-details body instead.
        """

        def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
            recorder = Recorder()
            super().handle_error(req, recorder, addr, exc)
            status = recorder.status() or fallback_status(exc)
            try:
                util.write_nonblock(client, problem_answer(status, framing_detail(status, exc, self.cfg)))
            except Exception:  # noqa: BLE001 - the client is gone: nothing to answer (as gunicorn does)
                self.log.debug("Failed to send error message.")

    return ProblemWorker


@functools.cache
def glibc() -> Any:
    """Return the C library when it is glibc (it has ``mallopt`` and ``malloc_trim``), else None (looked up once)."""
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


@functools.cache
def statm(pid: int) -> int:
    """Return a descriptor of process ``pid``'s ``/proc/PID/statm``, opened once (a read costs 2 us, an open 10)."""
    return os.open(f"/proc/{pid}/statm", os.O_RDONLY)


def own_memory() -> int:
    """Return the bytes of this process's memory that are resident and not shared (0 where unknown)."""
    try:
        fields = os.pread(statm(os.getpid()), 128, 0).split()  # by pid: a forked worker opens its own
    except OSError:
        return 0
    return (int(fields[1]) - int(fields[2])) * os.sysconf("SC_PAGE_SIZE")


def post_request(worker: Any, req: Any, environ: dict[str, Any], resp: Any) -> None:
    """After a POST (the answer is sent): give the heap's free pages back if it grew, and retire if still too big.

    The heap is trimmed when the worker's own memory is :data:`TRIM_STEP` over its level after the last
    trim (that level follows it down): a heavy request grows it by megabytes, a light one by nothing, its
    blocks reused, and trimming after it only cost time.
    """
    if environ.get("REQUEST_METHOD") != "POST":
        return
    used = own_memory()
    mark = getattr(worker, "novelty_trimmed_at", 0)
    libc = glibc()
    if libc is not None and used > mark + TRIM_STEP:
        libc.malloc_trim(0)
        used = mark = own_memory()
    worker.novelty_trimmed_at = min(mark, used)
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


def nginx_limits() -> tuple[int, int]:
    """Return nginx's ``worker_connections`` and ``worker_rlimit_nofile``: :data:`NGINX_CONNECTIONS` and
    room for its files, or as many as the hard limit on open files allows (root may raise it)."""
    import resource

    files = NGINX_CONNECTIONS + NGINX_SPARE_FILES
    if os.geteuid() != 0:
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        if hard != resource.RLIM_INFINITY:
            files = min(files, hard)
    return max(files - NGINX_SPARE_FILES, 64), files


def nginx_problems(max_body: int) -> dict[int, str]:
    """Return the problem-details body (JSON text) of each status nginx answers itself."""
    details = dict(NGINX_DETAILS)
    details[413] = f"request body too large: the limit is {max_body} bytes"
    from novelty.api.problems import problem_json

    return {status: problem_json(status, detail).rstrip("\n") for status, detail in details.items()}


def nginx_conf(prefix: str, listen: str, socket_path: str, max_body: int) -> str:
    """Return the deployment's nginx configuration (:data:`NGINX_CONF`) for this server."""
    user = ""
    if os.geteuid() == 0:  # nginx's workers drop root; name a user and group that exist here
        import grp
        import pwd

        nobody = pwd.getpwnam("nobody")
        user = f"user nobody {grp.getgrgid(nobody.pw_gid).gr_name};"
    connections, files = nginx_limits()
    fields = {"user": user, "prefix": prefix, "listen": listen, "socket": socket_path, "max_body": str(max_body),
              "connections": str(connections), "files": str(files)}
    for status, body in nginx_problems(max_body).items():  # each goes inside '...' in the file
        fields[f"problem_{status}"] = body.replace("\\", "\\\\").replace("'", "\\'")
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
    connections = nginx_limits()[0]
    if connections < NGINX_CONNECTIONS:
        click.echo(f"novelty: warning: the open-file limit (ulimit -Hn) lets nginx hold {connections} connections "
                   f"at once, not {NGINX_CONNECTIONS}", err=True)
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
