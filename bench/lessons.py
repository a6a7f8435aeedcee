"""Time each lesson from a fresh kernel, as nbval and a learner's Run All do: `.venv/bin/python bench/lessons.py`.

Each notebook runs top to bottom in a new kernel (nbclient), in a temporary copy so nothing is
written back; the time includes the kernel's start. The goal: all lessons together under 60 s.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
GOAL_SECONDS = 60


def run(path: Path) -> float:
    """Seconds to execute one notebook from a fresh kernel, in a temporary folder beside a copy."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / path.name
        shutil.copy(path, copy)
        notebook = nbformat.read(copy, as_version=4)
        start = time.perf_counter()
        NotebookClient(
            notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(ROOT / "notebooks")}}
        ).execute()
        return time.perf_counter() - start


def main() -> None:
    lessons = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    total = 0.0
    for path in lessons:
        seconds = run(path)
        total += seconds
        print(f"{path.name:38} {seconds:5.1f} s", flush=True)
    verdict = "met" if total < GOAL_SECONDS else "NOT met"
    print(f"{'all ' + str(len(lessons)) + ' notebooks':38} {total:5.1f} s (goal: under {GOAL_SECONDS} s: {verdict})")


if __name__ == "__main__":
    main()
