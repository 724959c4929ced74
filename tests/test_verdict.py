"""The answer of a ruling in plain words (``uno_rules.verdict``): yes or no and what happens
now, players counted from 1, in English, Vietnamese and Tagalog; said by the command line's
side-by-side form, its JSON and the HTTP dispute API."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from uno_rules.cli import main
from uno_rules.dispute import settle
from uno_rules.verdict import plain_verdict, player_name

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def _said(name: str, presets: list[str], lang: str = "en") -> dict[str, list[str]]:
    data = yaml.safe_load((EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))
    settled = settle(data, presets)
    return {
        preset: [plain_verdict(r, lang, preset=preset) for r in rulings]
        for preset, rulings in settled.rulings.items()
    }


def test_a_stack_says_who_now_draws_how_many_under_each_rule_set() -> None:
    said = _said("stacking-plus2-on-plus2", ["official", "family"])
    assert said["official"] == [
        "Under Official rules: yes. Player 2 draws 2 and misses a turn. Now it is Player 3's turn.",
        "Under Official rules: no, because Player 2 may not pass the penalty on with another draw "
        "card. Nothing changes. Now it is Player 3's turn.",
    ]
    assert said["family"][1] == (
        "Under Family rules: yes. Player 3 now draws 4, or stacks another draw card."
    )


def test_a_failed_challenge_says_who_was_right_and_who_draws_six() -> None:
    said = _said("challenge-fails", ["official"])["official"]
    assert said[1] == (
        "Under Official rules: yes. Player 1 played fairly, so the challenger, Player 2, is wrong "
        "and draws 6. Now it is Player 3's turn."
    )


def test_a_bluff_is_a_no_that_stands_until_challenged_and_the_challenge_catches_it() -> None:
    said = _said("challenge-catches-a-bluff", ["official"])["official"]
    assert said[0].startswith(
        "Under Official rules: no, because Player 1 holds a card of the color"
    )
    assert "stays on the pile unless it is challenged" in said[0]
    assert "Player 2 now draws 4, or challenges the Wild Draw Four." in said[0]
    assert said[1].startswith("Under Official rules: no, because only Player 2, who would draw,")
    assert "Player 2, is right: Player 1 bluffed and draws 4." in said[2]


def test_a_caught_uno_and_the_editions_say_who_draws() -> None:
    assert (
        "Player 1 did not call UNO in time and draws 2."
        in (_said("missed-uno-caught-in-time", ["official"])["official"][1])
    )
    assert _said("no-mercy-wild-draw-six-on-a-draw-four", ["no-mercy"])["no-mercy"][1] == (
        "Under UNO Show 'Em No Mercy: yes. Player 3 now draws 10, or stacks another draw card."
    )
    flip = _said("flip-stack-draw-five-on-the-dark-side", ["flip"])["flip"]
    assert flip[0].startswith("Under UNO Flip: yes. Player 2 draws 5 and misses a turn.")
    assert flip[1].startswith("Under UNO Flip: no, because Player 2 may not pass the penalty on")


@pytest.mark.parametrize(
    ("lang", "stack", "challenge"),
    [
        (
            "vi",
            "Theo Luật gia đình: được. Giờ Người chơi 3 rút 4 lá, hoặc chồng thêm một lá rút.",
            "Người chơi 1 đánh đúng luật, nên người thách, Người chơi 2, thách sai và rút 6 lá.",
        ),
        (
            "tl",
            "Ayon sa Patakaran ng pamilya: puwede. Ngayon, bubunot si Manlalaro 3 ng 4, o "
            "magpapatong ng isa pang draw card.",
            "Patas ang nilaro ni Manlalaro 1, kaya mali ang humamon na si Manlalaro 2 at "
            "bubunot siya ng 6.",
        ),
    ],
)
def test_the_sentences_are_said_in_the_tables_language(
    lang: str, stack: str, challenge: str
) -> None:
    assert _said("stacking-plus2-on-plus2", ["family"], lang)["family"][1] == stack
    assert challenge in _said("challenge-fails", ["official"], lang)["official"][1]


def test_players_are_counted_from_one_or_called_by_their_names() -> None:
    assert player_name(0) == "Player 1" and player_name(3, "vi") == "Người chơi 4"
    assert player_name(1, names=["An", "Bình"]) == "Bình"
    assert player_name(2, "tl", names=["An", "Bình"]) == "Manlalaro 3"
    data = yaml.safe_load((EXAMPLES / "challenge-fails.yaml").read_text(encoding="utf-8"))
    ruling = settle(data, ["official"]).rulings["official"][1]
    assert plain_verdict(ruling, names=["An", "Bình", "Chi"]).startswith(
        "Yes. An played fairly, so the challenger, Bình, is wrong and draws 6."
    )
    # no bare seat number, counted from 0, in any sentence
    for lang in ("en", "vi", "tl"):
        for sentences in _said("challenge-catches-a-bluff", ["official"], lang).values():
            for sentence in sentences:
                assert not re.search(r"(?<![\w+])0(?!\w)", sentence), sentence


def test_the_side_by_side_form_says_each_answer_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(EXAMPLES / "challenge-fails.yaml")
    main(["rule", path, "--preset", "official", "--preset", "family", "--lang", "vi"])
    out = capsys.readouterr().out
    assert "   Theo Luật gốc: được. Người chơi 1 đánh đúng luật" in out
    assert "     B8.7: " in out  # the deciding clause and what it says, under the answer


def test_the_json_of_the_command_line_and_the_api_carry_the_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = EXAMPLES / "stacking-plus2-on-plus2.yaml"
    main(["rule", str(path), "--preset", "official", "--preset", "family", "--json"])
    printed: dict[str, Any] = json.loads(capsys.readouterr().out)
    assert printed["rulings"]["family"][1]["plain"] == (
        "Under Family rules: yes. Player 3 now draws 4, or stacks another draw card."
    )
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from uno_rules.server import create_app

    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        r = client.post(
            "/api/disputes?preset=family&lang=tl",
            content=path.read_bytes(),
            headers={"Content-Type": "application/yaml"},
        )
        assert r.status_code == 200
        assert r.json()["rulings"]["family"][1]["plain"].startswith(
            "Ayon sa Patakaran ng pamilya: puwede."
        )
        schema = client.get("/openapi.json").json()["components"]["schemas"]["Ruling"]
        assert schema["properties"]["plain"]["type"] == "string"


def test_every_clause_of_flip_and_no_mercy_has_a_sentence_in_each_language() -> None:
    """The clauses of UNO Flip (F1-F16) and No Mercy (N1-N17) each have a sentence, said
    in Vietnamese and Tagalog, never a pointer to the docs."""
    from uno_rules.clauses import CLAUSES, clause_text

    ids = [f"F{n}" for n in range(1, 17)] + [f"N{n}" for n in range(1, 18)]
    for clause in ids:
        assert clause in CLAUSES, clause
        for lang in ("vi", "tl"):
            said = clause_text(clause, lang=lang)
            assert said != CLAUSES[clause] and "docs/" not in said, (clause, lang)
