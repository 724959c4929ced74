"""docs/rules.md 2, The 112-card decks: E1-E5 and 2.6, with A35-A42 and A55 (extra_cards.*).

Tables use inline rules on the 112-card decks; ``uno.situation`` fills unnamed cards from
that deck, so card conservation is checked against it (``helpers_decks``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import uno_rules as uno

from ..helpers import events_of, find_game, first_is, kinds, new_game, refused, sizes, table
from ..helpers_decks import assert_conserved, expected_deck, hand_cards, held, ok

R = uno.Rank
SHUFFLE = "official-112"
SWAP = "official-2015"
BLANK = "mattel-2001"


def with_extra(base: str, **extra: Any) -> dict[str, Any]:
    return {"extends": base, "extra_cards": extra}


def shuffle_rules(**wsh: Any) -> dict[str, Any]:
    return with_extra(SHUFFLE, wild_shuffle_hands=wsh)


def custom_rules(effect: str, **wc: Any) -> dict[str, Any]:
    return with_extra(SWAP, wild_customizable={"effect": effect, **wc})


# -- E1 the decks -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("deck", "size", "extras"),
    [
        ("classic-108", 108, {}),
        ("blank-112-2001", 112, {"BLANK": 4}),
        ("swap-112-2015", 112, {"WSW": 1, "WC": 3}),
        ("shuffle-112-2018", 112, {"WSH": 1, "WC": 3}),
    ],
)
def test_E1_deck_composition_for_each_deck_value(
    deck: str, size: int, extras: dict[str, int]
) -> None:
    """E1 [D]: a preset must name the deck edition. Counts: 108, or 112 as 4 x BLANK,
    WSW + 3 x WC, or WSH + 3 x WC (the 108 cards of B1.1 plus the edition's four)."""
    state = uno.new_game({"extends": "official", "deck": deck}, 4, 3)
    cards = held(state)
    assert sum(cards.values()) == size
    wanted = Counter({uno.Card.parse(t): n for t, n in extras.items()})
    assert cards - wanted == expected_deck(uno.load_preset("official"))
    assert cards == expected_deck(state.rules)


@pytest.mark.parametrize(
    ("deck", "extra", "size", "gone", "left"),
    [
        ("shuffle-112-2018", {"wild_shuffle_hands": {"enabled": False}}, 111, "WSH", "WC"),
        ("swap-112-2015", {"wild_swap_hands": {"enabled": False}}, 111, "WSW", "WC"),
        ("swap-112-2015", {"wild_customizable": {"count": 1}}, 110, None, "WSW"),
        ("shuffle-112-2018", {"wild_customizable": {"count": 1}}, 110, None, "WSH"),
        ("blank-112-2001", {"blank": {"count": 0}}, 108, "BLANK", None),
    ],
)
def test_E1_each_extra_card_can_be_switched_off(
    deck: str, extra: dict[str, Any], size: int, gone: str | None, left: str | None
) -> None:
    """E1: each extra card can be switched off (E3.1: 1 to 3 customizable cards)."""
    rules = {"extends": "official", "deck": deck, "extra_cards": extra}
    state = uno.new_game(rules, 4, 5)
    cards = held(state)
    assert sum(cards.values()) == size
    if gone is not None:
        assert cards[uno.Card.parse(gone)] == 0
    if left is not None:
        assert cards[uno.Card.parse(left)] >= 1
    if "wild_customizable" in extra:
        assert cards[uno.Card.parse("WC")] == 1
    assert cards == expected_deck(state.rules)


def test_E1_situation_fills_unnamed_cards_from_the_112_card_deck() -> None:
    """E1 / B1.4: a table on a 112-card deck holds exactly that deck; a card the deck does not
    have cannot be named."""
    state = table([["WSH", "R1"], 6, ["WC"], 4], ["R5"], rules=SHUFFLE)
    assert sum(held(state).values()) == 112
    assert_conserved(state)
    with pytest.raises(uno.SituationError):
        table([["WSH"], 3], ["R5"], rules=SWAP)
    with pytest.raises(uno.SituationError):
        table([["WSW"], 3], ["R5"], rules="official")
    with pytest.raises(uno.SituationError):
        table([["WC", "WC", "WC", "WC"], 3], ["R5"], rules=SHUFFLE)


def test_E1_cards_are_conserved_through_extra_card_effects() -> None:
    """B1.4 with E1: hands + piles stay the 112-card deck after a redeal, a swap and a
    customizable effect (ok() checks it after every move)."""
    shuffled = ok(table([["WSH", "R1"], 5, 3, 2], ["R5"], rules=SHUFFLE), "0 WSH red").state
    swapped = ok(table([["WSW", "R1"], 5, 3, 2], ["R5"], rules=SWAP), "0 WSW red >2").state
    custom = table(
        [["WC", "R1"], ["W", "B1"], ["W+4", "G2"], 2], ["R5"], rules=custom_rules("discard_wilds")
    )
    discarded = ok(custom, "0 WC red").state
    for state in (shuffled, swapped, discarded):
        assert sum(held(state).values()) == 112


# -- E2 Wild Shuffle Hands --------------------------------------------------------------


def test_E2_1_wild_shuffle_hands_is_a_wild_playable_on_anything() -> None:
    """E2.1: it is a wild card: it may be played on any card, on any turn, even when the
    player holds other legal cards; its player names the color."""
    state = table([["WSH", "G5", "G6"], 4, 3, 3], ["G+2"], rules=SHUFFLE)
    refused(state, "0 WSH", "color-required")
    t = ok(state, "0 WSH yellow")
    assert t.state.top_card == uno.Card.parse("WSH")
    assert t.state.color is uno.Color.YELLOW
    assert "hands-shuffled" in kinds(t.events)


def test_E2_2_wild_shuffle_hands_collects_every_hand_including_the_players() -> None:
    """E2.2 (1)-(3): collect all cards from all players' hands, including the remaining hand of
    the player who played it; shuffle; deal them all out. A37: the player receives cards."""
    state = table([["WSH", "R1"], ["G1", "G2", "G3", "G4", "G5"], ["B7"], 3], ["R5"], rules=SHUFFLE)
    before = hand_cards(state) - Counter([uno.Card.parse("WSH")])
    t = ok(state, "0 WSH blue")
    after = t.state
    assert hand_cards(after) == before
    assert len(after.hands[0]) >= 2  # A37: the player had one card left, gets a share
    assert sizes(after) == (2, 3, 3, 2)  # N = 10, P = 4
    assert after.hands != state.hands
    shuffled = events_of(t.events, "hands-shuffled")[0]
    assert shuffled.seat == 0
    assert shuffled.sizes == sizes(after)


@pytest.mark.parametrize(
    ("player", "expected"),
    [(0, (2, 3, 3, 2)), (1, (2, 2, 3, 3)), (2, (3, 2, 2, 3)), (3, (3, 3, 2, 2))],
)
def test_E2_3_A36_redeal_starts_at_the_players_left_first_n_mod_p_get_one_more(
    player: int, expected: tuple[int, ...]
) -> None:
    """E2.2 (3) / E2.3 [D] / A36: dealt one at a time starting with the player to the left of
    the player who played it; with N cards and P players each gets floor(N/P) and the first
    N mod P recipients in dealing order get one extra. Here N = 10, P = 4."""
    hands: list[Any] = [3, 3, 3, 2]
    hands[player] = ["WSH", "R1", "R2", "R3"][: hands[player]]
    state = table(hands, ["R5"], turn=player, rules=SHUFFLE)
    assert sum(sizes(state)) == 11
    after = ok(state, f"{player} WSH green").state
    assert sizes(after) == expected


@pytest.mark.parametrize("players", [2, 3, 5])
def test_E2_3_even_redeal_when_n_divides(players: int) -> None:
    """E2.3: floor(N/P) each; with N a multiple of P every hand is the same size."""
    hands: list[Any] = [["WSH", "R1", "R2", "R3"]] + [3] * (players - 1)
    state = table(hands, ["R5"], rules=SHUFFLE)
    after = ok(state, "0 WSH red").state
    assert sizes(after) == (3,) * players


@pytest.mark.parametrize(
    ("deal_direction", "expected"),
    [(None, (2, 3, 2, 2)), ("clockwise", (2, 3, 2, 2)), ("direction_of_play", (2, 2, 2, 3))],
)
def test_A35_redeal_is_clockwise_always_by_default(
    deal_direction: str | None, expected: tuple[int, ...]
) -> None:
    """A35 Default: the redeal goes clockwise, always (standard dealing, first card to the
    left neighbour), even while play goes counter-clockwise; option `direction_of_play`
    deals in the direction of play instead. N = 9, P = 4: only the first recipient gets 3."""
    wsh = {} if deal_direction is None else {"deal_direction": deal_direction}
    state = table(
        [["WSH", "R1", "R2"], 3, 2, 2],
        ["R5"],
        direction="counterclockwise",
        rules=shuffle_rules(**wsh),
    )
    t = ok(state, "0 WSH red")
    assert sizes(t.state) == expected
    assert t.state.direction == -1
    assert t.state.turn == 3  # E2.4: play passes on in the current direction


def test_E2_2_E2_4_named_color_stands_and_play_passes_to_the_next_player() -> None:
    """E2.2: the same player names the color. E2.4: after the redeal play passes to the next
    player in the current direction as usual; the WSH skips nobody."""
    state = table([["WSH", "R1", "R2"], 3, 2, 2], ["R5"], rules=SHUFFLE)
    t = ok(state, "0 WSH yellow")
    assert t.state.color is uno.Color.YELLOW
    assert t.state.turn == 1
    assert t.state.phase is uno.Phase.TURN
    assert "skipped" not in kinds(t.events)
    assert "color-chosen" not in kinds(t.events)


def test_A38_a_wild_shuffle_hands_as_last_card_redeals_and_the_round_goes_on() -> None:
    """A38 Default (a) / E2.5 / C5: a WSH played as the last card still redeals everyone's
    cards, including the player's, so they do not go out; the round continues."""
    state = table(
        [["WSH"], ["G1", "G2", "G3"], ["B7", "B8"], 3], ["R5"], uno_called=[0], rules=SHUFFLE
    )
    t = ok(state, "0 WSH green")
    after = t.state
    assert not after.round_over
    assert after.round_winner is None
    assert "round-ended" not in kinds(t.events)
    assert sizes(after) == (2, 2, 2, 2)
    assert after.hands[0]
    assert after.turn == 1
    assert after.color is uno.Color.GREEN


def test_A38_b_go_out_option_wild_shuffle_hands_as_last_card_ends_the_round() -> None:
    """A38 (b) `go_out`: treat the last WSH as a Wild; the player goes out and scores."""
    state = table(
        [["WSH"], ["G1", "G2", "G3"], ["B7", "Bskip"], ["W"]],
        ["R5"],
        uno_called=[0],
        rules=shuffle_rules(on_last_card="go_out"),
    )
    t = ok(state, "0 WSH green")
    assert t.state.round_over
    assert t.state.round_winner == 0
    assert "hands-shuffled" not in kinds(t.events)
    assert t.state.hands[1:] == state.hands[1:]
    assert t.state.scores == (6 + 7 + 20 + 50, 0, 0, 0)


def test_A40_uno_calls_lapse_after_a_redeal_and_a_seat_dealt_one_card_can_be_caught() -> None:
    """A40 Default: all earlier calls lapse after a redeal; anyone dealt exactly one card is
    subject to A19 (must call, can be caught until the next turn action). N = 5, P = 4: seat 1
    gets 2, seats 2, 3 (who had called) and 0 get one card each."""
    state = table(
        [["WSH", "R1"], ["G2", "G3"], ["G1"], ["Y3"]], ["R5"], uno_called=[2, 3], rules=SHUFFLE
    )
    after = ok(state, "0 WSH blue").state
    assert sizes(after) == (1, 2, 1, 1)
    assert after.uno_called == frozenset()
    assert after.uno_open == frozenset({0, 2, 3})
    caught = ok(after, "1 catch 3")
    assert events_of(caught.events, "uno-caught")[0].target == 3
    assert len(caught.state.hands[3]) == 3
    recalled = ok(after, "2 uno").state
    assert 2 in recalled.uno_called
    refused(recalled, "1 catch 2", "nothing-to-catch")


def test_A39_a_wild_shuffle_hands_first_card_first_player_names_color_no_redeal() -> None:
    """A39 Default (a) / 2.6: WSH as the first card: the player left of the dealer names the
    color; no redeal."""
    seed, state = find_game(first_is(R.WILD_SHUFFLE_HANDS), rules=SHUFFLE)
    assert state.phase is uno.Phase.CHOOSE_COLOR
    assert state.turn == (state.dealer + 1) % 4
    assert state.color is None
    kept = new_game(shuffle_rules(on_first_card="return_and_flip"), 4, seed)
    assert [h[:7] for h in kept.hands] == list(state.hands)  # the deal, not redealt
    after = ok(state, f"{state.turn} color red").state
    assert after.color is uno.Color.RED
    assert after.hands == state.hands
    assert (after.turn, after.phase) == (state.turn, uno.Phase.TURN)
    assert_conserved(state)


def test_A39_b_wild_shuffle_hands_first_card_redeal_option() -> None:
    """A39 (b) `redeal`: the hands are redealt anyway; the first player names the color."""
    seed, official = find_game(first_is(R.WILD_SHUFFLE_HANDS), rules=SHUFFLE)
    state = new_game(shuffle_rules(on_first_card="redeal"), 4, seed)
    assert state.top_card == uno.Card.parse("WSH")
    assert state.phase is uno.Phase.CHOOSE_COLOR
    assert state.hands != official.hands
    assert hand_cards(state) == hand_cards(official)
    assert sizes(state) == (7, 7, 7, 7)
    assert state.draw_pile == official.draw_pile
    assert_conserved(state)


def test_A39_c_wild_shuffle_hands_first_card_return_and_flip_option() -> None:
    """A39 (c) `return_and_flip` / A4: the WSH goes back to the deck and another card is
    turned."""
    seed, _ = find_game(first_is(R.WILD_SHUFFLE_HANDS), rules=SHUFFLE)
    state = new_game(shuffle_rules(on_first_card="return_and_flip"), 4, seed)
    assert state.top_card.rank is not R.WILD_SHUFFLE_HANDS
    assert len(state.discard_pile) == 1
    wsh = uno.Card.parse("WSH")
    assert wsh in state.draw_pile or wsh in hand_cards(state)
    assert_conserved(state)


# -- E4 Wild Swap Hands -----------------------------------------------------------------


def test_E4_1_wild_swap_hands_needs_a_target_swaps_and_sets_the_color() -> None:
    """E4.1: its player picks any opponent and swaps their whole hand with that opponent's
    hand; it is a wild, playable even with other legal cards, and its player names the
    color."""
    state = table(
        [["WSW", "R1", "R2"], ["G2", "G3"], ["G1", "Y1", "Y2", "B5"], ["Y3"]], ["R5"], rules=SWAP
    )
    refused(state, "0 WSW blue", "target-required")
    refused(state, "0 WSW >2", "color-required")
    refused(state, "0 WSW blue >0", "invalid-target")
    t = ok(state, "0 WSW blue >2")
    assert t.state.hands[0] == uno.parse_cards("G1 Y1 Y2 B5")
    assert t.state.hands[2] == uno.parse_cards("R1 R2")
    assert t.state.hands[1] == state.hands[1] and t.state.hands[3] == state.hands[3]
    assert t.state.color is uno.Color.BLUE
    assert t.state.turn == 1
    swapped = events_of(t.events, "hands-swapped")[0]
    assert (swapped.seat, swapped.target) == (0, 2)


def test_E4_1_wild_swap_hands_target_violations_cite_the_wild_swap_hands_clause() -> None:
    """E4.1 / API 7: a violation's ``rule`` is the clause that decides it. A Wild Swap Hands
    needs an opponent as target by E4.1 ("its player picks any opponent"), not by the
    Seven-O clause A31."""
    state = table([["WSW", "R1"], ["G2", "G3"], ["G1", "Y1"], ["Y3"]], ["R5"], rules=SWAP)
    missing = refused(state, "0 WSW blue", "target-required")
    assert missing.rule in ("E4", "E4.1"), missing.rule
    himself = refused(state, "0 WSW blue >0", "invalid-target")
    assert himself.rule in ("E4", "E4.1"), himself.rule


def test_A41_wild_swap_hands_last_card_target_refusal_cites_A41() -> None:
    """A41 / API 7: a target named with a last Wild Swap Hands is refused because of A41 (go
    out with no swap), not B4.4."""
    state = table([["WSW"], ["G2", "G3"], 2, 1], ["R5"], uno_called=[0], rules=SWAP)
    v = refused(state, "0 WSW blue >2", "target-not-allowed")
    assert v.rule in ("A41", "E4.3"), v.rule


def test_E4_A19_seat_left_with_one_card_by_a_swap_must_call() -> None:
    """E4.1 with A19 Default: a player who ends up with one card through a Wild Swap Hands
    must call UNO, and can be caught until the next turn action."""
    state = table([["WSW", "R1"], ["G2", "G3"], ["G1", "Y1", "Y2"], ["Y3"]], ["R5"], rules=SWAP)
    after = ok(state, "0 WSW red >2").state
    assert after.hands[2] == uno.parse_cards("R1")
    assert 2 in after.uno_open
    assert len(ok(after, "3 catch 2").state.hands[2]) == 3


def test_A41_wild_swap_hands_as_last_card_goes_out_with_no_swap() -> None:
    """A41 Default / E4.3: WSW as the last card: the player goes out, with no swap (a
    target is refused)."""
    state = table(
        [["WSW"], ["G2", "G3"], ["G1", "Y1", "Y2"], ["Y3"]], ["R5"], uno_called=[0], rules=SWAP
    )
    refused(state, "0 WSW blue >2", "target-not-allowed")
    t = ok(state, "0 WSW blue")
    assert t.state.round_over
    assert t.state.round_winner == 0
    assert "hands-swapped" not in kinds(t.events)
    assert t.state.hands[1:] == state.hands[1:]
    assert t.state.scores == (5 + 4 + 3, 0, 0, 0)


def test_E4_2_wild_swap_hands_first_card_only_the_color() -> None:
    """E4.2 / 2.6: WSW as the first card: the player left of the dealer names the color; no
    swap."""
    _, state = find_game(first_is(R.WILD_SWAP_HANDS), rules=SWAP)
    assert state.phase is uno.Phase.CHOOSE_COLOR
    assert state.turn == (state.dealer + 1) % 4
    assert sizes(state) == (7, 7, 7, 7)
    t = ok(state, f"{state.turn} color green")
    assert t.state.hands == state.hands
    assert "hands-swapped" not in kinds(t.events)
    assert (t.state.color, t.state.turn) == (uno.Color.GREEN, state.turn)


# -- E3 Wild Customizable ---------------------------------------------------------------


@pytest.mark.parametrize("base", [SWAP, SHUFFLE])
def test_A42_wild_customizable_is_a_plain_wild_by_default(base: str) -> None:
    """A42 Default / E3.2 / E3.3: a plain Wild unless the preset names an effect: playable on
    anything, its player names the color, nothing else happens."""
    state = table([["WC", "G5"], ["B1", "B2"], ["Y1", "Y2", "Y3"]], ["G+2"], rules=base)
    refused(state, "0 WC", "color-required")
    t = ok(state, "0 WC red")
    assert kinds(t.events) == ["played"]
    assert (t.state.color, t.state.turn) == (uno.Color.RED, 1)
    assert t.state.hands[1:] == state.hands[1:]


def test_E3_3_extra_turn_effect_player_plays_again() -> None:
    """E3.3 `extra_turn`: take an extra turn."""
    state = table(
        [["WC", "G5", "R1"], ["B1", "B2"], ["Y1", "Y2", "Y3"]],
        ["G2"],
        rules=custom_rules("extra_turn"),
    )
    t = ok(state, "0 WC red")
    assert t.state.turn == 0
    assert t.state.color is uno.Color.RED
    assert "extra-turn" in kinds(t.events)
    again = ok(t.state, "0 R1").state
    assert again.turn == 1


def test_E3_3_discard_wilds_effect_others_wilds_go_under_the_discard_pile() -> None:
    """E3.3 `discard_wilds`: everyone except the player discards their Wilds; [D] they go
    under the discard pile (the top card and color stay)."""
    state = table(
        [["WC", "W", "R1"], ["G2", "W+4", "W"], ["G1", "WC", "Y2"], ["Y3"]],
        ["R5"],
        rules=custom_rules("discard_wilds"),
    )
    t = ok(state, "0 WC green")
    after = t.state
    assert after.hands == (
        uno.parse_cards("W R1"),
        uno.parse_cards("G2"),
        uno.parse_cards("G1 Y2"),
        uno.parse_cards("Y3"),
    )
    assert after.top_card == uno.Card.parse("WC")
    assert after.color is uno.Color.GREEN
    assert Counter(after.discard_pile[:3]) == Counter(uno.parse_cards("W+4 W WC"))
    found = {e.seat: Counter(e.cards) for e in events_of(t.events, "wilds-discarded")}
    assert found == {1: Counter(uno.parse_cards("W+4 W")), 2: Counter(uno.parse_cards("WC"))}
    assert after.turn == 1


@pytest.mark.parametrize(("direction", "winner"), [("clockwise", 1), ("counterclockwise", 3)])
def test_A55_discard_wilds_emptying_several_hands_first_in_turn_order_wins(
    direction: str, winner: int
) -> None:
    """A55 Default [D]: a hand emptied by an effect ends the round; if several empty at once
    and the acting player is not among them, the first in turn order from the acting
    player wins (counter-clockwise, seat 3 comes before seat 1)."""
    state = table(
        [["WC", "R1", "R2"], ["W"], ["G1", "Y2"], ["W+4"]],
        ["R5"],
        direction=direction,
        rules=custom_rules("discard_wilds"),
    )
    t = ok(state, "0 WC green")
    assert t.state.round_over
    assert t.state.round_winner == winner
    assert events_of(t.events, "round-ended")[0].winner == winner


@pytest.mark.parametrize("effect", ["none", "draw_until_color", "extra_turn", "discard_wilds"])
def test_E3_4_wild_customizable_first_card_only_sets_the_color(effect: str) -> None:
    """E3.4 / A42 / 2.6: as the first card the player left of the dealer names the starting
    color; the written rule does not apply."""
    seed, plain = find_game(first_is(R.WILD_CUSTOMIZABLE), rules=SWAP)
    state = new_game(custom_rules(effect), 4, seed)
    assert state.hands == plain.hands
    assert state.phase is uno.Phase.CHOOSE_COLOR
    first = (state.dealer + 1) % 4
    assert state.turn == first
    t = ok(state, f"{first} color yellow")
    assert kinds(t.events) == ["color-chosen"]
    assert t.state.hands == state.hands
    assert t.state.draw_pile == state.draw_pile
    assert (t.state.turn, t.state.color, t.state.phase) == (first, uno.Color.YELLOW, uno.Phase.TURN)


# -- E5 blank cards ---------------------------------------------------------------------


def test_E5_blank_card_acts_as_a_plain_wild() -> None:
    """E5.1 [D] (extra_cards docstring): each blank card acts as a plain Wild: playable on
    any card, its player names the color, no other effect."""
    state = table([["BLANK", "G5"], ["B1", "B2"], ["Y1", "Y2", "Y3"]], ["Gskip"], rules=BLANK)
    refused(state, "0 BLANK", "color-required")
    t = ok(state, "0 BLANK blue")
    assert kinds(t.events) == ["played"]
    assert (t.state.color, t.state.turn) == (uno.Color.BLUE, 1)
    assert t.state.hands[1:] == state.hands[1:]


def test_E5_blank_card_first_card_is_treated_as_a_wild() -> None:
    """2.6 [D]: a blank card turned first is treated as a Wild: the first player names the
    color."""
    _, state = find_game(first_is(R.BLANK), rules=BLANK)
    assert state.phase is uno.Phase.CHOOSE_COLOR
    after = ok(state, f"{state.turn} color red").state
    assert after.color is uno.Color.RED and after.hands == state.hands


@pytest.mark.parametrize(("points", "expected"), [(None, 50), (30, 30), (0, 0)])
def test_E5_blank_card_points_come_from_extra_cards_blank_points(
    points: int | None, expected: int
) -> None:
    """E5.1 [D]: a preset gives the blank card a point value (extra_cards.blank.points;
    mattel-2001 scores it 50)."""
    blank: dict[str, Any] = {} if points is None else {"blank": {"points": points}}
    state = table(
        [["R1"], ["G2", "BLANK"], ["BLANK"]],
        ["R5"],
        uno_called=[0],
        rules=with_extra(BLANK, **blank),
    )
    t = ok(state, "0 R1")
    assert t.state.scores == (2 + 2 * expected, 0, 0)


@pytest.mark.parametrize(("card", "deck"), [("WSH", SHUFFLE), ("WSW", SWAP), ("WC", SWAP)])
def test_E2_7_E3_5_E4_3_extra_wilds_score_40(card: str, deck: str) -> None:
    """E2.7, E3.5, E4.3 / B10.5: Wild Shuffle Hands, Wild Swap Hands and Wild Customizable
    score 40."""
    state = table([["R1"], [card, "G3"]], ["R5"], uno_called=[0], rules=deck)
    assert ok(state, "0 R1").state.scores == (43, 0)
