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
    assert ("Player 2 (you) to play" if seat == 1 else "Player 2 to play") in _texts(root)
    assert "color: red" in _texts(root)
    assert f"{state.draw_pile_size} left" in _texts(root)


def test_a_table_says_penalty_direction_and_drawn_card_in_words() -> None:
    state = uno.situation(dict(TABLE, direction="counterclockwise", turn=0))
    penalty = uno.apply_or_raise(state, uno.parse_move("0 W+4 green")).state
    words = _texts(_parse(state_svg(penalty)))
    assert any("pending penalty: draw 4" in w for w in words)
    assert any("counter-clockwise" in w for w in words)
    assert "Player 4 (you) must answer the penalty" in words  # seat 3
    drew = uno.apply_or_raise(state, uno.parse_move("0 draw")).state
    assert "you drew Y2" in _texts(_parse(state_svg(drew, 0)))
    assert "Y2" not in state_svg(drew, 1)


def test_text_from_a_preset_is_escaped() -> None:
    rules = uno.load_preset({"extends": "official", "name": "<b>&me</b>"})
    state = uno.situation(dict(TABLE, rules=rules))
    svg = state_svg(state, 0)
    assert "<b>" not in svg
    assert "Player 1's view, <b>&me</b>, round 1" in _texts(_parse(svg))


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


# ---------------------------------------------------------------- UNO Flip (F1, F14)

FLIP = {
    "rules": "flip",
    "players": 3,
    "hands": [["Rflip/T2", "R1/P1", "W/T8"], ["B6/T+5", "G3/O3", "R8/W"], ["B9/T9", "Y5/T1"]],
    "discard": ["R9/T4"],
    "draw_pile": ["Y3/T1", "G+1/Tflip"],
}


def _strips(root: ET.Element) -> list[str]:
    """The other faces printed on the strips of two-sided cards (their number or symbol,
    on a strip of their color)."""
    return [t.text or "" for t in root.iter(f"{NS}text") if t.get("class") == "strip"]


def test_a_two_sided_card_shows_its_face_in_play_and_its_other_face() -> None:
    root = _parse(card_svg("R5/T7"))
    assert _card_titles(root) == ["red 5, other face teal 7"]
    assert "red" in _texts(root) and _strips(root) == ["7"]  # on a teal strip
    dark = _parse(card_svg(uno.Card.parse("R5/T7").flipped))
    assert _card_titles(dark) == ["teal 7, other face red 5"]
    assert "teal" in _texts(dark) and _strips(dark) == ["5"]  # on a red strip
    assert _strips(_parse(card_svg("R5"))) == []  # a one-sided card has no strip
    row = _parse(hand_svg(["R5/T7", "W/T8"]))
    assert _card_titles(row) == ["red 5, other face teal 7", "wild, other face teal 8"]


def _swatches(svg: str) -> set[str]:
    return set(re.findall(r"<rect x='\d+' y='9' width='9' height='9' fill='(#\w+)'", svg))


def test_a_wild_face_shows_the_colors_of_its_side() -> None:
    light = {"#b71c1c", "#fdd835", "#1b5e20", "#0d47a1"}
    dark = {"#ad1457", "#00695c", "#e65100", "#4a148c"}
    assert _swatches(card_svg("W/T8")) == light
    assert _swatches(card_svg(uno.Card.parse("R8/W").flipped)) == dark


@pytest.mark.parametrize("seat", range(3))
def test_a_flip_table_shows_the_seats_faces_the_other_backs_and_the_piles_top_back(
    seat: int,
) -> None:
    """F14: the seat's own faces in play, each other hand's backs, the draw pile's top
    back and the top card's face in play; nothing else (not the faces the seat cannot
    see: its own other faces, the other hands' faces in play, the top card's other face)."""
    state = uno.situation(FLIP)
    v = uno.view(state, seat)
    svg = table_svg(v)
    root = _parse(svg)
    others = [card_name(c.other) for s, h in enumerate(state.hands) if s != seat for c in h]
    mine = [card_name(c) for c in state.hands[seat]]
    assert _card_titles(root) == [*others, "teal 1", "red 9", *mine]
    assert _strips(root) == []  # no card of a seat's table shows both faces
    assert "side in play: light" in _texts(root)
    assert "teal 4" not in svg  # the top card's other face lies hidden in the pile


def test_a_flip_table_on_the_dark_side() -> None:
    state = uno.apply_or_raise(uno.situation(FLIP), "0 Rflip").state
    root = _parse(state_svg(state, 1))
    assert "side in play: dark" in _texts(root)
    assert "color: teal" in _texts(root)
    titles = _card_titles(root)
    # seat 0's backs are now its light faces, seat 2's too; the top card is T4 (F2)
    assert titles[:2] == ["red 1", "wild"] and "teal 4" in titles
    assert titles[-3:] == ["teal draw five", "orange 3", "wild"]  # seat 1's faces
    assert _swatches(state_svg(state, 1)) >= {"#ad1457", "#00695c"}  # its dark wild


def test_the_words_of_a_table_and_a_hand_come_in_the_language_asked_for() -> None:
    state = uno.situation(FLIP)
    vi = _texts(_parse(table_svg(uno.view(state, 0), lang="vi")))
    assert "đến lượt Người chơi 1 (bạn)" in vi and "mặt đang dùng: sáng" in vi
    assert "màu: đỏ" in vi and not any("Your hand" in w for w in vi)
    tl = _parse(state_svg(state, 0, lang="tl"))
    assert "Hawak mo (3)" in _texts(tl) and "kulay: pula" in _texts(tl)
    assert "pulang Flip, kabilang mukha teal 2" not in _card_titles(tl)  # faces in play only
    assert _parse(hand_svg(["R5"], lang="vi")).get("aria-label") == "bài trên tay: 5 đỏ"
    assert _card_titles(_parse(card_svg("R5/T7", lang="tl"))) == [
        uno.card_name("R5", "tl") + ", kabilang mukha " + uno.card_name("T7", "tl")
    ]
    assert table_svg(uno.view(state, 0)) == table_svg(uno.view(state, 0), lang="en")


def test_a_flip_disputes_pictures_show_no_back_the_description_does_not_name() -> None:
    """A hand given as a count keeps its backs plain too, and so does a draw pile the
    description does not name; a Flip turns the named cards over with the table."""
    from uno_rules.dispute import settle
    from uno_rules.svg import dispute_svgs

    dispute = dict(FLIP, hands=[FLIP["hands"][0], FLIP["hands"][1], 2], moves=["0 Rflip", "1 T+5"])
    del dispute["draw_pile"]
    settlement = settle(dispute, ["flip"])
    (first, second) = dispute_svgs(settlement, frozenset({2}), 0)["flip"]
    before = _parse(first[0])
    # seat 1's backs (its dark faces), then two plain backs for seat 2, no pile top back
    mine = ["red flip", "red 1", "wild"]
    assert _card_titles(before) == ["teal draw five", "orange 3", "wild", "red 9", *mine]
    assert _texts(before).count("deck") == 3  # seat 2's two backs and the draw pile
    after_flip = _parse(second[0])  # seat 1 before its T+5: the table is dark side up
    theirs = ["teal draw five", "orange 3", "wild"]
    assert _card_titles(after_flip) == ["red 1", "wild", "teal 4", *theirs]
    # seat 2 drew 5 cards the engine filled in: their backs stay plain
    drawn = _parse(second[1])
    assert _texts(drawn).count("deck") == 1 + 2 + 5
    named = dispute_svgs(settle(FLIP | {"moves": ["0 R1"]}, ["flip"]), frozenset(), 2)["flip"]
    assert "teal 1" in _card_titles(_parse(named[0][0]))  # a named pile's top back shows


def test_a_flip_rulings_picture_draws_the_named_cards_both_faces() -> None:
    from uno_rules.dispute import settle
    from uno_rules.svg import ruling_svg

    dispute = dict(FLIP, hands=[["Rflip/T2", "R1/P1"], ["B6/T+5"], 3], moves=["0 Rflip"])
    result = settle(dispute, ["flip"]).to_dict(None, "vi")
    root = _parse(ruling_svg(dispute, result, "vi"))
    assert _strips(root) == ["2", "1", "+5", "4"]
    assert _texts(root).count("bộ bài") == 4  # the draw pile and seat 2's three backs


def test_a_dark_side_rulings_picture_shows_the_dark_faces_in_front() -> None:
    """``side: dark`` (F1): the ruling's picture draws each named two-sided card with its
    dark face in play and the light one on the strip behind it."""
    from uno_rules.dispute import settle
    from uno_rules.svg import ruling_svg

    dispute = dict(FLIP, side="dark", hands=[["B6/T+5"], ["G2/P+5", "B1/V5"], 3], moves=[])
    result = settle(dispute, ["flip"]).to_dict(None, "en")
    root = _parse(ruling_svg(dispute, result))
    assert _strips(root) == ["6", "2", "1", "9"]
    assert _card_titles(root)[:3] == [
        "teal draw five, other face blue 6",
        "pink draw five, other face green 2",
        "purple 5, other face blue 1",
    ]


def test_a_flip_seats_picture_does_not_change_when_what_it_cannot_see_is_dealt_again() -> None:
    """F14: re-deal what a seat cannot see (its own cards' other faces, the other hands'
    faces in play, the draw pile below its top's back), keep what it can: its picture is
    the same, on both sides, over a game of random moves."""
    import random

    from rules_strategies import hidden_changed_two_sided
    from uno_rules.engine import legal_moves

    rng = random.Random(3)
    state = uno.new_game("flip", 3, seed=3)
    sides = set()
    for _ in range(120):
        if state.phase.value in ("round-over", "game-over"):
            break
        sides.add(state.side)
        for seat in range(3):
            picture = state_svg(state, seat)
            other = hidden_changed_two_sided(state, seat, rng)
            assert state_svg(other, seat) == picture
        state = uno.apply_or_raise(state, rng.choice(legal_moves(state))).state
    assert sides == {"light", "dark"}


def test_the_seat_names_fit_their_boxes_in_every_language() -> None:
    """A seat's name ("Người chơi 1 (bạn)", "Manlalaro 1 (ikaw)") is set at a size that
    keeps it inside its box, taking a bold character as 0.62 of the size wide."""
    for players in (2, 4, 5, 10):
        table = uno.situation({"players": players, "hands": [5] * players, "discard": ["R5"]})
        for lang in ("en", "vi", "tl"):
            root = _parse(state_svg(table, 0, lang=lang))
            boxes = [
                (g, rect)
                for g in root.iter(f"{NS}g")
                if (rect := g.find(f"{NS}rect")) is not None and rect.get("height") == "44"
            ]
            assert len(boxes) == players
            for box, rect in boxes:
                width = float(rect.get("width") or 0)
                for text in box.findall(f"{NS}text"):
                    size = float(text.get("font-size") or 0)
                    assert 0.62 * size * len(text.text or "") <= width - 8 + 0.5, text.text
                    assert size >= 8, text.text


def test_the_table_picture_says_how_a_round_and_a_game_ended() -> None:
    """The status line of a finished round names its winner (or says it was blocked), and
    a finished game its winners."""
    import random

    from uno_rules.svg import table_svg

    short = {"extends": "official", "name": "to-150", "scoring": {"target": 150}}
    state = uno.new_game(short, players=2, seed=3)
    rng = random.Random(3)
    pictures: list[str] = []
    while not state.game_over:
        if state.round_over:
            pictures.append(table_svg(uno.view(state, 0)))
            state = uno.next_round(state)
            continue
        state = uno.apply_or_raise(state, rng.choice(uno.legal_moves(state))).state
    pictures.append(table_svg(uno.view(state, 0)))
    assert any("round over, won by" in p or "round over, blocked" in p for p in pictures[:-1])
    assert "game over, won by" in pictures[-1]
