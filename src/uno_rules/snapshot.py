"""State snapshots: :func:`dump_state` and :func:`load_state`.

A snapshot is a mapping of plain JSON types that holds everything, pending decisions and
hidden facts included, so it is for saving a game, not for showing to a player (use
:func:`uno_rules.view`). ``load_state(dump_state(s)) == s`` for every state ``s``.
``load_state`` checks what it reads and raises :class:`~uno_rules.SituationError` listing
every problem.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol

from ._budget import SNAPSHOT, brief, over_budget
from .cards import COLORS, DARK_COLORS, Card, Color, parse_any_color
from .deal import MAX_PLAYERS, MAX_SEED_BITS, MIN_PLAYERS, build_deck, table_problems
from .errors import NotationError, PresetError, Problem, SituationError
from .i18n import N_
from .kinds import penalty_value
from .plain import plain
from .presets import load_preset
from .rules import OnBlocked, Rules, ScoringMode, W4Restriction
from .rules.extra_cards import effect_steps, until_step
from .rules.judge import is_bluff
from .state import (
    GameState,
    Penalty,
    Phase,
    choosing_draw_color,
    draws_until,
    pile_from,
    seat_after,
)

__all__ = ["FORMAT", "dump_state", "load_state", "plain", "state_problems"]

FORMAT = "uno-rules/state/1"


def dump_state(state: GameState) -> dict[str, Any]:
    """Every fact of ``state`` as plain JSON types (hidden ones included). A game of
    two-sided cards (UNO Flip) also writes ``side``, the side in play (F1); its cards are
    written ``LIGHT/DARK`` whichever side is up."""
    penalty = state.penalty
    out = {
        "format": FORMAT,
        "rules": state.rules.to_dict(),
        "players": state.players,
        "seed": state.seed,
        "round_number": state.round_number,
        "dealer": state.dealer,
        "hands": plain(state.hands),
        "draw_pile": plain(state.draw_pile),
        "discard_pile": plain(state.discard_pile),
        "color": plain(state.color),
        "direction": state.direction,
        "turn": state.turn,
        "phase": state.phase.value,
        "drawn": plain(state.drawn),
        "penalty": None if penalty is None else _penalty_dict(penalty),
        "uno_called": sorted(state.uno_called),
        "uno_open": sorted(state.uno_open),
        "scores": list(state.scores),
        "round_winner": state.round_winner,
        "game_winners": list(state.game_winners),
        "shuffles": state.shuffles,
        "passes": state.passes,
        "played_by": state.played_by,
        "eliminated": sorted(state.eliminated),
    }
    if state.discard is not None and state.discard[0].other is not None:
        out["side"] = state.side
    return out


_DUMPED = N_("expected the mapping written by dump_state")
_TRUE_OR_FALSE = N_("expected true or false, got {got}")


def _in_rules(problem: str) -> str:
    """A problem of the snapshot's rules, found under ``rules.``."""
    if isinstance(problem, Problem) and problem.where:
        return Problem(f"rules.{problem.where}", problem.message, problem.facts)
    return f"rules.{problem}"


class _Reader:
    """Reads fields of a snapshot, collecting every problem instead of stopping."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.problems: list[str] = []
        self.dark = False  # F1: the cards are read with their dark faces in play

    def fail(self, path: str, message: str, facts: dict[str, object] | None = None) -> None:
        self.problems.append(Problem(path, message, facts))

    def unreadable(self, path: str, exc: NotationError) -> None:
        self.problems.append(exc.problem(path))

    def integer(
        self, key: str, lo: int | None = None, hi: int | None = None, optional: bool = False
    ) -> int | None:
        value = self.data.get(key)
        if value is None and optional:
            return None
        if type(value) is not int:
            self.fail(key, N_("expected an integer, got {got}"), {"got": brief(value)})
            return None
        if hi is None and lo is not None and value < lo:  # a count: no upper bound to say
            self.fail(key, N_("{value} is below {lo}"), {"value": value, "lo": lo})
            return None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            self.fail(
                key, N_("{value} is out of range {lo}..{hi}"), {"value": value, "lo": lo, "hi": hi}
            )
            return None
        return value

    def cards(self, value: Any, path: str) -> tuple[Card, ...]:
        if not isinstance(value, list):
            self.fail(path, N_("expected a list of cards, got {got}"), {"got": brief(value)})
            return ()
        out = []
        for i, text in enumerate(value):
            card = self.card(text, f"{path}[{i}]")
            if card is not None:
                out.append(card)
        return tuple(out)

    def card(self, text: Any, path: str) -> Card | None:
        try:
            card = Card.parse(text)
            return card.flipped if self.dark else card
        except NotationError as exc:
            self.unreadable(path, exc)
            return None

    def seats(self, key: str, players: int) -> tuple[int, ...]:
        value = self.data.get(key)
        if not isinstance(value, list) or not all(
            type(s) is int and 0 <= s < players for s in value
        ):
            self.fail(
                key,
                N_("expected a list of seats 0..{last}, got {got}"),
                {"last": players - 1, "got": brief(value)},
            )
            return ()
        return tuple(value)


_KEYS = (
    "format",
    "rules",
    "players",
    "seed",
    "round_number",
    "dealer",
    "hands",
    "draw_pile",
    "discard_pile",
    "color",
    "direction",
    "turn",
    "phase",
    "drawn",
    "penalty",
    "uno_called",
    "uno_open",
    "scores",
    "round_winner",
    "game_winners",
    "shuffles",
    "passes",
    "played_by",
    "eliminated",
)


def load_state(data: Mapping[str, Any]) -> GameState:
    """Rebuild a state from :func:`dump_state` output. Every key is required, and the state
    must be one the engine can play on: the checks are those of ``docs/formats.md``
    (state snapshots): card conservation (B1.4), the rules against the table, the seats
    and eliminations, the phase and its pending decision, the penalty, the scores against
    the scoring mode. Raises :class:`~uno_rules.SituationError` listing every problem."""
    if not isinstance(data, Mapping):
        got = type(data).__name__
        raise SituationError(
            [Problem("snapshot", N_("expected a mapping, got {got}"), {"got": got})]
        )
    too_big = over_budget(data, SNAPSHOT)
    if too_big is not None:
        raise SituationError([too_big])
    r = _Reader(data)
    for key in data:
        if key not in _KEYS and key != "side":
            r.fail(brief(key, 40), N_("unknown field"))
    side = data.get("side", "light")  # F1: absent in a snapshot of one-sided cards
    if side not in ("light", "dark"):
        r.fail("side", N_("expected light or dark, got {got}"), {"got": brief(side)})
    r.dark = side == "dark"
    missing = [k for k in _KEYS if k not in data]
    for key in missing:
        r.fail(key, N_("missing (a snapshot holds every field that dump_state writes)"))
    if missing:
        raise SituationError(r.problems)
    if data.get("format") != FORMAT:
        r.fail(
            "format",
            N_("expected {format}, got {got}"),
            {"format": repr(FORMAT), "got": brief(data.get("format"))},
        )
    rules: Rules | None = None
    try:
        raw_rules = data.get("rules")
        if not isinstance(raw_rules, Mapping):
            r.fail("rules", _DUMPED)
        else:
            rules = load_preset(raw_rules)
    except PresetError as exc:
        r.problems.extend(_in_rules(p) for p in exc.problems)
    players = r.integer("players", MIN_PLAYERS, MAX_PLAYERS)
    if players is None:
        raise SituationError(r.problems)
    seed = r.integer("seed")
    if seed is not None and seed.bit_length() > MAX_SEED_BITS:
        r.fail("seed", N_("more than {count} bits (the seed limit)"), {"count": MAX_SEED_BITS})
    round_number = r.integer("round_number", 0)
    dealer = r.integer("dealer", 0, players - 1)
    turn = r.integer("turn", 0, players - 1)
    shuffles = r.integer("shuffles", 0)
    passes = r.integer("passes", 0, players)
    round_winner = r.integer("round_winner", 0, players - 1, optional=True)
    played_by = r.integer("played_by", 0, players - 1, optional=True)
    raw_hands = data.get("hands")
    hands: tuple[tuple[Card, ...], ...] = ()
    if not isinstance(raw_hands, list) or len(raw_hands) != players:
        r.fail("hands", N_("expected {count} lists of cards"), {"count": players})
    else:
        hands = tuple(r.cards(h, f"hands[{i}]") for i, h in enumerate(raw_hands))
    draw = r.cards(data.get("draw_pile"), "draw_pile")
    discard = r.cards(data.get("discard_pile"), "discard_pile")
    if not discard:
        r.fail("discard_pile", N_("needs at least the top card"))
    elif discard[0].other is None and "side" in data:
        # F1: dump_state writes the side only for two-sided cards; here it would be dropped
        r.fail("side", N_("only a snapshot of UNO Flip's two-sided cards has a side (F1)"))
    elif discard[0].other is not None and "side" not in data:
        r.fail("side", N_("missing (a snapshot holds every field that dump_state writes)"))
    color: Color | None = None
    if data.get("color") is not None:
        try:
            color = parse_any_color(data["color"])
        except NotationError as exc:
            r.unreadable("color", exc)
    direction = data.get("direction")
    if direction not in (1, -1) or type(direction) is not int:
        r.fail("direction", N_("expected 1 or -1, got {got}"), {"got": brief(direction)})
    raw_phase = data.get("phase")
    phase = Phase.TURN
    if not isinstance(raw_phase, str) or raw_phase not in _PHASES:
        r.fail(
            "phase", N_("expected one of {choices}"), {"choices": ", ".join(p.value for p in Phase)}
        )
    else:
        phase = Phase(raw_phase)
    drawn = None if data.get("drawn") is None else r.card(data["drawn"], "drawn")
    penalty = _read_penalty(r, data.get("penalty"), players)
    scores = data.get("scores")
    if (
        not isinstance(scores, list)
        or len(scores) != players
        or not all(type(s) is int for s in scores)
    ):
        r.fail("scores", N_("expected {count} integers"), {"count": players})
        scores = [0] * players
    called = r.seats("uno_called", players)
    opened = r.seats("uno_open", players)
    winners = r.seats("game_winners", players)
    out = r.seats("eliminated", players)
    if r.problems:
        raise SituationError(r.problems)
    assert rules is not None and seed is not None and round_number is not None
    assert dealer is not None and turn is not None and shuffles is not None
    assert passes is not None and isinstance(direction, int)
    state = GameState(
        rules=rules,
        players=players,
        seed=seed,
        round_number=round_number,
        dealer=dealer,
        hands=hands,
        draw=pile_from(draw),
        discard=pile_from(reversed(discard)),
        color=color,
        direction=direction,
        turn=turn,
        phase=phase,
        drawn=drawn,
        penalty=penalty,
        uno_called=frozenset(called),
        uno_open=frozenset(opened),
        scores=tuple(scores),
        round_winner=round_winner,
        game_winners=winners,
        shuffles=shuffles,
        passes=passes,
        played_by=played_by,
        eliminated=frozenset(out),
    )
    problems = state_problems(state)
    if problems:
        raise SituationError(problems)
    return state


_PHASES = frozenset(p.value for p in Phase)


def _penalty_dict(penalty: Penalty) -> dict[str, Any]:
    """A penalty as plain types; ``rule`` only when a house rule made it (so snapshots of
    a draw card's penalty read as they always have)."""
    out: dict[str, Any] = plain(penalty)
    if penalty.rule is None:
        del out["rule"]
    return out


def _read_penalty(r: _Reader, raw: Any, players: int) -> Penalty | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or set(raw) - {"rule"} != {
        "amount",
        "card",
        "offender",
        "bluff",
        "offender_hand",
        "previous_color",
        "challengeable",
    }:
        r.fail("penalty", _DUMPED)
        return None
    rule = raw.get("rule")  # absent in snapshots written before penalties had owners
    if rule is not None and (not isinstance(rule, str) or len(rule) > 60):
        r.fail(
            "penalty.rule",
            N_("expected a house rule's name or null, got {got}"),
            {"got": brief(rule)},
        )
        return None
    card = r.card(raw["card"], "penalty.card")
    hand = r.cards(raw["offender_hand"], "penalty.offender_hand")
    amount, offender, bluff = raw["amount"], raw["offender"], raw["bluff"]
    if type(amount) is not int or amount < 0:
        r.fail("penalty.amount", N_("expected a count, got {got}"), {"got": brief(amount)})
    if type(offender) is not int or not 0 <= offender < players:
        r.fail("penalty.offender", N_("expected a seat, got {got}"), {"got": brief(offender)})
    challengeable = raw["challengeable"]
    if not isinstance(bluff, bool):
        r.fail("penalty.bluff", _TRUE_OR_FALSE, {"got": brief(bluff)})
    if not isinstance(challengeable, bool):
        r.fail("penalty.challengeable", _TRUE_OR_FALSE, {"got": brief(challengeable)})
    try:
        previous = parse_any_color(raw["previous_color"])
    except NotationError as exc:
        r.unreadable("penalty.previous_color", exc)
        return None
    if card is None or r.problems:
        return None
    return Penalty(amount, card, offender, bluff, hand, previous, challengeable, rule)


class _Fail(Protocol):
    """Reports a problem found at ``path``: its message and facts."""

    def __call__(self, path: str, message: str, facts: dict[str, object] | None = None) -> None:
        """Report it."""


def state_problems(state: GameState) -> list[str]:
    """Why the engine cannot play on ``state`` (empty when it can): every fact the engine
    assumes of a state and does not check on each move. ``docs/formats.md`` lists them;
    each problem names its field."""
    problems: list[str] = []

    def fail(path: str, message: str, facts: dict[str, object] | None = None) -> None:
        problems.append(Problem(path, message, facts))

    rules, players, hands = state.rules, state.players, state.hands
    phase, penalty, turn = state.phase, state.penalty, state.turn
    out = state.eliminated
    draw, discard = state.draw_pile, state.discard_pile
    in_round = phase not in (Phase.ROUND_OVER, Phase.GAME_OVER)
    problems.extend(table_problems(rules, players, dealing=False))

    # The cards (B1.4): exactly the deck of the rules; with two-sided cards (F1) each
    # showing the side in play, counted by physical card.
    held = Counter(c for hand in hands for c in hand)
    held.update(draw)
    held.update(discard)
    if state.side == "dark":
        held = Counter({c.flipped: n for c, n in held.items()})
    if any(c.dark for c in held):
        fail(
            "cards",
            N_("a card shows another side than the {side} side in play (F1)"),
            {"side": state.side},
        )
    deck = Counter(build_deck(rules))
    if held != deck:
        extra = held - deck
        missing = deck - held
        parts = []
        if extra:
            parts.append(", ".join(f"{c} x{n}" for c, n in sorted(extra.items())))
        if missing:
            parts.append(", ".join(f"{c} x{n}" for c, n in sorted(missing.items())))
        if extra and missing:
            message = N_(
                "the hands and piles are not exactly the deck (B1.4): too many {extra}; "
                "missing {missing}"
            )
        elif extra:
            message = N_("the hands and piles are not exactly the deck (B1.4): too many {extra}")
        else:
            message = N_("the hands and piles are not exactly the deck (B1.4): missing {missing}")
        fail("cards", message, {"extra": parts[0], "missing": parts[-1]})

    # Seats and eliminations (H16, 3.4): only a rule eliminates; a round needs two seats.
    if out and not rules.plan.eliminates:
        fail("eliminated", N_("no rule of this rule set eliminates a seat (H16, 3.4)"))
    active = [s for s in range(players) if s not in out]
    if in_round:
        if len(active) < 2:
            fail(
                "eliminated",
                N_("{count} seat(s) left while the round goes on"),
                {"count": len(active)},
            )
        if turn in out:
            fail("turn", N_("seat {seat} is eliminated, so it cannot act"), {"seat": turn})
        for seat in sorted(out):
            if hands[seat]:
                fail(f"hands[{seat}]", N_("an eliminated seat holds no cards during a round"))
        if state.round_winner is not None:
            fail("round_winner", N_("set while the round goes on"))
    elif phase is Phase.ROUND_OVER:
        mercy = rules.house_rules.mercy
        back = out
        if mercy.enabled and not mercy.last_player_standing:
            target, carried = rules.scoring.target, rules.scoring.elimination
            back = frozenset(s for s in out if carried and state.scores[s] >= target)
        if players - len(back) < 2:
            fail("eliminated", N_("fewer than two seats would be dealt the next round"))

    # The top card, the color and the phase's decision (A1, B6.3, A60, H17).
    top = discard[-1] if discard else None
    color = state.color
    if top is not None and top.color is not None and color is not None and color is not top.color:
        fail(
            "color",
            N_("the top card {top} is {color}, not {named}"),
            {"top": top, "color": top.color.value, "named": color.value},
        )
    if color is None and phase is not Phase.CHOOSE_COLOR:
        fail("color", N_("missing: only a wild turned first may wait for its color"))
    side_colors = DARK_COLORS if state.side == "dark" else COLORS
    if color is not None and top is not None and top.other is not None and color not in side_colors:
        # F1: on two-sided cards the color in force is one of the side in play's
        fail(
            "color",
            N_("{color} is not a color of the {side} side in play (F1)"),
            {"color": color.value, "side": state.side},
        )
    if phase is Phase.CHOOSE_COLOR and top is not None and not top.is_wild:
        fail("phase", N_("a color is named only for a wild on top, not {top}"), {"top": top})
    drawn = state.drawn
    if (phase is Phase.DRAWN) != (drawn is not None):
        fail("drawn", N_("a drawn card goes with the 'drawn' phase and only with it"))
    if drawn is not None and drawn not in hands[turn]:
        fail("drawn", N_("{card} is not in the hand of seat {seat}"), {"card": drawn, "seat": turn})
    choosing = choosing_draw_color(phase, penalty)
    if (phase is Phase.PENALTY) != (penalty is not None) and not choosing:
        fail("penalty", N_("a pending penalty goes with the 'penalty' phase and only with it"))
    if penalty is not None and phase is Phase.PENALTY:
        _check_penalty(state, penalty, top, fail)
    if penalty is not None and choosing:
        _check_draw_color(state, penalty, top, fail)

    # Passes (A44): a round ends as soon as every seat still in has passed in a row.
    if in_round and state.passes and draw:
        fail(
            "passes",
            N_("{passes} passes in a row, but the draw pile holds cards to draw (A44)"),
            {"passes": state.passes},
        )
    if in_round and state.passes >= len(active):
        fail(
            "passes",
            N_("{passes} passes in a row end the round of {count} seats (A44)"),
            {"passes": state.passes, "count": len(active)},
        )

    # UNO calls and windows (B9, A15, A20): only a hand of one card.
    for seat in sorted(state.uno_called):
        if len(hands[seat]) != 1:
            fail(
                "uno_called",
                N_("seat {seat} holds {count} cards, not one"),
                {"seat": seat, "count": len(hands[seat])},
            )
    for seat in sorted(state.uno_open):
        if len(hands[seat]) != 1 or seat in state.uno_called:
            fail(
                "uno_open",
                N_("seat {seat} cannot be caught: it must hold one card and not have called"),
                {"seat": seat},
            )

    # Going out (B10.1, B10.3): a hand empties only as the round ends, unless the last
    # card's penalty is still to be drawn.
    if in_round and penalty is None:
        for seat in active:
            if not hands[seat]:
                fail(f"hands[{seat}]", N_("empty while the round goes on"))
    elif in_round and penalty is not None:
        # B10.3, A12: after a going-out draw card only a Wild Draw Four's challenge (or a
        # victim naming the color to draw until, H17, N15) waits, and its victim is
        # another seat: any other penalty is drawn as the round ends
        waits = (
            phase is Phase.PENALTY and penalty.challengeable and penalty.card.kind.restricted
        ) or choosing_draw_color(phase, penalty)
        for seat in active:
            if not hands[seat] and (not waits or seat == turn or seat != penalty.offender):
                fail(
                    f"hands[{seat}]",
                    N_("empty while a {card} waits: it is drawn as its player goes out (B10.3)"),
                    {"card": penalty.card},
                )
    winner = state.round_winner
    holds_when_winning = (
        rules.house_rules.mercy.enabled or rules.on_blocked is OnBlocked.SCORE_LOWEST_HAND
    )
    if not in_round and winner is not None and hands[winner] and not holds_when_winning:
        fail(
            "round_winner",
            N_("seat {seat} holds {count} cards: a round is won by going out"),
            {"seat": winner, "count": len(hands[winner])},
        )

    # Scores (B10, H13) and the end of the game (B10.6).
    if rules.scoring.mode is not ScoringMode.WINNER_COLLECTS_OTHERS_LOSE:
        for seat, score in enumerate(state.scores):
            if score < 0:
                fail(
                    f"scores[{seat}]",
                    N_("{score}: scores never fall under this scoring mode"),
                    {"score": score},
                )
    winners = state.game_winners
    if len(set(winners)) != len(winners):
        fail("game_winners", N_("lists a seat twice"))
    if winners and phase is not Phase.GAME_OVER:
        fail("game_winners", N_("winners go with the 'game-over' phase and only with it"))
    if phase is Phase.GAME_OVER and not winners and rules.scoring.mode is not ScoringMode.NONE:
        fail("game_winners", N_("a game over under this scoring mode has a winner"))
    return problems


def _check_penalty(state: GameState, penalty: Penalty, top: Card | None, fail: _Fail) -> None:
    """A pending draw penalty (A60, B7, B8, H01, H15)."""
    rules = state.rules
    if penalty.rule is not None:
        # a penalty a house rule made: that rule must be on; the card is its business
        if penalty.rule not in {rule.name for rule, _ in rules.plan.enabled}:
            fail(
                "penalty.rule",
                N_("{rule} is not a house rule these rules turn on"),
                {"rule": repr(penalty.rule)},
            )
    elif draws_until(penalty):
        # F4: a Wild Draw Color's draw until its color waits only for a challenge
        if not penalty.challengeable:
            fail(
                "penalty.challengeable",
                N_("a {card} waits only to be challenged (F4)"),
                {"card": penalty.card},
            )
    elif not penalty_value(effect_steps(rules, penalty.card)):
        fail("penalty.card", N_("{card} is not a draw card (B7.3, B7.5)"), {"card": penalty.card})
    if penalty.amount < 1 and not draws_until(penalty):
        fail("penalty.amount", N_("a pending penalty draws at least one card"))
    deck_size = len(build_deck(rules))
    if len(penalty.offender_hand) > deck_size:
        fail(
            "penalty.offender_hand",
            N_("{count} cards, more than the {deck_size} of the deck"),
            {"count": len(penalty.offender_hand), "deck_size": deck_size},
        )
    if penalty.bluff and not penalty.card.kind.restricted:
        fail("penalty.bluff", N_("only a Wild Draw Four can be a bluff (B8.1)"))
    if penalty.challengeable:
        if not penalty.card.kind.restricted:
            fail("penalty.challengeable", N_("only a Wild Draw Four is challenged (B8.3)"))
        if not rules.challenge_possible:
            fail("penalty.challengeable", N_("these rules allow no challenge (H10, H11)"))
        if top != penalty.card:
            fail(
                "penalty.card",
                N_("a challengeable {card} must be the top card, not {top}"),
                {"card": penalty.card, "top": top},
            )
        if penalty.offender == state.turn:
            fail("penalty.offender", N_("the victim of a challengeable penalty is another seat"))

    under = state.discard[1] if state.discard is not None else None
    if penalty.challengeable and penalty.card.kind.restricted:
        # B8.1, B8.2: a challenge's outcome is the recorded bluff, so the flag must be the
        # verdict on the hand it was judged on against the color before the card, as the
        # engine gave it when the card was played (judged against the card under it too
        # where the restriction reads it, and the card under is known to be that card)
        below = under[0] if under is not None and not state.eliminated else None
        judged = below is not None or rules.w4_restriction is not W4Restriction.ANY_PLAYABLE
        if judged:
            bluff = is_bluff(
                rules, penalty.offender_hand, below or penalty.card, penalty.previous_color
            )
            if bluff is not penalty.bluff:
                fail(
                    "penalty.bluff",
                    N_(
                        "{value}, but the hand the {card} was judged on says otherwise against "
                        "{color} (B8.1, B8.2)"
                    ),
                    {
                        "value": "true" if penalty.bluff else "false",
                        "card": penalty.card,
                        "color": penalty.previous_color.value,
                    },
                )
    if (
        penalty.card.kind.restricted
        and top == penalty.card
        and under is not None
        and not state.eliminated
    ):
        # A8: the color before the card is the one of the card under it, when it has one;
        # not once a seat is out: its hand went to the bottom of the discard pile (H16,
        # 3.4), which after a reshuffle is right under the top card.
        below = under[0]
        if below.color is not None and penalty.previous_color is not below.color:
            fail(
                "penalty.previous_color",
                N_("{color}, but the card under the {card} is {below} (A8)"),
                {"color": penalty.previous_color.value, "card": penalty.card, "below": below},
            )


def _check_draw_color(state: GameState, penalty: Penalty, top: Card | None, fail: _Fail) -> None:
    """H17 ``chooser: victim``, N15: the zero draw a Wild Customizable (or a Wild Color
    Roulette) leaves while its victim names the color to draw until, exactly as the engine
    leaves it."""
    try:
        chooser = until_step(state.rules, penalty.card).chooser
    except ValueError:
        chooser = None
    if chooser != "victim":
        fail(
            "penalty",
            N_(
                "a color to draw until is named only for a card that draws until a color "
                "with chooser: victim (H17, N15)"
            ),
        )
        return
    if top != penalty.card:
        fail(
            "penalty.card",
            N_("the {card} must be the top card, not {top} (H17, N15)"),
            {"card": penalty.card, "top": top},
        )
    if state.color is None:
        fail(
            "color",
            N_("the {card}'s color stays in force while the victim names one"),
            {"card": penalty.card},
        )
    elif penalty.previous_color is not state.color:
        fail(
            "penalty.previous_color",
            N_("must be the color in force, {color}"),
            {"color": state.color.value},
        )
    if penalty.bluff or penalty.challengeable or penalty.offender_hand:
        fail(
            "penalty",
            N_("the zero draw of H17 is no bluff, not challengeable, and holds no hand"),
        )
    if len(state.eliminated) >= state.players:
        return  # no seat is left to be the victim (reported with the seats above)
    victim = seat_after(state.players, state.eliminated, penalty.offender, state.direction)
    if state.turn != victim:
        fail(
            "turn",
            N_(
                "seat {seat}, the seat after the {card}'s player, names the color (H17, N15), "
                "not seat {turn}"
            ),
            {"seat": victim, "card": penalty.card, "turn": state.turn},
        )
