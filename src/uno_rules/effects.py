"""What a played card does: its kind's effect steps, interpreted once (``docs/cards.md``).

A card's effect is data: the steps of its kind (:mod:`uno_rules.kinds`; a Wild
Customizable's are the preset's written rule, E3.3). :func:`apply_card_effect` is called by
the engine once the cards are on the discard pile. The order is fixed here:

1. the enabled rules' own effects (``play_effect``, in the registry's order; H15, H06, H07
   and rules installed from other packages), asked for every card played, draw cards
   included; the first that answers replaces the rest;
2. a draw card (a kind with a draw value) runs its steps at once, even as a last card
   (B10.3): a ``next_draws`` step leaves its penalty to the next seat, pending where the
   victim has a decision (A60; an enabled rule may shape it, H01), else drawn at once;
3. the card's steps (``Plan.steps``: an enabled rule's ``card_steps``, else the kind's), in
   order, the seat to play next starting as the next seat (B4.3); a card that went out has
   none (B10.4, A41; A38 ``redeal`` and H07 ``on_last_card: apply`` excepted).

Each step is one function of :data:`STEPS`: skip (N seats, or everyone), reverse (two
players as H08 says), a draw penalty on the next seat, every other seat draws, draw until a
color (who names it), discard the player's cards of a color, discard the others' wilds, swap
hands with a named seat, pass hands on, shuffle hands, play again, turn the table over (F2).

The first card turned up (1.3) runs the same steps, through :data:`FIRST_STEPS`: each op
says there, next to its implementation, what it does when nobody played the card (B3.1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ._records import replace
from .cards import Card, Color, Rank
from .events import (
    CardsDiscarded,
    CardsDrawn,
    CardsTurned,
    ExtraTurn,
    HandsShuffled,
    Reversed,
    Skipped,
    TableFlipped,
    WildsDiscarded,
)
from .kinds import Step, StepOp
from .randomness import derive_seed, shuffled
from .rules import DealDirection
from .rules.builder import Builder
from .rules.extra_cards import until_step
from .rules.hooks import PlayContext
from .rules.judge import is_bluff, reverse_skips
from .rules.options import FirstDrawTwo, FirstReverse
from .rules.registry import hook_rule
from .state import MAX_PLAYERS, Penalty, Phase, pile_cards, pile_from, pile_push

if TYPE_CHECKING:
    from .rules.first_card import FirstTurn

__all__ = [
    "FIRST_STEPS",
    "SKIPPED",
    "STEPS",
    "apply_card_effect",
    "draw_until_color",
    "run_steps",
    "take_until",
    "weighted_count",
]

# Enum members read on every move, bound to module names: on Python 3.11 reading
# ``Phase.TURN`` goes through EnumType.__getattr__'s hook and costs about ten times a
# global read (docs/performance.md).
PHASE_CHOOSE_COLOR: Final = Phase.CHOOSE_COLOR
PHASE_PENALTY: Final = Phase.PENALTY
PHASE_TURN: Final = Phase.TURN
DEAL_DIRECTION_DIRECTION_OF_PLAY: Final = DealDirection.DIRECTION_OF_PLAY
FIRST_DRAW_TWO_DRAW_AND_SKIP: Final = FirstDrawTwo.DRAW_AND_SKIP
FIRST_REVERSE_DEALER_FIRST_CCW: Final = FirstReverse.DEALER_FIRST_CCW
RANK_DRAW_TWO: Final = Rank.DRAW_TWO
# Events are frozen values: a seat's Skipped event is made once and handed out again (the
# general path's steps and the engine's shortcuts alike).
SKIPPED: Final = tuple(Skipped(s) for s in range(MAX_PLAYERS))


def apply_card_effect(b: Builder, ctx: PlayContext) -> None:
    """Apply the effect of the cards just played (``ctx``), as the module docstring says."""
    plan = b.rules.plan
    card = ctx.cards[-1]
    last = not ctx.hand
    for hook, params in plan.play_effect:  # the enabled rules, in the registry's order
        if hook(b, ctx, params):
            penalty = b.penalty
            if penalty is not None and penalty.rule is None and penalty is not ctx.pending:
                # a penalty this rule made is its own to answer (registry.owned)
                owner = hook_rule(hook)
                if owner is not None:
                    b.penalty = replace(penalty, rule=owner.name)
            return
    steps = plan.steps(card, last)  # B10.4, A30, A41: a last card's are none (A38 aside)
    if last and not steps and not card.kind.draw:
        return
    run_steps(b, ctx, steps)


def run_steps(b: Builder, ctx: PlayContext, steps: tuple[Step, ...]) -> None:
    """The steps of the card just played, in order, the seat to play next starting as the
    next seat (B4.3). A draw card's steps all apply, even as a last card (B7.3, B7.5, H01,
    H09, N10, N14, B10.3); any other card's stop where a decision waits (H17 chooser
    victim, a pending penalty). The engine's general path and its play shortcut
    (:mod:`uno_rules.fastpath`) both call this: one semantics."""
    b.turn = b.next(ctx.move.seat)
    if ctx.cards[-1].kind.draw:
        for step in steps:
            STEPS[step.op](b, ctx, step)
        return
    for step in steps:
        STEPS[step.op](b, ctx, step)
        if b.phase is PHASE_CHOOSE_COLOR or b.phase is PHASE_PENALTY:
            return


# --------------------------------------------------------------------------- the steps


def _skip(b: Builder, ctx: PlayContext, step: Step) -> None:
    """B7.1 (H09: k Skips skip k players each); N12 Skip Everyone: every other seat is
    skipped and the player plays again."""
    seat = ctx.move.seat
    if step.everyone:
        for i in range(1, len(b.active())):
            b.events.append(SKIPPED[b.next(seat, i)])
        b.turn = seat
        return
    for _ in range(step.n * ctx.times):
        b.events.append(SKIPPED[b.turn])
        b.turn = b.next(b.turn)


def _reverse(b: Builder, ctx: PlayContext, step: Step) -> None:
    """B7.2; H08 / T1 / N11: with two players a Reverse acts as a Skip (the player plays
    again); H09: an even number of Reverses cancel out."""
    seat = ctx.move.seat
    if reverse_skips(b.rules, len(b.active())):
        b.events.append(SKIPPED[b.next(seat)])
        b.turn = seat
        return
    if ctx.times % 2:
        b.direction = -b.direction
        b.events.append(Reversed(b.direction))
    b.turn = b.next(seat)


def _next_draws(b: Builder, ctx: PlayContext, step: Step) -> None:
    """B7.3, B7.5, H01, N10, N14: the seat to play next faces the (accumulated) penalty:
    pending when it has a decision to make (A60), else drawn at once with the turn lost."""
    rules = b.rules
    seat = ctx.move.seat
    card = ctx.cards[-1]
    amount = step.n * ctx.times + ctx.carried
    victim = b.turn
    plan = rules.plan
    choice = plan.choices.get(card.rank)  # (a dictionary read: no call, compiled)
    if choice is None:
        choice = plan.penalty_choice(card)
    if choice:
        restricted = card.kind.restricted
        under = b.old.discard  # (not the top_card property: a Python call when compiled)
        assert under is not None
        bluff = restricted and is_bluff(rules, ctx.hand, under[0], ctx.color_before)
        challengeable = restricted and rules.challenge_possible
        penalty = Penalty(amount, card, seat, bluff, ctx.hand, ctx.color_before, challengeable)
        for hook, params in rules.plan.shape_penalty:  # H01: a stacked card's terms
            penalty = hook(penalty, ctx, params)
        b.penalty = penalty
        b.phase = PHASE_PENALTY
        return
    b.draw_cards(victim, amount, "penalty")
    b.events.append(SKIPPED[victim])
    b.turn = b.next(victim)


def _everyone_draws(b: Builder, ctx: PlayContext, step: Step) -> None:
    """Every other seat still in draws ``n`` cards at once, in play order."""
    seat = ctx.move.seat
    for i in range(1, len(b.active())):
        b.draw_cards(b.next(seat, i), step.n, "penalty")


def _targeted_draws(b: Builder, ctx: PlayContext, step: Step) -> None:
    """AW4: the seat the play names draws ``n`` cards at once; play then goes on as usual
    (the named seat keeps its turn, even when it is the next one)."""
    target = ctx.move.target
    if target is not None:
        b.draw_cards(target, step.n * ctx.times, "penalty")


def _player_draws(b: Builder, ctx: PlayContext, step: Step) -> None:
    """The card's own player draws ``n`` cards ("skip the next two, and you draw one")."""
    b.draw_cards(ctx.move.seat, step.n * ctx.times, "penalty")


def _random_draws(b: Builder, ctx: PlayContext, step: Step) -> None:
    """AT3: a press of UNO Attack's launcher. The seat to play next (``who: next``), each
    other seat in play order (``everyone``) or the card's player (``player``) draws k
    cards, k drawn with probability proportional to its weight (0 included) from a seed
    derived from the game's, so replays and snapshots are exact (:func:`weighted_count`)."""
    seat = ctx.move.seat
    if step.who == "everyone":
        seats = [b.next(seat, i) for i in range(1, len(b.active()))]
    else:
        seats = [seat if step.who == "player" else b.turn]
    for victim in seats:
        count = weighted_count(step.weights, b.next_shuffle_seed())
        b.draw_cards(victim, count, "penalty")


def weighted_count(weights: tuple[int, ...], seed: int) -> int:
    """A count k from 0 to ``len(weights) - 1``, with probability proportional to
    ``weights[k]``, decided by ``seed`` (a 64-bit integer) alone: the same on every
    machine and Python version."""
    total = sum(weights)
    pick = seed % total
    for count, weight in enumerate(weights):
        if pick < weight:
            return count
        pick -= weight
    raise AssertionError("weights add up to their total")  # pragma: no cover


def _draw_until(b: Builder, ctx: PlayContext, step: Step) -> None:
    """H17, N15: the next seat draws until a card of a color shows. With ``chooser:
    victim`` it first names the color (a ``color`` move) while the draw waits as a
    zero-amount :class:`Penalty`."""
    victim = b.turn
    if step.chooser == "victim":
        assert b.color is not None
        b.penalty = Penalty(0, ctx.cards[-1], ctx.move.seat, False, (), b.color, False)
        b.phase = PHASE_CHOOSE_COLOR
        return
    assert b.color is not None
    card = ctx.cards[-1]
    rules = b.rules
    if card.kind.restricted and rules.challenge_possible:
        # F4: a Wild Draw Color waits for its victim to accept or challenge it, as a Wild
        # Draw Four does (B8.3), judged on the hand left after it against the color before
        bluff = is_bluff(rules, ctx.hand, b.old.top_card, ctx.color_before)
        b.penalty = Penalty(0, card, ctx.move.seat, bluff, ctx.hand, ctx.color_before, True)
        b.phase = PHASE_PENALTY
        return
    draw_until_color(b, victim, b.color, step.loses_turn)


def _discard_color(b: Builder, ctx: PlayContext, step: Step) -> None:
    """N13 Discard All: the player's other cards of the card's color go under it."""
    seat = ctx.move.seat
    color = b.color
    hand = b.hands[seat]
    gone = tuple(c for c in hand if c.color is color)
    if not gone:
        return
    b.hands[seat] = tuple(c for c in hand if c.color is not color)
    discard = b.discard
    assert discard is not None
    under = discard[1]
    for c in gone:
        under = pile_push(under, c)
    b.discard = (discard[0], under, discard[2] + len(gone))
    b.events.append(CardsDiscarded(seat, gone))


def _discard_wilds(b: Builder, ctx: PlayContext, step: Step) -> None:
    """E3.3 ``discard_wilds``: every other seat puts its wild cards under the pile."""
    seat = ctx.move.seat
    for s in b.active():
        if s == seat:
            continue
        wilds = tuple(c for c in b.hands[s] if c.is_wild)
        if wilds:
            b.hands[s] = tuple(c for c in b.hands[s] if not c.is_wild)
            b.put_under(wilds)
            b.transferred = b.transferred | {s}
            b.events.append(WildsDiscarded(s, wilds))


def _swap_hands(b: Builder, ctx: PlayContext, step: Step) -> None:
    """E4, H07: the player and the seat it names trade hands."""
    if ctx.move.target is not None:
        b.swap_hands(ctx.move.seat, ctx.move.target)


def _rotate_hands(b: Builder, ctx: PlayContext, step: Step) -> None:
    """H07, N7: every hand passes to the next seat in the direction of play (A32)."""
    b.rotate_hands()


def _pass_hands(b: Builder, ctx: PlayContext, step: Step) -> None:
    """Every hand passes one seat: ``left`` from seat i to seat i+1, ``right`` from seat
    i to seat i-1, whatever the direction of play ("pass your hand to the left")."""
    b.rotate_hands(1 if step.side == "left" else -1)


def _shuffle_hands(b: Builder, ctx: PlayContext, step: Step) -> None:
    """E2.2, E2.3, A35-A37: collect every hand, shuffle, deal from the player's left."""
    seat = ctx.move.seat
    active = b.active()
    pool = [c for s in active for c in b.hands[s]]
    order = shuffled(pool, b.next_shuffle_seed())
    wsh = b.rules.extra_cards.wild_shuffle_hands
    direction = b.direction if wsh.deal_direction is DEAL_DIRECTION_DIRECTION_OF_PLAY else 1
    dealt: dict[int, list[Card]] = {s: [] for s in active}
    to = b.next(seat, 1, direction)
    for c in order:
        dealt[to].append(c)
        to = b.next(to, 1, direction)
    for s in active:
        b.hands[s] = tuple(dealt[s])
    b.transferred = b.transferred | set(active)
    b.events.append(HandsShuffled(seat, tuple(len(b.hands[s]) for s in range(b.players))))


def _play_again(b: Builder, ctx: PlayContext, step: Step) -> None:
    """E3.3 ``extra_turn``: the player plays again."""
    seat = ctx.move.seat
    b.turn = seat
    b.events.append(ExtraTurn(seat))


def _discard_faces(b: Builder, ctx: PlayContext, step: Step) -> None:
    """``discard_faces``: the marked cards go down with the play itself (``move.extra``,
    checked by validation), the one on top setting the color; as the card's effect, once
    played, nothing is left to do."""


def _flip(b: Builder, ctx: PlayContext, step: Step) -> None:
    """F2: turn the discard pile over (the Flip just played ends at the bottom, the bottom
    card is the new top card, its other face up), then the draw pile (its bottom card is
    its new top), then every hand; the new top card sets the color (F11), and a wild there
    waits for the next seat to name it (A1)."""
    flipped = [c.flipped for c in pile_cards(b.discard)]
    flipped.reverse()
    b.discard = pile_from(flipped)
    drawn = [c.flipped for c in pile_cards(b.draw)]
    drawn.reverse()
    b.draw = pile_from(drawn)
    for s in range(b.players):
        b.hands[s] = tuple(c.flipped for c in b.hands[s])
    top = flipped[0]
    b.events.append(TableFlipped(ctx.move.seat, "dark" if top.dark else "light"))
    if top.is_wild:
        b.color = None
        b.phase = PHASE_CHOOSE_COLOR
    else:
        b.color = top.color


#: Each effect step's one implementation, by its op (:data:`uno_rules.kinds.STEP_OPS`).
STEPS: Final[dict[str, Callable[[Builder, PlayContext, Step], None]]] = {
    StepOp.SKIP: _skip,
    StepOp.REVERSE: _reverse,
    StepOp.NEXT_DRAWS: _next_draws,
    StepOp.EVERYONE_DRAWS: _everyone_draws,
    StepOp.TARGETED_DRAWS: _targeted_draws,
    StepOp.PLAYER_DRAWS: _player_draws,
    StepOp.RANDOM_DRAWS: _random_draws,
    StepOp.DRAW_UNTIL_COLOR: _draw_until,
    StepOp.DISCARD_COLOR: _discard_color,
    StepOp.DISCARD_WILDS: _discard_wilds,
    StepOp.DISCARD_FACES: _discard_faces,
    StepOp.SWAP_HANDS: _swap_hands,
    StepOp.ROTATE_HANDS: _rotate_hands,
    StepOp.PASS_HANDS: _pass_hands,
    StepOp.SHUFFLE_HANDS: _shuffle_hands,
    StepOp.PLAY_AGAIN: _play_again,
    StepOp.FLIP: _flip,
}
# every op but the preset's written rule (replaced by its steps before it runs) has one
assert set(STEPS) == set(StepOp) - {StepOp.CUSTOM}, "a declared step without its implementation"


# ------------------------------------------------------------- the first card turned up
#
# B3.1: nobody played the first card. A step aimed at the seat to play next acts on the
# first player (1.3); a step aimed at every other seat acts on every seat; a step that needs
# the card's player (its hand, its choice of a seat, playing again) does nothing; hands just
# dealt are not passed on or shuffled (the deal was random already; A39 has its own
# options). A wild's color is named afterwards (``uno_rules.rules.first_card``).


def _first_skip(table: FirstTurn, step: Step) -> None:
    """1.3, B7.1: the first player is skipped (N seats for a Skip Two). Skip Everyone
    skips nobody: it has no player to come back to (B3.1)."""
    if step.everyone:
        return
    for _ in range(step.n):
        table.tell(Skipped(table.turn))
        table.turn = table.next(table.turn)


def _first_reverse(table: FirstTurn, step: Step) -> None:
    """1.3, A2: play goes counter-clockwise, starting with the dealer (a) or the dealer's
    right-hand neighbour (b); with two players and Reverse-as-Skip the dealer starts
    (A52)."""
    table.direction = -table.direction
    two_skip = reverse_skips(table.rules, table.players - len(table.out))
    if table.rules.first_card.reverse is FIRST_REVERSE_DEALER_FIRST_CCW or two_skip:
        table.turn = table.dealer
    else:
        table.turn = table.next(table.dealer)
    table.tell(Reversed(table.direction))


def _first_draws(table: FirstTurn, victim: int, count: int) -> None:
    """``victim`` takes the top ``count`` cards of the pile (what there is), face down."""
    cards = tuple(table.pile[:count])
    del table.pile[:count]
    table.tell(CardsDrawn(victim, len(cards), "first-card", cards))
    table.hands[victim].extend(cards)


def _first_next_draws(table: FirstTurn, step: Step) -> None:
    """1.3, A3, F5, N2 ``apply``: the first player draws N at once (nobody can stack on or
    challenge a card nobody played, B3.1) and loses the turn; a Draw Two's draw then plays
    under A3 (b) ``draw_then_play``."""
    victim = table.turn
    _first_draws(table, victim, step.n)
    draw_two = table.rules.first_card.draw_two
    if table.card.rank is RANK_DRAW_TWO and draw_two is not FIRST_DRAW_TWO_DRAW_AND_SKIP:
        return
    table.tell(Skipped(victim))
    table.turn = table.next(victim)


def _every_seat(table: FirstTurn) -> list[int]:
    """Every seat still in, in play order from the first player: nobody played the first
    card, so a step aimed at every other seat spares nobody (as UNO Attack's sheet has a
    Wild All Hit turned first)."""
    seats = [table.turn]
    for _ in range(table.players - len(table.out) - 1):
        seats.append(table.next(seats[-1]))
    return seats


def _first_everyone_draws(table: FirstTurn, step: Step) -> None:
    """Every seat still in draws N at once, from the first player on."""
    for seat in _every_seat(table):
        _first_draws(table, seat, step.n)


def _first_draw_until(table: FirstTurn, step: Step) -> None:
    """The first player draws until a card of the first card's color shows (a wild does
    not count), keeping them all, and loses the turn as the step says. A wild's color is
    not named yet, so it draws nothing."""
    color = table.color
    if color is None:
        return
    victim = table.turn
    count = len(table.pile)
    for i, card in enumerate(table.pile):
        if card.color is color:
            count = i + 1
            break
    _first_draws(table, victim, count)
    if step.loses_turn:
        table.tell(Skipped(victim))
        table.turn = table.next(victim)


def _first_random_draws(table: FirstTurn, step: Step) -> None:
    """AT3: a press aimed at the next seat is the first player's; one aimed at every other
    seat is every seat's, from the first player on (UNO Attack's sheet: a Wild All Hit
    turned first); one aimed at the card's player has nobody to aim at (B3.1). Each k is
    decided by a seed derived from the game's, the round and the press."""
    if step.who == "player":
        return
    seats = _every_seat(table) if step.who == "everyone" else [table.turn]
    for press, seat in enumerate(seats):
        seed = derive_seed(table.seed, table.round_number, 0xF125, press)
        _first_draws(table, seat, weighted_count(step.weights, seed))


#: What each step does when its card is turned up first (1.3, B3.1): a function, or
#: ``None`` when the step needs the card's player (or hands just dealt), so does nothing.
FIRST_STEPS: Final[dict[str, Callable[[FirstTurn, Step], None] | None]] = {
    StepOp.SKIP: _first_skip,
    StepOp.REVERSE: _first_reverse,
    StepOp.NEXT_DRAWS: _first_next_draws,
    StepOp.EVERYONE_DRAWS: _first_everyone_draws,
    StepOp.TARGETED_DRAWS: None,
    StepOp.PLAYER_DRAWS: None,
    StepOp.RANDOM_DRAWS: _first_random_draws,
    StepOp.DRAW_UNTIL_COLOR: _first_draw_until,
    StepOp.DISCARD_COLOR: None,
    StepOp.DISCARD_WILDS: None,
    StepOp.DISCARD_FACES: None,
    StepOp.SWAP_HANDS: None,
    StepOp.ROTATE_HANDS: None,
    StepOp.PASS_HANDS: None,
    StepOp.SHUFFLE_HANDS: None,
    StepOp.PLAY_AGAIN: None,
    StepOp.FLIP: None,  # F10: a Flip turned first goes back; never reached
}
assert set(FIRST_STEPS) == set(STEPS), "a step without its first-card form"


def draw_until_color(b: Builder, victim: int, color: Color, loses_turn: bool | None = None) -> None:
    """H17, N15: ``victim`` draws until a card of ``color`` shows (a wild does not count),
    keeping them all, then loses the turn unless ``loses_turn`` is false (``None``: as the
    pending draw's card says)."""
    # a victim that named the color (N15, H17 ``chooser: victim``) turns the cards face up
    # for everyone to see: a public reveal (``loses_turn`` is left to the card only then)
    turned = loses_turn is None
    if loses_turn is None:
        penalty = b.penalty
        assert penalty is not None
        loses_turn = until_step(b.rules, penalty.card).loses_turn
        b.penalty = None
    cards = take_until(b, color)
    if turned:
        b.events.append(CardsTurned(victim, cards))
    b.receive(victim, cards, "penalty")
    b.phase = PHASE_TURN
    if loses_turn:
        b.events.append(SKIPPED[victim])
        b.turn = b.next(victim)
    else:
        b.turn = victim


def take_until(b: Builder, color: Color, more: int = 0) -> tuple[Card, ...]:
    """The cards drawn until one of ``color`` shows (a wild does not count), then ``more``
    cards (F4: a failed challenge of a Wild Draw Color), reshuffling as needed (B11); with
    both piles used up, what there was (F13)."""
    got: list[Card] = []
    while True:
        card = b.take()
        if card is None:
            return tuple(got)
        got.append(card)
        if card.color is color:
            break
    for _ in range(more):
        card = b.take()
        if card is None:
            break
        got.append(card)
    return tuple(got)
