"""The HTTP/1.1 protocol of ``dektes serve``: uvicorn's h11 protocol, so that the API keeps its
word below the application too (issue 23).

uvicorn answers what h11 cannot parse with a plain-text ``400 Invalid HTTP request received.``
and closes the socket at once; a request head past its size limit gets the same, and as the
client is still sending, the close becomes a connection reset. Here:

- a request line with raw UTF-8 (``curl 'http://…/api/check?word=ΕΓΡΑΨΑ'`` sends the Greek
  word as typed, which HTTP does not allow) is read as if those bytes were percent-encoded,
  as a browser sends them;
- a URL longer than :data:`MAX_HEAD` bytes gets ``414`` (longer header fields ``431``) and a
  request that is not HTTP ``400``, each with the API's JSON error
  ``{"error": {"code", "reason"}}``; a 414 or 431 of a page (a path outside ``/api``) is the
  application's error page instead, in its language (``app.state.error_page``), as the
  application answers a shorter URL;
- after such an error the rest of the request head is read and dropped (up to
  :data:`DRAIN_BYTES` bytes or :data:`DRAIN_SECONDS`) before the socket is closed, so that the
  client reads the answer instead of a reset.
"""
from __future__ import annotations

import json
import re
import urllib.parse

import h11
from uvicorn.protocols.http.h11_impl import STATUS_PHRASES, H11Protocol

from fst.app.web.app import MAX_URL, MAX_URL_READ
from grammars.labels import message

MAX_HEAD = MAX_URL_READ  # bytes of a request head read at most (h11's incomplete event size)
DRAIN_BYTES = 64 * 1024 * 1024  # bytes of a refused head read and dropped at most
DRAIN_SECONDS = 10.0
_NON_ASCII = re.compile(rb"[\x80-\xff]")
_TARGET = re.compile(rb"[A-Z]+ (/[^ ?#]*)")  # the path of a request line, as far as it is read


def _percent_encoded(line: bytes) -> bytes:
    """``line`` with each byte over 0x7F written ``%XX``."""
    return _NON_ASCII.sub(lambda m: b"%%%02X" % m.group()[0], line)


class Protocol(H11Protocol):
    """uvicorn's :class:`H11Protocol` with the three changes of the module's docstring; pass
    it as ``uvicorn.Config(http=Protocol, h11_max_incomplete_event_size=MAX_HEAD)``."""

    _draining = False
    _drained = 0
    _tail = b""

    def data_received(self, data: bytes) -> None:
        if self._draining:
            self._drain(data)
            return
        super().data_received(data)

    def handle_events(self) -> None:
        if self.conn.their_state is h11.IDLE and self.conn.our_state is h11.IDLE:
            self._encode_request_line()
        super().handle_events()

    def _encode_request_line(self) -> None:
        # a new request's head waits in h11's buffer: percent-encode raw bytes of its first
        # line by reading the buffer into a fresh connection (the same state: both IDLE)
        data, closed = self.conn.trailing_data
        end = data.find(b"\n")
        if end < 0 or data[:end].isascii():
            return
        conn = h11.Connection(h11.SERVER, MAX_HEAD)
        conn.receive_data(_percent_encoded(data[:end]) + data[end:])
        if closed:
            conn.receive_data(b"")
        self.conn = conn

    def send_400_response(self, msg: str) -> None:
        # uvicorn calls this for every h11.RemoteProtocolError (the exception is not passed):
        # a buffer still over the limit is an over-long head, else the request is not HTTP
        data = self.conn.trailing_data[0]
        if len(data) > MAX_HEAD:
            line = data.find(b"\n")
            if line < 0 or line > MAX_URL:
                self._refuse(414, "uri-too-long",
                             message("web.url_over", size=MAX_HEAD, most=MAX_URL), data)
            else:
                self._refuse(431, "headers-too-large", message("web.headers", size=MAX_HEAD),
                             data)
            self._drain(data)
        else:
            self._refuse(400, "bad-request",
                         "the request is not valid HTTP/1.1 (a URL must not hold spaces or "
                         "control characters: percent-encode them)")
            self.transport.close()

    def _refuse(self, status: int, code: str, reason: str, head: bytes = b"") -> None:
        """Send the API's JSON error ``code``, ``reason`` with ``status``, or for a page's
        request (``head``: the start of the request head; a path outside ``/api``) the
        application's error page; the connection is to be closed after it."""
        page = self._page(status, code, reason, head)
        if page is not None:
            body, kind = page, b"text/html; charset=utf-8"
        else:
            body = json.dumps({"error": {"code": code, "reason": reason}}).encode("ascii")
            kind = b"application/json"
        headers = [(b"content-type", kind), (b"connection", b"close"),
                   (b"content-length", str(len(body)).encode("ascii"))]
        event = h11.Response(status_code=status, headers=headers,
                             reason=STATUS_PHRASES.get(status, b""))
        self.transport.write(self.conn.send(event))
        self.transport.write(self.conn.send(h11.Data(data=body)))
        self.transport.write(self.conn.send(h11.EndOfMessage()))

    def _page(self, status: int, code: str, reason: str, head: bytes) -> bytes | None:
        """The application's error page for the request whose head begins ``head``, or None
        for a request of the API (or none readable, or an application without pages)."""
        target = _TARGET.match(head)
        render = getattr(getattr(getattr(self.config, "app", None), "state", None),
                         "error_page", None)
        if target is None or render is None:
            return None
        path = urllib.parse.unquote(target[1].decode("latin-1"))
        if path.startswith("/api"):  # as the application tells the API's requests
            return None
        try:
            return render(status, code, reason, path if len(path) <= MAX_URL else "/",
                          self.server)
        except Exception:  # a page that cannot be made: the JSON line, never a reset
            return None

    def _drain(self, data: bytes) -> None:
        """Drop ``data`` of a refused head; close once the head ends (a blank line), or
        past :data:`DRAIN_BYTES` or :data:`DRAIN_SECONDS`."""
        if not self._draining:
            self._draining = True
            self.loop.call_later(DRAIN_SECONDS, self.transport.close)
        self._drained += len(data)
        seen = self._tail + data
        self._tail = seen[-3:]
        if b"\r\n\r\n" in seen or b"\n\n" in seen or self._drained > DRAIN_BYTES:
            self.transport.close()
