"""Run the web application with uvicorn (``dektes serve``), or as a child process."""
from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator

from grammars.examples import WARM_UP_LEMMA, WARM_UP_WORD


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``:``port`` (port 0: any free port). Raises OSError
    with the reason (address in use, unknown host …)."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def serve(judge, host: str = "127.0.0.1", port: int = 8000, log_level: str = "warning",
          lang: str = "el") -> None:
    """Serve ``judge`` (a loaded :class:`fst.api.Judge`) on ``host``:``port`` until
    interrupted; port 0 takes any free port (the address is printed on stderr).

    The look-up arrays, the analysis table and the FSTs (for paradigms) are read before the
    server starts, so that the first request is as fast as the others. Raises OSError if the
    address cannot be bound.
    """
    import uvicorn

    from fst.app.web.app import create_app

    sock = bind(host, port)
    judge.check(WARM_UP_WORD)  # the analysis table
    judge.paradigm(WARM_UP_LEMMA)  # the analyser FST
    app = create_app(judge, lang)
    from fst.app.web.h11_protocol import MAX_HEAD, Protocol

    # h11 with the API's JSON errors below the application: a raw UTF-8 URL is read, an
    # over-long one gets 414 and no reset (fst/app/web/h11_protocol.py)
    config = uvicorn.Config(app, http=Protocol, log_level=log_level, access_log=False,
                            server_header=False, h11_max_incomplete_event_size=MAX_HEAD)
    server = uvicorn.Server(config)
    bound_host, bound_port = sock.getsockname()[:2]
    shown = "[%s]" % bound_host if ":" in bound_host else bound_host
    print("dektes serve: http://%s:%d/ (Ctrl-C to stop)" % (shown, bound_port),
          file=sys.stderr, flush=True)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()


@contextlib.contextmanager
def spawned(timeout: float = 600, cwd: str | os.PathLike | None = None) -> Iterator[str]:
    """Run ``python -m fst serve --port 0`` in a child process, as a user would (for tests and
    benchmarks), and yield its base URL ``http://127.0.0.1:PORT/`` once ``/api/health``
    answers; the process is stopped on leaving. ``timeout``: seconds to wait for the address
    (a first run may build the artifacts). Raises RuntimeError if the server exits before
    serving or does not say where it serves in time."""
    proc = subprocess.Popen([sys.executable, "-m", "fst", "serve", "--port", "0"], cwd=cwd,
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
                            encoding="utf-8", env=dict(os.environ, PYTHONUNBUFFERED="1"))
    drain = None
    try:
        url = None
        deadline = time.monotonic() + timeout
        while url is None and time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line:
                raise RuntimeError("dektes serve exited with %s before serving" % proc.wait())
            m = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
            url = m.group(1) if m else None
        if url is None:
            raise RuntimeError("dektes serve did not say where it serves within %g s" % timeout)
        # read stderr on, so that the server never blocks on a full pipe
        drain = threading.Thread(target=proc.stderr.read, daemon=True)
        drain.start()
        for _ in range(100):  # the socket listens at once; wait for the application
            try:
                with urllib.request.urlopen(url + "api/health", timeout=5) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if drain is not None:
            drain.join(5)
        proc.stderr.close()
