"""Everything a learner reads in one lesson, in one language, in the order met: for a translator's read-through.

    python scripts/read_through.py --language et --lesson 2 > lesson2-et.txt

It reads the built lesson (`notebooks/<language>/NN_*.ipynb`; the English one for `en`): each markdown cell, each
code cell's stored output, and for each widget the lesson makes it drives the widget from Python as a learner's
clicks would, in that language, and writes down every word it shows:

- an exercise (`ask("lesson 2 q1")`): the question, each option, both hints, Check with nothing chosen, then for
  each option on a fresh view its verdict, its tooltip and Show the answer;
- the bidding trainer: each bid on the lesson's seed, with the computer's advice, the hand played out and its story;
- the guided first hand (lesson 0): every step's guide, prompt, buttons and the computer players' reasons;
- endless practice: three questions, each answered wrong first.

Each line starts with where it was read, in brackets. The learner's progress goes to a fresh folder, never theirs.
"""

from __future__ import annotations

import argparse
import ast
import html
import os
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["EUCHRE_LESSON_PROGRESS"] = tempfile.mkdtemp(prefix="read-through-")  # before the package reads it

import ipywidgets as w  # noqa: E402
import nbformat  # noqa: E402

from euchre_lesson.engine import language  # noqa: E402

Say = Callable[[str, str], None]


def plain(value: str) -> str:
    """HTML as the words a reader sees: line breaks kept, table cells split by |, tags and drawings left out."""
    value = re.sub(r"<style.*?</style>|<svg.*?</svg>", "", value, flags=re.S)
    value = re.sub(r"<br\s*/?>|</p>|</div>|</tr>|</li>|</caption>", "\n", value)
    value = html.unescape(re.sub(r"<[^>]+>", "", re.sub(r"</t[dh]>", " | ", value)))
    return "\n".join(line.rstrip() for line in value.splitlines() if line.strip())


def widget_words(widget: Any, where: str, say: Say) -> None:
    """Every text, button label and tooltip in a widget and its children."""
    if isinstance(widget, (w.HTML, w.Label)):
        say(where, widget.value)
    if isinstance(widget, w.Button):
        say(where + " button", f"{widget.description} (tooltip: {widget.tooltip})")
    for child in getattr(widget, "children", ()):
        widget_words(child, where, say)


def exercise_words(view: Any, where: str, say: Say) -> None:
    """An exercise as a learner meets it: fresh, its hints, Check with nothing chosen, then each option checked."""
    from euchre_lesson.widgets.exercise import ExerciseView

    exercise = view.exercise
    widget_words(view, where + " fresh", say)
    for number in range(1, exercise.hint_count + 1):
        view.hint()
        say(f"{where} hint {number}", view.hint_note.value)
        say(f"{where} hint button", f"{view.hint_button.description} (tooltip: {view.hint_button.tooltip})")
    view.check()
    say(where + " Check with nothing chosen", view.note.value)
    for choice in view.choices:
        tried = ExerciseView(exercise, on_answer=lambda *_answer: None)
        tried.pick(choice)
        tried.check()
        say(f"{where} verdict for {exercise.written(choice)}", tried.note.value)
        say(where + " your answer", tried.choice_note.value)
        say(where + " its tooltip", tried.button_for(choice).tooltip)
        tried.reveal()
        say(where + " shown answer", tried.solution_note.value)


def trainer_words(seed: int, say: Say) -> None:
    """The bidding trainer on its seed: fresh, then each bid on a trainer of its own, then a second bid and New deal."""
    from euchre_lesson.widgets import BiddingTrainer

    trainer = BiddingTrainer(seed=seed)
    widget_words(trainer, "trainer fresh", say)
    bids = list(trainer.state.view(trainer.seat).legal)
    for bid in bids:
        trainer = BiddingTrainer(seed=seed)
        trainer.choose(bid)
        say(f"trainer after {bid}", trainer.note.value)
        for part in ("advice", "result", "story"):
            say(f"trainer {part}", getattr(trainer, part).value)
        widget_words(trainer.trick_list, "trainer tricks", say)
    trainer.choose(bids[0])
    say("trainer bid twice", trainer.note.value)
    trainer.new_deal()
    widget_words(trainer, "trainer new deal", say)


def guided_words(say: Say) -> None:
    """The guided first hand, following the advice at every step to the end."""
    from euchre_lesson.widgets import GuidedHand

    guided = GuidedHand()
    for step in range(60):
        picture = guided.picture()
        for key in ("title", "trump_words", "prompt"):
            say(f"guided {step} {key}", str(picture.get(key) or ""))
        say(f"guided {step} guide", guided.guide.value)
        for button in picture["buttons"]:
            say(f"guided {step} button", f"{button['words']} (tooltip: {button.get('why')})")
        say(f"guided {step} story", guided.story.value)
        if guided.is_over:
            return
        guided.follow_advice()


def practice_words(source: str, say: Say) -> None:
    """Endless practice as the cell makes it: three questions, each answered with its first option."""
    from euchre_lesson.widgets import PracticeWidget

    kinds = re.search(r"kinds=(\[[^\]]*\])", source)
    seed = re.search(r"seed=(\d+)", source)
    chosen: dict[str, Any] = {"seed": int(seed[1]) if seed else None}
    if kinds:
        chosen["kinds"] = ast.literal_eval(kinds[1])
    practice = PracticeWidget(**chosen)
    for _question in range(3):
        where = f"practice {practice.session.number}"
        widget_words(practice, where, say)
        exercise_words(practice.view, where, say)
        practice.view.pick(practice.view.choices[0])
        practice.view.check()
        widget_words(practice, where + " answered", say)
        practice.next_question()


def code_words(source: str, say: Say) -> None:
    """The words of the widgets a code cell makes, driven as a learner would."""
    from euchre_lesson.widgets import ask

    asked = re.search(r'ask\("(lesson \d+ q\d+)"\)', source)
    if asked:
        exercise_words(ask(asked[1]), asked[1], say)
    trainer = re.search(r"BiddingTrainer\(seed=(\d+)\)", source)
    if trainer:
        trainer_words(int(trainer[1]), say)
    if "GuidedHand()" in source:
        guided_words(say)
    if "PracticeWidget(" in source:
        practice_words(source, say)


def lesson_words(lesson: Path, say: Say) -> None:
    """A lesson read in order: each markdown cell, each code cell's stored output and the words of its widgets."""
    for cell in nbformat.read(lesson, as_version=4).cells:
        if cell.cell_type == "markdown":
            say(f"markdown {cell.get('id')}", cell.source)
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "text/html" in data:
                say("output", data["text/html"])
            elif "text/plain" in data and "application/vnd.jupyter.widget-view+json" not in data:
                say("output", data["text/plain"])
            if output.get("text"):
                say("printed", output["text"])
        code_words(cell.source, say)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--language", default="et", help="as LANGUAGES writes it (et, fr, en)")
    parser.add_argument("--lesson", type=int, default=2, help="the lesson's number")
    options = parser.parse_args(argv)
    folder = ROOT / "notebooks" / ("" if options.language == language.ENGLISH else options.language)
    found = sorted(folder.glob(f"{options.lesson:02d}_*.ipynb"))
    if not found:
        parser.error(f"no lesson {options.lesson} in {folder}: build it first (scripts/lesson_catalog.py build)")
    lines: list[str] = []

    def say(where: str, words: str) -> None:
        words = plain(words) if "<" in words else words.strip()
        if words:
            lines.append(f"[{where}] {words}")

    with language.speaking(options.language):
        lesson_words(found[0], say)
    print("\n".join(lines))
    print(f"{len(lines)} pieces read, {len(set(lines))} different", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
