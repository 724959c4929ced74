"""Round 2, finding 14: the smaller ones. A ``Rules`` built directly was not checked
(``Rules(hand_size=-3)`` dealt two 51-card hands); ``str(move)`` did not read back for a
negative or 7-digit seat; ``apply(state, 10**5000)`` raised ``ValueError`` converting the
integer to text; ``make_record`` took no mapping; a chain of 980 ``extends`` files was
"nested too deeply"; a pending penalty's ``offender_hand`` of 45,000 cards loaded. (The
101-digit integers in memory are in ``test_seeds``.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules.presets import MAX_EXTENDS
from uno_rules.record import make_record

from .test_snapshot_invariants import penalty_snapshot


def test_rules_built_directly_are_checked_by_new_game() -> None:
    with pytest.raises(uno.SituationError) as info:
        uno.new_game(uno.Rules(hand_size=-3), players=2, seed=1)
    assert info.value.problems == ["hand_size: -3 is out of range; expected 1 to 50"]
    assert uno.new_game(uno.Rules(hand_size=5), players=2, seed=1).rules.hand_size == 5


@pytest.mark.parametrize(
    "move",
    [uno.Draw(-3), uno.Draw(1_234_567), uno.Play(-2, "R5", target=-1), uno.CatchUno(7, 10**17)],
)
def test_a_move_text_reads_back_whatever_its_seats(move: uno.Move) -> None:
    assert uno.parse_move(str(move)) == move


def test_a_seat_beyond_the_text_limit_is_refused_when_the_move_is_built() -> None:
    with pytest.raises(TypeError, match="18 digits"):
        uno.Draw(10**18)
    with pytest.raises(TypeError, match="18 digits"):
        uno.Play(0, "R5", target=-(10**30))


def test_apply_of_a_huge_integer_is_a_type_error() -> None:
    state = uno.new_game("official", players=2, seed=1)
    with pytest.raises(TypeError) as info:
        uno.apply(state, 10**5000)  # type: ignore[arg-type]
    assert len(str(info.value)) < 200
    with pytest.raises(TypeError):
        uno.validate(state, 10**5000)  # type: ignore[arg-type]


def test_make_record_takes_a_mapping() -> None:
    record = make_record({"extends": "official", "hand_size": 5}, 2, 1, [])
    assert record["rules"]["hand_size"] == 5
    assert uno.replay(record).state.rules.hand_size == 5
    with pytest.raises(uno.PresetError):
        make_record({"hand_size": -1}, 2, 1, [])


def test_a_long_extends_chain_is_refused_by_its_own_limit(tmp_path: Path) -> None:
    (tmp_path / "p0.yaml").write_text("hand_size: 6\n", encoding="utf-8")
    for i in range(1, 980):
        (tmp_path / f"p{i}.yaml").write_text(f"extends: p{i - 1}.yaml\n", encoding="utf-8")
    with pytest.raises(uno.PresetError) as info:
        uno.load_preset(str(tmp_path / "p979.yaml"))
    assert info.value.problems == [
        f"extends: a chain of more than {MAX_EXTENDS} presets (the extends limit)"
    ]
    assert uno.load_preset(str(tmp_path / f"p{MAX_EXTENDS}.yaml")).hand_size == 6


def test_an_offender_hand_larger_than_the_deck_is_refused() -> None:
    snap = penalty_snapshot()
    snap["penalty"]["offender_hand"] = ["R5"] * 45_000
    with pytest.raises(uno.SituationError) as info:
        uno.load_state(snap)
    assert any(p.startswith("penalty.offender_hand") for p in info.value.problems)
