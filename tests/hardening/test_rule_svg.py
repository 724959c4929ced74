"""``uno-rules rule --svg`` drew the cards the engine filled in at random as if the dispute
had named them (a hand given as a count showed five named cards, other ones for each
seed), and drew its words in English whatever ``--lang`` said. It draws them as the
referee service does: the cards the dispute does not name face down, in the language
asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import run

TABLE = """\
players: 2
hands:
  - [R7, B6]
  - 5
discard: [R5]
turn: 1
seed: {seed}
moves:
  - 1 draw
"""


def pictures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, seed: int, *options: str
) -> dict[str, str]:
    table = tmp_path / f"table-{seed}.yaml"
    table.write_text(TABLE.format(seed=seed), encoding="utf-8")
    out = tmp_path / f"svg-{seed}-{'-'.join(options)}"
    code, _, err = run(capsys, "rule", str(table), "--svg", str(out), *options)
    assert code == 0, err
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(out.iterdir())}


def test_a_hand_given_as_a_count_is_drawn_face_down(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first = pictures(capsys, tmp_path, 1)
    assert set(first) == {"official-01-before.svg", "official-01-after.svg"}
    assert "Your hand: 5 cards, not named" in first["official-01-before.svg"]
    # what the engine filled in differs by seed; the pictures do not
    assert pictures(capsys, tmp_path, 2) == first


def test_the_pictures_speak_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    said = pictures(capsys, tmp_path, 1, "--lang", "vi")["official-01-before.svg"]
    # seat 1 moves: Player 2, as people count
    assert "Góc nhìn của Người chơi 2" in said and "'s view" not in said
