"""Practice that remembers: what a learner missed comes back on a spaced schedule, a few questions a day.

A miss makes a review card in the learner's progress, due at once (`teach/progress.py`: an exercise answered wrong, a
practice question missed, a rule missed). A review asks the cards due today again: a lesson's exercise as it was, a
practice kind as a fresh question of that kind, a rule as a lesson's exercise on it, a position the coach graded a
Mistake or a Blunder as that position dealt again ("What would you play here?", graded by the same advice as the
first time: right when Best or Good; teach/positions.py). The first answer rates the card
(right: Good, wrong: Again) and the FSRS scheduler (the `fsrs` package, pure Python) says when it comes back: a right
answer days later, each time further on; a wrong one the next day.
"""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime
from typing import NamedTuple

from fsrs import Card, Rating, Scheduler, State

from ..engine import checks, language
from ..engine.errors import NotationError, excerpt
from ..engine.language import N_
from ..engine.said import Said, saying
from .context import learners_progress
from .course import exercises, lesson_numbers
from .exercises import Exercise, Verdict
from .positions import POSITION_ID, Position, best_words, judge_position
from .practice import KINDS, MOST_SEED, question
from .progress import EXERCISE_ID, REVIEW_ITEM, SECONDS_UNTIL, Progress, ReviewCard

MOST = 5  # questions in one review: a few minutes; the rest wait for the next review
DAY = 24 * 60 * 60  # seconds
REVIEW_OVER = N_("This review is over: every card due was asked. Start a new review.")


def _scheduler() -> Scheduler:
    """FSRS with its published parameters, a day its smallest step (a learner reviews once a day, not every ten
    minutes), and no random spread of the days (the same answers give the same schedule)."""
    return Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


def _time(name: str, value: object) -> float:
    """A time in seconds since 1970 (as the progress file keeps it); anything else is refused by name."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value < SECONDS_UNTIL:
        raise NotationError(name, f"{name} must be a time in seconds since 1970, not {excerpt(value)}.")
    return float(value)


def _moment(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def scheduled(card: ReviewCard, right: bool, when: float, hinted: bool = False) -> ReviewCard:
    """The card after one review at `when` (seconds since 1970): right is FSRS's Good (Hard after a hint), wrong its
    Again."""
    checks.instance("card", card, ReviewCard, "a review card, as Progress.review_cards() gives")
    if type(right) is not bool:
        raise NotationError("right", f"right must be True or False, not {excerpt(right)}.")
    if type(hinted) is not bool:
        raise NotationError("hinted", f"hinted must be True or False, not {excerpt(hinted)}.")
    when = _time("when", when)
    before = Card(
        card_id=1,  # FSRS makes an id from the clock (and sleeps a millisecond) when given none; the file needs none
        state=State.Learning if card.last is None else State.Review,
        step=0 if card.last is None else None,
        stability=card.stability,
        difficulty=card.difficulty,
        due=_moment(card.due),
        last_review=None if card.last is None else _moment(card.last),
    )
    rating = (Rating.Hard if hinted else Rating.Good) if right else Rating.Again
    after, _ = _scheduler().review_card(before, rating, _moment(when))
    return ReviewCard(
        due=after.due.timestamp(),
        missed=card.missed,
        reviews=card.reviews + 1,
        stability=after.stability,
        difficulty=after.difficulty,
        last=float(when),
        position=card.position,
    )


def end_of_day(now: float) -> float:
    """The last moment of the learner's day (the computer's local time) that holds `now`: what "today" means."""
    day = time.localtime(_time("now", now))
    midnight = time.mktime((day.tm_year, day.tm_mon, day.tm_mday + 1, 0, 0, 0, 0, 0, -1))
    return midnight - 0.001


def due_today(cards: dict[str, ReviewCard], now: float) -> tuple[str, ...]:
    """What to review today, the longest due first: each card due by the end of today that can be asked again."""
    if not isinstance(cards, dict) or not all(isinstance(card, ReviewCard) for card in cards.values()):
        raise checks.refused("cards", cards, "the review cards by what they ask, as Progress.review_cards() gives")
    until = end_of_day(now)
    due = [
        (card.due, item)
        for item, card in cards.items()
        if card.due <= until and (_askable(item) or card.position is not None and POSITION_ID.fullmatch(item))
    ]
    return tuple(item for _, item in sorted(due))


def to_review(progress: Progress | None = None) -> tuple[str, ...]:
    """What the learner has to review today (their own progress where none is given)."""
    progress = learners_progress(progress)
    return due_today(progress.review_cards(), progress.now())


# -- what each card asks -------------------------------------------------------------------------------


def _on_rule(rule: str) -> tuple[Exercise, ...]:
    """The lessons' exercises on a rule, in course order."""
    return tuple(
        exercise
        for lesson in lesson_numbers()
        for exercise in vars(exercises(lesson)).values()
        if rule in exercise.rules_exercised
    )


def _askable(item: str) -> bool:
    """Whether a card can be asked again here: its exercise, its practice kind, a lesson's exercise on its rule."""
    if not REVIEW_ITEM.fullmatch(item):
        return False
    what, _, name = item.partition(" ")
    if what == "practice":
        return name in KINDS
    if what == "rule":
        return bool(_on_rule(name))
    found = EXERCISE_ID.fullmatch(item)
    return found is not None and int(found[1]) in lesson_numbers() and found[2] in vars(exercises(int(found[1])))


class ReviewQuestion(NamedTuple):
    """One card asked again: what it is ('lesson 3 q2'), the exercise that asks it (or the position dealt again),
    and where it comes from."""

    item: str
    exercise: Exercise | None  # None for a position: `position` asks it
    source: Said  # put into words where it is read: "from lesson 3", "on rule C12 of the rule book"
    position: Position | None = None


def position_question(item: str, position: Position) -> ReviewQuestion:
    """A position's card asked again: the same cards, as the seat saw them."""
    return ReviewQuestion(
        item, None, saying(N_("a decision from your game at the table: what would you play here?")), position
    )


def review_question(item: str, seed: int) -> ReviewQuestion:
    """The question that asks a card again; a fresh one (dealt from `seed`) for a practice kind or a rule."""
    if not isinstance(item, str) or not _askable(item):
        raise NotationError(
            "item",
            f"item must be a card that can be asked again: a lesson's exercise ('lesson 3 q2'), a kind of practice "
            f"('practice bid') or a rule a lesson asks about ('rule C12'); not {excerpt(item)}.",
        )
    seed = checks.whole("seed", seed, 0, checks.MOST_SEED)
    what, _, name = item.partition(" ")
    if what == "practice":
        kind = saying(KINDS[name].words)
        return ReviewQuestion(
            item, question(name, seed).exercise, saying(N_("from the endless practice: {kind}"), kind=kind)
        )
    if what == "rule":
        on_rule = _on_rule(name)
        return ReviewQuestion(
            item, on_rule[seed % len(on_rule)], saying(N_("on rule {rule} of the rule book"), rule=name)
        )
    found = EXERCISE_ID.fullmatch(item)
    lesson = int(found[1]) if found else 0
    return ReviewQuestion(
        item, getattr(exercises(lesson), item.split()[-1]), saying(N_("from lesson {lesson}"), lesson=lesson)
    )


# -- a review: today's cards, a few at a time ----------------------------------------------------------------


class Review:
    """Today's cards asked one at a time: `answer(given)` checks one and reschedules its card, `next()` moves on."""

    def __init__(self, progress: Progress | None = None, seed: int | None = None, most: int = MOST) -> None:
        self.progress = learners_progress(progress)
        seed = checks.seed("seed", seed)
        self.seed = random.SystemRandom().randrange(MOST_SEED) if seed is None else seed
        self.rng = random.Random(self.seed)
        most = checks.whole("most", most, 1, 100)
        self.items = to_review(self.progress)[:most]
        self.seconds: float | None = None  # the time a position's grade may take (None: all its worlds, as tests do)
        self.number = 0  # the question shown: 1 to len(items); 0 before the first, past the last once done
        self.right = self.wrong = 0
        self.question: ReviewQuestion | None = None
        self.next()

    def __repr__(self) -> str:
        where = "done" if self.done else f"question {self.number} of {len(self.items)}"
        return f"Review: {where}, {self.right} right, {self.wrong} wrong."

    @property
    def done(self) -> bool:
        return self.question is None

    def next(self) -> ReviewQuestion | None:
        """The next card's question, or None when every card of this review was asked."""
        self.number += 1
        self.counted = False  # only the first answer the exercise can judge rates the card
        self.verdict: Verdict | None = None
        if self.number > len(self.items):
            self.question = None
            return None
        item, seed = self.items[self.number - 1], self.rng.randrange(MOST_SEED)
        card = self.progress.review_cards().get(item)
        position = None if card is None else card.position
        self.question = review_question(item, seed) if position is None else position_question(item, position)
        return self.question

    def answer(self, given: object, hinted: bool = False) -> Verdict:
        """Check an answer to the question shown; the first one that can be judged reschedules its card (a right one
        after a hint not as far on)."""
        if self.question is None:
            raise NotationError("given", language._(REVIEW_OVER))
        if self.question.position is not None:
            judged = judge_position(self.question.position, given, self.seconds)  # type: ignore[arg-type]
            self.verdict = Verdict(judged.right, judged.words, answer=judged.choice)
        else:
            self.verdict = checks.known(self.question.exercise, "a question has its exercise").judge(given)
        if not self.counted and self.verdict.answered:  # a blank or unfinished answer is not a try
            self._rate(self.verdict.correct, checks.flag("hinted", hinted))
        return self.verdict

    def solution(self) -> str:
        """The answer and why; asked before any answer, it counts as a miss."""
        if self.question is None:
            raise NotationError("solution", language._(REVIEW_OVER))
        if not self.counted:
            self._rate(False)
        if self.question.position is not None:
            return best_words(self.question.position, self.seconds)
        return checks.known(self.question.exercise, "a question has its exercise").solution()

    def _rate(self, right: bool, hinted: bool = False) -> None:
        question = checks.known(self.question, "a question is shown")
        self.counted = True
        self.right += right
        self.wrong += not right
        now = self.progress.now()
        card = self.progress.review_cards().get(question.item) or ReviewCard(now, now)
        self.progress.keep_card(question.item, scheduled(card, right, now, hinted))
