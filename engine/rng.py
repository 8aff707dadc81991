"""Deterministic random stream for everything a level code must reproduce.

numpy's ``Generator`` methods do not promise identical streams across numpy
versions, but the raw 64-bit output of the PCG64 bit generator seeded through
``SeedSequence`` is stable (NEP 19).  Every random decision in the engine is
derived from that raw output by the functions below, so a seed gives the same
maze on any machine, Python 3.11+, numpy 1.26 or 2.x, any ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import numpy as np
from numpy.random import PCG64  # imported with this module, not on the first Rng (numpy loads it lazily)

from engine.values import SEED_MAX, SEED_MIN, check_seed, parse_seed

__all__ = ["FRESH_SEED_BITS", "SEED_MAX", "SEED_MIN", "Rng", "check_seed", "new_seed", "parse_seed"]

T = TypeVar("T")

#: Fresh random seeds stay below 2**40: at most 8 base-36 characters in a code.
FRESH_SEED_BITS = 40

_MASK64 = (1 << 64) - 1
_BUFFER = 4096
_INV53 = 1.0 / (1 << 53)


class Rng:
    """A reproducible random stream built on PCG64 raw output.

    Args:
        seed: any integer 0 <= seed < 2**128.

    Raises:
        ValueError: if ``seed`` is negative or too large.
    """

    __slots__ = ("seed", "_bitgen", "_buf", "_pos")

    def __init__(self, seed: int) -> None:
        if not 0 <= seed < (1 << 128):
            raise ValueError(f"seed must be in 0..2**128-1, got {seed}")
        self.seed = int(seed)
        self._bitgen = PCG64(self.seed)
        self._buf: list[int] = []
        self._pos = 0

    # -- raw words ---------------------------------------------------------
    def next_u64(self) -> int:
        """One raw 64-bit word (Python int in 0..2**64-1)."""
        if self._pos >= len(self._buf):
            self._buf = self._bitgen.random_raw(_BUFFER).tolist()
            self._pos = 0
        v = self._buf[self._pos]
        self._pos += 1
        return v

    def u64_array(self, k: int) -> np.ndarray:
        """``k`` raw words as a ``uint64`` array, taken from the same stream."""
        if k < 0:
            raise ValueError(f"k must be >= 0, got {k}")
        out = np.empty(k, dtype=np.uint64)
        have = min(k, len(self._buf) - self._pos)
        if have:
            out[:have] = self._buf[self._pos : self._pos + have]
            self._pos += have
        if k > have:
            out[have:] = self._bitgen.random_raw(k - have)
        return out

    # -- scalars -----------------------------------------------------------
    def below(self, n: int) -> int:
        """Uniform integer in ``0..n-1`` (Lemire's method, exact, unbiased).

        Raises:
            ValueError: if ``n`` < 1 or ``n`` > 2**64.
        """
        if n < 1 or n > (1 << 64):
            raise ValueError(f"n must be in 1..2**64, got {n}")
        threshold = ((1 << 64) - n) % n
        while True:
            m = self.next_u64() * n
            if (m & _MASK64) >= threshold:
                return m >> 64

    def random(self) -> float:
        """Uniform float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * _INV53

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly.

        Raises:
            IndexError: if ``seq`` is empty.
        """
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates with :meth:`below`)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    # -- arrays ------------------------------------------------------------
    def floats(self, k: int) -> np.ndarray:
        """``k`` uniform floats in [0, 1) (53 bits each) as ``float64``."""
        return (self.u64_array(k) >> np.uint64(11)).astype(np.float64) * _INV53

    def permutation(self, n: int) -> np.ndarray:
        """A uniformly random permutation of ``0..n-1`` as ``int64``.

        Sorts ``n`` random 64-bit keys (stable sort, so the rare tie is
        broken by index, identically everywhere).  Without ties every sort gives that order, so the
        faster unstable one is used and checked: on a tie the stable sort is done instead.
        """
        keys = self.u64_array(n)
        order = np.argsort(keys)
        ranked = keys[order]
        if n > 1 and bool((ranked[1:] == ranked[:-1]).any()):
            order = np.argsort(keys, kind="stable")
        return order.astype(np.int64)

    def below_array(self, k: int, n: int) -> np.ndarray:
        """``k`` integers in ``0..n-1`` as ``int64`` (multiply-shift on 32 high bits).

        The bias is below n / 2**32, negligible for n up to millions; use
        :meth:`below` where exactness matters.
        """
        if n < 1 or n > (1 << 31):
            raise ValueError(f"n must be in 1..2**31, got {n}")
        hi = self.u64_array(k) >> np.uint64(32)
        return ((hi * np.uint64(n)) >> np.uint64(32)).astype(np.int64)


def new_seed() -> int:
    """A fresh random seed from the operating system, ``0 <= seed < 2**FRESH_SEED_BITS``."""
    return secrets.randbelow(1 << FRESH_SEED_BITS)
