"""Long thinking (an expert's move, a hint, a hand's grades) done in processes of their own.

An expert player, a hint and a grade each think for a quarter of a second or more in pure Python. In the class's
server that Python shares one interpreter lock with every page's thread, so a page waiting to send its redraw
waited for the thinking too. Sent to a worker process, the thinking holds no lock of the server's: the table's
thread only waits for the answer. If a worker cannot be had (a machine that forbids processes), the thinking is
done here, as before, and the answer is the same.
"""

from __future__ import annotations

import atexit
import multiprocessing
import os
import pickle
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..play.players import ExpertPlayer

WORKERS = max(1, min(4, os.cpu_count() or 1))  # the machine's cores (a laptop's 2 to 4): one thinking each
_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None
_apart = True  # False once a worker could not be had: everything is thought here from then on


def thinks_long(player) -> bool:
    """Whether this computer player's choice is worth a process of its own (an expert's; the others take
    microseconds, less than sending them would)."""
    return isinstance(player, ExpertPlayer)


def _watch(parent: int) -> None:
    """In a worker: end when the server that started it has ended (stopped by a signal, it could not say so)."""
    def watch():
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, name="watch-the-server", daemon=True).start()


def _workers() -> ProcessPoolExecutor | None:
    global _pool
    with _lock:
        if _pool is None and _apart:
            # spawn, not fork: the server has threads, and a forked child would inherit their locks held
            _pool = ProcessPoolExecutor(WORKERS, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_watch, initargs=(os.getpid(),))
            atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
        return _pool


def think(work, *args, **kwargs):
    """work(*args, **kwargs), computed in a worker process (here, if none can be had); its answer."""
    global _apart, _pool
    pool = _workers()
    if pool is not None:
        try:
            return pool.submit(work, *args, **kwargs).result()
        except (BrokenProcessPool, OSError):  # no workers on this machine: think here from now on
            with _lock:
                _apart, _pool = False, None
        except (pickle.PicklingError, TypeError, AttributeError):  # something that cannot travel: think it here
            pass
    return work(*args, **kwargs)


def choose(player, view):
    """A computer player's choice and its reason, and the player after choosing (its dice rolled on)."""
    action = player.choose(view)
    return action, player.explain(), player
