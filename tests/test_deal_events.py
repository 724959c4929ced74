"""Deal events (1.3, A1, A4, A39, B2.3): what happened at the deal, from deal_game and
deal_next_round, and shown by `uno-rules rule`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules.cli import main
from uno_rules.render import describe_event

ROOT = Path(__file__).resolve().parents[1]
FIRST_W4 = ROOT / "examples" / "first-card-wild-draw-four.yaml"


def first_deal_with(rank: str, preset: str = "official", players: int = 3) -> int:
    """A seed whose first deal turns a card of ``rank`` first (after any returned card)."""
    for seed in range(500):
        state = uno.new_game(preset, players=players, seed=seed)
        if state.discard_pile[-1].rank.value == rank:
            return seed
    raise AssertionError(f"no seed turns {rank} first")


@pytest.mark.parametrize("preset", uno.preset_names())
def test_deal_game_gives_new_games_state_with_its_events(preset: str) -> None:
    for seed in range(15):
        state, events = uno.deal_game(preset, players=4, seed=seed)
        assert state == uno.new_game(preset, players=4, seed=seed)
        kinds = [e.kind for e in events]
        drawn = kinds.count("dealer-cards-drawn")  # H18: the dealer's draw comes first
        assert kinds[:drawn] == ["dealer-cards-drawn"] * drawn
        assert kinds[drawn] == "dealt"
        assert kinds.count("first-card") >= 1
        turned = [e for e in events if isinstance(e, uno.FirstCardTurned)]
        assert turned[-1].card == state.discard_pile[-1]


def test_A4_a_wild_draw_four_turned_first_is_an_event() -> None:
    state, events = uno.deal_game("official", players=4, seed=78)
    kinds = [e.kind for e in events]
    assert kinds == ["dealt", "returned-and-reflipped", "first-card"]
    returned = events[1]
    assert isinstance(returned, uno.FirstCardReturned)
    assert str(returned.card) == "W+4"
    dealt = events[0]
    assert isinstance(dealt, uno.Dealt)
    assert dealt.dealer == state.dealer and dealt.sizes == (7, 7, 7, 7)


def test_1_3_a_draw_two_turned_first_draws_two_cards_seen_by_the_drawer_alone() -> None:
    seed = first_deal_with("+2")
    state, events = uno.deal_game("official", players=3, seed=seed)
    drawn = [e for e in events if isinstance(e, uno.CardsDrawn)]
    assert len(drawn) == 1 and drawn[0].reason == "first-card" and drawn[0].count == 2
    seat = drawn[0].seat
    assert drawn[0].cards is not None
    assert set(drawn[0].cards) <= set(state.hands[seat])
    assert len(state.hands[seat]) == 9
    assert any(isinstance(e, uno.Skipped) and e.seat == seat for e in events)
    other = (seat + 1) % 3
    hidden = uno.view_events(events, other)
    assert all(getattr(e, "cards", None) is None for e in hidden if e.kind == "drew")


def test_1_3_a_first_reverse_and_a_first_skip_are_events() -> None:
    state, events = uno.deal_game("official", players=3, seed=first_deal_with("rev"))
    assert uno.Reversed(-1) in events and state.direction == -1
    state, events = uno.deal_game("official", players=3, seed=first_deal_with("skip"))
    assert [e.kind for e in events][-1] == "skipped"


def test_deal_next_round_gives_next_rounds_state_with_its_events() -> None:
    state = uno.new_game("official", players=2, seed=4)
    assert isinstance(uno.deal_next_round(state), uno.RoundNotOver)
    while not state.round_over:
        state = uno.apply_or_raise(state, uno.legal_moves(state)[0]).state
    result = uno.deal_next_round(state)
    assert isinstance(result, uno.Transition)
    assert result.state == uno.next_round(state)
    assert result.events[0] == uno.Dealt(result.state.dealer, 7, (7, 7))


def test_records_match_by_position_as_the_readme_shows() -> None:
    table = uno.situation({"players": 2, "hands": [["R7", "B6"], 3], "discard": ["R5"]})
    result = uno.apply(table, "0 R7")
    match result:
        case uno.Transition(_, (uno.CardPlayed(seat, card, color), *_)):
            assert (seat, str(card), color) == (0, "R7", uno.Color.RED)
        case _:
            pytest.fail("a legal play did not match")
    match uno.apply(table, "0 B6"):
        case uno.CardDoesNotMatch(code=code, seat=refused_seat):
            assert (code, refused_seat) == ("card-does-not-match", 0)
        case _:
            pytest.fail("a refused play did not match")


def test_rule_shows_the_deal_in_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rule", str(FIRST_W4)]) == 1
    out = capsys.readouterr().out
    deal = next(line for line in out.splitlines() if line.strip().startswith("deal:"))
    assert "Wild Draw Four turned first goes back" in deal
    main(["rule", str(FIRST_W4), "--json"])
    report = json.loads(capsys.readouterr().out)
    kinds = [e["kind"] for e in report["deal"]["official"]]
    assert kinds == ["dealt", "returned-and-reflipped", "first-card"]
    assert report["deal"]["official"][1]["card"] == "W+4"


def test_several_presets_say_when_their_tables_differ(
    capsys: pytest.CaptureFixture[str],
) -> None:
    stacking = str(ROOT / "examples" / "stacking-plus2-on-plus2.yaml")
    main(["rule", stacking, "--preset", "official", "--preset", "family"])
    assert "note:" not in capsys.readouterr().out
    main(["rule", stacking, "--preset", "official", "--preset", "official-112"])
    notes = [x for x in capsys.readouterr().out.splitlines() if x.startswith("note:")]
    assert notes == [
        "note: official-112 starts from another table than official: "
        "official-112 plays a 112-card deck, official a 108-card deck"
    ]
    main(["rule", stacking, "--preset", "official", "--preset", "official-112", "--json"])
    assert len(json.loads(capsys.readouterr().out)["notes"]) == 1


def test_refusal_gives_the_violation_typed_and_refuses_a_legal_move() -> None:
    table = uno.situation({"players": 2, "hands": [["R7", "B6"], 3], "discard": ["R5"]})
    refused = uno.refusal(table, "0 B6")
    assert isinstance(refused, uno.CardDoesNotMatch) and refused.rule == "B5.1"
    with pytest.raises(uno.UnoError, match="is legal here"):
        uno.refusal(table, "0 R7")


def deal_events_with(rules: uno.Rules, kind: str) -> tuple[uno.GameState, tuple[uno.Event, ...]]:
    for seed in range(3000):
        state, events = uno.deal_game(rules, players=3, seed=seed)
        if any(e.kind == kind for e in events):
            return state, events
    raise AssertionError(f"no deal has a {kind} event")


def test_A1_c_a_wild_turned_first_redeals_and_says_so() -> None:
    rules = uno.load_preset({"first_card": {"wild": "reshuffle_and_redeal"}})
    state, events = deal_events_with(rules, "redealt")
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["dealt", "first-card", "redealt"] and kinds[3] == "dealt"
    first = events[1]
    assert isinstance(first, uno.FirstCardTurned) and str(first.card) == "W"
    assert events[2] == uno.Redealt("wild-first", "A1")
    last = [e for e in events if isinstance(e, uno.FirstCardTurned)][-1]
    assert last.card == state.top_card and str(state.top_card) != "W"


def test_A4_a_wild_draw_four_turned_first_redeals_under_that_option() -> None:
    """A4 ``reshuffle_and_redeal``: a Wild Draw Four turned first starts the deal again
    (event ``redealt``, reason ``wild-draw-four-first``), not a reflip; by default the same
    deal turns another card instead."""
    rules = uno.load_preset({"first_card": {"wild_draw_four": "reshuffle_and_redeal"}})
    state, events = deal_events_with(rules, "redealt")
    kinds = [e.kind for e in events]
    assert kinds[:3] == ["dealt", "first-card", "redealt"] and kinds[3] == "dealt"
    first = events[1]
    assert isinstance(first, uno.FirstCardTurned) and str(first.card) == "W+4"
    assert events[2] == uno.Redealt("wild-draw-four-first", "A4")
    assert "returned-and-reflipped" not in kinds
    assert str(state.top_card) != "W+4"
    _, default = uno.deal_game("official", players=3, seed=state.seed)
    assert [e.kind for e in default][:3] == ["dealt", "returned-and-reflipped", "first-card"]


def test_A1_b_a_wild_turned_first_goes_back_under_that_option() -> None:
    rules = uno.load_preset({"first_card": {"wild": "return_and_flip"}})
    for seed in range(300):
        _, events = uno.deal_game(rules, players=3, seed=seed)
        returned = [e for e in events if isinstance(e, uno.FirstCardReturned)]
        if any(str(e.card) == "W" for e in returned):
            break
    else:
        raise AssertionError("no deal turns a Wild first")


def test_A39_b_a_wild_shuffle_hands_turned_first_redeals_the_hands() -> None:
    rules = uno.load_preset(
        {
            "extends": "official-112",
            "extra_cards": {"wild_shuffle_hands": {"on_first_card": "redeal"}},
        }
    )
    state, events = deal_events_with(rules, "redealt")
    assert [e.kind for e in events] == ["dealt", "first-card", "redealt"]
    assert events[2] == uno.Redealt("shuffle-hands-first", "A39")
    assert str(state.top_card) == "WSH" and state.phase is uno.Phase.CHOOSE_COLOR


@pytest.mark.parametrize(
    ("preset", "why"),
    [
        ({"hand_size": 8}, "mine deals 8 cards each, official 7"),
        ({"dealer_selection": "highest_number"}, "mine chooses seat "),
        (
            {"first_card": {"wild_draw_four": "bottom_and_reflip"}},
            "mine resolves the first card differently from official",
        ),
    ],
)
def test_a_note_says_why_a_deal_differs_between_presets(
    preset: dict[str, object], why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import yaml

    mine = tmp_path / "mine.yaml"
    mine.write_text(yaml.safe_dump({"name": "mine", **preset}), encoding="utf-8")
    main(["rule", str(FIRST_W4), "--preset", "official", "--preset", str(mine)])
    out = capsys.readouterr().out.splitlines()
    notes = [line for line in out if line.startswith("note:")]
    assert len(notes) == 1
    # a preset file is labelled by its name: (docs/disputes.md)
    assert notes[0].startswith("note: mine starts from another table than official: ")
    assert why in notes[0]
    deals = [line for line in out if line.startswith("deal under ")]
    assert [d.split(":")[0] for d in deals] == ["deal under official", "deal under mine"]


def test_H18_the_dealer_draw_is_shown_and_checks_out() -> None:
    """A5 / H18 ``highest_number``: each draw for the dealer is a ``dealer-cards-drawn``
    event before ``dealt``; the seat with the highest number (symbols 0) deals, and a tie
    draws again among the tied seats only (the others show ``None``)."""
    rules = uno.load_preset({"dealer_selection": "highest_number"})
    ties = 0
    for seed in range(40):
        state, events = uno.deal_game(rules, players=4, seed=seed)
        draws = [e for e in events if isinstance(e, uno.DealerCardsDrawn)]
        kinds = [e.kind for e in events]
        assert draws and kinds[: len(draws)] == ["dealer-cards-drawn"] * len(draws)
        assert kinds[len(draws)] == "dealt"
        contenders = set(range(4))
        for draw in draws:
            assert {s for s, c in enumerate(draw.cards) if c is not None} == contenders
            values = {s: c.number or 0 for s, c in enumerate(draw.cards) if c is not None}
            best = max(values.values())
            contenders = {s for s, v in values.items() if v == best}
        assert contenders == {state.dealer}
        ties += len(draws) > 1
    assert ties  # some seed draws again
    shown = describe_event(uno.DealerCardsDrawn((uno.Card.parse("R7"), None)))
    assert shown == "to choose the dealer: seat 0 red 7"
    _, events = uno.deal_game("official", players=4, seed=0)
    assert not [e for e in events if isinstance(e, uno.DealerCardsDrawn)]  # last_seat
