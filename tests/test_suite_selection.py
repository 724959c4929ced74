"""The suite leaves out its browser tests unless they are asked for (``tests/conftest.py``):
the README's command runs without them; ``-m browser``, ``-m ""`` or naming their file or
one of them runs them."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

CONFTEST = (Path(__file__).parent / "conftest.py").read_text(encoding="utf-8")


@pytest.fixture
def suite(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeini(
        "[pytest]\naddopts = -p no:cacheprovider\nmarkers =\n    browser: in a real browser\n"
    )
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(
        test_page="import pytest\npytestmark = pytest.mark.browser\n\n"
        "def test_clicked():\n    pass\n\ndef test_photographed():\n    pass\n",
        test_rules="def test_ruled():\n    pass\n",
    )
    return pytester


@pytest.mark.parametrize(
    ("args", "ran"),
    [
        ((), {"test_ruled"}),
        (("test_rules.py",), {"test_ruled"}),
        (("-m", "browser"), {"test_clicked", "test_photographed"}),
        (("-m", ""), {"test_ruled", "test_clicked", "test_photographed"}),
        (("test_page.py",), {"test_clicked", "test_photographed"}),
        (("test_page.py::test_clicked",), {"test_clicked"}),
        (("test_page.py", "test_rules.py"), {"test_ruled", "test_clicked", "test_photographed"}),
        ((".",), {"test_ruled"}),
    ],
)
def test_browser_tests_run_when_asked_for(
    suite: pytest.Pytester, args: tuple[str, ...], ran: set[str]
) -> None:
    result = suite.runpytest("-v", *args)
    passed = {line.split("::")[1].split()[0] for line in result.outlines if " PASSED" in line}
    assert passed == ran
