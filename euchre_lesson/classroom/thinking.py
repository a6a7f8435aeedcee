"""Long thinking (an expert's move, a hint, a hand's grades) done in processes of their own.

An expert player, a hint and a grade each think for a quarter of a second or more in pure Python. In the class's
server that Python shares one interpreter lock with every page's thread, so a page waiting to send its redraw
waited for the thinking too. Sent to a worker process, the thinking holds no lock of the server's: the table's
thread only waits for the answer. If a worker cannot be had (a machine that forbids processes), the thinking is
done here, as before, and the answer is the same. Players hold no state (play/players.py): a choice is sent
with its dice and comes back alone.

The workers belong to a `Thinker`, which a classroom makes and closes: nothing here outlives its owner.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Self, TypeVar

from ..play.players import ExpertPlayer

WORKERS = max(1, min(4, os.cpu_count() or 1))  # the machine's cores (a laptop's 2 to 4): one thinking each
# How much lower than the server's the workers' claim on the processor is (the most there is: 19). A busy class keeps
# every core thinking; the pages come first, so a click reaches the other pages at once, and a computer's move
# (which waits the table's pace anyway) takes a little longer.
YIELDING = 19

Answer = TypeVar("Answer")


def thinks_long(player: object) -> bool:
    """Whether this computer player's choice is worth a process of its own (an expert's; the others take
    microseconds, less than sending them would)."""
    return isinstance(player, ExpertPlayer)


def _start_worker(parent: int) -> None:
    """In a worker, as it starts: yield the processor to the server's pages, and end when the server has ended."""
    os.nice(YIELDING)
    _watch(parent)


def _watch(parent: int) -> None:
    """In a worker: end when the server that started it has ended (stopped by a signal, it could not say so)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="watch-the-server", daemon=True).start()


class Thinker:
    """Worker processes for long thinking, started when first needed and ended by `close` (or a `with` block)."""

    def __init__(self, workers: int = WORKERS):
        self.workers = workers
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._apart = True  # False once a worker could not be had (or the thinker closed): think here from then on

    def _workers(self) -> ProcessPoolExecutor | None:
        with self._lock:
            if self._pool is None and self._apart:
                # spawn, not fork: the server has threads, and a forked child would inherit their locks held
                self._pool = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                    initargs=(os.getpid(),),
                )
            return self._pool

    def think(self, work: Callable[..., Answer], *args: Any, **kwargs: Any) -> Answer:
        """work(*args, **kwargs), computed in a worker process (here, if none can be had); its answer."""
        pool = self._workers()
        if pool is not None:
            try:
                return pool.submit(work, *args, **kwargs).result()
            except (BrokenProcessPool, OSError):  # no workers on this machine: think here from now on
                with self._lock:
                    self._apart, self._pool = False, None
            except (pickle.PicklingError, TypeError, AttributeError):  # something that cannot travel: think it here
                pass
            except RuntimeError:  # closed meanwhile, it takes no new work: think it here
                with self._lock:
                    closed = not self._apart
                if not closed:  # a fault of the work itself, not of the workers: said as it is
                    raise
        return work(*args, **kwargs)

    def close(self) -> None:
        """End the workers (thinking asked for afterwards is done here)."""
        with self._lock:
            pool, self._pool, self._apart = self._pool, None, False
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
