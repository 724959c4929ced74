"""The message catalogs (Vietnamese, Tagalog): complete, current with the code, every
placeholder and protected token (card notation, clause ids, codes, numbers) kept; the words
the people at the table use; the compiled catalog says what its source says; the language
is chosen per call, by ``--lang`` or the locale, and over HTTP."""

from __future__ import annotations

import gettext
import importlib.util
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import uno_rules as uno
from uno_rules import i18n
from uno_rules.render import card_name, describe_event

babel = pytest.importorskip("babel")

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "src" / "uno_rules" / "locale"
TRANSLATED = ("vi", "tl")
STACKING = ROOT / "examples" / "stacking-plus2-on-plus2.yaml"

PLACEHOLDER = re.compile(r"\{(\w*)\}")
# What a translation never changes: card notation (R7, W+4, B5), clause ids (B7.3, H01),
# numbers, move and API words, and the names of formats.
PROTECTED = re.compile(
    r"(?<![\w+])(?:[RYGBW](?:\d+|\+\d+)(?:\.\d+)?|W\+4|[A-Z]\d+(?:\.\d+)?|\d+|next_round|'>2'"
    r"|UNO|JSON|YAML|API|uno-rules)(?![\w])"
)


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "update_catalogs", ROOT / "tools" / "update_catalogs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def catalog_text(lang: str) -> str:
    return (LOCALE / lang / "LC_MESSAGES" / "uno_rules.po").read_text(encoding="utf-8")


def catalog_problems(template: list[str], translations: dict[str, str]) -> list[str]:
    """What is wrong with a catalog: a message of the code it lacks (or leaves empty), a
    placeholder it changes, a protected token it drops."""
    problems = []
    for message in template:
        said = translations.get(message)
        if not said:
            problems.append(f"missing: {message!r}")
            continue
        if sorted(PLACEHOLDER.findall(said)) != sorted(PLACEHOLDER.findall(message)):
            problems.append(f"placeholders differ: {message!r} -> {said!r}")
        for token in set(PROTECTED.findall(PLACEHOLDER.sub("", message))):
            if token not in PLACEHOLDER.sub("", said):
                problems.append(f"{token!r} dropped: {message!r} -> {said!r}")
    return problems


@pytest.fixture(scope="module")
def template() -> list[str]:
    return [m.id for m in _tool().template() if m.id]


def test_the_template_holds_every_sentence_kind(template: list[str]) -> None:
    from uno_rules._page_text import PAGE_MESSAGES
    from uno_rules.clauses import CLAUSES
    from uno_rules.render import KIND_NAMES

    assert len(template) > 250
    assert set(CLAUSES.values()) <= set(template)
    assert set(PAGE_MESSAGES) <= set(template)
    assert set(KIND_NAMES) <= set(template)
    kinds = json.loads((ROOT / "src/uno_rules/data/cards.json").read_text("utf-8"))["kinds"]
    names = {k["name"] for k in kinds if k.get("number") is None}
    assert names <= set(KIND_NAMES), names - set(KIND_NAMES)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_is_complete_and_keeps_placeholders_and_tokens(
    lang: str, template: list[str]
) -> None:
    assert catalog_problems(template, i18n.read_po(catalog_text(lang))) == []


def test_the_check_fails_when_a_message_is_removed_or_a_placeholder_changed(
    template: list[str],
) -> None:
    translations = i18n.read_po(catalog_text("vi"))
    removed = dict(translations)
    del removed["seat {seat} loses the turn"]
    assert catalog_problems(template, removed) == ["missing: 'seat {seat} loses the turn'"]
    changed = {**translations, "seat {seat} passes": "người chơi {ghe} bỏ lượt"}
    assert [p.split(":")[0] for p in catalog_problems(template, changed)] == ["placeholders differ"]
    dropped = {**translations, "legal ({clause})": "hợp lệ"}
    assert catalog_problems(template, dropped)
    card = {
        **translations,
        "The deck has 108 cards: per color one 0, two each of 1-9, "
        "Skip, Reverse and Draw Two, plus four Wilds and four Wild Draw Fours.": "Bộ bài.",
    }
    assert any("'108' dropped" in p for p in catalog_problems(template, card))


def test_the_catalogs_are_current_with_the_code() -> None:
    assert _tool().main(["--check"]) == 0, "run: python tools/update_catalogs.py"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_says_what_its_source_says(lang: str, tmp_path: Path) -> None:
    """The wheel's ``.mo`` (compiled as the build hook compiles it, read with the standard
    library's gettext) and the ``.po`` read by a source checkout agree on every message."""
    sys.path.insert(0, str(ROOT))
    try:
        from hatch_build import compile_catalogs
    finally:
        sys.path.remove(str(ROOT))
    data: dict[str, dict[str, str]] = {"force_include": {}}
    written = compile_catalogs(ROOT, tmp_path, data)
    assert sorted(data["force_include"].values()) == [
        f"uno_rules/locale/{code}/LC_MESSAGES/uno_rules.mo" for code in sorted(TRANSLATED)
    ]
    mo = next(p for p in written if p.parts[-3] == lang)
    compiled = gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
    source = i18n.read_po(catalog_text(lang))
    assert {k: compiled.gettext(k) for k in source} == source


def test_vietnamese_uses_the_words_of_the_table() -> None:
    vi = i18n.read_po(catalog_text("vi"))
    assert not [s for s in vi.values() if "vẽ" in s.lower()]  # "rút" draws a card
    for message, said in vi.items():
        if "draw pile" in message.lower():
            assert "chồng rút" in said.lower(), said
        if "discard pile" in message.lower():
            assert "chồng bỏ" in said.lower(), said
        if re.search(r"\bdraws?\b|\bdrew\b", message):
            assert "rút" in said, said
    names = [card_name(c, "vi") for c in ("Rskip", "Rrev", "R+2", "W", "W+4")]
    assert names == ["Lá Cấm Đi đỏ", "Lá Đổi Chiều đỏ", "Lá +2 đỏ", "Lá 4 Màu", "Lá +4"]


def test_tagalog_keeps_the_english_game_terms() -> None:
    tl = i18n.read_po(catalog_text("tl"))
    for message, said in tl.items():
        for term in ("draw pile", "discard pile", "Wild"):
            if term in message:
                assert term in said, said
    assert card_name("W+4", "tl") == "Wild Draw Four"
    assert card_name("B5", "tl") == "asul na 5"


def test_no_global_state_each_call_names_its_language() -> None:
    event = uno.Skipped(1)
    assert describe_event(event, lang="vi") == "người chơi 1 mất lượt"
    assert describe_event(event) == "seat 1 loses the turn"
    assert describe_event(event, lang="tl") == "nawalan ng turno si manlalaro 1"
    assert describe_event(event, lang="xx") == "seat 1 loses the turn"
    table = uno.situation({"players": 2, "hands": [["R7"], 3], "discard": ["G5"]})
    refused = uno.apply(table, "0 B7")
    assert isinstance(refused, uno.Violation)
    assert str(refused) == "Seat 0 does not hold a blue 7 (B4.4)."
    assert uno.violation_text(refused, "tl") == "Walang asul na 7 sa kamay ni manlalaro 0 (B4.4)."
    assert uno.rule_on(table, "0 R7").clause == "B5.1"
    from uno_rules.clauses import clause_text

    assert clause_text("B5.1", lang="vi").startswith("Được đánh một lá cùng màu")
    assert clause_text("Z9", lang="vi") == "Điều Z9: xem docs/rules.md#z9."


def test_stack_refusals_are_translated_with_their_reason() -> None:
    table = uno.situation(
        {"players": 3, "hands": [["R+2", "G1"], ["B+2", "G2"], 4], "discard": ["R3"]}
    )
    state = uno.apply_or_raise(table, "0 R+2").state
    refused = uno.apply(state, "1 B+2")
    assert isinstance(refused, uno.Violation) and refused.code == "cannot-stack"
    said = uno.violation_text(refused, "vi")
    assert said.startswith("Không chồng được Lá +2 xanh dương: theo luật này, Lá +2 đỏ")
    assert said.endswith("(B7.3).")


@pytest.mark.parametrize(
    ("given", "lang"),
    [
        ({"LANGUAGE": "vi:en", "LANG": "en_US.UTF-8"}, "vi"),
        ({"LANGUAGE": "de:fil", "LANG": "en_US.UTF-8"}, "tl"),
        ({"LC_ALL": "tl_PH.UTF-8"}, "tl"),
        ({"LC_MESSAGES": "vi_VN"}, "vi"),
        ({"LANG": "vi_VN.UTF-8"}, "vi"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "de_DE", "LANG": "vi_VN"}, "en"),
        ({}, "en"),
    ],
)
def test_the_locale_variables_are_read_as_gettext_reads_them(
    given: dict[str, str], lang: str
) -> None:
    assert i18n.from_environ(given) == lang


def test_accept_language() -> None:
    assert i18n.from_accept_language("vi-VN,vi;q=0.9,en;q=0.8") == "vi"
    assert i18n.from_accept_language("de, fil;q=0.5, vi;q=0.4") == "tl"
    assert i18n.from_accept_language("en;q=0.1, vi;q=0") == "en"
    assert i18n.from_accept_language("*;q=1, vi;q=bad") == "en"
    assert i18n.from_accept_language(None) == "en"


def test_a_catalog_source_is_read_as_gettext_would() -> None:
    text = (
        'msgid ""\nmsgstr "Language: vi\\n"\n\n#, fuzzy\nmsgid "a"\nmsgstr "A"\n\n'
        'msgid "b"\nmsgstr ""\n"B \\"x\\""\n\nmsgid "c"\nmsgstr ""\n'
    )
    assert i18n.read_po(text) == {"b": 'B "x"'}


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    base = {"PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "uno_rules.cli", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env={**base, **(env or {})},
        cwd=ROOT,
        timeout=60,
    )


def test_the_command_line_speaks_the_language_asked_for() -> None:
    args = ("rule", str(STACKING), "--preset", "official", "--preset", "family")
    vi = _cli("--lang", "vi", *args)
    assert vi.returncode == 1, vi.stderr
    assert "bị bác: cannot-stack (B7.3)" in vi.stdout
    assert "Không chồng được Lá +2 xanh dương" in vi.stdout
    tl = _cli(*args, env={"LANGUAGE": "fil"})
    assert "tinanggihan: cannot-stack (B7.3)" in tl.stdout
    assert "Hindi puwedeng i-stack ang asul na Draw Two" in tl.stdout
    en = _cli(*args, "--lang", "en", env={"LANG": "vi_VN.UTF-8"})
    assert "refused: cannot-stack (B7.3)" in en.stdout
    outputs = {_cli("--lang", lang, *args, "--json").stdout for lang in ("en", "vi", "tl")}
    assert len(outputs) == 1 and json.loads(outputs.pop())["refused_moves"] == 1


def test_every_bundled_preset_is_summed_up_in_each_language() -> None:
    """``presets list`` in Vietnamese and Tagalog: each bundled preset's header comment
    gives its summary in both (``# vi: ...``, ``# tl: ...``); ``--json`` stays English."""
    from uno_rules.presets import preset_names, preset_summary

    for name in preset_names():
        english = preset_summary(name)
        for lang in ("vi", "tl", "fil"):
            said = preset_summary(name, lang)
            assert said and said != english, (name, lang)
            assert "#" not in said and "  " not in said, (name, lang)
        assert preset_summary(name, "de") == english  # no such language: English
    assert "luật cơ bản của Mattel" in preset_summary("official", "vi")
    listed = _cli("--lang", "vi", "presets", "list")
    assert listed.returncode == 0 and "luật mà phần lớn các gia đình" in listed.stdout
    outputs = {_cli("--lang", lang, "presets", "list", "--json").stdout for lang in ("en", "vi")}
    assert len(outputs) == 1 and "the rules most home tables play" in outputs.pop()


def test_catalogs_load_lazily_and_english_loads_none() -> None:
    code = (
        "import uno_rules.cli, uno_rules as uno\n"
        "from uno_rules import i18n\n"
        "assert i18n._catalog.cache_info().currsize == 0\n"
        "t = uno.situation({'players': 2, 'hands': [['R7'], 3], 'discard': ['G5']})\n"
        "uno.describe(t); str(uno.apply(t, '0 B7'))\n"
        "assert i18n._catalog.cache_info().currsize == 0\n"
        "uno.describe(t, lang='vi')\n"
        "assert i18n._catalog.cache_info().currsize == 1\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_the_service_answers_in_the_language_asked_for() -> None:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from uno_rules.server import create_app

    dispute = {"players": 2, "hands": [["R7", "B6"], 3], "discard": ["R5"], "moves": ["0 B6"]}
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        by_query = client.post("/api/disputes?lang=vi", json=dispute).json()
        by_header = client.post(
            "/api/disputes", json=dispute, headers={"Accept-Language": "fil-PH, en;q=0.5"}
        ).json()
        english = client.post("/api/disputes", json=dispute).json()
        words = client.get("/api/page-text?lang=tl").json()
        deck = client.get("/api/decks/official?lang=vi").json()
    assert by_query["rulings"]["official"][0]["violation"]["message"].startswith("6 xanh dương")
    assert by_query["rulings"]["official"][0]["rule"].startswith("Được đánh")
    assert by_header["rulings"]["official"][0]["verdict"] == (
        "tinanggihan: card-does-not-match (B5.1)"
    )
    assert english["rulings"]["official"][0]["verdict"] == "refused: card-does-not-match (B5.1)"
    assert words["lang"] == "tl" and words["messages"]["Settle"] == "Hatulan"
    assert [lang["code"] for lang in words["languages"]] == ["en", "vi", "tl"]
    cards = {c["card"]: c for c in deck["cards"]}
    assert len(deck["cards"]) == 54 and sum(c["copies"] for c in deck["cards"]) == 108
    assert cards["W+4"] == {"card": "W+4", "name": "Lá +4", "copies": 4}


def test_the_page_asks_for_exactly_the_page_messages() -> None:
    """Every word of the page (``data-t`` in the HTML, ``t("...")`` in the script) is a
    page message of the catalogs, and every page message is used."""
    from uno_rules._page_text import PAGE_MESSAGES

    web = ROOT / "src" / "uno_rules" / "web"
    html = (web / "index.html").read_text(encoding="utf-8")
    script = (web / "page.js").read_text(encoding="utf-8")
    used = set(re.findall(r'data-t="([^"]*)"', html)) | set(
        re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', script)
    )
    assert used == set(PAGE_MESSAGES), used ^ set(PAGE_MESSAGES)


def test_every_reason_stacking_gives_is_a_message_of_the_catalogs(template: list[str]) -> None:
    """H01 gives why a stack is refused as a message and its facts (``stack_allowed``);
    each message it can give is one of the catalogs, so it is said in every language, and
    the refusal is written from those facts, in English too (nothing is read back from an
    English sentence)."""
    import itertools

    from uno_rules.cards import Card, Color
    from uno_rules.rules.stacking import StackByValue, Stacking, stack_allowed
    from uno_rules.violations import CannotStack, Reason

    cards = [Card.parse(t) for t in ("Y1", "R+2", "G+2", "W+4", "R+4", "W+6", "W+10")]
    messages = set()
    for by in StackByValue:
        for pairs in ((), Stacking().pairs):
            rules = Stacking(enabled=True, by_value=by, pairs=pairs)
            for card, on in itertools.product(cards, cards[1:]):
                why = stack_allowed(rules, card, on, Color.RED)
                if why is None:
                    continue
                message, facts = why
                messages.add(message)
                refused = CannotStack(seat=1, card=card, reason=Reason(message, facts))
                assert refused.message()[1]["reason"] == (message, facts)
                for lang in ("en", "vi", "tl"):
                    said = uno.violation_text(refused, lang)
                    assert uno.card_name(on, lang) in said, (lang, said)
    assert len(messages) >= 3
    assert messages <= set(template), messages - set(template)


def test_an_installed_rules_own_reason_is_said_as_it_is() -> None:
    """A stack refusal whose reason is a plain string (an installed rule's own, in the
    language it was written in) is said as it is, in every language."""
    from uno_rules.cards import Card
    from uno_rules.violations import CannotStack

    refused = CannotStack(seat=1, card=Card.parse("Y7"), reason="sevens answer only sevens")
    assert refused.message()[1]["reason"] == ("{reason}", {"reason": "sevens answer only sevens"})
    assert uno.violation_text(refused, "vi").endswith(": sevens answer only sevens (H01).")


def test_a_reason_said_again_is_the_same_sentence_whatever_its_facts() -> None:
    """A refusal's reason keeps its English sentence for the same message and facts (the
    listing of legal moves asks the same refusal again and again): a fact equal to another
    of a different type (``True`` and ``1``) is still said as itself, a fact that does not
    hash is still said, and every reason keeps its own facts."""
    from uno_rules.violations import Reason

    message = "{n} of them"
    assert str(Reason(message, {"n": 1})) == "1 of them"
    assert str(Reason(message, {"n": True})) == "True of them"
    assert str(Reason(message, {"n": 1})) == "1 of them"
    listed = Reason(message, {"n": [1, 2]})
    assert str(listed) == "1 2 of them" == Reason(message, {"n": [1, 2]})
    again = Reason(message, {"n": 2})
    assert (again.message, again.facts) == (message, {"n": 2})
    assert str(again) == "2 of them"
