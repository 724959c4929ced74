"""H17 Draw until a color, as the Wild Customizable effect `draw_until_color`
(E3.3, extra_cards.wild_customizable.effect / victim_loses_turn)."""

from __future__ import annotations

from typing import Any

import pytest

import uno_rules as uno

from ..helpers import events_of, kinds, refused, table
from ..helpers_decks import ok


def until_color(base: str = "official-2015", **wc: Any) -> dict[str, Any]:
    return {
        "extends": base,
        "extra_cards": {"wild_customizable": {"effect": "draw_until_color", **wc}},
    }


HANDS: list[Any] = [["WC", "R1", "R2"], ["B1", "B2"], ["Y1", "Y2", "Y3"], ["Y4"]]


@pytest.mark.parametrize("base", ["official-2015", "official-112"])
def test_H17_next_player_draws_until_the_named_color_keeps_them_loses_turn(base: str) -> None:
    """H17 / E3.3: the target (the next player) draws until they reveal a card of the color
    the player named (chooser `player`), keeps every card drawn, and loses the turn (the
    default)."""
    state = table(HANDS, ["R5"], rules=until_color(base), draw_pile=["R2", "Y7", "B+2", "G9", "G3"])
    t = ok(state, "0 WC green")
    after = t.state
    assert after.hands[1] == uno.parse_cards("B1 B2 R2 Y7 B+2 G9")
    assert after.draw_pile[0] == uno.Card.parse("G3")
    assert after.color is uno.Color.GREEN
    assert after.turn == 2
    drew = events_of(t.events, "drew")
    assert [(e.seat, e.count) for e in drew] == [(1, 4)]
    assert [e.seat for e in events_of(t.events, "skipped")] == [1]
    assert after.hands[2:] == state.hands[2:]


def test_H17_first_card_of_the_color_stops_the_draw() -> None:
    """H17: the draw stops at the first card of the color: one card if the top card already
    has it."""
    state = table(HANDS, ["R5"], rules=until_color(), draw_pile=["Y7", "Y8"])
    after = ok(state, "0 WC yellow").state
    assert after.hands[1] == uno.parse_cards("B1 B2 Y7")
    assert after.draw_pile[0] == uno.Card.parse("Y8")


def test_H17_wild_cards_have_no_color_and_do_not_stop_the_draw() -> None:
    """H17 with B1.3: a Wild drawn is not a card of the named color; drawing goes on."""
    state = table(HANDS, ["R5"], rules=until_color(), draw_pile=["W", "W+4", "WSW", "B7", "R8"])
    after = ok(state, "0 WC blue").state
    assert after.hands[1] == uno.parse_cards("B1 B2 W W+4 WSW B7")


@pytest.mark.parametrize("direction", ["clockwise", "counterclockwise"])
def test_H17_the_victim_is_the_next_player_in_the_direction_of_play(direction: str) -> None:
    """H17 / E3.3 ("the next player draws"): counter-clockwise, seat 3 draws."""
    state = table(HANDS, ["R5"], rules=until_color(), direction=direction, draw_pile=["G1"])
    after = ok(state, "0 WC green").state
    victim, skipped_to = (1, 2) if direction == "clockwise" else (3, 2)
    assert after.hands[victim][-1] == uno.Card.parse("G1")
    assert after.turn == skipped_to


def test_H17_victim_loses_turn_false_victim_draws_then_plays() -> None:
    """H17 parameter `victim_loses_turn: false`: the victim draws until the color, then takes
    the turn."""
    rules = until_color(victim_loses_turn=False)
    state = table(HANDS, ["R5"], rules=rules, draw_pile=["R9", "G4", "B5"])
    t = ok(state, "0 WC green")
    assert t.state.hands[1] == uno.parse_cards("B1 B2 R9 G4")
    assert t.state.turn == 1
    assert "skipped" not in kinds(t.events)
    assert ok(t.state, "1 G4").state.turn == 2


def test_H17_draw_pile_runs_out_the_discard_pile_is_reshuffled() -> None:
    """H17 with B11.1: the draw goes on through a reshuffle of the discard pile (the top card
    stays)."""
    state = table(
        HANDS,
        ["G7", "G8", "R5"],
        rules=until_color(),
        draw_pile=["Y9"],
        draw_pile_size=1,
    )
    t = ok(state, "0 WC green")
    assert "reshuffled" in kinds(t.events)
    assert t.state.top_card == uno.Card.parse("WC")
    hand = t.state.hands[1]
    assert hand[:3] == uno.parse_cards("B1 B2 Y9")
    assert hand[-1].color is uno.Color.GREEN
    assert all(c.color is not uno.Color.GREEN for c in hand[3:-1])


def test_H17_draw_is_not_a_turn_action_uno_window_stays_open() -> None:
    """H17 with A15 (a): the victim's forced draw does not close the player's UNO window."""
    state = table(
        [["WC", "R1"], ["B1", "B2"], ["Y1", "Y2"]], ["R5"], rules=until_color(), draw_pile=["G1"]
    )
    after = ok(state, "0 WC green").state
    assert 0 in after.uno_open
    caught = ok(after, "2 catch 0").state
    assert len(caught.hands[0]) == 3


def test_H17_needs_a_color_like_any_wild() -> None:
    """E3.2: the Wild Customizable's player names the color (the color the victim draws
    for)."""
    state = table(HANDS, ["R5"], rules=until_color())
    refused(state, "0 WC", "color-required")


@pytest.mark.parametrize("chooser", ["player", "victim"])
def test_H17_chooser_parameter_is_reachable_from_yaml(chooser: str) -> None:
    """H17 parameters: `chooser`: `player` (default) | `victim`. docs/rules.md preamble: the
    options of a section are values a preset may choose, and each should be reachable from
    YAML."""
    rules = uno.load_preset(until_color(chooser=chooser))
    assert uno.load_preset(rules.to_dict()) == rules
    assert "chooser" in repr(rules.to_dict())


def test_H17_chooser_victim_names_the_color_then_draws_until_it() -> None:
    """H17 ``chooser: victim``: the player who must draw first names the color, then draws
    until a card of that color shows and keeps them all; the wild's own color stays in
    force and, by default, the victim loses the turn."""
    rules = {
        "extends": "official-2015",
        "extra_cards": {"wild_customizable": {"effect": "draw_until_color", "chooser": "victim"}},
    }
    state = uno.situation(
        {
            "rules": rules,
            "players": 3,
            "hands": [["WC", "R1"], ["B1", "B2"], 3],
            "discard": ["R5"],
            "draw_pile": ["B3", "G4", "Y1", "R2", "G9"],
        }
    )
    played = uno.apply(state, "0 WC green")
    assert isinstance(played, uno.Transition)
    assert played.state.decision == uno.Decision("choose-color", 1)
    assert uno.load_state(uno.dump_state(played.state)) == played.state
    assert uno.apply(played.state, "2 color red").code == "not-your-turn"
    chosen = uno.apply(played.state, "1 color red")
    assert isinstance(chosen, uno.Transition)
    assert chosen.state.hands[1] == uno.parse_cards("B1 B2 B3 G4 Y1 R2")
    assert chosen.state.color is uno.Color.GREEN
    assert chosen.state.turn == 2
    # the victim turns the cards up for everyone (event turned), then takes them
    assert [e.kind for e in chosen.events] == ["color-chosen", "turned", "drew", "skipped"]
