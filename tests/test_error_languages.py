"""The problems of a bad preset or a bad table in the caller's language: each problem keeps
where it is (a setting path, a field) as the input writes it, its message and its facts,
and is written in a language only at the edge (``lang=``, ``--lang``, ``?lang=``); the
English text, the ``--json`` output and the paths never change with the language."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

import uno_rules as uno
from house_rule_plugin import installed
from uno_rules.cli import main
from uno_rules.dispute import rulings_problem, settle
from uno_rules.errors import Problem, error_text, problem_text

BAD_PRESET = {"uno": {"penalty_cardz": 2}, "w4_challenge": "nope", "hand_size": "seven"}
BAD_TABLE = {"players": 2, "hands": [["R7", "XX"], 3], "discard": ["G5"], "moves": ["0 R7"]}


def _preset_error(source: object) -> uno.PresetError:
    with pytest.raises(uno.PresetError) as caught:
        uno.load_preset(source)  # type: ignore[arg-type]
    return caught.value


def _table_error(description: dict[str, object]) -> uno.SituationError:
    with pytest.raises(uno.SituationError) as caught:
        uno.situation(description)
    return caught.value


def test_a_problem_is_its_english_sentence_and_keeps_what_it_is_written_from() -> None:
    p = Problem("uno.penalty_cards", "expected an integer, got {got}", {"got": "a list"})
    assert p == "uno.penalty_cards: expected an integer, got a list"
    assert (p.where, p.message, p.facts) == (
        "uno.penalty_cards",
        "expected an integer, got {got}",
        {"got": "a list"},
    )
    assert problem_text(p, "vi") == "uno.penalty_cards: cần một số nguyên, nhưng có a list"
    again = pickle.loads(pickle.dumps(p))
    assert again == p and again.text("tl") == p.text("tl")
    assert problem_text("an installed rule's own words", "vi") == "an installed rule's own words"


def test_preset_problems_in_each_language_keep_their_paths() -> None:
    error = _preset_error(BAD_PRESET)
    assert error.problems == [
        "hand_size: expected an integer, got the text 'seven'",
        "w4_challenge: unknown value 'nope'; expected one of enabled, disabled",
        "uno.penalty_cardz: unknown setting (did you mean 'penalty_cards'?)",
    ]
    vi = [problem_text(p, "vi") for p in error.problems]
    tl = [problem_text(p, "tl") for p in error.problems]
    assert vi == [
        "hand_size: cần một số nguyên, nhưng có văn bản 'seven'",
        "w4_challenge: giá trị không xác định 'nope'; cần một trong: enabled, disabled",
        "uno.penalty_cardz: thiết lập không xác định (có phải ý bạn là 'penalty_cards'?)",
    ]
    assert tl[2] == (
        "uno.penalty_cardz: hindi kilalang setting ('penalty_cards' ba ang ibig mong sabihin?)"
    )
    for english, *said in zip(error.problems, vi, tl, strict=True):
        where = english.split(": ", 1)[0]
        assert all(s.startswith(f"{where}: ") and s != english for s in said)
    assert str(error).startswith("invalid preset (3 problems): hand_size:")
    assert error_text(error, "vi").startswith("bộ luật không hợp lệ (3 lỗi): hand_size: cần")
    assert error.text("en") == str(error)


def test_an_unknown_preset_and_a_contradiction_in_each_language() -> None:
    unknown = _preset_error("offical").problems[0]
    assert unknown.startswith("'offical': no such preset or file (did you mean 'official'?)")
    assert problem_text(unknown, "vi").startswith(
        "'offical': không có bộ luật hay tệp này (có phải ý bạn là 'official'?)"
    )
    contradiction = _preset_error({"scoring": {"elimination": True}}).problems[0]
    assert contradiction == "scoring.elimination: needs scoring.mode 'running_low' (T10)"
    assert problem_text(contradiction, "tl") == (
        "scoring.elimination: kailangan ang scoring.mode na 'running_low' (T10)"
    )


def test_table_problems_in_each_language() -> None:
    bad_card = _table_error(BAD_TABLE).problems[0]
    assert bad_card.startswith("hands[0][1]: cannot read 'XX': expected a card such as R5")
    assert problem_text(bad_card, "vi").startswith(
        "hands[0][1]: không đọc được 'XX': cần một lá bài như R5"
    )
    assert problem_text(bad_card, "tl").startswith(
        "hands[0][1]: hindi mabasa ang 'XX': inaasahan ang isang card gaya ng R5"
    )
    impossible = _table_error(
        {"players": 2, "hands": [["R7", "R7", "R7"], 300], "discard": ["G5"]}
    ).problems
    assert impossible == [
        "cards: 3 x R7 named, but the deck has 2 (B1.1)",
        "hands: the counted hands need 300 cards, but only 105 are left",
    ]
    assert [problem_text(p, "vi") for p in impossible] == [
        "cards: nêu 3 lá R7, nhưng bộ bài chỉ có 2 (B1.1)",
        "hands: các tay bài cho theo số lá cần 300 lá, nhưng chỉ còn 105 lá",
    ]


def test_a_table_rules_problem_is_found_under_rules_in_each_language() -> None:
    error = _table_error({"players": 2, "hands": [1, 1], "discard": ["G5"], "rules": BAD_PRESET})
    assert error.problems[0] == "rules: hand_size: expected an integer, got the text 'seven'"
    assert problem_text(error.problems[0], "tl") == (
        "rules: hand_size: inaasahan ang isang integer, pero ang text na 'seven' ang ibinigay"
    )


@pytest.fixture
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


def _write(path: Path, data: object) -> str:
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.mark.usefixtures("english_locale")
def test_the_command_line_writes_problems_in_its_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    preset = _write(tmp_path / "bad.json", BAD_PRESET)
    table = _write(tmp_path / "table.json", BAD_TABLE)
    assert main(["--lang", "vi", "presets", "check", preset]) == 1
    out = capsys.readouterr().out
    assert f"{preset}: 3 lỗi\n" in out
    assert "  w4_challenge: giá trị không xác định 'nope'" in out
    assert main(["--lang", "tl", "rule", table]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"uno-rules: {table}: hands[0][1]: hindi mabasa ang 'XX'")
    assert main(["--lang", "vi", "rule", str(table), "--preset", preset]) == 2
    err = capsys.readouterr().err
    assert f"{preset}: 3 lỗi" in err and "uno.penalty_cardz: thiết lập không xác định" in err
    assert main(["rule", str(table), "--preset", preset]) == 2
    assert "uno.penalty_cardz: unknown setting" in capsys.readouterr().err


@pytest.mark.usefixtures("english_locale")
def test_the_command_lines_json_problems_are_the_same_in_every_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    preset = _write(tmp_path / "bad.json", BAD_PRESET)
    outputs = []
    for lang in ("en", "vi", "tl"):
        assert main(["--lang", lang, "presets", "check", preset, "--json"]) == 1
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] == outputs[2]
    assert "unknown setting" in json.loads(outputs[0])["problems"][2]


def test_the_service_writes_problems_in_the_language_asked_for() -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from uno_rules.server import create_app

    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        english = client.post("/api/disputes", json=BAD_TABLE)
        vi = client.post("/api/disputes?lang=vi", json=BAD_TABLE)
        tl = client.post("/api/disputes", json=BAD_TABLE, headers={"Accept-Language": "fil"})
    assert english.status_code == vi.status_code == tl.status_code == 422
    bodies = [r.json() for r in (english, vi, tl)]
    assert {b["error"] for b in bodies} == {"SituationError"}
    assert [len(b["problems"]) for b in bodies] == [1, 1, 1]
    assert bodies[0]["problems"][0].startswith("hands[0][1]: cannot read 'XX'")
    assert bodies[1]["problems"][0].startswith("hands[0][1]: không đọc được 'XX'")
    assert bodies[2]["message"].startswith("hands[0][1]: hindi mabasa ang 'XX'")


# --------------------------------------------------------------------------- hidden hands

# Seat 0 played the Wild Draw Four from a hand the table gives as a count: the engine
# filled its cards in, so the challenge's sentence may say the hand was shown, never what
# it held.
COUNTED_CHALLENGE = {
    "players": 3,
    "hands": [5, ["R1"], 4],
    "discard": ["G5", "W+4"],
    "played_by": 0,
    "turn": 1,
    "penalty": {"amount": 4, "previous_color": "green"},
    "color": "red",
    "moves": ["1 challenge"],
}
SHOWN = {
    "en": "(hand shown to seat 1; the table does not name its cards)",
    "vi": "(bài đã cho người chơi 1 xem; bàn chơi không nêu tên các lá đó)",
    "tl": "(ipinakita ang kamay kay manlalaro 1; hindi binanggit ng mesa ang mga card nito)",
}


def _challenge(out: dict[str, object], preset: str = "official") -> dict[str, object]:
    rulings = out["rulings"][preset]  # type: ignore[index]
    found = [e for r in rulings for e in r["events"] if e["kind"].startswith("challenge")]
    assert len(found) == 1
    event: dict[str, object] = found[0]
    return event


@pytest.mark.parametrize("lang", ["en", "vi", "tl"])
def test_a_hand_the_table_never_named_is_shown_without_its_cards(lang: str) -> None:
    from uno_rules.dispute import settle
    from uno_rules.render import card_name

    event = _challenge(settle(COUNTED_CHALLENGE).to_dict(None, lang))
    text = str(event["text"])
    assert text.endswith(SHOWN[lang])
    hand = event["hand"]
    assert isinstance(hand, list) and len(hand) == 5
    assert not any(card_name(card, lang) in text for card in hand)


def test_a_named_hand_is_still_named_when_shown() -> None:
    from uno_rules.dispute import settle

    dispute = {
        "players": 2,
        "hands": [["W+4", "B2", "G7"], ["B1", "R4"]],
        "discard": ["R5"],
        "moves": ["0 W+4 yellow", "1 challenge"],
    }
    event = _challenge(settle(dispute).to_dict(None, "vi"))
    assert str(event["text"]).endswith("(bài đã cho người chơi 1 xem: 2 xanh dương, 7 xanh lá)")


def test_a_hand_that_drew_an_unnamed_card_is_shown_without_its_cards() -> None:
    from uno_rules.dispute import settle

    dispute = {
        "players": 2,
        "hands": [["W+4", "G2"], ["R3", "B1"]],
        "discard": ["R5"],
        "moves": ["0 draw", "0 pass", "1 R3", "0 W+4 blue", "1 challenge"],
    }
    settlement = settle(dispute)
    assert all(r.legal for r in settlement.rulings["official"])
    assert _challenge(settlement.to_dict())["text"].endswith(SHOWN["en"])  # type: ignore[union-attr]
    named = {**dispute, "draw_pile": ["G9"]}  # the card drawn is named: so is the hand
    assert "G9" not in str(_challenge(settle(named).to_dict())["text"])
    assert "green 9" in str(_challenge(settle(named).to_dict())["text"])


@pytest.mark.usefixtures("english_locale")
def test_the_command_line_shows_a_counted_hand_without_its_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from uno_rules.verdict import seats_as_players

    table = _write(tmp_path / "challenge.json", COUNTED_CHALLENGE)
    for lang in ("en", "tl"):
        assert main(["--lang", lang, "rule", table]) == 0
        # said for people: the seat as its player, counted from 1
        assert seats_as_players(SHOWN[lang], lang) in capsys.readouterr().out


# --------------------------------------------------------------------------- argparse


@pytest.mark.usefixtures("english_locale")
def test_the_help_is_written_in_the_language_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    assert main(["--lang", "vi", "rule", "--help"]) == 0
    vi = capsys.readouterr().out
    assert vi.startswith("cách dùng: uno-rules rule [-h]")
    assert "\ntùy chọn:\n" in vi and "\nđối số theo vị trí:\n" in vi
    assert "hiện trợ giúp này rồi thoát" in vi
    assert "phân xử theo bộ luật này (lặp lại để so sánh song song)" in vi
    assert main(["rule", "--help", "--lang=tl"]) == 0
    assert capsys.readouterr().out.startswith("paggamit: uno-rules rule")
    assert main(["--help"]) == 0
    english = capsys.readouterr().out
    assert english.startswith("usage: uno-rules") and "\noptions:\n" in english
    # argparse itself is left as it was: only the command's own parsers changed
    other = argparse.ArgumentParser(prog="other").format_help()
    assert other.startswith("usage: other") and "show this help message and exit" in other


@pytest.mark.usefixtures("english_locale")
def test_argparse_errors_are_written_in_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["--lang", "tl", "rulez", "x.yaml"]) == 2
    assert capsys.readouterr().err == (
        "uno-rules: argument VERB: hindi tamang pili: 'rulez' (pumili sa 'rule', 'replay', "
        "'presets', 'serve', 'simulate', 'playtest') ('rule' ba ang ibig mong sabihin?) "
        "(tingnan ang uno-rules --help)\n"
    )
    assert main(["--lang", "vi", "rule"]) == 2
    assert capsys.readouterr().err == (
        "uno-rules: rule: thiếu các đối số bắt buộc: file (xem uno-rules rule --help)\n"
    )
    monkeypatch.setenv("LANGUAGE", "vi")  # the locale, as for the rulings
    assert main(["simulate", "--games", "x"]) == 2
    assert "đối số --games: giá trị int không hợp lệ: 'x'" in capsys.readouterr().err
    assert main(["--lang", "en", "rule"]) == 2
    assert "the following arguments are required: file" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("preset", "english", "vi", "tl"),
    [
        (
            {"uno": {"enabled": False, "penalty_cards": 4}},
            "uno.penalty_cards: has no effect while uno.enabled is false",
            "uno.penalty_cards: không có tác dụng khi uno.enabled là false",
            "uno.penalty_cards: walang epekto habang false ang uno.enabled",
        ),
        (  # the reason is the house rule's own (its idle_options hook)
            {
                "house_rules": {
                    "seven_o": {"enabled": True, "seven_swap": False, "seven_mandatory": False}
                }
            },
            "house_rules.seven_o.seven_mandatory: has no effect while seven_swap is false",
            "house_rules.seven_o.seven_mandatory: không có tác dụng khi seven_swap là false",
            "house_rules.seven_o.seven_mandatory: walang epekto habang false ang seven_swap",
        ),
        (
            {"deck": "classic-108", "extra_cards": {"blank": {"count": 2}}},
            "extra_cards.blank: has no effect with deck 'classic-108'",
            "extra_cards.blank: không có tác dụng với bộ bài 'classic-108'",
            "extra_cards.blank: walang epekto sa deck na 'classic-108'",
        ),
    ],
)
def test_a_setting_that_has_no_effect_is_said_in_each_language(
    preset: dict[str, object], english: str, vi: str, tl: str
) -> None:
    (problem,) = _preset_error(preset).problems
    assert problem == english
    assert (problem_text(problem, "vi"), problem_text(problem, "tl")) == (vi, tl)


@pytest.mark.parametrize(
    ("preset", "english", "vi"),
    [
        (
            {"house_rules": {"deflect": {"enabled": True, "reverse": False, "skip": False}}},
            "house_rules.deflect: enabled with both reverse and skip off",
            "house_rules.deflect: được bật trong khi cả reverse và skip đều tắt",
        ),
        (
            {"house_rules": {"mercy": {"enabled": True, "limit": 5}}},
            "house_rules.mercy.limit: 5 would eliminate every player at the deal (hand_size is 7)",
            "house_rules.mercy.limit: 5 sẽ loại mọi người chơi ngay khi chia bài (hand_size là 7)",
        ),
        (
            {"house_rules": {"stacking": {"enabled": True, "pairs": []}}},
            "house_rules.stacking.pairs: empty: no card could ever be stacked",
            "house_rules.stacking.pairs: trống: không lá nào có thể được chồng",
        ),
    ],
)
def test_a_house_rules_own_contradiction_is_said_in_each_language(
    preset: dict[str, object], english: str, vi: str
) -> None:
    (problem,) = _preset_error(preset).problems
    assert problem == english
    assert problem_text(problem, "vi") == vi
    assert problem_text(problem, "tl") not in (english, vi)
    assert problem_text(problem, "tl").startswith(problem.split(": ", 1)[0] + ": ")


WORDS_MODULE = """
from attrs import field, frozen

from uno_rules.rules.hooks import HouseRule


@frozen
class Words:
    enabled: bool = field(default=False, metadata={"doc": "On.", "clause": "X03"})
    loud: int = field(default=0, metadata={"doc": "How loud.", "clause": "X03"})


class WordsRule(HouseRule):
    name = "test_words"
    clause = "X03"
    params = Words
    clauses = {"X03": "Words."}

    def idle_options(self, rules, params):
        return [("house_rules.test_words.loud", params.loud, 0, "while nobody listens")]

    def contradictions(self, rules, params):
        return ["house_rules.test_words: my own words"]


RULE = WordsRule()
"""


def test_an_installed_rules_own_words_are_shown_as_they_are(tmp_path: Path) -> None:
    with installed(tmp_path, {"x_words": WORDS_MODULE}, {"test_words": "x_words:RULE"}):
        preset = {"house_rules": {"test_words": {"enabled": True, "loud": 3}}}
        problems = _preset_error(preset).problems
    assert problems == [
        "house_rules.test_words.loud: has no effect while nobody listens",
        "house_rules.test_words: my own words",
    ]
    assert [problem_text(p, "vi") for p in problems] == problems


def _problem(source: object) -> Problem:
    (problem,) = _preset_error(source).problems
    assert isinstance(problem, Problem)
    return problem


def test_a_file_that_cannot_be_read_is_said_in_each_language(tmp_path: Path) -> None:
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00")
    folder, missing, not_text = (_problem(s) for s in (tmp_path, tmp_path / "gone.yaml", binary))
    assert (folder, missing, not_text) == (
        f"{tmp_path}: not a regular file",
        f"{tmp_path / 'gone.yaml'}: no such preset file",
        f"{binary}: cannot read the preset file: it is not UTF-8 text",
    )
    assert problem_text(folder, "vi") == f"{tmp_path}: không phải tệp thông thường"
    assert problem_text(missing, "vi") == f"{tmp_path / 'gone.yaml'}: không có tệp bộ luật này"
    assert problem_text(not_text, "tl") == (
        f"{binary}: hindi mabasa ang preset file: hindi ito tekstong UTF-8"
    )


@pytest.mark.parametrize(
    ("text", "english", "vi"),
    [
        (
            "a: b: c",
            "not valid YAML at line 1, column 5: 'mapping values are not allowed in this context'",
            "không phải YAML hợp lệ ở dòng 1, cột 5: 'mapping values are not allowed in this "
            "context'",
        ),
        (
            "uno: 1\nuno: 2\n",
            "the key 'uno' is written twice in one mapping at line 2",
            "khóa 'uno' được viết hai lần trong một ánh xạ ở dòng 2",
        ),
        (
            "a: &a [*a]\n",
            "the alias *a is used inside its own anchor: a preset cannot contain itself",
            "alias *a được dùng bên trong chính anchor của nó: bộ luật không thể chứa chính nó",
        ),
        (
            "[" * 30 + "]" * 30,
            "nested more than 20 levels deep (the depth limit for a preset)",
            "lồng sâu hơn 20 cấp (giới hạn độ sâu cho bộ luật)",
        ),
    ],
)
def test_yaml_that_cannot_be_read_is_said_in_each_language(
    tmp_path: Path, text: str, english: str, vi: str
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    problem = _problem(path)
    assert problem == f"{path}: {english}"
    assert problem_text(problem, "vi") == f"{path}: {vi}"


def test_a_document_over_its_budget_is_said_in_each_language() -> None:
    preset = _problem({"name": ["x"] * 30_000})
    assert preset == "the preset holds more than 20000 values (the value limit)"
    assert problem_text(preset, "vi") == "bộ luật chứa hơn 20000 giá trị (giới hạn giá trị)"
    with pytest.raises(uno.SituationError) as caught:
        uno.situation({"players": 2, "hands": [["R1"]] * 2, "notes": "x" * (2 * 1024 * 1024)})
    error = caught.value
    assert error.problems == [
        "the table description holds more than 1048576 characters of text (the text limit)"
    ]
    assert error.text("tl") == (
        "hindi tamang mesa: may higit sa 1048576 character ng teksto ang paglalarawan ng mesa "
        "(ang text limit)"
    )


def test_extends_problems_are_said_in_each_language(tmp_path: Path) -> None:
    first, second = tmp_path / "first.yaml", tmp_path / "second.yaml"
    first.write_text("extends: second.yaml\n", encoding="utf-8")
    second.write_text("extends: first.yaml\n", encoding="utf-8")
    cycle = _problem(first)
    assert cycle.startswith("extends: a cycle of presets: ")
    assert problem_text(cycle, "vi") == (
        f"extends: các bộ luật kế thừa nhau thành vòng: {cycle.facts['cycle']}"
    )
    number = _problem({"extends": 3})
    assert number == "extends: expected a preset name or a path, got a number (3)"
    assert problem_text(number, "tl") == (
        "extends: inaasahan ang pangalan ng preset o isang path, pero isang numero (3) ang nakuha"
    )
    other = tmp_path / "other.yaml"
    other.write_text("title: notes\n", encoding="utf-8")
    not_preset = _problem(other)
    assert not_preset == (f"{other}: not a preset: none of its keys is a rule setting or 'extends'")
    assert problem_text(not_preset, "vi") == (
        f"{other}: không phải bộ luật: không khóa nào là thiết lập luật hay 'extends'"
    )


def _snapshot_problems(change: dict[str, object]) -> list[str]:
    data = uno.dump_state(uno.new_game("official", players=3, seed=1))
    data.update(change)
    with pytest.raises(uno.SituationError) as caught:
        uno.load_state(data)
    return caught.value.problems


def test_a_snapshot_that_cannot_be_read_is_said_in_each_language() -> None:
    problems = _snapshot_problems({"direction": 2, "colour": "red", "format": "old"})
    assert problems == [
        "'colour': unknown field",
        "format: expected 'uno-rules/state/1', got 'old'",
        "direction: expected 1 or -1, got 2",
    ]
    assert [problem_text(p, "vi") for p in problems] == [
        "'colour': trường không xác định",
        "format: cần 'uno-rules/state/1', nhưng có 'old'",
        "direction: cần 1 hoặc -1, nhưng có 2",
    ]
    (bad_rules,) = _snapshot_problems({"rules": {"hand_size": "x"}})
    assert bad_rules == "rules.hand_size: expected an integer, got the text 'x'"
    assert problem_text(bad_rules, "tl") != bad_rules
    assert problem_text(bad_rules, "tl").startswith("rules.hand_size: ")


def test_a_tampered_snapshot_is_said_in_each_language() -> None:
    data = uno.dump_state(uno.new_game("official", players=3, seed=1))
    hands = data["hands"]
    assert isinstance(hands, list)
    hands[0] = hands[0][:-1]
    problems = _snapshot_problems({"hands": hands, "uno_called": [1]})
    assert problems == [
        "cards: the hands and piles are not exactly the deck (B1.4): missing G0 x1",
        "uno_called: seat 1 holds 7 cards, not one",
    ]
    assert [problem_text(p, "tl") for p in problems] == [
        "cards: hindi eksaktong ang deck ang mga hawak at mga pile (B1.4): kulang ang G0 x1",
        "uno_called: may 7 card si manlalaro 1, hindi isa",
    ]
    assert [problem_text(p, "vi") for p in problems] == [
        "cards: các tay bài và các chồng không đúng bằng bộ bài (B1.4): thiếu G0 x1",
        "uno_called: người chơi 1 cầm 7 lá, không phải một",
    ]


@pytest.mark.parametrize(
    ("record", "english", "vi"),
    [
        (
            {"moves": "0 R5"},
            "moves: expected a list of move texts",
            "moves: cần một danh sách nước đi dạng văn bản",
        ),
        (
            {"colour": 1},
            "'colour': unknown field in a game record",
            "'colour': trường không xác định trong bản ghi trận",
        ),
        (["0 R5"], "record: expected a mapping, got list", "record: cần một ánh xạ, nhưng có list"),
    ],
)
def test_a_bad_game_record_is_said_in_each_language(record: object, english: str, vi: str) -> None:
    with pytest.raises(uno.SituationError) as caught:
        uno.replay(record)  # type: ignore[arg-type]
    (problem,) = caught.value.problems
    assert problem == english
    assert problem_text(problem, "vi") == vi


def test_a_deal_that_cannot_be_made_is_said_in_each_language() -> None:
    with pytest.raises(uno.SituationError) as caught:
        uno.new_game("official", players=3, seed=1, dealer=5)
    (problem,) = caught.value.problems
    assert problem == "dealer: expected a seat from 0 to 2, got 5"
    assert problem_text(problem, "vi") == "dealer: cần một người chơi từ 0 đến 2, nhưng có 5"
    with pytest.raises(uno.SituationError) as caught:
        uno.replay({"seed": None})
    (problem,) = caught.value.problems
    assert problem == "seed: no value (leave the key out for the default 0)"
    assert problem_text(problem, "tl") == (
        "seed: walang value (alisin ang key para sa default na 0)"
    )


def test_a_disputes_deal_and_moves_problems_are_said_in_each_language() -> None:
    with pytest.raises(uno.SituationError) as caught:
        settle({"deal": {"players": 3}, "hands": [], "moves": []}, [])
    assert caught.value.problems == ["hands: not used with deal"]
    assert caught.value.text("vi") == "bàn chơi không hợp lệ: hands: không dùng cùng deal"
    too_many = rulings_problem(2000, 10)
    assert too_many == (
        "moves: 2000 moves under 10 preset(s) ask for 20000 rulings, more than 10000 "
        "(the ruling limit)"
    )
    assert problem_text(too_many, "vi") == (
        "moves: 2000 nước đi theo 10 bộ luật cần 20000 phán quyết, nhiều hơn 10000 "
        "(giới hạn phán quyết)"
    )


def test_a_snapshot_error_whose_facts_are_cards_pickles_and_is_said_again() -> None:
    data = uno.dump_state(uno.new_game("official", players=3, seed=1))
    hands, discard = data["hands"], data["discard_pile"]
    assert isinstance(hands, list) and isinstance(discard, list)
    hands[0] = hands[0][:-1]
    problems = _snapshot_problems({"hands": hands, "discard_pile": ["R5", *discard]})
    error = pickle.loads(pickle.dumps(uno.SituationError(problems)))
    assert error.problems == [
        "cards: the hands and piles are not exactly the deck (B1.4): too many R5 x1; missing G0 x1"
    ]
    assert error.text("vi") == (
        "bàn chơi không hợp lệ: cards: các tay bài và các chồng không đúng bằng bộ bài "
        "(B1.4): thừa R5 x1; thiếu G0 x1"
    )


def test_a_tables_other_fields_are_said_in_each_language_with_their_english_unchanged() -> None:
    error = _table_error(
        {
            "players": 3,
            "hands": [["R7"], ["B5"], ["G1"]],
            "discard": ["R5"],
            "eliminated": "one",
            "seed": "x",
            "scores": 3,
            "uno_called": [7],
            "uno_open": "all",
            "direction": "up",
            "turn": 9,
        }
    )
    assert error.problems == [
        "eliminated: expected a list of seats, got 'one'",
        "turn: expected a seat from 0 to 2, got 9",
        "direction: expected clockwise or counterclockwise, got 'up'",
        "seed: expected an integer, got 'x'",
        "scores: expected 3 whole numbers",
        "uno_called: expected a list of seats, got [7]",
        "uno_open: expected a list of seats, got 'all'",
    ]
    vi = [problem_text(p, "vi") for p in error.problems]
    assert vi[0] == "eliminated: cần một danh sách người chơi, nhưng có 'one'"
    assert vi[4] == "scores: cần 3 số nguyên không âm"
    assert problem_text(error.problems[2], "tl") == (
        "direction: inaasahan ang clockwise o counterclockwise, pero 'up' ang ibinigay"
    )
    for english in error.problems:
        where = english.split(": ", 1)[0]
        for lang in ("vi", "tl"):
            said = problem_text(english, lang)
            assert said.startswith(f"{where}: ") and said != english


def test_a_waiting_penalty_and_a_color_name_the_card_and_color_in_the_tables_words() -> None:
    penalty = _table_error(
        {"players": 2, "hands": [["R7"], ["B5"]], "discard": ["R+2"], "penalty": {"amount": 1}}
    ).problems
    assert penalty == [
        "penalty: under these rules a red Draw Two is drawn at once, so nothing waits (A60)",
        "penalty.amount: 1 is less than the red Draw Two on top draws (2)",
    ]
    assert problem_text(penalty[1], "vi") == (
        "penalty.amount: 1 ít hơn số lá mà Lá +2 đỏ trên cùng bắt rút (2)"
    )
    color = _table_error(
        {"players": 2, "hands": [["R7"], ["B5"]], "discard": ["R5"], "color": "blue"}
    ).problems
    assert color == ["color: the top card R5 is red, but the color given is blue"]
    assert problem_text(color[0], "vi") == (
        "color: lá trên cùng R5 màu đỏ, nhưng màu được cho là xanh dương"
    )
    again = pickle.loads(pickle.dumps(uno.SituationError(penalty + color)))
    assert again.text("tl") == uno.SituationError(penalty + color).text("tl")


def test_a_seat_that_is_not_at_the_table_is_said_in_each_language() -> None:
    state = uno.new_game("official", players=3, seed=1)
    for ask in (lambda: uno.view(state, 7), lambda: uno.legal_moves(state, 7)):
        with pytest.raises(uno.SituationError) as caught:
            ask()
        assert caught.value.problems == ["seat: expected 0 to 2, got 7"]
        assert caught.value.text("vi") == "bàn chơi không hợp lệ: seat: cần từ 0 đến 2, nhưng có 7"
        assert caught.value.text("tl").endswith(
            "seat: inaasahan ang 0 hanggang 2, pero 7 ang ibinigay"
        )


def test_declared_kinds_and_written_rules_problems_are_said_in_each_language() -> None:
    declared = [
        {"rank": "W", "name": "Another Wild", "wild": True},
        {"rank": "zip", "name": "Zip"},
        {"rank": "ZIP", "name": "Zip again"},
        {"rank": "zop", "name": "Zop", "restricted": True},
    ]
    problems = _preset_error({"extends": "official", "card_kinds": declared}).problems
    assert problems == [
        "card_kinds[0].rank: already names another card kind (Wild); a rank names one kind, "
        "declared the same way wherever it is used",
        "card_kinds[2]: the text 'zip' also names card_kinds[1]",
        "card_kinds[3].restricted: only a wild kind is restricted (B8.1)",
    ]
    assert problem_text(problems[1], "vi") == (
        "card_kinds[2]: chữ 'zip' cũng là tên của card_kinds[1]"
    )
    assert problem_text(problems[2], "tl") == (
        "card_kinds[3].restricted: uri ng Wild lang ang may restriksyon (B8.1)"
    )
    written = {
        "extends": "official-112",
        "extra_cards": {"wild_customizable": {"effect": [{"skip": 0}, {"draw_six": 6}]}},
    }
    steps = _preset_error(written).problems
    assert steps[0] == (
        "extra_cards.wild_customizable.effect[0].skip: expected a number of seats from 1 to 9, "
        "or everyone"
    )
    assert steps[1].startswith("extra_cards.wild_customizable.effect[1]: unknown step; expected")
    assert problem_text(steps[0], "vi") == (
        "extra_cards.wild_customizable.effect[0].skip: cần số người chơi từ 1 đến 9, hoặc everyone"
    )
    for english in (*problems, *steps):
        where = english.split(": ", 1)[0]
        for lang in ("vi", "tl"):
            said = problem_text(english, lang)
            assert said.startswith(f"{where}: ") and said != english


_GRAMMAR_TABLE = {"players": 3, "hands": [["R1"], ["B2"], 4], "discard": ["G5"]}


def _said_in_each_language(problem: str) -> tuple[str, str]:
    """The problem in Vietnamese and Tagalog, each translated and naming where it is."""
    assert isinstance(problem, Problem)
    vi, tl = problem_text(problem, "vi"), problem_text(problem, "tl")
    where = f"{problem.where}: " if problem.where else ""
    assert vi.startswith(where) and tl.startswith(where)
    assert len({problem, vi, tl}) == 3, (problem, vi, tl)
    return vi, tl


def test_a_move_text_that_cannot_be_read_says_the_grammar_in_each_language() -> None:
    with pytest.raises(uno.SituationError) as caught:
        settle({**_GRAMMAR_TABLE, "moves": ["0 drwa", "1 B2 zz"]})
    mistyped, stray = caught.value.problems
    assert mistyped.endswith("'<seat> color <color>' (did you mean '0 draw'?)")
    vi, tl = _said_in_each_language(mistyped)
    assert vi.startswith(
        "moves[0]: không đọc được '0 drwa': cần một nước đi: "
        "'<seat> <card> [more cards] [color] [>target] [uno]' (đánh bài), hoặc "
        "'<seat> draw' (rút bài)"
    )
    assert vi.endswith("(có phải ý bạn là '0 draw'?)")
    assert tl.endswith("'<seat> color <color>' ('0 draw' ba ang ibig mong sabihin?)")
    assert stray == (
        "moves[1]: cannot read '1 B2 zz': expected a card, a color, '>seat' or 'uno' where "
        "'zz' stands"
    )
    assert _said_in_each_language(stray)[0] == (
        "moves[1]: không đọc được '1 B2 zz': cần một lá bài, một màu, '>seat' hoặc 'uno' "
        "ở chỗ của 'zz'"
    )
    error = pickle.loads(pickle.dumps(caught.value))
    assert error.text("tl") == caught.value.text("tl")
    with pytest.raises(uno.NotationError) as unread:
        uno.replay({"moves": ["0 drwa"]})
    assert str(unread.value).endswith("(did you mean '0 draw'?) (at moves[0])")
    assert unread.value.problem("").text("vi").endswith("(có phải ý bạn là '0 draw'?) (ở moves[0])")
    again = pickle.loads(pickle.dumps(unread.value))
    assert (str(again), again.expected) == (str(unread.value), unread.value.expected)


def test_the_command_lines_own_refusals_follow_lang(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_results = tmp_path / "notes.txt"
    not_results.write_text("shopping list\n", encoding="utf-8")
    asks = [
        (["simulate", "--games", "0"], "--games: expected 1 to 1000000000000, got 0"),
        (["simulate", "--games", "3", "--block-size", "0"], "--block-size must be at least 1"),
        (
            ["simulate", "--games", "3", "--out", str(not_results)],
            f"{not_results} is not a results file",
        ),
    ]
    for argv, english in asks:
        said = {}
        for lang in ("en", "vi", "tl"):
            assert main(["--lang", lang, *argv]) == 2
            said[lang] = capsys.readouterr().err.strip()
        assert said["en"] == f"uno-rules: {english}"
        assert len(set(said.values())) == 3, said
    assert main(["--lang", "vi", "simulate", "--games", "0"]) == 2
    assert capsys.readouterr().err.strip() == (
        "uno-rules: --games: cần từ 1 đến 1000000000000, nhưng có 0"
    )
    assert main(["--lang", "tl", "simulate", "--games", "3", "--out", str(not_results)]) == 2
    assert capsys.readouterr().err.strip() == f"uno-rules: hindi results file ang {not_results}"


def test_the_command_lines_own_reports_follow_lang(capsys: pytest.CaptureFixture[str]) -> None:
    simulate = ["simulate", "--games", "3", "--players", "2", "--max-turns", "100"]
    assert main(["--lang", "vi", *simulate]) == 0
    vi = capsys.readouterr().out.splitlines()
    assert main(simulate) == 0
    english = capsys.readouterr().out.splitlines()
    assert english[0] == "official: 3 games, 2 players, heuristic bots, seed 0 (95% intervals)"
    assert vi[0] == "official: 3 trận, 2 người chơi, bot heuristic, seed 0 (khoảng tin cậy 95%)"
    assert vi[1].startswith("  số ván mỗi trận ") and english[1].startswith("  rounds per game ")
    assert [line.split()[-3:] for line in vi[1:]] == [line.split()[-3:] for line in english[1:]]
    assert main(["--lang", "tl", "presets", "diff", "official", "official"]) == 0
    assert capsys.readouterr().out == "pareho ang tuntunin ng official at official\n"


def test_a_missing_house_rule_and_partners_at_a_wrong_table_are_said_in_each_language() -> None:
    from uno_rules.rules.registry import installed_rule

    with pytest.raises(uno.PresetError) as missing:
        installed_rule("no_such_rule")
    (problem,) = missing.value.problems
    assert problem.startswith("house_rules.no_such_rule: no such house rule is installed")
    assert problem_text(problem, "vi").startswith(
        "house_rules.no_such_rule: chưa cài luật nhà nào tên này"
    )
    with pytest.raises(uno.SituationError) as caught:
        uno.new_game(
            {"extends": "official", "house_rules": {"partnership": {"enabled": True}}}, players=3
        )
    (partners,) = caught.value.problems
    assert partners == "players: partnership play needs exactly 4 players (T6), got 3"
    assert problem_text(partners, "tl") == (
        "players: kailangan ng partnership play ng eksaktong 4 na manlalaro (T6), "
        "pero 3 ang ibinigay"
    )
