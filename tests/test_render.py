"""uno.describe and the CLI's rendered text: cards are written so that they cannot be
taken for clause ids."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import uno_rules as uno
from uno_rules.render import card_name, describe_event

# Card notation (B1, Grev, W+4...): blue number cards look exactly like clause ids B1..B11.
NOTATION = re.compile(r"(?<![\w+])(?:[RYGB](?:\d|skip|rev|\+2)|W\+4|WSH|WSW|WC|W)(?![\w+])")


def rendered_lines(preset: str, seed: int) -> list[str]:
    state, events = uno.deal_game(preset, players=3, seed=seed)
    lines = [uno.describe(state), *(describe_event(e) for e in events)]
    for _ in range(300):
        if state.round_over:
            break
        result = uno.apply_or_raise(state, uno.legal_moves(state)[-1])
        state = result.state
        lines.append(uno.describe(state))
        lines.extend(describe_event(e) for e in result.events)
        lines.extend(uno.describe(uno.view(state, s)) for s in range(3))
    return lines


@pytest.mark.parametrize("preset", ["official", "family", "official-112", "no-mercy-lite"])
def test_rendered_text_never_shows_card_notation(preset: str) -> None:
    for seed in range(3):
        for line in rendered_lines(preset, seed):
            assert not NOTATION.search(line), line


def test_card_names() -> None:
    assert [card_name(c) for c in uno.parse_cards("B1 Grev Y+2 Rskip W W+4 WSH")] == [
        "blue 1",
        "green Reverse",
        "yellow Draw Two",
        "red Skip",
        "Wild",
        "Wild Draw Four",
        "Wild Shuffle Hands",
    ]


def test_a_drawn_card_that_cannot_be_played_is_not_offered() -> None:
    table = uno.situation(
        {"players": 2, "hands": [["R7"], 3], "discard": ["G5"], "draw_pile": ["B1"]}
    )
    state = uno.apply_or_raise(table, "0 draw").state
    assert describe_event(uno.CardsDrawn(0, 1, "turn", (uno.Card.parse("B1"),))) == (
        "seat 0 drew 1: blue 1"
    )
    assert uno.describe(state).startswith("seat 0 drew blue 1, which cannot be played: passes |")
    assert uno.describe(uno.view(state, 0)).startswith("seat 0 drew blue 1: plays it or passes")
    assert uno.describe(uno.view(state, 1)).startswith("seat 0 drew a card: plays it or passes")


def test_every_seat_reads_the_same_grammar() -> None:
    """The seat that drew and the others read one sentence; only the card is hidden."""
    table = uno.situation(
        {"players": 3, "hands": [["R7", "G9"], 3, 3], "discard": ["G5"], "draw_pile": ["G1"]}
    )
    state = uno.apply_or_raise(table, "0 draw").state
    own = uno.describe(uno.view(state, 0)).split(" | ")[0]
    other = uno.describe(uno.view(state, 2)).split(" | ")[0]
    assert own == "seat 0 drew green 1: plays it or passes"
    assert other == own.replace("green 1", "a card")


def test_describe_is_public_and_the_cli_prints_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from uno_rules.cli import main
    from uno_rules.verdict import seats_as_players

    assert "describe" in uno.__all__
    state = uno.new_game("official", players=2, seed=5)
    line = uno.describe(state)
    assert line == uno.describe(uno.view(state, 0))
    record = tmp_path / "game.yaml"
    record.write_text("rules: official\nplayers: 2\nseed: 5\nmoves: []\n", encoding="utf-8")
    main(["replay", str(record)])
    # the command line says it for people: its seats as players counted from 1
    assert f"  table:  {seats_as_players(line)}" in capsys.readouterr().out


def test_the_command_line_counts_players_from_1_in_the_hands_and_scores_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A table line for people said "Player 3 to play | ... | hands 0:2 1:6 2:5": its
    players counted from 1, its hands from 0. The command line's lines count both from 1
    (`hands 1:2 2:6 3:5`), as the dispute page does; ``uno.describe`` keeps counting seats
    from 0, as notation and the JSON output do."""
    from uno_rules.cli import main

    dispute = {"players": 3, "hands": [["R+2", "G4"], 6, 5], "discard": ["R3"], "moves": ["0 R+2"]}
    path = tmp_path / "dispute.json"
    path.write_text(json.dumps(dispute), encoding="utf-8")
    assert main(["rule", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Player 1 to play | top red 3 (red) | clockwise | hands 1:2 2:6 3:5 |" in out
    assert "Player 3 to play | top red Draw Two (red) | clockwise | hands 1:1 2:8 3:5 |" in out
    assert " 0:" not in out
    state = uno.situation({k: v for k, v in dispute.items() if k != "moves"})
    assert "seat 0 to play | top red 3 (red) | clockwise | hands 0:2 1:6 2:5 |" in uno.describe(
        state
    )
    # the scores of a finished game, as the command line says them after a replay
    record = tmp_path / "game.yaml"
    record.write_text("rules: official\nplayers: 2\nseed: 5\nmoves: []\n", encoding="utf-8")
    assert main(["replay", str(record)]) == 0
    assert "  scores: 1:0 2:0\n" in capsys.readouterr().out


def test_values_per_seat_in_sentences_for_people_count_from_1() -> None:
    from uno_rules.render import describe_event
    from uno_rules.verdict import seats_as_players

    shuffled = describe_event(uno.HandsShuffled(2, (3, 4, 5)))
    assert seats_as_players(shuffled) == (
        "Player 3 shuffles every hand and deals them again: hands 1:3 2:4 3:5"
    )
    said = seats_as_players(describe_event(uno.HandsShuffled(0, (1, 2))), "vi")
    assert "1:1 2:2" in said and "0:" not in said
    # only a value per seat, in seat order: nothing else that looks like one
    assert seats_as_players("hands 1:2 0:3; at 0:15") == "hands 1:2 0:3; at 0:15"


def test_the_page_says_seats_as_players_as_the_command_line_does() -> None:
    """The dispute page's ``seatsAsPlayers`` (run by Node, where it is installed) says the
    server's sentences as ``seats_as_players`` does: seats and values per seat alike."""
    import shutil

    from uno_rules.verdict import seats_as_players

    node = shutil.which("node")
    if node is None:
        pytest.skip("Node is not installed")
    page = (Path(uno.__file__).parent / "web" / "page.js").read_text(encoding="utf-8")
    start = page.index("function seatsAsPlayers(")
    end = page.index("\n}\n", page.index("function valuesFromOne(")) + 3
    sentences = [
        "seat 2 shuffles every hand and deals them again: hands 0:3 1:4 2:5",
        "seat 0 goes out; scores 0:0 1:25 2:3",
        "hands 1:2 0:3; at 0:15",
        "seat 1 drew 2",
    ]
    script = (
        "const t = (m, p) => m === 'seat {seat}' ? m : `Player ${p.number}`;\n"
        "const player = (seat) => t('Player {number}', { number: Number(seat) + 1 });\n"
        f"{page[start:end]}\n"
        f"console.log(JSON.stringify({json.dumps(sentences)}.map(seatsAsPlayers)));\n"
    )
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [seats_as_players(s) for s in sentences]


def test_cli_import_stays_light() -> None:
    """The CLI reaches the renderer only when a verb needs it."""
    code = "import sys, uno_rules.cli; print('uno_rules.render' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "False"


def test_event_phrases_for_the_deal_and_the_rest() -> None:
    card = uno.Card.parse("B1")
    assert describe_event(uno.Dealt(3, 7, (7, 7, 7, 7))) == "seat 3 deals 7 cards each"
    assert describe_event(uno.FirstCardReturned(uno.Card.parse("W+4"), "bottom")) == (
        "Wild Draw Four turned first goes back under the draw pile; another card is turned"
    )
    assert describe_event(uno.FirstCardTurned(card)) == "first card blue 1"
    assert describe_event(uno.Redealt("wild-first", "A1")) == "the cards are dealt again (A1)"
    assert describe_event(uno.RoundEnded(None, (0, 0), (0, 0), True)) == "the round ends blocked"
    assert describe_event(uno.WildsDiscarded(2, (uno.Card.parse("W"), card))) == (
        "seat 2 puts Wild, blue 1 under the discard pile"
    )
    assert describe_event(uno.HandsRotated(1)) == "every hand passes to the next seat clockwise"


EVERY_EVENT = [
    uno.CardPlayed(0, uno.Card.parse("R+2"), uno.Color.RED),
    uno.CardPlayed(2, uno.Card.parse("R5"), uno.Color.RED, jump_in=True),
    uno.CardsDrawn(1, 2, "penalty", None),
    uno.Passed(1),
    uno.Skipped(1),
    uno.Reversed(-1),
    uno.ColorChosen(0, uno.Color.BLUE),
    uno.Reshuffled(40),
    uno.UnoCalled(3),
    uno.UnoCaught(1, 0, 2),
    uno.PenaltyAccepted(1, 4),
    uno.ChallengeWon(1, 0, 4, None),
    uno.ChallengeLost(1, 0, 6, (uno.Card.parse("B1"),)),
    uno.RoundEnded(0, (0, 30), (30, 0)),
    uno.GameEnded((0,)),
    uno.GameEnded((0, 2)),
    uno.PenaltyDeflected(1, 2, 4),
    uno.HandsSwapped(0, 2),
    uno.HandsRotated(-1),
    uno.HandsShuffled(0, (3, 3, 2)),
    uno.CardsDiscarded(0, (uno.Card.parse("B1"),)),
    uno.ExtraTurn(0),
    uno.Eliminated(1, "mercy"),
    uno.Eliminated(1, "target"),
]


@pytest.mark.parametrize("lang", ["en", "vi", "tl"])
def test_every_bundled_event_is_a_sentence_not_a_field_dump(lang: str) -> None:
    """No event of the package is written as ``kind: field value, ...``."""
    for event in EVERY_EVENT:
        text = describe_event(event, lang=lang)
        assert not text.startswith(event.kind), text
        assert "_" not in text and "{" not in text, text
        assert not NOTATION.search(text), text


def test_event_sentences_in_english() -> None:
    said = [describe_event(e) for e in EVERY_EVENT]
    assert said[3] == "seat 1 passes"
    assert said[6] == "seat 0 names blue"
    assert said[15] == "game over: seats 0 2 share the win"
    assert said[17] == "seat 0 and seat 2 swap hands"


def refusals(preset: str, seed: int) -> list[uno.Violation]:
    """What a game refuses: at each state of a round, every card of every hand played by
    every seat (with and without a color), and a draw, a pass and an accept by each seat."""
    state = uno.new_game(preset, players=3, seed=seed)
    found: list[uno.Violation] = []
    for _ in range(60):
        if state.round_over:
            break
        for seat in range(3):
            tries: list[uno.Move] = [uno.Draw(seat), uno.Pass(seat), uno.Accept(seat)]
            for hand in state.hands:
                for c in dict.fromkeys(hand):
                    tries.append(uno.Play(seat, c))
                    tries.append(uno.Play(seat, c, color=uno.Color.RED))
                    tries.append(uno.Play(seat, c, extra=(c,)))
            for move in tries:
                result = uno.apply(state, move)
                if isinstance(result, uno.Violation):
                    found.append(result)
        state = uno.apply_or_raise(state, uno.legal_moves(state)[-1]).state
    return found


@pytest.mark.parametrize("preset", ["official", "family", "official-112", "no-mercy-lite"])
def test_refusals_name_cards_in_words(preset: str) -> None:
    """A refusal's sentence names cards in words (``a blue 7``), so a card is never read as
    the clause id the sentence cites (``Seat 0 does not hold B7 (B4.4).``)."""
    found = refusals(preset, seed=1)
    assert len({type(v) for v in found}) >= 5
    for violation in found:
        sentence = violation.explain()  # str() adds the clause: "... (B4.4)."
        assert str(violation).startswith(sentence[0].upper() + sentence[1:])
        assert not NOTATION.search(sentence), sentence


def test_a_refusal_names_the_card() -> None:
    table = uno.situation({"players": 2, "hands": [["R7"], 3], "discard": ["G5"]})
    refused = uno.apply(table, "0 B7")
    assert str(refused) == "Seat 0 does not hold a blue 7 (B4.4)."
    assert uno.Card.parse("W+4").name == "Wild Draw Four"
