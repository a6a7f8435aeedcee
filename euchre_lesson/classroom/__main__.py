"""python -m euchre_lesson.classroom --host 0.0.0.0 --port 8765: the class's server, on the school's network.

A class kept in the folder is restored (every table, seat and score), and the server says what it restored; otherwise
a new class starts, with one table of --game for each --tables. `--new` starts a new class in a folder that keeps one,
the old class's files moved aside (never deleted). The house rules are read from house_rules.json in the
--house-rules folder (make classroom names the lessons' folder, notebooks/, where the lessons read them); a restored
class whose house rules changed plays its new games by the new ones, and says so. One server holds a class's folder
at a time (keeping.FolderHold). Every value given is checked before anything is written; a wrong one is refused in
words.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine.rules import PRESETS
from ..play.table_model import level_names

if TYPE_CHECKING:  # imported when a class opens: the command's help needs no server
    from ..teach.house_rules import HouseRules
    from .classroom import Classroom

# A new class's settings where the command gives none (a restored class keeps its own unless one is given).
TABLES, GAME, LEVEL, PACE, ABSENT_AFTER = 1, "cutthroat", "rule of thumb", 1.0, 60.0
MOST_TABLES = 100  # a class's server serves a room of students: 100 tables seat 300 or more
MOST_SECONDS = 24 * 3600.0
SET_ASIDE = "earlier-class-{stamp}"  # where --new moves the files of the class kept before


def _whole(low: int, high: int, example: int) -> Callable[[str], int]:
    def whole(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number from {low} to {high}: give one such as {example}"
            )
        return value

    return whole


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 <= value <= MOST_SECONDS:  # NaN and infinity too
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a number of seconds from 0 to {MOST_SECONDS:,.0f}: give one such as 1.5"
        )
    return value


def _time_span(text: str) -> str:
    """A time as Solara reads one: a number of seconds, or with s, m, h or d after it ('30s')."""
    number = text[:-1] if text[-1:] in ("s", "m", "h", "d") else text
    try:
        value = float(number)
    except ValueError:
        value = math.nan
    if not 0 < value < 10**6:
        raise argparse.ArgumentTypeError(f"{text!r} is not a time: give one such as 30s, 5m or 1h")
    return text


def _host(text: str) -> str:
    """An address to listen on: an IP address or a computer's name."""
    if not text or len(text) > 253 or not all(part.isalnum() or part in ".-:_" for part in text) or not text.isascii():
        raise argparse.ArgumentTypeError(
            f"{text[:60]!r} is not an address to listen on: give 0.0.0.0 (the whole network) or 127.0.0.1 "
            f"(this computer)"
        )
    return text


def port_free(host: str, port: int) -> str:
    """'' if the class's server can listen at host:port; else why not, in words."""
    import socket

    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError:
        return f"The address {host} is not one of this computer's: give 0.0.0.0 (the whole network) or 127.0.0.1."
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        if os.name != "nt":  # as the server will: a port a server left a moment ago may be taken again
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            return (
                f"The class's server cannot listen at {host}:{port}: {error.strerror or error} (another server may "
                f"be using the port): choose another with --port (make classroom PORT=8000)."
            )
    return ""


def _one_of(choices: Sequence[str]) -> Callable[[str], str]:
    def one_of(text: str) -> str:
        if text not in choices:
            raise argparse.ArgumentTypeError(f"{text!r} is not one of {', '.join(map(repr, choices))}")
        return text

    return one_of


def arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command's options, each checked (argparse stops with a sentence saying what is wrong and what is right);
    the class's settings are None where not given, so a restored class can tell what was asked of it."""
    parser = argparse.ArgumentParser(
        prog="python -m euchre_lesson.classroom", description="Serve a class's Euchre tables to the students' browsers."
    )
    parser.add_argument(
        "--host", type=_host, default="0.0.0.0", help="the address to listen on (0.0.0.0: the whole network)"
    )
    parser.add_argument("--port", type=_whole(1, 65535, 8765), default=8765, help="the port, from 1 to 65535")
    parser.add_argument("--folder", default=None, help="where the class is kept (default: your data folder)")
    parser.add_argument("--new", action="store_true", help="start a new class: the one kept in the folder moved aside")
    parser.add_argument(
        "--tables", type=_whole(1, MOST_TABLES, 2), default=None, help=f"tables to lay (1 to {MOST_TABLES}; default 1)"
    )
    parser.add_argument(
        "--game", type=_one_of(tuple(PRESETS)), default=None, help="the game of those tables (cutthroat)"
    )
    parser.add_argument("--level", type=_one_of(level_names()), default=None, help="the computer players' level")
    parser.add_argument("--pace", type=_seconds, default=None, help="seconds between a move and a computer's next (1)")
    parser.add_argument(
        "--absent-after",
        type=_seconds,
        default=None,
        help="seconds before the computer plays for a student whose browser went away (60)",
    )
    parser.add_argument("--house-rules", default=".", help="the folder whose house_rules.json the tables play by")
    parser.add_argument(
        "--seed", type=_whole(0, 2**32 - 1, 7), default=None, help="the first table's seed (later tables: the next)"
    )
    parser.add_argument("--join-code", default=None, help="the join code (default: six letters drawn at random)")
    parser.add_argument("--teacher-code", default=None, help="the teacher code (default: drawn at random)")
    parser.add_argument("--assets", default=None, help="the folder of Solara's front-end files")
    parser.add_argument(
        "--cull-after", type=_time_span, default=None, help="how long a closed page keeps its place, as 30s"
    )
    return parser.parse_args(argv)


def checked(args: argparse.Namespace) -> HouseRules:
    """What the options name, checked before anything is written: the house rules file (read), the join code."""
    from ..teach.house_rules import read_house_rules
    from .codes import checked_join_code

    if args.join_code is not None:
        checked_join_code(args.join_code)
    return read_house_rules(args.house_rules)


def open_class(
    args: argparse.Namespace, say: Callable[[str], None] = lambda line: None, house: HouseRules | None = None
) -> Classroom:
    """The class kept in the folder, restored, with what it was asked that differs applied or said; or a new one with
    its tables laid. `say` is told, line by line, what was restored and what was changed; `house`: the house rules,
    if checked already (else read here)."""
    from .classroom import Classroom
    from .keeping import check_class_kept_or_none, class_folder

    house = checked(args) if house is None else house
    folder = class_folder(args.folder)
    if args.new:
        aside = set_aside(folder)
        if aside is not None:
            say(f"--new: the class kept in {folder} was moved aside, whole, into {aside} (nothing was deleted).")
    if check_class_kept_or_none(folder):
        room = Classroom.restore(folder)
        for line in restored(room, folder) + reconciled(room, args, house):
            say(line)
        return room
    room = Classroom(
        folder,
        house_rules=house,
        level=LEVEL if args.level is None else args.level,
        pace=PACE if args.pace is None else args.pace,
        absent_after=ABSENT_AFTER if args.absent_after is None else args.absent_after,
        join=args.join_code,
        teacher=args.teacher_code,
    )
    for number in range(TABLES if args.tables is None else args.tables):
        room.new_table(args.game or GAME, None if args.seed is None else args.seed + number)
    return room


def set_aside(folder: Path) -> Path | None:
    """Move every file of the class kept in `folder` (its class file, tables, lessons' answers) into a folder of its
    own inside it, named for the moment; the folder moved into, or None if there was nothing to move."""
    from .keeping import LOCK_FILE

    there = [path for path in folder.iterdir() if path.name != LOCK_FILE and not path.name.startswith("earlier-class-")]
    if not there:
        return None
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    aside = folder / SET_ASIDE.format(stamp=stamp)
    for extra in range(1, 1000):
        if not aside.exists():
            break
        aside = folder / f"{SET_ASIDE.format(stamp=stamp)}-{extra}"
    aside.mkdir()
    for path in there:
        os.rename(path, aside / path.name)  # within one folder: a rename, never a copy that could fail half way
    return aside


def restored(room: Classroom, folder: Path) -> list[str]:
    """What was restored, for the terminal: the class, when it was last saved, and each table's game."""
    from .keeping import CLASS_FILE, table_file

    files = [folder / CLASS_FILE, *(folder / table_file(table.number) for table in room.tables)]
    saved = max(path.stat().st_mtime for path in files if path.exists())
    minutes = max(0, round((time.time() - saved) / 60))
    lines = [
        f"Restored the class kept in {folder}: {counted(len(room.students), 'student')}, "
        f"{counted(len(room.tables), 'table')}, last saved "
        f"{datetime.fromtimestamp(saved).strftime('%H:%M on %d %B %Y')} ({minutes} minutes ago)."
    ]
    for table in room.tables:
        game = table.game
        scores = "-".join(map(str, game.scores))
        where = "over" if game.is_over else f"hand {len(game.hands)}"
        students = ", ".join(student.name for student in table.seats if student is not None) or "no students"
        lines.append(f"    table {table.number}: {game.rules.facts.name}, {where}, scores {scores} ({students})")
    lines.append(
        f"Every student counts as away until their page is back; a seat is theirs for {room.absent_after:g} seconds "
        f"before the computer plays it."
    )
    return lines


def counted(number: int, thing: str) -> str:
    """'1 student', '3 students'."""
    return f"{number} {thing}{'s' * (number != 1)}"


def reconciled(room: Classroom, args: argparse.Namespace, house: HouseRules) -> list[str]:
    """Apply to a restored class what was asked of it that differs (the house rules, the pace, the level, more
    tables), and say so; say why the rest (fewer tables, another game, the codes, a seed) is kept as the class had it.
    Lines for the terminal."""
    said = room.change_house_rules(house)
    pace = room.pace if args.pace is None else args.pace
    absent_after = room.absent_after if args.absent_after is None else args.absent_after
    if (pace, absent_after) != (room.pace, room.absent_after):
        given = [f"--pace {pace:g}"] if pace != room.pace else []
        given += [f"--absent-after {absent_after:g}"] if absent_after != room.absent_after else []
        room.set_pace(pace, absent_after)
        said.append(f"Applied: {' and '.join(given)} at every table.")
    if args.level is not None and (args.level != room.level or any(t.level != args.level for t in room.tables)):
        room.set_level(args.level)
        said.append(f"Applied: --level {args.level}: the computer players at every table play at it now.")
    if args.tables is not None and args.tables != len(room.tables):
        if args.tables > len(room.tables):
            game = args.game or GAME
            for number in range(args.tables - len(room.tables)):
                room.new_table(game, None if args.seed is None else args.seed + number)
            said.append(f"Applied: --tables {args.tables}; the tables added play {game}.")
        else:
            said.append(
                f"Not applied: --tables {args.tables}. The restored class has {len(room.tables)} tables, and a "
                f"restart removes none (its students and games stay): start with --new for fewer."
            )
    if args.game is not None and any(table.game.rules.game != args.game for table in room.tables):
        said.append(
            f"Not applied: --game {args.game} to the tables restored, which keep their games (a game under way is "
            f"never replaced); new tables play it."
        )
    for option, given, kept in (
        ("--join-code", args.join_code, room.join_code),
        ("--teacher-code", args.teacher_code, room.teacher_code),
    ):
        if given is not None and given.upper() != kept.upper():
            said.append(
                f"Not applied: {option}. The restored class keeps the code its students and teacher know; start "
                f"with --new for a new class with another."
            )
    if args.seed is not None and not any("--tables" in line for line in said):
        said.append("Not applied: --seed. It deals the tables of a new class; the restored tables keep their deals.")
    return said


def main(argv: Sequence[str] | None = None) -> None:
    args = arguments(argv)

    def say(line: str) -> None:
        print(line, flush=True)

    from .keeping import FolderHold, class_folder, clear_leftovers

    try:
        house = checked(args)  # nothing written yet
        hold = FolderHold(class_folder(args.folder))  # one server per folder: a second stops here, in words
    except ValueError as error:  # a refusal in words: a bad code, house rules file or folder; a folder held
        sys.exit(str(error))
    try:
        clear_leftovers(hold.folder)  # what a server killed while writing left: no other writes here now
        busy = port_free(args.host, args.port)
        if busy:
            sys.exit(busy)
        try:
            room = open_class(args, say, house)
        except ValueError as error:  # a refusal in words: a damaged class file, a folder of tables and no class
            sys.exit(str(error))
        from .web import server

        assets = Path(args.assets) if args.assets else server.ASSETS
        cull_after = args.cull_after or server.CULL_AFTER
        for table in room.tables:  # the time the server was down, or starting, is nobody's absence: a grace from now
            table.all_away()
        try:
            server.serve(room, args.host, args.port, assets=assets, cull_after=cull_after)
        except KeyboardInterrupt:
            pass
        finally:
            room.close()  # its worker processes end with the server
    finally:
        hold.close()


if __name__ == "__main__":
    main()
