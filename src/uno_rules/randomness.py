"""Explicit, portable randomness.

Every shuffle is a pure function of integers taken from the state (the game seed, the round
number, a shuffle counter), computed with SplitMix64 and Fisher-Yates written here, so the
same arguments give the same game on any machine and any Python version.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:  # a native 64-bit integer where compiled; never imported at run time
    from mypy_extensions import i64

__all__ = ["derive_seed", "shuffled"]

T = TypeVar("T")
_MASK: Final = (1 << 64) - 1
_START: Final = 0x243F6A8885A308D3
# SplitMix64's increment (the golden ratio) and its two multipliers
_GOLDEN_U: Final = 0x9E3779B97F4A7C15
_MIX1_U: Final = 0xBF58476D1CE4E5B9
_MIX2_U: Final = 0x94D049BB133111EB


def _splitmix(x: int) -> tuple[int, int]:
    x = (x + _GOLDEN_U) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * _MIX1_U) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2_U) & _MASK
    return x, z ^ (z >> 31)


def derive_seed(*parts: int) -> int:
    """Mix integers (any size or sign) into one 64-bit seed."""
    if _WRAPS:  # pragma: no cover - the compiled build's path (its own suite runs it)
        return _derived_wrapping(parts)
    return _derived_exact(parts)


def _chunks(part: int) -> list[int]:
    """An integer as its 64-bit pieces, lowest first, then their count (negated, modulo
    2**64, for a negative integer)."""
    value = part
    chunks = [value & _MASK]
    value >>= 64
    while value not in (0, -1):
        chunks.append(value & _MASK)
        value >>= 64
    chunks.append(len(chunks) if value == 0 else -len(chunks) & _MASK)
    return chunks


def _derived_exact(parts: tuple[int, ...]) -> int:
    """The definition, on Python's integers."""
    state = _START
    for part in parts:
        for chunk in _chunks(part):
            state, out = _splitmix(state ^ chunk)
            state ^= out
    return state


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """``items`` in an order fixed by ``seed`` (Fisher-Yates over SplitMix64)."""
    if _WRAPS:  # pragma: no cover - the compiled build's path (its own suite runs it)
        return _shuffled_wrapping(items, (seed & _MASK) - (seed & _SIGN) * 2)
    if len(items) <= _PACKED_MAX:
        return _shuffled_packed(items, seed)
    return _shuffled_exact(items, seed)


def _shuffled_exact(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """The definition, on Python's integers: every value masked to 64 bits."""
    out = list(items)
    state = seed & _MASK
    mask = _MASK
    for i in range(len(out) - 1, 0, -1):
        # _splitmix, written out: this loop runs for every card of every shuffle.
        state = (state + _GOLDEN_U) & mask
        z = ((state ^ (state >> 30)) * _MIX1_U) & mask
        z = ((z ^ (z >> 27)) * _MIX2_U) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
    return tuple(out)


# The pure package's shuffle, for a deck or a pile: the same numbers, with SplitMix64's
# mixing done for every card at once. Step k of the loop above (k = 0, 1, ...) mixes the
# state ``seed + (k + 1) * golden`` (mod 2**64) and depends on nothing else, so the states of
# all steps are packed into one integer, one per 128-bit lane, and each operation of the
# mixing runs once on the packed integer: a lane's value stays below 2**64 after its mask,
# so its product by a 64-bit constant stays inside its lane. Only the last product, by
# ``i + 1``, differs from step to step; it is made per card, on the lanes read back as
# native 64-bit words. About 2.3x as fast as the loop above for 108 cards (Python 3.11).
_PACKED_MAX: Final = 512  # longer sequences take the loop above (bounded memory)


@cache
def _all_lanes() -> tuple[int, int, int]:
    """For the _PACKED_MAX - 1 lanes of the longest packed shuffle: 1 in every lane, k + 1 in
    lane k, and the 64-bit mask in every lane (24 KB, built once)."""
    count = _PACKED_MAX - 1
    ones = int.from_bytes((1).to_bytes(16, "little") * count, "little")
    steps = int.from_bytes(b"".join((k + 1).to_bytes(16, "little") for k in range(count)), "little")
    return ones, steps, ones * _MASK


def _lanes(count: int) -> tuple[int, int, int]:
    """:func:`_all_lanes` cut to ``count`` lanes, in about 1 us. Not cached by length: a pile
    reshuffled during a round has a new length nearly every time, so a cache of 16 lengths
    missed on most reshuffles (rebuilding the constants took up to 70 us) and its turnover
    kept a few dozen kilobytes."""
    low = (1 << (128 * count)) - 1
    ones, steps, masks = _all_lanes()
    return ones & low, steps & low, masks & low


def _shuffled_packed(items: Sequence[T], seed: int) -> tuple[T, ...]:
    out = list(items)
    count = len(out) - 1
    if count < 1:
        return tuple(out)
    ones, steps, masks = _lanes(count)
    x = ((seed & _MASK) * ones + _GOLDEN_U * steps) & masks  # lane k: the state of step k
    z = ((x ^ (x >> 30)) & masks) * _MIX1_U & masks
    z = ((z ^ (z >> 27)) & masks) * _MIX2_U & masks
    z = (z ^ (z >> 31)) & masks
    # each lane's low 64 bits, in step order: lane k starts at byte 16 k
    words: list[int] = memoryview(z.to_bytes(count * 16, sys.byteorder)).cast("Q")[::2].tolist()
    i = count
    for word in words:
        j = (word * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
        i -= 1
    return tuple(out)


# The compiled build's shuffle and seed: the same numbers on native 64-bit integers, whose
# arithmetic wraps around as SplitMix64's does, so no operation makes a big integer. A value
# is kept as the signed integer of its 64 bits; a right shift masks off the copied sign bits.
_SIGN: Final = 1 << 63
# Written as literals, not from _GOLDEN_U and the others: mypyc folds a literal into a
# native constant, but keeps a value computed from another constant as a Python integer
# and converts it on every use.
_GOLDEN: Final[i64] = 0x9E3779B97F4A7C15 - (1 << 64)
_MIX1: Final[i64] = 0xBF58476D1CE4E5B9 - (1 << 64)
_MIX2: Final[i64] = 0x94D049BB133111EB - (1 << 64)
_LOW32: Final[i64] = 0xFFFFFFFF


def _shuffled_wrapping(items: Sequence[T], seed: i64) -> tuple[T, ...]:  # pragma: no cover
    # Runs only where i64 arithmetic wraps, in the compiled build, whose whole suite
    # (perft, seeds, replays) holds it equal to the exact pure functions; the pure build's
    # coverage cannot reach it.
    out = list(items)
    state: i64 = seed
    i: i64 = len(out) - 1
    while i > 0:
        state = state + _GOLDEN
        z: i64 = (state ^ ((state >> 30) & 0x3FFFFFFFF)) * _MIX1
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2
        z = z ^ ((z >> 31) & 0x1FFFFFFFF)
        # The top 64 bits of z * (i + 1), z read unsigned, from its two 32-bit halves.
        n: i64 = i + 1
        j = ((z >> 32) & _LOW32) * n + (((z & _LOW32) * n) >> 32)
        j = j >> 32
        out[i], out[j] = out[j], out[i]
        i -= 1
    return tuple(out)


def _derived_wrapping(parts: tuple[int, ...]) -> int:  # pragma: no cover
    # The compiled build's twin of _derived_exact (see _shuffled_wrapping).
    state: i64 = _START
    for part in parts:
        for chunk in _chunks(part):
            x: i64 = (state ^ (chunk - (chunk & _SIGN) * 2)) + _GOLDEN  # chunk as signed
            z: i64 = (x ^ ((x >> 30) & 0x3FFFFFFFF)) * _MIX1
            z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2
            state = x ^ z ^ ((z >> 31) & 0x1FFFFFFFF)
    unsigned: int = state
    return unsigned & _MASK


def _wraps(big: i64) -> bool:
    """Whether 64-bit arithmetic wraps around here: in the compiled build only."""
    return big + 1 < big


_WRAPS: Final = _wraps((1 << 63) - 1)
