"""Build the students' copies of the lessons: the answers taken out, the outputs cleared.

    python -m euchre_lesson.teach.student_copies notebooks student_notebooks

The teacher's guide is not copied. The class's house rules (`house_rules.json` beside the lessons) are
copied beside the copies, checked first, for the lessons read them from their own folder. A cell tagged `solution` in a source notebook (the teacher's demonstration that a checker refuses
a wrong answer and accepts the right one, or a call of `solution()`) is left out of the copy;
every other cell is kept with its outputs cleared, so students run the lesson themselves.

Nothing is lost: every lesson is read and converted before anything is written; each copy is
written to a new file and renamed into place, so a link in the output folder is replaced, never
written through; and an output folder holding files this tool did not write (a student's edited
copy, say) is refused unless --force is given. The tool lists what it wrote, with a checksum of
each copy, in `.student_copies.json` in the output folder, so running it again just works.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import warnings
from pathlib import Path

import nbformat

from ..engine.errors import FileRefused, JsonRefused, NotationError, excerpt
from ..engine.files import as_text, parse_json, read_regular, staged
from .house_rules import HOUSE_RULES_FILE, house_rules_bytes

TEACHER_TAGS = {"solution"}
JUPYTER_OWN = {".ipynb_checkpoints"}  # folders Jupyter itself makes beside an opened notebook
LESSON_NAMES = "[0-9][0-9]_*.ipynb"
TEACHERS_ONLY = "*_teachers_guide.ipynb"  # the teacher's guide, with its examples of typed answers, is not copied
MANIFEST = ".student_copies.json"
# A lesson with its stored widget outputs is under 0.3 MB; a file far beyond that is not a lesson.
MOST_LESSON_BYTES = 64 * 2**20
MOST_MANIFEST_BYTES = 2**20
NOTEBOOK_NESTING = 100  # levels of lists and objects: a lesson nests 10 at most
NOTEBOOK_DIGITS = 100  # of a whole number: a lesson's are counts and sizes
NAMES_SHOWN = 10


def student_copy(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of a lesson without the solution cells, its outputs cleared; a ValueError for what is not a notebook."""
    try:
        return _without_answers(_checked_notebook(notebook))
    except ValueError as error:
        raise ValueError(f"notebook must be a lesson as nbformat.read gives it; this one {error}.") from None


def _without_answers(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of a valid lesson without the solution cells, its outputs cleared."""
    copy = nbformat.from_dict(notebook)
    copy.cells = [cell for cell in copy.cells if not TEACHER_TAGS & set(cell.metadata.get("tags", []))]
    for cell in copy.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    # The saved state of the teacher's widgets (a table's cards, a trainer after its check) goes too:
    # with the outputs cleared it draws nothing, and it could hold what a student should work out.
    copy.metadata.pop("widgets", None)
    return copy


def build(source: Path, target: Path, force: bool = False) -> list[Path]:
    """Write a student copy of every numbered lesson in `source` into `target`; the paths written.

    Refuses (SystemExit with a message, nothing written) a broken lesson, an output folder that
    overlaps `source`, and, unless `force`, an output folder holding files this tool did not write."""
    source, target = _folder(source, "source"), _folder(target, "target")
    try:
        return _build(source, target, force)
    except OSError as error:  # a name the system cannot take (too long, say), met before anything is written
        raise SystemExit(f"Cannot make the student copies from {_excerpt(str(source))} into "
                         f"{_excerpt(str(target))}: {error.strerror or error}.") from None


def _build(source: Path, target: Path, force: bool) -> list[Path]:
    lessons = _lessons(source)
    _refuse_overlap(source, target)
    copies = {path.name: _student_bytes(path) for path in lessons}  # all read before any is written
    rules = _house_rules(source)
    if rules is not None:
        copies[HOUSE_RULES_FILE] = rules
    untouched, foreign = _survey(target)
    if foreign and not force:
        raise SystemExit(
            f"The output folder {target} holds files this tool did not write: {_names(foreign)}. "
            "Nothing was written. Move them away, or run again with --force to replace the student copies; "
            "other files are left as they are.")
    _refuse_folders_in_the_way(target, copies)
    # Rules the class no longer has must not linger beside the copies (only this tool's own, unchanged, go).
    stale = rules is None and untouched.pop(HOUSE_RULES_FILE, None) is not None
    _write_all(target, copies, untouched)
    if stale:
        (target / HOUSE_RULES_FILE).unlink(missing_ok=True)
    return [target / name for name in copies]


def _folder(value, argument: str) -> Path:
    """`value` as a Path; a ValueError naming `argument` for anything that is not a path."""
    if isinstance(value, bytes) or not isinstance(value, (str, os.PathLike)):
        raise ValueError(f"{argument} must be a folder path such as 'notebooks', not {type(value).__name__}.")
    if "\0" in os.fspath(value):
        raise ValueError(f"{argument} must be a folder path; {str(value)[:60]!r} holds a NUL character.")
    return Path(value)


def _lessons(source: Path) -> list[Path]:
    """The numbered lessons in `source`, in order."""
    if not source.is_dir():
        raise SystemExit(f"The lessons folder {source} is not a folder (or does not exist).")
    lessons = sorted(path for path in source.glob(LESSON_NAMES) if not path.match(TEACHERS_ONLY))
    if not lessons:
        raise SystemExit(f"No lessons (files like 01_cards.ipynb) in {source}.")
    return lessons


def _refuse_overlap(source: Path, target: Path) -> None:
    """Refuse an output folder that is the lessons folder, lies inside it or holds it (links followed)."""
    source_id, target_id = _identity(source), _identity(target)
    if target_id == source_id:
        where = "is the lessons folder"
    elif source_id in _enclosing(target):
        where = "is inside the lessons folder"
    elif target_id is not None and target_id in _enclosing(source):
        where = "holds the lessons folder"
    else:
        return
    raise SystemExit(f"Write the student copies to another folder: the output folder {target} {where} "
                     f"({source}), whose notebooks must not be touched.")


def _identity(path: Path) -> tuple[int, int] | None:
    """The device and inode of the folder `path` leads to (links followed); None if there is none."""
    try:
        found = os.stat(os.path.realpath(path))
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino


def _enclosing(path: Path) -> set:
    """The identities of every existing folder above `path`, once its links are resolved."""
    return {_identity(parent) for parent in Path(os.path.realpath(path)).parents} - {None}


def _student_bytes(path: Path) -> bytes:
    """The student copy of the lesson at `path`, as the bytes to write; SystemExit if it is broken."""
    try:
        text = nbformat.writes(_without_answers(_parse_lesson(read_regular(path, MOST_LESSON_BYTES, what="a lesson"))))
    except (ValueError, RecursionError, nbformat.ValidationError) as error:
        reason = str(error) if isinstance(error, FileRefused) else f"it {error}"
        raise SystemExit(f"Cannot make a student copy of {path}: {reason}. "
                         "Nothing was written; repair or move that file and run again.") from None
    return (text if text.endswith("\n") else text + "\n").encode("utf-8")


def _house_rules(source: Path) -> bytes | None:
    """The class's house rules file in `source`, as it is, once found right; None if the class has none."""
    try:
        return house_rules_bytes(source)
    except NotationError as mistake:
        raise SystemExit(f"Cannot copy the class's house rules: {mistake} "
                         "Nothing was written; correct the file and run again.") from None


def _parse_lesson(data: bytes) -> nbformat.NotebookNode:
    """The notebook in `data`; a ValueError saying what is wrong with it."""
    try:
        raw = parse_json(as_text(data), NOTEBOOK_NESTING, NOTEBOOK_DIGITS)
    except FileRefused:
        raise ValueError("is not UTF-8 text, so not a notebook") from None
    except JsonRefused as refused:
        raise ValueError(str(refused)) from None  # short: it quotes at most a field's excerpt
    return _checked_notebook(raw)


def _checked_notebook(raw) -> nbformat.NotebookNode:
    """`raw` as a valid notebook; a ValueError saying what is wrong with it."""
    if not _notebook_shaped(raw):
        raise ValueError('is not a Jupyter notebook of format 4 (an object with "nbformat": 4, '
                         '"nbformat_minor", "metadata" and a list of "cells")')
    notebook = nbformat.from_dict(raw)
    try:
        with warnings.catch_warnings():  # a missing cell id is only a warning; validate adds it
            warnings.simplefilter("ignore")
            nbformat.validate(notebook)
    except nbformat.ValidationError as error:
        raise ValueError(f"is not a valid notebook ({_excerpt(str(error.message))})") from None
    except (TypeError, KeyError, AttributeError):  # nbformat's checker trips over some wrong shapes
        raise ValueError("is not a valid notebook (a cell or a field has the wrong type)") from None
    return notebook


def _notebook_shaped(raw) -> bool:
    """Whether `raw` has the top of a format-4 notebook, which nbformat's checker assumes before checking."""
    return (isinstance(raw, dict) and type(raw.get("nbformat")) is int and raw["nbformat"] == 4
            and type(raw.get("nbformat_minor")) is int and isinstance(raw.get("metadata"), dict)
            and isinstance(raw.get("cells"), list) and all(isinstance(cell, dict) for cell in raw["cells"]))


def _survey(target: Path) -> tuple[dict[str, str], list[str]]:
    """The copies in `target` this tool wrote and nobody changed since (name to sha256), and every other entry."""
    if not os.path.lexists(target):
        return {}, []
    if not target.is_dir():
        raise SystemExit(f"The output folder {target} is not a folder. Name a folder for the student copies.")
    written = _manifest(target)
    untouched, foreign = {}, []
    try:
        with os.scandir(target) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if entry.name in JUPYTER_OWN and entry.is_dir(follow_symlinks=False):
                    continue  # JupyterLab makes it when a copy is opened; it is not the teacher's work
                why = _not_ours(entry, written)
                if why is None and entry.name != MANIFEST:
                    untouched[entry.name] = written[entry.name]
                elif why is not None:
                    foreign.append(f"{_excerpt(entry.name)}{why}")
    except OSError as error:
        raise SystemExit(f"Cannot look into the output folder {target}: {error.strerror or error}.") from None
    return untouched, foreign


def _manifest(target: Path) -> dict[str, str]:
    """The copies this tool last wrote into `target` (name to sha256); empty if its list is missing or unreadable."""
    try:
        raw = parse_json(as_text(read_regular(target / MANIFEST, MOST_MANIFEST_BYTES, follow_links=False)),
                         NOTEBOOK_NESTING, NOTEBOOK_DIGITS)
    except ValueError:  # a link, not a file, not JSON: not this tool's list
        return {}
    copies = raw.get("copies") if isinstance(raw, dict) else None
    if not isinstance(copies, dict):
        return {}
    return {name: digest for name, digest in copies.items() if isinstance(digest, str)}


def _not_ours(entry: os.DirEntry, written: dict[str, str]) -> str | None:
    """None for a file this tool wrote and nobody changed since; otherwise why it is not, to show the teacher."""
    if entry.is_symlink():
        return " (a link)"
    if entry.is_dir(follow_symlinks=False):
        return " (a folder)"
    if entry.name == MANIFEST:
        return None if entry.is_file(follow_symlinks=False) else " (not a regular file)"
    if entry.name not in written:
        return ""
    try:
        same = _sha256(read_regular(Path(entry.path), MOST_LESSON_BYTES, follow_links=False)) == written[entry.name]
    except ValueError:
        same = False
    return None if same else " (changed since it was written)"


def _refuse_folders_in_the_way(target: Path, copies: dict[str, bytes]) -> None:
    """Refuse, before writing anything, a folder standing where a copy goes: a folder is never replaced."""
    blocked = [name for name in copies if (target / name).is_dir() and not (target / name).is_symlink()]
    if (target / MANIFEST).is_dir() and not (target / MANIFEST).is_symlink():
        blocked.append(MANIFEST)
    if blocked:
        raise SystemExit(f"In {target}, {_names(blocked)} {'is a folder' if len(blocked) == 1 else 'are folders'} "
                         "where a student copy goes. Nothing was written; move it away and run again.")


def _write_all(target: Path, copies: dict[str, bytes], untouched: dict[str, str]) -> None:
    """Stage every copy and the list of them as new files in `target`, then rename each into place."""
    created = not os.path.lexists(target)
    digests = {**untouched, **{name: _sha256(data) for name, data in copies.items()}}
    files = {**copies, MANIFEST: _manifest_bytes(digests)}
    ready: list[tuple[Path, Path]] = []
    try:
        target.mkdir(parents=True, exist_ok=True)
        for name, data in files.items():
            ready.append((staged(target / name, data), target / name))  # the mode open would give a new file
        for temporary, final in ready:
            os.replace(temporary, final)  # replaces a link or a file; never writes into what was there
    except BaseException as error:
        for temporary, _ in ready:
            temporary.unlink(missing_ok=True)
        if created and target.is_dir() and not any(target.iterdir()):
            target.rmdir()
        if isinstance(error, OSError):
            raise SystemExit(f"Cannot write the student copies into {target}: {error.strerror or error}.") from None
        raise


def _manifest_bytes(digests: dict[str, str]) -> bytes:
    """The list of the copies this tool wrote, as it is stored in the output folder."""
    listing = {"written_by": "python -m euchre_lesson.teach.student_copies", "copies": dict(sorted(digests.items()))}
    return (json.dumps(listing, indent=1) + "\n").encode("utf-8")


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _excerpt(text: str, most: int = 80) -> str:
    """`text` cut to a short excerpt for a message."""
    return text if len(text) <= most else text[:most] + "…"


def _names(names: list[str]) -> str:
    """The first few of `names` for a message, and how many more."""
    shown = ", ".join(names[:NAMES_SHOWN])
    return shown if len(names) <= NAMES_SHOWN else f"{shown} and {len(names) - NAMES_SHOWN} more"


def main(argv: list[str] | None = None) -> None:
    """The command: `argv` is its words (sys.argv[1:] when None)."""
    if argv is not None and (isinstance(argv, str) or not isinstance(argv, (list, tuple))
                             or not all(isinstance(word, str) for word in argv)):
        raise ValueError(f"argv must be a list of the command's words, such as ['notebooks', 'student_notebooks'], "
                         f"not {excerpt(argv)}.")
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path, help="the folder of source lessons, e.g. notebooks")
    parser.add_argument("target", type=Path, help="the folder to write the student copies to")
    parser.add_argument("--force", action="store_true",
                        help="replace the student copies even if the output folder holds files this tool "
                             "did not write (files that are not copies are left alone)")
    options = parser.parse_args(argv)
    for path in build(options.source, options.target, force=options.force):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
