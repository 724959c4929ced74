"""The referee service: a JSON API, server-sent events and the dispute page (extra ``serve``).

Started with ``uno-rules serve [--host 127.0.0.1] [--port 8000]``; the app is
``uno_rules.server.app`` (any ASGI server can run it) or ``create_app()`` for other limits.

What it serves (the OpenAPI document at ``/openapi.json`` describes every route):

- ``POST /api/disputes?preset=NAME...``: settle a dispute (the same input as a dispute file,
  JSON or YAML; the same output as ``uno-rules rule --json``).
- ``GET /api/presets``, ``GET /api/presets/{name}``, ``POST /api/presets/check``.
- ``POST /api/replay``: check a game record (the output of ``uno-rules replay --json``).
- ``POST /api/games``: deal a table; each seat gets a token. ``GET .../seats/{seat}/view``,
  ``POST .../seats/{seat}/moves`` and ``GET .../seats/{seat}/events`` (JSON, or a stream of
  server-sent events) need that seat's token and show only what that seat may know.

Nothing a client sends is evaluated or imported, and no file is read on its behalf: presets
are named from the bundled set (an inline preset may extend one of them); YAML is read
safely with the library's limits; request bodies have a size limit.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import secrets
from collections import OrderedDict
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

from attrs import define, field
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from . import __version__
from .dispute import Settlement, settle, table_dict
from .errors import NotationError, PresetError, UnoError
from .events import Event, view_events
from .state import GameState

__all__ = ["MAX_BODY_BYTES", "MAX_DISPUTE_MOVES", "MAX_GAMES", "MAX_PRESETS", "app", "create_app"]

MAX_BODY_BYTES = 64 * 1024
MAX_GAMES = 1000
MAX_PRESETS = 8
MAX_DISPUTE_MOVES = 500  # with MAX_PRESETS, bounds the rulings one request may ask for
KEEP_ALIVE_SECONDS = 15.0
_YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")
_PAGE_FILES = {
    "page.js": "text/javascript; charset=utf-8",
    "page.css": "text/css; charset=utf-8",
}
_SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
_PAGE_POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)


class Problem(Exception):
    """A request the service refuses: an HTTP status, a type and the list of problems."""

    def __init__(self, status: int, kind: str, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.status = status
        self.kind = kind
        self.problems = problems


def _problem_response(status: int, kind: str, problems: list[str]) -> JSONResponse:
    body = {"error": kind, "message": "; ".join(problems), "problems": problems}
    return JSONResponse(body, status_code=status, headers=_SECURITY_HEADERS)


def _uno_problem(exc: UnoError) -> Problem:
    """The typed problem list of a library error, as the command line prints it."""
    problems = getattr(exc, "problems", None)
    return Problem(422, type(exc).__name__, list(problems) if problems else [str(exc)])


# --------------------------------------------------------------------------- reading input


async def _body(request: Request, limit: int) -> Any:
    """The request body as plain data: JSON, or YAML read safely; at most ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise Problem(413, "too-large", [f"the request body is limited to {limit} bytes"])
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Problem(413, "too-large", [f"the request body is limited to {limit} bytes"])
        chunks.append(chunk)
    raw = b"".join(chunks)
    kind = request.headers.get("content-type", "application/json").split(";")[0].strip().lower()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Problem(400, "bad-request", ["the request body is not UTF-8 text"]) from None
    if kind in _YAML_TYPES:
        from .presets import parse_yaml

        try:
            return parse_yaml(text, "body")
        except PresetError as exc:
            raise Problem(400, "bad-request", exc.problems) from None
    if kind != "application/json":
        raise Problem(
            415,
            "unsupported-media-type",
            [f"send application/json or application/yaml, not {kind}"],
        )
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise Problem(400, "bad-request", [f"body: not valid JSON: {exc}"]) from None


def _mapping(data: Any, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise Problem(422, "SituationError", [f"{what}: expected a mapping of fields"])
    return data


def _bundled(name: Any, where: str) -> str:
    """A bundled preset name; anything else (a path, another type) is refused, so that no
    file is read for a client."""
    from .presets import preset_names

    names = preset_names()
    if not isinstance(name, str) or name not in names:
        from ._suggest import did_you_mean

        hint = did_you_mean(name, names) if isinstance(name, str) else ""
        raise Problem(
            422,
            "PresetError",
            [f"{where}: unknown preset {name!r}{hint}; choose one of: {', '.join(names)}"],
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


# --------------------------------------------------------------------------- games


@define
class _Game:
    state: GameState
    tokens: tuple[str, ...]
    log: list[tuple[int | None, str, tuple[Event, ...]]] = field(factory=list)
    changed: asyncio.Event = field(factory=asyncio.Event)

    def record(self, seat: int | None, move: str, events: tuple[Event, ...]) -> None:
        self.log.append((seat, move, events))
        self.changed.set()
        self.changed = asyncio.Event()  # a new one for the next change; waiters woke up

    def entries(self, seat: int, after: int) -> list[dict[str, Any]]:
        """The log from entry ``after`` on, as ``seat`` may see it."""
        return [
            {
                "index": index,
                "seat": mover,
                "move": move,
                "events": [e.to_dict() for e in view_events(events, seat)],
            }
            for index, (mover, move, events) in enumerate(self.log[after:], after)
        ]


class _Games:
    """The tables in play, in memory; the least recently used goes when there are too many."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.games: OrderedDict[str, _Game] = OrderedDict()

    def add(self, game: _Game) -> str:
        game_id = secrets.token_urlsafe(12)
        self.games[game_id] = game
        while len(self.games) > self.limit:
            self.games.popitem(last=False)
        return game_id

    def seat(self, request: Request) -> tuple[_Game, int]:
        """The game and seat named in the path, once the request shows that seat's token."""
        game = self.games.get(request.path_params["game"])
        if game is None:
            raise Problem(404, "not-found", ["no such game (it may have ended long ago)"])
        self.games.move_to_end(request.path_params["game"])
        seat = request.path_params["seat"]
        if not 0 <= seat < len(game.tokens):
            raise Problem(404, "not-found", [f"seat: expected 0 to {len(game.tokens) - 1}"])
        token = _token(request)
        if token is None:
            raise Problem(401, "unauthorized", ["send the seat's token: Authorization: Bearer"])
        if not hmac.compare_digest(token.encode(), game.tokens[seat].encode()):
            raise Problem(403, "forbidden", [f"this token is not seat {seat}'s"])
        return game, seat


def _token(request: Request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth[:7].lower() == "bearer ":
        return auth[7:].strip()
    # EventSource cannot send headers, so the event stream also takes ?token=.
    return request.query_params.get("token")


def _seat_view(game: _Game, seat: int) -> dict[str, Any]:
    from .engine import legal_moves
    from .view import view

    state = game.state
    moves = [] if state.game_over else [str(m) for m in legal_moves(state, seat=seat)]
    if state.round_over and not state.game_over:
        moves.append("next-round")
    return {
        "seat": seat,
        "view": view(state, seat).to_dict(),
        "legal_moves": moves,
        "events": len(game.log),
    }


# --------------------------------------------------------------------------- the app


def create_app(max_body: int = MAX_BODY_BYTES, max_games: int = MAX_GAMES) -> Starlette:
    """The ASGI app; ``max_body`` bytes per request body, ``max_games`` tables in memory."""
    games = _Games(max_games)

    def ok(data: Any, status: int = 200) -> Response:
        # YAML may carry dates and the like in free-text fields: they are sent as text.
        try:
            body = json.dumps(data, default=str, allow_nan=False, separators=(",", ":"))
        except (ValueError, RecursionError):
            problem = "the input holds a value JSON cannot carry"
            raise Problem(422, "bad-request", [problem]) from None
        return Response(body, status, _SECURITY_HEADERS, "application/json")

    async def page(request: Request) -> Response:
        html = resources.files("uno_rules").joinpath("web/index.html").read_text("utf-8")
        headers = {**_SECURITY_HEADERS, "Content-Security-Policy": _PAGE_POLICY}
        return Response(html, media_type="text/html; charset=utf-8", headers=headers)

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        media = _PAGE_FILES.get(name)
        if media is None:
            raise Problem(404, "not-found", ["no such file"])
        text = resources.files("uno_rules").joinpath(f"web/{name}").read_text("utf-8")
        return Response(text, media_type=media, headers=_SECURITY_HEADERS)

    async def openapi(request: Request) -> Response:
        return ok(openapi_document())

    async def presets_list(request: Request) -> Response:
        from .presets import preset_names, preset_summary

        # The same list as `uno-rules presets list --json`.
        return ok([{"name": n, "summary": preset_summary(n)} for n in preset_names()])

    async def presets_show(request: Request) -> Response:
        from .presets import load_preset

        name = request.path_params["name"]
        if name not in _preset_names():
            raise Problem(404, "not-found", [f"unknown preset {name!r}"])
        return ok(load_preset(name).to_dict())

    async def presets_check(request: Request) -> Response:
        from .presets import load_preset

        data = _mapping(await _body(request, max_body), "preset")
        if "extends" in data:
            _bundled(data["extends"], "extends")
        try:
            rules = load_preset(data)
        except PresetError as exc:  # the keys of ``presets check --json`` (no file here)
            return ok({"file": None, "ok": False, "problems": exc.problems})
        return ok({"file": None, "ok": True, "problems": [], "name": rules.name})

    async def disputes(request: Request) -> Response:
        data = _mapping(await _body(request, max_body), "dispute")
        presets = request.query_params.getlist("preset")
        if len(presets) > MAX_PRESETS:
            raise Problem(422, "PresetError", [f"preset: at most {MAX_PRESETS} presets"])
        for name in presets:
            _bundled(name, "preset")
        moves = data.get("moves")
        if isinstance(moves, list) and len(moves) > MAX_DISPUTE_MOVES:
            raise Problem(422, "SituationError", [f"moves: at most {MAX_DISPUTE_MOVES} moves"])
        if "rules" in data:
            data = {**data, "rules": _rules_source(data["rules"], "rules")}
        try:
            settlement = settle(data, presets)
        except UnoError as exc:
            raise _uno_problem(exc) from None
        out = settlement.to_dict(None)
        if request.query_params.get("pictures") in ("1", "true", "yes"):
            out["pictures"] = _pictures(settlement)
        return ok(out)

    async def read_dispute(request: Request) -> Response:
        # The page opens dispute files through this: YAML is read here, safely.
        return ok(_mapping(await _body(request, max_body), "dispute"))

    async def replay(request: Request) -> Response:
        from .record import replay as run

        data = _mapping(await _body(request, max_body), "record")
        if "rules" in data:
            data = {**data, "rules": _rules_source(data["rules"], "rules")}
        try:
            result = run(data)
        except UnoError as exc:
            raise _uno_problem(exc) from None
        return ok(
            {
                "file": None,
                "applied": result.applied,
                "ok": result.ok,
                "index": result.index,
                "move": None if result.index is None else data["moves"][result.index],
                "violation": None if result.violation is None else result.violation.to_dict(),
                "table": table_dict(result.state),
            }
        )

    async def new_game(request: Request) -> Response:
        from .deal import new_game as deal

        data = _mapping(await _body(request, max_body), "game")
        unknown = sorted(str(k) for k in data if k not in ("rules", "players", "dealer"))
        if unknown:
            raise Problem(422, "SituationError", [f"{k}: unknown field" for k in unknown])
        rules = _rules_source(data.get("rules", "official"), "rules")
        seed = secrets.randbits(63)  # as secret as the deck: never sent
        try:
            state = deal(
                rules, players=data.get("players", 4), seed=seed, dealer=data.get("dealer")
            )
        except UnoError as exc:
            raise _uno_problem(exc) from None
        tokens = tuple(secrets.token_urlsafe(24) for _ in range(state.players))
        game_id = games.add(_Game(state, tokens))
        return ok(
            {
                "game": game_id,
                "rules": state.rules.name,
                "players": state.players,
                "seats": [{"seat": s, "token": t} for s, t in enumerate(tokens)],
            },
            status=201,
        )

    async def seat_view(request: Request) -> Response:
        game, seat = games.seat(request)
        return ok(_seat_view(game, seat))

    async def seat_table_svg(request: Request) -> Response:
        from .svg import state_svg

        game, seat = games.seat(request)
        return Response(
            state_svg(game.state, seat), media_type="image/svg+xml", headers=_SECURITY_HEADERS
        )

    async def seat_move(request: Request) -> Response:
        from .deal import next_round
        from .moves import parse_move
        from .ruling import rule_on
        from .violations import Violation

        game, seat = games.seat(request)
        data = _mapping(await _body(request, max_body), "move")
        text = data.get("move")
        if not isinstance(text, str) or set(data) != {"move"}:
            raise Problem(422, "NotationError", ['expected {"move": "<move text>"}'])
        if text.strip().lower() == "next-round":
            result = next_round(game.state)
            if isinstance(result, Violation):
                return ok({"move": "next-round", "legal": False, "violation": result.to_dict()})
            game.state = result
            game.record(seat, "next-round", ())
            return ok({"move": "next-round", "legal": True, **_seat_view(game, seat)})
        try:
            move = parse_move(text)
        except NotationError as exc:
            raise _uno_problem(exc) from None
        if move.seat != seat:
            raise Problem(403, "forbidden", [f"seat {seat} cannot move for seat {move.seat}"])
        ruling = rule_on(game.state, move)
        out: dict[str, Any] = {
            "move": str(ruling.move),
            "legal": ruling.legal,
            "clause": ruling.clause,
            "rule": ruling.text,
            "violation": None if ruling.violation is None else ruling.violation.to_dict(),
        }
        if ruling.legal:
            game.state = ruling.state
            game.record(seat, str(ruling.move), ruling.events)
        return ok({**out, **_seat_view(game, seat)})

    async def seat_events(request: Request) -> Response:
        game, seat = games.seat(request)
        last = request.headers.get("last-event-id")
        if last is not None:
            if not last.isdigit():
                raise Problem(422, "bad-request", ["Last-Event-ID: expected a number"])
            after = int(last) + 1
        else:
            text = request.query_params.get("after", "0")
            if not text.isdigit():
                raise Problem(422, "bad-request", ["after: expected a number"])
            after = int(text)
        if "text/event-stream" not in request.headers.get("accept", ""):
            return ok({"events": game.entries(seat, after), "next": len(game.log)})
        return StreamingResponse(
            _event_stream(request, game, seat, after),
            media_type="text/event-stream",
            headers={**_SECURITY_HEADERS, "Cache-Control": "no-store"},
        )

    async def card_svg(request: Request) -> Response:
        from .svg import card_svg as draw

        try:
            svg = draw(request.path_params["card"])
        except NotationError as exc:
            raise _uno_problem(exc) from None
        headers = {**_SECURITY_HEADERS, "Cache-Control": "public, max-age=86400"}
        return Response(svg, media_type="image/svg+xml", headers=headers)

    async def on_problem(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Problem)
        return _problem_response(exc.status, exc.kind, exc.problems)

    async def on_http(request: Request, exc: Exception) -> Response:
        status = getattr(exc, "status_code", 500)
        detail = getattr(exc, "detail", "error")
        kind = {404: "not-found", 405: "method-not-allowed"}.get(status, "bad-request")
        return _problem_response(status, kind, [str(detail)])

    from starlette.exceptions import HTTPException

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/static/{name}", asset, methods=["GET"]),
        Route("/openapi.json", openapi, methods=["GET"]),
        Route("/api/presets", presets_list, methods=["GET"]),
        Route("/api/presets/check", presets_check, methods=["POST"]),
        Route("/api/presets/{name}", presets_show, methods=["GET"]),
        Route("/api/disputes", disputes, methods=["POST"]),
        Route("/api/disputes/read", read_dispute, methods=["POST"]),
        Route("/api/replay", replay, methods=["POST"]),
        Route("/api/cards/{card}.svg", card_svg, methods=["GET"]),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{game}/seats/{seat:int}/view", seat_view, methods=["GET"]),
        Route("/api/games/{game}/seats/{seat:int}/table.svg", seat_table_svg, methods=["GET"]),
        Route("/api/games/{game}/seats/{seat:int}/moves", seat_move, methods=["POST"]),
        Route("/api/games/{game}/seats/{seat:int}/events", seat_events, methods=["GET"]),
    ]
    return Starlette(
        routes=routes,
        exception_handlers={Problem: on_problem, HTTPException: on_http},
    )


async def _event_stream(request: Request, game: _Game, seat: int, after: int) -> AsyncIterator[str]:
    """Server-sent events: each log entry as one ``move`` event (its id is its index), a
    comment now and then to keep the connection open; the stream ends with the game."""
    sent = after
    while True:
        changed = game.changed
        for entry in game.entries(seat, sent):
            yield f"id: {entry['index']}\nevent: move\ndata: {json.dumps(entry)}\n\n"
        sent = len(game.log)
        if game.state.game_over:
            yield "event: end\ndata: {}\n\n"
            return
        try:
            await asyncio.wait_for(changed.wait(), KEEP_ALIVE_SECONDS)
        except TimeoutError:
            if await request.is_disconnected():
                return
            yield ": keep-alive\n\n"


def _preset_names() -> tuple[str, ...]:
    from .presets import preset_names

    return preset_names()


def _pictures(settlement: Settlement) -> dict[str, Any]:
    from .svg import dispute_svgs

    return {
        name: [{"before": before, "after": after} for before, after in pictures]
        for name, pictures in dispute_svgs(settlement).items()
    }


def openapi_document() -> dict[str, Any]:
    """The OpenAPI 3.1 description of the service."""
    from ._openapi import document

    return document(__version__)


app = create_app()
