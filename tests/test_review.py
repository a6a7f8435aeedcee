"""Practice that remembers (issue 37, point 6): what was missed comes back on the FSRS schedule, is kept with the
learner's progress, and is counted and asked again on the contents page."""

from __future__ import annotations

import json
import shutil
import warnings
from pathlib import Path

import pytest
from test_widgets_exercise import answer, wrong_and_right
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)

from euchre_lesson import NotationError
from euchre_lesson.engine.formats import fits
from euchre_lesson.engine.language import speaking
from euchre_lesson.engine.said import words_of
from euchre_lesson.teach import progress
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.exercises import LegalPlays, WhichSuit
from euchre_lesson.teach.progress import FILE_NAME, PROGRESS_FILE, Progress, ProgressWarning, ReviewCard
from euchre_lesson.teach.review import (
    Review,
    due_today,
    end_of_day,
    review_question,
    scheduled,
    to_review,
)
from euchre_lesson.widgets.progress import ProgressBoard
from euchre_lesson.widgets.review import NOTHING_DUE, ReviewWidget

DAY = 24 * 60 * 60
NOON = 1_765_022_400.0  # 2025-12-06 12:00 UTC


class Clock:
    """A clock moved by hand."""

    def __init__(self, now: float = NOON) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def kept(tmp_path, clock) -> Progress:
    return Progress(tmp_path, clock=clock)


# -- the schedule ------------------------------------------------------------------------------------------


def test_a_missed_exercise_is_due_today_and_a_right_answer_is_not(kept, clock):
    kept.record("lesson 1 q1", True, "♥")
    kept.record("lesson 1 q2", False, "♣")
    assert kept.review_cards() == {"lesson 1 q2": ReviewCard(NOON, NOON)}
    assert to_review(kept) == ("lesson 1 q2",)
    kept.record("lesson 1 q2", True, "♠")  # right on the second try: still to review, the miss is remembered
    assert to_review(kept) == ("lesson 1 q2",)


def test_a_missed_practice_question_and_a_missed_rule_are_due_today(kept):
    kept.record_practice("bid", True)
    assert to_review(kept) == ()
    kept.record_practice("bid", False)
    kept.missed("rule C12")
    assert to_review(kept) == ("practice bid", "rule C12")


def test_a_right_review_pushes_the_card_days_later_and_each_right_one_further():
    new = ReviewCard(NOON, NOON)
    once = scheduled(new, True, NOON)
    assert once.reviews == 1 and once.last == NOON and once.missed == NOON
    assert once.due - NOON >= 2 * DAY, "a right first review waits two days or more"
    twice = scheduled(once, True, once.due)
    assert twice.due - once.due > once.due - NOON, "a second right review waits longer than the first"
    assert due_today({"lesson 1 q1": once}, NOON) == ()
    assert due_today({"lesson 1 q1": once}, once.due) == ("lesson 1 q1",)


def test_a_right_review_after_a_hint_comes_back_sooner_than_one_without():
    plain, hinted = scheduled(ReviewCard(NOON, NOON), True, NOON), scheduled(ReviewCard(NOON, NOON), True, NOON, True)
    assert NOON + DAY <= hinted.due < plain.due


def test_a_wrong_review_brings_the_card_back_the_next_day():
    once = scheduled(ReviewCard(NOON, NOON), True, NOON)
    wrong = scheduled(once, False, once.due)
    assert wrong.due - once.due == pytest.approx(DAY), "a miss in the review comes back the next day"
    assert wrong.stability < once.stability and wrong.difficulty > once.difficulty
    assert due_today({"rule C2": wrong}, once.due) == ()
    assert due_today({"rule C2": wrong}, wrong.due) == ("rule C2",)


def test_today_ends_at_the_learner_s_midnight():
    end = end_of_day(NOON)
    assert NOON < end < NOON + DAY and end_of_day(end) == end and end_of_day(end + 0.01) > end
    later_today = ReviewCard(end - 1, end - 1)
    tomorrow = ReviewCard(end + 1, end + 1)
    assert due_today({"rule C2": later_today, "rule C3": tomorrow}, NOON) == ("rule C2",)


def test_the_longest_due_comes_first_and_a_card_that_cannot_be_asked_is_left_out():
    cards = {
        "rule C12": ReviewCard(NOON - 10, NOON - 10),
        "lesson 1 q1": ReviewCard(NOON - 20, NOON - 20),
        "practice no_such_kind": ReviewCard(NOON - 30, NOON - 30),  # a kind of a later release, say
        "rule C99": ReviewCard(NOON - 40, NOON - 40),  # no lesson asks about it
    }
    assert due_today(cards, NOON) == ("lesson 1 q1", "rule C12")


def test_a_miss_after_a_review_brings_the_card_back_at_once_keeping_its_schedule(kept, clock):
    kept.record_practice("which_suit", False)
    Review(kept, seed=1).answer(WhichSuit("J♦", "♥").answer())  # whatever the card, which suit it is
    card = kept.review_cards()["practice which_suit"]
    clock.now += 60
    kept.record_practice("which_suit", False)
    again = kept.review_cards()["practice which_suit"]
    assert again == card._replace(missed=clock.now, due=clock.now)
    assert to_review(kept) == ("practice which_suit",)


def test_two_lessons_open_at_once_keep_the_newest_review_and_a_later_miss(tmp_path, clock):
    one, two = Progress(tmp_path, clock=clock), Progress(tmp_path, clock=clock)
    one.missed("rule C2")
    two.review_cards()
    reviewed = scheduled(one.review_cards()["rule C2"], True, NOON + 5)
    one.keep_card("rule C2", reviewed)
    assert two.review_cards()["rule C2"] == reviewed
    old = progress.Kept({}, {}, {"rule C2": ReviewCard(NOON, NOON)})
    missed_later = progress.Kept({}, {}, {"rule C2": ReviewCard(NOON + 9, NOON + 9)})
    assert progress._combined(old, progress.Kept({}, {}, {"rule C2": reviewed})).review["rule C2"] == reviewed
    merged = progress._combined(missed_later, progress.Kept({}, {}, {"rule C2": reviewed})).review["rule C2"]
    assert merged == reviewed._replace(missed=NOON + 9, due=NOON + 9)


# -- kept with the progress ------------------------------------------------------------------------------------


def test_review_cards_are_written_in_the_progress_file_and_read_back(tmp_path, kept, clock):
    kept.record("lesson 2 q1", False, "assist")
    kept.record_practice("score", False)
    kept.missed("rule T7")
    kept.keep_card("rule T7", scheduled(kept.review_cards()["rule T7"], True, NOON))
    data = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    assert fits(PROGRESS_FILE, data)
    assert set(data["review"]) == {"lesson 2 q1", "practice score", "rule T7"}
    assert data["review"]["lesson 2 q1"] == {"due": NOON, "missed": NOON, "reviews": 0}
    assert set(data["review"]["rule T7"]) == {"due", "missed", "reviews", "stability", "difficulty", "last"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert Progress(tmp_path).review_cards() == kept.review_cards()
    assert Progress(tmp_path).answers() == kept.answers(), "the answers are kept beside the cards"


def test_a_progress_file_of_before_the_cards_still_reads_and_has_none(tmp_path):
    shutil.copy(Path(__file__).parent / "formats_today" / "learner" / FILE_NAME, tmp_path / FILE_NAME)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        old = Progress(tmp_path)
        assert old.review_cards() == {} and to_review(old) == ()
        assert old.answers()["lesson 1 q1"].tries == 2
    assert "review" not in json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))


def test_a_learner_who_never_missed_keeps_a_file_without_cards(tmp_path, kept):
    kept.record("lesson 1 q1", True, "♥")
    assert "review" not in json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))


BAD_CARDS = {
    "a field missing": {"due": NOON, "reviews": 0},
    "a field more": {"due": NOON, "missed": NOON, "reviews": 0, "colour": "red"},
    "a difficulty of 11": {"due": NOON, "missed": NOON, "reviews": 1, "stability": 2.0, "difficulty": 11, "last": NOON},
    "a stability alone": {"due": NOON, "missed": NOON, "reviews": 1, "stability": 2.0},
    "reviewed but no last": {"due": NOON, "missed": NOON, "reviews": 0, "stability": 2.0, "difficulty": 5, "last": 1.0},
    "text": "soon",
}


@pytest.mark.parametrize("bad", BAD_CARDS.values(), ids=BAD_CARDS)
def test_a_card_that_cannot_be_read_is_left_out_and_nothing_else_is_lost(tmp_path, clock, bad):
    good = {"due": NOON, "missed": NOON, "reviews": 0}
    record = {"version": 1, "answers": {}, "practice": {}, "review": {"rule C2": good, "rule C3": bad}}
    (tmp_path / FILE_NAME).write_text(json.dumps(record), encoding="utf-8")
    kept = Progress(tmp_path, clock=clock)
    with pytest.warns(ProgressWarning, match="review card for 'rule C3'.*left out"):
        assert kept.review_cards() == {"rule C2": ReviewCard(NOON, NOON)}
    with pytest.warns(ProgressWarning, match="the file as it was is kept"):
        kept.missed("rule C12")
    copies = list(tmp_path.glob(FILE_NAME + ".damaged-*"))
    assert len(copies) == 1 and json.loads(copies[0].read_text(encoding="utf-8")) == record, (
        "the file as it was is kept"
    )


def test_a_damaged_progress_file_is_set_aside_and_the_board_still_counts(tmp_path):
    (tmp_path / FILE_NAME).write_bytes(b'{"version": 1, "review": {')
    with pytest.warns(ProgressWarning):
        board = ProgressBoard(Progress(tmp_path))
    assert board.due == 0 and "Nothing to review today" in board.review_words.value
    assert "set aside" in board.problems.value
    assert [p.read_bytes() for p in tmp_path.glob(FILE_NAME + ".damaged-*")] == [b'{"version": 1, "review": {']


def test_what_to_review_is_refused_in_words(kept):
    for bad in ("lesson 1 q99", "practice Bid", "rule X1", "C12", 12, None):
        with pytest.raises(NotationError, match="item must be"):
            kept.missed(bad)
        with pytest.raises(NotationError, match="item must be"):
            review_question(bad, 1)
    with pytest.raises(NotationError, match="card must be"):
        kept.keep_card("rule C2", ReviewCard(NOON, NOON, 1))  # reviewed, yet no stability
    with pytest.raises(NotationError, match="right must be"):
        scheduled(ReviewCard(NOON, NOON), "yes", NOON)
    with pytest.raises(NotationError, match="when must be"):
        scheduled(ReviewCard(NOON, NOON), True, float("nan"))


# -- the questions ---------------------------------------------------------------------------------------------------


def test_each_card_is_asked_again_as_an_exercise():
    exercise = review_question("lesson 1 q2", 7)
    assert exercise.exercise is exercises(1).q2 and words_of(exercise.source) == "from lesson 1"
    fresh = [review_question("practice legal_plays", seed).exercise for seed in range(3)]
    assert all(isinstance(one, LegalPlays) for one in fresh) and len({one.question for one in fresh}) > 1
    on_rule = review_question("rule C12", 3)
    assert "C12" in on_rule.exercise.rules_exercised and words_of(on_rule.source) == "on rule C12 of the rule book"


def test_where_a_card_asked_again_comes_from_is_said_in_the_learner_s_language():
    """The review's heading said "question 1 of 3, from lesson 1" with its source in English in every language."""
    asked = [review_question(item, 3).source for item in ("lesson 1 q2", "practice bid", "rule C12")]
    with speaking("fr"):
        assert [words_of(source) for source in asked] == [
            "de la leçon 1",
            "de l'entraînement sans fin : Enchérir ou passer ?",
            "sur la règle C12 du livre des règles",
        ]
    with speaking("et"):
        assert words_of(asked[0]) == "õppetunnist 1"


def test_a_review_rates_each_card_by_its_first_answer(kept, clock):
    kept.record("lesson 1 q1", False, "♦")
    kept.record_practice("which_suit", False)
    kept.missed("rule C2")
    review = Review(kept, seed=3)
    assert review.items == ("lesson 1 q1", "practice which_suit", "rule C2") and review.number == 1
    first = review.question.exercise
    wrong, right = wrong_and_right(first)
    assert not review.answer(wrong[0]) and review.answer(right[0]), "a second try is judged"
    assert review.wrong == 1 and review.right == 0, "only the first answer rates the card"
    review.next()
    review.answer(review.question.exercise.answer())
    review.next()
    review.solution()  # the answer shown before any try: a miss
    assert review.next() is None and review.done and (review.right, review.wrong) == (1, 2)
    cards = kept.review_cards()
    assert cards["lesson 1 q1"].due == pytest.approx(NOON + DAY) and cards["rule C2"].due == pytest.approx(NOON + DAY)
    assert cards["practice which_suit"].due >= NOON + 2 * DAY
    assert kept.answers()["lesson 1 q1"].tries == 1, "a review is not a lesson's answer"
    assert to_review(kept) == ()
    with pytest.raises(NotationError, match="review is over"):
        review.answer("♥")


def test_a_review_asks_a_few_cards_at_a_time(kept, clock):
    for number in range(1, 8):
        clock.now += 1
        kept.missed(f"rule C{number}")
    asked = Review(kept, seed=1).items
    assert len(asked) == 5 and asked == to_review(kept)[:5]


# -- the contents page -----------------------------------------------------------------------------------------------


def test_the_contents_page_says_how_many_to_review_today_and_hides_the_button_when_none(kept, clock):
    board = ProgressBoard(kept)
    assert board.due == 0 and board.review_tie.layout.display == "none"
    assert "Nothing to review today" in board.review_words.value
    kept.record("lesson 1 q1", False, "♦")
    kept.record_practice("bid", False)
    kept.missed("rule C12")
    board.update_button.click()
    assert board.due == 3 and "3 to review today" in board.review_words.value
    assert board.review_tie.layout.display == "" and board.review_button.description == "Review now"
    clock.now += 2 * DAY  # a new day: still due
    board.update_button.click()
    assert "3 to review today" in board.review_words.value
    board.review_button.click()  # the button shown again after it was hidden acts
    assert [type(shown) for shown in board.review_holder.children] == [ReviewWidget]


def test_the_review_opens_from_the_contents_page_and_each_answer_counts_down(kept, clock):
    kept.record("lesson 1 q1", False, "♦")
    kept.record_practice("which_suit", False)
    kept.missed("rule C2")
    board = ProgressBoard(kept)
    board.review_button.click()
    (shown,) = board.review_holder.children
    assert isinstance(shown, ReviewWidget) and board.review_tie.layout.display == "none"
    for number in (1, 2, 3):
        question = shown.session.question
        assert f"question {number} of 3, {words_of(question.source)}" in shown.heading.value
        assert shown.view.exercise is question.exercise
        wrong, right = wrong_and_right(question.exercise)
        if number == 2:
            shown.view.hint_button.click()  # right after a hint: back sooner than right without one
        answer(shown.view, wrong if number == 1 else right)
        words = f"{3 - number} to review today" if number < 3 else "Nothing to review today"
        assert board.due == 3 - number and words in board.review_words.value, "the count goes down with each answer"
        assert shown.next_button.description == ("Finish the review" if number == 3 else "Next question")
        shown.next_button.click()
    assert (
        shown.view is None and "Review done: 2 of 3 right. The ones you missed come back tomorrow." in shown.said.value
    )
    assert "Nothing to review today" in board.review_words.value
    dues = [kept.review_cards()[item].due - NOON for item in shown.session.items]
    assert dues == [DAY, DAY, 2 * DAY], "wrong: the next day; right after a hint: the next day; right: two days on"
    clock.now += DAY
    board.update_button.click()
    assert board.due == 2 and board.review_tie.layout.display == "", "the miss and the hinted one are back the next day"


def test_the_review_with_nothing_due_says_so_and_what_it_is_where_it_cannot_run(kept):
    widget = ReviewWidget(kept)
    assert widget.view is None and NOTHING_DUE in widget.said.value
    text = widget._repr_mimebundle_()["text/plain"]
    assert text.startswith("Today's review") and "Run ▸ Run All Cells" in text
    with pytest.raises(NotationError, match="progress"):
        ReviewWidget("a folder")


def test_the_review_shows_no_code_words(kept, clock):
    from test_learner_words import report, shown, texts_of

    kept.record("lesson 2 q1", False, "assist")
    kept.record_practice("bid", False)
    kept.missed("rule T7")
    board = ProgressBoard(kept)
    board.review_button.click()
    (review,) = board.review_holder.children
    texts = []
    while review.view is not None:
        texts += texts_of(board)
        review.view.hint_button.click()
        review.view.answer_buttons[0].click()
        review.view.check_button.click()
        texts += texts_of(board)
        review.next_button.click()
    texts += texts_of(board)
    found = report(("review", text) for text in texts)
    assert found == set(), shown(found, set())


def test_a_review_over_and_a_practice_kind_not_known_are_refused_in_the_learner_s_language():
    """Issue 38, point 1: the words a learner meets at the end of a review, or naming a kind of practice, are the
    catalog's; a parameter's name and the kinds' own names stay as the code spells them."""
    from euchre_lesson.engine.language import speaking
    from euchre_lesson.teach.practice import question

    with speaking("fr"), pytest.raises(NotationError, match=r"^kind doit être l'un de 'which_suit'"):
        question("bids", 1)
    with speaking("et"), pytest.raises(NotationError, match="^'cribbage' ei ole mäng; games on "):
        question("which_suit", 1, games=["cribbage"])
    with pytest.raises(NotationError, match=r"^'cribbage' is not a game; the games are 'cutthroat'"):
        question("which_suit", 1, games=["cribbage"])
