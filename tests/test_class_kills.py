"""A class killed (kill -9) at 50 random moments of play, restored each time: every action acknowledged before a kill
is there after it, and at most the one action in flight is lost. tests/class_kills.py plays the class."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from euchre_lesson.classroom.classroom import Classroom
from euchre_lesson.classroom.keeping import LEFTOVER

PLAYER = Path(__file__).resolve().parent / "class_kills.py"
ROOT = PLAYER.parent.parent
KILLS = 50
SEED = 36


def play_and_kill(folder: Path, seed: int, after: float) -> tuple[dict[int, tuple[int, int]], int]:
    """Play the class in `folder` in a process of its own, kill -9 it `after` seconds into play; the last state each
    table acknowledged, (games finished, actions of the game in play), and how many actions were acknowledged."""
    player = subprocess.Popen(
        [sys.executable, str(PLAYER), str(folder), str(seed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert player.stdout is not None
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        for line in player.stdout:  # type: ignore[union-attr]
            lines.append(line)
            ready.set()
        ready.set()  # the player ended by itself: said below

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    if not ready.wait(60) or player.poll() is not None:
        player.kill()
        raise AssertionError(f"the class never started: {player.stderr.read() if player.stderr else ''}")
    time.sleep(after)
    player.send_signal(signal.SIGKILL)
    player.wait()
    reader.join(10)
    assert lines[0] == "ready\n", lines[:3]
    acknowledged: dict[int, tuple[int, int]] = {}
    whole = [line for line in lines[1:] if line.endswith("\n")]  # a line cut short by the kill was never acknowledged
    for line in whole:
        _, table, games, actions = line.split()
        acknowledged[int(table)] = (int(games), int(actions))
    return acknowledged, len(whole)


@pytest.mark.slow
@pytest.mark.posix("kill -9 (SIGKILL)")
def test_a_class_killed_at_50_random_moments_loses_no_acknowledged_action(tmp_path):
    dice = random.Random(SEED)
    folder = tmp_path / "class"
    lost, in_flight_kept, played, leftovers, actions_acknowledged = 0, 0, 0, 0, 0
    for kill in range(KILLS):
        acknowledged, count = play_and_kill(folder, dice.randrange(2**32), dice.uniform(0.0, 0.6))
        actions_acknowledged += count
        leftovers += sum(bool(LEFTOVER.fullmatch(path.name)) for path in folder.iterdir())
        room = Classroom.restore(folder, clock=lambda: 0.0)  # the files whole: a damaged one is refused here
        for number, (games, actions) in acknowledged.items():
            table = room.table(number)
            kept = (table.game.seed - 1000 * number, sum(len(hand.history) for hand in table.game.hands))
            played += 1
            if kept < (games, actions):
                lost += 1
                print(f"kill {kill}: table {number} acknowledged {(games, actions)}, restored {kept}")
            elif kept != (games, actions):
                next_one = (games, actions + 1) if kept[0] == games else (games + 1, 0)
                assert kept == next_one, (
                    f"kill {kill}: table {number} restored {kept}, more than one past {(games, actions)}"
                )
                in_flight_kept += 1
        room.close()
    print(
        f"{KILLS} kills, {actions_acknowledged} actions acknowledged: {lost} acknowledged states lost; "
        f"the action in flight kept after {in_flight_kept} of them; {leftovers} half-written copies left beside "
        f"the files (cleared at the next start)"
    )
    assert lost == 0 and played >= KILLS
