"""Text for people: a table, an event or a card in one line of plain words.

Cards are written by name (``blue 1``, ``red Draw Two``, ``Wild Draw Four``), never in
notation, so that a card cannot be taken for a clause id: in these lines a parenthesis
like ``(B7.3)`` always cites a clause.

>>> import uno_rules as uno
>>> table = uno.situation({"players": 2, "hands": [["B1", "G7"], 3], "discard": ["R+2"]})
>>> print(uno.describe(table))
seat 0 to play | top red Draw Two (red) | clockwise | hands 0:2 1:3 | draw pile 102
>>> print(uno.describe(uno.view(table, 1)))
seat 0 to play | top red Draw Two (red) | clockwise | hands 0:2 1:3 | draw pile 102
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import Card
from .events import Event
from .state import GameState
from .view import PlayerView

__all__ = ["card_name", "cards_named", "describe", "describe_event"]


def card_name(card: Card | str) -> str:
    """A card by name: ``blue 1``, ``green Reverse``, ``Wild Draw Four``.

    >>> card_name(Card.parse("B1")), card_name("Grev"), card_name("W+4")
    ('blue 1', 'green Reverse', 'Wild Draw Four')
    """
    return (Card.parse(card) if isinstance(card, str) else card).name


def cards_named(cards: Sequence[Card | str]) -> str:
    """Several cards by name, separated by commas (``no cards`` for none)."""
    return ", ".join(card_name(c) for c in cards) or "no cards"


def _seat_list(values: Sequence[int]) -> str:
    return " ".join(f"{seat}:{value}" for seat, value in enumerate(values))


def describe(table: GameState | PlayerView) -> str:
    """One line for a state or a seat's view: whose decision it is, the top card and
    active color, the direction, each seat's number of cards and the draw pile's size.

    A view tells only what its seat may know: the drawn card is named to the seat that
    drew it alone.
    """
    phase = table.phase.value
    if isinstance(table, GameState):
        sizes = [len(h) for h in table.hands]
        amount = None if table.penalty is None else table.penalty.amount
        drawn = table.drawn
    else:
        sizes = list(table.hand_sizes)
        amount = table.penalty_amount
        drawn = table.drawn
    if phase == "game-over":
        who = "game over, won by " + ", ".join(f"seat {s}" for s in table.game_winners)
    elif phase == "round-over":
        won = table.round_winner
        who = "round over, " + ("blocked" if won is None else f"won by seat {won}")
    elif phase == "penalty":
        who = f"seat {table.turn} must answer a draw of {amount}"
    elif phase == "drawn":
        who = _drawn(table, drawn)
    elif phase == "choose-color":
        who = f"seat {table.turn} names the color"
    else:
        who = f"seat {table.turn} to play"
    color = table.color.value if table.color is not None else "not named"
    direction = "clockwise" if table.direction == 1 else "counter-clockwise"
    return (
        f"{who} | top {card_name(table.top_card)} ({color}) | {direction} | "
        f"hands {_seat_list(sizes)} | draw pile {table.draw_pile_size}"
    )


def _drawn(table: GameState | PlayerView, drawn: Card | None) -> str:
    seat = table.turn
    if drawn is None:  # a view of another seat: the drawn card is not shown
        return f"seat {seat} drew a card: plays it or passes"
    if isinstance(table, GameState):
        from .engine import legal_moves
        from .moves import Play

        if not any(isinstance(m, Play) for m in legal_moves(table)):
            return f"seat {seat} drew {card_name(drawn)}, which cannot be played: pass"
    return f"seat {seat} drew {card_name(drawn)}: play it or pass"


def describe_event(event: Event) -> str:
    """A short phrase for an event.

    >>> from uno_rules.events import CardsDrawn
    >>> describe_event(CardsDrawn(1, 2, "turn", (Card.parse("B9"), Card.parse("Grev"))))
    'seat 1 drew 2: blue 9, green Reverse'
    """
    data: dict[str, Any] = event.to_dict()
    kind = data.pop("kind")
    if kind == "played":
        extra = " (jump-in)" if data.get("jump_in") else ""
        return f"seat {data['seat']} played {card_name(data['card'])}, color {data['color']}{extra}"
    if kind == "drew":
        cards = data.get("cards")
        shown = f": {cards_named(cards)}" if cards else ""
        return f"seat {data['seat']} drew {data['count']}{shown}"
    if kind == "skipped":
        return f"seat {data['seat']} loses the turn"
    if kind == "reversed":
        return "direction is now " + (
            "clockwise" if data["direction"] == 1 else "counter-clockwise"
        )
    if kind == "uno-caught":
        return f"seat {data['catcher']} caught seat {data['target']}: +{data['penalty']}"
    if kind == "dealer-cards-drawn":
        drawn = [f"seat {s} {card_name(c)}" for s, c in enumerate(data["cards"]) if c]
        return "to choose the dealer: " + ", ".join(drawn)
    if kind == "dealt":
        return f"seat {data['dealer']} deals {data['hand_size']} cards each"
    if kind == "returned-and-reflipped":
        where = "under the draw pile" if data["placement"] == "bottom" else "into the draw pile"
        return f"{card_name(data['card'])} turned first goes back {where}; another card is turned"
    if kind == "first-card":
        return f"first card {card_name(data['card'])}"
    if kind == "redealt":
        return f"the cards are dealt again ({data['rule']})"
    shown = ""
    if data.get("hand") is not None:
        shown = f" (hand shown to seat {data['challenger']}: {cards_named(data['hand'])})"
    if kind == "challenge-won":
        return (
            f"challenge succeeds: seat {data['offender']} bluffed and draws "
            f"{data['penalty']}{shown}"
        )
    if kind == "challenge-lost":
        return f"challenge fails: seat {data['challenger']} draws {data['penalty']}{shown}"
    if kind == "round-ended":
        if data["winner"] is None:
            return "the round ends blocked"
        return f"seat {data['winner']} goes out; scores {_seat_list(data['scores'])}"
    if kind == "game-ended":
        return "game over: " + ", ".join(f"seat {s}" for s in data["winners"]) + " wins"
    facts = ", ".join(f"{k} {_plain_text(k, v)}" for k, v in data.items())
    return f"{kind}" + (f": {facts}" if facts else "")


def _plain_text(key: str, value: Any) -> str:
    if key in ("card", "cards", "hand") and value is not None:
        return cards_named(value) if isinstance(value, list) else card_name(value)
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)
