"""Hypothesis strategies and checks shared by the preset and all-presets property tests.

The rule-set strategies are generated from the rules model (never written by hand): they
walk the ``attrs`` fields of :class:`uno_rules.Rules` and, for every field, pick a value the
field's type allows (enum members, integers within the metadata ``min`` / ``max``, booleans,
lists of enum values, nested mappings), so a new option is covered as soon as it exists.

The state checks are those of ``tests/test_state_machine.py``, generalised from the
108-card official deck to any rule set (``uno_rules.deal.build_deck``).
"""

from __future__ import annotations

import random
import types
import typing
from collections import Counter
from collections.abc import Iterator
from enum import Enum
from typing import Any

import attrs
from hypothesis import assume
from hypothesis import strategies as st

import uno_rules as uno
import uno_rules.rules
from uno_rules.cards import COLORS, Card, Rank
from uno_rules.deal import build_deck
from uno_rules.state import pile_from

# Every face that exists, the 112-card extras included.
FACES: tuple[Card, ...] = tuple(
    [Card(c, r) for c in COLORS for r in Rank if not r.is_wild]
    + [Card(None, r) for r in Rank if r.is_wild]
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

OMIT = object()


def value_strategy(tp: Any, meta: Any, plain_default: Any) -> st.SearchStrategy[Any]:
    """Any valid plain value of a field, biased towards its default."""
    tp, optional = unwrap_optional(tp)
    base: st.SearchStrategy[Any]
    if attrs.has(tp):
        return section_mappings(tp)
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


def deck_of(rules: uno.Rules) -> Counter[Card]:
    return Counter(build_deck(rules))


def all_cards(state: uno.GameState) -> Counter[Card]:
    held: Counter[Card] = Counter()
    for hand in state.hands:
        held.update(hand)
    held.update(state.draw_pile)
    held.update(state.discard_pile)
    return held


def assert_conserved(state: uno.GameState) -> None:
    """B1.4: the deck of the rules, exactly; eliminated seats hold nothing (their cards
    went under the discard pile)."""
    deck = deck_of(state.rules)
    held = all_cards(state)
    assert held == deck, (
        f"cards not conserved (B1.4): extra {dict(held - deck)}, missing {dict(deck - held)}"
    )
    assert len(state.draw_pile) == state.draw_pile_size
    for seat in state.eliminated:
        assert state.hands[seat] == (), f"eliminated seat {seat} still holds cards"


def keys_anywhere(value: Any) -> set[str]:
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
    pile re-dealt among themselves (sizes kept), another seed, the bluff flag flipped."""
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
    changes: dict[str, Any] = {
        "hands": tuple(hands),
        "draw": pile_from(draw),
        "seed": state.seed + 1 + rng.randrange(1000),
    }
    if state.drawn is not None and state.turn != seat:
        changes["drawn"] = hands[state.turn][-1] if hands[state.turn] else None
    if state.penalty is not None:
        changes["penalty"] = attrs.evolve(
            state.penalty,
            bluff=not state.penalty.bluff,
            offender_hand=hands[state.penalty.offender]
            if state.penalty.offender != seat
            else state.penalty.offender_hand,
        )
    return attrs.evolve(state, **changes)


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
                if orig.seat == k:
                    assert mine.cards == orig.cards
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
