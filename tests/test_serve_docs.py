"""The ``curl`` examples of docs/serve.md work against a running server, as written."""

from __future__ import annotations

import re
import shutil
import subprocess
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
    assert len(commands) >= 8 and all(c.startswith("curl ") for c in commands)


@pytest.mark.skipif(shutil.which("curl") is None, reason="needs curl")
def test_the_curl_examples_run_against_a_server() -> None:
    with running_server() as url:
        game = httpx.post(f"{url}api/games", json={"rules": "family", "players": 3}).json()
        env = {
            "PATH": "/usr/bin:/bin",
            "GAME": game["game"],
            "TOKEN0": game["seats"][0]["token"],
            "TOKEN1": game["seats"][1]["token"],
        }
        for command in curl_commands():
            command = command.replace("http://127.0.0.1:8000/", url)
            streaming = " -sN " in f" {command} "
            limit = 1 if streaming else 10
            command = command.replace("curl -s", f"curl -f --max-time {limit} -s", 1)
            done = subprocess.run(
                ["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True
            )
            allowed = (0, 28) if streaming else (0,)  # 28: a stream cut by --max-time
            assert done.returncode in allowed, (command, done.stderr)
            if not streaming:
                assert done.stdout.startswith(("{", "[")), command
