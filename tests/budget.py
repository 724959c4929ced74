"""How many examples a property test runs, scaled to the Hypothesis profile in use."""

from __future__ import annotations

from hypothesis import settings

# The profile's max_examples against this reference gives the scale: the ``dev`` profile
# (50) runs each test's stated count, the ``ci`` profile (200) four times as many.
_REFERENCE = 50


def examples(count: int) -> int:
    """``count`` examples under the ``dev`` profile, scaled for the profile in use."""
    profile = settings.default
    assert profile is not None  # a profile is always loaded (tests/conftest.py)
    return max(1, count * profile.max_examples // _REFERENCE)
