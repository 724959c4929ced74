"""The ``curl`` examples of docs/serve.md work against a running server, as written."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("uvicorn")

from serve_helpers import running_server  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "serve.md"
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def curl_commands() -> list[str]:
    commands = []
    for block in BLOCK.findall(PAGE.read_text(encoding="utf-8")):
        current = ""
        for line in block.splitlines():
            if line.startswith("$ "):
                current = line[2:]
            elif current:
                current += "\n" + line
            else:
                continue
            if current.endswith("\\"):
                continue
            commands.append(current)
            current = ""
    return commands


def test_the_page_has_curl_examples() -> None:
    commands = curl_commands()
    assert len(commands) >= 8
    for command in commands:  # a request, or one that keeps what a request answers
        assert command.startswith("curl ") or "$(curl " in command or "$(python " in command


@pytest.mark.skipif(shutil.which("curl") is None, reason="needs curl")
def test_the_curl_examples_run_against_a_server(tmp_path: Path) -> None:
    """Each command runs as written, in order, in one shell session (the variables a
    command sets, such as the dealt game's ``$GAME`` and ``$TOKEN0``, are there for the
    next ones; none is set by the test), with ``python`` the interpreter of the tests."""
    state = tmp_path / "variables.sh"
    state.write_text("")
    python = Path(sys.executable).parent
    with running_server() as url:
        env = {"PATH": f"{python}:/usr/bin:/bin"}
        for command in curl_commands():
            command = command.replace("http://127.0.0.1:8000/", url)
            streaming = " -sN " in f" {command} "
            limit = 1 if streaming else 10
            command = command.replace("curl -s", f"curl -f --max-time {limit} -s", 1)
            kept = f"set -a; . {state}; {command}\nstatus=$?; declare -px > {state}; exit $status"
            done = subprocess.run(
                ["bash", "-c", kept], cwd=ROOT, env=env, capture_output=True, text=True
            )
            allowed = (0, 28) if streaming else (0,)  # 28: a stream cut by --max-time
            assert done.returncode in allowed, (command, done.stderr)
            if command.split("=", 1)[0].isidentifier():  # VARIABLE=$(...): kept, not shown
                assert done.stdout == "", command
            elif not streaming:
                assert done.stdout.startswith(("{", "[")), command
        assert "GAME" in state.read_text() and "TOKEN1" in state.read_text()
