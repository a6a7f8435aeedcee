"""A class played as fast as it goes, for tests/test_class_kills.py to kill at random moments.

Run as `python tests/class_kills.py FOLDER SEED`: it holds FOLDER as the server does, restores the class kept there (or
starts one: a cutthroat table with one student and a partnership table with two, computers in the other seats), then
plays: each student's move a legal action drawn from SEED, each computer's at once. After each action has returned (the
class has kept it: a table's file is written before its action returns), it prints `ack TABLE GAMES ACTIONS`: the
table's games finished since the class began and the actions of its game in play. A game that ends is followed by a
new one at its table.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from euchre_lesson.classroom.classroom import Classroom
from euchre_lesson.classroom.keeping import CLASS_FILE, FolderHold, class_folder, clear_leftovers
from euchre_lesson.engine.game import GameState


def actions(game: GameState) -> int:
    """How many actions the game has taken, every hand's."""
    return sum(len(hand.history) for hand in game.hands)


def games_before(room: Classroom, number: int) -> int:
    """The games a table finished before the one in play: its game's seed counts them (seed = 1000 * table + games)."""
    return room.table(number).game.seed - 1000 * number


def main(folder: Path, seed: int) -> None:
    folder = class_folder(folder)
    hold = FolderHold(folder)
    clear_leftovers(folder)
    if (folder / CLASS_FILE).exists():
        room = Classroom.restore(folder)
    else:
        room = Classroom(folder, level="random", pace=0.0, absent_after=10**5, join="ACDE", teacher="secret")
        for number, game in ((1, "cutthroat"), (2, "partnership")):
            room.new_table(game, seed=1000 * number)
        for name, number in (("Ana", 1), ("Ben", 2), ("Cy", 2)):
            room.choose_table(room.join(name, "ACDE").token, number)
    desk = room.teacher("secret")
    dice = random.Random(seed)
    print("ready", flush=True)
    while True:
        for table in room.tables:
            game = table.game
            if game.is_over:
                desk.new_game(table.number, seed=game.seed + 1)
            else:
                holder = table.seats[game.to_act]
                if holder is None:
                    table.step()
                else:
                    room.act(holder.token, dice.choice(game.legal_actions()))
            print(f"ack {table.number} {games_before(room, table.number)} {actions(table.game)}", flush=True)
    hold.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
