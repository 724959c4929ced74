"""Text for people: the one renderer of every table, event, violation and ruling.

The command line, the referee service's ``text`` fields, the dispute page and
:func:`describe` all write their sentences here, so a sentence reads the same wherever it
is shown, and for every seat's view (a seat that may not see a drawn card reads the same
sentence with ``a card`` in its place). Each sentence is a message of the catalogs
(:mod:`uno_rules.i18n`): ``lang=`` gives it in English (the default), Vietnamese (``vi``)
or Tagalog (``tl``). Codes, clause ids, card notation and seat numbers never change with
the language.

Cards are written by name (``blue 1``, ``red Draw Two``, ``Wild Draw Four``), never in
notation, so that a card cannot be taken for a clause id: in these lines a parenthesis
like ``(B7.3)`` always cites a clause.

>>> import uno_rules as uno
>>> table = uno.situation({"players": 2, "hands": [["B1", "G7"], 3], "discard": ["R+2"]})
>>> print(uno.describe(table))
seat 0 to play | top red Draw Two (red) | clockwise | hands 0:2 1:3 | draw pile 102
>>> print(uno.describe(uno.view(table, 1)))
seat 0 to play | top red Draw Two (red) | clockwise | hands 0:2 1:3 | draw pile 102
>>> print(uno.describe(table, lang="vi").replace(" | bài", "\\n| bài"))
đến lượt người chơi 0 | trên cùng Lá +2 đỏ (đỏ) | theo chiều kim đồng hồ
| bài trên tay 0:2 1:3 | chồng rút 102
>>> print(uno.describe(table, lang="tl"))
turno ni manlalaro 0 | nasa ibabaw pulang Draw Two (pula) | pakanan | kamay 0:2 1:3 | draw pile 102
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import events as e
from ._words import (
    DIRECTIONS,
    KIND_NAMES,
    card_name,
    cards_named,
    color_name,
    explain,
    say,
    seat_list,
)
from .engine import legal_moves
from .i18n import N_, tr
from .moves import Play
from .state import GameState

if TYPE_CHECKING:
    from .events import Event
    from .ruling import Ruling
    from .state import GameState
    from .view import PlayerView
    from .violations import Violation

__all__ = [
    "KIND_NAMES",
    "card_name",
    "cards_named",
    "color_name",
    "describe",
    "describe_event",
    "explain",
    "ruling_verdict",
    "say",
    "violation_text",
]

# --------------------------------------------------------------------------- tables


def describe(table: GameState | PlayerView, lang: str = "en") -> str:
    """One line for a state or a seat's view: whose decision it is, the top card and
    active color, the direction, each seat's number of cards and the draw pile's size.

    A view tells only what its seat may know: the drawn card is named to the seat that
    drew it alone, in the same sentence the others read with ``a card`` in its place.
    """
    phase = table.phase.value
    if isinstance(table, GameState):
        sizes = [len(h) for h in table.hands]
        amount = None if table.penalty is None else table.penalty.amount
    else:
        sizes = list(table.hand_sizes)
        amount = table.penalty_amount
    seat = table.turn
    if phase == "game-over":
        winners = ", ".join(say(lang, N_("seat {seat}"), seat=s) for s in table.game_winners)
        who = say(lang, N_("game over, won by {seats}"), seats=winners)
    elif phase == "round-over":
        won = table.round_winner
        if won is None:
            who = say(lang, N_("round over, blocked"))
        else:
            who = say(lang, N_("round over, won by seat {seat}"), seat=won)
    elif phase == "penalty" and amount == 0:  # F4: a Wild Draw Color's draw until its color
        who = say(
            lang,
            N_("seat {seat} must answer a draw until {color}"),
            seat=seat,
            color=color_name(table.color, lang),
        )
    elif phase == "penalty":
        who = say(lang, N_("seat {seat} must answer a draw of {amount}"), seat=seat, amount=amount)
    elif phase == "drawn":
        who = _drawn(table, lang)
    elif phase == "choose-color":
        who = say(lang, N_("seat {seat} names the color"), seat=seat)
    else:
        who = say(lang, N_("seat {seat} to play"), seat=seat)
    return say(
        lang,
        N_("{who} | top {card} ({color}) | {direction} | hands {hands} | draw pile {size}"),
        who=who,
        card=table.top_card,
        color=color_name(table.color, lang),
        direction=tr(lang, DIRECTIONS[1 if table.direction == 1 else -1]),
        hands=seat_list(sizes),
        size=table.draw_pile_size,
    )


def _drawn(table: GameState | PlayerView, lang: str) -> str:
    seat, drawn = table.turn, table.drawn
    if drawn is None:  # a view of another seat: the drawn card is not shown
        return say(lang, N_("seat {seat} drew a card: plays it or passes"), seat=seat)
    if isinstance(table, GameState) and not any(isinstance(m, Play) for m in legal_moves(table)):
        return say(
            lang,
            N_("seat {seat} drew {card}, which cannot be played: passes"),
            seat=seat,
            card=drawn,
        )
    return say(lang, N_("seat {seat} drew {card}: plays it or passes"), seat=seat, card=drawn)


# --------------------------------------------------------------------------- events


def event_message(event: Event, hand_named: bool = True) -> tuple[str, dict[str, Any]] | None:
    """The message of ``event`` and its facts, or ``None`` for an event kind written
    outside the package."""
    if isinstance(event, e.CardPlayed):
        if event.jump_in:
            message = N_("seat {seat} played {card}, color {color} (jump-in)")
        else:
            message = N_("seat {seat} played {card}, color {color}")
        return message, {"seat": event.seat, "card": event.card, "color": event.color}
    if isinstance(event, e.CardsDrawn):
        if event.cards:
            message = N_("seat {seat} drew {count}: {cards}")
            return message, {"seat": event.seat, "count": event.count, "cards": event.cards}
        return N_("seat {seat} drew {count}"), {"seat": event.seat, "count": event.count}
    if isinstance(event, e.Passed):
        return N_("seat {seat} passes"), {"seat": event.seat}
    if isinstance(event, e.Skipped):
        return N_("seat {seat} loses the turn"), {"seat": event.seat}
    if isinstance(event, e.Reversed):
        if event.direction == 1:
            return N_("direction is now clockwise"), {}
        return N_("direction is now counter-clockwise"), {}
    if isinstance(event, e.ColorChosen):
        return N_("seat {seat} names {color}"), {"seat": event.seat, "color": event.color}
    if isinstance(event, e.Reshuffled):
        return N_("the discard pile is shuffled into a new draw pile of {size}"), {
            "size": event.size
        }
    if isinstance(event, e.UnoCalled):
        return N_("seat {seat} calls UNO"), {"seat": event.seat}
    if isinstance(event, e.UnoCaught):
        facts = {"catcher": event.catcher, "target": event.target, "penalty": event.penalty}
        return N_("seat {catcher} caught seat {target}: +{penalty}"), facts
    if isinstance(event, e.PenaltyAccepted):
        return N_("seat {seat} takes the draw of {amount}"), {
            "seat": event.seat,
            "amount": event.amount,
        }
    if isinstance(event, (e.ChallengeWon, e.ChallengeLost)):
        shown: dict[str, Any] = {
            "offender": event.offender,
            "challenger": event.challenger,
            "penalty": event.penalty,
        }
        won = isinstance(event, e.ChallengeWon)
        if event.hand is None:
            if won:
                return N_("challenge succeeds: seat {offender} bluffed and draws {penalty}"), shown
            return N_("challenge fails: seat {challenger} draws {penalty}"), shown
        if not hand_named:  # the table never named these cards: say it was shown, no more
            if won:
                return (
                    N_(
                        "challenge succeeds: seat {offender} bluffed and draws {penalty} "
                        "(hand shown to seat {challenger}; the table does not name its cards)"
                    ),
                    shown,
                )
            return (
                N_(
                    "challenge fails: seat {challenger} draws {penalty} "
                    "(hand shown to seat {challenger}; the table does not name its cards)"
                ),
                shown,
            )
        shown["hand"] = event.hand
        if won:
            return (
                N_(
                    "challenge succeeds: seat {offender} bluffed and draws {penalty} "
                    "(hand shown to seat {challenger}: {hand})"
                ),
                shown,
            )
        return (
            N_(
                "challenge fails: seat {challenger} draws {penalty} "
                "(hand shown to seat {challenger}: {hand})"
            ),
            shown,
        )
    if isinstance(event, e.RoundEnded):
        if event.winner is None:
            return N_("the round ends blocked"), {}
        return N_("seat {seat} goes out; scores {scores}"), {
            "seat": event.winner,
            "scores": seat_list(event.scores),
        }
    if isinstance(event, e.GameEnded):
        if len(event.winners) == 1:
            return N_("game over: seat {seat} wins"), {"seat": event.winners[0]}
        seats = " ".join(str(s) for s in event.winners)
        return N_("game over: seats {seats} share the win"), {"seats": seats}
    if isinstance(event, e.PenaltyDeflected):
        facts = {"seat": event.seat, "victim": event.victim, "amount": event.amount}
        return N_("seat {seat} passes the draw of {amount} on to seat {victim}"), facts
    if isinstance(event, e.HandsSwapped):
        return N_("seat {seat} and seat {target} swap hands"), {
            "seat": event.seat,
            "target": event.target,
        }
    if isinstance(event, e.HandsRotated):
        if event.direction == 1:
            return N_("every hand passes to the next seat clockwise"), {}
        return N_("every hand passes to the next seat counter-clockwise"), {}
    if isinstance(event, e.TableFlipped):
        if event.side == "dark":
            return N_("seat {seat} turns everything over: the dark side is in play"), {
                "seat": event.seat
            }
        return N_("seat {seat} turns everything over: the light side is in play"), {
            "seat": event.seat
        }
    if isinstance(event, e.HandsShuffled):
        return N_("seat {seat} shuffles every hand and deals them again: hands {sizes}"), {
            "seat": event.seat,
            "sizes": seat_list(event.sizes),
        }
    if isinstance(event, e.WildsDiscarded):
        return N_("seat {seat} puts {cards} under the discard pile"), {
            "seat": event.seat,
            "cards": event.cards,
        }
    if isinstance(event, e.CardsTurned):
        return N_("seat {seat} turns up {cards} from the draw pile, for everyone to see"), {
            "seat": event.seat,
            "cards": event.cards,
        }
    if isinstance(event, e.CardsDiscarded):
        return N_("seat {seat} also discards {cards}"), {"seat": event.seat, "cards": event.cards}
    if isinstance(event, e.ExtraTurn):
        return N_("seat {seat} plays again"), {"seat": event.seat}
    if isinstance(event, e.Eliminated):
        if event.reason == "mercy":
            return N_("seat {seat} holds too many cards and is out of the game"), {
                "seat": event.seat
            }
        return N_("seat {seat} is out of the game"), {"seat": event.seat}
    if isinstance(event, e.DealerCardsDrawn):  # A5, H18: face up, for everyone to check
        draws = [
            (N_("seat {seat} {card}"), {"seat": seat, "card": card})
            for seat, card in enumerate(event.cards)
            if card is not None
        ]
        return N_("to choose the dealer: {draws}"), {"draws": draws}
    if isinstance(event, e.Dealt):
        return N_("seat {dealer} deals {hand_size} cards each"), {
            "dealer": event.dealer,
            "hand_size": event.hand_size,
        }
    if isinstance(event, e.FirstCardReturned):
        if event.placement == "bottom":
            message = N_(
                "{card} turned first goes back under the draw pile; another card is turned"
            )
        else:
            message = N_("{card} turned first goes back into the draw pile; another card is turned")
        return message, {"card": event.card}
    if isinstance(event, e.FirstCardTurned):
        return N_("first card {card}"), {"card": event.card}
    if isinstance(event, e.Redealt):
        return N_("the cards are dealt again ({rule})"), {"rule": event.rule}
    return None


def describe_event(event: Event, lang: str = "en", hand_named: bool = True) -> str:
    """A short sentence for an event, the same for every seat that sees it (a seat that
    may not see drawn cards reads how many). ``hand_named=False`` says a challenge's shown
    hand was shown without naming its cards: a table that gives that hand as a count never
    named them (the engine filled them in).

    >>> from uno_rules.cards import Card
    >>> from uno_rules.events import CardsDrawn
    >>> describe_event(CardsDrawn(1, 2, "turn", (Card.parse("B9"), Card.parse("Grev"))))
    'seat 1 drew 2: blue 9, green Reverse'
    >>> describe_event(CardsDrawn(1, 2, "turn", None), lang="vi")
    'người chơi 1 rút 2 lá'
    """
    found = event_message(event, hand_named)
    if found is not None:
        return say(lang, found[0], **found[1])
    data: dict[str, Any] = event.to_dict()
    kind = data.pop("kind")
    facts = ", ".join(f"{k} {_plain_text(k, v, lang)}" for k, v in data.items())
    return f"{kind}" + (f": {facts}" if facts else "")


def _plain_text(key: str, value: Any, lang: str) -> str:
    if key in ("card", "cards", "hand") and value is not None:
        return cards_named(value, lang) if isinstance(value, list) else card_name(value, lang)
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)


# --------------------------------------------------------------------------- refusals


def violation_text(violation: Violation, lang: str = "en") -> str:
    """The refusal's sentence with the clause that decides it: ``Seat 0 does not hold a
    blue 7 (B4.4).`` (what ``str(violation)`` gives in English).

    >>> import uno_rules as uno
    >>> table = uno.situation({"players": 2, "hands": [["R7"], 3], "discard": ["G5"]})
    >>> violation_text(uno.apply(table, "0 B7"))
    'Seat 0 does not hold a blue 7 (B4.4).'
    >>> violation_text(uno.apply(table, "0 B7"), lang="vi")
    'Người chơi 0 không có 7 xanh dương trên tay (B4.4).'
    """
    text = explain(violation, lang)
    return say(
        lang,
        N_("{sentence} ({clause})."),
        sentence=text[:1].upper() + text[1:],
        clause=violation.rule,
    )


def ruling_verdict(ruling: Ruling, lang: str = "en") -> str:
    """``legal (B5.1)`` or ``refused: card-does-not-match (B5.1)``."""
    if ruling.legal or ruling.violation is None:
        return say(lang, N_("legal ({clause})"), clause=ruling.clause)
    return say(
        lang, N_("refused: {code} ({clause})"), code=ruling.violation.code, clause=ruling.clause
    )
