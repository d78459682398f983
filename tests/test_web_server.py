"""``dektes serve`` over a real socket (``python -m fst serve --port 0``, as a user starts it):
what the framework's TestClient cannot see, because the HTTP server answers before the
application does (fst/app/web/h11_protocol.py). The /api page's curl examples run with the
real curl, as printed; a raw UTF-8 URL is read; a request that is not HTTP and an over-long
URL get the API's JSON error, the latter a 414 and never a reset connection (issue 23).

Skips without the web extra or curl, except under CI=true, where it fails.
"""
from __future__ import annotations

import http.client
import json
import shlex
import shutil
import socket
import subprocess

import pytest

from conftest import missing

# ``server`` (tests/conftest.py): the (host, port, url) of a dektes serve process

def _raw(server, request: bytes, answers: int = 1) -> list[tuple[int, dict]]:
    """Send ``request`` bytes as they are on one connection; the (status, JSON body) of the
    first ``answers`` responses."""
    host, port, _ = server
    out = []
    with socket.create_connection((host, port), timeout=30) as s:
        s.sendall(request)
        f = s.makefile("rb")
        for _ in range(answers):
            status = int(f.readline().split()[1])
            headers = {}
            while (line := f.readline().strip()):
                key, _, value = line.decode("latin-1").partition(":")
                headers[key.lower()] = value.strip()
            assert headers["content-type"] == "application/json", headers
            out.append((status, json.loads(f.read(int(headers["content-length"])))))
    return out


def _get(server, target: str) -> tuple[int, dict]:
    """GET ``target`` with http.client (it sends the whole request before it reads)."""
    host, port, _ = server
    conn = http.client.HTTPConnection(host, port, timeout=60)
    try:
        conn.request("GET", target)
        r = conn.getresponse()
        assert r.getheader("content-type") == "application/json"
        return r.status, json.loads(r.read())
    finally:
        conn.close()


def test_the_api_examples_run_with_curl_as_printed(server):
    """Each curl example of the /api page, copied from the page the server serves and run as
    printed, answers JSON without an error."""
    from test_web import api_examples
    curl = shutil.which("curl")
    if not curl:
        missing("needs curl")
    _, _, url = server
    conn = http.client.HTTPConnection(*server[:2], timeout=60)
    conn.request("GET", "/api")
    page = conn.getresponse().read().decode("utf-8")
    conn.close()
    examples = api_examples(page)
    assert len(examples) >= 9 and all(url + "api/" in e for e in examples)
    for example in examples:
        run = subprocess.run(shlex.split(example), capture_output=True, timeout=60)
        assert run.returncode == 0, (example, run.stderr)
        answer = json.loads(run.stdout)
        assert "error" not in answer, (example, answer)


def test_a_raw_utf8_url_is_read(server):
    """``curl 'http://…/api/check?word=ΕΓΡΑΨΑ'`` sends the Greek bytes raw, which HTTP does not
    allow; the server reads them percent-encoded (uvicorn's h11 once answered a plain-text
    400), on every request of a kept-alive connection."""
    one = "GET /api/check?word=ΕΓΡΑΨΑ&word=γραψα HTTP/1.1\r\nHost: x\r\n\r\n".encode("utf-8")
    [(status, body)] = _raw(server, one)
    assert status == 200 and [r["tile"] for r in body["results"]] == ["ΕΓΡΑΨΑ", "ΓΡΑΨΑ"]
    assert [r["valid"] for r in body["results"]] == [True, False]
    two = ("GET /api/analyse?word=γράφω HTTP/1.1\r\nHost: x\r\n\r\n"
           "GET /api/hooks?word=ΓΡΑΨΑ HTTP/1.1\r\nHost: x\r\n\r\n").encode("utf-8")
    (s1, analysed), (s2, hooks) = _raw(server, two, answers=2)
    assert (s1, s2) == (200, 200) and analysed["valid"] and "Ε" in hooks["front"]
    [(status, body)] = _raw(server, b"GET /api/check?word=%CE%91%CE%92\xff HTTP/1.1\r\n"
                                    b"Host: x\r\n\r\n")
    assert status == 200 and body["results"][0]["error"] == "invalid-utf8"


@pytest.mark.parametrize("request_bytes", [
    b"GET /api/check?word=A B HTTP/1.1\r\nHost: x\r\n\r\n",
    b"not http at all\r\n\r\n",
])
def test_a_request_that_is_not_http_gets_the_json_error(server, request_bytes):
    [(status, body)] = _raw(server, request_bytes)
    assert status == 400 and body["error"]["code"] == "bad-request"
    assert "not valid HTTP/1.1" in body["error"]["reason"]


@pytest.mark.parametrize("letters, status", [
    (20_000, 200),  # over h11's own 16 KiB: read
    (40_000, 414),  # over MAX_URL: the application's 414
    (100_000, 414),  # over the head the server reads: the protocol's 414
    (3_000_000, 414),
])
def test_a_long_url_is_414_never_a_reset(server, letters, status):
    got, body = _get(server, "/api/check?word=" + "%CE%91" * 3 + "A" * letters)
    assert got == status, body
    if status == 414:
        assert body["error"]["code"] == "uri-too-long"
        assert "POST /api/check" in body["error"]["reason"]
    else:
        assert body["results"][0]["valid"] is False


def test_a_long_url_of_a_page_is_a_greek_414_page(server):
    """A page's URL over MAX_URL (but within the head the server reads): the application's
    414 as a page, in Greek (``serve`` speaks Greek by default); the API's is the English
    JSON line (test_a_long_url_is_414_never_a_reset)."""
    import html
    import re

    from grammars.labels import say
    host, port, _ = server
    conn = http.client.HTTPConnection(host, port, timeout=60)
    try:
        conn.request("GET", "/?words=" + "%CE%91" * 7_000)  # 42,007 bytes of path and query
        r = conn.getresponse()
        page = r.read().decode("utf-8")
    finally:
        conn.close()
    assert r.status == 414 and r.getheader("content-type").startswith("text/html")
    shown = html.unescape(re.search(r'<p class="error".*?>(.*?)</p>', page, re.S)[1])
    assert re.fullmatch(r"η διεύθυνση URL έχει μήκος \d+ byte· επιτρέπονται το πολύ 32768: "
                        r"στείλτε μακρύ κατάλογο με POST /api/check", shown), shown
    assert "long" not in shown and "send" not in shown
    got, body = _get(server, "/api/check?word=" + "%CE%91" * 7_000)
    assert (got, body["error"]["code"]) == (414, "uri-too-long")
    assert re.fullmatch(r"the URL is \d+ bytes long; at most 32768: send a long list with "
                        r"POST /api/check", body["error"]["reason"]), body
    assert say(body["error"]["reason"], "el") == body["error"]["reason"]


@pytest.mark.parametrize("target", ["/?words=", "/search?rack=", "/no-such-page?x="])
def test_a_page_url_over_the_read_head_is_the_greek_414_page(server, target):
    """A page's URL over the head the server reads (MAX_URL_READ, 64 KiB), which the
    protocol answers before routing: the application's Greek 414 page, as for a shorter URL
    (test_a_long_url_of_a_page_is_a_greek_414_page), never the English JSON; the API's is
    that JSON, its English line unchanged."""
    import html
    import re

    from fst.app.web.app import MAX_URL_READ
    host, port, _ = server
    # past the 64 KiB h11 reads (a head that arrives whole within one read is parsed all the
    # same: the application's 414, test_a_long_url_of_a_page_is_a_greek_414_page)
    long = "%CE%91" * (4 * MAX_URL_READ // 6)
    conn = http.client.HTTPConnection(host, port, timeout=60)
    try:
        conn.request("GET", target + long)
        r = conn.getresponse()
        page = r.read().decode("utf-8")
    finally:
        conn.close()
    assert r.status == 414 and r.getheader("content-type").startswith("text/html"), page[:200]
    assert '<html lang="el">' in page
    shown = html.unescape(re.search(r'<p class="error".*?>(.*?)</p>', page, re.S)[1])
    assert shown == ("η διεύθυνση URL έχει μήκος πάνω από %d byte· επιτρέπονται το πολύ 32768: "
                     "στείλτε μακρύ κατάλογο με POST /api/check" % MAX_URL_READ), shown
    got, body = _get(server, "/api/check?word=" + long)
    assert (got, body["error"]["code"]) == (414, "uri-too-long")
    assert body["error"]["reason"] == ("the URL is over %d bytes long; at most 32768: send a "
                                       "long list with POST /api/check" % MAX_URL_READ)


def test_long_header_fields_are_431_json(server):
    # the head never ends: the answer comes all the same, before the server closes
    head = b"GET /api/health HTTP/1.1\r\nHost: x\r\n" + b"X-Long: " + b"a" * 200_000
    [(status, body)] = _raw(server, head)
    assert status == 431 and body["error"]["code"] == "headers-too-large"
