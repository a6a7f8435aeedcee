"""The learner's progress on the contents page: per lesson the exercises done of the total, a link, what next."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from ..engine import language
from ..engine.errors import NotationError
from ..engine.language import N_, _, ngettext
from ..engine.said import Listed
from ..teach.class_progress import ClassProgress, data_link, hand_in, hand_in_file_name
from ..teach.context import learners_progress
from ..teach.practice import KINDS
from ..teach.progress import LessonProgress, Progress
from ..teach.review import to_review
from . import arguments
from .cards import note, say, style_sheet
from .clicks import TiedButton
from .fallback import Described
from .review import ReviewWidget

# Each lesson's title and notebook, as the notebooks' own first headings name them (a test keeps them in step).
LESSON_PAGES = {
    0: (N_("Welcome to Euchre"), "00_welcome.ipynb"),
    1: (N_("The cards and the bowers"), "01_cards_and_bowers.ipynb"),
    2: (N_("Dealing and bidding, round one"), "02_bidding_round_one.ipynb"),
    3: (N_("Round two, the throw-in and stick the dealer"), "03_round_two.ipynb"),
    4: (N_("Maker, defenders and the dummy"), "04_maker_defenders_dummy.ipynb"),
    5: (N_("Going alone"), "05_going_alone.ipynb"),
    6: (N_("Playing tricks"), "06_playing_tricks.ipynb"),
    7: (N_("Scoring and winning"), "07_scoring_and_winning.ipynb"),
    8: (N_("A game of Cutthroat"), "08_cutthroat_game.ipynb"),
    9: (N_("Partnership Euchre"), "09_partnership.ipynb"),
    10: (N_("Variants and house rules"), "10_variants_and_house_rules.ipynb"),
    11: (N_("Strategy with numbers"), "11_strategy.ipynb"),
    12: (N_("Two-handed and Railroad Euchre"), "12_two_handed_and_railroad.ipynb"),
}


def _lesson_name(lesson: int) -> str:
    """'Lesson 3 · Round two, the throw-in and stick the dealer'."""
    title = LESSON_PAGES.get(lesson, ("", ""))[0]
    if not title:
        return _("Lesson {number}").format(number=lesson)
    return _("Lesson {number} · {title}").format(number=lesson, title=language._(title))


def _lesson_link(lesson: int) -> str:
    """A link to the lesson's notebook, relative to the contents page beside it."""
    page = LESSON_PAGES.get(lesson)
    name = escape(_lesson_name(lesson))
    # underlined: a link is told from the words around it by more than its colour (WCAG 1.4.1)
    return f"<a href='{escape(page[1])}' style='text-decoration:underline'>{name}</a>" if page else name


def _next_words(line: LessonProgress) -> str:
    """What to do next in one lesson, in words."""
    if line.complete:
        return _("all done")
    if line.done == 0:
        return _("start with {exercise}").format(exercise=line.next)
    return _("next: {exercise}").format(exercise=line.next)


def _board_html(summary: tuple[LessonProgress, ...], practice: dict[str, tuple[bool, ...]]) -> str:
    """The next step, a table of the lessons, and the recent practice, as HTML."""
    rows = "".join(_board_row(line) for line in summary)
    caption = _("Exercises done in each lesson (answered right at least once)")
    heads = "".join(f"<th scope='col'>{escape(head)}</th>" for head in (_("lesson"), _("done"), _("what next")))
    table = (
        "<table class='euchre-progress' style='border-collapse:collapse;font-family:system-ui,sans-serif'>"
        f"<caption style='text-align:left'>{escape(caption)}</caption><tr>{heads}</tr>{rows}</table>"
    )
    return (
        f"<div class='euchre-note'><p>{_next_html(summary)}</p>{table}<p>{escape(_practice_words(practice))}</p></div>"
    )


def _board_row(line: LessonProgress) -> str:
    """One lesson's row of the board: its link, a bar of the exercises done, what next."""
    done = escape(_("{done} of {total} exercises done").format(done=line.done, total=line.total), quote=True)
    count = _("{done} of {total}").format(done=line.done, total=line.total)
    return (
        f"<tr><td>{_lesson_link(line.lesson)}</td><td><progress max='{line.total}' value='{line.done}' "
        f"aria-label='{done}'></progress> {escape(count)}</td>"
        f"<td>{'✔ ' if line.complete else ''}{escape(_next_words(line))}</td></tr>"
    )


def _next_html(summary: tuple[LessonProgress, ...]) -> str:
    """The next step: the first lesson not finished, linked, and its next exercise."""
    line = next((line for line in summary if not line.complete), None)
    if line is None:
        return _(
            "<b>Next:</b> every exercise is done. Keep your eye in with the endless practice at the end of any "
            "lesson, or play a game in lesson 8 or 9."
        )
    return ngettext(
        "<b>Next:</b> {lesson}: {done} of {count} exercise done; {next}.",
        "<b>Next:</b> {lesson}: {done} of {count} exercises done; {next}.",
        line.total,
    ).format(lesson=_lesson_link(line.lesson), done=line.done, count=line.total, next=escape(_next_words(line)))


def _board_text(summary: tuple[LessonProgress, ...], practice: dict[str, tuple[bool, ...]]) -> str:
    """The same in plain text, for a page that shows no HTML."""
    said = _("{lesson}: {done} of {total} done; {next}")
    lines = [
        said.format(lesson=_lesson_name(line.lesson), done=line.done, total=line.total, next=_next_words(line))
        for line in summary
    ]
    return "\n".join(lines + [_practice_words(practice)])


def _review_words(due: int) -> str:
    """How many questions are due for review today, in words."""
    if due == 0:
        return _("Nothing to review today: a question you miss comes back here on a later day.")
    return ngettext(
        "{count} to review today: question you missed before, asked again.",
        "{count} to review today: questions you missed before, asked again.",
        due,
    ).format(count=due)


def _practice_words(practice: dict[str, tuple[bool, ...]]) -> str:
    """The endless practice's recent results by kind, in words."""
    right = _("{kind} {right} of {count} right")
    parts = [
        right.format(kind=language._(KINDS[kind].words), right=results.count(True), count=len(results))
        for kind, results in practice.items()
        if kind in KINDS and results
    ]
    if not parts:
        return _("Endless practice: no questions answered yet; it is the last cell of each lesson.")
    return _("Endless practice, your recent answers: {answers}.").format(answers=Listed(tuple(parts)))


class ProgressBoard(Described, w.VBox):
    """The learner's progress through the lessons: done of total per lesson, links, and what to do next."""

    purpose = N_(
        "Your progress through the lessons: what to review today, for each lesson the exercises you have done out "
        "of the total, a link to it, and what to do next."
    )
    how = N_("A widget: to see your own progress, which is kept in your Jupyter data folder, {start}.")

    def __init__(self, progress: Progress | None = None, **kwargs: Any) -> None:
        progress = learners_progress(progress)  # refused, naming what is right, before any widget is made
        arguments.start_box(ProgressBoard, self, kwargs)
        self.progress = progress
        self.board = w.Output()  # shown by the notebook's own renderer, which opens a lesson's link in place
        self.problems = note()
        self.update_tie = TiedButton(
            _("Update"), _("read your progress again, after answering in another lesson"), self.redraw
        )
        self.updates = 0
        self.due = 0  # questions due for review today, as last read
        self.review_words = w.HTML()
        self.review_tie = TiedButton(
            _("Review now"), _("answer today's review: the questions you missed before"), self.review
        )
        self.review_holder = w.Box(layout=w.Layout(overflow="visible"))
        self.reviews = 0
        self.hand_in = HandIn(self.progress)
        self.children = [
            style_sheet(),
            w.HTML(_("<h3 class='euchre-note'>Your progress</h3>")),
            w.HBox([self.review_words, self.review_tie], layout=w.Layout(align_items="center", overflow="visible")),
            self.review_holder,
            self.board,
            self.update_tie,
            self.problems,
            self.hand_in,
        ]
        self.add_class("euchre-progress-board")
        self.redraw()

    @property
    def update_button(self) -> w.Button:
        return self.update_tie.button

    @property
    def review_button(self) -> w.Button:
        return self.review_tie.button

    def review(self) -> None:
        """Open today's review below the count; each answer updates the count."""
        self.reviews += 1
        self.review_holder.children = (ReviewWidget(self.progress, on_change=self.redraw_review),)
        self.redraw_review()

    def redraw_review(self) -> None:
        """The count of questions due today, and the button that opens them (not while a review is going on)."""
        self.due = len(to_review(self.progress))
        self.review_words.value = f"<p class='euchre-note'><b>{escape(_review_words(self.due))}</b></p>"
        reviewing = any(not shown.session.done for shown in self.review_holder.children)
        if self.due and not reviewing:
            self.review_tie.draw(self.reviews)
        else:
            self.review_tie.hide()

    def redraw(self) -> None:
        """Read the progress again and show it."""
        summary, practice = self.progress.summary(), self.progress.practice_results()
        self.board.outputs = (
            {
                "output_type": "display_data",
                "metadata": {},
                "data": {"text/html": _board_html(summary, practice), "text/plain": _board_text(summary, practice)},
            },
        )
        self.redraw_review()
        say(self.problems, " ".join(self.progress.notes))
        self.problems.layout.display = "" if self.progress.notes else "none"
        self.updates += 1
        self.update_tie.draw(self.updates)

    @property
    def html(self) -> str:
        """The board as shown (for tests)."""
        return self.board.outputs[0]["data"]["text/html"]


class HandIn(Described, w.VBox):
    """Hand in your progress without a server: your first name, then a link to a small file for the teacher."""

    purpose = N_(
        "Hand in your progress: write your first name and press Hand in; a link appears that saves a small "
        "file of your progress, to give to your teacher."
    )
    how = N_("A widget: to hand in your progress, {start}.")

    def __init__(self, progress: Progress | None = None, **kwargs: Any) -> None:
        progress = learners_progress(progress)  # refused, naming what is right, before any widget is made
        arguments.start_box(HandIn, self, kwargs)
        self.progress = progress
        self.name = w.Text(placeholder=_("your first name"), description=_("First name"), layout=w.Layout(width="18em"))
        self.hand_in_tie = TiedButton(
            _("Hand in"), _("make a file of your progress and your name to give your teacher"), self.make_file
        )
        # A plain link the learner clicks: a data: address saves the file in JupyterLab and in JupyterLite alike,
        # with no server to fetch it from.
        self.link = w.HTML("")
        self.data, self.file_name = b"", ""  # the file last made, and the name it is saved under
        self.said = note()
        self.children = [
            w.HTML(_("<h4 class='euchre-note'>Hand in your progress</h4>")),
            w.HBox([self.name, self.hand_in_tie], layout=w.Layout(overflow="visible")),
            self.said,
            self.link,
        ]
        self.add_class("euchre-hand-in")

    @property
    def hand_in_button(self) -> w.Button:
        return self.hand_in_tie.button

    def make_file(self) -> None:
        """Check the name, and offer the file as a link to click."""
        try:
            data, file_name = hand_in(self.name.value, self.progress), hand_in_file_name(self.name.value)
        except NotationError as mistake:
            self.link.value = ""
            say(self.said, str(mistake), "bad")
            return
        self.data, self.file_name = data, file_name
        self.link.value = (
            f"<a class='euchre-hand-in-link' download='{escape(file_name)}' href='{data_link(data)}' "
            "style='text-decoration:underline'>" + _("Save {name}").format(name=escape(file_name)) + "</a>"
        )
        say(
            self.said,
            _("Click the link below to save {name}, then give that file to your teacher.").format(name=file_name),
        )


class ClassProgressView(Described, w.VBox):
    """The teacher's view of a folder of handed-in files: students x lessons, and what to teach again."""

    purpose = N_(
        "The class's progress from the files the learners handed in: exercises done by student and lesson, "
        "and for each rule how many first tries were wrong."
    )
    how = N_("A widget: to see your class's progress from a folder of handed-in files, {start}.")

    def __init__(self, folder="handed_in", **kwargs: Any) -> None:
        arguments.start_box(ClassProgressView, self, kwargs)
        self.class_progress = ClassProgress(folder)
        self.tables = w.HTML("")
        self.read_tie = TiedButton(
            _("Read again"), _("read the folder again, after more files were handed in"), self.redraw
        )
        self.csv_path = w.Text(placeholder="class.csv", description=_("CSV file"), layout=w.Layout(width="24em"))
        self.export_tie = TiedButton(
            _("Save as CSV"), _("save the table of students and lessons as a new CSV file"), self.export
        )
        self.said = note()
        self.reads = 0
        self.children = [
            style_sheet(),
            w.HTML(_("<h3 class='euchre-note'>Your class's progress</h3>")),
            self.tables,
            self.read_tie,
            w.HBox([self.csv_path, self.export_tie], layout=w.Layout(overflow="visible")),
            self.said,
        ]
        self.add_class("euchre-class-progress-view")
        self.redraw(read=False)

    def redraw(self, read: bool = True) -> None:
        """Read the folder again and show the tables."""
        if read:
            self.class_progress.read()
        self.tables.value = self.class_progress.html()
        self.reads += 1
        self.read_tie.draw(self.reads)

    def export(self) -> None:
        """Save the students x lessons table at the path written, never over a file that is there."""
        try:
            path = self.class_progress.export_csv(self.csv_path.value.strip() or "class.csv")
        except NotationError as mistake:
            say(self.said, str(mistake), "bad")
            return
        say(self.said, _("Saved {path}.").format(path=path), "good")
