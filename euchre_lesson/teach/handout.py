"""What students are handed: the one list of files every way of handing out the lessons holds, answers taken out.

    python -m euchre_lesson.teach.handout app .venv/app-folder   # the folder `make app` serves

Every route chooses from here: the student copies (make student-copies, and the branch they can be pushed to for
Binder or nbgitpuller), the static site (make site) and the app (make app). A hand-out holds, from the lessons
folder, each numbered lesson but the teacher's guide (the contents page and the rule book are lessons too) and
the class's house_rules.json; the site adds the rule book's text and the app's table; the app's folder holds
the app, the rule book it links to and the house rules. Nothing else goes, not a teacher's marks.csv beside the
lessons; a link is refused, never followed, so a link to a private file cannot be handed out.

Each lesson goes as its student copy: every cell tagged `solution` left out, outputs and saved widget state
cleared. Only the site's full version (ANSWERS=1, for the teacher) holds the lessons as they are and the guide.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path

import nbformat

from ..engine import checks
from ..engine.display import RULE_BOOK
from ..engine.errors import FileRefused, JsonRefused, NotationError, excerpt
from ..engine.files import as_text, parse_json, read_regular, replace_folder, shown
from ..engine.formats import Format, FormatRefused, read
from ..engine.language import ENGLISH, LANGUAGES
from .class_formats import CLASS_KEY_FILE
from .house_rules import HOUSE_RULES_FILE, house_rules_bytes
from .refusals import ToolRefused, exit_on_refusal

LESSONS_FOLDER = "notebooks"  # in the project: the lessons, beside them the class's house rules
LESSON_NAMES = "[0-9][0-9]_*.ipynb"
TEACHERS_ONLY = "*_teachers_guide.ipynb"  # the guide, with its examples of typed answers, is the teacher's
RULES_TEXT = "RULES.md"  # the rule book as text, beside the lessons folder
APP = "app/euchre_table.ipynb"  # the table and the trainers; it links to the rule book in the lessons folder
TEACHER_TAGS = {"solution"}
# A link to the guide, which no hand-out holds, keeps its words and loses its address (it would lead nowhere).
GUIDE_LINK = re.compile(r"\[([^\]]+)\]\((?:\./)?[0-9][0-9]_teachers_guide\.ipynb(?:#[^)]*)?\)")
# A lesson with its stored widget outputs is under 0.3 MB; a file far beyond that is not a lesson.
MOST_LESSON_BYTES = 64 * 2**20
MOST_TEXT_BYTES = 2**20  # the rule book's text is 0.1 MB
NOTEBOOK_NESTING = 100  # levels of lists and objects: a lesson nests 10 at most
NOTEBOOK_DIGITS = 100  # of a whole number: a lesson's are counts and sizes
MARK = ".euchre-handout"  # in every folder written here: only such a folder is replaced by a rewrite
# The top of a format-4 notebook, which nbformat's own checker assumes before it checks the rest.
NOTEBOOK_TOP = Format(
    "notebook",
    {
        "type": "object",
        "properties": {
            "nbformat": {"type": "integer", "const": 4},
            "nbformat_minor": {"type": "integer"},
            "metadata": {"type": "object"},
            "cells": {"type": "array", "items": {"type": "object"}},
        },
        "required": ["nbformat", "nbformat_minor", "metadata", "cells"],
    },
)


def lessons(folder: Path, answers: bool = False) -> list[Path]:
    """The lessons in `folder` a hand-out holds, in order (with `answers`, the teacher's guide too); none a link."""
    folder, answers = _as_path(folder, "folder"), checks.flag("answers", answers)
    with _system_refusals(f"read the lessons folder {excerpt(str(folder), 80, show=str)}"):
        return _lessons(folder, answers)


def _lessons(folder: Path, answers: bool) -> list[Path]:
    """The lessons of `folder`, once their arguments are checked; ToolRefused for no lessons or a link."""
    if not folder.is_dir():
        raise ToolRefused(f"The lessons folder {shown(folder)} is not a folder (or does not exist).")
    found = sorted(path for path in folder.glob(LESSON_NAMES) if answers or not path.match(TEACHERS_ONLY))
    if not found:
        raise ToolRefused(f"No lessons (files like 01_cards.ipynb) in {shown(folder)}.")
    for path in found:
        _refuse_a_link(path)
    return found


def student_files(folder: Path) -> dict[str, bytes]:
    """The student copy of each lesson in `folder` and the class's house rules, by file name."""
    folder = _as_path(folder, "folder")
    files = {path.name: student_bytes(path) for path in lessons(folder)}
    rules = _house_rules(folder)
    if rules is not None:
        files[HOUSE_RULES_FILE] = rules
    key = folder / CLASS_KEY_FILE  # the key the copies sign hand-ins with, where the teacher made one
    if key.is_file() and not key.is_symlink():
        files[CLASS_KEY_FILE] = _regular(key, 200)
    return files


def site_files(root: Path, answers: bool = False) -> dict[str, bytes]:
    """What the static site holds, by path in the project: the hand-out (the lessons in each language the lessons
    folder holds: notebooks/fr for French), the rule book's text and the app's table.

    With `answers`, the teacher's version: the lessons as they are, the guide among them."""
    root, answers = _as_path(root, "root"), checks.flag("answers", answers)
    folder = root / LESSONS_FOLDER
    files = {f"{LESSONS_FOLDER}/{name}": data for name, data in _handed(folder, answers).items()}
    for translated in language_folders(folder):  # a learner in French downloads the French lessons
        files.update(
            {f"{LESSONS_FOLDER}/{translated.name}/{name}": data for name, data in _handed(translated, answers).items()}
        )
    files[RULES_TEXT] = _regular(root / RULES_TEXT, MOST_TEXT_BYTES)
    files[APP] = student_bytes(root / APP)
    return files


def language_folders(folder: Path) -> list[Path]:
    """The lessons in the learners' other languages beside the English ones in `folder` (notebooks/fr, notebooks/et),
    each a folder named by its language's code that holds lessons, in the order LANGUAGES lists them; none a link."""
    folder = _as_path(folder, "folder")
    found = [folder / code for code in LANGUAGES if code != ENGLISH]
    with _system_refusals(f"read the lessons folder {excerpt(str(folder), 80, show=str)}"):
        for path in found:
            _refuse_a_link(path)
        return [path for path in found if path.is_dir() and any(path.glob(LESSON_NAMES))]


def _handed(folder: Path, answers: bool) -> dict[str, bytes]:
    """The hand-out of one lessons folder by file name: the student copies, or with `answers` the lessons as they
    are with the teacher's guide; the class's house rules where the folder has them."""
    if not answers:
        return student_files(folder)
    handed = {path.name: _regular(path, MOST_LESSON_BYTES) for path in lessons(folder, answers=True)}
    rules = _house_rules(folder)
    handed.update({HOUSE_RULES_FILE: rules} if rules is not None else {})
    return handed


def app_files(root: Path) -> dict[str, bytes]:
    """What the app serves, by path in the project: the app, the rule book it links to, the class's house rules."""
    root = _as_path(root, "root")
    folder = root / LESSONS_FOLDER
    files = {APP: student_bytes(root / APP), f"{LESSONS_FOLDER}/{RULE_BOOK}": student_bytes(folder / RULE_BOOK)}
    rules = _house_rules(folder)
    if rules is not None:
        files[f"{LESSONS_FOLDER}/{HOUSE_RULES_FILE}"] = rules
    return files


def write_folder(files: dict[str, bytes], target: Path) -> None:
    """A folder holding `files` and nothing else, in place of the one written here before (never of another)."""
    files, target = _as_files(files), _as_path(target, "target")
    with _system_refusals(f"write the folder {excerpt(str(target), 80, show=str)}"):
        _write_folder(files, target)


def _write_folder(files: dict[str, bytes], target: Path) -> None:
    """Write `files` into a new folder beside `target`, then put it in place of the old one (ours or empty only)."""
    ours = target.is_dir() and not target.is_symlink() and ((target / MARK).is_file() or not any(target.iterdir()))
    if os.path.lexists(target) and not ours:
        raise ToolRefused(
            f"{shown(target)} exists and was not written by this tool (no {MARK} in it): "
            "name another folder, or move it away yourself."
        )
    mark = b"written by python -m euchre_lesson.teach.handout: a rewrite replaces it\n"
    replace_folder(target, {**files, MARK: mark})


# -- a lesson without its answers ----------------------------------------------------------------------------


def student_copy(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of a lesson without the solution cells, its outputs cleared; a ValueError for what is not a notebook."""
    try:
        return _without_answers(_checked_notebook(notebook))
    except ValueError as error:
        raise ValueError(f"notebook must be a lesson as nbformat.read gives it; this one {error}.") from None


def student_bytes(path: Path) -> bytes:
    """The student copy of the lesson at `path` (never through a link), as the bytes to write; ToolRefused if broken."""
    path = _as_path(path, "path")
    try:
        lesson = _parse_lesson(read_regular(path, MOST_LESSON_BYTES, follow_links=False, what="a lesson"))
        text = nbformat.writes(_without_answers(lesson))
    except (ValueError, RecursionError, nbformat.ValidationError) as error:
        reason = str(error) if isinstance(error, FileRefused) else f"it {error}"
        raise ToolRefused(
            f"Cannot make a student copy of {shown(path)}: {reason}. "
            "Nothing was written; repair or move that file and run again."
        ) from None
    return (text if text.endswith("\n") else text + "\n").encode("utf-8")


def _without_answers(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of a valid lesson without the solution cells, its outputs cleared."""
    copy = nbformat.from_dict(notebook)
    copy.cells = [cell for cell in copy.cells if not TEACHER_TAGS & set(cell.metadata.get("tags", []))]
    for cell in copy.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
        else:
            source = cell.source if isinstance(cell.source, str) else "".join(cell.source)
            cell.source = GUIDE_LINK.sub(r"\1", source)
    # The saved state of the teacher's widgets (a table's cards, a trainer after its check) goes too:
    # with the outputs cleared it draws nothing, and it could hold what a student should work out.
    copy.metadata.pop("widgets", None)
    return copy


def _parse_lesson(data: bytes) -> nbformat.NotebookNode:
    """The notebook in `data`; a ValueError saying what is wrong with it."""
    try:
        raw = parse_json(as_text(data), NOTEBOOK_NESTING, NOTEBOOK_DIGITS)
    except FileRefused:
        raise ValueError("is not UTF-8 text, so not a notebook") from None
    except JsonRefused as refused:
        raise ValueError(str(refused)) from None  # short: it quotes at most a field's excerpt
    return _checked_notebook(raw)


def _checked_notebook(raw: object) -> nbformat.NotebookNode:
    """`raw` as a valid notebook; a ValueError saying what is wrong with it."""
    try:
        read(NOTEBOOK_TOP, raw)
    except FormatRefused:
        raise ValueError(
            'is not a Jupyter notebook of format 4 (an object with "nbformat": 4, '
            '"nbformat_minor", "metadata" and a list of "cells")'
        ) from None
    notebook = nbformat.from_dict(raw)
    try:
        with warnings.catch_warnings():  # a missing cell id is only a warning; validate adds it
            warnings.simplefilter("ignore")
            nbformat.validate(notebook)
    except nbformat.ValidationError as error:
        raise ValueError(f"is not a valid notebook ({excerpt(str(error.message), 80, show=str)})") from None
    except (TypeError, KeyError, AttributeError):  # nbformat's checker trips over some wrong shapes
        raise ValueError("is not a valid notebook (a cell or a field has the wrong type)") from None
    return notebook


# -- the other files -----------------------------------------------------------------------------------------


def _refuse_a_link(path: Path) -> None:
    """Refuse a link where a hand-out's file goes: what it leads to may be anything of the teacher's."""
    if path.is_symlink():
        raise ToolRefused(
            f"{shown(path)} is a link, and a hand-out never follows one (it could lead to a private "
            "file). Put the file itself there, or move the link away."
        )


def _regular(path: Path, most: int) -> bytes:
    """The bytes of the file at `path`, as they are; ToolRefused for a link or what is not a file."""
    _refuse_a_link(path)
    try:
        return read_regular(path, most, follow_links=False)
    except FileRefused as refused:
        raise ToolRefused(f"Cannot hand out {shown(path)}: {refused}.") from None


def _house_rules(folder: Path) -> bytes | None:
    """The class's house rules file in `folder`, as it is, once found right; None if the class has none."""
    _refuse_a_link(folder / HOUSE_RULES_FILE)
    try:
        return house_rules_bytes(folder)
    except NotationError as mistake:
        raise ToolRefused(
            f"Cannot copy the class's house rules: {mistake} Nothing was written; correct the file and run again."
        ) from None


def _as_path(value: object, argument: str) -> Path:
    """`value` as a Path; a ValueError naming `argument` for anything that is not a path."""
    return checks.path(argument, value, "a folder or file path such as 'notebooks'")


def _as_files(files: object) -> dict[str, bytes]:
    """`files` checked: paths inside the folder to write (no '..', not absolute), each with its bytes."""
    if not isinstance(files, dict) or not all(
        isinstance(name, str) and isinstance(data, bytes) for name, data in files.items()
    ):
        raise ValueError(
            f"files must map each path in the folder to its bytes, as app_files gives, not {excerpt(files, 60)}."
        )
    for name in files:
        parts = Path(name).parts
        if not parts or Path(name).is_absolute() or ".." in parts or "\0" in name or name == MARK:
            raise ValueError(
                f"files must name paths inside the folder, such as 'app/euchre_table.ipynb', not {excerpt(name, 60)}."
            )
    return files


@contextlib.contextmanager
def _system_refusals(what: str) -> Iterator[None]:
    """An error of the system (a name too long for it, a disk full) as one sentence saying what could not be done."""
    try:
        yield
    except OSError as error:
        raise ToolRefused(f"Cannot {what}: {error.strerror or error}.") from None


def main(argv: list[str] | None = None) -> None:
    """The command: `app FOLDER` writes the folder the app serves (`argv`: its words, sys.argv[1:] when None)."""
    if argv is not None and (
        isinstance(argv, str) or not isinstance(argv, (list, tuple)) or not all(isinstance(word, str) for word in argv)
    ):
        raise ValueError(
            f"argv must be a list of the command's words, such as ['app', '.venv/app-folder'], not {excerpt(argv, 60)}."
        )
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("route", choices=["app"], help="app: the folder `make app` serves")
    parser.add_argument("folder", type=Path, help="the folder to write, e.g. .venv/app-folder")
    parser.add_argument("--root", type=Path, default=Path("."), help="the project folder (default: here)")
    options = parser.parse_args(argv)
    with exit_on_refusal():  # the one place a refusal ends the command: its sentence, exit status 1
        files = app_files(options.root)
        write_folder(files, options.folder)
    print(f"the app's folder {options.folder} holds {', '.join(sorted(files))}")


if __name__ == "__main__":
    main(sys.argv[1:])
