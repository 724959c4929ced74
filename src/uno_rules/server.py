"""The referee service: a JSON API, server-sent events and the dispute page (extra ``serve``).

Started with ``uno-rules serve [--host 127.0.0.1] [--port 8000] [--store URL]``; the app is
``uno_rules.server.app`` (any ASGI server can run it; it keeps games in memory) or
``create_app()`` for other limits and another store (:mod:`uno_rules.storage`).

What it serves (the OpenAPI document at ``/openapi.json`` describes every route):

- ``POST /api/disputes?preset=NAME...``: settle a dispute (the same input as a dispute file,
  JSON or YAML; the same output as ``uno-rules rule --json``).
- ``GET /api/presets``, ``GET /api/presets/{name}``, ``POST /api/presets/check``.
- ``POST /api/replay``: check a game record (the output of ``uno-rules replay --json``).
- ``POST /api/games``: deal a table; each seat gets a token. ``GET .../seats/{seat}/view``,
  ``POST .../seats/{seat}/moves`` and ``GET .../seats/{seat}/events`` (JSON, or a stream of
  server-sent events) need that seat's token and show only what that seat may know.
- ``GET /api/admin/games``, ``POST /api/admin/prune``: what the store holds; prune it now.

Nothing a client sends is evaluated or imported, and no file is read on its behalf: presets
are named from the bundled set (an inline preset may extend one of them); YAML is read
safely with the library's limits; request bodies have a size and a time limit. A move is in
the store before it is answered. Rulings run in worker threads (large ones, under
``uno-rules serve``, in a worker process), never on the event loop; work is admitted by
cost and by client address, and what is capped is the work in hand, not the sockets.
"""

from __future__ import annotations

import asyncio
import functools
import gzip
import hashlib
import hmac
import json
import logging
import math
import multiprocessing
import os
import re
import secrets
import signal
import threading
import time
import weakref
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from importlib import resources
from typing import Any, TypeVar
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.convertors import PathConvertor, register_url_convertor
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from . import __version__
from ._openapi import document
from ._page_text import page_text as page_words
from ._suggest import closest
from .cards import Card
from .clauses import clause_text
from .deal import build_deck, next_round
from .deal import new_game as new_table
from .dispute import Settlement, settle, table_dict
from .engine import legal_moves
from .errors import NotationError, PresetError, UnoError, problem_text
from .errors import Problem as Sentence
from .events import view_events
from .i18n import N_, from_accept_language, normalize, translate
from .moves import parse_move
from .presets import load_preset, parse_yaml, preset_names, preset_summary
from .record import replay as replay_record
from .render import card_name, violation_text
from .ruling import rule_on
from .storage import (
    DEAL_SHARE,
    Game,
    MemoryStore,
    Store,
    StoreFull,
    StoreUnavailable,
    entry_move,
    entry_row,
)
from .svg import card_svg as draw_card
from .svg import dispute_svgs, ruling_svg, state_svg
from .verdict import add_plain_verdicts
from .view import view
from .violations import Violation


class _AnyText(PathConvertor):
    """A path parameter that takes any text, a line break too: a card text the route
    cannot read is the handler's 422, never a 404 "no such route"."""

    regex = "(?s:.*)"


register_url_convertor("anytext", _AnyText())


__all__ = [
    "AT_ONCE",
    "MAX_ANSWER_BYTES",
    "MAX_BODY_BYTES",
    "MAX_DISPUTE_MOVES",
    "MAX_GAMES",
    "MAX_LOG_ENTRIES",
    "MAX_PICTURES",
    "MAX_PICTURE_BYTES",
    "MAX_PRESETS",
    "MAX_STORE_BYTES",
    "Service",
    "app",
    "create_app",
]

MAX_BODY_BYTES = 64 * 1024
MAX_ANSWER_BYTES = 16 * 1024 * 1024
MAX_GAMES = 10_000
MAX_STORE_BYTES = 1024 * 1024 * 1024  # what the store keeps, in bytes (see storage.Store)
MAX_PRESETS = 8
MAX_DISPUTE_MOVES = 500  # with MAX_PRESETS, bounds the rulings one request may ask for
MAX_PICTURES = 100  # rulings (moves x presets) one request may ask pictures of
MAX_PICTURE_BYTES = 512 * 1024  # the pictures of one answer, SVG text; the rest are left out
GZIP_FROM = 1024  # answers this long or longer are compressed for a client that accepts gzip
GZIP_OFF_LOOP = 64 * 1024  # ... and compressed in a worker thread from this length on
MAX_LOG_ENTRIES = 20_000  # entries in one game's log
EVENTS_PAGE = 500  # entries in one JSON answer, and in one read of a stream
KEEP_ALIVE_SECONDS = 15.0
POLL_SECONDS = 0.5  # how often a stream looks for moves made by another process
BODY_SECONDS = 10.0  # the time a client has to send its whole body
KEEP_FINISHED_SECONDS = 3600.0
KEEP_IDLE_SECONDS = 7 * 86400.0
PRUNE_EVERY_SECONDS = 60.0
HEAVY_AT_ONCE = 1  # large disputes, replays and YAML bodies worked on at once
SMALL_AT_ONCE = 2  # small ones, beside them
AT_ONCE = {  # what the service takes on at once (beyond: 503 overloaded, or 429 for one client)
    "requests": 512,
    "requests-per-address": 64,
    "streams": 2000,
    "streams-per-address": 64,
    "streams-per-seat": 4,
}
HEAVY_SECONDS = 20.0  # the time one dispute, replay or preset check may take to answer
REQUEST_RATE = (400.0, 200.0)  # requests from one address: this many at once, then a second
RATE_DELAY_SECONDS = 1.0  # a request over its address's rate is answered (429) this late
LOGGER = logging.getLogger("uno_rules.server")
_YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")
_NUMBER = re.compile(r"[0-9]{1,9}")
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
_PAGE_FILES = {
    "page.js": "text/javascript; charset=utf-8",
    "page.css": "text/css; charset=utf-8",
}
_SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
_PRIVATE = {**_SECURITY_HEADERS, "Cache-Control": "no-store"}
_PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
T = TypeVar("T")


class Problem(Exception):
    """A request the service refuses: an HTTP status, a type and the list of problems."""

    def __init__(
        self, status: int, kind: str, problems: list[str], headers: dict[str, str] | None = None
    ) -> None:
        super().__init__("; ".join(problems))
        self.status = status
        self.kind = kind
        self.problems = problems
        self.headers = headers or {}

    def __reduce__(self) -> tuple[Any, ...]:  # sent back from a worker process
        return (Problem, (self.status, self.kind, self.problems, self.headers))


def _said(message: str, **facts: object) -> Sentence:
    """A problem of the service's own, not of a field: said in the request's language
    when the answer is written (``?lang=``, ``Accept-Language``)."""
    return Sentence("", message, facts)


def _unknown_preset(name: str) -> Sentence:
    """A preset named in a path that is not a bundled one, with the closest name."""
    near = closest(name, preset_names())
    hint = (N_(" (did you mean {path}?)"), {"path": repr(near)}) if near else ("", {})
    return _said(N_("unknown preset {name}{hint}"), name=repr(_short(name)), hint=hint)


_NO_SUCH_GAME = _said(N_("no such game (it was never dealt, or was pruned)"))
_FAILED = _said(N_("the service failed on this request"))
_STORE_DOWN = _said(N_("the game store cannot be reached just now: try again in a few seconds"))
STORE_RETRY_SECONDS = 2  # Retry-After of an answer refused while the store is down


class _Throttled:
    """A log line said at most once a second, with how many like it were left out."""

    def __init__(self) -> None:
        self.said_at = -1e9
        self.left_out = 0

    def warn(self, line: str) -> None:
        now = time.monotonic()
        if now - self.said_at < 1.0:
            self.left_out += 1
            return
        more = f" (and {self.left_out} more like it)" if self.left_out else ""
        self.said_at, self.left_out = now, 0
        LOGGER.warning("%s%s", line, more)


_STORE_LOG = _Throttled()


def _store_down(scope: Scope, headers: Mapping[str, str], exc: BaseException) -> JSONResponse:
    """The answer while the store is down: 503 ``store-unavailable`` with ``Retry-After``."""
    _STORE_LOG.warn(
        f"{scope.get('method', '')} {scope.get('path', '')}: refused: the store is "
        f"unavailable: {_short(str(exc), 120)}"
    )
    said = _STORE_DOWN.text(_lang_of_scope(scope, headers))
    return _problem_response(
        503, "store-unavailable", [said], {"Retry-After": str(STORE_RETRY_SECONDS)}
    )


def _problem_response(
    status: int, kind: str, problems: list[str], headers: dict[str, str] | None = None
) -> JSONResponse:
    body = {"error": kind, "message": "; ".join(problems), "problems": problems}
    return JSONResponse(body, status_code=status, headers={**_PRIVATE, **(headers or {})})


def _accepts_gzip(header: str) -> bool:
    """Whether an ``Accept-Encoding`` header accepts gzip (``gzip``, ``x-gzip`` or ``*``
    with a weight above 0; an explicit ``gzip;q=0`` refuses it)."""
    weights: dict[str, float] = {}
    for part in header.lower().split(",")[:32]:
        coding, *params = part.split(";")
        weight = 1.0
        for param in params[:8]:
            name, _, value = param.partition("=")
            if name.strip() == "q":
                try:
                    weight = float(value.strip())
                except ValueError:
                    weight = 0.0
        weights[coding.strip()] = weight
    if "gzip" in weights or "x-gzip" in weights:
        return max(weights.get("gzip", 0.0), weights.get("x-gzip", 0.0)) > 0
    return weights.get("*", 0.0) > 0


@functools.lru_cache(maxsize=64)
def _gzipped(body: bytes) -> bytes:
    """A public answer compressed, kept for the next time it is asked for (the presets,
    the decks, the page's words and files are the same for everyone)."""
    return gzip.compress(body, 6, mtime=0)


class _Answer(Response):
    """An answer compressed with gzip when the client accepts it and it is long enough
    (``GZIP_FROM``): SVG and JSON shrink twenty to sixty times, so that a short request can
    never make the service send much. A long answer is compressed in a worker thread,
    never on the event loop. ``Vary: Accept-Encoding`` either way."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.headers["vary"] = ", ".join(
            v for v in (self.headers.get("vary"), "Accept-Encoding") if v
        )
        accept = ""
        for key, value in scope.get("headers", ()):
            if key.lower() == b"accept-encoding":
                accept = value.decode("latin-1")
        if len(self.body) >= GZIP_FROM and _accepts_gzip(accept):
            if len(self.body) >= GZIP_OFF_LOOP:
                self.body = await asyncio.to_thread(gzip.compress, self.body, 6, mtime=0)
            elif "no-store" in self.headers.get("cache-control", ""):
                self.body = gzip.compress(self.body, 6, mtime=0)  # a seat's: never kept
            else:
                self.body = _gzipped(self.body)
            self.headers["content-encoding"] = "gzip"
            self.headers["content-length"] = str(len(self.body))
        await super().__call__(scope, receive, send)


def _uno_problem(exc: UnoError, lang: str = "en") -> Problem:
    """The typed problem list of a library error, as the command line prints it: each
    problem in ``lang``, still naming where it is as the input writes it."""
    problems = getattr(exc, "problems", None)
    if isinstance(exc, NotationError):  # a text that cannot be read: said in ``lang`` too
        said = [exc.problem("").text(lang)]
    else:
        said = [problem_text(p, lang) for p in problems] if problems else [str(exc)]
    return Problem(422, type(exc).__name__, said)


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


# --------------------------------------------------------------------------- reading input


def _read_yaml(text: str) -> Any:
    """A YAML body as plain data (in a worker thread: YAML is read in Python)."""
    try:
        data = parse_yaml(text, "body")
    except PresetError as exc:
        raise Problem(400, "bad-request", exc.problems) from None
    problems: list[str] = []
    _plain_problems(data, "body", problems)
    if problems:
        raise Problem(400, "bad-request", problems[:10])
    return data


Runner = Callable[..., Awaitable[Any]]


async def _body(request: Request, limit: int, run: Runner | None = None) -> Any:
    """The request body as plain data: JSON, or YAML read safely; at most ``limit`` bytes,
    sent within ``BODY_SECONDS``. A body must say what it is (``Content-Type``). YAML is
    read off the event loop, by ``run`` (the service's admission by cost) when given."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json" and kind not in _YAML_TYPES:
        raise Problem(
            415,
            "unsupported-media-type",
            [
                _said(
                    N_("send application/json or application/yaml, not {kind}"),
                    kind=_short(kind) if kind else (N_("no Content-Type"), {}),
                )
            ],
        )
    declared = request.headers.get("content-length")
    too_large = Problem(
        413, "too-large", [_said(N_("the request body is limited to {limit} bytes"), limit=limit)]
    )
    if declared is not None and (not _NUMBER.fullmatch(declared) or int(declared) > limit):
        raise too_large
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(BODY_SECONDS):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise too_large
                chunks.append(chunk)
    except TimeoutError:
        LOGGER.warning("%s: dropped: the body took over %g s", _client(request.scope), BODY_SECONDS)
        raise Problem(
            408,
            "timeout",
            [
                _said(
                    N_("the request body must arrive within {seconds} seconds"),
                    seconds=f"{BODY_SECONDS:g}",
                )
            ],
        ) from None
    raw = b"".join(chunks)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Problem(
            400, "bad-request", [_said(N_("the request body is not UTF-8 text"))]
        ) from None
    if kind in _YAML_TYPES:
        if run is None:
            return await asyncio.to_thread(_read_yaml, text)
        return await run(request, _yaml_cost(len(raw)), _read_yaml, text)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise Problem(
            400,
            "bad-request",
            [Sentence("body", N_("not valid JSON: {reason}"), {"reason": _short(str(exc))})],
        ) from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _plain_problems(data: Any, where: str, problems: list[str]) -> None:
    """Where YAML read something JSON cannot carry (a date, binary, a set, a non-text key,
    an infinite number): such a body is refused, not answered with a Python rendering."""
    if len(problems) >= 10:
        return
    if isinstance(data, dict):
        for key, value in data.items():
            if not isinstance(key, str):
                problems.append(
                    Sentence(
                        where,
                        N_("the key {key} must be text (quote it)"),
                        {"key": _short(str(key))},
                    )
                )
            else:
                _plain_problems(value, f"{where}.{_short(key)}", problems)
    elif isinstance(data, list):
        for index, value in enumerate(data):
            _plain_problems(value, f"{where}[{index}]", problems)
    elif isinstance(data, float) and not math.isfinite(data):
        problems.append(
            Sentence(where, N_("{value} is not a number JSON can carry"), {"value": data})
        )
    elif data is not None and not isinstance(data, str | int | float):
        what = type(data).__name__
        problems.append(
            Sentence(
                where,
                N_("a YAML {kind} is not plain data: write it as quoted text"),
                {"kind": what},
            )
        )


def _short(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[: most - 3] + "..."


def _mapping(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise Problem(422, "SituationError", [Sentence(what, N_("expected a mapping of fields"))])
    return data


def _bundled(name: Any, where: str) -> str:
    """A bundled preset name; anything else (a path, another type) is refused, so that no
    file is read for a client."""
    names = preset_names()
    if not isinstance(name, str) or name not in names:
        near = closest(name, names) if isinstance(name, str) else None
        hint = (N_(" (did you mean {path}?)"), {"path": repr(near)}) if near else ("", {})
        shown: object = (
            _short(repr(name))
            if isinstance(name, str | int | float | bool)
            else (N_("a non-name"), {})
        )
        raise Problem(
            422,
            "PresetError",
            [
                Sentence(
                    where,
                    N_("unknown preset {name}{hint}; choose one of: {names}"),
                    {"name": shown, "hint": hint, "names": ", ".join(names)},
                )
            ],
        )
    return name


def _rules_source(value: Any, where: str) -> str | dict[str, Any]:
    """A client's ``rules``: a bundled name, or an inline mapping whose ``extends`` (if
    any) is a bundled name."""
    if isinstance(value, dict):
        if "extends" in value:
            _bundled(value["extends"], f"{where}.extends")
        return value
    return _bundled(value, where)


def _number(text: str, where: str) -> int:
    """A count from a query or a header: ASCII digits, at most nine."""
    if not _NUMBER.fullmatch(text):
        raise Problem(
            400, "bad-request", [Sentence(where, N_("expected a number (0 to 999999999)"))]
        )
    return int(text)


# --------------------------------------------------------------------------- guards


class _Bucket:
    """Per-client token buckets: ``burst`` at once, then ``rate`` a second."""

    def __init__(self, burst: float, rate: float, clock: Callable[[], float]) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self.level: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self.log = _Throttled()  # a burst of refusals is one line a second

    def _now(self, client: str) -> float:
        now = self.clock()
        level, then = self.level.get(client, (self.burst, now))
        level = min(self.burst, level + (now - then) * self.rate)
        self.level[client] = (level, now)
        self.level.move_to_end(client)
        while len(self.level) > 10_000:
            self.level.popitem(last=False)
        return level

    def check(self, client: str, what: str) -> None:
        """Refuse (429) if ``client`` has nothing left."""
        if self._now(client) < 1:
            wait = max(1, math.ceil((1 - self.level[client][0]) / self.rate))
            self.log.warn(f"{client}: refused: too many {what}")
            raise Problem(
                429,
                "too-many-requests",
                [
                    _said(
                        N_("too many {what} from this address: try again in {wait} s"),
                        what=(what, {}),
                        wait=wait,
                    )
                ],
                {"Retry-After": str(wait)},
            )

    def take(self, client: str) -> None:
        level = self._now(client)
        self.level[client] = (level - 1, self.level[client][1])

    def spend(self, client: str) -> int:
        """Take one for ``client`` and say 0, or, if it has nothing left, take nothing and
        say how many seconds until it has (at least 1)."""
        level = self._now(client)
        if level < 1:
            return max(1, math.ceil((1 - level) / self.rate))
        self.level[client] = (level - 1, self.level[client][1])
        return 0


SMALL_COST = 64  # work up to this cost is small: it never waits behind large work


def _yaml_cost(size: int) -> int:
    """The cost of reading a YAML body of ``size`` bytes (about a ruling's time per 64
    bytes: YAML is read in Python)."""
    return size // 64


def _dispute_cost(moves: int, presets: int, pictures: bool) -> int:
    """The cost of settling a dispute: its rulings, ten times that with pictures."""
    rulings = max(1, moves) * max(1, presets)
    return rulings * (10 if pictures else 1)


class _Lane:
    """``slots`` pieces of work at once; the others wait in one queue per client address,
    and a freed slot goes to the clients in turn (fair queuing): a client that sends many
    requests waits behind its own, not in front of everyone else's. Each client may have
    ``waiting`` requests queued; more are refused (429)."""

    def __init__(self, slots: int, waiting: int) -> None:
        self.free = slots
        self.most_waiting = waiting
        self.queues: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()

    async def acquire(self, client: str, seconds: float) -> bool:
        """Take a slot within ``seconds``: ``False`` if none came in time."""
        if self.free > 0 and not self.queues:
            self.free -= 1
            return True
        queue = self.queues.get(client)
        if queue is None:
            queue = self.queues[client] = deque()
        if len(queue) >= self.most_waiting:
            LOGGER.warning("%s: refused: too many requests waiting", client)
            raise Problem(
                429,
                "too-many-requests",
                [
                    _said(
                        N_("too many {what} from this address: try again in {wait} s"),
                        what=(N_("requests waiting"), {}),
                        wait=1,
                    )
                ],
                {"Retry-After": "1"},
            )
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        queue.append(turn)
        try:
            await asyncio.wait({turn}, timeout=max(0.0, seconds))
        except BaseException:  # cancelled: give back a slot handed over meanwhile
            self._forget(client, turn)
            raise
        if turn.done():
            return True
        self._forget(client, turn)
        return False

    def _forget(self, client: str, turn: asyncio.Future[None]) -> None:
        if turn.done():
            self.release()
            return
        turn.cancel()
        queue = self.queues.get(client)
        if queue is not None and turn in queue:
            queue.remove(turn)
            if not queue:
                del self.queues[client]

    def release(self) -> None:
        """Hand the slot to the next client in turn, or free it."""
        while self.queues:
            client, queue = self.queues.popitem(last=False)
            turn = queue.popleft()
            if queue:
                self.queues[client] = queue  # at the end: the others go first
            if not turn.done():
                turn.set_result(None)
                return
        self.free += 1


class _Admission:
    """What the service has in hand: requests being answered and open event streams, in
    all and by client address (and streams by seat). A connection that has sent no whole
    request header counts for nothing here: the cap counts work, not sockets."""

    def __init__(self, limits: Mapping[str, int]) -> None:
        self.limits = dict(limits)
        self.held: dict[tuple[str, str], int] = {}

    def enter(self, keys: tuple[tuple[str, str], ...]) -> tuple[str, str] | None:
        """Count one more under each key, unless one is at its limit (then that key)."""
        for key in keys:
            if self.held.get(key, 0) >= self.limits[key[0]]:
                return key
        for key in keys:
            self.held[key] = self.held.get(key, 0) + 1
        return None

    def leave(self, keys: tuple[tuple[str, str], ...]) -> None:
        for key in keys:
            left = self.held[key] - 1
            if left:
                self.held[key] = left
            else:
                del self.held[key]


_STREAM_PATH = re.compile(r"/api/games/([^/]+)/seats/([0-9]+)/events")
_FULL_LOG = _Throttled()
_RATE_LOG = _Throttled()
_FULL_WORDS = {
    "requests": (N_("requests at once"), 503),
    "requests-per-address": (N_("requests at once"), 429),
    "streams": (N_("event streams"), 503),
    "streams-per-address": (N_("event streams"), 429),
    "streams-per-seat": (N_("event streams for this seat"), 429),
}


class _Guard:
    """The outermost layer: the Host and Origin of every request, what the service takes on
    at once (:class:`_Admission`), and a JSON 500 (one log line, no traceback) for anything
    that goes wrong inside."""

    def __init__(
        self,
        app: ASGIApp,
        hosts: tuple[str, ...] | None,
        limits: Mapping[str, int],
        rate: _Bucket | None = None,
    ) -> None:
        self.app = app
        self.hosts = None if hosts is None else {h.lower().strip("[]") for h in hosts}
        self.admission = _Admission(limits)
        self.rate = rate

    def _flooding(self, scope: Scope, headers: Mapping[str, str]) -> Response | None:
        """The answer to a request from an address over its rate (:data:`REQUEST_RATE`):
        429 ``too-many-requests`` with ``Retry-After``, refused before any work."""
        if self.rate is None:
            return None
        client = _client(scope)
        wait = self.rate.spend(client)
        if not wait:
            return None
        _RATE_LOG.warn(f"{client}: refused: too many requests a second")
        said = _said(
            N_("too many {what} from this address: try again in {wait} s"),
            what=(N_("requests a second"), {}),
            wait=wait,
        )
        lang = _lang_of_scope(scope, headers)
        return _problem_response(
            429, "too-many-requests", [said.text(lang)], {"Retry-After": str(wait)}
        )

    def _refused_for_load(
        self, scope: Scope, headers: Mapping[str, str]
    ) -> tuple[tuple[tuple[str, str], ...], Response | None]:
        """The keys this request counts under, or the answer that refuses it."""
        client = _client(scope)
        seat = _STREAM_PATH.fullmatch(scope.get("path", ""))
        if seat is not None and "text/event-stream" in headers.get("accept", ""):
            keys: tuple[tuple[str, str], ...] = (
                ("streams", ""),
                ("streams-per-address", client),
                ("streams-per-seat", f"{seat[1]}/{seat[2]}"),
            )
        else:
            keys = (("requests", ""), ("requests-per-address", client))
        full = self.admission.enter(keys)
        if full is None:
            return keys, None
        what, status = _FULL_WORDS[full[0]]
        _FULL_LOG.warn(f"{client}: refused: too many {what}")
        lang = _lang_of_scope(scope, headers)
        if status == 429:
            said = _said(
                N_("too many {what} from this address: try again in {wait} s"),
                what=(what, {}),
                wait=1,
            )
            kind = "too-many-requests"
        else:
            said = _said(N_("the service has too much work in hand: try again in {wait} s"), wait=1)
            kind = "overloaded"
        answer = _problem_response(status, kind, [said.text(lang)], {"Retry-After": "1"})
        return keys, answer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        refused = self._refused(headers)
        if refused is not None:
            LOGGER.warning("%s: refused: %s", _client(scope), refused.problems[0])
            lang = _lang_of_scope(scope, headers)
            said = [problem_text(p, lang) for p in refused.problems]
            await _problem_response(refused.status, refused.kind, said)(scope, receive, send)
            return
        scope["uno_rules.arrived"] = time.monotonic()  # time limits count from here
        flooding = self._flooding(scope, headers)
        if flooding is not None:
            # answered late: a client that floods waits on each connection it floods
            # with, so that refusing it costs next to nothing (no answer to write 400
            # times a second), and it has no more refusals a second than connections
            await _pause(RATE_DELAY_SECONDS)
            await flooding(scope, receive, send)
            return
        keys, full = self._refused_for_load(scope, headers)
        if full is not None:
            await full(scope, receive, send)
            return
        try:
            await self._serve(scope, receive, send, headers)
        finally:
            self.admission.leave(keys)

    async def _serve(
        self, scope: Scope, receive: Receive, send: Send, headers: Mapping[str, str]
    ) -> None:
        started = False

        async def watch(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive, watch)
        except (ClientDisconnect, OSError):
            LOGGER.warning("%s: dropped: the client hung up", _client(scope))
        except StoreUnavailable as exc:
            if not started:
                await _store_down(scope, headers, exc)(scope, receive, send)
        except Exception as exc:
            LOGGER.error(
                "%s %s: internal error: %s", scope["method"], scope["path"], _short(repr(exc), 200)
            )
            if not started:
                failed = _FAILED.text(_lang_of_scope(scope, headers))
                answer = _problem_response(500, "internal-error", [failed])
                await answer(scope, receive, send)

    def _refused(self, headers: dict[str, str]) -> Problem | None:
        host = headers.get("host", "")
        name = _host_name(host)
        if self.hosts is not None and name not in self.hosts:
            return Problem(
                400,
                "bad-request",
                [
                    Sentence(
                        "Host",
                        N_("{host} is not a name this server answers to"),
                        {"host": repr(_short(host))},
                    )
                ],
            )
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in (f"http://{host}", f"https://{host}"):
            return Problem(
                403,
                "forbidden",
                [
                    Sentence(
                        "Origin",
                        N_("{origin}: only this server's own page may call it"),
                        {"origin": repr(_short(origin))},
                    )
                ],
            )
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return Problem(
                403, "forbidden", [_said(N_("a page on another site may not call this server"))]
            )
        return None


async def _pause(seconds: float) -> None:
    """Wait ``seconds`` before answering a client over its rate (a hook for the tests)."""
    await asyncio.sleep(seconds)


def _host_name(host: str) -> str:
    """The name in a Host header, without its port."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


class _Changes:
    """Wakes the streams of a game when this process commits a move to it, or when the
    process's one watcher of the store sees that another process did (:meth:`watch`)."""

    def __init__(self) -> None:
        self.events: dict[str, asyncio.Event] = {}
        self.watched: dict[str, int] = {}  # games with open streams: how many
        self.seen: dict[str, tuple[int, bool] | None] = {}  # their heads when last looked
        self.watcher: asyncio.Task[None] | None = None

    def watch(self, game_id: str) -> None:
        self.watched[game_id] = self.watched.get(game_id, 0) + 1

    def unwatch(self, game_id: str) -> None:
        left = self.watched.get(game_id, 1) - 1
        if left > 0:
            self.watched[game_id] = left
        else:
            self.watched.pop(game_id, None)
            self.seen.pop(game_id, None)

    def saw(self, heads: Mapping[str, tuple[int, bool]]) -> None:
        """The heads of the watched games as the store has them now: wake the streams of
        each game whose head changed (or that is gone)."""
        for game_id in list(self.watched):
            head = heads.get(game_id)
            if game_id in self.seen and self.seen[game_id] == head:
                continue
            self.seen[game_id] = head
            self.notify(game_id)

    def waiter(self, game_id: str) -> asyncio.Event:
        return self.events.setdefault(game_id, asyncio.Event())

    def notify_all(self) -> None:
        """Wake every stream (games were pruned: each looks whether its game is still kept)."""
        for event in self.events.values():
            event.set()
        self.events.clear()

    def notify(self, game_id: str) -> None:
        event = self.events.pop(game_id, None)
        if event is not None:
            event.set()


# --------------------------------------------------------------------------- games


def _seat_view(game: Game, seat: int) -> dict[str, Any]:
    state = game.state
    moves = [] if state.game_over else [str(m) for m in legal_moves(state, seat=seat)]
    if state.round_over and not state.game_over:
        moves.append("next-round")
    return {
        "seat": seat,
        "view": view(state, seat).to_dict(),
        "legal_moves": moves,
        "events": game.version,
    }


def _lang_of_scope(scope: Scope, headers: Mapping[str, str]) -> str:
    """:func:`_lang_of` before the request is one (the guard's own answers)."""
    query = scope.get("query_string", b"").decode("latin-1")
    asked = parse_qs(query).get("lang", [""])[0]
    if asked:
        return normalize(asked)
    return from_accept_language(headers.get("accept-language"))


def _lang_of(request: Request) -> str:
    """The language a request asks for: ``?lang=``, else its ``Accept-Language``."""
    asked = request.query_params.get("lang")
    if asked:
        return normalize(asked)
    return from_accept_language(request.headers.get("accept-language"))


_NEXT_ROUND = "B2.5"  # a finished round is followed by a new deal


def _asked(text: str, seat: int, lang: str) -> str:
    """The move ``text`` asks for, as the log writes it (``next-round`` as it is)."""
    if text.strip().lower() == "next-round":
        return "next-round"
    try:
        move = parse_move(text)
    except NotationError as exc:
        raise _uno_problem(exc, lang) from None
    if move.seat != seat:
        raise Problem(
            403,
            "forbidden",
            [_said(N_("seat {seat} cannot move for seat {other}"), seat=seat, other=move.seat)],
        )
    return str(move)


def _retried(
    store: Store, game: Game, seat: int, asked: str, expected: int, lang: str
) -> dict[str, Any]:
    """A move sent for version ``expected`` of a game now at another version: if the entry
    at ``expected`` is this very move of this seat, the move was applied (the answer was
    lost on the way): its ruling again, marked ``replayed``, and nothing applied. Anything
    else is a 409 ``stale-version``: the seat decides again on the game as it is."""
    raw = store.entry(game.id, expected) if 0 <= expected < game.version else None
    if raw is not None:
        kept_seat, kept_move, clause = entry_move(raw)
        if kept_seat == seat and kept_move == asked and clause is not None:
            return {
                "move": kept_move,
                "legal": True,
                "clause": clause,
                "rule": clause_text(clause, game.state.rules, lang),
                "violation": None,
                "replayed": True,
                **_seat_view(game, seat),
            }
    raise Problem(
        409,
        "stale-version",
        [
            _said(
                N_(
                    "the move was sent for version {expected} of the game, which is at "
                    "version {version}: read the seat's view and decide again"
                ),
                expected=expected,
                version=game.version,
            )
        ],
        {"ETag": f'"{game.version}"'},
    )


def _rule_and_keep(
    store: Store,
    game_id: str,
    seat: int,
    text: str,
    now: float,
    lang: str = "en",
    expected: int | None = None,
) -> dict[str, Any]:
    """Rule on ``text`` for ``seat`` and, if legal, keep the move (in a worker thread). If
    another process moved first, rule again on the new state, unless the move was sent for
    an ``expected`` version (see :func:`_retried`). The ruling's sentences are written in
    ``lang``."""
    asked = _asked(text, seat, lang)
    for _ in range(8):
        game = store.load(game_id)
        if game is None:
            raise Problem(404, "not-found", [_NO_SUCH_GAME])
        if expected is not None and expected != game.version:
            return _retried(store, game, seat, asked, expected, lang)
        if game.version >= MAX_LOG_ENTRIES:
            raise Problem(
                409,
                "log-full",
                [
                    _said(
                        N_("this game has {count} log entries, the most it may hold"),
                        count=MAX_LOG_ENTRIES,
                    )
                ],
            )
        if asked == "next-round":
            # the answer of any other move: its clause (B2.5, the next round is dealt; or
            # the violation's), the violation, the seat's view
            result = next_round(game.state)
            rules = game.state.rules
            if isinstance(result, Violation):
                refused = {**result.to_dict(), "message": violation_text(result, lang)}
                return {
                    "move": "next-round",
                    "legal": False,
                    "clause": result.rule,
                    "rule": clause_text(result.rule, rules, lang),
                    "violation": refused,
                    **_seat_view(game, seat),
                }
            entry = entry_row(
                game.version, seat, "next-round", [[] for _ in range(game.players)], _NEXT_ROUND
            )
            if store.commit(game, result, entry, now):
                game.state, game.version = result, game.version + 1
                return {
                    "move": "next-round",
                    "legal": True,
                    "clause": _NEXT_ROUND,
                    "rule": clause_text(_NEXT_ROUND, rules, lang),
                    "violation": None,
                    **_seat_view(game, seat),
                }
            continue
        ruling = rule_on(game.state, parse_move(asked))
        violation = ruling.violation
        out: dict[str, Any] = {
            "move": str(ruling.move),
            "legal": ruling.legal,
            "clause": ruling.clause,
            "rule": clause_text(ruling.clause, game.state.rules, lang),
            "violation": None
            if violation is None
            else {**violation.to_dict(), "message": violation_text(violation, lang)},
        }
        if not ruling.legal:
            return {**out, **_seat_view(game, seat)}
        views = [[e.to_dict() for e in view_events(ruling.events, s)] for s in range(game.players)]
        entry = entry_row(game.version, seat, str(ruling.move), views, ruling.clause)
        if store.commit(game, ruling.state, entry, now):
            game.state, game.version = ruling.state, game.version + 1
            return {**out, **_seat_view(game, seat)}
    raise Problem(503, "busy", [_said(N_("this game is changing too fast: send the move again"))])


# --------------------------------------------------------------------------- large work
# Module functions of plain data, so that a worker process can run them
# (``uno-rules serve`` rules large requests in worker processes: see ``Service``).


def _check_preset(data: dict[str, Any]) -> dict[str, Any]:
    """``presets check --json`` of an inline preset."""
    try:
        rules = load_preset(data)
    except PresetError as exc:  # the keys of ``presets check --json`` (no file here)
        problems = exc.problems
        return {
            "file": None,
            "ok": False,
            "problems": problems[:1000],
            "problem_count": len(problems),
        }
    return {"file": None, "ok": True, "problems": [], "name": rules.name}


def _settle_work(
    data: dict[str, Any], presets: list[str], pictures: bool, lang: str
) -> dict[str, Any]:
    """A dispute settled, as ``uno-rules rule --json`` prints it (its pictures if asked)."""
    try:
        settlement = settle(data, presets)
    except UnoError as exc:
        raise _uno_problem(exc, lang) from None
    out = add_plain_verdicts(settlement.to_dict(None, lang), settlement.rulings, lang)
    if pictures:
        drawn = _pictures(settlement, data.get("hands"), data.get("draw_pile"), lang)
        out["pictures"], out["pictures_omitted"] = _within_budget(drawn, MAX_PICTURE_BYTES)
    return out


def _within_budget(
    pictures: dict[str, list[dict[str, str]]], budget: int
) -> tuple[dict[str, list[dict[str, str]]], int]:
    """The pictures of the first moves, for every preset alike, while their SVG text stays
    within ``budget`` bytes; and how many moves' pictures were left out. The lists stay
    aligned with the rulings: a preset's ``pictures[i]`` is still move ``i``'s."""
    moves = max((len(drawn) for drawn in pictures.values()), default=0)
    used = kept = 0
    for index in range(moves):
        size = sum(
            len(drawn[index]["before"]) + len(drawn[index]["after"])
            for drawn in pictures.values()
            if index < len(drawn)
        )
        if used + size > budget:
            break
        used += size
        kept += 1
    return {name: drawn[:kept] for name, drawn in pictures.items()}, moves - kept


def _picture_work(data: dict[str, Any], presets: list[str], lang: str) -> str:
    """One SVG picture of a dispute's rulings."""
    try:
        settlement = settle(data, presets)
    except UnoError as exc:
        raise _uno_problem(exc, lang) from None
    result = add_plain_verdicts(settlement.to_dict(None, lang), settlement.rulings, lang)
    return ruling_svg(data, result, lang, MAX_PICTURE_BYTES)


def _replay_work(data: dict[str, Any], lang: str) -> dict[str, Any]:
    """A game record checked, as ``uno-rules replay --json`` prints it."""
    try:
        result = replay_record(data)
    except UnoError as exc:
        raise _uno_problem(exc, lang) from None
    return {
        "file": None,
        "applied": result.applied,
        "ok": result.ok,
        "index": result.index,
        "move": None if result.index is None else data["moves"][result.index],
        "violation": None if result.violation is None else result.violation.to_dict(),
        "table": table_dict(result.state),
    }


class _JSONText(str):
    """An answer already written as JSON (by the worker that computed it)."""

    __slots__ = ()


def _dumps(data: Any) -> str:
    try:
        return json.dumps(data, allow_nan=False, separators=(",", ":"))
    except (ValueError, TypeError, RecursionError):
        problem = _said(N_("the input holds a value JSON cannot carry"))
        raise Problem(400, "bad-request", [problem]) from None


def _playtest_work(
    source: Any, data: dict[str, Any], baseline: str | None, lang: str, deadline: float
) -> Any:
    """A rule set checked by playing it (``docs/playtest.md``): the report's JSON, or its
    HTML page when asked; its games stop past ``deadline``."""
    # start-up: only this route plays games
    from .playtest_page import report_html
    from .playtesting import http_options, playtest

    def still_wanted(done: int, total: int) -> None:
        if time.monotonic() > deadline:
            raise TimeoutError

    try:
        rules = load_preset(source)
        options = http_options(data, rules)
        report = playtest(rules, baseline=baseline, block_size=1, progress=still_wanted, **options)
    except UnoError as exc:
        raise _uno_problem(exc, lang) from None
    return report_html(report, lang) if data.get("html") is True else report.to_dict()


def _as_json(work: Callable[..., Any], *args: Any) -> _JSONText:
    """``work(*args)`` written as JSON where it was computed: a large answer crosses from
    a worker process as one string, and is never encoded on the event loop."""
    return _JSONText(_dumps(work(*args)))


def _ready() -> bool:
    """A worker process's first task: it has imported the service's modules."""
    return True


def _worker_started(server: int) -> None:
    """In a worker process: Ctrl+C is the server's to handle (it stops the workers), and
    the worker ends as soon as the server process is gone, even killed (a worker left
    behind would hold the server's standard streams open)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while True:
            time.sleep(0.5)
            try:
                os.kill(server, 0)
            except OSError:
                os._exit(0)

    threading.Thread(target=watch, daemon=True).start()


class _Workers:
    """Where large work runs: threads of this process (the default), or ``processes``
    worker processes (started when first needed), which leave this process's interpreter
    to the event loop and the small work, and use the machine's other cores."""

    def __init__(self) -> None:
        self.processes = 0
        self.pool: ProcessPoolExecutor | None = None

    def run(self, work: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        if self.processes <= 0:
            return asyncio.ensure_future(asyncio.to_thread(work, *args))
        loop = asyncio.get_running_loop()
        return loop.run_in_executor(self._pool(), work, *args)

    def _pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            methods = multiprocessing.get_all_start_methods()
            context = multiprocessing.get_context(
                "forkserver" if "forkserver" in methods else "spawn"
            )
            self.pool = ProcessPoolExecutor(
                self.processes,
                mp_context=context,
                initializer=_worker_started,
                initargs=(os.getpid(),),
            )
        return self.pool

    def start(self, processes: int) -> None:
        """Rule large work in ``processes`` worker processes, started now."""
        self.processes = processes
        for _ in range(processes):
            self._pool().submit(_ready)

    def broken(self) -> None:
        """A worker process died: a new pool for the next request."""
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None

    def close(self) -> None:
        """Stop the worker processes (once the work they have in hand is done)."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = None


# --------------------------------------------------------------------------- the app


def create_app(
    max_body: int = MAX_BODY_BYTES,
    max_games: int = MAX_GAMES,
    *,
    store: Store | None = None,
    server_key: str | None = None,
    allowed_hosts: tuple[str, ...] | None = LOOPBACK_NAMES,
    keep_finished: float = KEEP_FINISHED_SECONDS,
    keep_idle: float = KEEP_IDLE_SECONDS,
    creations: tuple[float, float] = (30, 0.5),
    failed_tokens: tuple[float, float] = (30, 0.5),
    clock: Callable[[], float] = time.time,
    heavy_seconds: float = HEAVY_SECONDS,
    at_once: Mapping[str, int] | None = None,
    max_store_bytes: int | None = MAX_STORE_BYTES,
    requests: tuple[float, float] | None = REQUEST_RATE,
) -> Service:
    """The ASGI app.

    ``max_body`` bytes per request body; at most ``max_games`` games kept (beyond, dealing is
    refused until old ones are pruned); ``store`` keeps them (in memory by default);
    ``server_key``, if given, is needed to deal a table and for the admin routes;
    ``allowed_hosts`` are the names the ``Host`` header may carry (``None``: any);
    finished games are pruned ``keep_finished`` seconds after their last move, unfinished
    ones ``keep_idle`` seconds after it; ``creations`` and ``failed_tokens`` are the
    per-client limits (burst, then per second) on dealing and on wrong seat tokens;
    a dispute, replay or preset check not answered within ``heavy_seconds`` of its arrival
    gets a 503; ``at_once`` changes some of the limits of :data:`AT_ONCE` on the requests
    and event streams served at once, in all, by client address and by seat;
    ``max_store_bytes`` bounds what the store keeps, in bytes (``None``: no bound): new
    tables are refused past ``DEAL_SHARE`` of it and moves past all of it, with a 507
    ``store-full``, until old games are pruned; ``requests`` is the rate of requests one
    client address may send (burst, then per second; beyond, 429; ``None``: no limit).
    """
    games: Store = MemoryStore() if store is None else store
    games.max_bytes = max_store_bytes
    changes = _Changes()
    created = _Bucket(*creations, clock)
    failures = _Bucket(*failed_tokens, clock)
    locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
    lanes = {"small": _Lane(SMALL_AT_ONCE, 32), "large": _Lane(HEAVY_AT_ONCE, 8)}
    workers = _Workers()
    closing = asyncio.Event()
    pruned_at = [clock()]
    watch_store = not isinstance(games, MemoryStore)  # other processes may move its games

    async def off_loop(work: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(work, *args)

    def too_slow() -> Problem:
        return Problem(
            503,
            "too-slow",
            [
                _said(
                    N_("the answer took over {seconds} s: ask for less (fewer moves, presets)"),
                    seconds=f"{heavy_seconds:g}",
                )
            ],
            {"Retry-After": "1"},
        )

    async def heavy_work(request: Request, cost: int, work: Callable[..., T], *args: Any) -> T:
        """Work that changes nothing (a dispute, a replay, a preset check, reading YAML),
        off the loop, admitted by cost and by client: small work (up to ``SMALL_COST``) and
        large work have slots of their own, so small work never waits behind large work,
        and in each a client waits behind its own requests only (:class:`_Lane`). Answered
        503 ``too-slow`` once ``heavy_seconds`` have passed since the request arrived,
        waiting included. A thread cannot be stopped: one given up on keeps its slot until
        it ends, so giving up never lets more run at once."""
        large = cost > SMALL_COST
        lane = lanes["large" if large else "small"]
        arrived = request.scope.get("uno_rules.arrived", time.monotonic())
        deadline = arrived + heavy_seconds
        client = _client(request.scope)
        if not await lane.acquire(client, deadline - time.monotonic()):
            LOGGER.warning("%s: gave up on a request after %g s", client, heavy_seconds)
            raise too_slow()
        try:
            task = workers.run(work, *args) if large else asyncio.to_thread(work, *args)
            task = asyncio.ensure_future(task)
        except BaseException:
            lane.release()
            raise

        def done(finished: asyncio.Future[T]) -> None:
            lane.release()
            if not finished.cancelled():
                finished.exception()  # retrieved: a request given up on logs nothing

        task.add_done_callback(done)
        try:
            return await asyncio.wait_for(asyncio.shield(task), deadline - time.monotonic())
        except TimeoutError:
            LOGGER.warning("%s: gave up on a request after %g s", client, heavy_seconds)
            raise too_slow() from None
        except BrokenProcessPool:
            LOGGER.error("%s: a worker process died; starting new ones", client)
            workers.broken()
            raise Problem(
                503,
                "busy",
                [_said(N_("the service failed on this request"))],
                {"Retry-After": "1"},
            ) from None

    def ok(data: Any, status: int = 200, private: bool = False) -> Response:
        body = data if isinstance(data, _JSONText) else _dumps(data)
        if len(body) > MAX_ANSWER_BYTES:
            raise Problem(
                422,
                "answer-too-large",
                [
                    _said(
                        N_(
                            "the answer would be {size} bytes, over the limit of {limit}: ask "
                            "for fewer moves or presets, or no pictures"
                        ),
                        size=len(body),
                        limit=MAX_ANSWER_BYTES,
                    )
                ],
            )
        return _Answer(body, status, _PRIVATE if private else _SECURITY_HEADERS, "application/json")

    def store_full(most: int) -> Problem:
        return Problem(
            507,
            "store-full",
            [
                _said(
                    N_(
                        "the game store is full (it keeps at most {limit} bytes; new tables "
                        "stop at {share} bytes): try again once old games are pruned"
                    ),
                    limit=most,
                    share=int(most * DEAL_SHARE),
                )
            ],
            {"Retry-After": str(int(PRUNE_EVERY_SECONDS))},
        )

    def need_key(request: Request) -> None:
        if server_key is None:
            return
        auth = request.headers.get("authorization", "")
        given = auth[7:].strip() if auth[:7].lower() == "bearer " else ""
        if not given:
            raise Problem(
                401, "unauthorized", [_said(N_("this server needs its key: Authorization: Bearer"))]
            )
        if not hmac.compare_digest(_digest(given), _digest(server_key)):
            client = _client(request.scope)
            failures.check(client, N_("wrong keys"))
            failures.take(client)
            raise Problem(403, "forbidden", [_said(N_("this is not the server's key"))])

    async def seat_of(request: Request, stream: bool = False) -> tuple[Game, int]:
        """The game and seat named in the path, once the request shows that seat's token."""
        game_id = request.path_params["game"]
        seat = request.path_params["seat"]
        missing = Problem(404, "not-found", [_NO_SUCH_GAME])
        if not _GAME_ID.fullmatch(game_id):
            raise missing
        token = _token(request, stream)
        client = _client(request.scope)
        if token is None:
            where: object = (
                (N_("Authorization: Bearer, or ?token= on the stream"), {})
                if stream
                else "Authorization: Bearer"
            )
            raise Problem(
                401, "unauthorized", [_said(N_("send the seat's token: {where}"), where=where)]
            )
        failures.check(client, N_("wrong tokens"))
        game = await off_loop(games.load, game_id)
        if game is None:
            raise missing
        digest = _digest(token)
        if not 0 <= seat < game.players:
            # the table's size is told only to one of its seats: to anyone else a seat out
            # of range is a token that is not that seat's, as for any other seat
            if any(hmac.compare_digest(digest, kept) for kept in game.tokens):
                raise Problem(
                    404,
                    "not-found",
                    [Sentence("seat", N_("expected 0 to {last}"), {"last": game.players - 1})],
                )
            failures.take(client)
            raise Problem(
                403, "forbidden", [_said(N_("this token is not seat {seat}'s"), seat=seat)]
            )
        if not hmac.compare_digest(digest, game.tokens[seat]):
            failures.take(client)
            raise Problem(
                403, "forbidden", [_said(N_("this token is not seat {seat}'s"), seat=seat)]
            )
        return game, seat

    async def maybe_prune(force: bool = False) -> int:
        now = clock()
        if not force and now - pruned_at[0] < PRUNE_EVERY_SECONDS:
            return 0
        pruned_at[0] = now
        gone = await off_loop(games.prune, now - keep_finished, now - keep_idle)
        if gone:
            LOGGER.info("pruned %d old games", gone)
            changes.notify_all()
        return gone

    async def page(request: Request) -> Response:
        html = resources.files("uno_rules").joinpath("web/index.html").read_text("utf-8")
        headers = {**_SECURITY_HEADERS, "Content-Security-Policy": _PAGE_POLICY}
        return _Answer(html, media_type="text/html; charset=utf-8", headers=headers)

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        media = _PAGE_FILES.get(name)
        if media is None:
            raise Problem(404, "not-found", [_said(N_("no such file"))])
        text = resources.files("uno_rules").joinpath(f"web/{name}").read_text("utf-8")
        return _Answer(text, media_type=media, headers=_SECURITY_HEADERS)

    # The answers that are the same for everyone are computed once (_fixed_answer): a
    # client asking for them again and again costs the event loop only the asking.

    async def openapi(request: Request) -> Response:
        return ok(_fixed_answer("openapi"))

    async def presets_list(request: Request) -> Response:
        # The same list as `uno-rules presets list --json`.
        return ok(_fixed_answer("presets"))

    async def page_text(request: Request) -> Response:
        return ok(_fixed_answer("page-text", _lang_of(request)))

    async def deck(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in preset_names():
            raise Problem(404, "not-found", [_unknown_preset(name)])
        return ok(_fixed_answer("deck", _lang_of(request), name))

    async def presets_show(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in preset_names():
            raise Problem(404, "not-found", [_unknown_preset(name)])
        return ok(_fixed_answer("preset", "en", name))

    async def presets_check(request: Request) -> Response:
        data = _mapping(await _body(request, max_body, heavy_work), "preset")
        if "extends" in data:
            _bundled(data["extends"], "extends")

        return ok(await heavy_work(request, 1, _as_json, _check_preset, data))

    async def presets_playtest(request: Request) -> Response:
        # The play check (docs/playtest.md): a small one, within HTTP_LIMITS.
        data = _mapping(await _body(request, max_body, heavy_work), "playtest")
        source = _rules_source(data.get("preset"), "preset")
        baseline = data.get("baseline", "official")
        baseline = None if baseline is None else _bundled(baseline, "baseline")
        lang = _lang_of(request)
        # A worker cannot be stopped: past the time limit the games stop themselves, after
        # the game being played, so that an answer given up on frees its place soon (the
        # monotonic clock is the machine's, in a worker process too).
        arrived = request.scope.get("uno_rules.arrived", time.monotonic())
        deadline = arrived + heavy_seconds
        answer: Any = await heavy_work(
            request, SMALL_COST + 1, _playtest_work, source, data, baseline, lang, deadline
        )
        if isinstance(answer, str):
            policy = "default-src 'none'; style-src 'unsafe-inline'"  # the page is whole
            headers = {**_SECURITY_HEADERS, "Content-Security-Policy": policy}
            return _Answer(answer, media_type="text/html", headers=headers)
        return ok(answer)

    async def dispute_asked(request: Request) -> tuple[dict[str, Any], list[str]]:
        """The dispute of a request's body and the presets of its query, checked."""
        data = _mapping(await _body(request, max_body, heavy_work), "dispute")
        presets = request.query_params.getlist("preset")
        if len(presets) > MAX_PRESETS:
            raise Problem(
                422,
                "PresetError",
                [Sentence("preset", N_("at most {most} presets"), {"most": MAX_PRESETS})],
            )
        for name in presets:
            _bundled(name, "preset")
        twice = sorted({name for name in presets if presets.count(name) > 1})
        if twice:  # as the command line refuses it: one column per preset asked for
            raise Problem(
                422,
                "PresetError",
                [
                    Sentence(
                        "preset",
                        N_("{name} is given more than once; give each preset once"),
                        {"name": twice[0]},
                    )
                ],
            )
        moves = data.get("moves")
        if isinstance(moves, list) and len(moves) > MAX_DISPUTE_MOVES:
            raise Problem(
                422,
                "SituationError",
                [Sentence("moves", N_("at most {most} moves"), {"most": MAX_DISPUTE_MOVES})],
            )
        pictures = request.query_params.get("pictures") in ("1", "true", "yes")
        rulings = (len(moves) if isinstance(moves, list) else 0) * max(1, len(presets))
        if pictures and rulings > MAX_PICTURES:
            raise Problem(
                422,
                "answer-too-large",
                [
                    Sentence(
                        "pictures",
                        N_(
                            "at most {most} rulings (moves x presets) with pictures; this asks "
                            "for {count}"
                        ),
                        {"most": MAX_PICTURES, "count": rulings},
                    )
                ],
            )
        if "rules" in data:
            data = {**data, "rules": _rules_source(data["rules"], "rules")}
        return data, presets

    def cost_of(data: dict[str, Any], presets: list[str], pictures: bool) -> int:
        moves = data.get("moves")
        return _dispute_cost(len(moves) if isinstance(moves, list) else 0, len(presets), pictures)

    async def disputes(request: Request) -> Response:
        data, presets = await dispute_asked(request)
        pictures = request.query_params.get("pictures") in ("1", "true", "yes")
        lang = _lang_of(request)

        cost = cost_of(data, presets, pictures)
        return ok(
            await heavy_work(request, cost, _as_json, _settle_work, data, presets, pictures, lang)
        )

    async def ruling_picture(request: Request) -> Response:
        # A picture of the rulings to save or send: only what the description says.
        data, presets = await dispute_asked(request)
        lang = _lang_of(request)

        cost = cost_of(data, presets, True)
        svg = await heavy_work(request, cost, _picture_work, data, presets, lang)
        return _Answer(svg, media_type="image/svg+xml", headers=dict(_SECURITY_HEADERS))

    async def read_dispute(request: Request) -> Response:
        # The page opens dispute files through this: YAML is read here, safely.
        return ok(_mapping(await _body(request, max_body, heavy_work), "dispute"))

    async def replay(request: Request) -> Response:
        data = _mapping(await _body(request, max_body, heavy_work), "record")
        if "rules" in data:
            data = {**data, "rules": _rules_source(data["rules"], "rules")}

        lang = _lang_of(request)

        moves = data.get("moves")
        cost = _dispute_cost(len(moves) if isinstance(moves, list) else 0, 1, False)
        return ok(await heavy_work(request, cost, _as_json, _replay_work, data, lang))

    async def new_game(request: Request) -> Response:
        need_key(request)
        client = _client(request.scope)
        created.check(client, N_("new games"))
        data = _mapping(await _body(request, max_body, heavy_work), "game")
        unknown = sorted(_short(str(k)) for k in data if k not in ("rules", "players", "dealer"))
        if unknown:
            raise Problem(
                422,
                "SituationError",
                [Sentence(k, N_("unknown field{hint}"), {"hint": ("", {})}) for k in unknown],
            )
        rules = _rules_source(data.get("rules", "official"), "rules")
        seed = secrets.randbits(63)  # as secret as the deck: never sent
        lang = _lang_of(request)

        def make() -> tuple[Game, tuple[str, ...]]:
            try:
                state = new_table(
                    rules, players=data.get("players", 4), seed=seed, dealer=data.get("dealer")
                )
            except UnoError as exc:
                raise _uno_problem(exc, lang) from None
            tokens = tuple(secrets.token_urlsafe(24) for _ in range(state.players))
            game = Game(
                secrets.token_urlsafe(12),
                state.players,
                tuple(_digest(t) for t in tokens),
                state,
                finished=state.game_over,
                touched=clock(),
            )
            return game, tokens

        game, tokens = await off_loop(make)
        await maybe_prune()

        async def keep() -> str:
            """``kept``, or what is full: ``games`` or ``bytes``."""
            try:
                return "kept" if await off_loop(games.create, game, max_games) else "games"
            except StoreFull:
                return "bytes"

        # the count (and the bytes) and the insert are one step in the store: two
        # requests (or two processes) cannot both take the last place
        if await keep() != "kept":
            await maybe_prune(force=True)
            full = await keep()
            if full == "bytes":
                most = games.max_bytes or 0
                _FULL_LOG.warn(f"{client}: refused: the store is full ({most} bytes)")
                raise store_full(most)
            if full == "games":
                LOGGER.warning("%s: refused: the store holds %d games", client, max_games)
                raise Problem(
                    503,
                    "too-many-games",
                    [
                        _said(
                            N_("this server keeps at most {most} games: try again later"),
                            most=max_games,
                        )
                    ],
                    {"Retry-After": str(int(PRUNE_EVERY_SECONDS))},
                )
        created.take(client)
        return ok(
            {
                "game": game.id,
                "rules": game.state.rules.name,
                "players": game.players,
                "seats": [{"seat": s, "token": t} for s, t in enumerate(tokens)],
            },
            status=201,
            private=True,
        )

    async def seat_view(request: Request) -> Response:
        game, seat = await seat_of(request)
        return ok(await off_loop(_seat_view, game, seat), private=True)

    async def seat_table_svg(request: Request) -> Response:
        game, seat = await seat_of(request)
        svg = await off_loop(state_svg, game.state, seat, False, _lang_of(request))
        return _Answer(svg, media_type="image/svg+xml", headers=_PRIVATE)

    async def seat_move(request: Request) -> Response:
        game, seat = await seat_of(request)
        data = _mapping(await _body(request, max_body, heavy_work), "move")
        text = data.get("move")
        expected = data.get("version")
        if (
            not isinstance(text, str)
            or not set(data) <= {"move", "version"}
            or (
                expected is not None
                and (not isinstance(expected, int) or isinstance(expected, bool) or expected < 0)
            )
        ):
            raise Problem(
                422,
                "NotationError",
                [
                    _said(
                        N_("expected {example}"),
                        example='{"move": "<move text>", "version": <number>}',
                    )
                ],
            )
        if any(_digest(word) in game.tokens for word in text.split()[:16]):
            # a token pasted into the move: refused without a word of the text, which every
            # error would otherwise quote back
            raise Problem(
                422,
                "NotationError",
                [
                    _said(
                        N_(
                            "the move text holds a seat's token: send it in the Authorization "
                            "header only"
                        )
                    )
                ],
            )
        lock = locks.get(game.id)
        if lock is None:  # one move of a game at a time in this process (the store's
            lock = locks[game.id] = asyncio.Lock()  # version check covers other processes)
        async with lock:
            try:
                out = await off_loop(
                    _rule_and_keep, games, game.id, seat, text, clock(), _lang_of(request), expected
                )
            except StoreFull:
                await maybe_prune()  # if one is due: the move may be sent again after it
                _FULL_LOG.warn(f"{_client(request.scope)}: refused a move: the store is full")
                raise store_full(games.max_bytes or 0) from None
        changes.notify(game.id)
        return ok(out, private=True)

    async def seat_events(request: Request) -> Response:
        streaming = "text/event-stream" in request.headers.get("accept", "")
        game, seat = await seat_of(request, stream=streaming)
        last = request.headers.get("last-event-id")
        if last is not None:
            after = _number(last, "Last-Event-ID") + 1
        else:
            after = _number(request.query_params.get("after", "0"), "after")
        if not streaming:
            limit = _number(request.query_params.get("limit", str(EVENTS_PAGE)), "limit")
            if not 1 <= limit <= EVENTS_PAGE:
                raise Problem(
                    400,
                    "bad-request",
                    [Sentence("limit", N_("expected 1 to {most}"), {"most": EVENTS_PAGE})],
                )
            page = await off_loop(games.entries, game.id, seat, after, limit)
            more = len(page) == limit and after + limit < game.version
            nxt = after + len(page) if more else max(game.version, after + len(page))
            return ok({"events": page, "next": nxt, "more": more}, private=True)
        return StreamingResponse(
            event_stream(request, game.id, seat, after),
            media_type="text/event-stream",
            headers=_PRIVATE,
        )

    async def event_stream(
        request: Request, game_id: str, seat: int, after: int
    ) -> AsyncIterator[str]:
        """Server-sent events: each log entry as one ``move`` event (its id is its index), a
        comment now and then to keep the connection open; the stream ends with an ``end``
        event: the game is over, gone, the server is stopping, or its store is down."""
        try:
            async for chunk in stream_entries(request, game_id, seat, after):
                yield chunk
        except StoreUnavailable as exc:
            _STORE_LOG.warn(f"a stream ended: the store is unavailable: {_short(str(exc), 120)}")
            yield 'event: end\ndata: {"reason":"unavailable"}\n\n'

    async def stream_entries(
        request: Request, game_id: str, seat: int, after: int
    ) -> AsyncIterator[str]:
        changes.watch(game_id)
        if watch_store and changes.watcher is None:
            changes.watcher = asyncio.ensure_future(watch_heads())
        try:
            async for chunk in stream_from(request, game_id, seat, after):
                yield chunk
        finally:
            changes.unwatch(game_id)

    async def watch_heads() -> None:
        """The process's one reader of the store for its streams: every ``POLL_SECONDS``,
        the heads of every game with an open stream in one query, so that moves made by
        another process reach the streams here, however many are open; it stops when no
        stream is left."""
        try:
            while changes.watched and not closing.is_set():
                await asyncio.sleep(POLL_SECONDS)
                ids = list(changes.watched)
                try:
                    heads = await off_loop(games.heads, ids)
                except StoreUnavailable as exc:
                    _STORE_LOG.warn(f"streams: the store is unavailable: {_short(str(exc), 120)}")
                    continue
                changes.saw(heads)
        finally:
            changes.watcher = None

    async def stream_from(
        request: Request, game_id: str, seat: int, after: int
    ) -> AsyncIterator[str]:
        sent = after
        while True:
            if closing.is_set():
                yield 'event: end\ndata: {"reason":"shutdown"}\n\n'
                return
            changed = changes.waiter(game_id)
            page = await off_loop(games.entries, game_id, seat, sent, EVENTS_PAGE)
            for entry in page:
                yield f"id: {entry['index']}\nevent: move\ndata: {json.dumps(entry)}\n\n"
                sent = entry["index"] + 1
            if len(page) == EVENTS_PAGE:
                continue
            head = await off_loop(games.head, game_id)
            if head is None:
                yield 'event: end\ndata: {"reason":"gone"}\n\n'
                return
            version, finished = head
            if finished and sent >= version:
                yield 'event: end\ndata: {"reason":"game-over"}\n\n'
                return
            if sent < version:
                continue
            wake = asyncio.ensure_future(changed.wait())
            stop = asyncio.ensure_future(closing.wait())
            done, _ = await asyncio.wait(
                {wake, stop}, timeout=KEEP_ALIVE_SECONDS, return_when="FIRST_COMPLETED"
            )
            for task in (wake, stop):
                task.cancel()
            if done:
                continue
            if await request.is_disconnected():
                return
            yield ": keep-alive\n\n"

    async def card_svg(request: Request) -> Response:
        # a two-sided card's text holds a slash (R5/T7, F1): the route takes it whole
        try:
            svg = draw_card(request.path_params["card"], _lang_of(request))
        except NotationError as exc:
            raise _uno_problem(exc, _lang_of(request)) from None
        headers = {
            **_SECURITY_HEADERS,
            "Cache-Control": "public, max-age=86400",
            "Vary": "Accept-Language",  # its words follow the language asked for
        }
        return _Answer(svg, media_type="image/svg+xml", headers=headers)

    async def admin_games(request: Request) -> Response:
        need_key(request)

        def usage() -> dict[str, Any]:
            return {
                "store": games.kind,
                "games": games.count(),
                "max_games": max_games,
                "bytes": games.size(),
                "max_bytes": games.max_bytes,
            }

        return ok(await off_loop(usage), private=True)

    async def admin_prune(request: Request) -> Response:
        need_key(request)
        return ok({"pruned": await maybe_prune(force=True)}, private=True)

    async def on_problem(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Problem)
        lang = _lang_of(request)
        said = [problem_text(p, lang) for p in exc.problems]
        return _problem_response(exc.status, exc.kind, said, exc.headers)

    async def on_http(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        headers = dict(getattr(exc, "headers", None) or {})
        if status == 405:
            allowed = [m.strip() for m in headers.get("Allow", "").split(",") if m.strip()]
            allowed = sorted({*allowed, "OPTIONS"})
            headers["Allow"] = ", ".join(allowed)
            if request.method == "OPTIONS":
                return Response(status_code=204, headers={**_SECURITY_HEADERS, **headers})
            problem = _said(
                N_("{method} is not allowed here; use {allowed}"),
                method=request.method,
                allowed=", ".join(allowed),
            )
            return _problem_response(
                405, "method-not-allowed", [problem.text(_lang_of(request))], headers
            )
        if status == 404:
            return _problem_response(
                404, "not-found", [_said(N_("no such route")).text(_lang_of(request))]
            )
        return _problem_response(status, "bad-request", [str(getattr(exc, "detail", "error"))])

    async def on_store_down(request: Request, exc: Exception) -> Response:
        return _store_down(request.scope, request.headers, exc)

    async def on_error(request: Request, exc: Exception) -> Response:
        # The guard around the app logs it, in one line.
        failed = _FAILED.text(_lang_of(request))
        return _problem_response(500, "internal-error", [failed])

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        closing.set()
        workers.close()

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/static/{name}", asset, methods=["GET"]),
        Route("/openapi.json", openapi, methods=["GET"]),
        Route("/api/presets", presets_list, methods=["GET"]),
        Route("/api/presets/check", presets_check, methods=["POST"]),
        Route("/api/presets/playtest", presets_playtest, methods=["POST"]),
        Route("/api/presets/{name}", presets_show, methods=["GET"]),
        Route("/api/page-text", page_text, methods=["GET"]),
        Route("/api/decks/{name}", deck, methods=["GET"]),
        Route("/api/disputes", disputes, methods=["POST"]),
        Route("/api/disputes/read", read_dispute, methods=["POST"]),
        Route("/api/disputes/picture.svg", ruling_picture, methods=["POST"]),
        Route("/api/replay", replay, methods=["POST"]),
        Route("/api/cards/{card:anytext}.svg", card_svg, methods=["GET"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{game}/seats/{seat:int}/view", seat_view, methods=["GET"]),
        Route("/api/games/{game}/seats/{seat:int}/table.svg", seat_table_svg, methods=["GET"]),
        Route("/api/games/{game}/seats/{seat:int}/moves", seat_move, methods=["POST"]),
        Route("/api/games/{game}/seats/{seat:int}/events", seat_events, methods=["GET"]),
        Route("/api/admin/games", admin_games, methods=["GET"]),
        Route("/api/admin/prune", admin_prune, methods=["POST"]),
    ]
    inner = Starlette(
        routes=routes,
        exception_handlers={
            Problem: on_problem,
            HTTPException: on_http,
            StoreUnavailable: on_store_down,
            Exception: on_error,
        },
        lifespan=lifespan,
    )
    limits = {**AT_ONCE, **(at_once or {})}
    rate = None if requests is None else _Bucket(*requests, clock)
    return Service(inner, allowed_hosts, games, closing, limits, workers, rate)


class Service:
    """The service as one ASGI app: :class:`_Guard` around the routes."""

    def __init__(
        self,
        inner: Starlette,
        hosts: tuple[str, ...] | None,
        store: Store,
        closing: asyncio.Event,
        limits: Mapping[str, int],
        workers: _Workers,
        rate: _Bucket | None = None,
    ) -> None:
        self._guarded = _Guard(inner, hosts, limits, rate)
        self.routes = inner.routes
        self.store = store
        self._closing = closing
        self._workers = workers

    def use_worker_processes(self, processes: int) -> None:
        """Rule large requests (disputes, replays and YAML bodies over the small size) in
        ``processes`` worker processes, started now, instead of threads of this process;
        ``uno-rules serve`` does."""
        self._workers.start(processes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._guarded(scope, receive, send)

    def close_streams(self) -> None:
        """End every open event stream with an ``end`` event (reason ``shutdown``);
        ``uno-rules serve`` calls this when it is asked to stop."""
        self._closing.set()


def _token(request: Request, stream: bool) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip() or None
    # EventSource cannot send headers, so the event stream (and only it) takes ?token=.
    return request.query_params.get("token") if stream else None


@functools.lru_cache(maxsize=256)
def _fixed_answer(what: str, lang: str = "en", name: str = "") -> _JSONText:
    """An answer that is the same for every client (``what``: ``openapi``, ``presets``,
    ``page-text``, ``deck``, ``preset``), in ``lang``, of the bundled preset ``name``:
    written as JSON once. Its arguments are a language the service knows and a bundled
    preset's name, so the cache is bounded."""
    data: Any
    if what == "openapi":
        data = openapi_document()
    elif what == "presets":
        data = [{"name": n, "summary": preset_summary(n)} for n in preset_names()]
    elif what == "page-text":
        data = page_words(lang)
    elif what == "preset":
        data = load_preset(name).to_dict()
    else:
        copies: dict[Card, int] = {}
        for card in build_deck(load_preset(name)):
            copies[card] = copies.get(card, 0) + 1
        cards = [
            {"card": str(card), "name": _both_faces(card, lang), "copies": count}
            for card, count in copies.items()
        ]
        data = {"preset": name, "lang": lang, "cards": cards}
    return _JSONText(_dumps(data))


def _both_faces(card: Card, lang: str) -> str:
    """A card's name for the picker: a two-sided card's both faces (F1)."""
    other = card.other
    if other is None:
        return card_name(card, lang)
    return translate(
        lang,
        N_("{card}, other face {other}"),
        card=card_name(card.face, lang),
        other=card_name(other, lang),
    )


def _pictures(
    settlement: Settlement, hands: object = None, draw_pile: object = None, lang: str = "en"
) -> dict[str, Any]:
    """The pictures of a settled dispute, their words in ``lang``; the seats whose hands
    the dispute gives as counts keep them face down, and so does every card the engine
    filled in (drawn from the part of the draw pile the dispute does not name)."""
    unknown = frozenset(
        seat
        for seat, hand in enumerate(hands if isinstance(hands, list) else [])
        if isinstance(hand, int) and not isinstance(hand, bool)
    )
    named = len(draw_pile) if isinstance(draw_pile, list) else 0
    return {
        name: [{"before": before, "after": after} for before, after in pictures]
        for name, pictures in dispute_svgs(settlement, unknown, named, lang).items()
    }


def openapi_document() -> dict[str, Any]:
    """The OpenAPI 3.1 description of the service."""
    return document(__version__)


app = create_app()
