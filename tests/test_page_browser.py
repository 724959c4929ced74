"""The dispute page in a real headless browser (Debian's chromium, driven by Selenium): every
dispute in ``examples/`` is opened and settled by clicking, and the page shows the same
rulings as ``uno-rules rule --json``; the page fits a phone's width.

These tests carry the ``browser`` mark, which the suite's default run leaves out
(``tests/conftest.py``): run them with ``python -m pytest -m browser``, or by naming this
file. Screenshots go to the directory named by
``UNO_RULES_SCREENSHOTS`` (CI saves them into the documentation build), else to the test's
temporary directory.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = [
    pytest.mark.browser,  # run on their own: python -m pytest -m browser
    pytest.mark.skipif(
        not (CHROMIUM and DRIVER),
        reason="needs Debian's chromium and chromium-driver "
        "(apt-get install chromium chromium-driver)",
    ),
]
webdriver = pytest.importorskip("selenium.webdriver")
pytest.importorskip("uvicorn")

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from serve_helpers import running_server  # noqa: E402
from uno_rules.cli import main  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.yaml"))


@pytest.fixture(scope="module")
def page() -> Iterator[tuple[Any, str]]:
    os.environ.setdefault("SE_AVOID_STATS", "true")
    options = webdriver.ChromeOptions()
    assert CHROMIUM is not None
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,1600"):
        options.add_argument(arg)
    with running_server() as url:
        driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
        try:
            yield driver, url
        finally:
            driver.quit()


def _screenshots(tmp_path: Path) -> Path:
    target = Path(os.environ.get("UNO_RULES_SCREENSHOTS") or tmp_path)
    target.mkdir(parents=True, exist_ok=True)
    return target


def _settle_by_clicking(driver: Any, url: str, path: Path, presets: list[str]) -> None:
    driver.get(url)
    wait = WebDriverWait(driver, 15)
    wait.until(lambda d: d.find_element(By.ID, "preset-list").get_attribute("data-ready"))
    driver.find_element(By.ID, "file").send_keys(str(path))
    wait.until(lambda d: d.find_element(By.ID, "status").text == f"Opened {path.name}.")
    _tick_only(driver, presets)
    driver.find_element(By.ID, "settle").click()
    wait.until(lambda d: d.find_element(By.ID, "status").text.startswith(("Settled", "The ")))
    assert driver.find_element(By.ID, "status").text.startswith("Settled")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_page_settles_each_example_as_the_command_line_does(
    page: tuple[Any, str], capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    from uno_rules.verdict import move_words

    driver, url = page
    presets = list(yaml.safe_load(path.read_text(encoding="utf-8"))["expect"])
    main(["rule", str(path), *(a for p in presets for a in ("--preset", p)), "--json"])
    expected = json.loads(capsys.readouterr().out)
    _settle_by_clicking(driver, url, path, presets)
    columns = driver.find_elements(By.CSS_SELECTOR, "section.column")
    assert [c.get_attribute("data-preset") for c in columns] == presets
    for column in columns:
        preset = column.get_attribute("data-preset")
        cards = column.find_elements(By.CSS_SELECTOR, "article.ruling")
        rulings = expected["rulings"][preset]
        assert len(cards) == len(rulings)
        for i, (card, ruling) in enumerate(zip(cards, rulings, strict=True)):
            code = ruling["violation"]["code"] if ruling["violation"] else ""
            assert card.get_attribute("data-legal") == str(ruling["legal"]).lower()
            assert card.get_attribute("data-code") == code
            assert card.get_attribute("data-clause") == ruling["clause"]
            text = card.text
            # the move in words (its player counted from 1), and its notation as a tag
            said = move_words(ruling["move"])
            assert said.startswith(f"Player {int(ruling['move'].split()[0]) + 1} ")
            assert f"Move {i + 1}: {said} {ruling['move']}" in text
            assert ruling["plain"] in text  # the answer in words, first
            assert ("legal" if ruling["legal"] else f"refused: {code}") in text
            assert f"{ruling['clause']}: {ruling['rule']}" in text
            assert card.find_elements(By.CSS_SELECTOR, ".picture svg")


def test_the_page_fits_a_phone_and_is_photographed(page: tuple[Any, str], tmp_path: Path) -> None:
    driver, url = page
    folder = _screenshots(tmp_path)
    example = ROOT / "examples" / "stacking-plus2-on-plus2.yaml"
    _settle_by_clicking(driver, url, example, ["official", "family"])
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(str(folder / "dispute-page.png"))
    driver.set_window_size(1280, 4000)  # the whole of the rulings in one picture
    try:
        driver.find_element(By.ID, "results").screenshot(str(folder / "dispute-rulings.png"))
    finally:
        driver.set_window_size(1280, 1600)
    phone = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", phone)
    try:
        _settle_by_clicking(driver, url, example, ["official", "family"])
        width = driver.execute_script(
            "return [document.documentElement.scrollWidth, window.innerWidth]"
        )
        assert width == [390, 390]  # nothing wider than the phone's screen
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(folder / "dispute-page-phone.png"))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert (folder / "dispute-page.png").stat().st_size > 10_000


def test_a_bad_table_shows_the_problem_list(page: tuple[Any, str]) -> None:
    driver, url = page
    driver.get(url)
    wait = WebDriverWait(driver, 15)
    wait.until(lambda d: d.find_element(By.ID, "preset-list").get_attribute("data-ready"))
    driver.find_element(By.ID, "hand-0").send_keys("R5 X9")
    driver.find_element(By.ID, "discard").send_keys("R3")
    driver.find_element(By.ID, "moves").send_keys("0 R5")
    driver.find_element(By.ID, "settle").click()
    wait.until(lambda d: d.find_element(By.ID, "status").text.startswith("The table"))
    problems = driver.find_elements(By.CSS_SELECTOR, "ul.problems li")
    assert problems and "X9" in problems[0].text


# The two disputes every table has, built by tapping only: each step is a card picture to
# tap into a target (a seat's hand, the discard pile, the next move), a count for a hand
# nobody knows, or a move built from the seat, action, color and target menus.
TAPPED = {
    "stacking": {
        "file": "stacking-plus2-on-plus2.yaml",
        "players": 3,
        "hands": {0: "R+2 G4 Y7", 1: "B+2 R9 G1 Y3", 2: 5},
        "discard": "R3",
        "moves": [("0", "play", "R+2", ""), ("1", "play", "B+2", "")],
        "presets": ["official", "family"],
    },
    "wild-draw-four": {
        "file": "challenge-catches-a-bluff.yaml",
        "players": 4,
        "hands": {0: "W+4 R2 G7", 1: "B1 B4 Y6 G2", 2: 5, 3: 5},
        "discard": "G5 R5",
        "moves": [
            ("0", "play", "W+4", "blue"),
            ("2", "challenge", "", ""),
            ("1", "challenge", "", ""),
            ("1", "play", "B4", ""),
        ],
        "presets": ["official", "family"],
    },
}


def _tick_only(driver: Any, presets: list[str]) -> None:
    """Tick exactly ``presets`` by clicking (a new page has two ticked: official, family)."""
    for box in driver.find_elements(By.CSS_SELECTOR, ".presets input"):
        if box.is_selected() != (box.get_attribute("value") in presets):
            if not box.is_displayed():
                driver.find_element(By.CSS_SELECTOR, "#more-presets summary").click()
            box.click()


def _click(driver: Any, element: Any) -> None:
    """A tap, the element first scrolled to the middle of the screen (on a phone, out of
    the way of the sticky Settle bar)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def _target(driver: Any, place: str) -> None:
    """Where the next tapped card goes: ``discard``, ``moves`` or ``hand-N``."""
    _click(driver, driver.find_element(By.ID, f"target-{place}"))


def _choose(driver: Any, select_id: str, value: str) -> None:
    # A click on the option, as Selenium's Select.select_by_value makes, without the four
    # round trips it spends first checking the element and each option.
    driver.find_element(By.CSS_SELECTOR, f"#{select_id} option[value='{value}']").click()


def _tap(driver: Any, card: str) -> None:
    _click(driver, driver.find_element(By.CSS_SELECTOR, f"#cards button[data-card='{card}']"))


def _build_by_tapping(driver: Any, url: str, lang: str, case: dict[str, Any]) -> None:

    driver.get(f"{url}?lang={lang}")
    wait = WebDriverWait(driver, 15)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#cards button[data-card='W+4']"))
    _choose(driver, "players", str(case["players"]))
    _tick_only(driver, case["presets"])
    for seat, hand in case["hands"].items():
        _target(driver, f"hand-{seat}")
        if isinstance(hand, int):
            _choose(driver, "pick-count", str(hand))
        else:
            for card in hand.split():
                _tap(driver, card)
    for card in case["discard"].split():
        _target(driver, "discard")  # (the top card in, the picker goes on to the moves)
        _tap(driver, card)
    _target(driver, "moves")
    for seat, verb, card, color in case["moves"]:
        _add_move(driver, seat, card, color, verb)
    driver.find_element(By.ID, "settle").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "section.column article.ruling"))


def _as_players(text: str, lang: str) -> str:
    """A sentence of the server (seats counted from 0) as the page says it: each "seat N"
    is its player, Player N+1."""
    import re

    from uno_rules.i18n import tr
    from uno_rules.verdict import player_name

    word = re.escape(tr(lang, "seat {seat}").replace("{seat}", "").strip())
    return re.sub(
        rf"\b{word} (\d+)\b", lambda m: player_name(int(m.group(1)), lang), text, flags=re.I
    )


def _face_down(lang: str, event: dict[str, Any]) -> str:
    """What the page says of cards drawn from a pile the table does not name."""
    from uno_rules.i18n import translate
    from uno_rules.verdict import player_name

    message = "{player} drew {count}, cards the table does not name: face down."
    who = player_name(event["seat"], lang)
    return translate(lang, message, player=who, count=len(event["cards"]))


@pytest.mark.parametrize("lang", ["en", "vi", "tl"])
@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("name", ["stacking", "wild-draw-four"])
def test_the_two_disputes_built_by_tapping_rule_in_each_language(
    page: tuple[Any, str], tmp_path: Path, lang: str, name: str, width: int
) -> None:
    """Built by tapping only, the table is the example file's, and the page shows the
    library's sentences in the page's language: verdict, refusal, clause, what happened."""
    from uno_rules.dispute import settle

    driver, url = page
    case = TAPPED[name]
    example = yaml.safe_load((ROOT / "examples" / case["file"]).read_text(encoding="utf-8"))
    phone = {"width": width, "height": 1600, "deviceScaleFactor": 1, "mobile": width < 700}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", phone)
    try:
        _build_by_tapping(driver, url, lang, case)
        built = driver.execute_script("return collect()")
        table = {k: example[k] for k in ("players", "hands", "discard", "moves")}
        assert {k: built[k] for k in table} == table
        expected = settle(example, case["presets"]).to_dict(None, lang)
        status = driver.find_element(By.ID, "status").text
        assert (
            status
            == {
                "en": "Settled: 1 move refused.",
                "vi": "Đã phân xử: 1 nước đi bị bác.",
                "tl": "Nahatulan na: 1 galaw ang tinanggihan.",
            }[lang]
        )
        for preset in case["presets"]:
            if width < 700:
                _choose(driver, "shown-preset", preset)
            column = driver.find_element(By.CSS_SELECTOR, f"section.column[data-preset='{preset}']")
            assert column.is_displayed()
            cards = column.find_elements(By.CSS_SELECTOR, "article.ruling")
            for card, ruling in zip(cards, expected["rulings"][preset], strict=True):
                text = card.text
                assert f"{ruling['clause']}: {ruling['rule']}" in text
                if ruling["violation"]:
                    assert _as_players(ruling["violation"]["message"], lang) in text
                for event in ruling["events"]:
                    if event["kind"] == "drew":  # from the draw pile the table leaves unnamed
                        assert _face_down(lang, event) in text
                        assert event["text"] not in text
                    else:
                        assert _as_players(event["text"], lang) in text
        if lang != "en":  # the sentences (the pictures' own labels are English)
            for part in driver.find_elements(By.CSS_SELECTOR, ".verdict, .why, .clause, .events"):
                assert "seat " not in part.text and "refused" not in part.text, part.text
        used, shown = driver.execute_script(
            "const e = document.documentElement; return [e.scrollWidth, e.clientWidth]"
        )
        assert used == shown  # nothing wider than the screen
        if width < 700:
            for narrow, least in ((width, CARD_TEXT_PX), (320, 10)):
                driver.execute_cdp_cmd(
                    "Emulation.setDeviceMetricsOverride", {**phone, "width": narrow}
                )
                smallest, overflow = _card_text_and_overflow(driver)
                assert smallest >= least, (narrow, smallest)  # the cards' smallest text, in px
                assert not overflow, (narrow, overflow)
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", phone)
        driver.execute_script("document.getElementById('results').scrollIntoView()")
        driver.save_screenshot(str(_screenshots(tmp_path) / f"dispute-{name}-{lang}-{width}.png"))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


# The smallest text on a card of a move's picture, in CSS pixels, on a phone 360 px wide.
CARD_TEXT_PX = 11


def _card_text_and_overflow(driver: Any) -> tuple[float, list[str]]:
    """The smallest text on the cards of the pictures shown, in CSS pixels (each text's
    font size times its picture's scale), and what sticks out: a picture wider than its
    box or than the screen, or a page wider than the screen."""
    smallest, overflow = driver.execute_script(
        "const out = []; let least = Infinity;"
        "const screen = document.documentElement.clientWidth;"
        "if (document.documentElement.scrollWidth > screen) out.push('page');"
        "for (const svg of document.querySelectorAll('.picture svg')) {"
        "  const r = svg.getBoundingClientRect();"
        "  if (!r.width) continue;"  # in a closed box
        "  const box = svg.closest('.picture').getBoundingClientRect();"
        "  if (r.right > box.right + 0.5 || r.right > screen)"
        "    out.push(svg.getAttribute('aria-label'));"
        "  const scale = r.width / svg.viewBox.baseVal.width;"
        "  for (const text of svg.querySelectorAll('g[transform] text')) {"
        "    least = Math.min(least, Number(text.getAttribute('font-size')) * scale);"
        "  }"
        "}"
        "return [least, out];"
    )
    return float(smallest), list(overflow)


def test_a_bad_card_is_shown_at_its_field_in_plain_words(page: tuple[Any, str]) -> None:
    driver, url = page
    driver.get(f"{url}?lang=vi")
    wait = WebDriverWait(driver, 15)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    for seat, hand in enumerate(["R7", "R5 X9", "3", "3"]):
        driver.find_element(By.ID, f"hand-{seat}").send_keys(hand)
    driver.find_element(By.ID, "discard").send_keys("R3")
    driver.find_element(By.ID, "moves").send_keys("0 draw")
    driver.find_element(By.ID, "settle").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "ul.problems li"))
    assert driver.find_element(By.ID, "status").text == "Cần sửa bàn chơi trước khi phân xử:"
    field = driver.find_element(By.ID, "hand-1")
    assert field.get_attribute("aria-invalid") == "true" and "bad" in field.get_attribute("class")
    assert driver.switch_to.active_element == field  # focused, to be fixed at once
    problem = driver.find_element(By.CSS_SELECTOR, "ul.problems li").text
    assert problem.startswith("Người chơi 2:") and "X9" in problem  # seat 1
    more = driver.find_element(By.ID, "more")
    assert more.get_attribute("id") == driver.find_element(
        By.XPATH, "//label[.//textarea[@id='more']]//textarea"
    ).get_attribute("id")  # the More fields box has a label


def test_a_dispute_sent_as_a_link_opens_with_the_same_rulings(page: tuple[Any, str]) -> None:
    """The link holds the table, moves, rule sets and language in its fragment (never sent
    to the server); opening it settles the same dispute again."""
    driver, url = page
    example = ROOT / "examples" / "stacking-plus2-on-plus2.yaml"
    _settle_by_clicking(driver, url, example, ["official", "family"])
    link = driver.find_element(By.ID, "share-link").get_attribute("value")
    assert "#d=" in link and "R%2B2" not in link.split("#")[0]
    driver.get("about:blank")
    driver.get(link.replace("lang=en", "lang=vi"))
    wait = WebDriverWait(driver, 15)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "section.column article.ruling"))
    columns = driver.find_elements(By.CSS_SELECTOR, "section.column")
    assert [c.get_attribute("data-preset") for c in columns] == ["official", "family"]
    codes = [a.get_attribute("data-code") for a in columns[0].find_elements(By.TAG_NAME, "article")]
    assert codes == ["", "cannot-stack"]
    assert driver.find_element(By.ID, "status").text == "Đã phân xử: 1 nước đi bị bác."


# Every control a person can use: what the Tab key must reach, in the page's order.
FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])"


def test_every_control_is_reached_by_the_tab_key_and_has_a_name(page: tuple[Any, str]) -> None:
    """With the rulings and the share link shown, pressing Tab from the top of the page
    visits every control (the language menu, every field and button, each card of the
    picker, the rule sets' boxes, the pictures, the share link) in turn, and each has an
    accessible name (its label, aria-label or text) in the page's language."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver, url = page
    _build_by_tapping(driver, url, "vi", TAPPED["stacking"])
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.ID, "share-link"))
    expected = driver.execute_script(
        "const all = [...document.querySelectorAll(arguments[0])].filter("
        "  (e) => !e.disabled && e.checkVisibility({visibilityProperty: true}));"
        "all.forEach((e, i) => { e.dataset.kb = String(i); });"
        "all[0].focus();"  # the start: the first control (the language menu)
        "return all.map((e) => e.id || e.dataset.card || e.tagName);",
        FOCUSABLE,
    )
    kinds = set(expected)
    for control in ("lang", "players", "hand-0", "target-moves", "seat-0", "verb-draw", "settle"):
        assert control in kinds
    assert {"preset-official", "share-link", "R+2", "W+4", "A"} <= kinds
    assert len(expected) > 60
    reached: list[str] = []
    names: dict[str, str] = {}
    for step in range(len(expected)):
        if step:
            ActionChains(driver).send_keys(Keys.TAB).perform()
        active = driver.switch_to.active_element
        number = active.get_attribute("data-kb")
        assert number is not None, f"Tab reached an unlisted {active.tag_name} after {reached}"
        reached.append(expected[int(number)])
        names[reached[-1]] = active.accessible_name.strip()
    assert reached == expected
    unnamed = [control for control, name in names.items() if not name]
    assert not unnamed, unnamed
    assert names["lang"] == "Ngôn ngữ" and names["settle"] == "Phân xử"


def test_a_card_is_added_to_a_hand_with_the_keyboard_alone(page: tuple[Any, str]) -> None:
    """A card of the picker, focused and pressed with Enter (or Space), goes into the hand
    the picker adds to."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver, url = page
    driver.get(url)
    wait = WebDriverWait(driver, 15)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#cards [data-card='W+4']"))
    _target(driver, "hand-1")
    driver.execute_script("document.querySelector(\"#cards [data-card='G7']\").focus()")
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    driver.execute_script("document.querySelector(\"#cards [data-card='W+4']\").focus()")
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    assert driver.find_element(By.ID, "hand-1").get_attribute("value") == "G7 W+4"
    assert driver.find_element(By.ID, "hand-0").get_attribute("value") == ""


def test_a_hand_given_as_a_count_is_drawn_as_backs_and_never_named(page: tuple[Any, str]) -> None:
    """Seat 2's hand is a count (5): the server fills it in at random, but the page draws
    it as 5 and then 6 backs, says that the table does not name its cards, and no name or
    notation of the cards filled in (nor of the card it draws) appears for it; the cards
    seat 1 draws from the unnamed draw pile are counted, not named."""
    import base64

    from uno_rules.dispute import settle
    from uno_rules.render import card_name
    from uno_rules.svg import card_name as picture_name

    driver, url = page
    dispute = {
        "players": 3,
        "hands": [["R+2", "G4", "Y7"], ["B+2", "R9", "G1", "Y3"], 5],
        "discard": ["R3"],
        "turn": 0,
        "moves": ["0 R+2", "2 draw"],
    }
    settled = settle(dispute, ["official"])
    drawn = [e for r in settled.rulings["official"] for e in r.events if e.kind == "drew"]
    known = {"R+2", "G4", "Y7", "B+2", "R9", "G1", "Y3", "R3"}
    secret = {str(c) for c in settled.starts["official"].hands[2]}
    secret |= {str(c) for e in drawn for c in e.cards}
    secret -= known
    assert secret and len(drawn) == 2
    packed = base64.urlsafe_b64encode(
        json.dumps({"dispute": dispute, "presets": ["official"]}).encode()
    )
    driver.get(f"{url}?lang=en#d={packed.decode().rstrip('=')}")
    wait = WebDriverWait(driver, 15)
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "article.ruling")) == 2)
    second = driver.find_elements(By.CSS_SELECTOR, "article.ruling")[1]
    svg = second.find_element(By.CSS_SELECTOR, ".picture svg").get_attribute("outerHTML")
    assert svg.count(">deck<") == 1 + 6  # the draw pile, and seat 2's six cards face down
    assert "6 cards, not named" in svg
    results = driver.find_element(By.ID, "results")
    assert "never named" in results.find_element(By.CSS_SELECTOR, ".made-up-note").text
    text = results.text
    for card in secret:
        for name in (card_name(card), picture_name(uno_card(card))):
            assert name not in text and f">{name}<" not in svg, card
        assert f">{card}<" not in svg, card
    for event in drawn:
        assert _face_down("en", event.to_dict()) in text


def uno_card(text: str) -> Any:
    from uno_rules import Card

    return Card.parse(text)


def test_the_picture_of_the_ruling_is_offered_to_save_in_the_pages_language(
    page: tuple[Any, str],
) -> None:
    """Picture of the ruling (a labelled button, in the page's language) offers an SVG to
    download that names each rule set's verdict and clause, and draws the count hand as
    backs."""
    from uno_rules.verdict import move_words

    driver, url = page
    _build_by_tapping(driver, url, "tl", TAPPED["stacking"])
    button = driver.find_element(By.ID, "picture")
    assert button.text == "Larawan ng hatol" and button.accessible_name == "Larawan ng hatol"
    button.click()
    wait = WebDriverWait(driver, 15)
    wait.until(lambda d: d.find_elements(By.ID, "picture-link"))
    link = driver.find_element(By.ID, "picture-link")
    assert link.get_attribute("download") == "uno-ruling-tl.svg"
    assert link.text == "I-save ang larawan (SVG)"
    svg = driver.execute_script(
        "return decodeURIComponent(arguments[0].getAttribute('href').split(',')[1])", link
    )
    assert svg.startswith("<svg xmlns=")
    # each move in words, and under each rule set its answer in words
    assert f"2. {move_words('1 B+2', 'tl')}" in svg and "cannot-stack" not in svg
    assert "Ayon sa Opisyal na patakaran: hindi" in svg
    assert "B7.3: Draw Two: bubunot ng dalawang card" in svg
    assert svg.count(">deck<") == 1 + 5  # the draw pile, and seat 2's hand of 5 face down
    preview = driver.find_element(By.ID, "picture-preview")
    assert driver.execute_script("return arguments[0].naturalWidth", preview) == 600


def test_a_flip_dispute_is_settled_and_drawn_with_both_faces(page: tuple[Any, str]) -> None:
    """UNO Flip on the page (F1, F14): the dark-side example opened and settled under
    ``flip`` gives the command line's rulings; each move's picture, a seat's view, draws
    the seat's own cards by their faces in play and the other hands by their backs (their
    light faces); the picture of the ruling names both faces of the cards the table names."""
    driver, url = page
    example = ROOT / "examples" / "flip-stack-draw-five-on-the-dark-side.yaml"
    _settle_by_clicking(driver, url, example, ["flip"])
    column = driver.find_element(By.CSS_SELECTOR, "section.column[data-preset='flip']")
    cards = column.find_elements(By.CSS_SELECTOR, "article.ruling")
    assert [c.get_attribute("data-code") for c in cards] == ["", "cannot-stack"]
    views = [
        s.get_attribute("outerHTML") for s in column.find_elements(By.CSS_SELECTOR, ".picture svg")
    ]
    seat_0 = next(v for v in views if "Player 1's view" in v)
    # seat 0's own teal Draw Five; seat 1's hand G2/P+5 B1/V5 G6/O2 seen by its backs
    assert "<title>teal draw five</title>" in seat_0
    for back in ("green 2", "blue 1", "green 6"):
        assert f"<title>{back}</title>" in seat_0
    assert "pink draw five" not in seat_0 and "purple 5" not in seat_0
    seat_1 = next(v for v in views if "Player 2's view" in v)
    assert "<title>pink draw five</title>" in seat_1
    driver.find_element(By.ID, "picture").click()
    wait = WebDriverWait(driver, 15)
    wait.until(lambda d: d.find_elements(By.ID, "picture-link"))
    svg = driver.execute_script(
        "return decodeURIComponent(arguments[0].getAttribute('href').split(',')[1])",
        driver.find_element(By.ID, "picture-link"),
    )
    # side: dark, so the dark faces are in front and the light ones behind them
    assert "pink draw five, other face green 2" in svg
    assert "teal 4, other face red 9" in svg and "green 2, other face" not in svg


# ------------------------------------------------------------------ the move builder


def _ready(driver: Any, url: str, lang: str = "en") -> Any:
    driver.get(f"{url}?lang={lang}")
    wait = WebDriverWait(driver, 15)
    wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#cards button[data-card='W+4']"))
    return wait


def _add_move(driver: Any, seat: str, card: str, color: str = "", verb: str = "play") -> None:
    """A move built by tapping: who moves, then the card (and a wild's color) or the verb."""
    _click(driver, driver.find_element(By.ID, f"seat-{seat}"))
    if verb == "play":
        _tap(driver, card)
        if color:
            _click(driver, driver.find_element(By.ID, f"wild-{color}"))
    else:
        _click(driver, driver.find_element(By.ID, f"verb-{verb}"))


def test_the_builder_starts_each_move_afresh(page: tuple[Any, str]) -> None:
    """A wild's color (and a target) chosen for one move is not carried into the next:
    "W blue" then a blue 1 is two moves, the second without a color."""
    driver, url = page
    _ready(driver, url)
    _target(driver, "moves")
    _add_move(driver, "0", "W", "blue")
    assert not driver.find_element(By.ID, "wild-colors").is_displayed()
    _tap(driver, "B1")  # Player 2 moves next, and a blue 1 asks for no color
    assert driver.find_element(By.ID, "moves").get_attribute("value") == "0 W blue\n1 B1"
    assert driver.find_element(By.ID, "pick-said").text == "Added the move: Player 2 plays blue 1"


def test_undo_on_the_moves_removes_the_last_whole_move(page: tuple[Any, str]) -> None:
    """On the moves, the undo button removes the last move (a whole line), never merges
    the lines into one the page cannot read."""
    driver, url = page
    _ready(driver, url, "vi")
    _target(driver, "moves")
    _add_move(driver, "0", "R+2")
    _add_move(driver, "1", "B+2")
    undo = driver.find_element(By.ID, "pick-undo")
    assert undo.text == "Xóa nước đi cuối"
    undo.click()
    assert driver.find_element(By.ID, "moves").get_attribute("value") == "0 R+2"
    said = driver.find_element(By.ID, "pick-said").text
    assert said == "Đã xóa nước đi: Người chơi 2 đánh Lá +2 xanh dương"


def test_a_tapped_card_says_where_it_went(page: tuple[Any, str]) -> None:
    driver, url = page
    _ready(driver, url, "tl")
    _target(driver, "hand-1")
    _tap(driver, "G7")
    said = driver.find_element(By.ID, "pick-said").text
    assert said == "Napunta ang berdeng 7 sa Manlalaro 2: kamay."  # the card in words
    hand = driver.find_element(By.ID, "hand-1")
    assert hand.get_attribute("value") == "G7" and "took" in hand.get_attribute("class")


# ------------------------------------------------------------------ one tap to a ruling

# The five disputes of a table, each one tap from the page's first screen: the seed's
# three (a +2 on a +2; a +4 while holding the color, challenged; a forgotten UNO call), a
# No Mercy +4 then Wild +6, and a Flip Draw Five on Draw Five on the dark side.
FIVE = [
    "stacking-plus2-on-plus2",
    "challenge-catches-a-bluff",
    "missed-uno-caught-in-time",
    "no-mercy-wild-draw-six-on-a-draw-four",
    "flip-stack-draw-five-on-the-dark-side",
]
PHONE = {"width": 360, "height": 640, "deviceScaleFactor": 1, "mobile": True}


@pytest.mark.parametrize("lang", ["vi", "tl", "en"])
def test_each_common_dispute_is_one_tap_from_its_answer_in_words_on_a_phone(
    page: tuple[Any, str], tmp_path: Path, lang: str
) -> None:
    """At 360x640, each of the five disputes is settled by one tap (at most 3), and the
    answer in words (the library's sentence, in the page's language, under each rule set
    that differs) is read within 3 screen heights of where the page puts the reader."""
    from uno_rules.dispute import settle
    from uno_rules.verdict import plain_verdict

    driver, url = page
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        for name in FIVE:
            data = yaml.safe_load((ROOT / "examples" / f"{name}.yaml").read_text("utf-8"))
            presets = list(data["expect"])
            settled = settle(data, presets)
            wait = _ready(driver, url, lang)
            taps = 0
            driver.find_element(By.CSS_SELECTOR, f"button[data-example='{name}']").click()
            taps += 1
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".answers .plain"))
            assert taps <= 3
            answers = driver.find_element(By.CSS_SELECTOR, ".answers")
            shown = [p.text for p in answers.find_elements(By.CSS_SELECTOR, ".plain")]
            wanted = [
                plain_verdict(settled.rulings[p][i], lang, preset=p)
                for i in range(len(data["moves"]))
                for p in presets
            ]
            assert shown == wanted
            top, bottom, height, wide, screen = driver.execute_script(
                "const r = document.querySelector('.answers').getBoundingClientRect();"
                "const e = document.documentElement;"
                "return [r.top, r.bottom, window.innerHeight, e.scrollWidth, e.clientWidth]"
            )
            assert 0 <= top < height  # the page scrolled to the rulings: the answer shows
            assert bottom / height <= 3, (name, bottom / height)
            assert wide == screen  # nothing wider than the phone
            driver.save_screenshot(str(_screenshots(tmp_path) / f"answer-{name}-{lang}-360.png"))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


# ------------------------------------------------------------------ accessibility

AXE = os.environ.get("UNO_RULES_AXE", "")  # axe-core's axe.min.js, as npm installs it


def _axe(driver: Any) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is now."""
    source = Path(AXE).read_text(encoding="utf-8")
    driver.execute_script(source)
    found: dict[str, Any] = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then((r) => done({violations: r.violations.map("
        "  (v) => ({id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target)}))}));"
    )
    violations: list[dict[str, Any]] = found["violations"]
    return violations


@pytest.mark.skipif(
    not (AXE and Path(AXE).is_file()),
    reason="needs axe-core: npm install axe-core, and UNO_RULES_AXE naming its axe.min.js",
)
@pytest.mark.parametrize("lang", ["en", "vi", "tl"])
def test_axe_core_finds_nothing_in_any_language_or_state(page: tuple[Any, str], lang: str) -> None:
    """axe-core (from the npm registry; its ``axe.min.js`` named by ``UNO_RULES_AXE``)
    finds no violation: the empty page, the page
    with a bad table's problems, with a dispute's rulings, on a phone, and after the card
    picker and the builder were used."""
    driver, url = page
    driver.set_script_timeout(60)
    wait = _ready(driver, url, lang)
    assert _axe(driver) == []
    driver.find_element(By.ID, "hand-1").send_keys("R5 X9")
    driver.find_element(By.ID, "settle").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "ul.problems li"))
    assert _axe(driver) == []
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        _ready(driver, url, lang)
        _target(driver, "moves")
        _add_move(driver, "0", "R+2")
        driver.find_element(By.CSS_SELECTOR, "button[data-example='challenge-fails']").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".answers .plain"))
        assert _axe(driver) == []
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_skip_link_leads_to_the_rulings_and_card_buttons_say_their_text(
    page: tuple[Any, str],
) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver, url = page
    _ready(driver, url, "vi")
    driver.execute_script("document.activeElement.blur(); window.focus()")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    skip = driver.switch_to.active_element
    assert skip.get_attribute("class") == "skip" and skip.text == "Đến thẳng phần phân xử"
    assert skip.get_attribute("href").endswith("#results")
    for code in ("R0", "B+2"):  # WCAG 2.5.3: the visible label is in the name
        card = driver.find_element(By.CSS_SELECTOR, f"#cards button[data-card='{code}']")
        face = card.find_element(By.CSS_SELECTOR, ".face").text
        assert face in card.accessible_name and face == code[1:]


def test_the_picture_of_the_ruling_is_also_a_png_to_send(page: tuple[Any, str]) -> None:
    """Chat apps show PNG inline, not SVG: the page draws the ruling's picture into a PNG
    (in the browser, at twice the picture's size) offered to save, and to share where the
    browser can share files (headless Chromium cannot: the download stays)."""
    import base64

    driver, url = page
    wait = _ready(driver, url, "vi")
    driver.find_element(By.CSS_SELECTOR, "button[data-example='stacking-plus2-on-plus2']").click()
    wait.until(lambda d: d.find_elements(By.ID, "picture"))
    driver.find_element(By.ID, "picture").click()
    wait.until(lambda d: d.find_elements(By.ID, "picture-png"))
    link = driver.find_element(By.ID, "picture-png")
    assert link.get_attribute("download") == "uno-ruling-vi.png"
    assert link.text == "Lưu ảnh (PNG)"
    head, data = link.get_attribute("href").split(",", 1)
    assert head == "data:image/png;base64"
    png = base64.b64decode(data)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(png[16:20], "big")
    assert width == 2 * 600  # the picture's 600 px, twice
    assert len(png) > 20_000  # a picture, not an empty canvas


def test_a_card_a_ticked_rule_set_lacks_blames_the_rule_sets_not_the_json_box(
    page: tuple[Any, str],
) -> None:
    """No Mercy's Wild Draw Six ticked beside the official rules: the problem names the
    rule sets, and the More fields box is left alone."""
    driver, url = page
    wait = _ready(driver, url, "en")
    example = "no-mercy-wild-draw-six-on-a-draw-four"
    driver.find_element(By.CSS_SELECTOR, f"button[data-example='{example}']").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".answers .plain"))
    driver.find_element(By.ID, "preset-official").click()
    driver.find_element(By.ID, "settle").click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "ul.problems li"))
    problem = driver.find_element(By.CSS_SELECTOR, "ul.problems li").text
    assert problem.startswith("Rule sets: cards: ") and ("W+6" in problem or "Y+4" in problem)
    assert "bad" in driver.find_element(By.ID, "preset-list").get_attribute("class")
    assert "bad" not in (driver.find_element(By.ID, "more").get_attribute("class") or "")
    assert driver.switch_to.active_element.get_attribute("id") == "preset-list"


# ------------------------------------------------------------------ built from scratch

# The five disputes, built from an empty page at 360x640 by tapping only, as a family
# would: each step is one tap. ("card", C) taps a card of the picker (into the place it
# goes to: the discard pile first, then the moves); ("target", T) chooses where the next
# cards go; ("seat", S) who moves next; ("verb", V) a move without a card; ("color", C) a
# wild's color; ("preset", P) ticks a rule set; ("side",) the dark side; ("settle",).
SCRATCH: dict[str, dict[str, Any]] = {
    "stacking-plus2-on-plus2": {
        "steps": [
            ("card", "R3"),
            ("card", "R+2"),
            ("card", "B+2"),
            ("target", "hand-0"),
            ("card", "G4"),
            ("target", "hand-1"),
            ("card", "R9"),
            ("settle",),
        ],
        "table": {"hands": [["R+2", "G4"], ["B+2", "R9"], 7, 7], "discard": ["R3"]},
        "moves": ["0 R+2", "1 B+2"],
        "codes": {"official": ["", "cannot-stack"], "family": ["", ""]},
        "said": "Under Family rules: yes. Player 3 now draws 4, or stacks another draw card.",
    },
    "challenge-catches-a-bluff": {
        "steps": [
            ("card", "R5"),
            ("card", "W+4"),
            ("color", "blue"),
            ("verb", "challenge"),
            ("target", "hand-0"),
            ("card", "R2"),
            ("settle",),
        ],
        "table": {"hands": [["W+4", "R2"], 7, 7, 7], "discard": ["R5"]},
        "moves": ["0 W+4 blue", "1 challenge"],
        "codes": {"official": ["", ""], "family": ["", ""]},
        "said": "The challenger, Player 2, is right: Player 1 bluffed and draws 4.",
    },
    "missed-uno-caught-in-time": {
        "steps": [
            ("card", "R5"),
            ("card", "R3"),
            ("seat", "2"),
            ("verb", "catch"),
            ("target", "hand-0"),
            ("card", "G9"),
            ("settle",),
        ],
        "table": {"hands": [["R3", "G9"], 7, 7, 7], "discard": ["R5"]},
        "moves": ["0 R3", "2 catch 0"],
        "codes": {"official": ["", ""], "family": ["", ""]},
        "said": "Player 1 did not call UNO in time and draws 2.",
    },
    "no-mercy-wild-draw-six-on-a-draw-four": {
        "steps": [
            ("preset", "no-mercy"),
            ("card", "Y5"),
            ("card", "Y+4"),
            ("card", "W+6"),
            ("color", "red"),
            ("target", "hand-0"),
            ("card", "Y1"),
            ("target", "hand-1"),
            ("card", "B1"),
            ("settle",),
        ],
        "table": {"hands": [["Y+4", "Y1"], ["W+6", "B1"], 7, 7], "discard": ["Y5"]},
        "moves": ["0 Y+4", "1 W+6 red"],
        "codes": {"no-mercy": ["", ""]},
        "said": "Player 3 now draws 10, or stacks another draw card.",
    },
    "flip-stack-draw-five-on-the-dark-side": {
        "steps": [
            ("preset", "flip"),
            ("side",),
            ("card", "R9/T4"),
            ("card", "B6/T+5"),
            ("card", "G2/P+5"),
            ("target", "hand-0"),
            ("card", "G3/O3"),
            ("target", "hand-1"),
            ("card", "B1/V5"),
            ("settle",),
        ],
        "table": {
            "hands": [["B6/T+5", "G3/O3"], ["G2/P+5", "B1/V5"], 7, 7],
            "discard": ["R9/T4"],
            "side": "dark",
        },
        "moves": ["0 T+5", "1 P+5"],
        "codes": {"flip": ["", "cannot-stack"]},
        "said": "Under UNO Flip: no, because Player 2 may not pass the penalty on",
    },
}
MOST_TAPS = 12
MOST_SCREENS = 3


def _step_element(driver: Any, step: tuple[str, ...]) -> Any:
    kind = step[0]
    css = {
        "card": "#cards button[data-card='{}']",
        "target": "#targets button[data-target='{}']",
        "seat": "#seats button[data-seat='{}']",
        "verb": "button.verb[data-verb='{}']",
        "color": "#wild-colors button[data-color='{}']",
        "preset": "label[for='preset-{}']",
        "side": "label#side-box",
        "settle": "#settle",
    }[kind]
    return driver.find_element(By.CSS_SELECTOR, css.format(*step[1:]))


def _tap_in_view(driver: Any, element: Any) -> float:
    """Scroll as a reader would, only as far as needed to see ``element`` above the
    sticky Settle bar, then tap it; returns the distance scrolled, in CSS pixels."""
    moved: float = driver.execute_script(
        "const node = arguments[0], r = node.getBoundingClientRect();"
        "const bar = document.querySelector('.settle-bar');"
        "const low = node.closest('.settle-bar') ? window.innerHeight"
        "  : window.innerHeight - bar.getBoundingClientRect().height;"
        "let by = 0;"
        "if (r.top < 0) by = r.top - 8; else if (r.bottom > low) by = r.bottom - low + 8;"
        "const before = window.scrollY; window.scrollBy(0, by);"
        "return Math.abs(window.scrollY - before);",
        element,
    )
    element.click()
    return moved


@pytest.mark.parametrize("lang", ["vi", "tl", "en"])
@pytest.mark.parametrize("name", list(SCRATCH))
def test_each_dispute_is_built_from_scratch_in_a_few_taps_on_a_phone(
    page: tuple[Any, str], tmp_path: Path, lang: str, name: str
) -> None:
    """From an empty page at 360x640, each of the five disputes is built and settled in at
    most 12 taps and 3 screen heights of scrolling (counted: every tap, and every pixel
    scrolled to reach the next thing to tap), and the page shows the plain sentence of
    each verdict: the library's, in the page's language."""
    from uno_rules.dispute import settle
    from uno_rules.verdict import plain_verdict

    driver, url = page
    case = SCRATCH[name]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        wait = _ready(driver, url, lang)
        taps, scrolled = 0, 0.0
        for step in case["steps"]:
            scrolled += _tap_in_view(driver, _step_element(driver, step))
            taps += 1
            if step[0] in ("preset", "side"):  # the picker shows the deck (or side) chosen
                wait.until(lambda d: d.find_element(By.ID, "cards").get_attribute("data-ready"))
                wait.until(
                    lambda d: d.find_element(By.ID, "cards").get_attribute("data-ready") == "true"
                )
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".answers .plain"))
        assert taps <= MOST_TAPS
        assert scrolled / PHONE["height"] <= MOST_SCREENS, scrolled
        built = driver.execute_script("return collect()")
        presets = list(case["codes"])
        assert (
            driver.execute_script(
                "return [...document.querySelectorAll('.presets input:checked')].map(b => b.value)"
            )
            == presets
        )
        for key, value in case["table"].items():
            assert built[key] == value, key
        assert built["moves"] == case["moves"]
        settled = settle(built, presets)
        for preset, codes in case["codes"].items():
            found = [r.violation.code if r.violation else "" for r in settled.rulings[preset]]
            assert found == codes, preset
        shown = [p.text for p in driver.find_elements(By.CSS_SELECTOR, ".answers .plain")]
        wanted = [
            plain_verdict(settled.rulings[p][i], lang, preset=p)
            for i in range(len(case["moves"]))
            for p in presets
        ]
        assert shown == wanted
        if lang == "en":
            assert any(case["said"] in text for text in shown), shown
        top, height = driver.execute_script(
            "return [document.querySelector('.answers').getBoundingClientRect().top,"
            " window.innerHeight]"
        )
        assert -1 <= top < height  # the page brought the answer into view
        print(f"{name} {lang}: {taps} taps, {scrolled:.0f} px scrolled")
        driver.save_screenshot(str(_screenshots(tmp_path) / f"scratch-{name}-{lang}-360.png"))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


# ------------------------------------------------------------------ no English on a vi/tl page

# A clause's id (B7.3): an id, said in every language.
CLAUSE = re.compile(r"^[A-Z]\d+\.\d+$")
# A card's notation (R7, B+2, W+4, Tskip, G2/P+5), alone or in a move (0 R+2).
NOTATION = re.compile(
    r"^(?:[RYGBOPTV](?:\d|\+\d|skip|rev|flip|discard|hit|trade)"
    r"|W(?:$|\+|C$|SH$|SW$|rev|skip|swap|t\+|allhit|hitfire|roulette))\S*$"
)


def _english_words() -> set[str]:
    """Every English word of the package's sentences (the catalogs' message ids), the
    rule sets' codes and the refusals' codes: none may be said on a vi or tl page unless
    the glossary keeps it."""
    from uno_rules import i18n
    from uno_rules.presets import preset_names

    template = ROOT / "src" / "uno_rules" / "locale" / "vi" / "LC_MESSAGES" / "uno_rules.po"
    said = " ".join(i18n.read_po(template.read_text(encoding="utf-8")))
    said = re.sub(r"\{\w*\}", " ", said)
    found = {w.lower() for w in _words(said) if w.isascii()}
    codes = set(preset_names())
    source = (ROOT / "src" / "uno_rules" / "violations.py").read_text(encoding="utf-8")
    codes |= set(re.findall(r'code: ClassVar\[str\] = "([^"]+)"', source))
    return found | codes


def _words(text: str) -> list[str]:
    """The words of ``text``: letters (of any script), joined by a hyphen or apostrophe."""
    return re.findall(r"[^\W\d_]+(?:['-][^\W\d_]+)*", text)


# Words of the language spelled as English ones are (docs/languages.md).
NATIVE = {"vi": {"in"}, "tl": {"at", "may", "lang"}}


def _kept(lang: str) -> set[str]:
    """The words docs/languages.md says the language keeps in English (card names, the
    editions' names, the formats'), one list a language, and its words spelled as English
    ones are."""
    text = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
    item = text.split(f"- Kept in English in `{lang}`: ", 1)[1].split("\n- ", 1)[0]
    item = item.split("\n\n", 1)[0]
    return {w.lower() for w in _words(item)} | NATIVE[lang]


def _page_words(driver: Any) -> list[str]:
    """What the page says to people now: its text, the words of its pictures (each
    move's, and the picture of the ruling), and the names read out by a screen reader."""
    said: list[str] = driver.execute_script(
        "let text = document.body.innerText;"
        "for (const node of document.querySelectorAll('code:not(.notation)'))"
        "  text = text.split(node.innerText).join(' ');"
        "const out = [text, document.title];"
        "for (const node of document.querySelectorAll('svg text, svg title'))"
        "  out.push(node.textContent);"
        "for (const node of document.querySelectorAll('[aria-label], [title], img[alt]'))"
        "  out.push(node.getAttribute('aria-label') || node.getAttribute('title') || node.alt);"
        "return out;"
    )
    link = driver.find_elements(By.ID, "picture-link")
    if link:
        svg = driver.execute_script(
            "return decodeURIComponent(arguments[0].getAttribute('href').split(',')[1])", link[0]
        )
        said += re.findall(r">([^<>]+)<", svg)
        said += re.findall(r"aria-label=\"([^\"]*)\"|aria-label='([^']*)'", svg)[0]
    return [str(s) for s in said if s]


@pytest.mark.parametrize("lang", ["vi", "tl"])
def test_a_vi_or_tl_page_says_no_english_word_but_the_card_names_it_keeps(
    page: tuple[Any, str], lang: str
) -> None:
    """Each of the five disputes opened and settled, its pictures drawn: no English word
    (the package's English sentences' words, the rule sets' codes, the refusals' codes)
    and no card or move notation is on the page, in its pictures or in a name a screen
    reader says, except the words the glossary keeps (docs/languages.md)."""
    driver, url = page
    english = _english_words() - _kept(lang)
    assert {"official", "cannot-stack", "refused", "seat", "legal"} <= english
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        for name in FIVE:
            wait = _ready(driver, url, lang)
            driver.find_element(By.CSS_SELECTOR, f"button[data-example='{name}']").click()
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".answers .plain"))
            _click(driver, driver.find_element(By.ID, "picture"))
            wait.until(lambda d: d.find_elements(By.ID, "picture-link"))
            driver.execute_script(
                "document.querySelectorAll('details').forEach(d => d.open = true)"
            )
            found: dict[str, str] = {}
            for text in _page_words(driver):
                for token in text.split():
                    word = token.strip(".,:;!?()[]\"'“”«»…")
                    if NOTATION.match(word) and not CLAUSE.match(word):
                        found[word] = text[:80]
                    for part in _words(word):
                        # (a letter alone is no word: B7.3 is a clause's id)
                        if len(part) > 1 and part.isascii() and part.lower() in english:
                            found[part] = text[:80]
            assert not found, f"{name}: {found}"
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.parametrize("lang", ["vi", "tl", "en"])
def test_each_moves_picture_fits_a_phone_and_its_card_text_is_legible(
    page: tuple[Any, str], lang: str
) -> None:
    """At 360 px, every picture of every move (each rule set's, and the table before the
    first) of the
    five disputes is as wide as its box at most, nothing is wider than the screen, and
    the smallest text on a card is at least 11 CSS pixels."""
    driver, url = page
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        for name in FIVE:
            wait = _ready(driver, url, lang)
            driver.find_element(By.CSS_SELECTOR, f"button[data-example='{name}']").click()
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".answers .plain"))
            driver.execute_script(
                "document.querySelectorAll('details').forEach(d => d.open = true)"
            )
            for column in driver.find_elements(By.CSS_SELECTOR, "section.column"):
                if len(driver.find_elements(By.ID, "shown-preset")):
                    _choose(driver, "shown-preset", column.get_attribute("data-preset"))
                count = len(column.find_elements(By.CSS_SELECTOR, ".picture svg"))
                # the table before the first move, and after each move
                assert count == 1 + len(column.find_elements(By.CSS_SELECTOR, "article.ruling"))
                smallest, overflow = _card_text_and_overflow(driver)
                assert not overflow, (name, overflow)
                assert smallest >= CARD_TEXT_PX, (name, smallest)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.skipif(
    not (AXE and Path(AXE).is_file()),
    reason="needs axe-core: npm install axe-core, and UNO_RULES_AXE naming its axe.min.js",
)
@pytest.mark.parametrize("lang", ["en", "vi", "tl"])
def test_axe_core_finds_nothing_on_the_pictures_and_the_flip_states(
    page: tuple[Any, str], lang: str
) -> None:
    """axe-core finds no violation on a phone: the UNO Flip dispute (the dark side) with
    every move's picture open, then with the picture of the ruling shown (the picture
    panel: its preview, its SVG and PNG links); and the builder asking a wild's color,
    with the dark side ticked and the Flip deck in the picker."""
    driver, url = page
    driver.set_script_timeout(60)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    try:
        wait = _ready(driver, url, lang)
        example = "flip-stack-draw-five-on-the-dark-side"
        driver.find_element(By.CSS_SELECTOR, f"button[data-example='{example}']").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".answers .plain"))
        driver.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")
        assert driver.find_elements(By.CSS_SELECTOR, ".picture svg")
        assert _axe(driver) == []
        _click(driver, driver.find_element(By.ID, "picture"))
        wait.until(lambda d: d.find_elements(By.ID, "picture-png"))
        assert driver.find_element(By.ID, "picture-preview").is_displayed()
        assert _axe(driver) == []
        wait = _ready(driver, url, lang)
        _tick_only(driver, ["flip"])
        _click(driver, driver.find_element(By.CSS_SELECTOR, "label#side-box"))
        wait.until(lambda d: d.find_element(By.ID, "cards").get_attribute("data-ready") == "true")
        _target(driver, "moves")
        _tap(driver, "R2/W+color")  # on the dark side, a Wild Draw Color: its color is asked
        assert driver.find_element(By.ID, "wild-colors").is_displayed()
        assert not driver.find_element(By.ID, "wild-red").is_displayed()  # the dark side's
        assert _axe(driver) == []
        _click(driver, driver.find_element(By.ID, "wild-pink"))
        assert driver.find_element(By.ID, "moves").get_attribute("value") == "0 W+color pink"
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
