"""``dektes serve``: the web application (:mod:`fst.app.web`), which needs the ``web`` extra."""
from __future__ import annotations

import argparse
import importlib.util

from fst.app.engine import profile_judge
from fst.app.protocol import EXIT_OK, UsageError
from fst.app.web.server import serve


def cmd_serve(args: argparse.Namespace) -> int:
    """``dektes serve``: the web application (fst/web), which needs the ``web`` extra."""
    missing = [m for m in ("fastapi", "jinja2", "uvicorn") if importlib.util.find_spec(m) is None]
    if missing:
        raise UsageError("dektes serve needs the web extra (%s is missing): "
                         "pip install 'dektes[web]'" % missing[0])
    if not 0 <= args.port <= 65535:
        raise UsageError("--port %d is not a TCP port (0–65535)" % args.port)
    judge = profile_judge(args)
    try:
        serve(judge, host=args.host, port=args.port, lang=args.lang)
    except OSError as e:
        raise UsageError("cannot serve on %s:%d: %s" % (args.host, args.port,
                                                        e.strerror or e)) from None
    return EXIT_OK

