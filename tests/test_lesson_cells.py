"""No traceback a learner can reach by clicking (issue 26, point 3): every code cell of every lesson, run alone
in a fresh kernel (as ▶ on one cell does after opening a lesson), works or says in one sentence what to do."""

import re
from pathlib import Path

import nbformat
import pytest
from jupyter_client.manager import start_new_kernel

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[01][0-9]_*.ipynb"))  # 00 to 15: the lessons, the rule book, contents and guide
TRACEBACK = re.compile(r"Traceback|most recent call last|\w+Error\b.*:|^\s*File \"", re.M)
SHOWN = ("stream", "error", "execute_result", "display_data")


def run_alone(kernel, code: str) -> list[dict]:
    """Run one cell's code and return the messages it showed (streams, results, displays, errors)."""
    shown = []
    reply = kernel.execute_interactive(
        code,
        timeout=240,
        store_history=False,
        output_hook=lambda msg: shown.append(msg) if msg["msg_type"] in SHOWN else None,
    )
    if reply["content"]["status"] == "error":
        shown.append({"msg_type": "error", "content": reply["content"]})
    return shown


def as_text(message: dict) -> str:
    content = message["content"]
    if message["msg_type"] == "error":
        return "\n".join(content.get("traceback", [])) or f"{content.get('ename')}: {content.get('evalue')}"
    return str(content.get("text", "")) + "\n".join(
        str(v) for k, v in content.get("data", {}).items() if k.startswith("text/")
    )


@pytest.mark.slow
@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_code_cell_of_a_lesson_runs_alone_in_a_fresh_kernel_without_a_traceback(path):
    cells = [
        (n, c.source)
        for n, c in enumerate(nbformat.read(path, as_version=4).cells)
        if c.cell_type == "code" and c.source.strip()
    ]
    # Two kernels take turns: one runs a cell while the other, restarted, boots afresh for the next.
    kernels = [start_new_kernel(cwd=str(path.parent)) for _ in range(2)]  # the lesson's folder, as Jupyter runs it
    failures = []
    try:
        for turn, (number, source) in enumerate(cells):
            manager, kernel = kernels[turn % 2]
            kernel.wait_for_ready(timeout=60)
            for message in run_alone(kernel, source):
                text = re.sub(r"\x1b\[[0-9;]*m", "", as_text(message))  # without the terminal's colours
                if message["msg_type"] == "error" or TRACEBACK.search(text):
                    failures.append(f"cell {number} ({source.splitlines()[0]!r}): {text[-300:]}")
                    break
            manager.restart_kernel(now=True)  # a fresh kernel for its next cell: nothing left from this one
    finally:
        for manager, kernel in kernels:
            kernel.stop_channels()
            manager.shutdown_kernel(now=True)
    assert not failures, f"{path.name}: a cell run alone shows a traceback:\n" + "\n".join(failures)
