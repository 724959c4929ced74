"""UNO Attack (AT1-AT6, docs/attack.md), written as a preset alone: its deck, the launcher
(a random draw from the game's seed, zero included), its kinds' steps, rulings by clause,
and whole seeded games under the conformance kit."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import uno_rules as uno
from uno_rules.clauses import clause_text
from uno_rules.rules.deck import build_deck
from uno_rules.testing import battery, random_playout

from ..helpers import kinds, refused


def table(hands: list[object], seed: int = 0) -> uno.GameState:
    return uno.situation(
        {"rules": "attack", "players": 3, "hands": hands, "discard": ["R3"], "seed": seed}
    )


def test_at1_the_deck() -> None:
    deck = build_deck(uno.load_preset("attack"))
    counts = Counter(str(c.rank) for c in deck)
    assert len(deck) == 112
    assert counts["hit2"] == 8 and counts["trade"] == 4 and counts["discardall"] == 4
    assert counts["skip"] == counts["rev"] == 4
    assert counts["W"] == counts["Wallhit"] == counts["Whitfire"] == 4
    assert "+2" not in counts and "W+4" not in counts


def test_at2_a_press_fires_none_one_or_several_and_ends_the_turn() -> None:
    fired: Counter[int] = Counter()
    for seed in range(60):
        pressed = uno.apply_or_raise(table([["R1", "B5"], 3, 3], seed), "0 draw")
        assert kinds(pressed.events) == ["drew", "passed"]
        assert pressed.state.turn == 1 and pressed.state.phase is uno.Phase.TURN
        fired[pressed.events[0].count] += 1
    assert fired[0] > 10 and len(fired) >= 4  # often nothing, sometimes several
    assert max(fired) <= 6


def test_at2_the_same_table_and_seed_fire_the_same_cards() -> None:
    a = uno.apply_or_raise(table([["R1"], 3, 3], 5), "0 draw")
    b = uno.apply_or_raise(table([["R1"], 3, 3], 5), "0 draw")
    assert a.events == b.events and a.state == b.state


def test_at3_hit_2_is_two_presses_and_a_lost_turn() -> None:
    state = table([["Rhit2", "R1"], 3, 3])
    ruling = uno.rule_on(state, "0 Rhit2")
    assert ruling.legal and ruling.clause == "AT3"
    played = uno.apply_or_raise(state, "0 Rhit2")
    assert kinds(played.events) == ["played", "drew", "drew", "skipped"]
    assert played.events[1].seat == played.events[2].seat == 1
    assert played.state.turn == 2


def test_its_clauses_are_said_in_its_own_words_in_each_language() -> None:
    """K9: the preset writes the sentences of its cards' clauses (AT3), in each language,
    as data; the library knows none of them, only the launcher's (AT2), a setting any rule
    set may turn on."""
    state = table([["Rhit2", "R1"], 3, 3])
    assert uno.rule_on(state, "0 Rhit2").text.startswith("Hit 2: the next player presses")
    assert uno.rule_on(state, "0 Rhit2", lang="vi").text.startswith("Lá Bấm 2")
    assert uno.rule_on(state, "0 Rhit2", lang="tl").text.startswith("Hit 2: pipindutin")
    assert clause_text("AT3").startswith("Clause AT3")  # not the library's
    assert clause_text("AT2").startswith("Drawing is one press of the launcher")


def test_at4_trade_hands_names_a_player() -> None:
    state = table([["Rtrade", "R1"], ["B1"], 3])
    refused(state, "0 Rtrade", "target-required")
    played = uno.apply_or_raise(state, "0 Rtrade >1")
    assert [str(c) for c in played.state.hands[0]] == ["B1"]


def test_at5_wild_all_hit_makes_every_other_player_press() -> None:
    played = uno.apply_or_raise(table([["Wallhit", "R1"], 3, 3]), "0 Wallhit blue")
    assert [e.seat for e in played.events if e.kind == "drew"] == [1, 2]
    assert played.state.turn == 1


def test_at6_wild_hit_fire_fires_at_least_one_card() -> None:
    for seed in range(30):
        played = uno.apply_or_raise(table([["Whitfire", "R1"], 3, 3], seed), "0 Whitfire blue")
        drew = [e for e in played.events if e.kind == "drew"]
        assert len(drew) == 1 and drew[0].count >= 1 and drew[0].seat == 1
        assert played.state.turn == 2


def test_seeded_games_play_to_the_end_with_cards_conserved() -> None:
    short = {"extends": "attack", "name": "attack-100", "scoring": {"target": 100}}
    deck = Counter(build_deck(uno.load_preset(short)))
    for players in (2, 4):
        final, moves = random_playout(
            short, players, seed=players, policy_seed=1, max_moves=20000, deck=deck
        )
        assert final.game_winners and moves


def test_the_conformance_battery_holds() -> None:
    report = battery("attack", players=(2, 3), seeds=(0, 1), limit=80)
    assert report.states > 0


def test_a_dispute_is_read_under_its_rules_in_a_fresh_process(tmp_path: Path) -> None:
    """A move naming a card the dispute's rule set declares (Rhit2) is read once that rule
    set is known: in a fresh process, with the preset given on the command line, and with
    the file's own rules."""
    given = tmp_path / "hit.yaml"
    given.write_text(
        "players: 3\nhands: [[Rhit2, R1], 3, 3]\ndiscard: [R3]\nmoves: ['0 Rhit2']\n",
        encoding="utf-8",
    )
    own = tmp_path / "own.yaml"
    own.write_text("rules: attack\n" + given.read_text(encoding="utf-8"), encoding="utf-8")
    for args in ((str(given), "--preset", "attack"), (str(own),)):
        proc = subprocess.run(
            [sys.executable, "-m", "uno_rules.cli", "rule", *args, "--json"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert proc.returncode == 0, proc.stderr
        assert '"AT3"' in proc.stdout
