"""The play check's HTML report in a real headless browser (Debian's chromium, driven by
Selenium): it renders in each language, its four charts are drawn, it fits a phone's width,
and axe-core finds nothing on it.

Marked ``browser`` as tests/test_page_browser.py is (``python -m pytest -m browser``).
Screenshots go to ``UNO_RULES_SCREENSHOTS`` (CI saves them into the documentation build),
else to the test's temporary directory. axe-core's ``axe.min.js`` is read from
``UNO_RULES_AXE``, else from ``node_modules/axe-core`` in the repository (``npm install
axe-core``); without it the accessibility test skips.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import uno_rules as uno
from uno_rules.playtest_page import report_html

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not (CHROMIUM and DRIVER),
        reason="needs Debian's chromium and chromium-driver "
        "(apt-get install chromium chromium-driver)",
    ),
]
webdriver = pytest.importorskip("selenium.webdriver")

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# npm's folder in the repository, where CI installs axe-core: not part of the sdist (an
# unpacked sdist has no axe-core, and the accessibility test skips there).
AXE = os.environ.get("UNO_RULES_AXE") or str(
    ROOT.joinpath("node_modules", "axe-core", "axe.min.js")
)

# A rule set with something in every part of the report: a dead setting (a mercy limit no
# hand can reach) and differences from official (Seven-O, 2-player Reverse as Skip).
SHOWN = {
    "extends": "family",
    "name": "my-table",
    "house_rules": {"mercy": {"enabled": True, "limit": 108}},
}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    os.environ.setdefault("SE_AVOID_STATS", "true")
    options = webdriver.ChromeOptions()
    assert CHROMIUM is not None
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,1600"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(executable_path=DRIVER), options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    report = uno.playtest(SHOWN, players=(2, 4), games=3, bots=("heuristic",))
    folder = tmp_path_factory.mktemp("reports")
    out = {}
    for lang in ("en", "vi", "tl"):
        path = folder / f"playtest-{lang}.html"
        path.write_text(report_html(report, lang), encoding="utf-8")
        out[lang] = path
    return out


def _screenshots(tmp_path: Path) -> Path:
    target = Path(os.environ.get("UNO_RULES_SCREENSHOTS") or tmp_path)
    target.mkdir(parents=True, exist_ok=True)
    return target


@pytest.mark.parametrize("lang", ["en", "vi", "tl"])
def test_the_report_renders_with_its_charts(
    browser: Any, pages: dict[str, Path], lang: str, tmp_path: Path
) -> None:
    browser.get(pages[lang].as_uri())
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == lang
    charts = browser.find_elements(By.CSS_SELECTOR, "figure svg")
    assert len(charts) == 4
    for chart in charts:
        assert chart.size["width"] > 200 and chart.size["height"] > 80
        assert chart.find_elements(By.CSS_SELECTOR, "rect, polyline")
    if lang == "en":
        assert "house_rules.mercy changed no move" in browser.find_element(By.TAG_NAME, "main").text
        browser.save_screenshot(str(_screenshots(tmp_path) / "playtest-report.png"))


def test_the_report_fits_a_phone(browser: Any, pages: dict[str, Path], tmp_path: Path) -> None:
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 375, "height": 800, "deviceScaleFactor": 2, "mobile": True},
    )
    try:
        browser.get(pages["en"].as_uri())
        width = browser.execute_script("return document.documentElement.scrollWidth")
        assert width <= 375
        browser.save_screenshot(str(_screenshots(tmp_path) / "playtest-report-phone.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.skipif(not Path(AXE).is_file(), reason="needs axe-core (npm install axe-core)")
@pytest.mark.parametrize("lang", ["en", "vi", "tl"])
def test_axe_core_finds_nothing(browser: Any, pages: dict[str, Path], lang: str) -> None:
    browser.get(pages[lang].as_uri())
    browser.execute_script(Path(AXE).read_text(encoding="utf-8"))
    found = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document).then((r) => done(r.violations.map("
        "  (v) => ({id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target)}))));"
    )
    assert found == []
