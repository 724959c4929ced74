"""UNO Attack's card launcher (AT2, ``docs/attack.md``): a turn's draw is a press of the
launcher, which fires a random number of cards, none included.

The launcher is random in the box; here it is a distribution of counts (``weights``: the
weight of firing 0, 1, 2, ... cards) drawn from a seed derived from the game's, so a replay
or a snapshot plays the same presses. A press ends the turn, even when a card it fired
could be played (AT2). The same distribution written as an effect step is ``random_draws``
(AT3: a Hit 2 is two presses).
"""

from __future__ import annotations

from attrs import field, frozen

from ._meta import meta

__all__ = ["DEFAULT_WEIGHTS", "Launcher"]

#: AT2 Default: most presses fire nothing, a few fire several (about 1.4 cards a press).
DEFAULT_WEIGHTS = (10, 4, 3, 2, 1, 1, 1)


def _weights(value: object) -> tuple[int, ...]:
    return tuple(value)  # type: ignore[arg-type]


@frozen
class Launcher:
    """AT2 parameters."""

    enabled: bool = field(
        default=False,
        metadata=meta("A turn's draw is a press of UNO Attack's launcher.", "AT2"),
    )
    weights: tuple[int, ...] = field(
        default=DEFAULT_WEIGHTS,
        converter=_weights,
        metadata=meta(
            "The weight of a press firing 0, 1, 2, ... cards (at most 21 numbers).", "AT2", 0, 1000
        ),
    )
