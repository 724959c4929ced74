"""A record's cost is bounded by the work its moves do, not only by its size and its
number of moves: a record may carry its own rules, whose declared kinds can deal every
hand out again fifteen times a play. An 878 KB record of legal moves took 170 s of CPU in
``uno-rules replay`` (46 KB: 9 s), against the documented 2 s for 1 MB. Replay now counts
the work of each move (``move_work``) and refuses the record at the move where it passes
``MAX_RECORD_WORK``; a record of any bundled preset does far less at the move limit."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno
from uno_rules._budget import MAX_RECORD_MOVES, MAX_RECORD_WORK
from uno_rules.presets import preset_names
from uno_rules.record import move_work

from .helpers import one_line_error, run

# A wild kind whose play makes every other seat draw (so the hands soon hold the deck),
# then deals every hand out again fifteen times; fillers make the deck 508 cards.
CHURN: dict[str, Any] = {
    "extends": "official",
    "name": "churn",
    "card_kinds": [
        {
            "rank": "Wchurn",
            "name": "Churn",
            "wild": True,
            "count": 20,
            "effect": [{"everyone_draws": 108}] + [{"shuffle_hands": True}] * 15,
        },
        *({"rank": f"churnfill{k}", "name": f"Filler {k}", "count": 20} for k in range(4)),
    ],
}


def _churn_moves(moves: int) -> tuple[str, ...]:
    """Legal moves under CHURN: each seat plays its Churn when it has one, else draws (and
    passes). Made once: making them does the work replaying them does."""
    state = uno.new_game(CHURN, players=10, seed=1)
    texts: list[str] = []
    while len(texts) < moves and not state.round_over:
        legal = uno.legal_moves(state)
        churns = [m for m in legal if isinstance(m, uno.Play) and m.card.rank.value == "Wchurn"]
        others = [m for m in legal if isinstance(m, (uno.Draw, uno.Pass))]
        move = churns[0] if churns else (others or legal)[0]
        state = uno.apply_or_raise(state, move).state
        texts.append(str(move))
    return tuple(texts)


def churn_record(moves: int = 250) -> dict[str, Any]:
    """About 160 of its moves do the work limit's worth of dealing out."""
    return uno.make_record(CHURN, 10, 1, _churn_moves(moves))


def test_a_record_whose_moves_do_too_much_work_is_refused_at_the_move(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = churn_record()
    assert len(json.dumps(record)) < 8_000 and len(record["moves"]) == 250
    with pytest.raises(uno.SituationError) as info:
        uno.replay(record)
    (problem,) = info.value.problems
    assert problem.where.startswith("moves[")
    index = int(problem.where[len("moves[") : -1])
    assert 100 < index < len(record["moves"]) - 50  # refused where it passed, not at the end
    assert "the work limit" in problem and f"more than {MAX_RECORD_WORK}" in problem
    # the command line: one line naming the move, exit status 2
    path = tmp_path / "churn.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, _, err = run(capsys, "replay", str(path))
    reason = one_line_error(code, err)
    assert f"moves[{index}]" in reason and "the work limit" in reason


@pytest.mark.parametrize("preset", preset_names())
def test_records_of_every_bundled_preset_do_far_less_work_at_the_move_limit(preset: str) -> None:
    """Seeded random games of the preset (every legal move alike, so hands grow large and
    every card is played), replayed: their work per move, at the move limit, stays under
    half the work limit."""
    for players, seed in ((2, 1), (5, 2)):
        rules = uno.load_preset(preset)
        players = min(players, rules.max_players)
        rng = random.Random(seed)
        state = uno.new_game(rules, players=players, seed=seed)
        texts: list[str] = []
        work = 0
        while len(texts) < 1_000 and not state.game_over:
            if state.round_over:
                state = uno.next_round(state)  # type: ignore[assignment]
                texts.append("next-round")
                continue
            move = rng.choice(uno.legal_moves(state))
            done = uno.apply_or_raise(state, move)
            work += move_work(done.events, done.state)
            state = done.state
            texts.append(str(move))
        result = uno.replay(uno.make_record(preset, players, seed, texts))
        assert result.ok and result.applied == len(texts)
        assert result.work >= work  # each move's work, and the deals between rounds
        assert result.work * MAX_RECORD_MOVES / len(texts) < MAX_RECORD_WORK / 2, preset
