"""The web application of ``dektes serve``: pages and a JSON API over one :class:`fst.api.Judge`.

Pages (HTML, Jinja2 templates in ``templates/``): ``/`` judge words, ``/challenge`` the
referee's screen, ``/analyse`` analyses of a word, ``/paradigm`` a lemma's paradigm table,
``/search`` anagram and pattern search with a clickable rack, ``/api`` the API's documentation.

JSON API (UTF-8; documented on ``/api`` and as OpenAPI in ``/api/openapi.json``):
``/api/check``, ``/api/challenge``, ``/api/analyse``, ``/api/paradigm``, ``/api/anagram``,
``/api/pattern``, ``/api/extensions``, ``/api/hooks``, ``/api/health``. Bad input gets a 4xx
status and ``{"error": {"code": CODE, "reason": one sentence}}``, never a 500 or a traceback;
codes are those of :data:`grammars.normalize.ERROR_CODES` for a word that cannot be Greek, else
``bad-request``, ``too-many-words``, ``too-large``, ``unknown-lemma``, ``not-found``,
``bad-rack``, ``bad-pattern``.
"""
from __future__ import annotations

import itertools
import json
import urllib.parse
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from fst import __version__
from fst.app.cli.judge import _explain_chain  # explain's rules column: §A1, §E2, §LIST
from fst.rules import verdict_note, without_rule
from fst.rules import shown as _rule_ids  # the CLI's one formatter of rule ids
from grammars.labels import Message, label, message, phrase, say
from grammars.paradigm import load_tables
from grammars.normalize import TILE_LETTERS, InvalidWord, to_lower_accented, to_tile
from fst.runtime.search import SIDES, SearchError, best_first, by_probability, tile_set

from fst.app.web import keyboard, tables

HERE = Path(__file__).resolve().parent
MAX_WORDS = 1000  # words judged per request (a list page, POST /api/check)
MAX_BODY = 256 * 1024  # bytes of a request body
MAX_RESULTS = 5000  # search results returned at most (limit=)
DEFAULT_RESULTS = 500
MAX_RANKED = 200_000  # matches ranked best first (a rack of 15 tiles with 2 blanks: ~60,000)
MAX_COUNTED = 10_000  # matches counted in alphabetical order (a pattern without a rack)
MAX_URL = 32768  # bytes of path and query (a 4096-letter word, percent-encoded); longer: 414
MAX_SUPER = 15  # letters a super-anagram adds at most (dektes anagram --super)
MAX_URL_READ = 65536  # bytes of a request head the server reads (fst/app/web/server.py)
# the message saying that a search was given nothing to search (grammars/messages.tsv)
_NO_INPUT = {"rack": "web.no_rack", "pattern": "web.no_pattern", "word": "web.no_word"}
_RANGE_ERRORS = {"greater_than_equal", "less_than_equal", "greater_than", "less_than"}


class BadInput(Exception):
    """Input the application refuses: HTTP ``status``, machine ``code``, one-sentence
    ``reason`` (and, for an unknown lemma, the ``lemmas`` the word is a form of)."""

    def __init__(self, reason: str, code: str = "bad-request", status: int = 400,
                 **extra: Any):
        super().__init__(reason)
        self.reason, self.code, self.status, self.extra = reason, code, status, extra




def _parameter_problem(name: str, err: dict) -> Message:
    """One clause naming the query parameter ``name`` and what is wrong with it, from a
    validation error of the framework (a message of grammars/messages.tsv; in English the
    framework's own wording for a kind it does not name)."""
    kind, given, ctx = err.get("type", ""), err.get("input"), err.get("ctx") or {}
    if kind == "missing":
        return message("web.missing", name=name)
    if kind == "int_parsing":
        return message("web.not_int", name=name, given=given)
    if kind == "bool_parsing":
        return message("web.not_bool", name=name, given=given)
    if kind == "string_pattern_mismatch":
        choices = [c for c in ctx.get("pattern", "").strip("^$()").split("|") if c]
        return message("web.not_choice", name=name, given=given, choices=", ".join(choices))
    if kind == "string_too_long":
        return (message("web.too_long", name=name, n=len(given), most=ctx.get("max_length"))
                if isinstance(given, str) else message("web.too_long_any", name=name))
    return message("web.invalid", name=name, why_en=err.get("msg", "invalid"))


def _joined(parts: list[Message]) -> Message:
    """The clauses ``parts`` (one at least) as one message, separated by semicolons."""
    return parts[0] if len(parts) == 1 else message("web.both", first=parts[0],
                                                     rest=_joined(parts[1:]))


def _readable(word: str) -> str:
    """``word``, or :class:`InvalidWord` (``invalid-utf8``) if it has U+FFFD: the server reads
    bytes that are not UTF-8 in a URL or form as that replacement character."""
    pos = word.find("\ufffd")
    if pos >= 0:
        raise InvalidWord(word, message("input.utf8", pos=pos + 1), "invalid-utf8", pos + 1)
    return word


def _tile(word: str) -> str:
    """``word`` in tile form; :class:`BadInput` (400, the normaliser's code) if it is not a
    Greek word."""
    try:
        return to_tile(_readable(word))
    except InvalidWord as e:
        raise BadInput(e.reason, e.code) from None


def _split_words(text: str) -> list[str]:
    """The words of a list as typed: separated by white space or commas, order kept."""
    words = text.replace(",", " ").split()
    if len(words) > MAX_WORDS:
        raise BadInput(message("web.too_many", n=len(words), most=MAX_WORDS),
                       "too-many-words", 413)
    return words


def _analysis_dict(a) -> dict:
    return {"lemma": a.lemma, "inflection_class": a.inflection_class, "tags": a.tags,
            "surface": a.surface, "rules": _rule_ids(a.rules), "weight": a.weight}


def _verdict_dict(judge, word: str, strict_accents: bool = False,
                  lang: str | None = None) -> dict:
    """``{"word", "tile", "valid", "rules", "reason", "error", "note"}`` of one word as typed;
    a word that cannot be Greek is invalid with its error code. ``note`` is the third column
    of ``dektes check`` (rule ids, and the reason of an invalid word), in English as the
    JSON gives it. ``strict_accents``: :meth:`fst.api.Judge.accent_verdict`. ``lang``: a
    page's language, which adds ``_note``, the note in it (:func:`grammars.labels.say`)."""
    try:
        v = judge.check(_readable(word), strict_accents)
    except InvalidWord as e:
        out = {"word": word, "tile": None, "valid": False, "rules": [], "reason": str(e.reason),
               "error": e.code, "note": str(e.reason)}
        if lang:
            out["_note"] = say(e.reason, lang)
        return out
    out = {"word": word, "tile": v.tile, "valid": bool(v.valid), "rules": _rule_ids(v.rules),
           "reason": str(v.reason), "error": None, "note": verdict_note(v)}
    if lang:
        out["_note"] = verdict_note(v, lang)
    return out


async def _body(request: Request) -> bytes:
    """The request body, refused (413) past :data:`MAX_BODY` bytes without reading it all."""
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > MAX_BODY:
        raise BadInput(message("web.body", n=declared, most=MAX_BODY), "too-large", 413)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise BadInput(message("web.body_over", most=MAX_BODY), "too-large", 413)
    return bytes(data)


async def _form(request: Request) -> dict[str, str]:
    """The fields of a URL-encoded form body (the judge page posts its list)."""
    data = await _body(request)
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        raise BadInput(message("web.form")) from None
    return dict(urllib.parse.parse_qsl(text, keep_blank_values=True, encoding="utf-8",
                                       errors="replace"))


def create_app(judge, lang: str = "el") -> FastAPI:
    """The application serving ``judge`` (an :class:`fst.api.Judge`, already loaded: its
    length profile and rule profile are the server's).

    ``lang``: the pages' language, el (the default) or en: their words
    (:func:`grammars.labels.phrase`, grammars/interface.tsv), the paradigm tables'
    grammatical labels (:func:`grammars.labels.label`) and the engine's reasons
    (:func:`grammars.labels.say`, grammars/messages.tsv); the JSON API keeps the UniMorph
    codes and the CLI's English messages. Raises ValueError for another language.
    """
    phrase("nav.judge", lang)  # ValueError now for an unknown language, not on a page
    app = FastAPI(title="dektes", version=__version__,
                  description="Judge, analyse and inflect Modern Greek words under the Greek "
                              "Scrabble federation's regulation.",
                  docs_url=None, redoc_url=None, openapi_url="/api/openapi.json")
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.globals.update(
        version=__version__, keymap=keyboard.LATIN_TO_GREEK, deadkeys=keyboard.DEAD_KEYS,
        min_length=judge.min_length, max_length=judge.max_length,
        disabled=sorted(judge.disabled_rules), lang=lang,
        t=lambda key, **fields: phrase(key, lang, **fields),
        cell=lambda tags: label(tags, lang),  # a cell's name (the one formatter), code kept
        # an engine's reason (grammars/messages.tsv) in the page's language; other text as is
        say=lambda text: say(text, lang))
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    app.state.judge = judge

    def number(n: int) -> str:
        """``n`` with its thousands grouped as the pages' language writes them (10.000,
        10,000)."""
        return f"{n:,}".replace(",", "." if lang == "el" else ",")

    def page(request: Request, name: str, http_status: int = 200, **context) -> HTMLResponse:
        return templates.TemplateResponse(request, name, context, status_code=http_status)

    def wants_json(request: Request) -> bool:
        return request.url.path.startswith("/api")

    def error_response(request: Request, status: int, code: str, reason: str,
                       **extra) -> Response:
        if wants_json(request):
            body = {"error": {"code": code, "reason": reason}}
            body["error"].update(extra)
            return JSONResponse(body, status_code=status)
        return page(request, "error.html", status, status=status, code=code, reason=reason)

    def error_page(status: int, code: str, reason: str, path: str = "/",
                   server: tuple | None = None) -> bytes:
        """The error page (error.html) of ``status``, ``code`` and ``reason`` in the pages'
        language, for ``path``, as UTF-8 bytes: the server's own answer to a request the
        application never sees (a head over MAX_URL_READ bytes; fst/app/web/h11_protocol.py).
        ``server``: the (host, port) that links to the style sheet name."""
        scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(),
                 "query_string": b"", "headers": [], "root_path": "", "scheme": "http",
                 "server": server or ("localhost", None), "app": app, "router": app.router}
        return page(Request(scope), "error.html", status, status=status, code=code,
                    reason=reason).body

    app.state.error_page = error_page

    # -- errors: one sentence, never a traceback ---------------------------------------------
    @app.exception_handler(BadInput)
    async def _bad_input(request: Request, exc: BadInput):
        return error_response(request, exc.status, exc.code, exc.reason, **exc.extra)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        problems, ranges = [], []
        for err in exc.errors():
            where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("query", "body"))
            problems.append(_parameter_problem(where or "request", err))
            if err.get("type", "") in _RANGE_ERRORS:
                lo, hi = bounds().get(where, (None, None))
                ranges.append(message("web.range", name=where, given=err.get("input"),
                                      lo=lo, hi=hi) if lo is not None else problems[-1])
        if ranges:  # a number of the right type, outside its range: 422 naming it
            return error_response(request, 422, "out-of-range", _joined(ranges))
        return error_response(request, 400, "bad-request", _joined(problems))

    @app.middleware("http")
    async def _long_url(request: Request, call_next):
        # a clear 414 rather than a reset connection (the server reads up to MAX_URL_READ)
        size = len(request.scope.get("raw_path") or b"") + len(request.scope.get("query_string")
                                                               or b"")
        if size > MAX_URL:
            return error_response(request, 414, "uri-too-long",
                                  message("web.url", size=size, most=MAX_URL))
        return await call_next(request)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        code = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "bad-request")
        path = request.url.path
        reason = {404: message("web.not_found", path=path),
                  405: message("web.method", method=request.method, path=path)}.get(
                      exc.status_code, str(exc.detail))
        return error_response(request, exc.status_code, code, reason)

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception):
        # a bug, not bad input: say so in one line (the server log keeps the traceback)
        return error_response(request, 500, "internal-error",
                              message("web.internal", kind=type(exc).__name__))

    # -- the engine behind pages and API --------------------------------------------------------
    async def judge_words(words: list[str], strict: bool = False,
                          page_lang: str | None = None) -> list[dict]:
        # a word takes ~0.1 ms (more when a blocking rule is looked for): a few are judged on
        # the event loop, a list in a worker thread so that other requests go on meanwhile
        if len(words) <= 8:
            return [_verdict_dict(judge, w, strict, page_lang) for w in words]
        return await run_in_threadpool(
            lambda: [_verdict_dict(judge, w, strict, page_lang) for w in words])

    async def challenge(words: list[str]) -> bool:
        return bool(words) and all(r["valid"] for r in await judge_words(words))

    def explain(word: str, strict: bool = False) -> dict:
        if not word.strip():
            raise BadInput(message("web.no_word"), "empty")
        try:
            ex = judge.explain(_readable(word))
        except InvalidWord as e:
            raise BadInput(e.reason, e.code) from None
        v, analyses = ex.verdict, ex.analyses
        if strict:  # only the analyses written as typed (words in capitals: all)
            v = judge.accent_verdict(word, v)
            if any(ch.islower() for ch in word):
                written = to_lower_accented(word)
                analyses = [a for a in analyses if a.surface == written]
        return {"word": word, "tile": v.tile, "valid": bool(v.valid), "rules": _rule_ids(v.rules),
                "reason": str(v.reason), "analyses": [_analysis_dict(a) for a in analyses],
                "blocked": [{"rule": "§" + r, "reason": str(why)} for r, why in ex.blocked],
                "neighbours": list(ex.neighbours),
                # the page's words, in its language (not in the JSON): the reason, the
                # blocking rules' reasons, the rules column as dektes explain prints it
                "_reason": say(v.reason, lang),
                "_blocked": [{"rule": "§" + r, "reason": without_rule(say(why, lang))}
                             for r, why in ex.blocked],
                "_chains": [" ".join(say(c, lang) for c in _explain_chain(a, judge))
                            for a in analyses]}

    def paradigm(lemma: str, inflection_class: str | None) -> dict:
        lemma = lemma.strip()
        if not lemma:
            raise BadInput(message("web.no_lemma"), "empty")
        try:
            norm = to_lower_accented(_readable(lemma))
        except InvalidWord as e:
            raise BadInput(e.reason, e.code) from None
        found = judge.paradigm(norm, inflection_class or None)
        if not found:
            # the CLI's messages (dektes paradigm; tests/test_web.py compares them)
            others = judge.paradigm(norm, None) if inflection_class else []
            if inflection_class and inflection_class not in (
                    set(load_tables()) | {t.inflection_class for t in others} | {"IRR"}):
                raise BadInput(message("web.unknown_class", cls=inflection_class),
                               "unknown-class")
            # the word may be a form, or an unaccented lemma: name the lemmas it belongs to
            lemmas = sorted({(a.lemma, a.inflection_class) for a in judge.analyse(norm)}
                            | {(t.lemma, t.inflection_class) for t in others})
            if others:
                reason = message("web.other_class", lemma=lemma, cls=inflection_class,
                                 found=", ".join(sorted({t.inflection_class for t in others})))
            elif inflection_class:
                reason = message("web.unknown_lemma_in", lemma=lemma, cls=inflection_class)
            else:
                reason = message("web.unknown_lemma", lemma=lemma)
            raise BadInput(reason, "unknown-lemma", 404,
                           lemmas=[{"lemma": lem, "inflection_class": c} for lem, c in lemmas])
        return {"lemma": norm, "paradigms": [
            {"lemma": t.lemma, "inflection_class": t.inflection_class,
             "rows": [{"form": r.form, "tags": r.tags, "variant": r.variant} for r in t.rows]}
            for t in found], "_tables": found}

    def search_error(exc: Exception, code: str) -> BadInput:
        # the exception's message (grammars/messages.tsv), which a Greek page says in Greek
        reason = getattr(exc, "reason", None) or str(exc)
        return BadInput(str(reason).rstrip(".") if reason.endswith(".") else reason, code)

    def match_dict(m, combos: int | None = None) -> dict:
        d = {"word": m.word, "blanks": list(m.blanks), "shown": m.shown, "score": m.score}
        if combos is not None:
            d["combinations"] = combos
        return d

    def collect(matches, ranked: bool, limit: int, sort: str | None = None) -> dict:
        # ranked (with a rack): every match is needed to rank them, and a rack bounds them;
        # alphabetical (a pattern alone, '*' is the whole word list): stop counting at a cap
        sort = sort or ("score" if ranked else "alpha")
        cap = MAX_RANKED if ranked else MAX_COUNTED
        # The same three fields for every search (anagram, pattern, extensions; the /api
        # page): count = matches found, counted up to the cap; complete = count is the total
        # (the cap was not reached); truncated = ``matches`` holds fewer than all the matches.
        found = list(itertools.islice(matches, cap + 1))
        complete = len(found) <= cap
        found = found[:cap]
        if sort == "probability":
            shown = [match_dict(m, c) for m, c in by_probability(found)[:limit]]
        else:
            if sort == "score":
                found = best_first(found)
            shown = [match_dict(m) for m in found[:limit]]
        return {"count": len(found), "complete": complete,
                "truncated": not complete or len(shown) < len(found), "sort": sort,
                "matches": shown}

    def search(what: str, text: str, matches, ranked: bool, limit: int,
               sort: str | None = None, code: str | None = None) -> dict:
        """:func:`collect` of ``matches()``, a search for ``text``, a rack or a pattern
        (``what``); BadInput ``empty`` or ``bad-rack``/``bad-pattern`` when it is none or bad."""
        if not text.strip():
            raise BadInput(message(_NO_INPUT[what]), "empty")
        try:
            return collect(matches(), ranked, limit, sort)
        except (SearchError, InvalidWord) as e:
            # a searched word (not a rack or pattern) that cannot be Greek: the normaliser's
            # code, as /api/hooks gives it (the search wraps its InvalidWord)
            invalid = e if isinstance(e, InvalidWord) else e.__context__
            if code and isinstance(invalid, InvalidWord):
                code = invalid.code
            raise search_error(e, code or "bad-" + what) from None

    def anagram(rack: str, min_length: int, max_length: int, exact: bool, limit: int,
                extra: int = 0, sort: str | None = None) -> dict:
        if extra and exact:
            raise BadInput(message("web.exact_super"), "bad-request")
        lengths(min_length, max_length)
        found = search("rack", rack, lambda: judge.anagram(
            _readable(rack), min_length=min_length, max_length=max_length, exact=exact,
            extra=extra or None), True, limit, sort)
        return {"rack": rack, "super": extra, **found}

    def pattern(text: str, rack: str | None, min_length: int, max_length: int,
                limit: int, sort: str | None = None) -> dict:
        rack = rack if rack and rack.strip() else None
        lengths(min_length, max_length)
        found = search("pattern", text, lambda: judge.pattern(
            _readable(text), rack=rack and _readable(rack), min_length=min_length,
            max_length=max_length), rack is not None, limit, sort)
        return {"pattern": text, "rack": rack, **found}

    def extensions(word: str, side: str, min_length: int, max_length: int, limit: int,
                   sort: str | None = None) -> dict:
        lengths(min_length, max_length)
        found = search("word", word, lambda: judge.extensions(
            _readable(word), side, min_length=min_length, max_length=max_length), False,
            limit, sort, "bad-request")
        return {"word": word, "side": side, **found}

    def hooks(word: str) -> dict:
        tile = _tile(word)
        try:
            h = judge.hooks(tile)
        except (SearchError, InvalidWord) as e:
            raise search_error(e, "bad-request") from None
        inner_front, inner_back = h.inner_words
        return {"word": word, "tile": tile, "front": "".join(h.front), "back": "".join(h.back),
                "inner_front": inner_front, "inner_back": inner_back}


    def bounds() -> dict[str, tuple[int, int]]:
        """The range of each bounded query parameter (as the Query declarations below)."""
        most = max(judge.max_length, 2)
        return {"min_length": (2, most), "max_length": (2, most), "limit": (1, MAX_RESULTS),
                "super": (0, MAX_SUPER)}

    def Words():
        return Query(default_factory=list, description="a word (repeat for several)")

    def Limit():
        return Query(DEFAULT_RESULTS, ge=1, le=MAX_RESULTS, description="results returned at most")

    def Length(default: int):
        # the board's lengths (§C6: a word has two letters at least; §LEN: the profile's most)
        return Query(default, ge=2, le=max(judge.max_length, 2))

    def lengths(min_length: int, max_length: int) -> None:
        if min_length > max_length:
            raise BadInput(message("web.lengths", lo=min_length, hi=max_length),
                           "out-of-range", 422)

    def Sort(default: str | None = None):
        return Query(default, pattern="^(|score|alpha|probability)$",
                     description="score (best first), alpha, or probability (longer first, "
                                 "then the likelier draw; each match gets its combinations)")

    def count_words(words: list[str], no_word: str) -> None:
        """BadInput when ``words`` is empty (``no_word`` says so) or longer than MAX_WORDS."""
        if not words:
            raise BadInput(no_word, "empty")
        if len(words) > MAX_WORDS:
            raise BadInput(message("web.too_many", n=len(words), most=MAX_WORDS),
                           "too-many-words", 413)

    async def check_answer(words: list[str], strict: bool = False) -> dict:
        results = await judge_words(words, strict)
        return {"all_valid": all(r["valid"] for r in results), "results": results}

    # -- pages ------------------------------------------------------------------------------------
    @app.api_route("/", methods=["GET", "POST"], response_class=HTMLResponse,
                   include_in_schema=False)
    async def judge_page(request: Request, words: str = Query("", max_length=MAX_BODY)):
        if request.method == "POST":
            words = (await _form(request)).get("words", "")
        results = await judge_words(_split_words(words), page_lang=lang)
        return page(request, "judge.html", words=words, results=results,
                    all_valid=all(r["valid"] for r in results))

    @app.get("/challenge", response_class=HTMLResponse, include_in_schema=False)
    async def challenge_page(request: Request, words: str = Query("", max_length=4096)):
        listed = _split_words(words)
        tiles = []
        for w in listed:
            try:
                tiles.append(to_tile(w))
            except InvalidWord:
                tiles.append(w)
        return page(request, "challenge.html", words=words, tiles=tiles,
                    verdict=await challenge(listed) if listed else None)

    @app.get("/analyse", response_class=HTMLResponse, include_in_schema=False)
    def analyse_page(request: Request, word: str = Query("", max_length=4096)):
        result, hooked, error = None, None, None
        try:
            result = explain(word) if word.strip() else None
            hooked = hooks(result["tile"]) if result and result["valid"] else None
        except BadInput as e:
            error = e
        return page(request, "analyse.html", word=word, result=result, hooks=hooked,
                    error=error, http_status=error.status if error else 200)

    @app.get("/paradigm", response_class=HTMLResponse, include_in_schema=False)
    def paradigm_page(request: Request, lemma: str = Query("", max_length=4096),
                      inflection_class: str = Query("", alias="class", max_length=32)):
        result, lemmas, error, note, status = None, [], None, None, 200
        if lemma.strip():
            try:
                result = paradigm(lemma, inflection_class)
            except BadInput as e:
                error, lemmas, status = e.reason, e.extra.get("lemmas", []), e.status
                if len(lemmas) == 1 and not inflection_class:
                    # a form, or an unaccented lemma, of one lemma: show that lemma
                    result = paradigm(lemmas[0]["lemma"], lemmas[0]["inflection_class"])
                    error, note, status = (None, phrase("paradigm.not_lemma", lang,
                                                        word=lemma.strip()), 200)
        sections = ([(t, tables.grid(t.rows, lang)) for t in result["_tables"]] if result
                    else [])
        return page(request, "paradigm.html", lemma=lemma, inflection_class=inflection_class,
                    sections=sections, lemmas=lemmas, error=error, note=note,
                    http_status=status)

    @app.get("/search", response_class=HTMLResponse, include_in_schema=False)
    def search_page(request: Request, rack: str = Query("", max_length=256),
                    pattern_text: str = Query("", alias="pattern", max_length=256),
                    min_length: int = Length(2), max_length: int = Length(15),
                    exact: bool = False, limit: int = Limit(),
                    extra: int = Query(0, alias="super", ge=0, le=MAX_SUPER),
                    sort: str | None = Sort()):
        result, error = None, None
        try:
            if pattern_text.strip():
                result = pattern(pattern_text, rack, min_length, max_length, limit, sort)
            elif rack.strip():
                result = anagram(rack, min_length, max_length, exact, limit, extra, sort)
        except BadInput as e:
            error = e
        values = tile_set().values
        return page(request, "search.html", rack=rack, pattern=pattern_text,
                    min_length=min_length, max_length=max_length, exact=exact, result=result,
                    extra=extra, sort=sort or "",
                    error=error, letters=[(c, values.get(c)) for c in TILE_LETTERS],
                    http_status=error.status if error else 200)

    @app.get("/api", response_class=HTMLResponse, include_in_schema=False)
    async def api_page(request: Request):
        return page(request, "api.html", max_words=MAX_WORDS, max_results=MAX_RESULTS,
                    default_results=DEFAULT_RESULTS, max_body=MAX_BODY, max_url=MAX_URL,
                    max_counted=number(MAX_COUNTED), max_ranked=number(MAX_RANKED))

    # -- JSON API ---------------------------------------------------------------------------------
    @app.get("/api/health", tags=["service"])
    async def api_health() -> dict:
        """Liveness: ``{"status": "ok", "version": …}`` (no look-up)."""
        return {"status": "ok", "version": __version__}

    @app.get("/api/check", tags=["judge"])
    async def api_check(word: list[str] = Words(), strict_accents: bool = False) -> dict:
        """Judge each ``word`` (repeat the parameter for several). Each result: ``word`` as
        given, ``tile`` form, ``valid``, ``rules`` (ids with §) and the ``reason`` of an
        invalid word; a word that cannot be Greek is invalid, with ``error`` its code.
        ``strict_accents``: a word typed with a lower-case letter must be written as one of
        its valid accented forms (ανθρωπου is invalid; the reason names ανθρώπου)."""
        count_words(word, "no word given: add ?word=… (repeat it for several words)")
        return await check_answer(word, strict_accents)

    @app.post("/api/check", tags=["judge"])
    async def api_check_post(request: Request) -> dict:
        """Judge a list: the body is JSON ``{"words": ["…", …]}`` (UTF-8, at most 1000
        words; ``"strict_accents": true`` as in ``GET``); the answer is that of ``GET
        /api/check``."""
        data = await _body(request)
        try:
            obj = json.loads(data.decode("utf-8"))
        except UnicodeDecodeError:
            raise BadInput("the request body is not valid UTF-8", "invalid-utf8") from None
        except json.JSONDecodeError as e:
            raise BadInput(f"the request body is not JSON ({e.msg} at character {e.pos})") from None
        words = obj.get("words") if isinstance(obj, dict) else None
        if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
            raise BadInput('the request body must be {"words": [strings]}')
        count_words(words, "no word given: the list is empty")
        strict = obj.get("strict_accents", False)
        if not isinstance(strict, bool):
            raise BadInput('"strict_accents" must be true or false')
        return await check_answer(words, strict)

    @app.get("/api/challenge", tags=["judge"])
    async def api_challenge(word: list[str] = Words()) -> dict:
        """The referee's verdict on a play: ``{"valid": true}`` only if every ``word`` is
        valid, with no rule, reason or hint of which word failed (``dektes check
        --challenge``)."""
        count_words(word, "no word given: add ?word=… (repeat it for every word of the play)")
        return {"words": word, "valid": await challenge(word)}

    @app.get("/api/analyse", tags=["analysis"])
    def api_analyse(word: str = Query(max_length=4096), strict_accents: bool = False) -> dict:
        """Every analysis of ``word`` (lemma, inflection class, UniMorph cell, accented
        surface, rules, weight; best first), the verdict, and for an invalid word the
        rules that block it or the closest valid words (``dektes explain --json``).
        ``strict_accents``: a word typed with a lower-case letter keeps only the analyses
        written as typed, and is invalid without one (the reason names the valid forms)."""
        return {k: v for k, v in explain(word, strict_accents).items()
                if not k.startswith("_")}

    @app.get("/api/paradigm", tags=["analysis"])
    def api_paradigm(lemma: str = Query(max_length=4096),
                     inflection_class: str | None = Query(None, alias="class", max_length=32)
                     ) -> dict:
        """The paradigm of ``lemma`` (accented, ``άνθρωπος``): per inflection class, every
        cell's forms with their variant (main, alt, colloq, rare). An unknown lemma is 404,
        with the lemmas the word is a form of in ``error.lemmas``."""
        result = paradigm(lemma, inflection_class)
        result.pop("_tables")
        return result

    @app.get("/api/anagram", tags=["search"])
    def api_anagram(rack: str = Query(max_length=256), min_length: int = Length(2),
                    max_length: int = Length(15), exact: bool = False,
                    limit: int = Limit(),
                    extra: int = Query(0, alias="super", ge=0, le=MAX_SUPER,
                                       description="super-anagrams: every tile and up to "
                                                   "this many letters more"),
                    sort: str | None = Sort("score")) -> dict:
        """Every valid word the ``rack`` makes (letters, ``?`` or ``*`` for at most two
        blanks), best score first: ``word``, ``blanks`` (positions played by blanks),
        ``shown`` (blanks in lower case), ``score`` (face value). ``exact``: every tile
        used; ``super=N``: the words that use every tile and up to N letters more.
        ``sort=probability``: longer words first, then the likelier draws, each match with
        its ``combinations``. ``count``, ``complete``, ``truncated`` as on every search:
        the number of matches found (counted up to 200,000), whether that is all of them,
        and whether ``matches`` (the first ``limit``) leaves any out."""
        return anagram(rack, min_length, max_length, exact, limit, extra, sort)

    @app.get("/api/pattern", tags=["search"])
    def api_pattern(pattern_text: str = Query(alias="pattern", max_length=256),
                    rack: str | None = Query(None, max_length=256),
                    min_length: int = Length(2), max_length: int = Length(15),
                    limit: int = Limit(), sort: str | None = Sort()) -> dict:
        """Every valid word matching the whole of ``pattern`` (``?`` one letter, ``*`` any
        run of letters, ``[ΘΤ]`` one of the letters named, ``[^ΑΕ]`` one letter other than
        those), in alphabetical order, or best score first when a ``rack`` limits the letters
        that ``?``, ``*`` and sets stand for (``sort`` chooses otherwise). ``count``,
        ``complete``, ``truncated`` as on every search: the number of matches found (counted
        up to 10,000 without a rack, 200,000 with one), whether that is all of them, and
        whether ``matches`` (the first ``limit``) leaves any out."""
        return pattern(pattern_text, rack, min_length, max_length, limit, sort)

    @app.get("/api/extensions", tags=["search"])
    def api_extensions(word: str = Query(max_length=256),
                       side: str = Query("any", pattern="^(" + "|".join(SIDES) + ")$",
                                         description="front: words that end with word; "
                                                     "back: that begin with it; any"),
                       min_length: int = Length(2), max_length: int = Length(15),
                       limit: int = Limit(), sort: str | None = Sort()) -> dict:
        """The valid words longer than ``word`` that contain it (``side``), alphabetical
        unless ``sort``; ``count``, ``complete``, ``truncated`` as on every search (counted
        up to 10,000)."""
        return extensions(word, side, min_length, max_length, limit, sort)

    @app.get("/api/hooks", tags=["search"])
    def api_hooks(word: str = Query(max_length=4096)) -> dict:
        """The letters that make a valid word before (``front``) and after (``back``) ``word``,
        and its inner hooks: the word less its first letter (``inner_front``) and less its
        last (``inner_back``) when valid, else null."""
        return hooks(word)

    return app
