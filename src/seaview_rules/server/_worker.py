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

    async def close(self) -> None:
        """Wait, off the event loop, for the calls already given to end, then end the
        threads. A call goes on after the task that awaited it was cancelled: once this
        returns, none runs, so what the calls use (the store's connection) may be closed.
        """
        await asyncio.to_thread(self._pool.shutdown, wait=True)
