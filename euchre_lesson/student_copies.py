"""Build the students' copies of the lessons: the answers taken out, the outputs cleared.

    python -m euchre_lesson.student_copies notebooks student_notebooks

A cell tagged `solution` in a source notebook (the teacher's demonstration that a checker refuses
a wrong answer and accepts the right one, or a call of `solution()`) is left out of the copy;
every other cell is kept with its outputs cleared, so students run the lesson themselves.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat

TEACHER_TAGS = {"solution"}


def student_copy(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of a lesson without the solution cells, its outputs cleared."""
    copy = nbformat.from_dict(notebook)
    copy.cells = [cell for cell in copy.cells if not TEACHER_TAGS & set(cell.metadata.get("tags", []))]
    for cell in copy.cells:
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
    return copy


def build(source: Path, target: Path) -> list[Path]:
    """Write a student copy of every numbered lesson in `source` into `target`; the paths written."""
    lessons = sorted(source.glob("[0-9][0-9]_*.ipynb"))
    if not lessons:
        raise SystemExit(f"No lessons (files like 01_cards.ipynb) in {source}.")
    if target.resolve() == source.resolve():
        raise SystemExit("Write the student copies to another folder: the source lessons would be overwritten.")
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for path in lessons:
        out = target / path.name
        nbformat.write(student_copy(nbformat.read(path, as_version=4)), out)
        written.append(out)
    return written


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path, help="the folder of source lessons, e.g. notebooks")
    parser.add_argument("target", type=Path, help="the folder to write the student copies to")
    options = parser.parse_args(argv)
    for path in build(options.source, options.target):
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
