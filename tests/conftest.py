"""Test settings shared by the whole suite.

The tests marked ``browser`` run only when asked for (see
:func:`pytest_collection_modifyitems`).

Hypothesis runs under a profile: ``dev`` (the default, quick enough to run many times a
day) or ``ci`` (four times as many examples), chosen with ``--hypothesis-profile=ci``. Each
property test states its example count for the ``dev`` profile through
:func:`budget.examples`, which scales it to the profile in use.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("dev", max_examples=50)
settings.register_profile("ci", max_examples=200)
settings.load_profile("dev")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the tests marked ``browser`` (the dispute page in a real browser: a third
    of the suite's time, and Debian's chromium) unless they are asked for: by ``-m`` (``-m
    browser`` runs them alone, ``-m ""`` with the rest) or by naming their file or one of
    them (``python -m pytest tests/test_page_browser.py``)."""
    if any(arg.startswith("-m") for arg in config.invocation_params.args):
        return  # (-m "" too, which config.option.markexpr cannot tell from no -m)
    named = {
        Path(arg.split("::", 1)[0]).resolve()
        for arg in config.args
        if Path(arg.split("::", 1)[0]).is_file()
    }
    kept, left_out = [], []
    for item in items:
        asked = item.path in named or not item.get_closest_marker("browser")
        (kept if asked else left_out).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept
