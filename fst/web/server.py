"""Run the web application with uvicorn (``dektes serve``)."""
from __future__ import annotations

import socket
import sys


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


def serve(judge, host: str = "127.0.0.1", port: int = 8000, log_level: str = "warning") -> None:
    """Serve ``judge`` (a loaded :class:`fst.api.Judge`) on ``host``:``port`` until
    interrupted; port 0 takes any free port (the address is printed on stderr).

    The look-up arrays, the analysis table and the FSTs (for paradigms) are read before the
    server starts, so that the first request is as fast as the others. Raises OSError if the
    address cannot be bound.
    """
    import uvicorn

    from .app import create_app

    sock = bind(host, port)
    judge.check("ΕΓΡΑΨΑ")  # the analysis table
    judge.paradigm("γράφω")  # the analyser FST
    app = create_app(judge)
    config = uvicorn.Config(app, log_level=log_level, access_log=False, server_header=False)
    server = uvicorn.Server(config)
    bound_host, bound_port = sock.getsockname()[:2]
    shown = "[%s]" % bound_host if ":" in bound_host else bound_host
    print("dektes serve: http://%s:%d/ (Ctrl-C to stop)" % (shown, bound_port),
          file=sys.stderr, flush=True)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
