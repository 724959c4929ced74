"""A real referee server for tests: ``uno-rules serve --port 0 --json`` on 127.0.0.1,
started and stopped by the test that uses it."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def running_server() -> Iterator[str]:
    """Start the service on a free loopback port; yields its base URL (ending in ``/``)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "uno_rules.cli", "serve", "--port", "0", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line:
            raise RuntimeError(f"the server did not start: {process.communicate(timeout=10)[1]}")
        url: str = json.loads(line)["url"]
        assert url.startswith("http://127.0.0.1:")
        yield url
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=15)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()
