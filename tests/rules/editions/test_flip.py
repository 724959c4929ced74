"""UNO Flip (docs/flip.md, F1-F15): the two-sided deck, its pairing and its notation, the
bundled preset ``flip``, snapshots and records across the sides, and the views (F14)."""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno
from rules_strategies import hidden_changed_two_sided
from uno_rules.cards import COLORS, DARK_COLORS, Card, Color, Rank, deck_cards, parse_color
from uno_rules.dealing import deal_round
from uno_rules.events import FirstCardReturned, FirstCardTurned
from uno_rules.kinds import KindDataError, read_card_data, read_steps
from uno_rules.state import pile_from
from uno_rules.testing import all_cards, check_conserved, random_playout

from .. import helpers

DATA = Path(uno.__file__).parent / "data" / "cards.json"
DECK = deck_cards("flip-112")


def side_counts(colors: str, actions: tuple[str, ...], wild: str) -> Counter[str]:
    """One side of F1, from the sheet's breakdown: per color two of each number 1-9 and of
    each action, then 4 Wild and 4 of the side's wild draw card."""
    want: Counter[str] = Counter()
    for c in colors:
        for face in (*map(str, range(1, 10)), *actions):
            want[c + face] += 2
    want["W"] += 4
    want[wild] += 4
    return want


def light_counts() -> Counter[str]:
    return side_counts("RYGB", ("+1", "rev", "skip", "flip"), "W+2")


def dark_counts() -> Counter[str]:
    return side_counts("PTOV", ("+5", "rev", "skipall", "flip"), "W+color")


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


# --------------------------------------------------------------------------- the engine


def table(
    hands: list[Any], discard: list[str], rules: Any = "flip", **fields: Any
) -> uno.GameState:
    return helpers.table(hands, discard, rules=rules, **fields)


def ok(state: uno.GameState, move: str) -> uno.Transition:
    before = uno.dump_state(state)
    assert uno.validate(state, move) is None, f"{move!r}: {uno.validate(state, move)}"
    result = uno.apply(state, move)
    assert isinstance(result, uno.Transition), result
    assert uno.dump_state(state) == before
    check_conserved(result.state)  # F1: the 112 cards, each showing the side in play
    both_sides_count(result.state)
    return result


def both_sides_count(state: uno.GameState) -> None:
    """F1: whichever side is up, the faces in play and the other faces are the deck's."""
    held = list(all_cards(state).elements())
    light = [c.other if c.dark else c.face for c in held]
    dark = [c.face if c.dark else c.other for c in held]
    assert Counter(str(c) for c in light) == light_counts()
    assert Counter(str(c) for c in dark) == dark_counts()


def refused(state: uno.GameState, move: str, code: str) -> uno.Violation:
    result = uno.apply(state, move)
    assert isinstance(result, uno.Violation), result
    assert result.code == code, (result.code, str(result))
    return result


def kinds(events: tuple[uno.Event, ...]) -> list[str]:
    return [e.kind for e in events]


def dark_table() -> uno.GameState:
    """Seat 0's red Flip on R9/T4: the dark side is up, T4 on top (teal), seat 1 to play."""
    state = table(
        [
            ["Rflip/T2", "R1/P1", "Y1/O8"],
            ["B6/T+5", "B2/Tskipall", "R2/W+color", "G3/O3"],
            ["B9/T9", "Y5/T1", "G7/O1"],
        ],
        ["R9/T4"],
    )
    return ok(state, "0 Rflip").state


def test_f1_a_game_starts_on_the_light_side_with_seven_cards_each() -> None:
    state = uno.new_game("flip", players=4, seed=3)
    assert state.side == "light"
    assert [len(h) for h in state.hands] == [7, 7, 7, 7]
    assert all(not c.dark and c.other is not None for c in all_cards(state))
    both_sides_count(state)


def test_f2_a_flip_turns_the_discard_pile_the_draw_pile_and_every_hand_over() -> None:
    state = table(
        [["Rflip/T2", "R1/P1", "Y1/O8"], ["B6/T+5", "G3/O3"], ["B9/T9", "Y5/T1"]],
        ["R5/Orev", "R9/T4"],
    )
    draw_before = state.draw_pile
    result = ok(state, "0 Rflip")
    after = result.state
    assert after.side == "dark"
    assert kinds(result.events) == ["played", "flipped"]
    assert result.events[1] == uno.TableFlipped(0, "dark")
    # the discard pile turned over: the Flip at the bottom, the old bottom on top
    assert [str(c.face) for c in after.discard_pile] == ["T2", "T4", "Orev"]
    assert after.top_card is Card.parse("R5/Orev").flipped
    assert after.color is Color.ORANGE
    # the draw pile turned over: its old bottom card on top, every card dark side up
    assert after.draw_pile == tuple(c.flipped for c in reversed(draw_before))
    # every hand turned over, in its order
    assert after.hands[0] == (Card.parse("R1/P1").flipped, Card.parse("Y1/O8").flipped)
    assert after.hands[1:] == tuple(tuple(c.flipped for c in h) for h in state.hands[1:])
    assert after.turn == 1


def test_f2_a_flip_matches_another_flip_and_turns_back_to_the_light_side() -> None:
    state = table(
        [["Rflip/T2", "R1/P1"], ["G+1/Tflip", "G3/O3"], ["B9/T9", "Y5/T1"]],
        ["Y6/Pflip", "R9/T4"],
    )
    dark = ok(state, "0 Rflip").state
    assert dark.side == "dark" and dark.top_card.face is Card.parse("Pflip")
    back = ok(dark, "1 Tflip").state  # teal Flip on pink Flip: a Flip matches a Flip
    assert back.side == "light"
    assert all(not c.dark for c in all_cards(back))
    # the old bottom card is the first Flip, light side up; it turns nothing over (F11)
    assert back.top_card is Card.parse("Rflip/T2")
    assert back.color is Color.RED and back.turn == 2


def test_f2_a_flip_of_another_color_does_not_match() -> None:
    state = table([["Bflip/P2", "R1/P1"], ["G3/O3"], ["B9/T9"]], ["Y6/Pflip", "R9/T4"])
    refused(state, "0 Bflip", "card-does-not-match")


def test_f3_draw_one_makes_the_next_player_draw_one_and_miss_the_turn() -> None:
    state = table([["R+1/T3", "R1/P1"], ["G3/O3", "B1/V5"], ["B9/T9", "Y5/T1"]], ["R9/T4"])
    result = ok(state, "0 R+1")
    assert [(e.seat, e.count) for e in result.events if isinstance(e, uno.CardsDrawn)] == [(1, 1)]
    assert result.state.turn == 2
    assert len(result.state.hands[1]) == 3


def wild_draw_two_table(bluff: bool) -> uno.GameState:
    hand = ["W+2/P1", "R1/P1" if bluff else "B1/V5", "G9/O1"]
    return table([hand, ["G3/O3", "B1/P6"], ["B9/T9", "Y5/T1"]], ["R9/T4"])


def test_f3_wild_draw_two_waits_for_an_answer_and_counts_two() -> None:
    after = ok(wild_draw_two_table(False), "0 W+2 blue").state
    assert after.phase is uno.Phase.PENALTY and after.penalty is not None
    assert after.penalty.amount == 2 and after.color is Color.BLUE
    taken = ok(after, "1 accept").state
    assert len(taken.hands[1]) == 4 and taken.turn == 2


def test_f3_wild_draw_two_guilty_draws_two_instead() -> None:
    after = ok(wild_draw_two_table(True), "0 W+2 blue").state  # held a red card: a bluff
    result = ok(after, "1 challenge")
    assert result.events[0].kind == "challenge-won"
    assert len(result.state.hands[0]) == 2 + 2
    assert len(result.state.hands[1]) == 2


def test_f3_wild_draw_two_innocent_the_challenger_draws_four() -> None:
    after = ok(wild_draw_two_table(False), "0 W+2 blue").state  # no red card: innocent
    result = ok(after, "1 challenge")
    assert result.events[0].kind == "challenge-lost"
    assert len(result.state.hands[1]) == 2 + 4
    assert result.state.turn == 2


def test_f3_wild_draw_two_may_match_a_number_only_the_color_restricts_it() -> None:
    # holding the 9 of another color (the top card's number) is no bluff
    state = table([["W+2/P1", "B9/T9", "G1/O3"], ["G3/O3"], ["Y5/T1"]], ["R9/T4"])
    after = ok(state, "0 W+2 green").state
    assert after.penalty is not None and not after.penalty.bluff


def test_f4_draw_five_makes_the_next_player_draw_five_and_miss_the_turn() -> None:
    state = dark_table()
    result = ok(state, "1 T+5")
    assert [(e.seat, e.count) for e in result.events if isinstance(e, uno.CardsDrawn)] == [(2, 5)]
    assert result.state.turn == 0
    assert len(result.state.hands[2]) == 3 + 5


def test_f4_skip_everyone_returns_play_to_its_player() -> None:
    result = ok(dark_table(), "1 Tskipall")
    assert [e.seat for e in result.events if isinstance(e, uno.Skipped)] == [2, 0]
    assert result.state.turn == 1


def test_f4_wild_draw_color_draws_until_the_color_named_and_loses_the_turn() -> None:
    state = dark_table()
    waiting = ok(state, "1 W+color orange").state
    result = ok(waiting, "2 accept")
    assert result.events[1] == uno.PenaltyAccepted(2, len(result.state.hands[2]) - 3)
    drawn = [e for e in result.events if isinstance(e, uno.CardsDrawn)]
    assert len(drawn) == 1 and drawn[0].seat == 2
    cards = drawn[0].cards
    assert cards is not None and cards[-1].color is Color.ORANGE
    assert all(c.color is not Color.ORANGE for c in cards[:-1])
    assert result.state.turn == 0 and result.state.color is Color.ORANGE


def fair_wild_draw_color() -> uno.GameState:
    """The dark side up, T4 on top (teal), seat 1 holding no teal card but a Wild Draw Color."""
    state = table(
        [
            ["Rflip/T2", "R1/P1", "Y1/O8"],
            ["R2/W+color", "G3/O3", "B1/V5"],
            ["B9/T9", "Y5/T1", "G7/O1"],
        ],
        ["R9/T4"],
    )
    return ok(state, "0 Rflip").state


def test_f4_a_wild_draw_color_waits_for_its_victim_to_accept_or_challenge_it() -> None:
    waiting = ok(dark_table(), "1 W+color orange").state
    assert waiting.phase is uno.Phase.PENALTY and waiting.turn == 2
    assert waiting.color is Color.ORANGE
    assert {str(m) for m in uno.legal_moves(waiting)} >= {"2 accept", "2 challenge"}
    assert uno.describe(waiting).startswith("seat 2 must answer a draw until orange |")
    # F15: no card answers it (here the victim's own T9, or any card of another seat)
    played = refused(waiting, "2 T9", "penalty-pending")
    assert played.rule == "F4" and "Wild Draw Color" in str(played)
    refused(waiting, "0 P1", "penalty-pending")
    wrong_seat = refused(waiting, "0 challenge", "not-challenge-eligible")
    # the refusal names the card waiting, not the classic deck's Wild Draw Four
    assert str(wrong_seat) == (
        "Only seat 2, the player the Wild Draw Color was played on, may challenge it (B8.3)."
    )
    assert "Wild Draw Four" not in uno.violation_text(wrong_seat, "vi")
    # the pending draw survives a snapshot
    assert uno.load_state(json.loads(json.dumps(uno.dump_state(waiting)))) == waiting


def test_f4_a_caught_wild_draw_color_makes_its_player_draw_until_the_color() -> None:
    # seat 1 holds T+5 and Tskipall, teal cards, when it plays the Wild Draw Color on teal
    waiting = ok(dark_table(), "1 W+color orange").state
    result = ok(waiting, "2 challenge")
    won = [e for e in result.events if isinstance(e, uno.ChallengeWon)]
    drawn = [e for e in result.events if isinstance(e, uno.CardsDrawn)]
    assert len(won) == 1 and won[0].offender == 1 and won[0].challenger == 2
    assert [e.seat for e in drawn] == [1]
    cards = drawn[0].cards
    assert cards is not None and cards[-1].color is Color.ORANGE
    assert all(c.color is not Color.ORANGE for c in cards[:-1])
    assert won[0].penalty == len(cards)
    after = result.state
    assert after.turn == 2 and after.phase is uno.Phase.TURN  # A7: the challenger plays
    assert after.color is Color.ORANGE  # A8 (a): the card and its color stay
    # the challenged hand is shown to the challenger only (B8.5)
    seen = uno.view_events(result.events, 2)[0]
    assert isinstance(seen, uno.ChallengeWon) and won[0].hand is not None
    assert seen.hand == tuple(c.face for c in won[0].hand)  # F14: the faces in play only
    hidden = [e for e in uno.view_events(result.events, 0) if isinstance(e, uno.ChallengeWon)]
    assert hidden[0].hand is None


def test_f4_a_fair_wild_draw_color_costs_the_challenger_the_color_and_2_more() -> None:
    waiting = ok(fair_wild_draw_color(), "1 W+color orange").state
    result = ok(waiting, "2 challenge")
    lost = [e for e in result.events if isinstance(e, uno.ChallengeLost)]
    drawn = [e for e in result.events if isinstance(e, uno.CardsDrawn)]
    assert len(lost) == 1 and [e.seat for e in drawn] == [2]
    cards = drawn[0].cards
    assert cards is not None and lost[0].penalty == len(cards)
    oranges = [k for k, c in enumerate(cards) if c.color is Color.ORANGE]
    assert oranges and oranges[0] == len(cards) - 3  # the first orange, then 2 more
    assert result.state.turn == 0  # the challenger loses the turn
    for seat, shown in ((0, False), (2, True)):
        seen = uno.view_events(result.events, seat)[0]
        assert isinstance(seen, uno.ChallengeLost) and (seen.hand is not None) is shown


def test_f4_a_last_wild_draw_color_can_be_challenged_and_then_the_round_ends() -> None:
    state = table([["Rflip/T2", "R2/W+color"], ["G3/O3", "B1/V5"], ["Y5/T1"]], ["R5/Orev", "R9/T4"])
    dark = ok(state, "0 Rflip").state._replace(turn=0)
    waiting = ok(dark, "0 W+color teal").state  # fair: seat 0 held nothing else
    result = ok(waiting, "1 challenge")
    assert [e.kind for e in result.events if e.kind.startswith("challenge")] == ["challenge-lost"]
    assert result.state.round_over and result.state.round_winner == 0


def test_f4_without_challenges_a_wild_draw_color_is_drawn_at_once() -> None:
    rules = {"extends": "flip", "name": "flip-no-challenge", "w4_challenge": "disabled"}
    state = table(
        [
            ["Rflip/T2", "R1/P1", "Y1/O8"],
            ["B6/T+5", "B2/Tskipall", "R2/W+color", "G3/O3"],
            ["B9/T9", "Y5/T1", "G7/O1"],
        ],
        ["R9/T4"],
        rules=rules,
    )
    result = ok(ok(state, "0 Rflip").state, "1 W+color orange")
    assert [e.seat for e in result.events if isinstance(e, uno.CardsDrawn)] == [2]
    assert result.state.turn == 0


def test_a_challenge_refused_under_disabled_challenges_names_the_card_it_refuses() -> None:
    # stacking keeps the Wild Draw Two waiting (a stack may answer it) though none may
    # challenge it
    rules = {
        "extends": "flip",
        "name": "flip-stacking-no-challenge",
        "w4_challenge": "disabled",
        "house_rules": {"stacking": {"enabled": True, "by_value": "equal_or_higher"}},
    }
    state = table(
        [["W+2/P1", "B9/T9", "G1/O3"], ["G3/O3"], ["Y5/T1"]],
        ["R9/T4"],
        rules=rules,
    )
    waiting = ok(state, "0 W+2 blue").state
    refusal = refused(waiting, "1 challenge", "challenge-disabled")
    assert str(refusal) == "A Wild Draw Two cannot be challenged under these rules (H11)."


def test_f4_a_dark_wild_names_a_dark_color_only() -> None:
    state = dark_table()
    refused(state, "1 R2/W+color red", "color-not-in-play")
    with pytest.raises(uno.NotationError):
        uno.parse_move("1 W red purple")


def test_f1_a_light_wild_names_a_light_color_only() -> None:
    state = wild_draw_two_table(False)
    refused(state, "0 W+2/P1 purple", "color-not-in-play")
    # a classic game refuses a dark color too
    classic = uno.situation({"players": 2, "hands": [["W", "R1"], 3], "discard": ["R5"]})
    violation = uno.validate(classic, uno.Play(0, "W", color=Color.PINK))
    assert violation is not None and violation.code == "color-not-in-play"


def test_f1_a_play_names_a_card_by_its_face_in_play() -> None:
    state = dark_table()
    by_face = ok(state, "1 T+5").state
    by_text = ok(state, "1 B6/T+5").state
    assert by_face == by_text


def first_events(seed: int, players: int = 3) -> list[uno.Event]:
    events: list[uno.Event] = []
    deal_round(
        uno.load_preset("flip"), players, seed, 0, 0, (0,) * players, frozenset(), None, events
    )
    return events


def find_seed(test: Callable[[list[uno.Event]], bool]) -> list[uno.Event]:
    for seed in range(3000):
        events = first_events(seed)
        if test(events):
            return events
    raise AssertionError("no seed found")


def test_f5_a_wild_draw_two_turned_first_goes_back() -> None:
    events = find_seed(
        lambda ev: any(
            isinstance(e, FirstCardReturned) and e.card.rank is Rank.WILD_DRAW_TWO for e in ev
        )
    )
    turned = [e for e in events if isinstance(e, FirstCardTurned)]
    assert turned[-1].card.rank is not Rank.WILD_DRAW_TWO


def test_f10_a_flip_turned_first_goes_back_and_the_round_starts_light() -> None:
    events = find_seed(
        lambda ev: any(isinstance(e, FirstCardReturned) and e.card.rank is Rank.FLIP for e in ev)
    )
    turned = [e for e in events if isinstance(e, FirstCardTurned)]
    assert turned[-1].card.rank is not Rank.FLIP
    assert not turned[-1].card.dark


def test_f5_a_draw_one_turned_first_the_first_player_draws_one_and_is_skipped() -> None:
    events = find_seed(
        lambda ev: any(isinstance(e, FirstCardTurned) and e.card.rank is Rank.DRAW_ONE for e in ev)
    )
    drawn = [e for e in events if isinstance(e, uno.CardsDrawn)]
    assert [(e.seat, e.count, e.reason) for e in drawn] == [(1, 1, "first-card")]
    assert [e.seat for e in events if isinstance(e, uno.Skipped)] == [1]


def test_f5_a_wild_turned_first_the_first_player_names_a_light_color() -> None:
    for seed in range(3000):
        state = uno.new_game("flip", players=3, seed=seed, dealer=0)
        if state.top_card.rank is Rank.WILD:
            break
    assert state.phase is uno.Phase.CHOOSE_COLOR and state.turn == 1
    assert {str(m) for m in uno.legal_moves(state, 1)} >= {"1 color red", "1 color blue"}
    refused(state, "1 color pink", "color-not-in-play")


def test_f6_after_a_draw_only_the_drawn_card_may_be_played() -> None:
    state = table([["R1/P1", "R3/T6"], ["G3/O3"], ["Y5/T1"]], ["R9/T4"], draw_pile=["B1/V5"])
    drawn = ok(state, "0 draw").state
    refused(drawn, "0 R1", "only-drawn-card-playable")


def test_f7_a_missed_uno_call_caught_draws_two() -> None:
    state = table([["R1/P1", "R3/T6"], ["G3/O3", "B1/V5"], ["Y5/T1"]], ["R9/T4"])
    after = ok(state, "0 R1").state
    caught = ok(after, "1 catch 0").state
    assert len(caught.hands[0]) == 1 + 2


def test_f8_a_last_draw_one_still_makes_the_next_player_draw_and_counts() -> None:
    state = table([["R+1/T3"], ["G3/O3", "B1/V5"], ["Y5/T1"]], ["R9/T4"], draw_pile=["G9/O1"])
    result = ok(state, "0 R+1")
    assert result.state.round_over and result.state.round_winner == 0
    assert len(result.state.hands[1]) == 3
    # F9: G3 + B1 + G9 (light faces) + Y5
    assert result.state.scores[0] == 3 + 1 + 9 + 5


def test_f8_a_last_wild_draw_color_still_makes_the_next_player_draw() -> None:
    state = table([["Rflip/T2", "R2/W+color"], ["G3/O3", "B1/V5"], ["Y5/T1"]], ["R5/Orev", "R9/T4"])
    dark = ok(state, "0 Rflip").state
    dark = dark._replace(turn=0)  # seat 0 plays again, holding its last card
    waiting = ok(dark, "0 W+color teal").state
    assert waiting.phase is uno.Phase.PENALTY and not waiting.round_over  # F4: seat 1 may
    result = ok(waiting, "1 accept")  # challenge it (A12), then the round ends
    assert result.state.round_over and result.state.round_winner == 0
    drawn = [e for e in result.events if isinstance(e, uno.CardsDrawn)]
    assert [e.seat for e in drawn] == [1]


def test_f9_scores_by_the_side_the_round_ended_on() -> None:
    state = table(
        [["Rflip/T2", "R5/W+color"], ["B2/Tskipall", "R2/W+color", "R8/W", "G3/O3"], ["Y5/T1"]],
        ["R9/T4", "R3/Orev"],
    )
    dark = ok(state, "0 Rflip").state._replace(turn=0)
    assert dark.top_card.face is Card.parse("T4")
    # a last Wild Draw Color: seat 1 takes its draw until teal
    result = ok(ok(dark, "0 W+color teal").state, "1 accept")
    after = result.state
    assert after.round_over and after.side == "dark"
    gained = after.scores[0]
    expected = sum(scoring_points(c) for k in (1, 2) for c in after.hands[k])
    assert gained == expected
    # Skip Everyone 30, Wild Draw Color 60, Wild 40, O3 3, T1 1 among them
    assert scoring_points(Card.parse("B2/Tskipall").flipped) == 30
    assert scoring_points(Card.parse("R2/W+color").flipped) == 60
    assert scoring_points(Card.parse("R8/W").flipped) == 40


def scoring_points(card: Card) -> int:
    from uno_rules.rules.scoring import card_points

    return card_points(uno.load_preset("flip"), card)


def test_f9_light_side_points() -> None:
    points = {
        t: scoring_points(Card.parse(t))
        for t in ("R+1/T3", "W+2/P1", "Rflip/T2", "Rskip/T3", "Rrev/O9", "W/T8", "R7/T4")
    }
    assert points == {
        "R+1/T3": 10,
        "W+2/P1": 50,
        "Rflip/T2": 20,
        "Rskip/T3": 20,
        "Rrev/O9": 20,
        "W/T8": 40,
        "R7/T4": 7,
    }


def test_f9_first_to_500_and_the_running_low_alternative() -> None:
    rules = uno.load_preset("flip")
    assert rules.scoring.target == 500 and rules.scoring.mode.value == "winner_collects"
    low = uno.load_preset({"extends": "flip", "scoring": {"mode": "running_low"}})
    assert low.scoring.mode.value == "running_low"


def test_f11_a_wild_on_top_after_a_flip_waits_for_the_next_player_to_name_a_color() -> None:
    state = table([["Rflip/T2", "R1/P1"], ["G3/O3", "B1/V5"], ["Y5/T1"]], ["R8/W", "R9/T4"])
    result = ok(state, "0 Rflip")
    after = result.state
    assert after.top_card.face is Card(None, Rank.WILD)
    assert after.phase is uno.Phase.CHOOSE_COLOR and after.turn == 1 and after.color is None
    assert {str(m) for m in uno.legal_moves(after, 1) if "color" in str(m)} == {
        "1 color pink",
        "1 color teal",
        "1 color orange",
        "1 color purple",
    }
    refused(after, "1 color red", "color-not-in-play")
    named = ok(after, "1 color orange").state
    assert named.color is Color.ORANGE and named.turn == 1 and named.phase is uno.Phase.TURN


def test_f11_the_new_top_cards_action_does_not_happen() -> None:
    # R5/Orev ends on top, its orange Reverse face up: the direction stays
    state = table([["Rflip/T2", "R1/P1"], ["G3/O3"], ["Y5/T1"]], ["R5/Orev", "R9/T4"])
    after = ok(state, "0 Rflip").state
    assert after.direction == 1 and after.turn == 1


def test_f12_a_flip_as_the_last_card_turns_nothing_over() -> None:
    state = table([["Rflip/T2"], ["G3/O3", "B1/V5"], ["Y5/T1"]], ["R5/Orev", "R9/T4"])
    result = ok(state, "0 Rflip")
    after = result.state
    assert after.round_over and after.side == "light"
    assert "flipped" not in kinds(result.events)
    assert after.scores[0] == 3 + 1 + 5  # the light faces


def test_f13_wild_draw_color_with_no_card_of_the_color_left_takes_what_there_is() -> None:
    state = dark_table()
    # every purple card in play out of reach: seat 2 draws the whole draw pile
    after = state._replace(
        draw=pile_from([c for c in state.draw_pile if c.color is not Color.PURPLE]),
    )
    purple = [c for c in state.draw_pile if c.color is Color.PURPLE]
    hands = list(after.hands)
    hands[0] = hands[0] + tuple(purple)
    after = after._replace(hands=tuple(hands))
    check_conserved(after)
    result = ok(ok(after, "1 W+color purple").state, "2 accept")
    drawn = [e for e in result.events if isinstance(e, uno.CardsDrawn)]
    assert drawn[0].seat == 2
    assert result.state.draw_pile_size == 0 or any(e.kind == "reshuffled" for e in result.events)
    assert result.state.turn == 0


def test_f15_seven_o_zero_rotate_is_refused_on_the_flip_deck() -> None:
    with pytest.raises(uno.PresetError) as caught:
        uno.load_preset({"extends": "flip", "house_rules": {"seven_o": {"enabled": True}}})
    assert any("zero_rotate" in p and "no 0" in p for p in caught.value.problems)
    kept = uno.load_preset(
        {"extends": "flip", "house_rules": {"seven_o": {"enabled": True, "zero_rotate": False}}}
    )
    assert kept.house_rules.seven_o.seven_swap


def test_snapshots_of_either_side_round_trip_and_one_sided_ones_write_no_side() -> None:
    dark = dark_table()
    data = uno.dump_state(dark)
    assert data["side"] == "dark" and data["hands"][1][0] == "B6/T+5"
    again = uno.load_state(json.loads(json.dumps(data)))
    assert again == dark
    light = uno.new_game("flip", players=3, seed=1)
    assert uno.dump_state(light)["side"] == "light"
    assert uno.load_state(uno.dump_state(light)) == light
    classic = uno.new_game("official", players=3, seed=1)
    assert "side" not in uno.dump_state(classic)  # as before: old snapshots load unchanged
    assert uno.load_state(uno.dump_state(classic)) == classic


def test_a_snapshot_with_a_wrong_side_is_refused() -> None:
    data = uno.dump_state(dark_table())
    for bad in ("light", "grey"):
        with pytest.raises(uno.SituationError):
            uno.load_state({**data, "side": bad})


def test_records_replay_across_flips() -> None:
    final, texts = random_playout("flip", 3, 11, 12, max_moves=100_000)
    assert final.game_over
    first = uno.new_game("flip", players=3, seed=11)  # the record starts at the first deal
    record = uno.make_record(uno.load_preset("flip"), 3, 11, texts, dealer=first.dealer)
    result = uno.replay(record)
    assert result.ok, (result.index, result.violation)


ONE_ROUND = {"extends": "flip", "name": "flip-one-round", "scoring": {"mode": "none"}}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_rounds_end_with_both_sides_counted(players: int) -> None:
    """30 seeded random rounds per table size (150 in all) end; the cards are the 112 on
    both sides at every round's end and, through the kit, every 50 moves (the games test
    below and ``benchmarks/flip_games.py`` play many more)."""
    flipped = 0
    for seed in range(30):
        final, _ = random_playout(
            ONE_ROUND,
            players,
            seed,
            seed + 7,
            max_moves=20_000,
            on_round_end=lambda before, after: both_sides_count(after),
        )
        assert final.game_over
        both_sides_count(final)
        flipped += final.side == "dark"
    assert flipped  # some rounds end on the dark side


# --------------------------------------------------------------------------- views (F14)


def test_f14_a_seat_sees_its_own_faces_the_others_backs_and_the_draw_piles_top_back() -> None:
    state = dark_table()
    seen = uno.view(state, 1)
    assert seen.side == "dark"
    assert seen.hand == tuple(c.face for c in state.hands[1])
    assert all(c.other is None for c in seen.hand)  # not its own other faces
    assert seen.backs[1] == ()
    assert seen.backs[0] == tuple(c.other for c in state.hands[0])  # light faces: the backs
    assert seen.backs[2] == tuple(c.other for c in state.hands[2])
    assert seen.draw_top_back is state.draw_pile[0].other
    assert seen.discard_pile == tuple(c.face for c in state.discard_pile)
    assert seen.top_card is state.top_card.face
    plain = seen.to_dict()
    assert plain["backs"][0] == ["R1", "Y1"] and plain["side"] == "dark"
    text = json.dumps(plain)
    for c in state.hands[1]:  # its own cards' light faces appear nowhere...
        assert str(c.other) not in [*plain["hand"], *plain["discard_pile"]]
    assert "B6/T+5" not in text  # ...and no two-sided text at all


def test_f14_a_one_sided_view_is_as_before() -> None:
    state = uno.new_game("official", players=3, seed=2)
    plain = uno.view(state, 0).to_dict()
    assert not {"side", "backs", "draw_top_back"} & set(plain)
    assert uno.view(state, 0).hand == state.hands[0]


def test_f14_events_show_the_faces_in_play_to_the_seats_that_see_them() -> None:
    state = dark_table()
    result = ok(state, "1 T+5")
    drawn = next(e for e in result.events if isinstance(e, uno.CardsDrawn))
    mine = next(e for e in uno.view_events(result.events, 2) if isinstance(e, uno.CardsDrawn))
    assert mine.cards == tuple(c.face for c in drawn.cards or ())
    theirs = next(e for e in uno.view_events(result.events, 0) if isinstance(e, uno.CardsDrawn))
    assert theirs.cards is None
    played = next(e for e in uno.view_events(result.events, 0) if isinstance(e, uno.CardPlayed))
    assert played.card is Card.parse("T+5")


def flip_states() -> list[uno.GameState]:
    """States of seeded random Flip rounds, both sides, every kind of decision."""
    from uno_rules.testing import playout_states

    found: list[uno.GameState] = []
    for seed in range(1, 13):
        states = playout_states(ONE_ROUND, 2 + seed % 5, seed)
        found += [
            s
            for i, s in enumerate(states)
            if i % 7 == 0 or s.phase in (uno.Phase.PENALTY, uno.Phase.CHOOSE_COLOR)
        ]
    # a wild on top after a Flip, its color to be named (F11), and a Wild turned first (F5)
    wild_on_top = table([["Rflip/T2", "R1/P1"], ["G3/O3", "B1/V5"], ["Y5/T1"]], ["R8/W", "R9/T4"])
    found.append(ok(wild_on_top, "0 Rflip").state)
    found += [
        s
        for seed in range(200)
        if (s := uno.new_game("flip", players=3, seed=seed)).phase is uno.Phase.CHOOSE_COLOR
    ]
    return found


def test_f14_views_leak_nothing_over_every_kind_of_decision() -> None:
    """Re-deal what a seat cannot see (its own other faces, the other hands' faces in play,
    the draw pile but its top card's back), keep what it can, and its view is the same."""
    rng = random.Random(5)
    states = flip_states()
    decisions = {s.decision.kind for s in states if s.decision is not None}
    assert {"turn", "drawn", "penalty", "choose-color"} <= decisions, decisions
    assert {s.side for s in states} == {"light", "dark"}
    changed = 0
    for state in states:
        for seat in range(state.players):
            other = hidden_changed_two_sided(state, seat, rng)
            check_conserved(other)
            assert uno.view(other, seat) == uno.view(state, seat)
            assert uno.view(other, seat).to_dict() == uno.view(state, seat).to_dict()
            changed += other.hands != state.hands or other.draw != state.draw
    assert changed > len(states)  # the re-deal did change hidden cards


def test_f14_a_view_changes_when_anything_it_may_see_changes() -> None:
    """The other side of the leak test: what the seat may see is in its view."""
    state = dark_table()
    seen = uno.view(state, 1)
    # another back in seat 0's hand (the same face in play elsewhere is not enough)
    hands = list(state.hands)
    hands[0] = (Card.parse("R3/T6").flipped, *hands[0][1:])
    assert uno.view(state._replace(hands=tuple(hands)), 1) != seen
    # another back on the draw pile's top
    draw = state.draw_pile
    swapped = (draw[1], draw[0], *draw[2:])
    if draw[0].other is not draw[1].other:
        assert uno.view(state._replace(draw=pile_from(swapped)), 1) != seen


def test_the_rl_environment_plays_the_flip_deck() -> None:
    """The environment has a table of the Flip deck's cards (tests/test_env.py plays it)."""
    pytest.importorskip("gymnasium")
    from uno_rules.env.actions import STANDARD, table_for

    flip = table_for(uno.load_preset("flip"))
    assert flip is not STANDARD and flip.two_sided


def test_f15_stacking_works_on_the_flip_draw_cards() -> None:
    rules = {
        "extends": "flip",
        "name": "flip-stacking",
        "house_rules": {"stacking": {"enabled": True, "by_value": "equal_or_higher"}},
    }
    state = table(
        [["R+1/T3", "R1/P1"], ["Y+1/O5", "G3/O3"], ["B9/T9", "Y5/T1"]], ["R9/T4"], rules=rules
    )
    after = ok(ok(state, "0 R+1").state, "1 Y+1").state
    assert after.penalty is not None and after.penalty.amount == 2 and after.turn == 2


def test_f15_declared_kinds_are_refused_on_the_flip_deck() -> None:
    """A rule set's own kinds are one-sided cards: they cannot join two-sided ones."""
    with pytest.raises(uno.PresetError) as caught:
        uno.load_preset(
            {
                "extends": "flip",
                "card_kinds": [{"rank": "Wflipside", "name": "Flip Side Wild", "wild": True}],
            }
        )
    assert any(p.startswith("card_kinds: the flip-112 deck") for p in caught.value.problems)


JUMP_IN = {"extends": "flip", "name": "flip-jump-in", "house_rules": {"jump_in": {"enabled": True}}}


def test_f15_jump_in_takes_a_card_whose_face_in_play_is_identical_whatever_its_back() -> None:
    # seat 2 holds the other R5 of the deck, whose back differs: R5/Orev on R5/W+color
    state = table(
        [
            ["R5/W+color", "B1/V5"],
            ["G3/O3", "Y5/T1"],
            ["R5/Orev", "B9/T9"],
            ["G1/O3", "Y9/Pskipall"],
        ],
        ["R9/T4"],
        rules=JUMP_IN,
    )
    played = ok(state, "0 R5").state
    # F14: listed by the face seat 2 sees, never by the back it cannot see
    assert "2 R5" in {str(m) for m in uno.legal_moves(played, seat=2)}
    jumped = ok(played, "2 R5")
    assert jumped.state.turn == 3 and jumped.state.top_card is Card.parse("R5/Orev")
    refused(played, "3 G1", "not-your-turn")  # not identical: out of turn


def test_f15_jump_in_on_the_dark_side_compares_the_dark_faces() -> None:
    # the dark side up, O3 (of G1/O3) on top; seat 2's G3/O3 shows the same orange 3
    state = uno.situation(
        {
            "rules": JUMP_IN,
            "side": "dark",
            "players": 3,
            "hands": [["R1/P1", "Y1/O8"], ["Y5/T1", "B9/T9"], ["G3/O3", "Y9/Pskipall"]],
            "discard": ["R9/T4", "G1/O3"],
            "turn": 1,
        }
    )
    assert state.top_card.face is Card.parse("O3")
    assert "2 O3" in {str(m) for m in uno.legal_moves(state, seat=2)}  # its face (F14)
    jumped = ok(state, "2 G3/O3")
    assert jumped.state.turn == 0 and jumped.state.top_card is Card.parse("G3/O3").flipped
    refused(state, "0 O8", "not-your-turn")  # same color, not the same face


def test_60_seeded_random_games_keep_both_sides_counts() -> None:
    """F1, F2: 60 whole games (2 to 10 players, uniform random legal moves, round after
    round to 500) keep the 112 physical cards once each, every card showing the side in
    play, and both sides' faces as the sheet's tables, at every round's end and at the
    end (``benchmarks/flip_games.py`` plays 100,000 the same way)."""
    flips = 0
    for seed in range(60):
        rng = random.Random(seed)
        state = uno.new_game("flip", players=2 + seed % 9, seed=seed)
        for _ in range(200_000):
            if state.game_over:
                break
            if state.round_over:
                check_conserved(state)
                both_sides_count(state)
                nxt = uno.next_round(state)
                assert isinstance(nxt, uno.GameState), (seed, nxt)
                state = nxt
                continue
            result = uno.apply(state, rng.choice(uno.legal_moves(state)))
            assert isinstance(result, uno.Transition), (seed, result)
            flips += sum(e.kind == "flipped" for e in result.events)
            state = result.state
        assert state.game_over, seed
        check_conserved(state)
        both_sides_count(state)
    assert flips > 200  # the games do turn the table over, many times


def test_f4_h03_a_drawn_wild_draw_color_that_would_be_a_bluff_is_not_compulsory() -> None:
    """F4 with H10 ``strict`` and H03: a Wild Draw Color drawn while holding the color in
    play cannot be played (a bluff is barred), so force play does not make it compulsory
    and the seat passes (with it compulsory, the seat had no legal move at all)."""
    rules = {
        "extends": "flip",
        "name": "flip-strict-force-play",
        "w4_restriction": "strict",
        "house_rules": {"force_play": {"enabled": True}},
    }
    state = uno.situation(
        {
            "rules": rules,
            "side": "dark",
            "players": 2,
            "hands": [["Y5/T1", "R1/P1"], ["B9/T9", "G3/O3"]],
            "discard": ["R9/T4"],
            "draw_pile": ["R7/W+color", "B1/V5"],
            "turn": 0,
        }
    )
    drawn = ok(state, "0 draw").state
    assert drawn.drawn is not None and drawn.drawn.rank is Rank.WILD_DRAW_COLOR
    assert [str(m) for m in uno.legal_moves(drawn)] == ["0 pass"]
    bluff = refused(drawn, "0 R7/W+color pink", "wild-draw-four-not-allowed")
    assert "so a Wild Draw Color may not be played" in str(bluff)  # seat 0 holds teal
    ok(drawn, "0 pass")
