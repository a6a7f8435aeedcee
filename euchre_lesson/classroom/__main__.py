"""python -m euchre_lesson.classroom --host 0.0.0.0 --port 8765: the class's server, on the school's network.

A class kept in the folder is restored (every table, seat and score); otherwise a new class starts, with one
table of the first game for each --tables. The house rules are read from house_rules.json in the --house-rules
folder (make classroom names the lessons' folder, notebooks/, where the lessons read them).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when a class opens: the command's help needs no server
    from .classroom import Classroom


def arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m euchre_lesson.classroom", description="Serve a class's Euchre tables to the students' browsers."
    )
    parser.add_argument("--host", default="0.0.0.0", help="the address to listen on (0.0.0.0: the whole network)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--folder", default=None, help="where the class is kept (default: your data folder)")
    parser.add_argument("--tables", type=int, default=1, help="tables to lay for a new class")
    parser.add_argument("--game", default="cutthroat", help="the game of those tables")
    parser.add_argument("--level", default="rule of thumb", help="the computer players' level")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a move and a computer's next")
    parser.add_argument(
        "--absent-after",
        type=float,
        default=60.0,
        help="seconds before the computer plays for a student whose browser went away",
    )
    parser.add_argument("--house-rules", default=".", help="the folder whose house_rules.json the tables play by")
    parser.add_argument("--seed", type=int, default=None, help="the first table's seed (later tables: the next)")
    parser.add_argument("--join-code", default=None, help="the join code (default: six letters drawn at random)")
    parser.add_argument("--teacher-code", default=None, help="the teacher code (default: drawn at random)")
    parser.add_argument("--assets", default=None, help="the folder of Solara's front-end files")
    parser.add_argument("--cull-after", default=None, help="how long a closed page keeps its place, as 30s")
    return parser.parse_args(argv)


def open_class(args: argparse.Namespace) -> Classroom:
    """The class kept in the folder, restored; or a new one with its tables laid."""
    from ..teach.house_rules import read_house_rules
    from .classroom import Classroom
    from .keeping import CLASS_FILE, class_folder

    folder = class_folder(args.folder)
    if (folder / CLASS_FILE).exists():
        return Classroom.restore(folder)
    room = Classroom(
        folder,
        house_rules=read_house_rules(args.house_rules),
        level=args.level,
        pace=args.pace,
        absent_after=args.absent_after,
        join=args.join_code,
        teacher=args.teacher_code,
    )
    for number in range(args.tables):
        room.new_table(args.game, None if args.seed is None else args.seed + number)
    return room


def main(argv: Sequence[str] | None = None) -> None:
    args = arguments(argv)
    try:
        room = open_class(args)
    except ValueError as error:  # a refusal in words: a bad folder, game, level or code
        sys.exit(str(error))
    from .web import server

    assets = Path(args.assets) if args.assets else server.ASSETS
    cull_after = args.cull_after or server.CULL_AFTER
    try:
        server.serve(room, args.host, args.port, assets=assets, cull_after=cull_after)
    except KeyboardInterrupt:
        pass
    finally:
        room.close()  # its worker processes end with the server


if __name__ == "__main__":
    main()
