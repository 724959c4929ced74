"""Rule configuration: the :class:`Rules` model and the values of its options."""

from .model import ChallengeRules, FirstCardRules, HouseRules, Rules, ScoringRules, UnoRules
from .options import *  # noqa: F403
from .options import __all__ as _options_all

__all__ = [
    "ChallengeRules",
    "FirstCardRules",
    "HouseRules",
    "Rules",
    "ScoringRules",
    "UnoRules",
    *_options_all,
]
