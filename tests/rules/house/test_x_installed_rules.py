"""House rules written outside the package: declared under the ``uno_rules.house_rules``
entry-point group, turned on by name under ``house_rules:``, checked, shown and converted
like a bundled rule, and never bypassed by the engine's fast paths."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

import uno_rules as uno
from house_rule_plugin import EIGHTS_MODULE, OLD_EIGHTS_MODULE, STEP_EIGHTS_MODULE, installed
from uno_rules.events import Skipped
from uno_rules.fastpath import fast_listing, shortcut
from uno_rules.moves import Play
from uno_rules.schema import preset_schema

EIGHTS = {"extends": "official", "house_rules": {"test_eights": {"enabled": True}}}


@pytest.fixture
def eights(tmp_path: Path):  # type: ignore[no-untyped-def]
    with installed(tmp_path, {"x_eights": EIGHTS_MODULE}, {"test_eights": "x_eights:RULE"}):
        yield


def table(rules: object) -> uno.GameState:
    # seat 0 plays R8 on R5: a number card the play shortcut would otherwise apply
    return uno.situation(
        {"rules": rules, "players": 3, "hands": [["R8", "B3", "G2"], 3, 3], "discard": ["R5"]}
    )


def test_a_rule_touching_a_number_card_is_not_bypassed_by_a_shortcut(eights: None) -> None:
    move = Play(0, uno.parse_cards("R8")[0])
    plain = table("official")
    assert shortcut(plain, move) is not None  # the 8 is a shortcut without the rule
    state = table(EIGHTS)
    assert shortcut(state, move) is None  # with it, the 8 takes the general path
    assert move in fast_listing(state, 0)  # ... and is listed by validating it
    result = uno.apply(state, move)
    assert isinstance(result, uno.Transition)
    assert Skipped(1) in result.events and result.state.turn == 2
    assert uno.apply(plain, move).state.turn == 1  # type: ignore[union-attr]


def test_an_installed_rule_round_trips_like_a_bundled_one(eights: None) -> None:
    rules = uno.load_preset(EIGHTS)
    data = rules.to_dict()
    assert data["house_rules"]["test_eights"] == {"enabled": True}
    assert uno.load_preset(json.loads(json.dumps(data))) == rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert rules != uno.load_preset("official")


def test_its_options_are_checked_and_reported_with_their_path(eights: None) -> None:
    with pytest.raises(uno.PresetError) as caught:
        uno.load_preset({"house_rules": {"test_eights": {"enabled": "yes", "nine": 1}}})
    problems = caught.value.problems
    assert any(
        p.startswith("house_rules.test_eights.enabled: expected true or false") for p in problems
    )
    assert any(p.startswith("house_rules.test_eights.nine: unknown setting") for p in problems)


def test_the_schema_lists_installed_rules(eights: None) -> None:
    props = preset_schema()["properties"]["house_rules"]["properties"]
    assert props["test_eights"]["properties"]["enabled"]["type"] == "boolean"


def test_a_rule_that_is_not_installed_is_a_clear_preset_error() -> None:
    with pytest.raises(uno.PresetError) as caught:
        uno.load_preset({"house_rules": {"nines_reverse": {"enabled": True}}})
    (problem,) = caught.value.problems
    assert problem.startswith("house_rules.nines_reverse: unknown setting")
    assert "installed" in problem


def test_nothing_is_imported_from_a_name_written_in_a_preset(tmp_path: Path) -> None:
    flag = tmp_path / "imported"
    module = f"open({str(flag)!r}, 'w').close()\n"
    with installed(tmp_path, {"x_trap": module}, {}):
        for name in ("x_trap", "x_trap:RULE", "os"):
            with pytest.raises(uno.PresetError):
                uno.load_preset({"house_rules": {name: {"enabled": True}}})
    assert not flag.exists()


def test_presets_check_show_and_diff_treat_it_like_a_bundled_rule(
    eights: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from uno_rules.cli import main

    preset = tmp_path / "eights.yaml"
    preset.write_text(
        "extends: official\nhouse_rules:\n  test_eights:\n    enabled: true\n", encoding="utf-8"
    )
    assert main(["presets", "check", str(preset)]) == 0
    assert main(["presets", "show", str(preset)]) == 0
    assert "test_eights:\n    enabled: true" in capsys.readouterr().out
    assert main(["presets", "diff", "official", str(preset)]) == 0
    out = capsys.readouterr().out
    assert "house_rules.test_eights.enabled  (absent) -> true" in out


def test_fast_paths_equal_the_general_path_under_an_installed_rule(eights: None) -> None:
    """Whole rounds with the installed rule on: the fast listing equals its definition and
    every shortcut the general path, at every state (as tests/test_fast_paths.py does for
    the bundled rules)."""
    import random

    from uno_rules.testing import check_fast_paths

    rules = uno.load_preset(EIGHTS)
    eights_played = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = uno.new_game(rules, players=3, seed=seed)
        while not state.round_over:
            check_fast_paths(state, state.turn)  # the conformance kit's harness
            moves = uno.legal_moves(state)
            move = rng.choice(moves)
            if isinstance(move, Play) and move.card.rank is uno.Rank.EIGHT:
                eights_played += 1
            result = uno.apply(state, move)
            assert isinstance(result, uno.Transition)
            state = result.state
    assert eights_played > 0


NO_WILD_FINISH_MODULE = """
from attrs import field, frozen

from uno_rules.cards import Rank
from uno_rules.rules.hooks import HouseRule, Touches
from uno_rules.violations import CannotGoOut


@frozen
class NoWildFinish:
    enabled: bool = field(default=False, metadata={"doc": "No Wild last.", "clause": "X02"})


class NoWildFinishRule(HouseRule):
    name = "test_no_wild_finish"
    clause = "X02"
    params = NoWildFinish
    clauses = {"X02": "A Wild may not be the last card."}

    def touches(self, params):
        return Touches(ranks=frozenset({Rank.WILD}))

    def last_card(self, state, seat, card, kind, params):
        if card.rank is Rank.WILD:
            return CannotGoOut(seat=seat, rule="X02", card=card)
        return None


RULE = NoWildFinishRule()
"""


def test_an_installed_rule_decides_what_may_be_the_last_card(tmp_path: Path) -> None:
    """The ``last_card`` hook is asked of installed rules as of H14: the play is refused
    with the rule's clause, and the card no longer counts as playable (so it is not listed,
    and the seat may draw without penalty)."""
    module = {"x_no_wild_finish": NO_WILD_FINISH_MODULE}
    with installed(tmp_path, module, {"test_no_wild_finish": "x_no_wild_finish:RULE"}):
        preset = {"house_rules": {"test_no_wild_finish": {"enabled": True}}}
        hands = [["W"], 3, 3]
        state = uno.situation(
            {"rules": preset, "players": 3, "hands": hands, "discard": ["R5"], "uno_called": [0]}
        )
        result = uno.apply(state, uno.parse_move("0 W red"))
        assert isinstance(result, uno.Violation)
        assert (result.code, result.rule) == ("cannot-go-out", "X02")
        assert not [m for m in uno.legal_moves(state, seat=0) if isinstance(m, Play)]
        plain = uno.situation(
            {
                "rules": "official",
                "players": 3,
                "hands": hands,
                "discard": ["R5"],
                "uno_called": [0],
            }
        )
        assert [m for m in uno.legal_moves(plain, seat=0) if isinstance(m, Play)]


def _first_eight_seed() -> int:
    return next(
        s
        for s in range(2000)
        if uno.deal_game("official", players=3, seed=s)[0].top_card.rank is uno.Rank.EIGHT
    )


def test_an_installed_rule_decides_what_the_first_card_does(tmp_path: Path) -> None:
    """A rule's ``card_steps`` reach the first card turned up (1.3): an 8 that skips under
    the rule skips the first player when it starts the round, and does nothing under the
    official rules."""
    preset = {"extends": "official", "house_rules": {"test_step_eights": {"enabled": True}}}
    seed = _first_eight_seed()
    plain, plain_events = uno.deal_game("official", players=3, seed=seed)
    with installed(
        tmp_path, {"x_step_eights": STEP_EIGHTS_MODULE}, {"test_step_eights": "x_step_eights:RULE"}
    ):
        state, events = uno.deal_game(preset, players=3, seed=seed)
    starter = (plain.dealer + 1) % 3
    assert plain.turn == starter and not [e for e in plain_events if isinstance(e, Skipped)]
    assert state.turn == (starter + 1) % 3
    assert Skipped(starter) in events
    assert state.hands == plain.hands and state.top_card == plain.top_card


def test_a_rule_overriding_a_retired_hook_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A rule written against a hook that no longer exists (``first_card``, replaced by
    ``card_steps``) is refused when a rule set enabling it is compiled, with a PluginError
    naming the rule, the old hook and the new one, never left silently unasked; the
    command line says so in one line."""
    from uno_rules.cli import main
    from uno_rules.rules.registry import RETIRED, retired_hooks

    preset = {"extends": "official", "house_rules": {"test_eights": {"enabled": True}}}
    path = tmp_path / "eights.yaml"
    path.write_text(
        "extends: official\nhouse_rules:\n  test_eights:\n    enabled: true\n", encoding="utf-8"
    )
    with installed(
        tmp_path, {"x_old_eights": OLD_EIGHTS_MODULE}, {"test_eights": "x_old_eights:RULE"}
    ):
        with pytest.raises(uno.PluginError) as caught:
            uno.deal_game(preset, players=3, seed=_first_eight_seed())
        assert caught.value.rule == "test_eights"
        assert "first_card (now card_steps)" in caught.value.problem
        assert main(["presets", "check", str(path)]) != 0
        (line,) = capsys.readouterr().err.strip().splitlines()
        assert "test_eights" in line and "first_card (now card_steps)" in line
        # turned off, the rule is never asked anything: the rule set stands
        off = {"extends": "official", "house_rules": {"test_eights": {"enabled": False}}}
        assert uno.deal_game(off, players=3, seed=1)[0].phase is not None
    # every retired hook names a hook that exists, and no bundled rule keeps an old one
    from uno_rules.rules.hooks import HouseRule
    from uno_rules.rules.registry import ORDER

    assert all(callable(getattr(HouseRule, new, None)) for new in RETIRED.values())
    assert not any(hasattr(HouseRule, old) for old in RETIRED)
    assert not any(retired_hooks(rule) for rule in ORDER)


@pytest.mark.parametrize(
    ("old", "new", "source"),
    [
        (
            "color_choice",
            "wild_terms",
            "def color_choice(self, card, kind, params):\n        return None",
        ),
        (
            "bluff_exempt",
            "wild_terms",
            "def bluff_exempt(self, card, kind, params):\n        return False",
        ),
        (
            "jump_card",
            "out_of_turn_card",
            "def jump_card(self, state, params):\n        return None",
        ),
        (
            "out_of_turn_open",
            "out_of_turn_card",
            "def out_of_turn_open(self, state, seat, params):\n        return False",
        ),
        (
            "next_round_out",
            "out_of_game",
            "def next_round_out(self, state, out, params):\n        return None",
        ),
        (
            "elimination_clause",
            "out_of_game",
            "def elimination_clause(self, params):\n        return 'X01'",
        ),
    ],
)
def test_each_retired_hook_names_its_replacement(
    tmp_path: Path, old: str, new: str, source: str
) -> None:
    module = EIGHTS_MODULE.replace(
        "RULE = EightsSkipRule()",
        f"class Old(EightsSkipRule):\n    {source}\n\n\nRULE = Old()",
    )
    refused = pytest.raises(uno.PluginError, match=rf"test_eights: .*{old} \(now {new}\)")
    with installed(tmp_path, {"x_retired": module}, {"test_eights": "x_retired:RULE"}), refused:
        uno.load_preset(EIGHTS).plan  # noqa: B018  # compiling the rule set refuses it


def test_every_hook_of_a_house_rule_does_nothing_unless_overridden() -> None:
    """A rule overrides only the moments it changes: each hook of the base class answers
    "nothing to say" (``None``, ``False``, no problems, the penalty as it is, or the
    default refusal), so a rule that overrides nothing leaves every ruling official."""
    from uno_rules.rules.hooks import KIND_TURN, NOTHING, HouseRule, PlayContext

    class Idle(HouseRule):
        name = "idle"
        clause = "X00"
        params = type("IdleParams", (), {"enabled": True})

    rule, params = Idle(), Idle.params()
    state = table("official")
    card = uno.parse_cards("R8")[0]
    move = Play(0, card)
    refusal = uno.NotYourTurn(seat=0, turn=1)
    penalty = uno.Penalty(2, uno.parse_cards("R+2")[0], 1, False, (), uno.Color.RED)
    ctx = PlayContext(move, (card,), KIND_TURN, None, 0, uno.Color.RED, (), 1)
    rules = state.rules
    assert rule.is_enabled(params) and rule.touches(params) is NOTHING
    assert rule.answer_ranks(params) == frozenset()
    assert rule.out_of_turn_card(state, 1, params) is None
    assert rule.penalty_choice(rules, params, card) is False
    assert rule.answer_penalty(state, move, params) is None
    assert rule.penalty_refusal(state, move, params) is None
    assert rule.out_of_turn(state, move, refusal, params) is refusal
    assert rule.target(card, False, params) is None
    assert rule.wild_terms(card, KIND_TURN, params) is None
    assert rule.extra_cards(state, 0, card, params) is None
    assert rule.extra_refusal(state, move, params) is None
    assert rule.last_card(state, 0, card, KIND_TURN, params) is None
    assert rule.accept_check(state, 0, (), params) is None
    assert rule.drawn_compulsory(state, params) is None
    assert rule.turn_draw(state, 0, False, (), params) is None
    assert rule.carries_penalty(KIND_TURN, params) is False
    assert rule.shape_penalty(penalty, ctx, params) is penalty
    assert rule.effect_times(move, params) is None
    assert rule.card_steps(card, False, params) is None
    assert rule.after_accept(None, 0, params) is False  # type: ignore[arg-type]
    assert rule.after_move(None, params) is None  # type: ignore[arg-type,func-returns-value]
    assert rule.play_effect(None, ctx, params) is False  # type: ignore[arg-type]
    assert rule.table_problems(rules, 3, params) == []
    assert rule.out_of_game(state, params) is None
    assert rule.legal_clause(state, move, KIND_TURN, params) is None
    assert rule.idle_options(rules, params) == []
    assert rule.contradictions(rules, params) == []
    assert repr(rule) == "<house rule idle (X00)>"


BROKEN_MODULE = """
raise ImportError("a dependency of this plugin is missing")
"""

WRONG_MODULE = """
RULE = "not a house rule"
"""


@pytest.mark.parametrize(
    ("modules", "target", "why"),
    [
        ({"x_broken": BROKEN_MODULE}, "x_broken:RULE", "could not be loaded (ImportError)"),
        ({"x_wrong": WRONG_MODULE}, "x_wrong:RULE", "does not name a HouseRule"),
        ({"x_eights": EIGHTS_MODULE}, "x_eights:RULE", "does not name a HouseRule"),
    ],
    ids=["import-fails", "not-a-rule", "another-name"],
)
def test_a_broken_installed_rule_is_a_preset_error(
    tmp_path: Path, modules: dict[str, str], target: str, why: str
) -> None:
    """A plugin that fails to import, or whose entry point names something other than the
    HouseRule of that name, is a configuration problem: one PresetError naming the rule."""
    with installed(tmp_path, modules, {"test_broken": target}):
        with pytest.raises(uno.PresetError) as caught:
            uno.load_preset({"house_rules": {"test_broken": {"enabled": True}}})
        (problem,) = caught.value.problems
        assert problem.startswith("house_rules.test_broken: ")
        assert why in problem


def test_a_rule_named_but_not_installed_lists_what_is(eights: None) -> None:
    from uno_rules.rules import registry

    with pytest.raises(uno.PresetError) as caught:
        registry.installed_rule("nines_reverse")
    (problem,) = caught.value.problems
    assert "no such house rule is installed (installed: test_eights)" in problem
    assert registry.find_rule("test_eights") is registry.installed_rule("test_eights")
    assert registry.find_rule("nines_reverse") is None


def test_a_broken_rule_beside_a_working_one_is_reported_once(tmp_path: Path) -> None:
    modules = {"x_eights": EIGHTS_MODULE, "x_broken": BROKEN_MODULE}
    points = {"test_eights": "x_eights:RULE", "test_broken": "x_broken:RULE"}
    with installed(tmp_path, modules, points):
        with pytest.raises(uno.PresetError) as caught:
            uno.load_preset({"house_rules": {"test_eights": {"enabled": True}, "test_broken": {}}})
        (problem,) = caught.value.problems
        assert problem.startswith("house_rules.test_broken: the installed rule could not be")


WILD_TERMS_MODULE = """
from attrs import field, frozen

from uno_rules.cards import Rank
from uno_rules.rules.hooks import HouseRule, PlayKind, WildTerms


@frozen
class Quiet:
    enabled: bool = field(default=False, metadata={"doc": "Quiet wilds.", "clause": "X07"})


class QuietRule(HouseRule):
    name = "test_quiet"
    clause = "X07"
    params = Quiet

    def wild_terms(self, card, kind, params):
        if kind is not PlayKind.TURN:
            return None
        if card.rank is Rank.WILD:
            return WildTerms(no_color="X07")  # a plain Wild names no color
        return WildTerms(bluff_exempt=True)  # a Wild Draw Four escapes the restriction


RULE = QuietRule()
"""


def test_an_installed_rule_sets_the_terms_of_a_wild(tmp_path: Path) -> None:
    """``wild_terms``: one answer says whether a wild names a color and whether a Wild Draw
    Four escapes the color restriction, as the rule words it."""
    preset = {
        "extends": "official",
        "w4_restriction": "strict",
        "house_rules": {"test_quiet": {"enabled": True}},
    }
    spec = {"players": 2, "hands": [["W", "W+4", "R3"], 3], "discard": ["R5"]}
    plain = uno.situation({"rules": {"extends": "official", "w4_restriction": "strict"}, **spec})
    assert uno.validate(plain, "0 W").code == "color-required"  # type: ignore[union-attr]
    assert uno.validate(plain, "0 W+4 B").code == "wild-draw-four-not-allowed"  # type: ignore[union-attr]
    with installed(tmp_path, {"x_quiet": WILD_TERMS_MODULE}, {"test_quiet": "x_quiet:RULE"}):
        state = uno.situation({"rules": preset, **spec})
        assert uno.validate(state, "0 W") is None
        refused = uno.validate(state, "0 W G")
        assert refused is not None and refused.code == "color-not-allowed"
        assert refused.rule == "X07"
        assert uno.validate(state, "0 W+4 B") is None  # held R3, yet no bluff to refuse
        listed = {m for m in uno.legal_moves(state, seat=0) if isinstance(m, Play)}
        assert uno.parse_move("0 W") in listed and uno.parse_move("0 W+4 B") in listed


TWIN_CARD_MODULE = """
from attrs import field, frozen

from uno_rules.rules.hooks import HouseRule


@frozen
class Twins:
    enabled: bool = field(default=False, metadata={"doc": "Twins jump.", "clause": "X09"})


class TwinsRule(HouseRule):
    name = "test_twin_card"
    clause = "X09"
    params = Twins

    def out_of_turn(self, state, move, default, params):
        if move.card is state.top_card and not move.extra and move.seat != state.played_by:
            return None
        return default

    def out_of_turn_card(self, state, seat, params):
        return None if seat == state.played_by else state.top_card


RULE = TwinsRule()
"""


def test_an_installed_rule_names_the_card_a_seat_may_play_out_of_turn(tmp_path: Path) -> None:
    """``out_of_turn_card``: the one card a seat may play out of turn now, from public
    facts. The listing offers it, and the polling players ask only the seats it opens."""
    preset = {"extends": "official", "house_rules": {"test_twin_card": {"enabled": True}}}
    # a Wild on top (four in the deck): seats 1 and 2 each hold its twin; seat 2 played it
    spec = {"players": 3, "hands": [["B3", "G7"], ["W", "G1"], ["W", "Y2"]], "discard": ["W"],
            "color": "red", "played_by": 2}  # fmt: skip
    with installed(tmp_path, {"x_twins": TWIN_CARD_MODULE}, {"test_twin_card": "x_twins:RULE"}):
        rules = uno.load_preset(preset)
        table = uno.situation({"rules": rules, **spec})
        plan = rules.plan
        assert not plan.out_of_turn_always
        assert plan.may_play_out_of_turn(table, 1) and not plan.may_play_out_of_turn(table, 2)
        assert uno.parse_move("1 W G") in uno.legal_moves(table, seat=1)
        assert not [m for m in uno.legal_moves(table, seat=2) if isinstance(m, Play)]
        assert uno.validate(table, "2 W G") is not None


# An 8-skips rule whose author named the wrong rank in ``touches``: its ``play_effect``
# acts on 5s, it declares the 8s.
MISDECLARED_MODULE = EIGHTS_MODULE.replace(
    "if ctx.card.rank is not Rank.EIGHT or ctx.went_out:",
    "if ctx.card.rank is not Rank.FIVE or ctx.went_out:",
)


def test_what_an_installed_rule_declares_never_narrows_what_its_hooks_touch(
    tmp_path: Path,
) -> None:
    """A ``play_effect`` is asked for every card played, whatever ranks ``touches`` names: a
    rule that declares its 8s and acts on 5s still has its way with a 5 (the play shortcut
    would otherwise apply the 5 without asking it)."""
    with installed(
        tmp_path, {"x_misdeclared": MISDECLARED_MODULE}, {"test_eights": "x_misdeclared:RULE"}
    ):
        state = uno.situation(
            {"rules": EIGHTS, "players": 3, "hands": [["R5", "B3", "G2"], 3, 3], "discard": ["R1"]}
        )
        move = Play(0, uno.parse_cards("R5")[0])
        assert shortcut(state, move) is None
        result = uno.apply(state, move)
        assert isinstance(result, uno.Transition)
        assert Skipped(1) in result.events and result.state.turn == 2
