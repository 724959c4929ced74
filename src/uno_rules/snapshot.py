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
from typing import Any

from .cards import Card, Color, parse_color
from .deal import MAX_PLAYERS, MIN_PLAYERS, build_deck
from .errors import NotationError, PresetError, SituationError
from .plain import plain
from .rules import Rules
from .state import GameState, Penalty, Phase, choosing_draw_color, pile_from

__all__ = ["FORMAT", "dump_state", "load_state", "plain"]

FORMAT = "uno-rules/state/1"


def dump_state(state: GameState) -> dict[str, Any]:
    """Every fact of ``state`` as plain JSON types (hidden ones included)."""
    penalty = state.penalty
    return {
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
        "penalty": None if penalty is None else plain(penalty),
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


class _Reader:
    """Reads fields of a snapshot, collecting every problem instead of stopping."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.problems: list[str] = []

    def fail(self, path: str, text: str) -> None:
        self.problems.append(f"{path}: {text}")

    def integer(
        self, key: str, lo: int | None = None, hi: int | None = None, optional: bool = False
    ) -> int | None:
        value = self.data.get(key)
        if value is None and optional:
            return None
        if type(value) is not int:
            self.fail(key, f"expected an integer, got {value!r}")
            return None
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            self.fail(key, f"{value} is out of range {lo}..{hi}")
            return None
        return value

    def cards(self, value: Any, path: str) -> tuple[Card, ...]:
        if not isinstance(value, list):
            self.fail(path, f"expected a list of cards, got {value!r}")
            return ()
        out = []
        for i, text in enumerate(value):
            card = self.card(text, f"{path}[{i}]")
            if card is not None:
                out.append(card)
        return tuple(out)

    def card(self, text: Any, path: str) -> Card | None:
        try:
            return Card.parse(text)
        except NotationError as exc:
            self.fail(path, str(exc))
            return None

    def seats(self, key: str, players: int) -> tuple[int, ...]:
        value = self.data.get(key, [])
        if not isinstance(value, list) or not all(
            type(s) is int and 0 <= s < players for s in value
        ):
            self.fail(key, f"expected a list of seats 0..{players - 1}, got {value!r}")
            return ()
        return tuple(value)


def load_state(data: Mapping[str, Any]) -> GameState:
    """Rebuild a state from :func:`dump_state` output, checking card conservation (B1.4),
    the seat to act and the pending decision."""
    if not isinstance(data, Mapping):
        raise SituationError([f"snapshot: expected a mapping, got {type(data).__name__}"])
    r = _Reader(data)
    known = {
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
    }
    for key in data:
        if key not in known:
            r.fail(str(key), "unknown field")
    if data.get("format") != FORMAT:
        r.fail("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    rules: Rules | None = None
    try:
        from .presets import load_preset

        raw_rules = data.get("rules")
        if not isinstance(raw_rules, Mapping):
            r.fail("rules", "expected the mapping written by dump_state")
        else:
            rules = load_preset(raw_rules)
    except PresetError as exc:
        r.problems.extend(f"rules.{p}" for p in exc.problems)
    players = r.integer("players", MIN_PLAYERS, MAX_PLAYERS)
    if players is None:
        raise SituationError(r.problems)
    seed = r.integer("seed")
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
        r.fail("hands", f"expected {players} lists of cards")
    else:
        hands = tuple(r.cards(h, f"hands[{i}]") for i, h in enumerate(raw_hands))
    draw = r.cards(data.get("draw_pile"), "draw_pile")
    discard = r.cards(data.get("discard_pile"), "discard_pile")
    if not discard:
        r.fail("discard_pile", "needs at least the top card")
    color: Color | None = None
    if data.get("color") is not None:
        try:
            color = parse_color(data["color"])
        except NotationError as exc:
            r.fail("color", str(exc))
    direction = data.get("direction")
    if direction not in (1, -1) or type(direction) is not int:
        r.fail("direction", f"expected 1 or -1, got {direction!r}")
    try:
        phase = Phase(str(data.get("phase")))
    except ValueError:
        r.fail("phase", f"expected one of {', '.join(p.value for p in Phase)}")
        phase = Phase.TURN
    drawn = None if data.get("drawn") is None else r.card(data["drawn"], "drawn")
    penalty = _read_penalty(r, data.get("penalty"), players)
    scores = data.get("scores")
    if (
        not isinstance(scores, list)
        or len(scores) != players
        or not all(type(s) is int for s in scores)
    ):
        r.fail("scores", f"expected {players} integers")
        scores = [0] * players
    called = r.seats("uno_called", players)
    opened = r.seats("uno_open", players)
    winners = r.seats("game_winners", players)
    out = r.seats("eliminated", players)
    if rules is not None and hands and not r.problems:
        _check_consistency(
            r,
            rules,
            hands,
            draw,
            discard,
            phase,
            turn,
            color,
            drawn,
            penalty,
            called,
            opened,
            winners,
            out,
        )
    if r.problems:
        raise SituationError(r.problems)
    assert rules is not None and seed is not None and round_number is not None
    assert dealer is not None and turn is not None and shuffles is not None
    assert passes is not None and isinstance(direction, int)
    return GameState(
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


def _read_penalty(r: _Reader, raw: Any, players: int) -> Penalty | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or set(raw) != {
        "amount",
        "card",
        "offender",
        "bluff",
        "offender_hand",
        "previous_color",
        "challengeable",
    }:
        r.fail("penalty", "expected the mapping written by dump_state")
        return None
    card = r.card(raw["card"], "penalty.card")
    hand = r.cards(raw["offender_hand"], "penalty.offender_hand")
    amount, offender, bluff = raw["amount"], raw["offender"], raw["bluff"]
    if type(amount) is not int or amount < 0:
        r.fail("penalty.amount", f"expected a count, got {amount!r}")
    if type(offender) is not int or not 0 <= offender < players:
        r.fail("penalty.offender", f"expected a seat, got {offender!r}")
    challengeable = raw["challengeable"]
    if not isinstance(bluff, bool):
        r.fail("penalty.bluff", f"expected true or false, got {bluff!r}")
    if not isinstance(challengeable, bool):
        r.fail("penalty.challengeable", f"expected true or false, got {challengeable!r}")
    try:
        previous = parse_color(raw["previous_color"])
    except NotationError as exc:
        r.fail("penalty.previous_color", str(exc))
        return None
    if card is None or r.problems:
        return None
    return Penalty(amount, card, offender, bluff, hand, previous, challengeable)


def _check_consistency(
    r: _Reader,
    rules: Rules,
    hands: tuple[tuple[Card, ...], ...],
    draw: tuple[Card, ...],
    discard: tuple[Card, ...],
    phase: Phase,
    turn: int | None,
    color: Color | None,
    drawn: Card | None,
    penalty: Penalty | None,
    called: tuple[int, ...],
    opened: tuple[int, ...],
    winners: tuple[int, ...],
    out: tuple[int, ...],
) -> None:
    held = Counter(c for hand in hands for c in hand)
    held.update(draw)
    held.update(discard)
    deck = Counter(build_deck(rules))
    if held != deck:
        extra = held - deck
        missing = deck - held
        parts = []
        if extra:
            parts.append("too many " + ", ".join(f"{c} x{n}" for c, n in sorted(extra.items())))
        if missing:
            parts.append("missing " + ", ".join(f"{c} x{n}" for c, n in sorted(missing.items())))
        r.fail("cards", "the hands and piles are not exactly the deck (B1.4): " + "; ".join(parts))
    top = discard[-1] if discard else None
    if penalty is not None and penalty.challengeable and top != penalty.card:
        r.fail("penalty.card", f"a challengeable {penalty.card} must be the top card, not {top}")
    if top is not None and top.color is not None and color is not top.color:
        r.fail("color", f"the top card {top} is {top.color.value}, not {color}")
    if color is None and phase is not Phase.CHOOSE_COLOR:
        r.fail("color", "missing: only a wild turned first may wait for its color")
    if (phase is Phase.DRAWN) != (drawn is not None):
        r.fail("drawn", "a drawn card goes with the 'drawn' phase and only with it")
    if drawn is not None and turn is not None and drawn not in hands[turn]:
        r.fail("drawn", f"{drawn} is not in the hand of seat {turn}")
    if (phase is Phase.PENALTY) != (penalty is not None) and not choosing_draw_color(
        phase, penalty
    ):
        r.fail("penalty", "a pending penalty goes with the 'penalty' phase and only with it")
    for seat in called:
        if len(hands[seat]) != 1:
            r.fail("uno_called", f"seat {seat} holds {len(hands[seat])} cards, not one")
    for seat in opened:
        if len(hands[seat]) != 1 or seat in called:
            r.fail(
                "uno_open",
                f"seat {seat} cannot be caught: it must hold one card and not have called",
            )
    in_round = phase not in (Phase.ROUND_OVER, Phase.GAME_OVER)
    if in_round:
        for seat, hand in enumerate(hands):
            if not hand and seat not in out and penalty is None:
                r.fail(f"hands[{seat}]", "empty while the round goes on")
    if (phase is Phase.GAME_OVER) != bool(winners) and rules.scoring.mode.value != "none":
        r.fail("game_winners", "winners go with the 'game-over' phase and only with it")
