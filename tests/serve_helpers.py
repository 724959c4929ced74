"""A real referee server for tests: ``uno-rules serve --port 0 --json`` on 127.0.0.1,
started and stopped by the test that uses it."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


def _sigint_default() -> None:
    """In the child: Ctrl-C as a terminal gives it, even where these tests run with it
    ignored (a background job of a script, nohup), which a child would inherit."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start_servers(
    count: int, *args: str, env: dict[str, str] | None = None
) -> list[tuple[subprocess.Popen[str], str]]:
    """Start ``count`` servers at once, each ``uno-rules serve --port 0 --json ARGS``; each
    process and its base URL (ending in ``/``), once they all listen."""
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "uno_rules.cli", "serve", "--port", "0", "--json", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            preexec_fn=_sigint_default,  # stopped by Ctrl-C even where the tests ignore it
        )
        for _ in range(count)
    ]
    started = []
    try:
        for process in processes:
            assert process.stdout is not None
            line = process.stdout.readline()
            if not line:
                err = process.communicate(timeout=10)[1]
                raise RuntimeError(f"the server did not start: {err}")
            announced: dict[str, Any] = json.loads(line)
            url: str = announced["url"]
            assert url.startswith("http://127.0.0.1:")
            started.append((process, url))
    except BaseException:
        for process in processes:
            stop_server(process)
        raise
    return started


def start_server(
    *args: str, env: dict[str, str] | None = None
) -> tuple[subprocess.Popen[str], str]:
    """Start ``uno-rules serve --port 0 --json ARGS``; the process and its base URL."""
    return start_servers(1, *args, env=env)[0]


def stop_server(process: subprocess.Popen[str], sig: int = signal.SIGINT) -> str:
    """Stop the server with ``sig`` (SIGKILL: at once); what it wrote on stderr."""
    if process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=15)
    err = process.stderr.read() if process.stderr is not None else ""
    for stream in (process.stdout, process.stderr):
        if stream is not None:
            stream.close()
    return err


@contextmanager
def running_server(*args: str) -> Iterator[str]:
    """Start the service on a free loopback port, its games in a SQLite file of its own
    (unless ARGS name a ``--store``); yields its base URL (ending in ``/``)."""
    with tempfile.TemporaryDirectory() as tmp:
        store = () if "--store" in args else ("--store", f"sqlite:///{tmp}/games.sqlite3")
        process, url = start_server(*store, *args)
        try:
            yield url
        finally:
            stop_server(process)
