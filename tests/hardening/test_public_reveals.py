"""N15: the cards a Wild Color Roulette's victim turns from the draw pile are turned face
up, one at a time until the color it named shows, for everyone to see. The engine recorded
a private draw: ``view_events`` showed ``cards: None`` to every seat but the victim. A
``turned`` event now shows them to the whole table; the ``drew`` event that follows stays
the victim's."""

from __future__ import annotations

import uno_rules as uno


def roulette() -> tuple[uno.GameState, tuple[uno.Event, ...]]:
    table = uno.situation(
        {
            "rules": "no-mercy",
            "players": 3,
            "hands": [["Wroulette", "R1"], ["B1"], ["Y1"]],
            "discard": ["R3"],
            "draw_pile": ["Y5", "W+6", "B7", "G2", "R9"],
            "turn": 0,
        }
    )
    played = uno.apply_or_raise(table, "0 Wroulette").state
    result = uno.apply_or_raise(played, "1 color green")
    return result.state, result.events


def test_the_turned_cards_are_shown_to_every_seat() -> None:
    state, events = roulette()
    turned = [uno.Card.parse(c) for c in ("Y5", "W+6", "B7", "G2")]
    for seat in range(3):
        seen = uno.view_events(events, seat)
        shown = [e for e in seen if isinstance(e, uno.CardsTurned)]
        assert len(shown) == 1 and shown[0].seat == 1 and list(shown[0].cards) == turned
        drew = next(e for e in seen if isinstance(e, uno.CardsDrawn))
        assert drew.count == 4 and (drew.cards is not None) == (seat == 1)
    assert list(state.hands[1][-4:]) == turned
    event = next(e for e in events if isinstance(e, uno.CardsTurned))
    assert event.to_dict() == {"kind": "turned", "seat": 1, "cards": ["Y5", "W+6", "B7", "G2"]}
    said = uno.describe_event(event)
    assert said.startswith("seat 1 turns up") and "everyone" in said


def test_a_draw_its_player_names_the_color_of_stays_private() -> None:
    """H17 with the card's player naming the color: a draw like any other."""
    rules = {
        "extends": "official-2015",
        "name": "draw until a color",
        "extra_cards": {"wild_customizable": {"effect": "draw_until_color"}},
    }
    table = uno.situation(
        {
            "rules": rules,
            "players": 3,
            "hands": [["WC", "R1"], ["B1"], ["Y1"]],
            "discard": ["R3"],
            "draw_pile": ["Y5", "B7", "G2"],
        }
    )
    events = uno.apply_or_raise(table, "0 WC green").events
    assert not any(isinstance(e, uno.CardsTurned) for e in events)
    drew = next(e for e in uno.view_events(events, 2) if isinstance(e, uno.CardsDrawn))
    assert drew.seat == 1 and drew.cards is None
