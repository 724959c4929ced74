"""``uno-rules serve``: uvicorn, set up so that no client can hold the service.

- A connection must send a request's whole header within ``HEADER_SECONDS`` of connecting
  (or of its first byte after a previous answer), or it is closed; an idle kept-alive
  connection is closed after ``KEEP_ALIVE_SECONDS``; the app gives a body ``BODY_SECONDS``.
- A connection costs a socket and nothing that others need: what is capped is the work in
  hand (requests being answered, open event streams: see ``AT_ONCE`` in
  :mod:`uno_rules.server`). Sockets are bounded only so that no client can take all the
  process's files: at most ``MAX_CONNECTIONS_PER_ADDRESS`` from one address and
  ``MAX_CONNECTIONS`` in all; beyond, a new connection is closed at once.
- A refused or dropped client is one line on stderr, never a traceback (asyncio's own
  "out of system resource" reports included).
- Asked to stop (Ctrl+C, SIGTERM), the service first ends each open event stream with an
  ``end`` event (reason ``shutdown``), then stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import resource
import socket
from typing import Any, ClassVar

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from .errors import Problem
from .i18n import N_
from .server import Service

HEADER_SECONDS = 10.0
KEEP_ALIVE_SECONDS = 5
MAX_CONNECTIONS = 20_000
MAX_CONNECTIONS_PER_ADDRESS = 256
WORKER_PROCESSES = 1  # large disputes and replays are ruled there: beside this process
LOGGER = logging.getLogger("uno_rules.server")
_NOT_HTTP = Problem("", N_("the request is not valid HTTP/1.1"), {})


class _TimedProtocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request's header."""

    _deadline: asyncio.TimerHandle | None = None
    _armed_for: object = None
    _counted: str | None = None
    # open connections by client address (one event loop: no lock needed)
    by_address: ClassVar[dict[str, int]] = {}
    refused_at: ClassVar[list[float]] = [-1e9, 0]

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "unknown"
        held = self.by_address.get(address, 0)
        if held >= MAX_CONNECTIONS_PER_ADDRESS or len(self.connections) > MAX_CONNECTIONS:
            self._refuse(address)
            return
        self.by_address[address] = held + 1
        self._counted = address
        self._arm()

    def _refuse(self, address: str) -> None:
        """Close a connection over the caps at once; one log line a second at most."""
        now = self.loop.time()
        said_at, left_out = self.refused_at
        if now - said_at >= 1.0:
            more = f" (and {left_out} more)" if left_out else ""
            LOGGER.warning("%s: refused: too many connections%s", address, more)
            self.refused_at[:] = [now, 0]
        else:
            self.refused_at[1] = left_out + 1
        self.transport.close()

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
            self._arm()  # the first byte of the next request on a kept-alive connection
        super().data_received(data)
        if self.cycle is not self._armed_for and self._deadline is not None:
            self._deadline.cancel()  # a whole request header arrived
            self._deadline = None

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        if self._counted is not None:
            left = self.by_address[self._counted] - 1
            if left:
                self.by_address[self._counted] = left
            else:
                del self.by_address[self._counted]
            self._counted = None
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        """A request that is not HTTP: a JSON problem, as every other answer, and one log
        line of the service's own (uvicorn's line for it is left out: see ``_NotHTTP``)."""
        client = self.client[0] if self.client else "unknown"
        LOGGER.warning("%s: refused: %s", client, _NOT_HTTP.text("en"))
        text = _NOT_HTTP.text("en")
        body = json.dumps({"error": "bad-request", "message": text, "problems": [text]}).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(body)).encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"connection", b"close"),
        ]
        for event in (
            h11.Response(status_code=400, headers=headers, reason=b"Bad Request"),
            h11.Data(data=body),
            h11.EndOfMessage(),
        ):
            self.transport.write(self.conn.send(event))
        self.transport.close()

    def _arm(self) -> None:
        self._armed_for = self.cycle
        self._deadline = self.loop.call_later(HEADER_SECONDS, self._expire)

    def _expire(self) -> None:
        self._deadline = None
        if self.cycle is self._armed_for and not self.transport.is_closing():
            client = self.client[0] if self.client else "unknown"
            LOGGER.warning("%s: dropped: no request header within %g s", client, HEADER_SECONDS)
            self.transport.close()


class _NotHTTP(logging.Filter):
    """Leaves out uvicorn's own line for a request that is not HTTP (the protocol logs
    one of the service's, naming the client)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() != "Invalid HTTP request received."


def _one_line(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """asyncio's reports (a failed accept, a lost socket) as one line, no traceback."""
    exc = context.get("exception")
    message = context.get("message", "error")
    LOGGER.warning("%s%s", message, f": {exc}" if exc else "")


class _Server(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, app: Service) -> None:
        super().__init__(config)
        self.service = app

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        asyncio.get_running_loop().set_exception_handler(_one_line)
        await super().startup(sockets)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.service.close_streams()
        await asyncio.sleep(0.2)  # the streams send their end event and finish
        await super().shutdown(sockets)


def _more_files() -> None:
    """Raise the soft limit on open files to the hard one: connections are files."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
    if soft < wanted:
        with contextlib.suppress(ValueError, OSError):  # a platform that refuses
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def make_server(app: Service) -> uvicorn.Server:
    """A uvicorn server for ``app`` with the limits above; ``run(sockets=[...])`` serves."""
    uvicorn_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _NotHTTP) for f in uvicorn_log.filters):
        uvicorn_log.addFilter(_NotHTTP())
    config = uvicorn.Config(
        app,
        http=_TimedProtocol,
        log_level="warning",
        access_log=False,
        timeout_graceful_shutdown=5,
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        lifespan="on",
        log_config=None,  # uvicorn's lines in the service's one-line form (see run)
    )
    return _Server(config, app)


def run(app: Service, sock: socket.socket) -> None:
    """Serve ``app`` on the listening ``sock`` until asked to stop."""
    logging.basicConfig(format="uno-rules: %(message)s", level=logging.WARNING)
    _more_files()
    app.use_worker_processes(WORKER_PROCESSES)
    make_server(app).run(sockets=[sock])
