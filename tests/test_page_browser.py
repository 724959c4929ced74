"""The dispute page in a real headless browser (Debian's chromium, driven by Selenium): every
dispute in ``examples/`` is opened and settled by clicking, and the page shows the same
rulings as ``uno-rules rule --json``; the page fits a phone's width.

Screenshots go to the directory named by ``UNO_RULES_SCREENSHOTS`` (CI saves them into the
documentation build), else to the test's temporary directory.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    not (CHROMIUM and DRIVER),
    reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)",
)
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
    for name in presets:
        driver.find_element(By.ID, f"preset-{name}").click()
    driver.find_element(By.ID, "settle").click()
    wait.until(lambda d: d.find_element(By.ID, "status").text.startswith(("Settled", "The ")))
    assert driver.find_element(By.ID, "status").text.startswith("Settled")


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_the_page_settles_each_example_as_the_command_line_does(
    page: tuple[Any, str], capsys: pytest.CaptureFixture[str], path: Path
) -> None:
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
            assert f"{i + 1}. {ruling['move']}" in text
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
