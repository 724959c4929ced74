"""Bundled presets (docs/presets.md): the files under presets/, their
headers, round-trips and the documented differences from `official`."""

from __future__ import annotations

from pathlib import Path

import pytest

import uno_rules as uno

from .helpers import events_of, ok, refused, table
from .helpers_decks import expected_deck, held
from .helpers_decks import ok as ok_any_deck

PRESETS = Path(__file__).resolve().parents[2] / "presets"
NAMES = (
    "official",
    "official-112",
    "official-2015",
    "mattel-2001",
    "progressive",
    "family",
    "no-mercy-lite",
    "no-mercy",
    "no-mercy-points",
    "flip",
    "all-wild",
    "attack",
)


def pairs(rules: uno.Rules) -> set[str]:
    return {str(p) for p in rules.house_rules.stacking.pairs}


# -- the set of presets and their files ----------------------------------------------------


def test_preset_names_lists_exactly_the_bundled_presets() -> None:
    """API 3: the bundled presets that must exist; `preset_names()` lists them (official
    first) and nothing else."""
    names = uno.preset_names()
    assert isinstance(names, tuple)
    assert set(names) == set(NAMES)
    assert len(names) == len(NAMES)
    assert names[0] == "official"
    assert sorted(p.stem for p in PRESETS.glob("*.yaml")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_preset_file_starts_with_a_header_naming_its_table_and_sources(name: str) -> None:
    """API 3 / docs/rules.md preamble: each bundled preset file starts with a header comment that
    names the preset, describes the table it is for and gives its sources."""
    text = (PRESETS / f"{name}.yaml").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].startswith(f"# {name}:"), lines[0]
    header: list[str] = []
    for line in lines:
        if not line.startswith("#"):
            break
        header.append(line)
    joined = "\n".join(header)
    assert "Table:" in joined, f"{name}: no 'Table:' in the header"
    assert "Sources:" in joined, f"{name}: no 'Sources:' in the header"


@pytest.mark.parametrize("name", NAMES)
def test_preset_loads_and_round_trips(name: str) -> None:
    """API 3: each bundled preset loads by name and by path; `rules.to_dict()` gives a plain
    mapping that `load_preset` accepts back, equal to the original."""
    rules = uno.load_preset(name)
    assert isinstance(rules, uno.Rules)
    assert rules.name == name
    assert uno.load_preset(rules.to_dict()) == rules
    assert uno.load_preset(str(PRESETS / f"{name}.yaml")) == rules
    state = uno.new_game(rules, 4, 1)
    assert held(state) == expected_deck(rules)


def test_official_is_the_default_everywhere() -> None:
    """API 3: `official` is the default everywhere; its house rules are all off."""
    official = uno.load_preset("official")
    assert official == uno.Rules()
    assert uno.new_game(None, 4, 9) == uno.new_game("official", 4, 9)
    assert str(official.deck) == "classic-108"
    assert str(official.two_player_reverse) == "reverse"
    assert official.uno.penalty_cards == 2
    hr = official.house_rules
    for rule in (
        hr.stacking,
        hr.draw_until_playable,
        hr.jump_in,
        hr.seven_o,
        hr.mercy,
        hr.partnership,
    ):
        assert not rule.enabled


# -- the 112-card presets ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "deck", "extras"),
    [
        ("official-112", "shuffle-112-2018", {"WSH": 1, "WC": 3}),
        ("official-2015", "swap-112-2015", {"WSW": 1, "WC": 3}),
        ("mattel-2001", "blank-112-2001", {"BLANK": 4}),
    ],
)
def test_112_card_presets_name_their_deck(name: str, deck: str, extras: dict[str, int]) -> None:
    """API 3 / E1: official-112 is the 2018+ deck (Wild Shuffle Hands + 3 Wild
    Customizable), official-2015 the Wild Swap Hands deck, mattel-2001 the 4 blank cards."""
    rules = uno.load_preset(name)
    assert str(rules.deck) == deck
    cards = held(uno.new_game(rules, 4, 2))
    assert sum(cards.values()) == 112
    for text, n in extras.items():
        assert cards[uno.Card.parse(text)] == n


def test_official_112_differs_from_official_only_in_the_deck() -> None:
    """API 3: official-112 is the 2018+ deck with the official base rules; its Wild
    Customizable cards are plain Wilds (A42) and a last Wild Shuffle Hands redeals (A38)."""
    a, b = uno.load_preset("official-112").to_dict(), uno.load_preset("official").to_dict()
    differ = {k for k in a if a[k] != b[k]}
    assert differ <= {"name", "deck", "extra_cards"}
    state = table(
        [["WSH"], ["G1", "G2"], ["B7", "B8"]], ["R5"], uno_called=[0], rules="official-112"
    )
    assert not ok_any_deck(state, "0 WSH red").state.round_over


def test_official_2015_differs_from_official_only_in_the_deck() -> None:
    """API 3: official-2015 is the Wild Swap Hands deck with the official base rules."""
    a, b = uno.load_preset("official-2015").to_dict(), uno.load_preset("official").to_dict()
    differ = {k for k in a if a[k] != b[k]}
    assert differ <= {"name", "deck", "extra_cards"}
    state = table([["WC", "R1"], ["G1", "G2"], ["B7", "B8"]], ["R5"], rules="official-2015")
    t = ok_any_deck(state, "0 WC blue")
    assert [e.kind for e in t.events] == ["played"]


# -- mattel-2001 -------------------------------------------------------------------------


def test_mattel_2001_settings() -> None:
    """API 3 / docs/rules.md 7: mattel-2001 differs from official in: two_player_reverse skip,
    uno.penalty_cards 4, first Reverse right of dealer, first Draw Two draw only, dealer by
    highest point value, deck blank-112-2001."""
    m = uno.load_preset("mattel-2001")
    assert str(m.two_player_reverse) == "skip"
    assert m.uno.penalty_cards == 4
    assert str(m.deck) == "blank-112-2001"
    assert str(m.first_card.reverse) == "right_of_dealer_first_ccw"
    assert str(m.first_card.draw_two) == "draw_only"
    assert str(m.dealer_selection) == "highest_point_value"
    assert m.extra_cards.blank.count == 4


def test_mattel_2001_uno_penalty_is_four_cards() -> None:
    """B9.2 [V M2001]: a caught missed UNO call costs 4 cards."""
    state = table([["R3", "R4"], ["B1", "B2"], ["Y1"]], ["R5"], rules="mattel-2001")
    after = ok_any_deck(state, "0 R3").state
    t = ok_any_deck(after, "1 catch 0")
    assert len(t.state.hands[0]) == 5
    assert events_of(t.events, "uno-caught")[0].penalty == 4


@pytest.mark.parametrize(
    ("name", "turn"),
    [
        ("mattel-2001", 0),
        ("family", 0),
        ("progressive", 0),
        ("no-mercy-lite", 0),
        ("official", 1),
        ("official-112", 1),
        ("official-2015", 1),
    ],
)
def test_two_player_reverse_per_preset(name: str, turn: int) -> None:
    """H08: with two players a Reverse acts as a Skip under mattel-2001 (T1) and the
    house-rule presets (the specification's preamble); under the official presets it is a
    plain Reverse."""
    state = table([["Rrev", "R1"], ["B1", "B2"]], ["R5"], rules=name)
    assert ok_any_deck(state, "0 Rrev").state.turn == turn


# -- family --------------------------------------------------------------------------------


def test_family_settings() -> None:
    """API 3 / docs/rules.md 7: family is stacking +2/+4 (a +4 may go on a +2), draw until
    playable, 7-0, jump-in without wilds, two-player Reverse as Skip."""
    f = uno.load_preset("family")
    hr = f.house_rules
    assert hr.stacking.enabled
    assert pairs(f) == {"plus2_on_plus2", "plus4_on_plus4", "plus4_on_plus2"}
    assert hr.draw_until_playable.enabled
    assert str(hr.draw_until_playable.after_found) == "may_play"
    assert hr.seven_o.enabled and hr.seven_o.seven_swap and hr.seven_o.zero_rotate
    assert hr.jump_in.enabled
    assert str(hr.jump_in.wilds) == "none"
    assert str(f.two_player_reverse) == "skip"
    assert str(f.deck) == "classic-108"


def test_family_plus4_on_plus2_but_not_plus2_on_plus4() -> None:
    """family / H01: a +4 may go on a +2, not the reverse."""
    state = table([["R+2", "R1"], ["W+4", "G+2", "B1"], ["Y+2", "Y3"]], ["R5"], rules="family")
    s1 = ok(state, "0 R+2").state
    s2 = ok(s1, "1 W+4 yellow").state
    assert s2.penalty is not None and s2.penalty.amount == 6
    refused(s2, "2 Y+2", "cannot-stack")


def test_family_draw_until_playable_may_keep_it() -> None:
    """family / H02 `may_play`: draw until a playable card, then play it or keep it."""
    state = table(
        [["Y1", "B2"], ["G1", "B1"], ["Y3"]], ["R7"], rules="family", draw_pile=["G5", "R9", "R8"]
    )
    drawn = ok(state, "0 draw").state
    assert drawn.hands[0] == uno.parse_cards("Y1 B2 G5 R9")
    assert ok(drawn, "0 pass").state.turn == 1


def test_family_jump_in_without_wilds() -> None:
    """family / H06 with `wilds: none` (A24): an identical colored card jumps in; a Wild does
    not."""
    state = table(
        [["B1", "B2"], ["G1", "R5"], ["Y3", "Y4"]], ["G5", "R5"], rules="family", played_by=2
    )
    t = ok(state, "1 R5")
    assert t.state.turn == 2
    wild = table(
        [["B1", "B2"], ["G1", "W"], ["Y3", "Y4"]],
        ["G5", "W"],
        color="red",
        rules="family",
        played_by=2,
    )
    refused(wild, "1 W blue", "not-your-turn", rule="A24")


def test_family_seven_o() -> None:
    """family / H07: a 7 swaps hands with a chosen player."""
    state = table([["R7", "R1"], ["G1", "B1", "B2"], ["Y3"]], ["R5"], rules="family")
    t = ok(state, "0 R7 >1")
    assert t.state.hands[0] == uno.parse_cards("G1 B1 B2")


# -- progressive ---------------------------------------------------------------------------


def test_progressive_settings() -> None:
    """API 3: progressive is official + the three house rules printed on the 2008 sheet:
    Progressive UNO (+2 on +2, +4 on +4), Seven-O, Jump-In (wilds included)."""
    p = uno.load_preset("progressive")
    hr = p.house_rules
    assert hr.stacking.enabled
    assert pairs(p) == {"plus2_on_plus2", "plus4_on_plus4"}
    assert hr.seven_o.enabled
    assert hr.jump_in.enabled
    assert str(hr.jump_in.wilds) == "w4_and_w"
    assert not hr.draw_until_playable.enabled
    assert str(p.two_player_reverse) == "skip"  # RULES preamble: every house-rule preset


def test_progressive_stacks_like_for_like_only() -> None:
    """H01 M2008: a Draw Two on a Draw Two and a W+4 on a W+4; not a +4 on a +2."""
    state = table(
        [["R+2", "R1"], ["B+2", "B1"], ["W+4", "Y3"], ["G1", "G2"]],
        ["R5"],
        rules="progressive",
    )
    s1 = ok(state, "0 R+2").state
    s2 = ok(s1, "1 B+2").state
    assert s2.penalty is not None and s2.penalty.amount == 4
    refused(s2, "2 W+4 red", "cannot-stack")
    fours = table([["W+4", "R1"], ["W+4", "B1"], ["Y3", "Y4"]], ["R5"], rules="progressive")
    f1 = ok(ok(fours, "0 W+4 green").state, "1 W+4 yellow").state
    assert f1.penalty is not None and f1.penalty.amount == 8


def test_progressive_jump_in_with_a_wild() -> None:
    """H06 M2008 (A24 Default): wilds may jump in under progressive."""
    state = table(
        [["B1", "B2"], ["G1", "W"], ["Y3", "Y4"]],
        ["G5", "W"],
        color="red",
        rules="progressive",
        played_by=2,
    )
    t = ok(state, "1 W blue")
    assert t.state.color is uno.Color.BLUE
    assert t.state.turn == 2


# -- no-mercy-lite (details in test_h16_no_mercy.py) ---------------------------------------


def test_no_mercy_lite_settings() -> None:
    """API 3 / H16: no-mercy-lite is the No Mercy rule set on the 108-card deck."""
    nm = uno.load_preset("no-mercy-lite")
    assert str(nm.deck) == "classic-108"
    assert pairs(nm) == {"plus2_on_plus2", "plus4_on_plus2", "plus4_on_plus4"}
    assert nm.house_rules.mercy.enabled and nm.house_rules.mercy.limit == 25
    assert str(nm.w4_challenge) == "disabled"


def test_presets_differ_from_each_other() -> None:
    """API 3: every bundled preset is a distinct rule set."""
    loaded = [uno.load_preset(n).to_dict() for n in NAMES]
    for d in loaded:
        d.pop("name")
    assert len({repr(sorted(d.items())) for d in loaded}) == len(NAMES)
