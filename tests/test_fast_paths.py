"""The engine's shortcuts against the general path (docs/reference.md).

``legal_moves`` answers the usual decisions (the acting seat's turn, a draw, a penalty with
no card to answer it) without validating every candidate. Its definition is
``reference_legal_moves``: every candidate that ``validate`` accepts. ``apply`` plays the
commonest moves (a number card, a draw, a pass after drawing) without the transition
builder. These playouts hold each shortcut equal to its definition (the same moves in the
same order; the same state and events) at every state of whole rounds, under every bundled
preset and the rule switches that change what a shortcut must do, and check that the
shortcuts really answered. The harness and the playouts are the conformance kit's
(``uno_rules.testing``), which rule authors use for their own rules.
"""

from __future__ import annotations

import itertools
import random
import typing
from typing import Any

import attrs
import pytest

import uno_rules as uno
from uno_rules import testing
from uno_rules.cards import Rank
from uno_rules.engine import apply_general, apply_listed, reference_legal_moves
from uno_rules.fastpath import FastPlan
from uno_rules.fastpath import fast_listing as _fast_listing
from uno_rules.fastpath import shortcut as _shortcut
from uno_rules.kinds import StepOp
from uno_rules.rules import registry
from uno_rules.rules.hooks import HouseRule, Touches
from uno_rules.state import pile_size
from uno_rules.testing import check_fast_paths, playout_states

# Options of the official rules that change what a shortcut must refuse or leave to
# validate, and a few settings of house rules beyond switching them on; every house rule of
# the registry, alone and in pairs that touch the same thing, is generated below.
VARIANTS: dict[str, dict[str, Any]] = {
    "H14 no action or wild last": {
        "house_rules": {
            "go_out": {
                "forbidden_last_cards": ["skip", "reverse", "draw_two", "wild", "wild_draw_four"]
            }
        }
    },
    "H10 strict": {"w4_restriction": "strict"},
    "H04 forbidden": {"voluntary_draw": "forbidden"},
    "H07 seven-o": {"house_rules": {"seven_o": {"enabled": True}}},
    "H12 false calls": {"uno": {"false_call_penalty": 2}},
    "B6.3 any card after a draw": {"after_draw": "any_card"},
    "E4 wild swap hands": {"deck": "swap-112-2015"},
    "H02 draw until playable": {"house_rules": {"draw_until_playable": {"enabled": True}}},
    "H03 force play": {"house_rules": {"force_play": {"enabled": True}}},
    "H04 penalized": {"voluntary_draw": "penalized"},
    "H05 no play after a draw": {"after_draw": "none"},
    "H16 mercy": {"house_rules": {"mercy": {"enabled": True, "limit": 12}}},
    "A15 b": {"uno": {"window_closes_on": "any_other_player_draw_or_play"}},
    "H11 no challenge": {"w4_challenge": "disabled"},
    "H07 optional swap, A19 off": {
        "house_rules": {"seven_o": {"enabled": True, "seven_mandatory": False}},
        "uno": {"applies_after_transfer": False},
    },
    "H01 victim plays on": {
        "house_rules": {"stacking": {"enabled": True, "victim_loses_turn": False}}
    },
}


def _switched_on(rule: HouseRule) -> dict[str, Any]:
    """A section that turns ``rule`` on: ``enabled``, and every list of choices in full, or
    less its last choices where the full list contradicts itself (H14 forbidding every card
    of the deck as a last card: numbers and actions stay listed, Wild Draw Four and the
    112-card kinds go)."""
    section: dict[str, Any] = {}
    hints = typing.get_type_hints(rule.params)
    for a in attrs.fields(rule.params):
        if a.name == "enabled":
            section["enabled"] = True
        elif typing.get_origin(hints[a.name]) is tuple:
            section[a.name] = [m.value for m in typing.get_args(hints[a.name])[0]]
    while True:
        try:
            uno.load_preset({"extends": "official", "house_rules": {rule.name: section}})
        except uno.PresetError:
            if not any(isinstance(v, list) and v for v in section.values()):
                raise
            section = {k: v[:-1] if isinstance(v, list) else v for k, v in section.items()}
        else:
            return section


_NOT_PLAY = {
    "touches",
    "is_enabled",
    "idle_options",
    "contradictions",
    "legal_clause",
    # the table and the deal between rounds: no fast path lists or applies them
    "table_problems",
    "out_of_game",
}
PLAY_HOOKS = [
    name
    for name, value in vars(HouseRule).items()
    if callable(value) and not name.startswith("_") and name not in _NOT_PLAY
]


def _overrides(rule: HouseRule, name: str) -> bool:
    return getattr(type(rule), name) is not getattr(HouseRule, name)


def _has_play_hooks(rule: HouseRule) -> bool:
    """Whether ``rule`` has a say in play (a hook the engine asks during a move)."""
    return any(_overrides(rule, name) for name in PLAY_HOOKS)


def _interact(a: HouseRule, ta: Touches, b: HouseRule, tb: Touches) -> bool:
    """Two rules interact where they touch the same rank, phase or kind of move, or have a
    say at the same moment of play (the same hook)."""
    ranks_a, ranks_b = ta.ranks | ta.effect_ranks, tb.ranks | tb.effect_ranks
    moves_a, moves_b = ta.moves | ta.checks, tb.moves | tb.checks
    same_hook = any(_overrides(a, name) and _overrides(b, name) for name in PLAY_HOOKS)
    return bool(ranks_a & ranks_b or ta.phases & tb.phases or moves_a & moves_b or same_hook)


def registry_variants() -> dict[str, dict[str, Any]]:
    """Rule sets generated from the registry: each house rule that touches anything alone,
    and each pair of them that touch the same thing (and can be combined)."""
    on = {rule.name: _switched_on(rule) for rule in registry.ORDER}
    touching = [
        rule
        for rule in registry.ORDER
        if rule.touches(rule.params(**on[rule.name])) != Touches() or _has_play_hooks(rule)
    ]
    out = {}
    for rule in touching:
        out[f"{rule.clause} {rule.name}"] = {"house_rules": {rule.name: on[rule.name]}}
    for a, b in itertools.combinations(touching, 2):
        ta = a.touches(a.params(**on[a.name]))
        tb = b.touches(b.params(**on[b.name]))
        if not _interact(a, ta, b, tb):
            continue
        data = {"extends": "official", "house_rules": {a.name: on[a.name], b.name: on[b.name]}}
        try:
            uno.load_preset(data)
        except uno.PresetError:
            continue  # a combination the presets refuse
        out[f"{a.clause}+{b.clause} {a.name}+{b.name}"] = {"house_rules": data["house_rules"]}
    return out


_W4 = uno.parse_cards("W+4")[0]
GENERATED = registry_variants()

RULE_SETS = (
    [pytest.param(name, id=name) for name in uno.preset_names()]
    + [pytest.param({"extends": "official", **v}, id=k) for k, v in VARIANTS.items()]
    + [pytest.param({"extends": "official", **v}, id=k) for k, v in GENERATED.items()]
)


STATES = 1_000


@pytest.mark.parametrize("rules", RULE_SETS)
@pytest.mark.parametrize("players", [2, 4])
def test_fast_paths_equal_the_general_path(rules: str | dict[str, Any], players: int) -> None:
    """The kit's harness (``uno_rules.testing.check_fast_paths``) at every state of three
    seeded rounds: the fast listing lists what validating every candidate lists, and each
    shortcut gives the general transition's state and events.

    A round is followed for at most ``STATES`` states. Under some rule sets random play
    cannot end a round (H14 forbidding every last card but a wild, H12's false calls
    drawing penalties): their rounds used to run to the harness's 3,000 states, half the
    file's time. Measured by line coverage of ``engine``, ``fastpath`` and ``effects``
    (caps of 3,000, 800 and 500), their states beyond the first 800 reach nothing the
    states before them miss but one guard, a shortcut declining while a seat is out,
    which has its own test below."""
    listed = applied = 0
    ruleset = uno.load_preset(rules)
    for seed in range(3):
        for state in playout_states(ruleset, players, seed, limit=STATES):
            a, b = check_fast_paths(state)
            listed += a
            applied += b
    if FastPlan(ruleset).listed_phases:  # (H09 leaves it no phase)
        assert listed > 0  # the fast listing was exercised, not only the reference
    if rules != "no-mercy-lite" and "mercy" not in str(rules):
        assert applied > 0  # the shortcuts were exercised


def test_the_harness_finds_a_fast_listing_that_differs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fast listing that drops a move, or a shortcut that loses an event, is caught."""
    state = uno.new_game("official", players=2, seed=1)
    monkeypatch.setattr(testing, "fast_listing", lambda s, k: reference_legal_moves(s, k)[1:])
    with pytest.raises(testing.ConformanceError, match="the fast listing gives"):
        check_fast_paths(state)
    monkeypatch.undo()

    def lossy(s: uno.GameState, m: uno.Move) -> uno.Transition | None:
        done = _shortcut(s, m)
        return None if done is None else uno.Transition(done.state, done.events[1:])

    monkeypatch.setattr(testing, "shortcut", lossy)
    with pytest.raises(testing.ConformanceError, match="the shortcut's events"):
        check_fast_paths(state)


def test_fast_listing_leaves_several_cards_at_once_to_the_reference() -> None:
    rules = uno.load_preset(
        {"extends": "official", "house_rules": {"multi_card": {"enabled": True}}}
    )
    state = uno.new_game(rules, players=3, seed=4)
    assert _fast_listing(state, state.turn) is None
    assert uno.legal_moves(state) == reference_legal_moves(state, state.turn)


def test_variants_come_from_the_registry() -> None:
    """Each house rule that touches play is a variant alone, and interacting ones in pairs
    (stacking and deflect both answer a penalty)."""
    names = " ".join(GENERATED)
    for rule in registry.ORDER:
        if rule.name != "partnership":  # scoring only: nothing for a fast path to skip
            assert rule.name in names
    assert "stacking+deflect" in names


def test_listed_moves_are_shared_values() -> None:
    """Listing the same decision twice gives equal moves; a listed move applied to a
    different state is validated again, not trusted."""
    state = uno.new_game(uno.load_preset("official"), players=2, seed=1)
    first = uno.legal_moves(state)
    again = uno.legal_moves(uno.new_game(uno.load_preset("official"), players=2, seed=1))
    assert first == again
    other = uno.new_game(uno.load_preset("official"), players=2, seed=2)
    for move in first:
        assert (uno.validate(other, move) is None) == isinstance(
            uno.apply(other, move), uno.Transition
        )


@pytest.mark.parametrize(
    ("rules", "players"), [("official", 2), ("family", 3), ("no-mercy", 4), ("flip", 3)]
)
def test_apply_listed_does_what_apply_does_for_every_listed_move(rules: str, players: int) -> None:
    """``apply_listed`` (the RL environment's step) trusts that its move was listed for the
    state: for every move ``legal_moves`` lists, at every state of two rounds, every seat
    asked, it gives apply's state and events (UNO Flip's two-sided cards included)."""
    compared = 0
    for seed in (1, 2):
        for state in playout_states(rules, players, seed, limit=400):
            for seat in range(players):
                for move in uno.legal_moves(state, seat):
                    expected = uno.apply(state, move)
                    assert isinstance(expected, uno.Transition)
                    assert apply_listed(state, move) == expected, (rules, seed, move)
                    compared += 1
    assert compared > 300


@pytest.mark.parametrize(
    ("move", "swapped"),
    [("0 R7 >1", True), ("0 R0", False), ("0 R7 >2", True)],
)
def test_a_rules_card_steps_take_the_shortcut_as_the_general_path_applies_them(
    move: str, swapped: bool
) -> None:
    """H07 says what a 7 and a 0 do in steps (``card_steps``), and the play shortcut reads
    them from the plan: a 7 swapping hands and a 0 passing them on take the shortcut under
    ``family``, with the general path's state and events (the UNO window of a seat left with
    one card after a swap included, A19)."""
    state = uno.situation(
        {
            "rules": "family",
            "players": 3,
            "hands": [["R7", "R0", "B2", "G3"], ["Y1"], ["Y2", "Y3"]],
            "discard": ["R5"],
            "uno_called": [1],
        }
    )
    play = uno.parse_move(move)
    steps = FastPlan(state.rules).steps  # family's 7 and 0, read from H07's steps
    assert [s.op for s in steps[Rank.SEVEN]] == [StepOp.SWAP_HANDS]
    assert [s.op for s in steps[Rank.ZERO]] == [StepOp.ROTATE_HANDS]
    done = _shortcut(state, play)
    assert done is not None
    general = apply_general(state, play)
    assert isinstance(general, uno.Transition)
    assert (done.state, done.events) == (general.state, general.events)
    names = [e.kind for e in done.events]
    assert ("hands-swapped" in names) is swapped
    assert ("hands-rotated" in names) is not swapped


@pytest.mark.parametrize("preset", ["official", "family"])
def test_a_new_state_shares_the_piles_it_did_not_change(preset: str) -> None:
    """Immutability pays only if a new state reuses the old one's piles: a card played goes
    on top of the very discard pile it covers, and the cards drawn come off the top of the
    draw pile, whose rest is shared (a reshuffle builds a new pile). The compiled build once
    copied the node under every card played, keeping 30 bytes more per state."""
    rng = random.Random(3)
    state = uno.new_game(uno.load_preset(preset), players=4, seed=3)
    plays = draws = 0
    for _ in range(600):
        if state.round_over:
            following = uno.next_round(state)
            assert isinstance(following, uno.GameState)
            state = following
            continue
        result = uno.apply(state, rng.choice(uno.legal_moves(state)))
        assert isinstance(result, uno.Transition)
        new = result.state
        under = new.discard[1] if new.discard is not None else None
        if new.discard is not state.discard and under is not None and under == state.discard:
            plays += 1  # a card played on the pile
            assert under is state.discard
        drawn = new.draw is not None and state.draw is not None and new.draw[2] < state.draw[2]
        if drawn and not any(isinstance(e, uno.Reshuffled) for e in result.events):
            rest, left = state.draw, pile_size(new.draw)  # drawn from the top (a reshuffle
            while rest is not None and rest[2] > left:  # makes a new pile)
                rest = rest[1]
            draws += 1
            assert rest is new.draw
        state = new
    assert plays > 50 and draws > 50


def test_the_shortcuts_hand_out_the_same_event_objects_again() -> None:
    """Events are frozen values: the shortcuts keep one object per seat, card and color
    named (and per seat for a skip, pass or UNO call) instead of building one per move. A
    wild's event carries the color its player named, whichever of the four it is."""
    state = uno.situation(
        {"players": 2, "hands": [["W", "R5", "R5", "B1"], ["G2", "G3"]], "discard": ["R9"]}
    )
    for color in uno.COLORS:
        first = uno.apply_or_raise(state, uno.Play(0, uno.Card.parse("W"), color=color))
        again = uno.apply_or_raise(state, uno.Play(0, uno.Card.parse("W"), color=color))
        assert first.events == (uno.CardPlayed(0, uno.Card.parse("W"), color),)
        assert first.events[0] is again.events[0]
    red = [uno.apply_or_raise(state, uno.parse_move("0 R5")) for _ in range(2)]
    assert red[0].events == (uno.CardPlayed(0, uno.Card.parse("R5"), uno.Color.RED),)
    assert red[0].events[0] is red[1].events[0]
    drew = [uno.apply_or_raise(state, uno.Draw(0)) for _ in range(2)]
    assert drew[0].events[0] is drew[1].events[0]
    passed = [uno.apply_or_raise(d.state, uno.Pass(0)) for d in drew]
    assert passed[0].events == (uno.Passed(0),)
    assert passed[0].events[0] is passed[1].events[0]


def test_no_shortcut_answers_while_a_seat_is_out_and_the_round_goes_on() -> None:
    """A seat that goes out on a Wild Draw Four has an empty hand while the next seat still
    answers the penalty (B10.3, A12: it may challenge, and draws before the round is
    scored). The round ends only through the general path, so the shortcuts decline such a
    state, and the harness holds the listing and the general transition equal there."""
    state = uno.situation(
        {
            "rules": "official",
            "players": 2,
            "hands": [["R1", "R2"], ["W+4"]],
            "discard": ["R5"],
            "turn": 1,
            "uno_called": [1],
        }
    )
    played = uno.apply(state, uno.parse_move("1 W+4 green"))
    assert isinstance(played, uno.Transition)
    out = played.state
    assert out.phase is uno.Phase.PENALTY and out.hands[1] == ()
    accept = uno.parse_move("0 accept")
    assert _shortcut(out, accept) is None
    assert check_fast_paths(out) == (1, 0)  # seat 0's listing checked; no shortcut taken
    ended = uno.apply(out, accept)
    assert isinstance(ended, uno.Transition)
    assert ended.state.round_winner == 1 and len(ended.state.hands[0]) == 6
