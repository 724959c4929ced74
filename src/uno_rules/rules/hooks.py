"""The house-rule interface: what a rule module declares and the moments it is consulted.

A house rule is one module under :mod:`uno_rules.rules` (or in another installed package,
see ``docs/write-a-house-rule.md``) holding its parameters (an ``attrs`` frozen class
with an ``enabled`` switch and field metadata) and one :class:`HouseRule` object. Every hook
of :class:`HouseRule` does nothing by default; a rule overrides the hooks of the moments it
changes. The engine consults only the hooks a rule overrides, only while the rule is
enabled, in the order of :data:`uno_rules.rules.registry.ORDER` (see that module).

The moments, in the order a move meets them:

- ``answer_penalty`` / ``penalty_refusal``: a card played on a pending draw penalty (A60):
  what kind of answer it is, or why it is refused;
- playing out of turn (jump-in): ``out_of_turn`` judges a card played out of turn, and
  ``out_of_turn_card`` names the one card a seat may play out of turn now, from public
  facts (for the listing of moves and for players that poll the seats);
- ``target``: whether a card's play names a target seat;
- ``wild_terms``: the terms of a wild played as a kind of play (whether it names a color,
  whether a Wild Draw Four escapes the color restriction);
- ``extra_cards`` / ``extra_refusal``: the further cards that may go down with a card in
  one play, and why a play's further cards are refused (no rule answering: one card per
  turn, B4.5);
- ``last_card``: whether a card may be the last one a play empties the hand with;
- ``accept_check``: whether the victim of a penalty may take it;
- ``drawn_compulsory``: whether a drawn card must be played;
- ``turn_draw``: how a draw on one's own turn takes its cards;
- ``carries_penalty`` and ``shape_penalty``: what a draw card played as an answer adds to,
  and what the new penalty allows (bluff, challenge);
- ``effect_times``: how many times the effect of a play of several cards applies;
- ``card_steps``: what a card does under the rule, as effect steps in place of its kind's
  (``docs/cards.md``): the engine interprets them, in the general path and its fast path,
  and for the first card turned up (1.3) as for a card played;
- ``play_effect``: what a played card does, written as code (before the official effect;
  returning ``True`` replaces it), for what steps cannot say;
- ``after_accept``: who plays after a penalty is taken;
- ``after_move``: the end of every move (the mercy rule);
- ``legal_clause``: the clause a ruling cites for a legal move.

Between rounds and around the table: ``table_problems`` (why a number of players cannot
sit at the table), ``out_of_game`` (a seat out of the game: the clause that keeps it out of
play, and who is still out when the next round is dealt).

And, outside play: ``touches`` (what the fast paths must leave to the general path),
``penalty_choice`` (A60: a draw card leaves its victim a decision), ``idle_options`` and
``contradictions`` (preset checking), ``clauses`` (one sentence per clause id).

Hooks that no longer exist (``first_card``, ``color_choice``, ``bluff_exempt``,
``jump_card``, ``out_of_turn_open``, ``next_round_out``, ``elimination_clause``) are listed
with their replacements in :data:`uno_rules.rules.registry.RETIRED`: an installed rule that
still overrides one is refused with a :class:`~uno_rules.PluginError` when a rule set that
enables it is compiled.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from attrs import frozen

from ..cards import Card, Color, Rank
from ..kinds import Step
from ..moves import Move, Play
from ..state import GameState, Penalty, Phase
from ..violations import Violation

if TYPE_CHECKING:
    from .builder import Builder
    from .model import Rules

__all__ = [
    "KIND_DEFLECT",
    "KIND_JUMP_IN",
    "KIND_STACK",
    "KIND_TURN",
    "HouseRule",
    "IdleOption",
    "IdleWhy",
    "OutOfGame",
    "PlayContext",
    "PlayKind",
    "Touches",
    "WildTerms",
]


class PlayKind:
    """How a play relates to the pending decision: an open set of named values, one object
    per name (compare them with ``is``).

    The engine itself tells two apart: ``TURN``, an ordinary play on the seat's own turn
    (B4.4), and ``JUMP_IN``, a play out of turn (H06). The bundled rules add ``STACK``, a
    draw card answering a pending penalty (H01), and ``DEFLECT``, a Reverse or Skip
    answering one (H15). A house rule may name a kind of its own for the plays its
    ``answer_penalty`` or ``out_of_turn`` hooks allow (``PlayKind("cancel")``): the engine
    plays the card as it plays any answer (the penalty is taken off, the card's steps
    apply), and that rule's ``carries_penalty`` and ``play_effect`` hooks say the rest
    (``docs/write-a-house-rule.md``).
    """

    __slots__ = ("value",)
    value: str
    _known: ClassVar[dict[str, PlayKind]] = {}

    TURN: ClassVar[PlayKind]
    STACK: ClassVar[PlayKind]
    DEFLECT: ClassVar[PlayKind]
    JUMP_IN: ClassVar[PlayKind]

    def __new__(cls, value: object) -> PlayKind:
        if not isinstance(value, str) or not value:
            raise ValueError(f"a play kind is named by a non-empty text, not {value!r}")
        found = cls._known.get(value)
        if found is None:
            found = object.__new__(cls)
            object.__setattr__(found, "value", value)
            cls._known[value] = found
        return found

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a PlayKind is immutable")

    def __repr__(self) -> str:
        return f"PlayKind({self.value!r})"

    def __reduce__(self) -> tuple[type[PlayKind], tuple[str]]:
        return (PlayKind, (self.value,))


PlayKind.TURN = PlayKind("turn")
PlayKind.STACK = PlayKind("stack")
PlayKind.DEFLECT = PlayKind("deflect")
PlayKind.JUMP_IN = PlayKind("jump-in")

# Read on every move by the rules' hooks, bound to module names (a module global is read
# directly; docs/performance.md).
KIND_TURN = PlayKind.TURN
KIND_STACK = PlayKind.STACK
KIND_DEFLECT = PlayKind.DEFLECT
KIND_JUMP_IN = PlayKind.JUMP_IN

_NO_RANKS: frozenset[Rank] = frozenset()
_NO_PHASES: frozenset[Phase] = frozenset()
_NO_MOVES: frozenset[type[Move]] = frozenset()


@frozen
class Touches:
    """What an enabled rule changes, for the fast paths to keep off.

    ``ranks``: ranks whose play on an ordinary turn the rule judges (legal or not) or
    changes; ``effect_ranks``: ranks whose play's effect only it changes (a target named
    through the ``target`` hook counts as effect: the engine lists targets from that hook);
    ``phases``: phases in which it changes which moves are legal;
    ``checks``: kinds of move whose legality it changes, in any phase;
    ``moves``: kinds of move whose transition it changes, in any phase;
    ``every_move``: it acts at the end of every move (``after_move``).
    A fast path runs only where nothing enabled touches it; anything else takes the general
    path, so a new rule is never bypassed. When unsure, declare more: it costs speed only.
    """

    ranks: frozenset[Rank] = _NO_RANKS
    effect_ranks: frozenset[Rank] = _NO_RANKS
    phases: frozenset[Phase] = _NO_PHASES
    checks: frozenset[type[Move]] = _NO_MOVES
    moves: frozenset[type[Move]] = _NO_MOVES
    every_move: bool = False


NOTHING = Touches()


@frozen
class WildTerms:
    """The terms of a wild played as a kind of play (``HouseRule.wild_terms``).

    ``no_color``: the clause under which the wild names no color (the color named before
    it stays; H01, A47), ``None`` when it names one as usual (B7.4);
    ``bluff_exempt``: a Wild Draw Four so played escapes the color restriction (B7.5).
    """

    no_color: str | None = None
    bluff_exempt: bool = False


@frozen
class OutOfGame:
    """How a rule that puts seats out of the game keeps them out (``HouseRule.out_of_game``).

    ``clause``: the clause a ruling cites when a seat out of the game tries to move;
    ``next_round``: the seats still out when the next round is dealt, of those out now
    (``None``: every one of them stays out).
    """

    clause: str
    next_round: frozenset[int] | None = None


class PlayContext(NamedTuple):
    """A play being applied: the move, its cards (the first, then any extra ones), its
    kind, the penalty it answered (if any) and the amount it carries on, the color before
    it, the hand left, and how many cards' effects apply (H09)."""

    move: Play
    cards: tuple[Card, ...]
    kind: PlayKind
    pending: Penalty | None
    carried: int
    color_before: Color
    hand: tuple[Card, ...]
    times: int

    @property
    def card(self) -> Card:
        """The card whose effect applies: the last one played."""
        return self.cards[-1]

    @property
    def went_out(self) -> bool:
        return not self.hand


# Why an option cannot take effect, the words after "has no effect": a message of the
# catalogs and its facts (said in the caller's language), or English words shown as they are
# (an installed rule's own).
IdleWhy = str | tuple[str, dict[str, object]]
# (path, value, default, why): an option that cannot take effect (see presets.idle_options)
IdleOption = tuple[str, Any, Any, IdleWhy]


class HouseRule:
    """One house rule: its name under ``house_rules``, its parameters class, its clauses
    and its hooks. Subclass it, set the class attributes, override the hooks you need, and
    make one instance (``RULE = MyRule()``)."""

    name: ClassVar[str]  # the key under ``house_rules`` in a preset
    clause: ClassVar[str]  # the clause id of the rule itself (H01, ...)
    params: ClassVar[type]  # an attrs frozen class with an ``enabled: bool`` field
    title: ClassVar[str] = ""  # a short title for tables and messages
    clauses: ClassVar[Mapping[str, str]] = {}  # clause id -> one sentence for rulings

    # -- what the rule touches (read once per rule set, by compile())
    def is_enabled(self, params: Any) -> bool:
        """Whether the rule is on (its ``enabled`` switch)."""
        return bool(params.enabled)

    def touches(self, params: Any) -> Touches:
        return NOTHING

    def answer_ranks(self, params: Any) -> frozenset[Rank]:
        """Ranks of the cards that may answer a pending penalty under this rule."""
        return _NO_RANKS

    def penalty_choice(self, rules: Rules, params: Any, card: Card) -> bool:
        """A60: whether the victim of ``card`` has a decision to make under this rule."""
        return False

    # -- judging a move (a verdict on a play may depend on whether a wild names a color,
    # never on which of the four colors it names: B7.4 leaves that to the player)
    def answer_penalty(self, state: GameState, move: Play, params: Any) -> Any:
        """A :class:`PlayKind` or :class:`Violation` for a card played by the victim on a
        pending penalty, or ``None`` when this rule has nothing to say about it."""
        return None

    def penalty_refusal(self, state: GameState, move: Play, params: Any) -> Violation | None:
        """The refusal of a card that answers no penalty, if this rule words it."""
        return None

    def out_of_turn(
        self, state: GameState, move: Play, default: Violation, params: Any
    ) -> Violation | None:
        """For a play out of turn (or on a penalty no answer took): ``None`` if this rule
        allows it (a jump-in), else the refusal (``default`` where the rule does not
        apply)."""
        return default

    def out_of_turn_card(self, state: GameState, seat: int, params: Any) -> Card | None:
        """The one card ``seat`` may play out of turn in ``state`` under this rule, judged
        from what every seat sees and never from a hand, or ``None`` if ``seat`` may not
        play out of turn now (a player that asks each seat in turn, such as the RL
        environment's polling or the simulation's bots, must not reveal by whom it asks
        what anyone holds). Asked in a phase of play, of any seat, the victim of a pending
        penalty included; the listing of legal moves tries only this card out of turn, so
        answer ``None`` only where ``out_of_turn`` refuses every card. A rule that
        overrides ``out_of_turn`` and not this hook has its plays out of turn judged when
        they are made, never listed, and every seat is taken to be able to play out of
        turn at any moment."""
        return None

    def target(
        self, card: Card, goes_out: bool, params: Any
    ) -> tuple[bool | None, str, str] | None:
        """Whether a play of ``card`` names a target seat (``True`` required, ``None``
        optional, ``False`` not allowed), the clause a missing or wrong target breaks and
        the clause that refuses one; ``None`` if the card is not this rule's."""
        return None

    def wild_terms(self, card: Card, kind: PlayKind, params: Any) -> WildTerms | None:
        """The terms of a wild ``card`` played as ``kind`` under this rule: whether it
        names a color and whether a Wild Draw Four escapes the color restriction
        (:class:`WildTerms`); ``None`` for the usual terms. The first rule that answers
        decides both."""
        return None

    def extra_cards(
        self, state: GameState, seat: int, card: Card, params: Any
    ) -> Iterable[tuple[Card, ...]] | None:
        """Every ordered choice of further cards that ``seat`` may put down with ``card``
        in one play, starting with none (``()``), if this rule lets several cards go down;
        ``None`` if it has nothing to say about ``card``."""
        return None

    def extra_refusal(self, state: GameState, move: Play, params: Any) -> Violation | None:
        """For a play with further cards (``move.extra``), on one's own turn, once its
        first card matches: why they may not go down with it under this rule, or ``None``
        if they may. Asked only of rules that override it; with none, a play of several
        cards is refused (B4.5)."""
        return None

    def last_card(
        self, state: GameState, seat: int, card: Card, kind: PlayKind, params: Any
    ) -> Violation | None:
        """Why ``seat`` may not go out by playing ``card`` as ``kind`` (the play would
        empty the hand), if this rule forbids it; ``None`` if it has nothing against it."""
        return None

    def accept_check(
        self, state: GameState, seat: int, answers: Iterable[tuple[Play, PlayKind]], params: Any
    ) -> Violation | None:
        """Why the victim may not take the pending penalty, if so; ``answers`` are the
        victim's legal plays on it, with their kinds (computed only when read)."""
        return None

    def drawn_compulsory(self, state: GameState, params: Any) -> str | None:
        """The clause that makes a fairly playable drawn card compulsory, if any."""
        return None

    # -- transitions
    def turn_draw(
        self, state: GameState, seat: int, voluntary: bool, source: Iterable[Card], params: Any
    ) -> tuple[tuple[Card, ...], bool] | None:
        """The cards a draw on one's own turn takes from ``source`` (taking each card only
        when it is drawn) and whether ``source`` ran out, if this rule draws them; ``None``
        for one card, as usual. The general path and the draw shortcut both ask it."""
        return None

    def carries_penalty(self, kind: PlayKind, params: Any) -> bool:
        """Whether a play of ``kind`` on a pending penalty adds to it."""
        return False

    def shape_penalty(self, penalty: Penalty, ctx: PlayContext, params: Any) -> Penalty:
        """The penalty a draw card leaves pending, as this rule changes it."""
        return penalty

    def effect_times(self, move: Play, params: Any) -> int | None:
        """How many times the effect of ``move``, a play of several cards, applies under
        this rule (``None``: once, the last card's)."""
        return None

    def play_effect(self, b: Builder, ctx: PlayContext, params: Any) -> bool:
        """Apply what the played card does under this rule; ``True`` if that replaces the
        official effect (asked first, for every card played, draw cards included)."""
        return False

    def card_steps(self, card: Card, last: bool, params: Any) -> tuple[Step, ...] | None:
        """The effect steps ``card`` has under this rule, in place of its kind's (``None``:
        unchanged). ``last`` says whether the card emptied its player's hand: officially a
        last card has no further effect (B10.4), so answer ``None`` there unless the rule
        says otherwise (H07 ``on_last_card: apply``). The answer may depend on the card's
        rank alone, not its color: the engine asks once per rank and keeps the answer. The
        steps are interpreted by :mod:`uno_rules.effects` on every path, so a rule that
        says what cards do this way is never bypassed and never written twice; the first
        card turned up (1.3) runs them too (``last`` false), each step in its first-card
        form."""
        return None

    def after_accept(self, b: Builder, seat: int, params: Any) -> bool:
        """After ``seat`` took a penalty: ``True`` if this rule keeps the turn with it."""
        return False

    def after_move(self, b: Builder, params: Any) -> None:
        """At the end of every move."""

    # -- the table, between rounds
    def table_problems(self, rules: Rules, players: int, params: Any) -> list[str]:
        """Why ``players`` cannot sit at a table under this rule (each as ``path: why``)."""
        return []

    def out_of_game(self, state: GameState, params: Any) -> OutOfGame | None:
        """If this rule puts seats out of the game: the clause that keeps a seat of
        ``state.eliminated`` out of play, and which of them stay out when the round after
        ``state`` is dealt (:class:`OutOfGame`); ``None`` if this rule has nothing to say.
        Asked when an eliminated seat tries to move and when the next round is dealt. A
        rule that overrides it makes states with seats out valid (snapshots, situations,
        disputes)."""
        return None

    # -- rulings and presets
    def legal_clause(
        self, state: GameState, move: Move, kind: PlayKind | None, params: Any
    ) -> str | None:
        """The clause that makes a legal move legal under this rule, if it decides it."""
        return None

    def idle_options(self, rules: Rules, params: Any) -> list[IdleOption]:
        """Options of this rule that cannot take effect under ``rules`` while it is on:
        ``(path, value, default, why)``, ``why`` a message and its facts (``(N_("while
        {path} is false"), {"path": ...})``) or plain English words, shown as they are."""
        return []

    def contradictions(self, rules: Rules, params: Any) -> list[str]:
        """Combinations (while the rule is on) that contradict each other, each naming its
        path: a :class:`uno_rules.errors.Problem` (said in the caller's language) or a plain
        English ``"path: sentence"``, shown as it is."""
        return []

    def __repr__(self) -> str:
        return f"<house rule {self.name} ({self.clause})>"
