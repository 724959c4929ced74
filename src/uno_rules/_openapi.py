"""The OpenAPI 3.1 document of the referee service (``/openapi.json``)."""

from __future__ import annotations

from typing import Any

_JSON = "application/json"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {_JSON: {"schema": schema}}}


def _problems(*statuses: int) -> dict[str, Any]:
    words = {
        400: (
            "The body is not valid JSON or YAML (or holds what JSON cannot carry), or a "
            "number in the query or a header is not one."
        ),
        401: "No seat token (or, where the server has one, no server key) was sent.",
        403: "The token is not this seat's, the move is for another seat, or the key is wrong.",
        404: "No such game, seat or preset.",
        408: "The body did not arrive in time.",
        409: (
            "The game's log is full (`log-full`), or the move was sent for a version of the "
            "game other than its own (`stale-version`): the game moved on since the seat "
            "decided; the `ETag` header holds the game's version."
        ),
        413: "The body is larger than the limit.",
        415: "The body is neither JSON nor YAML (a body must say so in its Content-Type).",
        500: "The service failed on this request (always a JSON Problem).",
        422: (
            "The input cannot be used: every problem is listed, typed as the library's error; "
            "or the answer would be over its size limit (answer-too-large)."
        ),
        429: (
            "Too many new games, wrong tokens, requests a second, requests at once or event "
            "streams from this address (or for this seat): see Retry-After."
        ),
        503: (
            "The service keeps as many games as it may (`too-many-games`), the game is too "
            "busy (`busy`), the answer took too long (`too-slow`), the service has too much "
            "work in hand (`overloaded`), or the game store cannot be reached "
            "(`store-unavailable`): retry after Retry-After, or ask for less."
        ),
        507: (
            "The game store keeps as many bytes as it may (`store-full`): new tables are "
            "refused past 90 % of the limit, moves past all of it, until old games are "
            "pruned (retry after Retry-After)."
        ),
    }
    return {str(s): _json(_ref("Problem"), words[s]) for s in statuses}


def _body(schema: dict[str, Any], description: str, yaml: bool = False) -> dict[str, Any]:
    content: dict[str, Any] = {_JSON: {"schema": schema}}
    if yaml:
        content["application/yaml"] = {"schema": schema}
    return {"required": True, "description": description, "content": content}


_COUNT = {"type": "integer", "minimum": 0, "maximum": 999_999_999}
_COUNT_TEXT = {"type": "string", "pattern": "^[0-9]{1,9}$"}
_SEAT_PARAMS = [
    {"name": "game", "in": "path", "required": True, "schema": {"type": "string"}},
    {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}},
]
_SECURED: list[dict[str, list[str]]] = [{"seatToken": []}]
_KEYED: list[dict[str, list[str]]] = [{}, {"serverKey": []}]  # the key when the server has one
_WITH_BODY = (400, 408, 413, 415, 422)
_LANG = {
    "name": "lang",
    "in": "query",
    "description": (
        "The language of the sentences for people: en, vi or tl (fil); without it, the "
        "Accept-Language header; anything else is English."
    ),
    "schema": {"type": "string"},
}


def document(version: str) -> dict[str, Any]:
    """The whole document; ``version`` is the package's."""
    obj: dict[str, Any] = {"type": "object"}
    paths: dict[str, Any] = {
        "/": {
            "get": {
                "summary": "The dispute page",
                "responses": {"200": {"description": "HTML", "content": {"text/html": {}}}},
            }
        },
        "/openapi.json": {
            "get": {
                "summary": "This document",
                "responses": {"200": _json(obj, "The OpenAPI document.")},
            }
        },
        "/static/{name}": {
            "get": {
                "summary": "The dispute page's script and style sheet",
                "parameters": [
                    {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": {"200": {"description": "The file."}, **_problems(404)},
            }
        },
        "/api/presets": {
            "get": {
                "summary": "The bundled presets (as `uno-rules presets list --json`)",
                "responses": {
                    "200": _json(
                        {"type": "array", "items": _ref("PresetSummary")}, "Name and summary."
                    )
                },
            }
        },
        "/api/presets/{name}": {
            "get": {
                "summary": "One bundled preset in full (as `uno-rules presets show NAME --json`)",
                "parameters": [
                    {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
                ],
                "responses": {"200": _json(obj, "Every setting."), **_problems(404)},
            }
        },
        "/api/page-text": {
            "get": {
                "summary": "The dispute page's words in a language",
                "parameters": [_LANG],
                "responses": {"200": _json(obj, "The language, the languages, the words.")},
            }
        },
        "/api/decks/{name}": {
            "get": {
                "summary": "The cards of a bundled preset's deck, with their names and copies",
                "parameters": [
                    {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}},
                    _LANG,
                ],
                "responses": {"200": _json(obj, "Each card once."), **_problems(404)},
            }
        },
        "/api/presets/check": {
            "post": {
                "summary": "Check a preset (as `uno-rules presets check --json`)",
                "description": "`extends` may name a bundled preset only.",
                "requestBody": _body(obj, "A preset mapping.", yaml=True),
                "responses": {
                    "200": _json(_ref("PresetCheck"), "Whether it loads, and every problem."),
                    **_problems(*_WITH_BODY, 503),
                },
            }
        },
        "/api/presets/playtest": {
            "post": {
                "summary": "Validate a rule set by playing it (as `uno-rules playtest --json`)",
                "description": (
                    "Bots play seeded games under `preset` and under `baseline` (default "
                    "official, null for none): stuck tables, crashes, endless rounds, dead "
                    "settings, and the differences. At most 4 games per table size and bot, "
                    "3 table sizes, 1000 moves a round, 8 settings switched off. `html: true` "
                    "answers the report as an HTML page."
                ),
                "parameters": [_LANG],
                "requestBody": _body(_ref("PlaytestAsked"), "The rule set and the options."),
                "responses": {
                    "200": {
                        "description": "The report (see the playtest page).",
                        "content": {_JSON: {"schema": _ref("Playtest")}, "text/html": {}},
                    },
                    **_problems(*_WITH_BODY, 503),
                },
            }
        },
        "/api/disputes": {
            "post": {
                "summary": "Settle a dispute (as `uno-rules rule --json`)",
                "description": (
                    "The body is a dispute file: a table description plus `moves`. Each "
                    "`preset` query parameter rules under one more bundled preset, side by "
                    "side; none rules under the dispute's own `rules` (at most 8 presets and "
                    "500 moves). `pictures=1` adds SVG "
                    "pictures of the table before and after each move, seen by the seat that "
                    "moves (at most 100 rulings, moves x presets), for the first moves whose "
                    "pictures fit in 512 KiB of SVG text: `pictures_omitted` says how many "
                    "moves' pictures were left out. A long answer is compressed with gzip "
                    "for a client that accepts it (`Accept-Encoding`)."
                ),
                "parameters": [
                    {
                        "name": "preset",
                        "in": "query",
                        "schema": {"type": "array", "items": {"type": "string"}, "maxItems": 8},
                        "style": "form",
                        "explode": True,
                    },
                    {"name": "pictures", "in": "query", "schema": {"type": "string"}},
                    _LANG,
                ],
                "requestBody": _body(_ref("Dispute"), "A dispute.", yaml=True),
                "responses": {
                    "200": _json(_ref("Settlement"), "The rulings, by preset."),
                    **_problems(*_WITH_BODY, 503),
                },
            }
        },
        "/api/disputes/picture.svg": {
            "post": {
                "summary": "A picture of a dispute's rulings, to save or send",
                "description": (
                    "The same body and `preset` parameters as `/api/disputes`. One SVG: the "
                    "table as the body describes it (a hand given as a count drawn as that "
                    "many backs, never the cards filled in for it), the moves, and each "
                    "preset's verdict on each move with its clause and the clause's "
                    "sentence, in the language of `lang` or `Accept-Language`. The picture "
                    "is at most 512 KiB of SVG text: it draws the first moves and their "
                    "rulings under every preset for as long as they fit, and says in words, "
                    "in that language, how many moves it left out at the end."
                ),
                "parameters": [
                    {
                        "name": "preset",
                        "in": "query",
                        "schema": {"type": "array", "items": {"type": "string"}, "maxItems": 8},
                        "style": "form",
                        "explode": True,
                    },
                    _LANG,
                ],
                "requestBody": _body(_ref("Dispute"), "A dispute.", yaml=True),
                "responses": {
                    "200": {"description": "SVG", "content": {"image/svg+xml": {}}},
                    **_problems(*_WITH_BODY, 503),
                },
            }
        },
        "/api/disputes/read": {
            "post": {
                "summary": "Read a dispute file (YAML or JSON) into JSON, as the page does",
                "requestBody": _body(obj, "A dispute file's text.", yaml=True),
                "responses": {
                    "200": _json(obj, "The same mapping, as JSON."),
                    **_problems(*_WITH_BODY),
                },
            }
        },
        "/api/replay": {
            "post": {
                "summary": "Check a game record (as `uno-rules replay --json`)",
                "requestBody": _body(_ref("Record"), "A game record.", yaml=True),
                "responses": {
                    "200": _json(_ref("ReplayResult"), "The first refused move, or none."),
                    **_problems(*_WITH_BODY, 503),
                },
            }
        },
        "/api/cards/{card}.svg": {
            "get": {
                "summary": "A picture of one card",
                "description": (
                    "A two-sided card (UNO Flip) is written `LIGHT/DARK`, its slash sent as it "
                    "is or as `%2F`; the picture shows both faces."
                ),
                "parameters": [
                    {"name": "card", "in": "path", "required": True, "schema": {"type": "string"}},
                    _LANG,
                ],
                "responses": {
                    "200": {"description": "SVG", "content": {"image/svg+xml": {}}},
                    **_problems(422),
                },
            }
        },
        "/api/games": {
            "post": {
                "summary": "Deal a table; every seat gets its token",
                "description": (
                    "The seed is drawn at random on the server and never sent. Hand each seat "
                    "its own token: a token opens that seat's view, moves and events only."
                ),
                "requestBody": _body(_ref("NewGame"), "The rules and the table size."),
                "security": _KEYED,
                "responses": {
                    "201": _json(_ref("Game"), "The game id and one token per seat."),
                    **_problems(*_WITH_BODY, 401, 403, 429, 503, 507),
                },
            }
        },
        "/api/games/{game}/seats/{seat}/view": {
            "get": {
                "summary": "What the seat may know, and its legal moves",
                "parameters": _SEAT_PARAMS,
                "security": _SECURED,
                "responses": {
                    "200": _json(_ref("SeatView"), "The seat's view."),
                    **_problems(401, 403, 404, 429),
                },
            }
        },
        "/api/games/{game}/seats/{seat}/table.svg": {
            "get": {
                "summary": "A picture of the table as the seat sees it",
                "parameters": _SEAT_PARAMS,
                "security": _SECURED,
                "responses": {
                    "200": {"description": "SVG", "content": {"image/svg+xml": {}}},
                    **_problems(401, 403, 404, 429),
                },
            }
        },
        "/api/games/{game}/seats/{seat}/moves": {
            "post": {
                "summary": "Make a move for the seat (`next-round` between rounds)",
                "description": (
                    "A refused move is a ruling, not an error: `legal` is false and "
                    "`violation` says why. Send `version` so that a move sent again after a "
                    "lost answer cannot be applied twice."
                ),
                "parameters": [*_SEAT_PARAMS, _LANG],
                "security": _SECURED,
                "requestBody": _body(
                    {
                        "type": "object",
                        "required": ["move"],
                        "properties": {
                            "move": {"type": "string", "description": "Such as `0 R5`."},
                            "version": {
                                "type": "integer",
                                "minimum": 0,
                                "description": (
                                    "The version of the game the move was decided on (the "
                                    "seat view's `events`). A move sent again for that "
                                    "version once it was applied gets the same ruling back "
                                    "(`replayed`) and is not applied again; any other move "
                                    "for an old version is a 409 `stale-version`."
                                ),
                            },
                        },
                        "additionalProperties": False,
                    },
                    "The move in notation, and the version it was decided on.",
                ),
                "responses": {
                    "200": _json(_ref("MoveResult"), "The ruling and the seat's view after it."),
                    **_problems(*_WITH_BODY, 401, 403, 404, 409, 429, 503, 507),
                },
            }
        },
        "/api/games/{game}/seats/{seat}/events": {
            "get": {
                "summary": "What happened, as the seat may see it",
                "description": (
                    "JSON by default, at most 500 entries an answer (`more` says whether there "
                    "are more, `next` where to go on); with `Accept: text/event-stream`, "
                    "server-sent events (one `move` event per entry, its id the entry's index; "
                    "`Last-Event-ID` resumes; an `end` event, whose data gives the `reason`: "
                    "`game-over`, `gone`, `shutdown` or `unavailable`, the store being down). "
                    "The stream, and only the stream, also "
                    "takes the token as `?token=`, since a browser's EventSource cannot send "
                    "headers."
                ),
                "parameters": [
                    *_SEAT_PARAMS,
                    {"name": "after", "in": "query", "schema": _COUNT},
                    {
                        "name": "limit",
                        "in": "query",
                        "schema": {"type": "integer", "minimum": 1, "maximum": 500},
                    },
                    {"name": "token", "in": "query", "schema": {"type": "string"}},
                    {"name": "Last-Event-ID", "in": "header", "schema": _COUNT_TEXT},
                ],
                "security": _SECURED,
                "responses": {
                    "200": {
                        "description": "The entries from `after` on.",
                        "content": {
                            _JSON: {"schema": _ref("EventLog")},
                            "text/event-stream": {"schema": {"type": "string"}},
                        },
                    },
                    **_problems(400, 401, 403, 404, 429),
                },
            }
        },
        "/api/admin/games": {
            "get": {
                "summary": "What the store holds",
                "security": _KEYED,
                "responses": {
                    "200": _json(_ref("StoreSummary"), "The store's kind, its games and its size."),
                    **_problems(401, 403, 429),
                },
            }
        },
        "/api/admin/prune": {
            "post": {
                "summary": "Prune old games now (as the service does every minute)",
                "security": _KEYED,
                "responses": {
                    "200": _json(
                        {"type": "object", "properties": {"pruned": {"type": "integer"}}},
                        "How many games went.",
                    ),
                    **_problems(401, 403, 429),
                },
            }
        },
    }
    for item in paths.values():
        for operation in item.values():
            # any request may find the service overloaded or its store down (503), or its
            # address over its share (429)
            operation["responses"].update(_problems(429, 500, 503))
    schemas: dict[str, Any] = {
        "Problem": {
            "type": "object",
            "required": ["error", "message", "problems"],
            "properties": {
                "error": {
                    "type": "string",
                    "description": (
                        "The library's error type (SituationError, PresetError, NotationError) "
                        "or bad-request, too-large, answer-too-large, unsupported-media-type, "
                        "unauthorized, forbidden, not-found, method-not-allowed, timeout, "
                        "log-full, stale-version, too-many-requests, too-many-games, busy, "
                        "too-slow, overloaded, store-unavailable, store-full, internal-error."
                    ),
                },
                "message": {"type": "string"},
                "problems": {"type": "array", "items": {"type": "string"}},
            },
        },
        "PresetSummary": {
            "type": "object",
            "properties": {"name": {"type": "string"}, "summary": {"type": "string"}},
        },
        "PresetCheck": {
            "type": "object",
            "properties": {
                "file": {"type": "null", "description": "Always null here (no file)."},
                "ok": {"type": "boolean"},
                "problems": {"type": "array", "items": {"type": "string"}},
                "problem_count": {
                    "type": "integer",
                    "description": "How many problems there are (at most 1,000 are listed).",
                },
                "name": {"type": "string"},
            },
        },
        "PlaytestAsked": {
            "type": "object",
            "required": ["preset"],
            "properties": {
                "preset": {"description": "A bundled preset name, or a mapping extending one."},
                "baseline": {"type": ["string", "null"], "description": "A bundled preset."},
                "games": {"type": "integer", "minimum": 1, "maximum": 4},
                "seed": {"type": "integer", "minimum": 0},
                "players": {"type": "array", "items": {"type": "integer"}, "maxItems": 3},
                "bots": {
                    "type": "array",
                    "items": {"type": "string", "enum": ["random", "heuristic"]},
                },
                "html": {"type": "boolean"},
            },
        },
        "Playtest": {
            "type": "object",
            "required": ["preset", "verdict", "problems", "endless", "dead_settings"],
            "properties": {
                "preset": {"type": "string"},
                "verdict": {"type": "string", "enum": ["ok", "problems", "endless", "dead"]},
                "baseline": {"type": ["string", "null"]},
                "problems": {"type": "array", "items": obj},
                "endless": {"type": "array", "items": obj},
                "dead_settings": {"type": "array", "items": obj},
                "comparison": {"type": "array", "items": obj},
            },
        },
        "Dispute": {
            "type": "object",
            "description": "A table description (see the formats page) plus moves.",
            "properties": {
                "rules": {"description": "A bundled preset name, or a mapping extending one."},
                "players": {"type": "integer"},
                "hands": {"type": "array"},
                "discard": {"type": "array", "items": {"type": "string"}},
                "color": {"type": "string"},
                "turn": {"type": "integer"},
                "direction": {"type": "string"},
                "moves": {"type": "array", "items": {"type": "string"}},
                "deal": obj,
            },
        },
        "Table": {
            "type": "object",
            "description": "The public facts of a table.",
            "properties": {
                "decision": {"type": ["object", "null"]},
                "turn": {"type": "integer"},
                "top_card": {"type": "string"},
                "color": {"type": ["string", "null"]},
                "direction": {"type": "integer"},
                "hand_sizes": {"type": "array", "items": {"type": "integer"}},
                "draw_pile_size": {"type": "integer"},
                "scores": {"type": "array", "items": {"type": "integer"}},
                "round_over": {"type": "boolean"},
                "round_winner": {"type": ["integer", "null"]},
                "game_winners": {"type": "array", "items": {"type": "integer"}},
            },
        },
        "Ruling": {
            "type": "object",
            "properties": {
                "move": {"type": "string"},
                "legal": {"type": "boolean"},
                "clause": {"type": "string"},
                "rule": {"type": "string"},
                "plain": {
                    "type": "string",
                    "description": (
                        "The answer in plain words, in the asked language: under which rule "
                        "set, yes or no, and what happens now (who draws how many, who was "
                        "right in a challenge, whose turn it is), players counted from 1."
                    ),
                },
                "violation": {"type": ["object", "null"]},
                "events": {"type": "array", "items": obj},
                "table": _ref("Table"),
            },
        },
        "Settlement": {
            "type": "object",
            "properties": {
                "file": {"type": "null"},
                "title": {},
                "presets": {"type": "array", "items": {"type": "string"}},
                "start": {"type": "object", "additionalProperties": _ref("Table")},
                "rulings": {
                    "type": "object",
                    "additionalProperties": {"type": "array", "items": _ref("Ruling")},
                },
                "all_legal": {"type": "boolean"},
                "pictures": {
                    "type": "object",
                    "description": (
                        "With `pictures=1`: by preset, one `{before, after}` pair of SVG "
                        "texts for each of the first moves, as many as fit in 512 KiB."
                    ),
                    "additionalProperties": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {
                                "before": {"type": "string"},
                                "after": {"type": "string"},
                            },
                            "required": ["before", "after"],
                        },
                    },
                },
                "pictures_omitted": {
                    "type": "integer",
                    "minimum": 0,
                    "description": (
                        "With `pictures=1`: how many moves (from the end) have no pictures, "
                        "the pictures of the moves before them having filled the 512 KiB."
                    ),
                },
            },
        },
        "Record": {
            "type": "object",
            "properties": {
                "rules": {},
                "players": {"type": "integer"},
                "seed": {"type": "integer"},
                "dealer": {"type": ["integer", "null"]},
                "moves": {"type": "array", "items": {"type": "string"}},
            },
        },
        "ReplayResult": {
            "type": "object",
            "properties": {
                "applied": {"type": "integer"},
                "ok": {"type": "boolean"},
                "index": {"type": ["integer", "null"]},
                "move": {"type": ["string", "null"]},
                "violation": {"type": ["object", "null"]},
                "table": _ref("Table"),
            },
        },
        "NewGame": {
            "type": "object",
            "properties": {
                "rules": {"description": "A bundled preset name, or a mapping extending one."},
                "players": {"type": "integer", "minimum": 2, "maximum": 10},
                "dealer": {"type": ["integer", "null"]},
            },
            "additionalProperties": False,
        },
        "Game": {
            "type": "object",
            "properties": {
                "game": {"type": "string"},
                "rules": {"type": "string"},
                "players": {"type": "integer"},
                "seats": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {"seat": {"type": "integer"}, "token": {"type": "string"}},
                    },
                },
            },
        },
        "SeatView": {
            "type": "object",
            "properties": {
                "seat": {"type": "integer"},
                "view": obj,
                "legal_moves": {"type": "array", "items": {"type": "string"}},
                "events": {"type": "integer", "description": "Entries in the event log."},
            },
        },
        "MoveResult": {
            "allOf": [
                _ref("SeatView"),
                {
                    "type": "object",
                    "properties": {
                        "move": {"type": "string"},
                        "legal": {"type": "boolean"},
                        "clause": {"type": "string"},
                        "rule": {"type": "string"},
                        "violation": {"type": ["object", "null"]},
                        "replayed": {
                            "type": "boolean",
                            "description": (
                                "Present (true) when the move had already been applied for "
                                "the `version` sent: its ruling again, nothing applied; the "
                                "view is the seat's as it is now."
                            ),
                        },
                    },
                },
            ]
        },
        "EventLog": {
            "type": "object",
            "properties": {
                "events": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "index": {"type": "integer"},
                            "seat": {"type": ["integer", "null"]},
                            "move": {"type": "string"},
                            "events": {"type": "array", "items": obj},
                        },
                    },
                },
                "next": {"type": "integer"},
                "more": {"type": "boolean"},
            },
        },
        "StoreSummary": {
            "type": "object",
            "properties": {
                "store": {"type": "string", "enum": ["memory", "sqlite", "postgresql"]},
                "games": {"type": "integer", "description": "How many games it keeps."},
                "max_games": {"type": "integer"},
                "bytes": {
                    "type": "integer",
                    "description": (
                        "What it keeps, in bytes: each game's state, its tokens' hashes and "
                        "its log, as stored."
                    ),
                },
                "max_bytes": {
                    "type": ["integer", "null"],
                    "description": "The most it may keep (null: no limit).",
                },
            },
        },
    }
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "uno-rules referee",
            "version": version,
            "description": (
                "Settle UNO disputes, check presets and game records, and referee a table "
                "whose seats each hold a token. Errors are a JSON Problem with every problem "
                "listed. An answer of 1 KiB or more is compressed with gzip "
                "(`Content-Encoding: gzip`) when the request's `Accept-Encoding` accepts it."
            ),
        },
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "serverKey": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The server's key (`uno-rules serve --key-file`), if any.",
                },
                "seatToken": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "The seat's token, issued when the game is created.",
                },
            },
        },
    }
