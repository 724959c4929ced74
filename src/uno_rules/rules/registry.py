"""The one ordered registry of house rules, and :func:`compile`: a rule set's plan.

**Order of consultation.** :data:`ORDER` lists the bundled house rules; rules installed by
other packages (entry-point group ``uno_rules.house_rules``, see
``docs/write-a-house-rule.md``) follow them, in the order of their names. Wherever the
engine asks the rules something (the hooks of :class:`~uno_rules.rules.hooks.HouseRule`), it
asks the enabled rules in this order and the first answer wins; the official rules answer
last. The order is:

1. ``stacking`` (H01) and 2. ``deflect`` (H15): the answers to a pending penalty, a draw
   card first (a card is a stack or a deflect, never both);
3. ``go_out`` (H14): what may be the last card, before 4. ``jump_in`` (H06): a play out
   of turn, once no answer took it, and whether it may be the last card (A23);
5. ``multi_card`` (H09) and 6. ``seven_o`` (H07): what a play on one's own turn does;
7. ``draw_until_playable`` (H02) before 8. ``force_play`` (H03): the clause that makes a
   drawn card compulsory is H02's when both apply;
9. ``mercy`` (H16): at the end of every move, after the round's end is checked;
10. ``partnership`` (T6): scoring only.

**The plan.** :func:`compile` turns a :class:`~uno_rules.Rules` value into a :class:`Plan`
once; it is kept on the value itself (``rules.plan``), so equal rule sets built twice each
compile once and nothing is keyed by ``id``. A plan holds, for each hook, the enabled rules
that implement it (so the engine calls only those), and what the enabled rules touch
(ranks, phases, kinds of move): the engine's fast paths run only where nothing enabled
touches, and a new rule therefore takes the general path by construction.

Nothing is imported from a name written in a preset: a preset may only name a rule that an
installed distribution declares under the entry-point group, and only that declared object
is loaded.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import attrs

from .._budget import brief
from ..cards import Card, Color, Rank
from ..errors import PluginError, PresetError, Problem, UnoError
from ..i18n import N_
from ..kinds import STEP_SPECS, Step, StepOp, steps_with
from ..moves import Accept, Move, Pass
from ..state import GameState, Penalty, Phase
from . import (
    deflect,
    draw_until_playable,
    force_play,
    go_out,
    jump_in,
    mercy,
    multi_card,
    partnership,
    seven_o,
    stacking,
)
from .extra_cards import effect_steps, marked_faces
from .hooks import HouseRule, OutOfGame, Touches, WildTerms

if TYPE_CHECKING:
    from .model import Rules

__all__ = [
    "GROUP",
    "ORDER",
    "RETIRED",
    "Plan",
    "bundled_names",
    "clause_sentence",
    "compile",
    "derived_touches",
    "find_rule",
    "installed_names",
    "installed_rule",
    "on_refresh",
    "owned",
    "refresh",
    "retired_hooks",
    "sample_card",
]

GROUP = "uno_rules.house_rules"

ORDER: tuple[HouseRule, ...] = (
    stacking.RULE,
    deflect.RULE,
    go_out.RULE,
    jump_in.RULE,
    multi_card.RULE,
    seven_o.RULE,
    draw_until_playable.RULE,
    force_play.RULE,
    mercy.RULE,
    partnership.RULE,
)


def bundled_names() -> tuple[str, ...]:
    return tuple(rule.name for rule in ORDER)


@cache
def _entry_points() -> dict[str, Any]:
    # start-up: importlib.metadata is heavy, and only an installed house rule is looked up
    from importlib.metadata import entry_points

    found: dict[str, Any] = {}
    for ep in entry_points(group=GROUP):
        if ep.name not in found and ep.name not in bundled_names():
            found[ep.name] = ep
    return found


def installed_names() -> tuple[str, ...]:
    """Names of the house rules that installed packages declare, sorted."""
    return tuple(sorted(_entry_points()))


@cache
def installed_rule(name: str) -> HouseRule:
    """The installed rule declared under ``name``; :class:`~uno_rules.PresetError` if no
    installed package declares it or it cannot be loaded."""
    ep = _entry_points().get(name)
    if ep is None:
        known = ", ".join(installed_names()) or "none"
        raise PresetError(
            [
                Problem(
                    f"house_rules.{name}",
                    N_("no such house rule is installed (installed: {known})"),
                    {"known": known if installed_names() else (N_("none"), {})},
                )
            ]
        )
    try:
        rule = ep.load()
    except (Exception, SystemExit) as exc:  # a broken plugin is a configuration problem
        # (SystemExit too: a module that calls sys.exit() as it is imported must not end
        # the process that merely looked for house rules)
        raise PresetError(
            [
                Problem(
                    f"house_rules.{name}",
                    N_("the installed rule could not be loaded ({error})"),
                    {"error": type(exc).__name__},
                )
            ]
        ) from None
    if not isinstance(rule, HouseRule) or rule.name != name:
        raise PresetError(
            [
                Problem(
                    f"house_rules.{name}",
                    N_("the entry point does not name a HouseRule called {name}"),
                    {"name": repr(name)},
                )
            ]
        )

    params = getattr(type(rule), "params", None)
    if not (isinstance(params, type) and attrs.has(params)) or "enabled" not in {
        a.name for a in attrs.fields(params)
    }:
        raise PresetError(
            [
                Problem(
                    f"house_rules.{name}",
                    N_("the installed rule's params is not an attrs class with an 'enabled' field"),
                )
            ]
        )
    return rule


def refresh() -> None:
    """Forget the installed rules found so far, so that a package installed while the
    process runs is seen (the list is read once, at the first preset that needs it)."""
    _entry_points.cache_clear()
    installed_rule.cache_clear()
    for forget in _ON_REFRESH:
        forget()


_ON_REFRESH: list[Callable[[], None]] = []


def on_refresh(forget: Callable[[], None]) -> None:
    """Have :func:`refresh` call ``forget`` too (a cache built from the installed rules)."""
    _ON_REFRESH.append(forget)


def find_rule(name: str) -> HouseRule | None:
    """The bundled or installed rule called ``name``, or ``None``."""
    for rule in ORDER:
        if rule.name == name:
            return rule
    if name in _entry_points():
        return installed_rule(name)
    return None


def clause_sentence(clause: str, installed: Iterable[HouseRule] = ()) -> str | None:
    """The one-sentence text of ``clause`` from the rule modules, if one states it."""
    for rule in (*ORDER, *installed):
        text = rule.clauses.get(clause)
        if text is not None:
            return text
    return None


Hook = tuple[Callable[..., Any], Any]  # a rule's bound hook and that rule's parameters


# What an installed rule's hook must answer, where a wrong kind of answer would fail later
# and far from the rule (a clause that is not text in a ruling, a count that is not one).
_ANSWERS: dict[str, tuple[type, ...]] = {
    "is_enabled": (bool,),
    "touches": (Touches,),
    "legal_clause": (str, type(None)),
    "drawn_compulsory": (str, type(None)),
    "out_of_game": (OutOfGame, type(None)),
    "wild_terms": (WildTerms, type(None)),
    "effect_times": (int, type(None)),
    "carries_penalty": (bool,),
    "card_steps": (tuple, type(None)),
    "play_effect": (bool,),
    "after_accept": (bool,),
    "table_problems": (list,),
    "out_of_turn_card": (Card, type(None)),
}

#: Hooks that a rule could once override and that no longer exist, each with the hook that
#: took its place (docs/write-a-house-rule.md). An installed rule that still overrides one
#: is refused when a rule set enabling it is compiled, never silently left unasked.
RETIRED: Mapping[str, str] = {
    "first_card": "card_steps",
    "color_choice": "wild_terms",
    "bluff_exempt": "wild_terms",
    "jump_card": "out_of_turn_card",
    "out_of_turn_open": "out_of_turn_card",
    "next_round_out": "out_of_game",
    "elimination_clause": "out_of_game",
}


def retired_hooks(rule: HouseRule) -> list[tuple[str, str]]:
    """The hooks ``rule`` overrides that no longer exist, each with its replacement."""
    cls = type(rule)
    return [(old, new) for old, new in RETIRED.items() if hasattr(cls, old)]


def _refuse_retired(rule: HouseRule) -> None:
    """:class:`~uno_rules.PluginError` naming ``rule``, the retired hook it overrides and
    the hook that replaces it, if it overrides one."""
    found = retired_hooks(rule)
    if found:
        said = "; ".join(f"{old} (now {new})" for old, new in found)
        raise PluginError(
            rule.name,
            f"it overrides a hook that no longer exists: {said}; see docs/write-a-house-rule.md",
        )


def _guarded(rule: HouseRule, name: str, hook: Callable[..., Any] | None = None) -> Any:
    """``rule``'s hook ``name`` (an installed rule's), made to fail with one
    :class:`~uno_rules.PluginError` naming the rule when it raises, recurses without end or
    answers with the wrong kind of value. A rule's own typed errors pass through."""
    call = getattr(rule, name) if hook is None else hook
    answers = _ANSWERS.get(name)

    def guarded(*args: Any) -> Any:
        try:
            answer = call(*args)
        except UnoError:
            raise
        except RecursionError:
            raise PluginError(rule.name, f"its {name} hook recursed without end") from None
        except Exception as exc:
            raise PluginError(
                rule.name, f"its {name} hook raised {type(exc).__name__}: {brief(str(exc), 120)}"
            ) from exc
        if answers is not None and not isinstance(answer, answers):
            kinds = " or ".join("None" if t is type(None) else t.__name__ for t in answers)
            raise PluginError(
                rule.name, f"its {name} hook answered {type(answer).__name__}, not {kinds}"
            )
        return answer

    guarded.rule = rule  # type: ignore[attr-defined]  # (hook_rule)
    return guarded


def hook_rule(hook: Callable[..., Any]) -> HouseRule | None:
    """The rule a plan's hook belongs to: a bundled rule's bound method, or an installed
    rule's guarded hook."""
    rule = getattr(hook, "__self__", None)
    if rule is None:
        rule = getattr(hook, "rule", None)
    return rule if isinstance(rule, HouseRule) else None


def _overrides(rule: HouseRule, name: str) -> bool:
    return getattr(type(rule), name) is not getattr(HouseRule, name)


def derived_touches(rule: HouseRule, declared: Touches) -> Touches:
    """What an installed ``rule`` touches: what the hooks it overrides imply, and what it
    declares on top. A declaration may add, never narrow, so nothing an author writes by
    hand decides whether a hook of theirs is bypassed by a fast path: a rule that changes
    what cards do (``play_effect``) touches every rank's effect and one that may forbid
    going out (``last_card``) every rank, whatever ranks it names; one that sets a wild's
    terms (``wild_terms``) touches every wild rank; one that answers or refuses penalties,
    or allows plays out of turn (which include answers to a penalty nobody else took),
    touches the ``penalty`` phase; one that acts after every move, after an accept or on a
    drawn card touches those moves."""
    ranks, effect_ranks = declared.ranks, declared.effect_ranks
    phases, checks, moves = declared.phases, declared.checks, declared.moves
    every_move = declared.every_move
    # (every rank known when the plan is made: the bundled kinds and every declared one)
    if _overrides(rule, "play_effect"):
        effect_ranks = frozenset(Rank)
    if _overrides(rule, "last_card"):
        ranks = frozenset(Rank)
    if _overrides(rule, "wild_terms"):  # how a wild may be played
        ranks = ranks | frozenset(rank for rank in Rank if rank.is_wild)
    if _overrides(rule, "out_of_turn"):
        phases = phases | {Phase.PENALTY}
    if any(_overrides(rule, h) for h in ("answer_penalty", "penalty_refusal", "accept_check")):
        phases = phases | {Phase.PENALTY}
    if any(_overrides(rule, h) for h in ("extra_cards", "extra_refusal", "effect_times")):
        phases = phases | {Phase.TURN, Phase.DRAWN}
    if _overrides(rule, "after_accept"):
        moves = moves | {Accept}
    if _overrides(rule, "drawn_compulsory"):
        checks = checks | {Pass}
    if _overrides(rule, "after_move"):
        every_move = True
    return Touches(ranks, effect_ranks, phases, checks, moves, every_move)


def owned(hooks: tuple[Hook, ...], penalty: Penalty | None) -> tuple[Hook, ...]:
    """``hooks``, or for a penalty that a house rule made (``penalty.rule``) that rule's
    hooks alone: a rule answers, takes and cites only its own penalties, never another
    rule's (a draw card's own penalty, ``rule`` ``None``, is every rule's to answer)."""
    if penalty is None or penalty.rule is None:
        return hooks
    name = penalty.rule
    return tuple(h for h in hooks if getattr(hook_rule(h[0]), "name", None) == name)


class Plan:
    """What a rule set's enabled house rules do, worked out once (see the module
    docstring). ``fast`` is left for the engine's fast paths to keep their tables in."""

    __slots__ = (
        "_steps",
        "_swaps",
        "accept_check",
        "after_accept",
        "after_move",
        "answer_penalty",
        "answer_ranks",
        "card_steps",
        "carries_penalty",
        "checks",
        "choices",
        "drawn_compulsory",
        "effect_ranks",
        "effect_times",
        "eliminates",
        "enabled",
        "every_move",
        "extra_cards",
        "extra_refusal",
        "fast",
        "installed_enabled",
        "last_card",
        "legal_clause",
        "marked_ranks",
        "moves",
        "out_of_game",
        "out_of_turn",
        "out_of_turn_always",
        "out_of_turn_card",
        "penalty_refusal",
        "phases",
        "play_effect",
        "ranks",
        "rules",
        "setting_problems",
        "shape_penalty",
        "table_problems",
        "target",
        "turn_draw",
        "wild_terms",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        hr = rules.house_rules
        installed: tuple[HouseRule, ...] = getattr(type(hr), "installed", ())
        enabled = []
        for rule in ORDER:
            params = getattr(hr, rule.name)
            if rule.is_enabled(params):
                enabled.append((rule, params))
        for rule in installed:
            params = getattr(hr, rule.name)
            if _guarded(rule, "is_enabled", rule.is_enabled)(params):
                _refuse_retired(rule)
                enabled.append((rule, params))
        self.enabled: tuple[tuple[HouseRule, Any], ...] = tuple(enabled)
        # the installed rules enabled, named when a move breaks card conservation
        self.installed_enabled = tuple(r.name for r, _ in enabled if r not in ORDER)

        def hooks(name: str) -> tuple[Hook, ...]:
            return tuple(
                (getattr(rule, name) if rule in ORDER else _guarded(rule, name), params)
                for rule, params in enabled
                if _overrides(rule, name)
            )

        self.answer_penalty = hooks("answer_penalty")
        self.penalty_refusal = hooks("penalty_refusal")
        self.out_of_turn = hooks("out_of_turn")
        self.out_of_turn_card = hooks("out_of_turn_card")
        # a rule allowing plays out of turn that does not say when: at any moment
        self.out_of_turn_always = any(
            _overrides(rule, "out_of_turn") and not _overrides(rule, "out_of_turn_card")
            for rule, _ in enabled
        )
        self.target = hooks("target")
        self.wild_terms = hooks("wild_terms")
        self.extra_cards = hooks("extra_cards")
        self.extra_refusal = hooks("extra_refusal")
        self.effect_times = hooks("effect_times")
        self.last_card = hooks("last_card")
        self.table_problems = hooks("table_problems")
        self.out_of_game = hooks("out_of_game")
        # H16, 3.4, and any enabled rule that may put a seat out of the game: one that says
        # how it keeps seats out (out_of_game) or (installed) acts after every move; a state
        # with seats out is valid only where something eliminates
        self.eliminates: bool = rules.scoring.elimination or any(
            _overrides(rule, "out_of_game")
            or (rule not in ORDER and _overrides(rule, "after_move"))
            for rule, _ in enabled
        )
        self.accept_check = hooks("accept_check")
        self.drawn_compulsory = hooks("drawn_compulsory")
        self.turn_draw = hooks("turn_draw")
        self.carries_penalty = hooks("carries_penalty")
        self.shape_penalty = hooks("shape_penalty")
        self.card_steps = hooks("card_steps")
        self.play_effect = hooks("play_effect")
        self.after_accept = hooks("after_accept")
        self.after_move = hooks("after_move")
        self.legal_clause = hooks("legal_clause")
        # A bundled rule's declaration is held to the general path by the project's own
        # equivalence tests; an installed rule's is widened to what its hooks imply.
        touches = [
            rule.touches(params)
            if rule in ORDER
            else derived_touches(rule, _guarded(rule, "touches")(params))
            for rule, params in enabled
        ]
        # and the kinds whose play may put down marked cards too (``discard_faces``):
        # their plays are listed by validating each way to play them
        marked = frozenset(rank for rank in Rank if marked_faces(rules, sample_card(rank)))
        self.marked_ranks: frozenset[Rank] = marked
        self.ranks: frozenset[Rank] = marked.union(*(t.ranks for t in touches))
        self.effect_ranks: frozenset[Rank] = frozenset().union(*(t.effect_ranks for t in touches))
        self.phases: frozenset[Phase] = frozenset().union(*(t.phases for t in touches))
        self.checks: frozenset[type[Move]] = frozenset().union(*(t.checks for t in touches))
        self.moves: frozenset[type[Move]] = frozenset().union(*(t.moves for t in touches))
        self.every_move = any(t.every_move for t in touches)
        # A rule that answers penalties but names no ranks may answer with any card: the
        # listing then validates every card, so listed and valid cannot part.
        self.answer_ranks: frozenset[Rank] = frozenset().union(
            *(
                rule.answer_ranks(params)
                if _overrides(rule, "answer_ranks") or not _overrides(rule, "answer_penalty")
                else frozenset(Rank)
                for rule, params in enabled
            )
        )
        # A60 by rank, as penalty_choice works it out (read directly by the compiled steps)
        self.choices: dict[Rank, bool] = {}
        self._steps: dict[tuple[Rank, bool], tuple[Step, ...]] = {}
        self._swaps: frozenset[Rank] | None = None
        self.fast: Any = None
        # what presets.setting_problems finds in these rules, once a table asks
        self.setting_problems: list[str] | None = None

    def penalty_choice(self, card: Card) -> bool:
        """A60: a draw card leaves its victim a decision (so its draw waits for ``accept``)
        when an enabled rule gives one (a stack, a deflect, a jump-in) or when it is a Wild
        Draw Four that can be challenged."""
        found = self.choices.get(card.rank)
        if found is None:
            rules = self.rules
            found = any(
                rule.penalty_choice(rules, params, card) for rule, params in self.enabled
            ) or (card.kind.restricted and rules.challenge_possible)
            self.choices[card.rank] = found
        return found

    def may_play_out_of_turn(self, state: GameState, seat: int) -> bool:
        """Whether an enabled rule may let ``seat`` play out of turn in ``state``, a phase
        of play, judged from public facts only (``out_of_turn_card``; H06)."""
        if self.out_of_turn_always:
            return True
        return any(hook(state, seat, params) is not None for hook, params in self.out_of_turn_card)

    def steps(self, card: Card, last: bool) -> tuple[Step, ...]:
        """What ``card`` does under these rules, as effect steps (``docs/cards.md``):
        the first enabled rule that gives the card steps (``card_steps``, in the
        registry's order), else its kind's, a Wild Customizable's written rule (E3.3).
        ``last``: the card emptied its player's hand. A last card has no further effect
        (B10.4, A41) but a draw card's penalty (B10.3) and a Wild Shuffle Hands that
        redeals (A38). Worked out once per rank; the general path and the fast path both
        read it, so neither can rule differently."""
        key = (card.rank, last)
        found = self._steps.get(key)
        if found is None:
            found = self._steps[key] = self._work_out_steps(card, last)
        return found

    def swaps(self, rank: Rank) -> bool:
        """Whether a card of ``rank`` acts on a seat its play names (a step that declares
        a target: ``swap_hands``, E4; ``targeted_draws``, AW4), so the play takes one."""
        swaps = self._swaps
        if swaps is None:
            swaps = self._swaps = frozenset(
                r for r in Rank if steps_with(self.steps(sample_card(r), False), "target")
            )
        return rank in swaps

    def _work_out_steps(self, card: Card, last: bool) -> tuple[Step, ...]:
        for hook, params in self.card_steps:
            given = hook(card, last, params)
            if given is not None:
                if not all(isinstance(step, Step) and step.op in STEP_SPECS for step in given):
                    rule = hook_rule(hook)
                    name = getattr(rule, "name", "?")
                    raise PluginError(name, "its card_steps hook answered something not steps")
                return tuple(given)
        steps = effect_steps(self.rules, card)
        # F8: a Wild Draw Color (a restricted card whose draw waits for a color) draws as
        # a last card too, as a draw card does
        until = card.kind.restricted and steps and steps[0].op == StepOp.DRAW_UNTIL_COLOR
        if last and not card.kind.draw and not until:
            redeal = self.rules.extra_cards.wild_shuffle_hands.on_last_card == "redeal"
            if not (steps and steps[0].op == StepOp.SHUFFLE_HANDS and redeal):
                return ()
        return steps


def sample_card(rank: Rank) -> Card:
    """A card of ``rank``: what a rank's steps, targets and penalties are asked with (they
    depend on the rank alone)."""
    return Card(None, rank) if rank.is_wild else Card(Color.RED, rank)


def compile(rules: Rules) -> Plan:
    """The plan of ``rules`` (kept on the value: ``rules.plan``)."""
    plan: Plan = rules.plan
    return plan
