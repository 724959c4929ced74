"""Table descriptions: build a state from what people see at the table.

The format is the one users type to settle a dispute::

    rules: official          # a preset name or an inline mapping (with optional extends)
    players: 4
    hands: [[R7, B5, W+4], 6, [Y9, Yskip], 3]   # by seat; a count stands for unseen cards
    discard: [G5, R5]        # bottom .. top
    color: red               # needed when the top card is a wild
    turn: 0
    direction: clockwise     # or counterclockwise
    draw_pile: [B1, G2]      # optional: the named top of the draw pile, top first
    draw_pile_size: 40       # optional: its whole size (default: every card left over)
    seed: 1                  # optional: how unnamed cards are filled in
    scores: [0, 120, 0, 35]  # optional
    played_by: 3             # optional: who played the top card (default: the seat before
                             # ``turn``; null for a first turned card). Matters for jump-in.
    uno_called: [2]          # optional: seats holding one card that have called UNO
    uno_open: [1]            # optional: seats holding one card that can still be caught
    eliminated: [3]          # optional: seats out of the game (H16, 3.4); their hands are 0
    penalty: {amount: 4, previous_color: green}   # optional: the draw on top still waits
                             # for ``turn`` to answer it (A60); ``played_by`` played it
    side: dark               # optional, two-sided cards only (UNO Flip, F1): the side in
                             # play, default light; cards are written LIGHT/DARK either way

Unnamed cards come from the rest of the deck, shuffled by ``seed``: first into seats given
as counts, then into the draw pile under its named cards, the rest under the named discard
cards. The top card is settled (a Draw Two or Wild Draw Four on top has no pending
penalty) unless ``penalty`` says its draw still waits.
A description that cannot be a real table raises :class:`~uno_rules.SituationError`
listing every problem. ``title``, ``description`` and ``moves`` may be present (dispute
files carry them) and are not read here.
"""

from __future__ import annotations

import difflib
import os
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ._budget import TABLE, brief, over_budget
from ._said import InWords
from .cards import COLORS, DARK_COLORS, Card, Color, parse_any_color, parse_color
from .deal import (
    MAX_PLAYERS,
    MAX_SEED_BITS,
    MIN_PLAYERS,
    build_deck,
    coerce_rules,
    players_problem,
    table_problems,
)
from .errors import NotationError, PresetError, Problem, SituationError, within
from .i18n import N_
from .randomness import derive_seed, shuffled
from .rules import Rules
from .rules.judge import is_bluff
from .state import GameState, Penalty, Phase, pile_from

__all__ = ["situation"]

_KEYS = {
    "expect",
    "played_by",
    "rules",
    "players",
    "hands",
    "discard",
    "color",
    "turn",
    "direction",
    "draw_pile",
    "draw_pile_size",
    "seed",
    "scores",
    "dealer",
    "uno_called",
    "uno_open",
    "eliminated",
    "penalty",
    "side",
    "title",
    "description",
    "moves",
}
_MAX_UNKNOWN = 20  # unknown fields given a "did you mean" (the rest are reported without)
_AT_LEAST_ONE = N_("a hand in play holds at least one card")
_DIRECTIONS = {
    "clockwise": 1,
    "cw": 1,
    "counterclockwise": -1,
    "counter-clockwise": -1,
    "anticlockwise": -1,
    "ccw": -1,
}


def _rules_at(given: object, problem: str) -> str:
    """Where a problem of the table's ``rules`` is: in the preset file they name, when it
    is one of that file's settings (a problem of the file as a whole names it already)."""
    if not isinstance(given, str) or not _is_file(given):
        return "rules"
    where = problem.where if isinstance(problem, Problem) else ""
    return "rules" if where == str(Path(given)) else f"rules: {given}"


def _is_file(text: str) -> bool:
    try:
        return os.path.exists(text)
    except (OSError, ValueError):
        return False


def situation(description: Mapping[str, Any]) -> GameState:
    """Build the state a table description describes (see the module docstring).

    >>> s = situation({"players": 2, "hands": [["R7", "B5"], 3], "discard": ["R5"]})
    >>> s.hands[0], len(s.hands[1]), s.top_card, s.color
    ((Card.parse('R7'), Card.parse('B5')), 3, Card.parse('R5'), <Color.RED: 'red'>)
    """
    if not isinstance(description, Mapping):
        raise SituationError(
            [
                Problem(
                    "table",
                    N_("expected a mapping of fields, got {got}"),
                    {"got": type(description).__name__},
                )
            ]
        )
    too_big = over_budget(description, TABLE)
    if too_big is not None:
        raise SituationError([too_big])
    problems: list[str] = []
    d = description
    unknown = [key for key in d if key not in _KEYS]
    for i, key in enumerate(unknown):
        name = key if isinstance(key, str) and len(key) <= 60 else brief(key, 40)
        # each one counts; past the first few, without the search for a "did you mean"
        close = difflib.get_close_matches(name, sorted(_KEYS), n=1) if i < _MAX_UNKNOWN else []
        hint = (N_(" (did you mean {path}?)"), {"path": repr(close[0])}) if close else ("", {})
        problems.append(Problem(name, N_("unknown field{hint}"), {"hint": hint}))
    rules: Rules | None = None
    try:
        rules = coerce_rules(d.get("rules", "official"))
    except PresetError as exc:
        problems.extend(within(_rules_at(d.get("rules"), p), p) for p in exc.problems)
    players = d.get("players")
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        problems.append(players_problem(players))
        raise SituationError(problems)
    dark = _dark_side(d, rules, problems)

    def cards(value: Any, path: str) -> list[Card]:
        if not isinstance(value, list):
            got = {"got": brief(value)}
            problems.append(Problem(path, N_("expected a list of cards, got {got}"), got))
            return []
        out = []
        for i, text in enumerate(value):
            try:
                card = Card.parse(text)
            except NotationError as exc:
                problems.append(exc.problem(f"{path}[{i}]"))
                continue
            # F1: the same physical card, its dark face in play
            out.append(card.flipped if dark else card)
        return out

    def seat(key: str, default: int) -> int:
        value = d.get(key, default)
        if type(value) is not int or not 0 <= value < players:
            problems.append(
                Problem(
                    key,
                    N_("expected a seat from 0 to {last}, got {got}"),
                    {"last": players - 1, "got": brief(value)},
                )
            )
            return default
        return value

    out = d.get("eliminated", [])
    if not isinstance(out, list) or not all(type(x) is int and 0 <= x < players for x in out):
        problems.append(_seats_expected("eliminated", out))
        out = []
    eliminated = frozenset(out)
    raw_hands = d.get("hands")
    named_hands: list[list[Card] | int] = []
    if not isinstance(raw_hands, list) or len(raw_hands) != players:
        problems.append(
            Problem(
                "hands",
                N_("expected {players} entries (a list of cards or a count each)"),
                {"players": players},
            )
        )
        named_hands = [[] for _ in range(players)]
    else:
        for i, h in enumerate(raw_hands):
            if i in eliminated:
                if h != 0 and h != []:
                    problems.append(
                        Problem(
                            f"hands[{i}]",
                            N_("seat {seat} is eliminated, so it holds 0 cards"),
                            {"seat": i},
                        )
                    )
                named_hands.append([])
            elif type(h) is int:
                if h < 1:
                    problems.append(Problem(f"hands[{i}]", _AT_LEAST_ONE))
                named_hands.append(max(h, 0))
            else:
                hand = cards(h, f"hands[{i}]")
                if isinstance(h, list) and not h:
                    problems.append(Problem(f"hands[{i}]", _AT_LEAST_ONE))
                named_hands.append(hand)
    # a missing discard pile is one problem (said by _color), not also a wrong kind of value
    discard = cards(d.get("discard"), "discard") if "discard" in d else []
    if d.get("discard") == []:
        problems.append(Problem("discard", N_("needs at least the top card")))
    draw_named = cards(d.get("draw_pile", []), "draw_pile")
    turn = seat("turn", 0)
    direction = _direction(d.get("direction", "clockwise"), problems)
    dealer = seat("dealer", (turn - direction) % players)
    played_by: int | None = (turn - direction) % players
    if d.get("played_by", played_by) is None:
        played_by = None
    else:
        played_by = seat("played_by", (turn - direction) % players)
    seed = d.get("seed", 0)
    if type(seed) is not int:
        problems.append(Problem("seed", N_("expected an integer, got {got}"), {"got": brief(seed)}))
        seed = 0
    elif seed.bit_length() > MAX_SEED_BITS:
        problems.append(
            Problem("seed", N_("more than {bits} bits (the seed limit)"), {"bits": MAX_SEED_BITS})
        )
        seed = 0
    scores = d.get("scores", [0] * players)
    if (
        not isinstance(scores, list)
        or len(scores) != players
        or not all(type(s) is int and s >= 0 for s in scores)
    ):
        problems.append(Problem("scores", N_("expected {count} whole numbers"), {"count": players}))
        scores = [0] * players
    called = d.get("uno_called", [])
    if not isinstance(called, list) or not all(type(s) is int and 0 <= s < players for s in called):
        problems.append(_seats_expected("uno_called", called))
        called = []
    opened = d.get("uno_open", [])
    if not isinstance(opened, list) or not all(type(s) is int and 0 <= s < players for s in opened):
        problems.append(_seats_expected("uno_open", opened))
        opened = []
    if rules is None:
        raise SituationError(problems)
    problems.extend(table_problems(rules, players, dealing=False))
    problems.extend(_seat_problems(rules, players, eliminated, turn, played_by, called, opened))
    penalty_amount, previous = _penalty_terms(d, rules, discard, played_by, problems)

    deck = Counter(c.flipped if dark else c for c in build_deck(rules))
    named = Counter(discard) + Counter(draw_named)
    for h in named_hands:
        if isinstance(h, list):
            named.update(h)
    for card, n in sorted(named.items()):
        if not deck[card]:
            problems.append(
                Problem(
                    "cards",
                    N_("{card} is not in this rule set's deck ({deck}) (B1.1)"),
                    {"card": str(card), "deck": rules.deck.value},
                )
            )
        elif n > deck[card]:
            problems.append(
                Problem(
                    "cards",
                    N_("{count} x {card} named, but the deck has {has} (B1.1)"),
                    {"count": n, "card": str(card), "has": deck[card]},
                )
            )
    remainder = list(shuffled(sorted((deck - named).elements()), derive_seed(seed, 0x517)))
    counts = sum(h for h in named_hands if isinstance(h, int))
    if counts > len(remainder):
        problems.append(
            Problem(
                "hands",
                N_("the counted hands need {count} cards, but only {left} are left"),
                {"count": counts, "left": len(remainder)},
            )
        )
    left = max(len(remainder) - counts, 0)
    size = d.get("draw_pile_size")
    if size is None:
        size = len(draw_named) + left
    elif type(size) is not int or size < len(draw_named) or size > len(draw_named) + left:
        problems.append(
            Problem(
                "draw_pile_size",
                N_(
                    "expected {lo} to {hi} (the named draw cards plus the cards left over), "
                    "got {got}"
                ),
                {"lo": len(draw_named), "hi": len(draw_named) + left, "got": brief(size)},
            )
        )
        size = len(draw_named) + left
    color = _color(d, discard, problems, dark)
    two_sided = any(c.other is not None for c in deck)
    if two_sided and color is not None and color not in (DARK_COLORS if dark else COLORS):
        problems.append(
            Problem(
                "color",
                N_("{color} is not a color of the {side} side in play (F1)"),
                {"color": color.value, "side": "dark" if dark else "light"},
            )
        )
    if problems:
        raise SituationError(problems)

    hands: list[tuple[Card, ...]] = []
    for h in named_hands:
        if isinstance(h, int):
            hands.append(tuple(remainder[:h]))
            del remainder[:h]
        else:
            hands.append(tuple(h))
    fill = size - len(draw_named)
    draw = draw_named + remainder[:fill]
    under = remainder[fill:]
    for s in called:
        if len(hands[s]) != 1:
            problems.append(_holds_more("uno_called", s, len(hands[s])))
    for s in opened:
        if len(hands[s]) != 1:
            problems.append(_holds_more("uno_open", s, len(hands[s])))
    if problems:
        raise SituationError(problems)
    penalty: Penalty | None = None
    if penalty_amount is not None:
        # A60: the draw on top waits for ``turn``; a Wild Draw Four is judged on the hand
        # its player holds now, against the color before it (B8.2, A8)
        top = discard[-1]
        assert played_by is not None and previous is not None and color is not None
        restricted = top.kind.restricted
        held = hands[played_by]
        bluff = restricted and is_bluff(
            rules, held, discard[-2] if len(discard) > 1 else top, previous
        )
        challengeable = restricted and rules.challenge_possible
        penalty = Penalty(penalty_amount, top, played_by, bluff, held, previous, challengeable)
    return GameState(
        rules=rules,
        players=players,
        seed=seed,
        round_number=0,
        dealer=dealer,
        hands=tuple(hands),
        draw=pile_from(draw),
        discard=pile_from(reversed(under + discard)),
        color=color,
        direction=direction,
        turn=turn,
        phase=Phase.TURN if penalty is None else Phase.PENALTY,
        drawn=None,
        penalty=penalty,
        uno_called=frozenset(called),
        uno_open=frozenset(opened),
        scores=tuple(scores),
        round_winner=None,
        game_winners=(),
        shuffles=0,
        passes=0,
        played_by=played_by,
        eliminated=eliminated,
    )


def _seat_problems(
    rules: Rules,
    players: int,
    eliminated: frozenset[int],
    turn: int,
    played_by: int | None,
    called: list[int],
    opened: list[int],
) -> list[str]:
    """What the seats of a description contradict: an eliminated seat where no rule
    eliminates (H16, 3.4), or acting, or calling; too few seats left (B1.2); UNO windows
    where UNO is off (H12) or a seat both called and catchable (A20)."""
    problems: list[str] = []
    if eliminated:
        if not rules.plan.eliminates:
            problems.append(
                Problem(
                    "eliminated",
                    N_(
                        "these rules eliminate nobody (the mercy rule, H16, and elimination "
                        "at the target, 3.4, are off)"
                    ),
                )
            )
        if players - len(eliminated) < 2:
            problems.append(
                Problem("eliminated", N_("at least two seats must still be in the game (B1.2)"))
            )
        for key, seat in (("turn", turn), ("played_by", played_by)):
            if seat in eliminated:
                problems.append(Problem(key, N_("seat {seat} is eliminated"), {"seat": seat}))
        for s in sorted(eliminated & {*called, *opened}):
            problems.append(
                Problem(
                    "eliminated",
                    N_("seat {seat} is eliminated, so it has no UNO to call"),
                    {"seat": s},
                )
            )
    if opened and not rules.uno.enabled:
        problems.append(Problem("uno_open", N_("UNO calls are off under these rules (H12)")))
    for s in sorted(set(called) & set(opened)):
        problems.append(
            Problem(
                "uno_open",
                N_("seat {seat} has called UNO, so it cannot be caught (A20)"),
                {"seat": s},
            )
        )
    return problems


def _seats_expected(field: str, value: object) -> Problem:
    return Problem(field, N_("expected a list of seats, got {got}"), {"got": brief(value)})


def _holds_more(field: str, seat: int, size: int) -> Problem:
    return Problem(
        field, N_("seat {seat} holds {count} cards, not one"), {"seat": seat, "count": size}
    )


def _penalty_terms(
    d: Mapping[str, Any],
    rules: Rules,
    discard: list[Card],
    played_by: int | None,
    problems: list[str],
) -> tuple[int | None, Color | None]:
    """The amount and the color before the card of a ``penalty`` entry (A60, A8), or
    ``(None, None)`` without one; its problems go to ``problems``."""
    raw = d.get("penalty")
    if raw is None:
        return None, None
    if not isinstance(raw, Mapping) or not set(raw) <= {"amount", "previous_color"}:
        problems.append(
            Problem(
                "penalty",
                N_("expected a mapping with amount and previous_color, got {got}"),
                {"got": brief(raw)},
            )
        )
        return None, None
    top = discard[-1] if discard else None
    if top is None:
        return None, None
    amount = raw.get("amount", top.kind.draw)
    found = len(problems)
    if not top.kind.draw:
        problems.append(
            Problem(
                "penalty", N_("the top card {card} is not a draw card (B7.3, B7.5)"), {"card": top}
            )
        )
    elif not rules.plan.penalty_choice(top):
        problems.append(
            Problem(
                "penalty",
                N_("under these rules a {name} is drawn at once, so nothing waits (A60)"),
                {"name": InWords(top)},
            )
        )
    if type(amount) is not int or not 1 <= amount <= 1000:
        problems.append(
            Problem(
                "penalty.amount", N_("expected 1 to 1000 cards, got {got}"), {"got": brief(amount)}
            )
        )
    elif top.kind.draw and amount < top.kind.draw:
        problems.append(
            Problem(
                "penalty.amount",
                N_("{amount} is less than the {name} on top draws ({draw})"),
                {"amount": amount, "name": InWords(top), "draw": top.kind.draw},
            )
        )
    if played_by is None:
        problems.append(
            Problem("played_by", N_("a waiting penalty was played by a seat, not turned first"))
        )
    previous: Color | None = None
    # only a Wild Draw Four is judged on the color before it (B8.2, A8); any other wild
    # draw card takes the color in force
    before = top.color if top.color is not None or top.kind.restricted else d.get("color")
    raw_color = raw.get("previous_color", before)
    if raw_color is None:
        problems.append(
            Problem(
                "penalty.previous_color", N_("needed for the wild {card} (A8, B8.2)"), {"card": top}
            )
        )
    else:
        try:
            previous = parse_color(raw_color)
        except NotationError as exc:
            problems.append(exc.problem("penalty.previous_color"))
    if len(problems) > found:
        return None, None
    return amount, previous


def _dark_side(d: Mapping[str, Any], rules: Rules | None, problems: list[str]) -> bool:
    """Whether the description's ``side`` puts the dark side in play (F1); a ``side`` that
    is not ``light`` or ``dark``, or given for a deck of one-sided cards, is a problem."""
    if "side" not in d:
        return False
    side = d["side"]
    if side not in ("light", "dark"):
        problems.append(
            Problem("side", N_("expected light or dark, got {got}"), {"got": brief(side)})
        )
        return False
    if rules is not None and all(c.other is None for c in build_deck(rules)):
        problems.append(
            Problem(
                "side",
                N_("the {deck} deck has one-sided cards, so there is no side to choose (F1)"),
                {"deck": rules.deck.value},
            )
        )
        return False
    return bool(side == "dark")


def _direction(value: Any, problems: list[str]) -> int:
    if value in (1, -1) and type(value) is int:
        return int(value)
    if isinstance(value, str) and value.strip().lower() in _DIRECTIONS:
        return _DIRECTIONS[value.strip().lower()]
    problems.append(
        Problem(
            "direction",
            N_("expected clockwise or counterclockwise, got {got}"),
            {"got": brief(value)},
        )
    )
    return 1


def _color(
    d: Mapping[str, Any], discard: list[Card], problems: list[str], dark: bool
) -> Color | None:
    top = discard[-1] if discard else None
    raw = d.get("color")
    color: Color | None = None
    if raw is not None:
        try:
            color = parse_any_color(raw) if dark else parse_color(raw)
        except NotationError as exc:
            problems.append(exc.problem("color"))
            return None
    if top is None:
        if "discard" not in d:
            problems.append(
                Problem("discard", N_("missing; the table needs at least the top card"))
            )
        return color
    if top.is_wild:
        if color is None:
            problems.append(
                Problem(
                    "color",
                    N_("the top card {card} is wild, so its color must be given"),
                    {"card": top},
                )
            )
        return color
    if color is not None and color is not top.color:
        assert top.color is not None
        problems.append(
            Problem(
                "color",
                N_("the top card {card} is {color}, but the color given is {given}"),
                {"card": top, "color": InWords(top.color), "given": InWords(color)},
            )
        )
    return top.color
