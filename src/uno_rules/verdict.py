"""The answer of a ruling in plain words, for the people at the table: yes or no, and what
happens now, with players counted from 1 ("Player 1".."Player N") or called by the names
the table gave them.

>>> import uno_rules as uno
>>> table = uno.situation(
...     {"players": 3, "hands": [["R+2", "G4"], ["B+2", "R9"], 5], "discard": ["R3"]}
... )
>>> plain_verdict(uno.rule_on(table, "0 R+2"))
"Yes. Player 2 draws 2 and misses a turn. Now it is Player 3's turn."
>>> plain_verdict(uno.rule_on(table, "0 R+2"), "vi", preset="official")
'Theo Luật gốc: được. Người chơi 2 rút 2 lá và mất lượt. Giờ đến lượt Người chơi 3.'

The sentence is built once here and said in three places: the dispute page, the command
line's side-by-side form of ``uno-rules rule``, and the HTTP dispute API's ``plain`` field.
The clause that decides (``ruling.clause``) and its sentence are shown beside it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ._words import card_name, color_name
from .errors import NotationError
from .events import CardsDrawn, ChallengeLost, ChallengeWon, Skipped, UnoCaught
from .i18n import N_, translate
from .moves import Accept, CallUno, CatchUno, Challenge, ChooseColor, Draw, Pass, Play, parse_move
from .ruling import Ruling
from .state import GameState, Phase

__all__ = ["add_plain_verdicts", "move_words", "plain_verdict", "player_name", "seats_as_players"]

# Why a move was refused, in plain words, for the refusals a table disputes most; any other
# refusal says that the rule cited beside the sentence forbids it.
_REFUSED: dict[str, str] = {
    "cannot-stack": N_("{player} may not pass the penalty on with another draw card"),
    "not-challenge-eligible": N_("only {victim}, who would draw, may challenge"),
    "card-not-in-hand": N_("{player} does not hold that card"),
    "card-does-not-match": N_("the card matches neither the color nor the number or symbol"),
    "not-your-turn": N_("it is {turn}'s turn, not {player}'s"),
    "uno-window-closed": N_("it is too late to catch {target}"),
    "nothing-to-catch": N_("{target} cannot be caught now"),
    "wild-draw-four-not-allowed": N_("{player} holds a card of the color in play"),
}


def player_name(seat: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """What people call ``seat``: the name the table gave it, else ``Player N`` counted
    from 1 (seat 0 is Player 1)."""
    if names is not None and 0 <= seat < len(names) and str(names[seat]).strip():
        return str(names[seat]).strip()
    return translate(lang, N_("Player {number}"), number=seat + 1)


def seats_as_players(text: str, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """A sentence of the engine (an event, a refusal, a table's line), whose seats count
    from 0 as notation does ("seat 1 drew 2"), said for people: each seat as its player,
    counted from 1 ("Player 2 drew 2"), or by the name the table gave it; and a value per
    seat (``hands 0:2 1:6 2:5``, ``scores 0:0 1:25``) counted from 1 as the players are
    (``hands 1:2 2:6 3:5``).

    >>> seats_as_players("Seat 0 does not hold a blue 7 (B4.4).")
    'Player 1 does not hold a blue 7 (B4.4).'
    >>> seats_as_players("người chơi 1 mất lượt", "vi")
    'Người chơi 2 mất lượt'
    >>> seats_as_players("seat 2 to play | top red 3 (red) | clockwise | hands 0:2 1:6 2:5")
    'Player 3 to play | top red 3 (red) | clockwise | hands 1:2 2:6 3:5'

    Never give it a sentence already said for people (:func:`plain_verdict`'s): its players
    would be counted again."""
    word = translate(lang, N_("seat {seat}"), seat="\0").split("\0")[0].strip()
    seat = re.compile(rf"(?<!\w){re.escape(word)} (\d+)(?!\d)", re.IGNORECASE)
    text = _SEAT_LIST.sub(_from_one, text)
    return seat.sub(lambda m: player_name(int(m.group(1)), lang, names), text)


# A value per seat, as the engine's sentences write it: ``0:2 1:6 2:5`` (seats 0, 1, 2...
# in order, two at least).
_SEAT_LIST = re.compile(r"(?<![\w:])0:-?\d+(?: \d+:-?\d+)+(?![\w:])")


def _from_one(found: re.Match[str]) -> str:
    pairs = [pair.split(":") for pair in found.group(0).split(" ")]
    if [int(seat) for seat, _ in pairs] != list(range(len(pairs))):
        return found.group(0)  # not seats in order: not a value per seat
    return " ".join(f"{int(seat) + 1}:{value}" for seat, value in pairs)


def move_words(text: str, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """A move's notation (``0 W+4 blue``) in words for people: "Player 1 plays Wild Draw
    Four and names blue", its player counted from 1 and its card named in ``lang``; a text
    that is not a move is returned as it is.

    >>> move_words("2 catch 0", "vi")
    'Người chơi 3 bắt lỗi Người chơi 1'
    """
    try:
        move = parse_move(text)
    except NotationError:
        return text
    who = player_name(move.seat, lang, names)
    if isinstance(move, Play):
        card = card_name(move.card.face, lang)
        if move.color is not None:
            message = N_("{player} plays {card} and names {color}")
            return translate(
                lang, message, player=who, card=card, color=color_name(move.color, lang)
            )
        return translate(lang, N_("{player} plays {card}"), player=who, card=card)
    if isinstance(move, CatchUno):
        target = player_name(move.target, lang, names)
        return translate(lang, N_("{player} catches {target}"), player=who, target=target)
    if isinstance(move, ChooseColor):
        color = color_name(move.color, lang)
        return translate(lang, N_("{player} names {color}"), player=who, color=color)
    said = {
        Draw: N_("{player} draws"),
        Pass: N_("{player} passes"),
        CallUno: N_("{player} calls UNO"),
        Challenge: N_("{player} challenges"),
        Accept: N_("{player} accepts the penalty"),
    }
    return translate(lang, said[type(move)], player=who)


def plain_verdict(
    ruling: Ruling,
    lang: str = "en",
    *,
    preset: str | None = None,
    names: Sequence[str] | None = None,
) -> str:
    """``ruling`` in plain words in ``lang``: yes or no, then what happens now (who draws
    how many, who was right in a challenge, whose turn it is). With ``preset``, the
    sentence starts with the rule set it was ruled under (a bundled one by its name for
    people: ``family`` is "Family rules")."""

    def who(seat: int) -> str:
        return player_name(seat, lang, names)

    def say(message: str, **params: Any) -> str:
        return translate(lang, message, **params)

    said: list[str] = []
    if not ruling.legal:
        answer = say(N_("no"))
        violation = ruling.violation
        code = violation.code if violation is not None else ""
        facts = {
            "player": who(getattr(violation, "seat", 0) or 0),
            "victim": who(getattr(violation, "victim", 0) or 0),
            "turn": who(getattr(violation, "turn", 0) or 0),
            "target": who(getattr(violation, "target", 0) or 0),
        }
        reason = say(_REFUSED.get(code, N_("the rule below forbids this move")), **facts)
        said.append(say(N_("Nothing changes.")))
        said.append(_now(ruling.state, who, say))
        return _joined(say, preset, answer, reason, said)
    penalty = ruling.state.penalty
    reason = ""
    if ruling.clause == "B5.4" and penalty is not None and penalty.bluff:
        # legal to play, against B5.4: it stands unless the victim challenges (B8.1)
        answer = say(N_("no"))
        reason = say(
            N_("{player} holds a card of the color in play, so the Wild Draw Four is a bluff"),
            player=who(penalty.offender),
        )
        said.append(say(N_("The card stays on the pile unless it is challenged.")))
    else:
        answer = say(N_("yes"))
    told: set[int] = set()
    for event in ruling.events:
        if isinstance(event, ChallengeWon):
            said.append(
                say(
                    N_(
                        "The challenger, {challenger}, is right: {offender} bluffed and draws "
                        "{count}."
                    ),
                    challenger=who(event.challenger),
                    offender=who(event.offender),
                    count=event.penalty,
                )
            )
            told.add(event.offender)
        elif isinstance(event, ChallengeLost):
            said.append(
                say(
                    N_(
                        "{offender} played fairly, so the challenger, {challenger}, is wrong and "
                        "draws {count}."
                    ),
                    challenger=who(event.challenger),
                    offender=who(event.offender),
                    count=event.penalty,
                )
            )
            told.add(event.challenger)
        elif isinstance(event, UnoCaught):
            said.append(
                say(
                    N_("{target} did not call UNO in time and draws {count}."),
                    target=who(event.target),
                    count=event.penalty,
                )
            )
            told.add(event.target)
    drawn: dict[int, int] = {}
    for event in ruling.events:
        if isinstance(event, CardsDrawn) and event.seat not in told:
            drawn[event.seat] = drawn.get(event.seat, 0) + event.count
    skipped = {e.seat for e in ruling.events if isinstance(e, Skipped)}
    for seat, count in drawn.items():
        if seat in skipped:
            message = N_("{player} draws {count} and misses a turn.")
        else:
            message = N_("{player} draws {count}.")
        said.append(say(message, player=who(seat), count=count))
    for seat in sorted(skipped - set(drawn) - told):
        said.append(say(N_("{player} misses a turn."), player=who(seat)))
    said.append(_now(ruling.state, who, say))
    return _joined(say, preset, answer, reason, said)


def _joined(say: Any, preset: str | None, answer: str, reason: str, said: list[str]) -> str:
    head = f"{answer}."
    if reason:
        head = say(N_("{answer}, because {reason}."), answer=answer, reason=reason)
    if preset is not None:
        # a bundled rule set by the name people know it by, in the language
        # start-up: the page's words are read only when a preset is named
        from ._page_text import PRESET_WORDS

        name = say(PRESET_WORDS[preset][0]) if preset in PRESET_WORDS else preset
        head = say(N_("Under {preset}: {verdict}"), preset=name, verdict=head)
    else:
        head = head[:1].upper() + head[1:]
    return " ".join([head, *(s for s in said if s)])


def _now(state: GameState, who: Any, say: Any) -> str:
    """What the table waits for in ``state``, in a sentence."""
    phase = state.phase
    if phase in (Phase.ROUND_OVER, Phase.GAME_OVER):
        if state.round_winner is None:
            return str(say(N_("The round is over.")))
        return str(say(N_("{player} has won the round."), player=who(state.round_winner)))
    seat = who(state.turn)
    if phase is Phase.PENALTY and state.penalty is not None:
        penalty = state.penalty
        rules = state.rules
        stack = any(
            rule.penalty_choice(rules, params, penalty.card) for rule, params in rules.plan.enabled
        )
        challenge = penalty.challengeable and rules.challenge_possible
        if stack and challenge:
            message = N_("{player} now draws {count}, stacks another draw card, or challenges.")
        elif stack:
            message = N_("{player} now draws {count}, or stacks another draw card.")
        elif challenge:
            message = N_("{player} now draws {count}, or challenges the Wild Draw Four.")
        else:
            message = N_("{player} now draws {count}.")
        return str(say(message, player=seat, count=penalty.amount))
    if phase is Phase.CHOOSE_COLOR:
        return str(say(N_("{player} now chooses the color."), player=seat))
    if phase is Phase.DRAWN:
        return str(say(N_("{player} may play the card just drawn, or pass."), player=seat))
    return str(say(N_("Now it is {player}'s turn."), player=seat))


def add_plain_verdicts(
    out: dict[str, Any], rulings: Mapping[str, Sequence[Ruling]], lang: str = "en"
) -> dict[str, Any]:
    """Give each ruling of a settlement's JSON (``out["rulings"][preset][i]``) its
    ``plain`` sentence in ``lang``, ruled under its preset; returns ``out``."""
    for preset, said in out.get("rulings", {}).items():
        for entry, ruling in zip(said, rulings.get(preset, ()), strict=False):
            entry["plain"] = plain_verdict(ruling, lang, preset=preset)
    return out
