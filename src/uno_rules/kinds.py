"""Card kinds as data: what each kind of card is and does (B1, E1, N1-N17; ``docs/cards.md``).

A card kind is a record, not code: its notation, its name, whether it is wild, its number,
its points and their class under ``scoring.values``, its draw value, the effect it carries
(a list of :class:`Step`), the Wild Draw Four restriction (B8.1), whether its player names a
color, its picture's label and the clause that makes its play legal. The bundled kinds and
decks are read from ``data/cards.json`` when the package is imported, and checked as
strictly as presets (:func:`read_card_data`): every problem, with its path, at once.

The effect steps are the engine's primitives, each implemented once
(:mod:`uno_rules.effects`). A Wild Customizable's written rule is a list of them in a preset
(``extra_cards.wild_customizable.effect``), read by :func:`read_steps`:

- ``skip: N`` (the next N seats lose their turn) or ``skip: everyone`` (every other seat;
  the player plays again);
- ``reverse: true`` (with two players as the rule set says, H08);
- ``next_draws: N`` (a draw penalty on the next seat, answered as the rule set allows);
- ``everyone_draws: N`` (each other seat draws N at once);
- ``draw_until_color: {chooser: player | victim, victim_loses_turn: true}`` (H17, N15);
- ``discard_color: true`` (the player also discards every card of the color in force);
- ``discard_wilds: true`` (every other seat puts all its wild cards under the discard
  pile, E3.3: Wild, Wild Draw Four and any other wild kind of the deck);
- ``discard_faces: [2, 6, 9]`` (with the card its player may also put down every card of
  their hand that shows one of these numbers, in any color, the one they choose on top:
  it sets the color and number; with none of them it is a plain card; ``docs/cards.md``);
- ``swap_hands: true`` (with a seat the player names), ``rotate_hands: true`` (every hand
  passes on in the direction of play), ``shuffle_hands: true`` (E2);
- ``play_again: true`` (the player takes another turn).

``custom: true`` stands, in a card kind, for the rule the preset writes on the card, and
``flip: true`` for UNO Flip's Flip card (F2: the discard pile, the draw pile and every hand
are turned over); only card data may write either.

A deck is either a list of kinds with counts per color and for the wilds, or, for a deck of
two-sided cards (UNO Flip, ``docs/flip.md``), its ``pairs``: each physical card written
``LIGHT/DARK`` (``R5/T7``). A deck may also give its own ``points`` by rank, where its
edition scores a kind otherwise than the kind's standard points (F9: Skip Everyone 30 on
Flip, 20 in No Mercy, N16).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from enum import StrEnum
from typing import Any, ClassVar, NamedTuple

from .errors import Problem
from .i18n import N_

__all__ = [
    "POINTS_CLASSES",
    "STEP_OPS",
    "STEP_SPECS",
    "CardData",
    "CardKind",
    "KindDataError",
    "Rank",
    "Step",
    "StepOp",
    "StepSpec",
    "bundled_card_data",
    "is_steps",
    "kind_problems",
    "penalty_value",
    "rank_order",
    "read_card_data",
    "read_steps",
    "register_kind",
    "step_to_plain",
    "steps_with",
    "unregister_kinds",
]

MAX_STEP_COUNT = 108  # the most cards one step may make a seat draw or skip
MAX_STEPS = 16  # the most steps one effect may list
MAX_WEIGHTS = 21  # random_draws: weights for 0 to 20 cards
MAX_WEIGHT = 1000  # random_draws: the largest weight


class StepOp(StrEnum):
    """The effect steps' vocabulary: each op names one step, implemented once
    (:data:`uno_rules.effects.STEPS`) and declared once (:data:`STEP_SPECS`). An op is a
    ``str`` equal to the word a preset writes (``StepOp.SKIP == "skip"``)."""

    SKIP = "skip"
    REVERSE = "reverse"
    NEXT_DRAWS = "next_draws"
    EVERYONE_DRAWS = "everyone_draws"
    TARGETED_DRAWS = "targeted_draws"
    PLAYER_DRAWS = "player_draws"
    RANDOM_DRAWS = "random_draws"
    DRAW_UNTIL_COLOR = "draw_until_color"
    DISCARD_COLOR = "discard_color"
    DISCARD_WILDS = "discard_wilds"
    SWAP_HANDS = "swap_hands"
    ROTATE_HANDS = "rotate_hands"
    PASS_HANDS = "pass_hands"
    SHUFFLE_HANDS = "shuffle_hands"
    PLAY_AGAIN = "play_again"
    DISCARD_FACES = "discard_faces"
    CUSTOM = "custom"
    FLIP = "flip"


class StepSpec(NamedTuple):
    """What the rest of the engine needs to know of a step, declared once: validation,
    listing, stacking, the RL action table, the pictures and the fast path read these
    facts instead of comparing step names.

    - ``shape``: what its value is (``count``, ``skip``, ``flag``, ``until``, ``faces``,
      ``side``, ``weights``);
    - ``penalty``: its ``n`` adds to the card's draw value, a penalty on the next seat that
      stacking and the rest answer (K3);
    - ``target``: the play names a seat (``>S``; E4);
    - ``transfers``: hands change seats, so UNO calls lapse (A19);
    - ``sheds``: it takes more cards from the player's hand (N13);
    - ``waits``: it may leave a decision waiting (a color to name, a challenge; H17, F4);
    - ``data_only``: only card data may write it, not a preset's written rule;
    - ``doc``: one line for people (``docs/cards.md``).
    """

    shape: str
    doc: str
    penalty: bool = False
    target: bool = False
    transfers: bool = False
    sheds: bool = False
    waits: bool = False
    data_only: bool = False


#: Every step's declaration, by op.
STEP_SPECS: Mapping[StepOp, StepSpec] = {
    StepOp.SKIP: StepSpec("skip", "the next N seats lose their turn (B7.1); everyone: N12"),
    StepOp.REVERSE: StepSpec("flag", "the direction of play changes (B7.2, H08)"),
    StepOp.NEXT_DRAWS: StepSpec(
        "count", "a draw penalty of N on the seat to play next (B7.3, K3)", penalty=True
    ),
    StepOp.EVERYONE_DRAWS: StepSpec("count", "each other seat draws N at once"),
    StepOp.TARGETED_DRAWS: StepSpec(
        "count", "the seat the play names draws N at once; play goes on (AW4)", target=True
    ),
    StepOp.PLAYER_DRAWS: StepSpec("count", "the card's own player draws N"),
    StepOp.RANDOM_DRAWS: StepSpec(
        "weights", "a seat draws k cards, k drawn from the weights and the game's seed (AT3)"
    ),
    StepOp.DRAW_UNTIL_COLOR: StepSpec(
        "until", "the next seat turns cards until a color shows (H17, N15)", waits=True
    ),
    StepOp.DISCARD_COLOR: StepSpec(
        "flag", "the player also discards every card of the color (N13)", sheds=True
    ),
    StepOp.DISCARD_WILDS: StepSpec(
        "flag", "every other seat puts its wild cards under the pile (E3.3)"
    ),
    StepOp.SWAP_HANDS: StepSpec(
        "flag", "the player and the seat it names trade hands (E4)", target=True, transfers=True
    ),
    StepOp.ROTATE_HANDS: StepSpec(
        "flag", "every hand passes on in the direction of play (H07)", transfers=True
    ),
    StepOp.PASS_HANDS: StepSpec(
        "side", "every hand passes one seat left or right, whatever the direction", transfers=True
    ),
    StepOp.SHUFFLE_HANDS: StepSpec(
        "flag", "every hand is gathered, shuffled and dealt out (E2)", transfers=True
    ),
    StepOp.PLAY_AGAIN: StepSpec("flag", "the player takes another turn"),
    StepOp.DISCARD_FACES: StepSpec(
        "faces", "the player may also put down the marked cards, with the play (docs/cards.md)"
    ),
    StepOp.CUSTOM: StepSpec("flag", "the preset's written rule (E3.3)", data_only=True),
    StepOp.FLIP: StepSpec("flag", "the whole table turns over (F2)", data_only=True),
}

# op -> what its value is (kept for readers of the shapes by op)
STEP_OPS: Mapping[str, str] = {op.value: spec.shape for op, spec in STEP_SPECS.items()}

# Ops only card data may write: ``custom`` (the preset's written rule) and ``flip`` (F2:
# turning the table over needs a two-sided deck, so no preset's written rule may).
_DATA_ONLY = frozenset(op for op, spec in STEP_SPECS.items() if spec.data_only)


class Step(NamedTuple):
    """One effect step: its ``op`` (a :class:`StepOp`) and its parameters."""

    op: str
    n: int = 0  # cards drawn (the draws steps) or seats skipped (skip)
    everyone: bool = False  # skip: every other seat
    chooser: str = "player"  # draw_until_color: who names the color
    loses_turn: bool = True  # draw_until_color: the seat that draws loses its turn
    faces: tuple[int, ...] = ()  # discard_faces: the marked numbers
    side: str = ""  # pass_hands: left (seat i to seat i+1) or right
    weights: tuple[int, ...] = ()  # random_draws: weight of drawing 0, 1, 2, ... cards
    who: str = "next"  # random_draws: next, everyone (each other seat) or player

    @property
    def spec(self) -> StepSpec:
        """This step's declaration (:data:`STEP_SPECS`)."""
        return STEP_SPECS[StepOp(self.op)]


def steps_with(steps: tuple[Step, ...], fact: str) -> bool:
    """Whether any of ``steps`` declares ``fact`` (a :class:`StepSpec` flag: ``penalty``,
    ``target``, ``transfers``, ``sheds``, ``waits``)."""
    return any(getattr(step.spec, fact) for step in steps)


def penalty_value(steps: tuple[Step, ...]) -> int:
    """The draw value ``steps`` make (K3): the sum of their penalty steps' counts."""
    return sum(step.n for step in steps if step.spec.penalty)


#: The classes of points a preset's ``scoring.values`` can set (B10.5), and ``kind``: the
#: kind's own ``points``, which no setting changes (a rule set's own kinds, K1).
POINTS_CLASSES = ("number", "action", "wild", "wild_draw_four", "wild_extra", "blank", "kind")


class CardKind(NamedTuple):
    """What one kind of card is, apart from its color (see the module docstring)."""

    rank: str  # the notation after the color letter (``skip``), or the whole text (``W+4``)
    id: str  # the word settings use for the kind (``draw_two``; ``number`` for every number)
    aliases: tuple[str, ...]  # other accepted texts, lower case
    name: str  # in words, as people say it (``Draw Two``)
    wild: bool  # no color (B1.3)
    number: int | None  # a number card's face value
    points: int  # its standard points (B10.5)
    points_class: str  # which of ``scoring.values`` sets its points
    draw: int  # cards it adds to a draw penalty (0: not a draw card)
    effect: tuple[Step, ...]  # what it does when played
    restricted: bool  # B8.1: playable only without a card of the active color
    names_color: bool  # a wild whose player names the color with the play
    label: str  # the short text on its picture
    clause: str  # the clause that makes its play legal (rulings cite it)
    sheds: bool = False  # its effect takes more cards from the player's hand (N13)

    @property
    def is_action(self) -> bool:
        """A colored card with a symbol (B1.3)."""
        return not self.wild and self.number is None


class CardData(NamedTuple):
    """The card kinds, each bundled deck of one-sided cards as ``(rank, count)`` pairs per
    color and wild (``decks``), each deck of two-sided cards as its ``LIGHT/DARK`` texts
    (``pairs``), and the decks that score some kinds their own way (``points``: rank to
    points)."""

    kinds: tuple[CardKind, ...]
    decks: Mapping[str, tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]]
    pairs: Mapping[str, tuple[str, ...]] = {}
    points: Mapping[str, Mapping[str, int]] = {}


class KindDataError(ValueError):
    """Card-kind data that cannot be read; ``problems`` lists each one with its path."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


def _is_int(value: object) -> bool:
    return type(value) is int


def read_steps(
    value: object, path: str, allow_custom: bool = False
) -> tuple[tuple[Step, ...], list[str]]:
    """Read an effect: a list of one-key mappings (``[{skip: 1}, {next_draws: 2}]``).
    Returns the steps and the problems (each ``path: why``); nothing is code."""
    problems: list[str] = []
    if not isinstance(value, list):
        return (), [
            Problem(
                path, N_("expected a list of steps such as {example}"), {"example": "[{skip: 1}]"}
            )
        ]
    if len(value) > MAX_STEPS:
        return (), [
            Problem(
                path, N_("{count} steps; at most {most}"), {"count": len(value), "most": MAX_STEPS}
            )
        ]
    steps: list[Step] = []
    for i, item in enumerate(value):
        here = f"{path}[{i}]"
        if not isinstance(item, Mapping) or len(item) != 1:
            problems.append(
                Problem(here, N_("expected one step, a mapping with one key such as skip: 1"))
            )
            continue
        ((op, arg),) = item.items()
        shape = STEP_OPS.get(op) if isinstance(op, str) else None
        if shape is None or (op in _DATA_ONLY and not allow_custom):
            known = ", ".join(k for k in STEP_OPS if k not in _DATA_ONLY)
            problems.append(
                Problem(here, N_("unknown step; expected one of {known}"), {"known": known})
            )
            continue
        step, why = _read_step(StepOp(op), shape, arg)
        if why is not None:
            problems.append(Problem(f"{here}.{op}", *why))
        elif step is not None:
            if step.chooser == "victim" and i != len(value) - 1:
                last = N_(
                    "with chooser: victim it must be the last step (the draw waits for a color)"
                )
                problems.append(Problem(f"{here}.{op}", last))
            steps.append(step)
    return tuple(steps), problems


def is_steps(tp: object) -> bool:
    """Whether a rules field's type ``tp`` is a list of effect steps (``tuple[Step, ...]``)."""
    args: tuple[object, ...] = getattr(tp, "__args__", ())
    return getattr(tp, "__origin__", None) is tuple and len(args) > 0 and args[0] is Step


def _read_step(
    op: str, shape: str, arg: object
) -> tuple[Step | None, tuple[str, dict[str, object]] | None]:
    """The step ``op: arg`` of the kind ``shape``, or why it is not one (a message and
    its facts)."""
    if shape == "flag":
        if arg is True:
            return Step(op), None
        return None, (N_("expected true"), {})
    if shape == "count":
        if _is_int(arg) and 1 <= arg <= MAX_STEP_COUNT:  # type: ignore[operator]
            return Step(op, n=arg), None  # type: ignore[arg-type]
        return None, (
            N_("expected a whole number of cards from 1 to {most}"),
            {"most": MAX_STEP_COUNT},
        )
    if shape == "faces":
        if (
            isinstance(arg, list)
            and arg
            and all(_is_int(f) and 0 <= f <= 9 for f in arg)
            and len(set(arg)) == len(arg)
        ):
            return Step(op, faces=tuple(sorted(arg))), None
        return None, (N_("expected a list of distinct numbers from 0 to 9, such as [2, 6, 9]"), {})
    if shape == "side":
        if arg in ("left", "right"):
            return Step(op, side=arg), None
        return None, (N_("expected left or right"), {})
    if shape == "weights":
        return _read_weights(op, arg)
    if shape == "skip":
        if arg == "everyone":
            return Step(op, everyone=True), None
        if _is_int(arg) and 1 <= arg <= 9:  # type: ignore[operator]
            return Step(op, n=arg), None  # type: ignore[arg-type]
        return None, (N_("expected a number of seats from 1 to 9, or everyone"), {})
    # until
    if not isinstance(arg, Mapping):
        return None, (N_("expected a mapping such as {example}"), {"example": "{chooser: player}"})
    unknown = sorted(str(k) for k in arg if k not in ("chooser", "victim_loses_turn"))
    if unknown:
        return None, (
            N_("unknown key {key}; expected chooser, victim_loses_turn"),
            {"key": repr(unknown[0][:60])},
        )
    chooser = arg.get("chooser", "player")
    if chooser not in ("player", "victim"):
        return None, (N_("chooser: expected player or victim"), {})
    loses = arg.get("victim_loses_turn", True)
    if type(loses) is not bool:
        return None, (N_("victim_loses_turn: expected true or false"), {})
    return Step(op, chooser=chooser, loses_turn=loses), None


def _read_weights(op: str, arg: object) -> tuple[Step | None, tuple[str, dict[str, object]] | None]:
    """``random_draws: {weights: [w0, w1, ...], who: next | everyone | player}`` (AT3)."""
    if not isinstance(arg, Mapping):
        return None, (
            N_("expected a mapping such as {example}"),
            {"example": "{weights: [3, 2, 1]}"},
        )
    unknown = sorted(str(k) for k in arg if k not in ("weights", "who"))
    if unknown:
        return None, (
            N_("unknown key {key}; expected weights, who"),
            {"key": repr(unknown[0][:60])},
        )
    weights = arg.get("weights")
    if (
        not isinstance(weights, list)
        or not 1 <= len(weights) <= MAX_WEIGHTS
        or not all(_is_int(w) and 0 <= w <= MAX_WEIGHT for w in weights)
        or not any(weights)
    ):
        return None, (
            N_(
                "weights: expected a list of 1 to {count} whole numbers from 0 to {most}, "
                "not all 0 (the weight of drawing 0, 1, 2, ... cards)"
            ),
            {"count": MAX_WEIGHTS, "most": MAX_WEIGHT},
        )
    who = arg.get("who", "next")
    if who not in ("next", "everyone", "player"):
        return None, (N_("who: expected next, everyone or player"), {})
    return Step(op, weights=tuple(weights), who=who), None


def step_to_plain(step: Step) -> dict[str, Any]:
    """A step as the one-key mapping a preset writes (the inverse of :func:`read_steps`)."""
    op = StepOp(step.op).value  # plain text, whoever built the step
    shape = STEP_OPS[op]
    step = step._replace(op=op)
    if shape == "flag":
        return {step.op: True}
    if shape == "count":
        return {step.op: step.n}
    if shape == "skip":
        return {step.op: "everyone" if step.everyone else step.n}
    if shape == "faces":
        return {step.op: list(step.faces)}
    if shape == "side":
        return {step.op: step.side}
    if shape == "weights":
        out: dict[str, Any] = {"weights": list(step.weights)}
        if step.who != "next":
            out["who"] = step.who
        return {step.op: out}
    return {step.op: {"chooser": step.chooser, "victim_loses_turn": step.loses_turn}}


_KIND_KEYS = {
    "rank": str,
    "id": str,
    "aliases": list,
    "name": str,
    "wild": bool,
    "number": int,
    "points": int,
    "points_class": str,
    "draw": int,
    "effect": list,
    "restricted": bool,
    "names_color": bool,
    "label": str,
    "clause": str,
}
_REQUIRED = ("rank", "id", "name", "points", "points_class", "clause")


def read_card_data(data: object) -> CardData:
    """Read card-kind data (the shape of ``data/cards.json``), or raise
    :class:`KindDataError` listing every problem with its path."""
    problems: list[str] = []
    if not isinstance(data, Mapping):
        raise KindDataError(["card data: expected a mapping with kinds and decks"])
    unknown = sorted(str(k) for k in data if k not in ("about", "kinds", "decks"))
    problems += [f"{k}: unknown key" for k in unknown]
    kinds: list[CardKind] = []
    seen: set[str] = set()
    raw_kinds = data.get("kinds")
    if not isinstance(raw_kinds, list):
        problems.append("kinds: expected a list of card kinds")
        raw_kinds = []
    for i, raw in enumerate(raw_kinds):
        kind = _read_kind(raw, f"kinds[{i}]", problems)
        if kind is None:
            continue
        for text in (kind.rank.lower(), *kind.aliases):
            if text in seen:
                problems.append(f"kinds[{i}]: the text {text!r} names two kinds")
            seen.add(text)
        kinds.append(kind)
    ranks = {k.rank: k for k in kinds}
    decks: dict[str, Any] = {}
    raw_decks = data.get("decks")
    if not isinstance(raw_decks, Mapping):
        problems.append("decks: expected a mapping of deck names to their cards")
        raw_decks = {}
    pairs: dict[str, tuple[str, ...]] = {}
    points: dict[str, dict[str, int]] = {}
    for name, raw in raw_decks.items():
        here = f"decks.{name}"
        if isinstance(raw, Mapping) and "points" in raw:
            points[str(name)] = _read_points(raw["points"], ranks, f"{here}.points", problems)
            raw = {k: v for k, v in raw.items() if k != "points"}
        if isinstance(raw, Mapping) and set(raw) == {"pairs"}:
            pairs[str(name)] = _read_pairs(raw["pairs"], f"{here}.pairs", problems)
            continue
        if not isinstance(raw, Mapping) or set(raw) - {"per_color", "wild"}:
            problems.append(f"{here}: expected per_color and wild lists, or pairs")
            continue
        parts = []
        for part, wild in (("per_color", False), ("wild", True)):
            entries = []
            for j, entry in enumerate(raw.get(part, [])):
                where = f"{here}.{part}[{j}]"
                if (
                    not isinstance(entry, list)
                    or len(entry) != 2
                    or entry[0] not in ranks
                    or not _is_int(entry[1])
                    or not 1 <= entry[1] <= 200
                ):
                    problems.append(
                        f"{where}: expected [a card kind's rank, a count from 1 to 200]"
                    )
                    continue
                if ranks[entry[0]].wild is not wild:
                    problems.append(f"{where}: {entry[0]} is {'not ' if wild else ''}a wild kind")
                    continue
                entries.append((entry[0], entry[1]))
            parts.append(tuple(entries))
        decks[str(name)] = (parts[0], parts[1])
    if problems:
        raise KindDataError(problems)
    return CardData(tuple(kinds), decks, pairs, points)


def _read_points(
    raw: object, ranks: Mapping[str, CardKind], path: str, problems: list[str]
) -> dict[str, int]:
    if not isinstance(raw, Mapping):
        problems.append(f"{path}: expected a mapping of card kinds' ranks to points")
        return {}
    found: dict[str, int] = {}
    for rank, value in raw.items():
        if rank not in ranks:
            problems.append(f"{path}.{rank}: not a card kind's rank")
        elif not _is_int(value) or not 0 <= value <= 500:
            problems.append(f"{path}.{rank}: expected points from 0 to 500")
        else:
            found[rank] = value
    return found


def _read_pairs(raw: object, path: str, problems: list[str]) -> tuple[str, ...]:
    """The texts of a two-sided deck, each ``LIGHT/DARK``; the faces are read (and checked)
    where cards are (:mod:`uno_rules.cards`)."""
    if not isinstance(raw, list) or not raw:
        problems.append(f"{path}: expected a list of two-sided cards such as R5/T7")
        return ()
    texts: list[str] = []
    for i, text in enumerate(raw):
        if not isinstance(text, str) or text.count("/") != 1:
            problems.append(f"{path}[{i}]: expected a two-sided card such as R5/T7")
            continue
        texts.append(text)
    return tuple(texts)


def _read_kind(raw: object, path: str, problems: list[str]) -> CardKind | None:
    if not isinstance(raw, Mapping):
        problems.append(f"{path}: expected a mapping")
        return None
    before = len(problems)
    for key, value in raw.items():
        want = _KIND_KEYS.get(key)
        if want is None:
            problems.append(f"{path}.{key}: unknown key")
        elif type(value) is not want:
            problems.append(f"{path}.{key}: expected {want.__name__}")
    for key in _REQUIRED:
        if key not in raw:
            problems.append(f"{path}.{key}: missing")
    if len(problems) > before:
        return None
    steps, why = read_steps(raw.get("effect", []), f"{path}.effect", allow_custom=True)
    problems += why
    if raw["points_class"] not in POINTS_CLASSES:
        problems.append(f"{path}.points_class: expected one of {', '.join(POINTS_CLASSES)}")
    draw = raw.get("draw", 0)
    if draw != penalty_value(steps):
        problems.append(f"{path}.draw: {draw} does not match its next_draws steps")
    wild = raw.get("wild", False)
    number = raw.get("number")
    if number is not None and (wild or not 0 <= number <= 9):
        problems.append(f"{path}.number: a number card is colored, 0 to 9")
    if len(problems) > before:
        return None
    aliases = tuple(a.lower() for a in raw.get("aliases", []) if isinstance(a, str))
    return CardKind(
        rank=raw["rank"],
        id=raw["id"],
        aliases=aliases,
        name=raw["name"],
        wild=wild,
        number=number,
        points=raw["points"],
        points_class=raw["points_class"],
        draw=draw,
        effect=steps,
        restricted=raw.get("restricted", False),
        names_color=raw.get("names_color", wild),
        label=raw.get("label", raw["rank"]),
        clause=raw["clause"],
        sheds=any(s.op == StepOp.DISCARD_COLOR for s in steps),
    )


def bundled_card_data() -> CardData:
    """The bundled kinds and decks (``data/cards.json``)."""
    path = os.path.join(os.path.dirname(__file__), "data", "cards.json")
    with open(path, encoding="utf-8") as file:
        return read_card_data(json.load(file))


# --------------------------------------------------------------------------- ranks


class _RankType(type):
    """The type of :class:`Rank`: iterating it gives every known rank, in the order the
    kinds became known (the bundled data's order, then kinds that rule sets declare)."""

    _known: dict[str, Rank]

    def __iter__(cls) -> Iterator[Rank]:
        return iter(tuple(cls._known.values()))

    def __len__(cls) -> int:
        return len(cls._known)


class Rank(str, metaclass=_RankType):
    """What a card is apart from its color: the name of one card kind (:attr:`kind`), and
    its notation after the color letter (``skip``, ``+2``) or a wild's whole text
    (``W+4``).

    The set of ranks is open: every kind of the bundled data (``data/cards.json``) has one,
    with a constant for Python code (``Rank.SKIP``, ``Rank.WILD_DRAW_FOUR``: the kind's
    ``id`` in capitals, ``Rank.ZERO`` .. ``Rank.NINE`` for the numbers), and a rule set may
    declare kinds of its own (``card_kinds``; ``docs/cards.md``), registered when the rule
    set is built. ``Rank("skip")`` is the rank of that text; an unknown text is a
    ``ValueError``. A rank is a ``str`` equal to its text, so it hashes, compares and
    serializes as one; there is one object per rank.
    """

    _known: ClassVar[dict[str, Rank]] = {}

    kind: CardKind
    value: str
    is_number: bool
    is_action: bool
    is_wild: bool

    # constants of the bundled kinds (bound from the data by ``cards``)
    ZERO: ClassVar[Rank]
    ONE: ClassVar[Rank]
    TWO: ClassVar[Rank]
    THREE: ClassVar[Rank]
    FOUR: ClassVar[Rank]
    FIVE: ClassVar[Rank]
    SIX: ClassVar[Rank]
    SEVEN: ClassVar[Rank]
    EIGHT: ClassVar[Rank]
    NINE: ClassVar[Rank]
    SKIP: ClassVar[Rank]
    REVERSE: ClassVar[Rank]
    DRAW_TWO: ClassVar[Rank]
    WILD: ClassVar[Rank]
    WILD_DRAW_FOUR: ClassVar[Rank]
    WILD_SHUFFLE_HANDS: ClassVar[Rank]
    WILD_SWAP_HANDS: ClassVar[Rank]
    WILD_CUSTOMIZABLE: ClassVar[Rank]
    BLANK: ClassVar[Rank]
    DRAW_FOUR: ClassVar[Rank]
    SKIP_EVERYONE: ClassVar[Rank]
    DISCARD_ALL: ClassVar[Rank]
    WILD_DRAW_SIX: ClassVar[Rank]
    WILD_DRAW_TEN: ClassVar[Rank]
    WILD_REVERSE_DRAW_FOUR: ClassVar[Rank]
    WILD_COLOR_ROULETTE: ClassVar[Rank]
    DRAW_ONE: ClassVar[Rank]
    FLIP: ClassVar[Rank]
    DRAW_FIVE: ClassVar[Rank]
    WILD_DRAW_TWO: ClassVar[Rank]
    WILD_DRAW_COLOR: ClassVar[Rank]

    def __new__(cls, value: object) -> Rank:
        found = cls._known.get(value) if isinstance(value, str) else None
        if found is None:
            raise ValueError(f"{value!r} is not a card kind's rank")
        return found

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Rank is immutable")

    def __repr__(self) -> str:
        return f"Rank({self.value!r})"

    def __str__(self) -> str:
        return self.value

    def __reduce__(self) -> tuple[Any, tuple[CardKind]]:
        # the kind travels with the rank, so a declared kind unpickles in a fresh process
        return (register_kind, (self.kind,))

    def __copy__(self) -> Rank:
        return self

    def __deepcopy__(self, memo: object) -> Rank:
        return self


def _new_rank(kind: CardKind) -> Rank:
    rank = str.__new__(Rank, kind.rank)
    for name, value in (
        ("kind", kind),
        ("value", kind.rank),
        ("is_number", kind.number is not None),
        ("is_action", kind.is_action),
        ("is_wild", kind.wild),
    ):
        object.__setattr__(rank, name, value)
    return rank


#: The most ranks one process knows: the bundled kinds and every kind rule sets declare.
MAX_KNOWN_RANKS = 1024
#: The most aliases one declared kind may have (K4): each is kept as long as its kind.
MAX_ALIASES = 8

#: Every known text of a kind (lower case: its rank and aliases) and its rank, for colored
#: kinds and for wild ones (the notation parser reads these).
COLORED_TEXTS: dict[str, Rank] = {}
WILD_TEXTS: dict[str, Rank] = {}

# A declared kind's rank: letters, digits and + or -, starting with a letter or + (a digit
# would read as a number card).
_RANK_TEXT = re.compile(r"[A-Za-z+][A-Za-z0-9+\-]{0,15}")
# the color words and letters a colored card's text starts with (``cards`` adds its own)
COLOR_PREFIXES: set[str] = set()


def kind_problems(kind: CardKind, path: str) -> list[str]:
    """Why ``kind`` cannot join the known kinds (each ``path: why``): a text that is not
    notation, a rank that names another kind, or a text that already names a kind or
    would read as another card (K4, ``docs/cards.md``)."""
    same = Rank._known.get(kind.rank)
    if same is not None:
        if same.kind == kind:
            return []
        return [
            Problem(
                f"{path}.rank",
                N_(
                    "already names another card kind ({name}); a rank names one kind, "
                    "declared the same way wherever it is used"
                ),
                {"name": (same.kind.name, {})},
            )
        ]
    if len(Rank._known) >= MAX_KNOWN_RANKS:
        # a long-running process (the referee service) that reads presets from anywhere
        # keeps what they declare: bounded, so such input costs bounded memory
        return [
            Problem(
                f"{path}.rank",
                N_("this process knows {count} card kinds already"),
                {"count": MAX_KNOWN_RANKS},
            )
        ]
    if len(kind.aliases) > MAX_ALIASES:
        return [
            Problem(
                f"{path}.aliases",
                N_("{count} aliases; at most {most}"),
                {"count": len(kind.aliases), "most": MAX_ALIASES},
            )
        ]
    if kind.number is None:
        for where, text in (("rank", kind.rank), *(("aliases", a) for a in kind.aliases)):
            if not _RANK_TEXT.fullmatch(text):
                return [
                    Problem(
                        f"{path}.{where}",
                        N_(
                            "expected up to 16 letters, digits, + or -, starting with a letter or +"
                        ),
                    )
                ]
    problems: list[str] = []
    for text in (kind.rank.lower(), *kind.aliases):
        if text in COLORED_TEXTS or text in WILD_TEXTS:
            problems.append(
                Problem(path, N_("the text {text} already names a card kind"), {"text": repr(text)})
            )
        elif _reads_as_other_card(text, kind.wild):
            problems.append(
                Problem(
                    path, N_("the text {text} could be read as another card"), {"text": repr(text)}
                )
            )
    return problems


def _reads_as_other_card(text: str, wild: bool) -> bool:
    """Whether a new kind's ``text`` would make some card text ambiguous: a wild's text
    that is a color word and a colored kind's text, or a colored kind's text that a color
    word turns into a wild's text."""
    for prefix in COLOR_PREFIXES:
        if wild:
            if text.startswith(prefix) and text[len(prefix) :].lstrip("-") in COLORED_TEXTS:
                return True
        elif prefix + text in WILD_TEXTS or f"{prefix}-{text}" in WILD_TEXTS:
            return True
    return False


def register_kind(kind: CardKind) -> Rank:
    """The rank of ``kind``, registering the kind if it is new (its texts join the
    notation); raises :class:`KindDataError` if it conflicts with a known kind
    (:func:`kind_problems`). Registering the same kind again returns its rank."""
    same = Rank._known.get(kind.rank)
    if same is not None and same.kind == kind:
        return same
    problems = kind_problems(kind, "kind")
    if problems:
        raise KindDataError(problems)
    rank = _new_rank(kind)
    Rank._known[kind.rank] = rank
    texts = WILD_TEXTS if kind.wild else COLORED_TEXTS
    for text in (kind.rank.lower(), *kind.aliases):
        texts[text] = rank
    return rank


def rank_order(rank: Rank) -> tuple[int, int, str]:
    """A rank's place in every ordering that must not depend on a process's history (the
    RL action table, sorted hands): the bundled kinds in the data's order, then a rule
    set's own kinds by their text, whatever was declared first in this process."""
    kind = rank.kind
    if kind.points_class != "kind":
        return (0, BUNDLED_ORDER[rank.value], "")
    return (1, 0, rank.value)


#: The bundled kinds' places in the data (filled by :func:`read_card_data`'s caller).
BUNDLED_ORDER: dict[str, int] = {}


def unregister_kinds(ranks: list[str]) -> None:
    """Forget the kinds of ``ranks`` and their texts (K4: a preset that is refused registers
    nothing, so refused input leaves nothing behind in a long-running process)."""
    for text in ranks:
        rank = Rank._known.pop(text, None)
        if rank is None:
            continue
        texts = WILD_TEXTS if rank.is_wild else COLORED_TEXTS
        for alias in (rank.kind.rank.lower(), *rank.kind.aliases):
            if texts.get(alias) is rank:
                del texts[alias]
