"""Where a lesson's answers go, bound where the lesson starts: the learner's progress and the class reporter.

    from euchre_lesson.teach.context import bind
    bind(Progress("my folder"))   # this notebook's answers go to that folder (and to the class, if linked)

As learntools binds a notebook's globals once, a lesson binds its context once; every view made after it (ask,
the progress board, practice, the class link) takes the context bound when it is made and records through it, so a
click is kept where the lesson said; a typed answer counts the same way through `current().check(exercise,
answer)` (an exercise's own `check()` only judges). Nothing is bound at import. Where a lesson binds nothing, the
first view binds the learner's own: the progress in the default folder ($EUCHRE_LESSON_PROGRESS, else the Jupyter
data folder) and a reporter of its own. The binding is a context variable: a test, a thread or a second learner in
one process binds its own without touching anyone else's, and without environment variables.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass

from ..engine.errors import NotationError, excerpt
from ..engine.language import choose_language, is_chosen
from .class_report import ClassReporter
from .exercises import Exercise, Verdict
from .positions import Position
from .progress import Progress, kept_id, progress_folder


@dataclass(frozen=True)
class LessonContext:
    """A lesson's I/O in one value: the learner's progress store, the class reporter, and perhaps an answer hook.

    `on_answer(id, correct, answer)`, where given, takes every judged answer instead of the progress and the class
    (a teacher's own course, a test)."""

    progress: Progress
    reporter: ClassReporter
    on_answer: Callable[[str, bool, str], None] | None = None
    default: bool = False  # bound by the first view where the lesson bound nothing (follows $EUCHRE_LESSON_PROGRESS)

    def __post_init__(self) -> None:
        if not isinstance(self.progress, Progress):
            raise NotationError(
                "progress", f"progress must be a Progress, such as Progress('a folder'), not {excerpt(self.progress)}."
            )
        if not isinstance(self.reporter, ClassReporter):
            raise NotationError("reporter", f"reporter must be a ClassReporter, not {excerpt(self.reporter)}.")
        if self.on_answer is not None and not callable(self.on_answer):
            raise NotationError(
                "on_answer",
                f"on_answer must be None or a function called as on_answer(id, "
                f"correct, answer), not {excerpt(self.on_answer)}.",
            )

    def check(self, exercise: Exercise, given: object) -> Verdict:
        """`exercise.check(given)`, and the verdict kept as a click on its view is (a typed answer that counts)."""
        if not isinstance(exercise, Exercise):
            raise NotationError(
                "exercise", f"exercise must be an exercise such as exercises(1).q1, not {excerpt(exercise)}."
            )
        verdict = exercise.check(given)
        self.keep(exercise.id, verdict)
        return verdict

    def keep(self, exercise_id: str, verdict: Verdict) -> None:
        """Keep a judged answer: in the learner's progress and, where the lessons are linked, sent to the class.

        A blank or unreadable answer is a prompt, not a try, and goes nowhere; so does an exercise of no lesson
        (a practice question, an exercise of the reader's own making), except to an `on_answer` hook."""
        if not isinstance(verdict, Verdict):
            raise NotationError("verdict", f"verdict must be a Verdict, as check() gives, not {excerpt(verdict)}.")
        if not verdict.answered:
            return
        if self.on_answer is not None:
            self.on_answer(exercise_id, verdict.correct, verdict.answer)
            return
        if not kept_id(exercise_id):
            return
        mine = self.progress
        mine.record(exercise_id, verdict.correct, verdict.answer)
        kept = mine.known().answers  # as just recorded: no second read of the file
        if exercise_id in kept:
            self.reporter.answered(
                mine.folder,
                {exercise_id: kept[exercise_id].shared()},
                lambda: {key: one.shared() for key, one in kept.items() if kept_id(key)},
                mine.missed_position,  # positions the class's coach sends back: the learner's review
            )

    def missed_positions(self, positions: Iterable[Position]) -> tuple[str, ...]:
        """Keep each position the coach graded a Mistake or a Blunder (positions.missed_in) as a review card in the
        learner's progress, never a file of its own; the names of the cards kept."""
        if not isinstance(positions, (list, tuple)):
            raise NotationError("positions", f"positions must be a tuple of Positions, not {excerpt(positions)}.")
        return tuple(self.progress.missed_position(position) for position in positions)


_BOUND: ContextVar[LessonContext | None] = ContextVar("euchre_lesson_lesson", default=None)


def bind(
    progress: Progress | None = None,
    reporter: ClassReporter | None = None,
    on_answer: Callable[[str, bool, str], None] | None = None,
) -> LessonContext:
    """Bind a lesson's context here and in what runs from here: the progress given (else the learner's own)."""
    context = _made(progress, reporter, on_answer)
    _BOUND.set(context)
    _speak_as_chosen(context.progress)
    return context


@contextlib.contextmanager
def bound(
    progress: Progress | None = None,
    reporter: ClassReporter | None = None,
    on_answer: Callable[[str, bool, str], None] | None = None,
) -> Iterator[LessonContext]:
    """A lesson's context bound for a `with` block only, and the one before it bound again after (for tests)."""
    context = _made(progress, reporter, on_answer)
    token = _BOUND.set(context)
    try:
        yield context
    finally:
        _BOUND.reset(token)


def _made(
    progress: Progress | None, reporter: ClassReporter | None, on_answer: Callable[[str, bool, str], None] | None
) -> LessonContext:
    return LessonContext(
        Progress() if progress is None else progress, ClassReporter() if reporter is None else reporter, on_answer
    )


def current() -> LessonContext:
    """The lesson's context bound here; where none is, the learner's own, bound now so the next view shares it."""
    context = _BOUND.get()
    if context is None or (context.default and context.progress.folder != progress_folder()):
        context = LessonContext(Progress(), ClassReporter(), default=True)
        _BOUND.set(context)
        _speak_as_chosen(context.progress)
    return context


def _speak_as_chosen(progress: Progress) -> None:
    """The language the learner chose on the contents page, spoken from here on where the lesson chose none (until
    the learner chooses, English; in the browser's Python, the browser's own language: engine/language.py).

    A translated lesson chooses its own language in its first code cell (scripts/lesson_catalog.py), which stays;
    an English lesson opened after a choice speaks the choice: the table's words, the verdicts, the refusals."""
    if not is_chosen() and (chosen := progress.language()) is not None:
        choose_language(chosen)


def learners_progress(progress: Progress | None = None) -> Progress:
    """The progress given, or the bound lesson's where it is None; anything else is refused naming what is right."""
    if progress is None:
        return current().progress
    if not isinstance(progress, Progress):
        raise NotationError(
            "progress", f"progress must be a Progress, or None for the learner's own, not {excerpt(progress)}."
        )
    return progress
