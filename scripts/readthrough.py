"""Everything a learner reads in one lesson, in one language, in order: for a speaker's read-through.

    python scripts/readthrough.py 2 --language fr > lesson2-fr.txt

It prints the built lesson's markdown cells and what its code cells printed (notebooks/<language>/NN_*.ipynb, as
scripts/lesson_catalog.py builds them), then drives every exercise of the lesson as a learner clicks it (each
option chosen and checked, every hint, Show the answer), and the trainers the lesson's cells make (the bidding
trainer: each bid on a fresh one; the practice widget: a few questions; lesson 0's guided hand, played by its own
advice), each in the language given. Nothing is kept: answers go to a fresh folder.
"""

from __future__ import annotations

import argparse
import functools
import html
import os
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's package, not an installed one
os.environ.setdefault("EUCHRE_LESSON_PROGRESS", tempfile.mkdtemp())  # a learner's answers: none kept

from euchre_lesson.engine.errors import NotationError  # noqa: E402
from euchre_lesson.engine.language import ENGLISH, speaking  # noqa: E402
from euchre_lesson.teach.course import exercises  # noqa: E402
from euchre_lesson.widgets.bidding import BiddingTrainer  # noqa: E402
from euchre_lesson.widgets.exercise import ExerciseView  # noqa: E402
from euchre_lesson.widgets.guided import GuidedHand  # noqa: E402
from euchre_lesson.widgets.practice import PracticeWidget  # noqa: E402

TAG = re.compile(r"<br\s*/?>|<[^<>]+>")
TRAINER = re.compile(r"BiddingTrainer\(seed=(\d+)\)")
PRACTICE = re.compile(r"PracticeWidget\(kinds=\[([^]]*)\], seed=(\d+)\)")


def text(value: str) -> str:
    """HTML as plain words: a line break for <br>, no tags."""
    return html.unescape(TAG.sub(lambda m: "\n" if m[0].startswith("<br") else "", value)).strip()


def view_lines(view: ExerciseView) -> list[str]:
    """One exercise as a learner meets it: the question, the options, the hints, each option's verdict, the answer."""
    exercise = view.exercise
    controls = (view.check_button, view.hint_button, view.show_button)
    out = ["question: " + text(view.question.value)]
    out += ["exhibit label: " + label for label, _cards in exercise.exhibits()]
    out.append("options: " + " | ".join(button.tooltip for button in view.answer_buttons))
    out.append("buttons: " + " | ".join(f"{b.description} ({b.tooltip})" for b in controls))
    out.append("fresh note: " + text(view.note.value))
    view.check()
    out.append("check with nothing: " + text(view.note.value))
    for _number in range(exercise.hint_count + 1):
        view.hint()
        out.append(f"hint button now: {view.hint_button.description} ({view.hint_button.tooltip})")
    out.append("hints: " + text(view.hint_note.value))
    for choice, button in zip(view.choices, view.answer_buttons):
        view.pick(choice)
        out.append(f"  chosen [{button.tooltip}] -> " + text(view.choice_note.value))
        view.check()
        out.append("     verdict: " + text(view.note.value))
        out.append("     after: " + text(view.choice_note.value) + f" [tooltip: {button.tooltip}]")
        view.pick(choice)
    view.reveal()
    out.append("shown answer: " + text(view.solution_note.value))
    return out


def exercise_lines(lesson: int) -> list[str]:
    """Every exercise of a lesson, driven."""
    out: list[str] = []
    try:
        found = vars(exercises(lesson))
    except NotationError:  # the rule book, the contents and the guide ask no questions
        return out
    for name, exercise in found.items():
        out.append(f"\n## exercise {exercise.id or name}")
        out += view_lines(ExerciseView(exercise, on_answer=lambda *_given: None, show_answer="after a try"))
    return out


def trainer_lines(seed: int, worlds: int = 16) -> list[str]:
    """The bidding trainer: its table before the bid, then each bid chosen on a fresh one."""
    first = BiddingTrainer(seed=seed, worlds=worlds, show_answer="after a try")
    out = [f"\n## bidding trainer, seed {seed}"]
    out += [text(part.value) for part in (first.situation, first.up_label, first.bids, first.note)]
    out.append("bid buttons: " + " | ".join(f"{b.description} ({b.tooltip})" for b in first.choices.children))
    out.append(f"new deal: {first.new_button.description} ({first.new_button.tooltip})")
    for action in first.state.view(first.seat).legal:
        trainer = BiddingTrainer(seed=seed, worlds=worlds, show_answer="after a try")
        trainer.choose(action)
        out.append(f"\n### bid {action}")
        out += [
            text(part.value) for part in (trainer.note, trainer.advice, trainer.result, trainer.bids, trainer.story)
        ]
        trainer.choose(action)
        out.append("again: " + text(trainer.note.value))
    return out


def practice_lines(kinds: list[str], seed: int, questions: int = 3) -> list[str]:
    """The practice widget: a few questions, each option checked."""
    practice = PracticeWidget(seed=seed, kinds=kinds, progress=False, show_answer="after a try")
    out = ["\n## practice " + ", ".join(kinds)]
    for _number in range(questions):
        out.append(text(practice.heading.value) + " / " + text(practice.setting.value))
        if practice.view is not None:
            out += view_lines(practice.view)
        out.append("streak: " + text(practice.streak_note.value))
        out.append("tally: " + text(practice.tally.value))
        out.append(f"next: {practice.next_button.description} ({practice.next_button.tooltip})")
        practice.next_question()
    return out


def guided_lines() -> list[str]:
    """Lesson 0's guided first hand, played by its own advice: the guide, the board's prompt and the story."""
    guided = GuidedHand()
    out = ["\n## guided hand"]
    for step in range(40):
        picture = guided.board.picture
        out.append(f"\n### step {step}")
        out.append("guide: " + text(guided.guide.value))
        out.append("prompt: " + str(picture.get("prompt", "")))
        out.append("buttons: " + " | ".join(f"{b['words']} ({b['why']})" for b in picture["buttons"]))
        out.append("story: " + text(guided.story.value))
        if guided.is_over:
            break
        guided.follow_advice()
    return out


def widget_lines(path: Path) -> list[str]:
    """The trainers the lesson's code cells make, driven."""
    out: list[str] = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        makers: list[Callable[[], list[str]]] = []
        if "GuidedHand()" in cell.source:
            makers.append(guided_lines)
        if found := TRAINER.search(cell.source):
            makers.append(functools.partial(trainer_lines, int(found[1])))
        if found := PRACTICE.search(cell.source):
            kinds = [kind.strip(" '\"") for kind in found[1].split(",")]
            makers.append(functools.partial(practice_lines, kinds, int(found[2])))
        for make in makers:
            out += make()
    return out


def notebook_lines(path: Path) -> list[str]:
    """The built notebook's markdown cells, and the text its code cells showed."""
    out: list[str] = []
    for cell in nbformat.read(path, as_version=4).cells:
        out.append(f"\n## {cell.cell_type} {cell.id}\n{cell.source}")
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            data = output.get("data", {})
            if "text" in output:
                out.append("→ " + output["text"])
            elif "text/html" in data:
                out.append("→ html: " + text(data["text/html"]))
            elif "text/plain" in data:
                out.append("→ " + data["text/plain"])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lesson", type=int, help="the lesson's number, 0 to 15")
    parser.add_argument("--language", default=ENGLISH, help="English (the default), or a language with built lessons")
    arguments = parser.parse_args()
    folder = ROOT / "notebooks" / ("" if arguments.language == ENGLISH else arguments.language)
    built = sorted(folder.glob(f"{arguments.lesson:02d}_*.ipynb"))
    if not built:
        raise SystemExit(f"no lesson {arguments.lesson} in {folder.relative_to(ROOT)}: build it first")
    lines = notebook_lines(built[0])
    with speaking(arguments.language):
        lines += ["\n# exercises, driven", *exercise_lines(arguments.lesson)]
        lines += ["\n# trainers, driven", *widget_lines(built[0])]
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
