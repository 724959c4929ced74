"""Pictures (``uno_rules.svg``): well-formed, labelled in words, and drawn from a seat's view
so that no hidden card can appear; notebook hooks on cards, views and states; the command
line's ``rule --svg``."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules.cards import _ALL_FACES
from uno_rules.cli import main
from uno_rules.svg import card_name, card_svg, hand_svg, state_svg, table_svg

NS = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[1]


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img" and root.get("aria-label")
    return root


def _card_titles(root: ET.Element) -> list[str]:
    """The names of the cards drawn face up (each card group carries its name as a title)."""
    return [
        t.text or ""
        for g in root.iter(f"{NS}g")
        if (t := g.find(f"{NS}title")) is not None and g.find(f"{NS}ellipse") is not None
    ]


def _texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


@pytest.mark.parametrize("card", _ALL_FACES, ids=str)
def test_every_card_is_drawn_with_its_name_and_color_in_words(card: uno.Card) -> None:
    root = _parse(card_svg(card))
    assert root.find(f"{NS}title") is not None
    assert root.find(f"{NS}title").text == card_name(card)  # type: ignore[union-attr]
    words = _texts(root)
    assert ("wild" if card.color is None else card.color.value) in words
    assert _card_titles(root) == [card_name(card)]


def test_card_names_are_words() -> None:
    assert card_name(uno.Card.parse("R+2")) == "red draw two"
    assert card_name(uno.Card.parse("W+4")) == "wild draw four"
    assert card_name(uno.Card.parse("B7")) == "blue 7"
    assert card_svg("g5") == card_svg(uno.Card.parse("G5"))


def test_a_hand_shows_every_card_in_order() -> None:
    cards = uno.parse_cards("R5 Gskip W B+2")
    root = _parse(hand_svg(cards))
    assert _card_titles(root) == [card_name(c) for c in cards]
    narrow = _parse(hand_svg(cards * 4, width=200))
    assert int(narrow.get("width", "0")) == 200
    assert len(_card_titles(narrow)) == 16


TABLE = {
    "players": 4,
    "hands": [["R7", "B6", "W+4"], ["G1", "Y9"], ["Gskip"], 5],
    "discard": ["B3", "R5"],
    "draw_pile": ["Y2"],
    "turn": 1,
}


@pytest.mark.parametrize("seat", range(4))
def test_a_table_shows_only_what_the_seat_may_know(seat: int) -> None:
    state = uno.situation(TABLE)
    root = _parse(table_svg(uno.view(state, seat)))
    shown = _card_titles(root)
    assert shown == [card_name(state.top_card), *(card_name(c) for c in state.hands[seat])]
    svg = table_svg(uno.view(state, seat))
    hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in hand}
    hidden |= set(state.draw_pile) | set(state.discard_pile[1:])
    for card in hidden - set(state.hands[seat]) - {state.top_card}:
        assert not re.search(rf"\b{re.escape(str(card))}\b", svg), card
    for other in range(4):
        assert f"{len(state.hands[other])} card" in " ".join(_texts(root))
    assert ("seat 1 (you) to play" if seat == 1 else "seat 1 to play") in _texts(root)
    assert "color: red" in _texts(root)
    assert f"{state.draw_pile_size} left" in _texts(root)


def test_a_table_says_penalty_direction_and_drawn_card_in_words() -> None:
    state = uno.situation(dict(TABLE, direction="counterclockwise", turn=0))
    penalty = uno.apply_or_raise(state, uno.parse_move("0 W+4 green")).state
    words = _texts(_parse(state_svg(penalty)))
    assert any("pending penalty: draw 4" in w for w in words)
    assert any("counter-clockwise" in w for w in words)
    assert "seat 3 (you) must answer the penalty" in words
    drew = uno.apply_or_raise(state, uno.parse_move("0 draw")).state
    assert "you drew Y2" in _texts(_parse(state_svg(drew, 0)))
    assert "Y2" not in state_svg(drew, 1)


def test_text_from_a_preset_is_escaped() -> None:
    rules = uno.load_preset({"extends": "official", "name": "<b>&me</b>"})
    state = uno.situation(dict(TABLE, rules=rules))
    svg = state_svg(state, 0)
    assert "<b>" not in svg
    assert "Seat 0's view, <b>&me</b>, round 1" in _texts(_parse(svg))


def test_notebook_hooks_draw_cards_views_and_states() -> None:
    card = uno.Card.parse("Y+2")
    assert card._repr_svg_() == card_svg(card) == card._repr_html_()
    state = uno.situation(TABLE)
    assert state._repr_svg_() == table_svg(uno.view(state, 1)) == state._repr_html_()
    v = uno.view(state, 2)
    assert v._repr_svg_() == table_svg(v) == v._repr_html_()


def test_importing_the_package_does_not_load_the_pictures() -> None:
    code = "import sys, uno_rules, uno_rules.cli; print('uno_rules.svg' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_rule_svg_draws_each_move_before_and_after(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    example = ROOT / "examples" / "jump-in.yaml"
    out = tmp_path / "pictures"
    presets = ["--preset", "official", "--preset", "family"]
    code = main(["rule", str(example), *presets, "--svg", str(out)])
    assert code == 1  # official refuses the jump-in
    names = sorted(p.name for p in out.iterdir())
    assert names == [
        f"{preset}-{i:02d}-{when}.svg"
        for preset in ("family", "official")
        for i in (1, 2)
        for when in ("after", "before")
    ]
    # Move 2 is "3 R5": drawn from seat 3's view, which holds R5 G9 Y3 at the start.
    before = _parse((out / "family-02-before.svg").read_text(encoding="utf-8"))
    assert _card_titles(before) == ["red 5", "red 5", "green 9", "yellow 3"]
    after = _parse((out / "family-02-after.svg").read_text(encoding="utf-8"))
    assert _card_titles(after) == ["red 5", "green 9", "yellow 3"]
    refused = _parse((out / "official-02-after.svg").read_text(encoding="utf-8"))
    assert _card_titles(refused) == _card_titles(before)
    assert "seat 0" not in capsys.readouterr().err


def test_rule_svg_into_an_unwritable_place_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    example = ROOT / "examples" / "jump-in.yaml"
    assert main(["rule", str(example), "--svg", str(blocker / "sub")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write pictures" in err and "Traceback" not in err


def test_a_hidden_hand_does_not_name_the_card_it_drew() -> None:
    """A hand the table gave as a count is drawn face down, and so is the card it draws:
    the picture says a card was drawn, never which one."""
    import uno_rules as uno
    from uno_rules.svg import state_svg

    table = uno.situation({"players": 2, "hands": [["R7"], 3], "discard": ["G5"], "turn": 1})
    drew = uno.apply_or_raise(table, "1 draw").state
    card = drew.drawn
    assert card is not None
    hidden = state_svg(drew, 1, hidden=True)
    assert "you drew a card (not named)" in hidden and f"you drew {card}" not in hidden
    assert f"you drew {card}" in state_svg(drew, 1)
