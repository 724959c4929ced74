"""Test settings shared by the whole suite.

Hypothesis runs under a profile: ``dev`` (the default, quick enough to run many times a
day) or ``ci`` (four times as many examples), chosen with ``--hypothesis-profile=ci``. Each
property test states its example count for the ``dev`` profile through
:func:`budget.examples`, which scales it to the profile in use.
"""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("dev", max_examples=50)
settings.register_profile("ci", max_examples=200)
settings.load_profile("dev")
