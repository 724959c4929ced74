"""UNO Flip (docs/flip.md, F1-F15): the two-sided deck, its pairing and its notation."""

from __future__ import annotations

import json
import pickle
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules.cards import COLORS, DARK_COLORS, Card, Color, Rank, deck_cards, parse_color
from uno_rules.kinds import KindDataError, read_card_data, read_steps

DATA = Path(uno.__file__).parent / "data" / "cards.json"
DECK = deck_cards("flip-112")


def light_counts() -> Counter[str]:
    """F1's light side, from the sheet's breakdown."""
    want: Counter[str] = Counter()
    for c in "RYGB":
        for n in range(1, 10):
            want[f"{c}{n}"] += 2
        for rank in ("+1", "rev", "skip", "flip"):
            want[c + rank] += 2
    want["W"] += 4
    want["W+2"] += 4
    return want


def dark_counts() -> Counter[str]:
    """F1's dark side, from the sheet's breakdown."""
    want: Counter[str] = Counter()
    for c in "PTOV":
        for n in range(1, 10):
            want[f"{c}{n}"] += 2
        for rank in ("+5", "rev", "skipall", "flip"):
            want[c + rank] += 2
    want["W"] += 4
    want["W+color"] += 4
    return want


def test_f1_the_deck_has_112_two_sided_cards_with_both_sides_counts_right() -> None:
    assert len(DECK) == 112
    assert all(card.other is not None and not card.dark for card in DECK)
    assert Counter(str(card.face) for card in DECK) == light_counts()
    assert Counter(str(card.other) for card in DECK) == dark_counts()
    # turned over, the same cards show the dark side in play
    turned = [card.flipped for card in DECK]
    assert all(card.dark for card in turned)
    assert Counter(str(card.face) for card in turned) == dark_counts()
    assert Counter(str(card.other) for card in turned) == light_counts()


def test_f1_the_pairing_is_the_documented_construction() -> None:
    """docs/flip.md: the k-th light face in canonical order with dark face 37k mod 112."""
    light = sorted(light_counts().elements(), key=_order("RYGB"))
    dark = sorted(dark_counts().elements(), key=_order("PTOV"))
    want = [f"{light[k]}/{dark[37 * k % 112]}" for k in range(112)]
    assert [str(card) for card in DECK] == want
    # no Wild behind a Wild
    assert not [c for c in DECK if c.rank is Rank.WILD and c.other is Card(None, Rank.WILD)]


def _order(letters: str) -> Callable[[str], tuple[int, int]]:
    """The canonical order of one side's faces: each color in turn, then the wilds."""
    dark = letters == "PTOV"
    per_color = [*(str(n) for n in range(1, 10))]
    per_color += ["+5" if dark else "+1", "rev", "skipall" if dark else "skip", "flip"]
    wilds = ["W", "W+color" if dark else "W+2"]

    def key(text: str) -> tuple[int, int]:
        if text in wilds:
            return (len(letters), wilds.index(text))
        return (letters.index(text[0]), per_color.index(text[1:]))

    return key


@pytest.mark.parametrize(
    ("text", "canonical", "name"),
    [
        ("P7", "P7", "pink 7"),
        ("teal+5", "T+5", "teal Draw Five"),
        ("T-draw5", "T+5", "teal Draw Five"),
        ("Oskipall", "Oskipall", "orange Skip Everyone"),
        ("Vflip", "Vflip", "purple Flip"),
        ("vrev", "Vrev", "purple Reverse"),
        ("R+1", "R+1", "red Draw One"),
        ("Rflip", "Rflip", "red Flip"),
        ("W+2", "W+2", "Wild Draw Two"),
        ("w-draw-color", "W+color", "Wild Draw Color"),
    ],
)
def test_f1_notation_reads_the_flip_faces(text: str, canonical: str, name: str) -> None:
    card = Card.parse(text)
    assert str(card) == canonical
    assert card.name == name
    assert Card.parse(canonical) is card


def test_f1_dark_colors_are_colors_but_not_the_classic_four() -> None:
    assert COLORS == (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
    assert [c.letter for c in DARK_COLORS] == ["P", "T", "O", "V"]
    assert [c.value for c in DARK_COLORS] == ["pink", "teal", "orange", "purple"]
    # a color named for a wild stays one of the classic four until a Flip game names one
    with pytest.raises(uno.NotationError):
        parse_color("pink")


def test_f1_the_classic_deck_is_unchanged() -> None:
    deck = deck_cards("classic-108")
    assert len(deck) == 108
    assert {card.color for card in deck} - {None} == set(COLORS)
    assert all(card.other is None for card in deck)


@pytest.mark.parametrize("text", ["R5/T7", "W+2/Pskipall", "W/T8", "Bflip/P2", "rflip/w"])
def test_f1_two_sided_text_round_trips_on_both_sides(text: str) -> None:
    card = Card.parse(text)
    assert str(Card.parse(str(card))) == str(card)
    assert Card.parse(str(card)) is card
    assert str(card.flipped) == str(card)  # LIGHT/DARK whichever side is in play
    assert card.flipped.flipped is card
    assert card.flipped is not card
    assert pickle.loads(pickle.dumps(card.flipped)) is card.flipped
    assert eval(repr(card.flipped), {"Card": Card}) is card.flipped


def test_f1_a_two_sided_card_is_its_face_in_play() -> None:
    card = Card.parse("R5/T7")
    assert (card.color, card.rank, card.number) == (Color.RED, Rank.FIVE, 5)
    assert card.face is Card.parse("R5")
    assert card.other is Card.parse("T7")
    turned = card.flipped
    assert (turned.color, turned.rank, turned.face, turned.other) == (
        Color.TEAL,
        Rank.SEVEN,
        Card.parse("T7"),
        Card.parse("R5"),
    )
    assert card is not Card.parse("R5/P3")  # the same face with another back: another card
    assert sorted([Card.parse("R5/T7"), Card.parse("R2/P1"), Card.parse("R5/P3")]) == [
        Card.parse("R2/P1"),
        Card.parse("R5/P3"),
        Card.parse("R5/T7"),
    ]


@pytest.mark.parametrize("text", ["T7/R5", "R5/B7", "P5/T7", "R5/T7/G1", "R5/", "/T7", "R5/X9"])
def test_f1_a_bad_two_sided_text_is_a_notation_error(text: str) -> None:
    with pytest.raises(uno.NotationError) as caught:
        Card.parse(text)
    assert text in str(caught.value)


def test_f2_the_flip_step_is_card_data_only() -> None:
    """No preset's written rule may turn the table over (F2 needs a two-sided deck)."""
    assert Card.parse("Rflip").kind.effect[0].op == "flip"
    steps, problems = read_steps([{"flip": True}], "extra_cards.wild_customizable.effect")
    assert steps == ()
    assert problems and "unknown step" in problems[0]
    assert "flip" not in problems[0].split("expected one of")[1]


def test_f3_f4_the_flip_kinds() -> None:
    draw_one, draw_five = Card.parse("R+1").kind, Card.parse("P+5").kind
    assert (draw_one.draw, draw_five.draw) == (1, 5)
    w2, wdc = Card.parse("W+2").kind, Card.parse("W+color").kind
    assert w2.wild and w2.restricted and w2.draw == 2 and w2.names_color
    assert wdc.wild and wdc.restricted and wdc.names_color
    assert [(s.op, s.chooser) for s in wdc.effect] == [("draw_until_color", "player")]


def test_f9_the_flip_deck_scores_by_its_own_table() -> None:
    data = read_card_data(json.loads(DATA.read_text(encoding="utf-8")))
    assert data.points["flip-112"] == {
        "+1": 10,
        "+5": 20,
        "rev": 20,
        "skip": 20,
        "flip": 20,
        "skipall": 30,
        "W": 40,
        "W+2": 50,
        "W+color": 60,
    }
    # the kinds keep their standard points: No Mercy's Skip Everyone is 20 (N16)
    assert Card.parse("Rskipall").points == 20


def test_the_new_kinds_come_after_the_existing_ones() -> None:
    """No earlier kind moves, so no action id of an existing table moves."""
    ranks = [kind["rank"] for kind in json.loads(DATA.read_text(encoding="utf-8"))["kinds"]]
    assert ranks[-5:] == ["+1", "flip", "+5", "W+2", "W+color"]
    assert ranks.index("Wroulette") == len(ranks) - 6


@pytest.mark.parametrize(
    ("pairs", "problem"),
    [
        ({"pairs": ["R5T7"]}, "decks.x.pairs[0]: expected a two-sided card"),
        ({"pairs": []}, "decks.x.pairs: expected a list"),
        ({"pairs": ["R5/T7"], "points": {"nope": 1}}, "decks.x.points.nope: not a card kind"),
        ({"pairs": ["R5/T7"], "points": {"W": -1}}, "decks.x.points.W: expected points"),
    ],
)
def test_two_sided_deck_data_is_checked(pairs: object, problem: str) -> None:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    data["decks"]["x"] = pairs
    with pytest.raises(KindDataError) as caught:
        read_card_data(data)
    assert any(p.startswith(problem) for p in caught.value.problems), caught.value.problems
