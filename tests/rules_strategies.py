"""Hypothesis strategies and checks shared by the property, state-machine and playout tests.

The rule-set strategies are generated from the rules model (never written by hand): they
walk the ``attrs`` fields of :class:`uno_rules.Rules` and, for every field, pick a value the
field's type allows (enum members, integers within the metadata ``min`` / ``max``, booleans,
lists of enum values, nested mappings), so a new option is covered as soon as it exists.

The state checks, the state machine (:class:`InvariantMachine`) and the random playouts
(:func:`random_playout`) hold for any rule set: cards are counted against the deck of the
rules (``uno_rules.deal.build_deck``) unless a deck is given. ``tests/test_state_machine.py``
and ``tests/test_playouts.py`` use them for the official rules, pinning down what the rules
decide (the 108-card deck, the dealer, who may move out of turn, when the game ends);
``tests/test_all_presets.py`` uses them for every bundled preset and random rule sets.
"""

from __future__ import annotations

import functools
import json
import random
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterator
from enum import Enum
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import assume, event
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

import uno_rules as uno
import uno_rules.rules
from uno_rules.cards import CARD_DATA, COLORS, KINDS, Card
from uno_rules.kinds import Step, read_steps
from uno_rules.plain import plain as step_plain
from uno_rules.record import NEXT_ROUND
from uno_rules.rules import DealerRotation, ScoringMode
from uno_rules.rules._meta import FrozenDict
from uno_rules.state import choosing_draw_color, pile_from
from uno_rules.testing import (
    check_conserved,
    check_fast_paths,
    check_listed_moves,
    check_move,
)
from uno_rules.testing import random_playout as kit_playout

# Every face that exists, the 112-card extras included.
FACES: tuple[Card, ...] = tuple(
    [Card(c, r) for c in COLORS for r in KINDS if not r.is_wild]
    + [Card(None, r) for r in KINDS if r.is_wild]
)
MOVE_CLASSES = (
    uno.Play,
    uno.Draw,
    uno.Pass,
    uno.CallUno,
    uno.CatchUno,
    uno.Challenge,
    uno.Accept,
    uno.ChooseColor,
)
# Moves another seat than the one to act may make (jump-ins are plays).
OUT_OF_TURN = (uno.CallUno, uno.CatchUno, uno.Play)
SWITCHABLE = (
    "stacking",
    "draw_until_playable",
    "force_play",
    "jump_in",
    "seven_o",
    "multi_card",
    "deflect",
    "mercy",
    "partnership",
)


# --------------------------------------------------------------------------- the model


def hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def unwrap_optional(tp: Any) -> tuple[Any, bool]:
    """``(inner type, whether None is allowed)``."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        inner = [t for t in typing.get_args(tp) if t is not type(None)]
        return inner[0], type(None) in typing.get_args(tp)
    return tp, False


def model_fields(cls: type = uno.Rules, prefix: str = "") -> Iterator[tuple[str, Any, Any]]:
    """Every field of the model, recursively: ``(dotted path, type, attrs attribute)``;
    nested sections are listed before their fields."""
    types_of = hints(cls)
    for a in attrs.fields(cls):
        path = f"{prefix}.{a.name}" if prefix else a.name
        tp = types_of[a.name]
        yield path, tp, a
        if attrs.has(tp):
            yield from model_fields(tp, path)


def plain(value: Any) -> Any:
    """A rules value as the plain YAML value a preset writes."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    if attrs.has(type(value)):
        return {a.name: plain(getattr(value, a.name)) for a in attrs.fields(type(value))}
    return value


def other_value(tp: Any, meta: Any, default: Any) -> Any:
    """A valid plain value of type ``tp`` that differs from ``default`` (a plain value)."""
    tp, optional = unwrap_optional(tp)
    if optional and default is not None:
        return None
    if typing.get_origin(tp) is tuple:
        item = typing.get_args(tp)[0]
        if attrs.has(item):  # card_kinds
            return [] if default else [DECLARED_KINDS[0]]
        return [] if default else [next(iter(item)).value]
    if isinstance(tp, type) and issubclass(tp, Enum):
        return next(m.value for m in tp if m.value != default)
    if tp is bool:
        return not default
    if tp is int:
        lo, hi = meta.get("min", 0), meta.get("max", 100)
        if default is None:
            return lo
        return default + 1 if default + 1 <= hi else default - 1
    if tp is str:
        return f"{default}-x"
    raise TypeError(tp)  # pragma: no cover


# --------------------------------------------------------------------------- strategies

#: Card kinds a generated rule set may declare (``card_kinds``, docs/cards.md): one of each
#: shape of effect the steps allow, with ranks no test declares otherwise (a rank names one
#: kind in a process, K4).
DECLARED_KINDS: list[dict[str, Any]] = [
    {
        "rank": "Wgen-marked",
        "name": "Generated Marked Wild",
        "wild": True,
        "count": 2,
        "points": 50,
        "effect": [{"discard_faces": [2, 6, 9]}],
    },
    {
        "rank": "genbomb",
        "name": "Generated Bomb",
        "count": 1,
        "points": 30,
        "effect": [{"everyone_draws": 1}, {"skip": 1}],
    },
    {
        "rank": "Wgen+3",
        "name": "Generated Wild Draw Three",
        "wild": True,
        "count": 2,
        "points": 50,
        "effect": [{"next_draws": 3}],
    },
    {
        "rank": "Wgen-roulette",
        "name": "Generated Roulette",
        "wild": True,
        "count": 1,
        "effect": [{"draw_until_color": {"chooser": "victim"}}],
    },
    {"rank": "gentwice", "name": "Generated Twice", "count": 1, "effect": [{"play_again": True}]},
    {
        "rank": "Wgen+2",
        "name": "Generated Wild Draw Two",
        "wild": True,
        "count": 2,
        "restricted": True,
        "effect": [{"next_draws": 2}],
    },
]

OMIT = object()


def value_strategy(tp: Any, meta: Any, plain_default: Any) -> st.SearchStrategy[Any]:
    """Any valid plain value of a field, biased towards its default."""
    tp, optional = unwrap_optional(tp)
    base: st.SearchStrategy[Any]
    if attrs.has(tp):
        return section_mappings(tp)
    if typing.get_origin(tp) is tuple and attrs.has(typing.get_args(tp)[0]):
        # card_kinds: a few of a fixed set of kinds (K1-K5), so a rank always names the
        # same kind in this process
        complete = [step_plain(build_rules(typing.get_args(tp)[0], k)) for k in DECLARED_KINDS]
        return st.lists(st.sampled_from(complete), unique_by=lambda k: str(k["rank"]), max_size=3)
    if typing.get_origin(tp) is FrozenDict and typing.get_args(tp)[1] is str:
        # clauses (K9): a few sentences of the table's own clause ids, some translated
        ids = ["X1", "X2", "X1@vi", "AT9", "H9.1@tl"]
        return st.dictionaries(
            st.sampled_from(ids), st.sampled_from(["One line.", "Hai."]), max_size=3
        )
    if typing.get_origin(tp) is FrozenDict:
        # deck_counts (K7): a few bundled kinds re-counted, now and then one dropped
        ranks = ["W", "W+4", "skip", "+2", "discardall", "W+6", "WSW"]
        return st.dictionaries(st.sampled_from(ranks), st.integers(0, 6), max_size=3)
    if typing.get_origin(tp) is tuple and typing.get_args(tp)[0] is int:
        # launcher.weights (AT2): a few weights, some 0, at least one not
        return st.lists(st.integers(0, 20), min_size=1, max_size=6).filter(any)
    if typing.get_origin(tp) is tuple:
        item = typing.get_args(tp)[0]
        members = [m.value for m in item]
        base = st.one_of(
            st.lists(st.sampled_from(members), unique=True, max_size=len(members)),
            st.lists(st.sampled_from(members), max_size=len(members) + 1),
        )
    elif isinstance(tp, type) and issubclass(tp, Enum):
        base = st.sampled_from([m.value for m in tp])
    elif tp is bool:
        base = st.booleans()
    elif tp is int:
        lo, hi = meta.get("min"), meta.get("max")
        assert lo is not None and hi is not None, "every integer setting has a range"
        # mostly small numbers (a hand of 40 cannot be dealt to 10 players), sometimes any
        base = st.one_of(st.integers(lo, min(hi, lo + 12)), st.integers(lo, hi))
    elif tp is str:
        base = st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=12)
    else:  # pragma: no cover
        raise TypeError(f"no strategy for {tp!r}")
    if optional:
        base = st.none() | base
    if plain_default is not None or optional:
        base = st.just(plain_default) | base
    return base


@st.composite
def section_mappings(draw: st.DrawFn, cls: type, full: bool = False) -> dict[str, Any]:
    """A mapping for one section of the model: each field omitted, set to its default or
    set to another allowed value (``full``: every field written)."""
    out: dict[str, Any] = {}
    default = cls()
    types_of = hints(cls)
    for a in attrs.fields(cls):
        if not full and draw(st.integers(0, 2)) == 0:
            continue
        tp = types_of[a.name]
        if attrs.has(tp):
            out[a.name] = draw(section_mappings(tp, full))
        else:
            out[a.name] = draw(
                value_strategy(tp, a.metadata, plain(getattr(default, a.name))), label=a.name
            )
    return out


def rules_mappings(full: bool = False) -> st.SearchStrategy[dict[str, Any]]:
    """Preset mappings whose every value is allowed by its field (they may still contradict
    each other)."""
    return section_mappings(uno.Rules, full)


LEAVES = [(path, tp, a) for path, tp, a in model_fields() if not attrs.has(tp) and path != "name"]


@st.composite
def sparse_mappings(draw: st.DrawFn) -> dict[str, Any]:
    """A preset that writes one to three settings (a child that changes a few things)."""
    defaults = uno.Rules()
    out: dict[str, Any] = {}
    for path, tp, a in draw(st.lists(st.sampled_from(LEAVES), min_size=1, max_size=3)):
        default: Any = defaults
        for k in path.split("."):
            default = getattr(default, k)
        value = draw(value_strategy(tp, a.metadata, plain(default)), label=path)
        node = out
        *parents, last = path.split(".")
        for k in parents:
            node = node.setdefault(k, {})
        node[last] = value
    return out


def build_rules(cls: type, data: dict[str, Any]) -> Any:
    """Build the rules value a mapping describes straight from the model, without the
    preset loader (its independent check)."""
    kwargs: dict[str, Any] = {}
    types_of = hints(cls)
    for name, value in data.items():
        tp, _ = unwrap_optional(types_of[name])
        if value is None:
            kwargs[name] = None
        elif attrs.has(tp):
            kwargs[name] = build_rules(tp, value)
        elif typing.get_origin(tp) is tuple:
            item = typing.get_args(tp)[0]
            if attrs.has(item):  # card_kinds: each item a section of its own
                kwargs[name] = tuple(build_rules(item, v) for v in value)
            elif item is Step:  # a card kind's effect
                kwargs[name] = read_steps(value, name)[0]
            else:
                kwargs[name] = tuple(item(v) for v in value)
        elif isinstance(tp, type) and issubclass(tp, Enum):
            kwargs[name] = tp(value)
        else:
            kwargs[name] = value
    return cls(**kwargs)


def _drop(mapping: dict[str, Any], path: str) -> bool:
    """Remove the deepest written prefix of a dotted ``path`` from ``mapping``."""
    keys = path.split(".")
    for n in range(len(keys), 0, -1):
        node: Any = mapping
        for k in keys[: n - 1]:
            node = node.get(k) if isinstance(node, dict) else None
        if isinstance(node, dict) and keys[n - 1] in node:
            del node[keys[n - 1]]
            return True
    return False


def load_repaired(mapping: dict[str, Any]) -> uno.Rules | None:
    """Load ``mapping``; while it contradicts itself, drop the settings that the problems
    name and try again. ``None`` when that does not help."""
    for _ in range(8):
        try:
            return uno.load_preset(mapping)
        except uno.PresetError as exc:
            paths = [p.split(":")[0].split("[")[0] for p in exc.problems]
            if not any([_drop(mapping, p) for p in paths]):
                return None
    return None


@st.composite
def lively_rules_mappings(draw: st.DrawFn) -> dict[str, Any]:
    """:func:`rules_mappings` with each house rule switched on half of the time and any
    deck, so that games under random rules exercise the house rules and their mixtures."""
    mapping = draw(rules_mappings())
    mapping["deck"] = draw(st.sampled_from([d.value for d in uno.rules.Deck]))
    house = mapping.setdefault("house_rules", {})
    for name in SWITCHABLE:
        if draw(st.booleans()):
            section = house.setdefault(name, {})
            section["enabled"] = True
    return mapping


@st.composite
def loadable_rules(draw: st.DrawFn) -> uno.Rules:
    """A random rule set that ``load_preset`` accepts: a random mapping, with the settings
    that contradict each other dropped (the rare ones that still fail are discarded)."""
    rules = load_repaired(draw(lively_rules_mappings()))
    assume(rules is not None)
    assert rules is not None
    return rules


def player_counts(rules: uno.Rules) -> st.SearchStrategy[int]:
    """A table size the rules allow: 2..min(max_players, 10), exactly 4 for partners."""
    if rules.house_rules.partnership.enabled:
        return st.just(4)
    return st.integers(2, min(rules.max_players, 10))


def rules_for_games() -> st.SearchStrategy[uno.Rules]:
    """Bundled presets and random loadable rule sets."""
    return st.sampled_from(uno.preset_names()).map(uno.load_preset) | loadable_rules()


# --------------------------------------------------------------------------- state checks


def assert_conserved(state: uno.GameState, deck: Counter[Card] | None = None) -> None:
    """B1.4: the deck of the rules (or ``deck`` when given), exactly; eliminated seats hold
    nothing (their cards went under the discard pile): the kit's ``check_conserved``."""
    check_conserved(state, deck)


def keys_anywhere(value: Any) -> set[str]:
    """Every mapping key in a nested structure of plain types."""
    found: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            found.add(str(k))
            found |= keys_anywhere(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            found |= keys_anywhere(v)
    return found


def objects_reachable(value: Any, depth: int = 0) -> list[Any]:
    """Every object reachable through attrs fields, tuples, lists, sets and dicts."""
    out = [value]
    if depth > 8:
        return out
    if attrs.has(type(value)):
        for a in attrs.fields(type(value)):
            out += objects_reachable(getattr(value, a.name), depth + 1)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            out += objects_reachable(v, depth + 1)
    elif isinstance(value, dict):
        for k, v in value.items():
            out += objects_reachable(k, depth + 1) + objects_reachable(v, depth + 1)
    return out


def hidden_changed(state: uno.GameState, seat: int, rng: random.Random) -> uno.GameState:
    """``state`` with everything ``seat`` cannot see changed: the other hands and the draw
    pile re-dealt among themselves (sizes kept), another seed, the bluff flag flipped. With
    two-sided cards (F14) only what the seat cannot see: :func:`hidden_changed_two_sided`."""
    if state.top_card.other is not None:
        return hidden_changed_two_sided(state, seat, rng)
    others = [k for k in range(state.players) if k != seat]
    pool = [c for k in others for c in state.hands[k]] + list(state.draw_pile)
    rng.shuffle(pool)
    hands = list(state.hands)
    at = 0
    for k in others:
        n = len(state.hands[k])
        hands[k] = tuple(pool[at : at + n])
        at += n
    draw = pool[at:]
    assert len(draw) == state.draw_pile_size
    new_hands = tuple(tuple(h) for h in hands)
    drawn = state.drawn
    if drawn is not None and state.turn != seat:
        drawn = new_hands[state.turn][-1] if new_hands[state.turn] else None
    return _with_hidden(state, seat, new_hands, draw, drawn, rng)


def _with_hidden(
    state: uno.GameState,
    seat: int,
    hands: tuple[tuple[uno.Card, ...], ...],
    draw: list[uno.Card],
    drawn: uno.Card | None,
    rng: random.Random,
) -> uno.GameState:
    """``state`` with the hands, draw pile and drawn card given, another seed, and the
    bluff flag of a pending penalty flipped (the offender's hand as the hands now hold it,
    unless ``seat`` is the offender: the facts ``seat`` cannot see)."""
    changes: dict[str, Any] = {
        "hands": hands,
        "draw": pile_from(draw),
        "seed": state.seed + 1 + rng.randrange(1000),
        "drawn": drawn,
    }
    if state.penalty is not None:
        changes["penalty"] = attrs.evolve(
            state.penalty,
            bluff=not state.penalty.bluff,
            offender_hand=hands[state.penalty.offender]
            if state.penalty.offender != seat
            else state.penalty.offender_hand,
        )
    return state._replace(**changes)


def hidden_changed_two_sided(state: uno.GameState, seat: int, rng: random.Random) -> uno.GameState:
    """F14: ``state`` with everything ``seat`` cannot see of a table of two-sided cards
    changed, and nothing it can see: each card of its own hand traded with a card of the
    same face in play from below the draw pile's top (its own backs are hidden from it);
    then the cards of the other hands and the draw pile traded among those with the same
    other face (it sees the other hands' backs and the top card's back, not their faces),
    the draw pile below its top taking part; another seed, the bluff flag flipped."""
    others = [k for k in range(state.players) if k != seat]
    hands = [list(h) for h in state.hands]
    draw = list(state.draw_pile)
    # 1. the seat's own hand: the same faces, other backs
    for i, card in enumerate(hands[seat]):
        below = [j for j in range(1, len(draw)) if draw[j].face is card.face]
        if below:
            j = rng.choice(below)
            hands[seat][i], draw[j] = draw[j], card
    # 2. the other hands and the draw pile: the same backs where they show, other faces
    spots: list[tuple[list[uno.Card], int]] = [
        (hands[k], i) for k in others for i in range(len(hands[k]))
    ]
    spots += [(draw, j) for j in range(len(draw))]
    by_back: dict[uno.Card | None, list[tuple[list[uno.Card], int]]] = {}
    for where, i in spots:
        by_back.setdefault(where[i].other, []).append((where, i))
    for group in by_back.values():
        cards = [where[i] for where, i in group]
        rng.shuffle(cards)
        for (where, i), card in zip(group, cards, strict=True):
            where[i] = card
    new_hands = tuple(tuple(h) for h in hands)
    drawn = state.drawn
    if drawn is not None and state.turn == seat:  # its own drawn card: the same face
        drawn = new_hands[seat][state.hands[seat].index(drawn)]
    elif drawn is not None:  # another's: as hidden_changed has it
        drawn = new_hands[state.turn][-1] if new_hands[state.turn] else None
    return _with_hidden(state, seat, new_hands, draw, drawn, rng)


def check_events_view(events: tuple[uno.Event, ...], players: int) -> None:
    """``view_events`` hides other seats' drawn cards and a challenged hand shown to
    someone else, and never shows the bluff flag."""
    for e in events:
        if isinstance(e, uno.CardsDrawn):
            assert e.cards is not None and len(e.cards) == e.count
    for k in range(players):
        seen = uno.view_events(events, k)
        assert len(seen) == len(events)
        for orig, mine in zip(events, seen, strict=True):
            assert mine.kind == orig.kind
            assert "bluff" not in keys_anywhere(mine.to_dict())
            if isinstance(orig, uno.CardsDrawn):
                assert isinstance(mine, uno.CardsDrawn)
                assert mine.count == orig.count and mine.seat == orig.seat
                if orig.seat == k:  # F14: the faces in play (a one-sided card's own)
                    assert mine.cards == tuple(c.face for c in orig.cards or ())
                else:
                    assert mine.cards is None, f"seat {k} sees the cards seat {orig.seat} drew"
                    assert mine.to_dict()["cards"] is None
            if isinstance(orig, (uno.ChallengeWon, uno.ChallengeLost)) and k not in (
                orig.challenger,
                orig.offender,
            ):
                assert mine.hand is None  # type: ignore[attr-defined]


@st.composite
def arbitrary_moves(draw: st.DrawFn, state: uno.GameState) -> uno.Move:
    """Any move at all: a random seat (sometimes not a seat), class, card, color, target,
    call and extra cards; biased towards the acting seat and its hand."""
    players = state.players
    seat = draw(st.sampled_from([state.turn, state.turn]) | st.integers(-2, players + 2))
    cls = draw(st.sampled_from(MOVE_CLASSES))
    if cls is uno.Play:
        hand = state.hands[seat] if 0 <= seat < players else ()
        if hand and draw(st.booleans()):
            card = draw(st.sampled_from(hand))
        elif draw(st.booleans()):
            card = state.top_card  # an identical card: a jump-in candidate
        else:
            card = draw(st.sampled_from(FACES))
        if draw(st.integers(0, 3)) == 0:
            color = draw(st.none() | st.sampled_from(COLORS))
        else:
            color = draw(st.sampled_from(COLORS)) if card.is_wild else None
        target = draw(st.integers(-1, players + 1)) if draw(st.integers(0, 3)) == 0 else None
        extra_pool = list(hand) if hand and draw(st.booleans()) else list(FACES)
        extra = (
            draw(st.lists(st.sampled_from(extra_pool), max_size=2))
            if draw(st.integers(0, 5)) == 0
            else ()
        )
        return uno.Play(
            seat, card, color=color, target=target, call_uno=draw(st.booleans()), extra=extra
        )
    if cls is uno.CatchUno:
        return uno.CatchUno(seat, draw(st.integers(-1, players + 1)))
    if cls is uno.ChooseColor:
        return uno.ChooseColor(seat, draw(st.sampled_from(COLORS)))
    return cls(seat)  # type: ignore[call-arg,no-any-return]


# --------------------------------------------------------------------------- what rules decide


def seats_still_out(old: uno.GameState) -> frozenset[int]:
    """Seats out for the round after ``old``: every eliminated seat, except that without
    last-player-standing a mercy elimination lasts one round (H16) and only an elimination
    by score (3.4) carries over."""
    rules = old.rules
    mercy = rules.house_rules.mercy
    if not (mercy.enabled and not mercy.last_player_standing):
        return old.eliminated
    by_score = rules.scoring.elimination
    return frozenset(
        s for s in old.eliminated if by_score and old.scores[s] >= rules.scoring.target
    )


def expected_dealer(old: uno.GameState) -> int:
    """A6: who deals the next round (seats out of it never deal)."""
    out = seats_still_out(old)

    def next_active(seat: int) -> int:
        seat = (seat + 1) % old.players
        while seat in out:
            seat = (seat + 1) % old.players
        return seat

    rotation = old.rules.dealer_rotation
    if rotation is DealerRotation.WINNER_DEALS and old.round_winner is not None:
        return old.round_winner
    if rotation is DealerRotation.FIXED and old.dealer not in out:
        return old.dealer
    return next_active(old.dealer)


def scores_decide_game_end(rules: uno.Rules) -> bool:
    """Under the winner-collects modes the game ends exactly when a score reaches the
    target (B10.6); other modes and the mercy rule end it otherwise."""
    return (
        rules.scoring.mode in (ScoringMode.WINNER_COLLECTS, ScoringMode.WINNER_COLLECTS_OTHERS_LOSE)
        and not rules.house_rules.mercy.enabled
    )


def out_of_turn_moves(rules: uno.Rules) -> tuple[type, ...]:
    """The moves a seat other than the one to act may make: call and catch, and play under
    Jump-In only."""
    return OUT_OF_TURN if rules.house_rules.jump_in.enabled else (uno.CallUno, uno.CatchUno)


# --------------------------------------------------------------------------- the machine


class InvariantMachine(RuleBasedStateMachine):
    """A hypothesis state machine that plays a game and checks the public invariants.

    Every step either applies a random legal move of a random seat (out-of-turn moves
    included), tries a random arbitrary move (often illegal, sometimes by a seat that does
    not exist) or deals the next round; after every step:

    (a) card conservation (B1.4); (b) listed iff valid iff applies; (c) an illegal move (and
    a legal one) leaves the input state unchanged; (d) exactly one pending decision until the
    game ends; (e) ``load_state(dump_state(s)) == s``, also through JSON text; (f) views and
    viewed events leak nothing: changing the hidden facts (other hands, the draw pile order,
    the seed, the bluff flag) leaves a seat's view equal. With a ``record`` (see
    ``make_record``), the game played replays to the very same state at the end of a run.

    Subclasses deal the first state in an ``@initialize`` rule that calls :meth:`_start`.
    What the rules decide is asked of the methods below (and ``DECK``), which a machine for
    one rule set may pin down.
    """

    # The deck the cards are counted against; None: the deck of the state's rules.
    DECK: ClassVar[Counter[Card] | None] = None

    state: uno.GameState
    steps: int
    record: dict[str, Any] | None = None

    def next_dealer(self, old: uno.GameState) -> int:
        """Who deals the round after ``old``."""
        return expected_dealer(old)

    def out_of_turn(self, rules: uno.Rules) -> tuple[type, ...]:
        """The move classes a seat other than the one to act may make."""
        return out_of_turn_moves(rules)

    def scores_decide_game_end(self, rules: uno.Rules) -> bool:
        """Whether the game is over exactly when a score has reached the target."""
        return scores_decide_game_end(rules)

    def _start(self, state: uno.GameState) -> None:
        self.state = state
        self.steps = 0

    # -- moves

    def _take(self, move: uno.Move) -> None:
        before = self.state
        before_dump = uno.dump_state(before)
        result = uno.apply(before, move)
        assert isinstance(result, uno.Transition), f"listed move {move} refused: {result}"
        # the input state is never changed, by a legal move either
        assert uno.dump_state(before) == before_dump, "apply changed its input state"
        check_events_view(result.events, before.players)
        for e in result.events:
            event(f"event {e.kind}")
        self.state = result.state
        self.steps += 1
        if self.record is not None:
            self.record["moves"].append(str(move))

    def _advance_round(self) -> None:
        """Between rounds: deal the next one (checked); after the game: nothing."""
        old = self.state
        if old.game_over:
            return
        new = uno.next_round(old)
        assert isinstance(new, uno.GameState), new
        assert new.round_number == old.round_number + 1
        assert new.scores == old.scores
        assert new.eliminated == seats_still_out(old)
        assert new.dealer == self.next_dealer(old)
        assert not new.round_over
        assert uno.next_round(old) == new  # deterministic
        event("next round")
        self._start(new)
        if self.record is not None:
            self.record["moves"].append(NEXT_ROUND)

    @rule(data=st.data())
    def play_any_legal_move(self, data: st.DataObject) -> None:
        if self.state.round_over:
            self._advance_round()
            return
        moves = [m for k in range(self.state.players) for m in uno.legal_moves(self.state, k)]
        assert moves, "a round in progress with no legal move for anyone"
        self._take(data.draw(st.sampled_from(moves), label="move"))

    @rule(data=st.data())
    def play_acting_seat(self, data: st.DataObject) -> None:
        """The acting seat moves, preferring plays, so that rounds end within a run."""
        if self.state.round_over:
            self._advance_round()
            return
        moves = uno.legal_moves(self.state)
        plays = [m for m in moves if isinstance(m, uno.Play)]
        self._take(data.draw(st.sampled_from(plays or list(moves)), label="move"))

    @rule(data=st.data())
    def try_arbitrary_move(self, data: st.DataObject) -> None:
        state = self.state
        move = data.draw(arbitrary_moves(state), label="arbitrary move")
        real_seat = type(move.seat) is int and 0 <= move.seat < state.players
        before_dump = uno.dump_state(state)
        # the kit: validate iff apply iff listed, and the input state unchanged
        result = check_move(state, move)
        if not real_seat:
            assert isinstance(result, uno.Violation) and result.code == "unknown-seat"
        event(f"arbitrary move: {'legal' if isinstance(result, uno.Transition) else result.code}")
        if isinstance(result, uno.Violation):
            # (c) an illegal move leaves the state as it was
            assert uno.load_state(before_dump) == state
            assert isinstance(result.code, str) and result.code
            assert str(result)
        else:
            self._take(move)

    @rule()
    def next_round_at_the_wrong_time(self) -> None:
        state = self.state
        if state.round_over and not state.game_over:
            return
        result = uno.next_round(state)
        assert isinstance(result, uno.Violation)
        assert result.code == ("game-over" if state.game_over else "round-not-over")

    def teardown(self) -> None:
        """The record of the game played replays to the very same state, also through
        JSON text with the rules written out in full."""
        if self.record is None:
            return
        result = uno.replay(json.loads(json.dumps(self.record)))
        assert result.violation is None, (result.index, result.violation)
        assert result.applied == len(self.record["moves"])
        assert result.state == self.state

    # -- invariants

    @invariant()
    def a_cards_are_conserved(self) -> None:
        assert_conserved(self.state, self.DECK)

    @invariant()
    def b_listed_moves_validate_and_apply(self) -> None:
        state = self.state
        allowed = self.out_of_turn(state.rules)
        # the kit: every listed move validates and applies; the fast listing and the
        # shortcuts answer what the general path does
        check_listed_moves(state)
        check_fast_paths(state)
        for k in range(state.players):
            if k != state.turn:
                moves = uno.legal_moves(state, k)
                assert all(isinstance(m, allowed) for m in moves), moves
        assert uno.legal_moves(state) == uno.legal_moves(state, state.turn)
        for bad in (-1, state.players, state.players + 5):  # not a seat: docs/errors.md
            with pytest.raises(uno.SituationError, match="seat: expected 0 to"):
                uno.legal_moves(state, bad)

    @invariant()
    def d_one_pending_decision(self) -> None:
        state = self.state
        decision = state.decision
        ends_at_target = self.scores_decide_game_end(state.rules)
        assert (decision is None) == state.game_over
        assert 0 <= state.turn < state.players
        assert len(state.scores) == state.players and len(state.hands) == state.players
        assert len(state.active_seats) >= 1
        if state.round_over:
            assert not any(uno.legal_moves(state, k) for k in range(state.players))
            if not state.game_over:
                assert decision is not None and decision.seat is None
            else:
                assert state.game_winners
                assert all(0 <= w < state.players for w in state.game_winners)
                if ends_at_target:
                    assert max(state.scores) >= state.rules.scoring.target
        else:
            assert decision is not None and decision.seat == state.turn
            assert state.turn not in state.eliminated
            assert uno.legal_moves(state), "the seat to act has no legal move"
            assert state.round_winner is None
            assert not state.game_winners
            if ends_at_target:
                assert max(state.scores) < state.rules.scoring.target
            if state.phase is not uno.Phase.CHOOSE_COLOR:
                assert state.color is not None
            if state.top_card.color is not None:
                assert state.color is state.top_card.color
            # a pending penalty goes with the penalty phase, but for H17's victim naming
            # the color to draw until
            assert (state.phase is uno.Phase.PENALTY) == (
                state.penalty is not None
            ) or choosing_draw_color(state.phase, state.penalty)
            assert (state.phase is uno.Phase.DRAWN) == (state.drawn is not None)

    @invariant()
    def e_snapshot_round_trip(self) -> None:
        state = self.state
        dumped = uno.dump_state(state)
        assert uno.load_state(dumped) == state
        through_json = json.loads(json.dumps(dumped))
        assert through_json == dumped
        assert uno.load_state(through_json) == state

    @invariant()
    def f_views_leak_nothing(self) -> None:
        state = self.state
        rng = random.Random(self.steps * 7919 + state.seed)
        sizes = tuple(len(h) for h in state.hands)
        strong = {state.turn, rng.randrange(state.players), rng.randrange(state.players)}
        for k in range(state.players):
            v = uno.view(state, k)
            assert v.seat == k
            # F14: the faces in play (a one-sided card is its own face)
            assert v.hand == tuple(c.face for c in state.hands[k])
            assert v.hand_sizes == sizes
            assert v.draw_pile_size == state.draw_pile_size
            assert v.top_card == state.top_card.face
            d = v.to_dict()
            json.dumps(d)
            assert "bluff" not in keys_anywhere(d)
            if k not in strong:
                continue
            for obj in objects_reachable(v):
                assert not isinstance(obj, (uno.GameState, uno.Penalty, uno.Rules)), obj
            # the strong check: a table with the hidden facts changed looks the same
            other = hidden_changed(state, k, rng)
            assert_conserved(other, self.DECK)
            assert uno.view(other, k) == v, f"seat {k}'s view depends on hidden facts"
            assert uno.view(other, k).to_dict() == d
        for bad in (-1, state.players):
            with pytest.raises(uno.SituationError):
                uno.view(state, bad)


# --------------------------------------------------------------------------- playouts


def card_value(rules: uno.Rules, card: uno.Card) -> int:
    """B10.5 (N16) with the preset's point values, read from the card's kind: a number card
    its face value, the blank card the preset's blank value, any other card the value
    ``scoring.values`` gives its kind's points class (``data/cards.json``), unless its deck
    scores the kind its own way (F9: the Flip deck's points, by the face in play)."""
    kind = card.kind
    if kind.number is not None:
        return kind.number
    own = CARD_DATA.points.get(rules.deck.value, {}).get(kind.rank)
    if own is not None:
        return own
    if kind.points_class == "blank":
        return rules.extra_cards.blank.points
    if kind.points_class == "kind":  # K1: a declared kind scores its own points
        return kind.points
    value: int = getattr(rules.scoring.values, kind.points_class)
    return value


def check_round_end(
    before: uno.GameState,
    after: uno.GameState,
    deck: Counter[Card] | None = None,
    points: Callable[[Card], int] | None = None,
) -> None:
    """The round that just ended was scored as B10.5 says (winner collects, as in every
    bundled preset but No Mercy's single round): the winner collects the points of every
    other hand (a card's ``points``, by default :func:`card_value` under the rules) and
    N16's knockout points; a blocked round (A44) or a last-player-standing end scores
    nothing; under scoring ``none`` the round's winner wins the game. The cards are counted
    against ``deck``."""
    assert_conserved(after, deck)
    rules = after.rules
    if rules.scoring.mode is ScoringMode.NONE:
        assert after.scores == before.scores and after.game_over
        winner = after.round_winner
        assert after.game_winners == ((winner,) if winner is not None else ())
        return
    assert rules.scoring.mode is ScoringMode.WINNER_COLLECTS
    assert not rules.house_rules.partnership.enabled
    value = functools.partial(card_value, rules) if points is None else points
    winner = after.round_winner
    gained = [a - b for a, b in zip(after.scores, before.scores, strict=True)]
    mercy = rules.house_rules.mercy
    alone = mercy.enabled and len(after.active_seats) == 1
    standing = alone and mercy.last_player_standing
    if winner is None or standing:
        assert gained == [0] * after.players
        if standing:
            assert after.game_over and after.game_winners == (after.active_seats[0],)
        return
    if alone:  # H16 without last_player_standing: the last player left wins the round
        assert winner == after.active_seats[0]
    else:
        assert after.hands[winner] == ()
    expected = sum(value(c) for k, hand in enumerate(after.hands) if k != winner for c in hand)
    expected += rules.scoring.knockout_points * len(after.eliminated)
    assert gained[winner] == expected
    assert all(g == 0 for k, g in enumerate(gained) if k != winner)
    reached = max(after.scores) >= rules.scoring.target
    assert after.game_over == reached
    if after.game_over:
        assert after.game_winner == winner
        assert after.game_winners == (winner,)


def random_playout(
    rules: uno.Rules | str,
    players: int,
    seed: int,
    policy_seed: int,
    *,
    max_moves: int,
    deck: Counter[Card] | None = None,
    points: Callable[[Card], int] | None = None,
    next_dealer: Callable[[uno.GameState], int] = expected_dealer,
) -> tuple[uno.GameState, tuple[str, ...]]:
    """One whole random game (the kit's ``random_playout``): the final state and the
    record's move texts. Each round's scoring is checked (:func:`check_round_end` with
    ``deck`` and ``points``), each next round is dealt by ``next_dealer`` with the scores
    kept, and the cards are counted at every deal and every 50 moves (against ``deck``; by
    default the deck of the rules)."""
    final, texts = kit_playout(
        rules,
        players,
        seed,
        policy_seed,
        max_moves=max_moves,
        deck=deck,
        on_round_end=lambda before, after: check_round_end(before, after, deck, points),
        next_dealer=next_dealer,
    )
    assert uno.next_round(final) == uno.GameOver()
    return final, texts


def assert_replays(record: dict[str, Any], final: uno.GameState) -> None:
    """``record`` replays to the very same final state: every move applied, none refused."""
    result = uno.replay(record)
    assert result.violation is None, (result.index, result.violation)
    assert result.index is None
    assert result.applied == len(record["moves"])
    assert result.state == final
    assert uno.dump_state(result.state) == uno.dump_state(final)
