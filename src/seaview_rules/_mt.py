"""The Mersenne Twister of `random.Random`, compiled with numba, for the compiled
playouts (the ``fast`` extra): the same 32-bit outputs, the same ``getrandbits`` and the
same draws below a bound (with rejection) as CPython's generator, so that a compiled
playout draws exactly the random numbers the reference loop draws.

A generator's state is an array of 625 ``int64``: its 624 words and its position, as
`random.Random.getstate` gives them (`from_rng`), and as `to_rng` gives them back. A
string seed, as ``random.Random(f"{seed}/{i}")`` takes it, is made inside the compiled
code from its key (`seed_key`, then `seed`), so that a run of many games pays no
``getstate`` per game.

Only the compiled modules of the games import this module: it needs numba.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

__all__ = [
    "MT_SIZE",
    "compiled",
    "from_rng",
    "getrandbits",
    "randbelow",
    "seed",
    "seed_key",
    "to_rng",
]

F = TypeVar("F", bound=Callable[..., Any])

Words = npt.NDArray[np.int64]
"""A generator's state: 624 words and the position (`MT_SIZE` numbers)."""

MT_SIZE = 625
"""The length of a generator's state array."""

_N, _M = 624, 397
_MATRIX_A, _UPPER, _LOWER = 0x9908B0DF, 0x80000000, 0x7FFFFFFF
_WORD = 0xFFFFFFFF


def compiled(function: F) -> F:
    """``function`` compiled by numba in nopython mode, its machine code cached on disk
    (numba's cache: beside the module when that folder is writable, else in the user's
    cache folder or ``NUMBA_CACHE_DIR``)."""
    return cast(F, numba.njit(cache=True)(function))


@compiled
def _twist(mt: Words) -> None:
    for k in range(_N - _M):
        y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
        mt[k] = mt[k + _M] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
    for k in range(_N - _M, _N - 1):
        y = (mt[k] & _UPPER) | (mt[k + 1] & _LOWER)
        mt[k] = mt[k + _M - _N] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
    y = (mt[_N - 1] & _UPPER) | (mt[0] & _LOWER)
    mt[_N - 1] = mt[_M - 1] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
    mt[_N] = 0


@compiled
def _next(mt: Words) -> int:
    """The generator's next 32-bit output (CPython's ``genrand_uint32``)."""
    if mt[_N] >= _N:
        _twist(mt)
    i = mt[_N]
    y = mt[i]
    mt[_N] = i + 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & _WORD  # type: ignore[no-any-return]  # numba's int64


@compiled
def getrandbits(mt: Words, k: int) -> int:
    """``random.Random.getrandbits(k)`` for ``k`` from 0 to 32."""
    if k == 0:
        return 0
    return _next(mt) >> (32 - k)


@compiled
def randbelow(mt: Words, n: int) -> int:
    """``random.Random.randrange(n)`` (and ``choice`` of ``n`` items): ``getrandbits``
    of the bit length of ``n``, drawn again until below ``n``; ``n`` from 1 to 2**32."""
    k = 0
    m = n
    while m:
        m >>= 1
        k += 1
    r = getrandbits(mt, k)
    while r >= n:
        r = getrandbits(mt, k)
    return r


@compiled
def seed(mt: Words, key: Words) -> None:
    """Seed the generator as CPython seeds it with a positive int whose 32-bit words,
    low first, are ``key`` (``init_by_array``)."""
    mt[0] = 19650218
    for i in range(1, _N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _WORD
    i, j = 1, 0
    n = len(key)
    for _ in range(max(_N, n)):
        mixed = ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525) & _WORD
        mt[i] = ((mt[i] ^ mixed) + key[j] + j) & _WORD
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= n:
            j = 0
    for _ in range(_N - 1):
        mixed = ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941) & _WORD
        mt[i] = ((mt[i] ^ mixed) - i) & _WORD
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = _UPPER
    mt[_N] = _N


def seed_key(text: str) -> Words:
    """The key that `seed` takes for ``random.Random(text)``: the seed's bytes and their
    SHA-512, read as one big-endian number (CPython's seed version 2), in 32-bit words.

    >>> import numpy as np, random
    >>> mt = np.zeros(MT_SIZE, np.int64)
    >>> seed(mt, seed_key("1/2"))
    >>> tuple(mt.tolist()) == random.Random("1/2").getstate()[1]
    True
    """
    data = text.encode()
    number = int.from_bytes(data + hashlib.sha512(data).digest(), "big")
    words = max(1, (number.bit_length() + 31) // 32)
    return np.frombuffer(number.to_bytes(4 * words, "little"), dtype="<u4").astype(np.int64)


def from_rng(rng: random.Random) -> tuple[Words, object]:
    """The state of ``rng`` as an array, and the Gaussian `random.Random.gauss` keeps
    for its next call, which no playout uses and `to_rng` gives back."""
    _, words, gauss = rng.getstate()
    return np.fromiter(words, dtype=np.int64, count=MT_SIZE), gauss


def to_rng(mt: Words, gauss: object, rng: random.Random) -> None:
    """Give ``rng`` the state ``mt`` and the pending Gaussian ``gauss``."""
    rng.setstate((3, tuple(mt.tolist()), gauss))
