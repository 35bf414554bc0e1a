"""Blocking work off the event loop: a worker with a fixed number of threads, so that a
slow database call or a large answer never stalls the other sockets of the process, and
no number of clients can start more threads than it has."""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

__all__ = ["Worker"]

T = TypeVar("T")


class Worker:
    """``threads`` threads that run blocking calls for the event loop, the calls beyond
    them waiting their turn.

    The store's worker has one thread: each store holds one connection (an SQLite file
    or a psycopg connection), which must not run two transactions at once, and a
    single thread keeps every call to it on the same thread.
    """

    def __init__(self, threads: int, name: str) -> None:
        self._pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix=name)

    async def run(self, work: Callable[[], T]) -> T:
        """``work()`` on a thread of this worker; the loop serves others meanwhile."""
        loop = asyncio.get_running_loop()
        call = functools.partial(contextvars.copy_context().run, work)
        return await loop.run_in_executor(self._pool, call)

    def close(self) -> None:
        """Let the threads end once their work is done."""
        self._pool.shutdown(wait=False)
