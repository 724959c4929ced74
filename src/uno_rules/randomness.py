"""Explicit, portable randomness.

Every shuffle is a pure function of integers taken from the state (the game seed, the round
number, a shuffle counter), computed with SplitMix64 and Fisher-Yates written here, so the
same arguments give the same game on any machine and any Python version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

__all__ = ["derive_seed", "shuffled"]

T = TypeVar("T")
_MASK = (1 << 64) - 1


def _splitmix(x: int) -> tuple[int, int]:
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return x, z ^ (z >> 31)


def derive_seed(*parts: int) -> int:
    """Mix integers (any size or sign) into one 64-bit seed."""
    state = 0x243F6A8885A308D3
    for part in parts:
        value = part
        chunks = [value & _MASK]
        value >>= 64
        while value not in (0, -1):
            chunks.append(value & _MASK)
            value >>= 64
        chunks.append(len(chunks) if value == 0 else -len(chunks) & _MASK)
        for chunk in chunks:
            state, out = _splitmix(state ^ chunk)
            state ^= out
    return state


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """``items`` in an order fixed by ``seed`` (Fisher-Yates over SplitMix64)."""
    out = list(items)
    state = seed & _MASK
    mask = _MASK
    for i in range(len(out) - 1, 0, -1):
        # _splitmix, written out: this loop runs for every card of every shuffle.
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        out[i], out[j] = out[j], out[i]
    return tuple(out)
