"""Rule configuration: the :class:`Rules` model and the values of its options."""

from .deflect import Deflect
from .draw_until_playable import AfterFound, AppliesTo, DrawUntilPlayable
from .extra_cards import (
    BlankCards,
    CustomEffect,
    DealDirection,
    DrawChooser,
    ExtraCards,
    ShuffleFirstCard,
    ShuffleLastCard,
    WildCustomizable,
    WildShuffleHands,
    WildSwapHands,
)
from .force_play import ForcePlay
from .go_out import CardKind, GoOut
from .jump_in import ActionSemantics, JumpIn, JumpInWilds, WithStacking
from .mercy import Mercy
from .model import (
    ChallengeRules,
    FirstCardRules,
    HouseRules,
    PointValues,
    Rules,
    ScoringRules,
    UnoRules,
)
from .multi_card import MultiCard, MultiCardEffects, MultiCardMode
from .options import *  # noqa: F403
from .options import __all__ as _options_all
from .partnership import Partnership
from .seven_o import OnLastCard, SevenO
from .stacking import Plus2OnPlus4Color, StackChallenge, Stacking, StackPair, W4InStack

__all__ = [
    "ActionSemantics",
    "AfterFound",
    "AppliesTo",
    "BlankCards",
    "CardKind",
    "ChallengeRules",
    "CustomEffect",
    "DealDirection",
    "Deflect",
    "DrawChooser",
    "DrawUntilPlayable",
    "ExtraCards",
    "FirstCardRules",
    "ForcePlay",
    "GoOut",
    "HouseRules",
    "JumpIn",
    "JumpInWilds",
    "Mercy",
    "MultiCard",
    "MultiCardEffects",
    "MultiCardMode",
    "OnLastCard",
    "Partnership",
    "Plus2OnPlus4Color",
    "PointValues",
    "Rules",
    "ScoringRules",
    "SevenO",
    "ShuffleFirstCard",
    "ShuffleLastCard",
    "StackChallenge",
    "StackPair",
    "Stacking",
    "UnoRules",
    "W4InStack",
    "WildCustomizable",
    "WildShuffleHands",
    "WildSwapHands",
    "WithStacking",
    *_options_all,
]
