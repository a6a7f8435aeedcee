"""The trainers follow the class's house rule "show_answer": "never" as the exercises do (issue 37, point 2): the
bidding trainer does not name the computer's bid, the dummy trainer does not show its five after a worse keep, the
follow-suit trainer does not outline the legal cards, and the score quiz does not mark the row of a wrong answer.
Each setting is read from house_rules.json in the folder, as a lesson reads it; "after a try" shows what "never"
hides, so each test could fail."""

import itertools
import json
from html import escape

import pytest
from widget_checks import check

from euchre_lesson.engine.display import words_html
from euchre_lesson.engine.narration import offer
from euchre_lesson.play.dummy import keep_strength
from euchre_lesson.widgets import BiddingTrainer, DummyTrainer, FollowSuitTrainer, ScoreQuiz

TURNED_OFF = "turned the answers off"


@pytest.fixture(params=["never", "after a try"])
def folder(request, tmp_path):
    """A lesson folder whose house rules set show_answer, and the setting."""
    (tmp_path / "house_rules.json").write_text(json.dumps({"show_answer": request.param}), encoding="utf-8")
    return tmp_path, request.param


@pytest.mark.parametrize("seed", [1, 5])
def test_the_bidding_trainer_does_not_name_the_computer_s_bid_under_never(folder, seed):
    path, setting = folder
    trainer = BiddingTrainer(seed=seed, worlds=32, folder=path)
    assert trainer.show_answer == setting
    view = trainer.state.view(trainer.seat)
    weighed = BiddingTrainer(seed=seed, worlds=32, show_answer="after a try")
    weighed.choose(view.legal[0])
    best = weighed.options[0]
    wrong = weighed.options[-1].action  # the computer's last choice, never its best
    assert wrong != best.action
    trainer.choose(wrong)
    check(trainer)
    shown = trainer.note.value + trainer.advice.value
    named = escape(offer(best.action, view)[0]) in shown or words_html(best.reason) in shown
    assert named is (setting != "never"), shown
    assert (TURNED_OFF in shown) is (setting == "never")
    assert escape(offer(wrong, view)[0]) in trainer.advice.value  # the learner's own choice keeps its worth


def test_the_dummy_trainer_shows_its_five_only_after_a_right_keep_under_never(folder):
    path, setting = folder
    trainer = DummyTrainer(seed=1, folder=path)
    trump, best = trainer.state.trump, trainer.best
    worst = min(itertools.combinations(trainer.ten, 5), key=lambda five: keep_strength(five, trump))
    for card in worst:
        (trainer.own_row if card in trainer.own_row.cards else trainer.dummy_row).button_for(card).click()
    trainer.keep_button.click()
    check(trainer)
    assert trainer.verdict == "worse" and "Try again" in trainer.note.value
    assert (trainer.best_row.cards == best.cards) is (setting != "never")
    assert (words_html(best.reason) in trainer.note.value) is (setting != "never")
    assert (TURNED_OFF in trainer.note.value) is (setting == "never")
    for card in set(worst) ^ set(best.cards):  # the right five: then the computer's is shown under every setting
        (trainer.own_row if card in trainer.own_row.cards else trainer.dummy_row).button_for(card).click()
    trainer.keep_button.click()
    check(trainer)
    assert trainer.verdict == "best" and trainer.best_row.cards == best.cards


def test_the_follow_suit_trainer_gives_the_rule_not_the_legal_cards_under_never(folder):
    path, setting = folder
    trainer = FollowSuitTrainer(seed=1, folder=path)
    legal = trainer.legal_cards()
    assert len(legal) < len(trainer.hand)  # some card is refused here: outlining the legal ones would answer
    trainer.hint_button.click()
    check(trainer)
    outlined = [card for card in trainer.hand if trainer.hand_row.marked(card, "legal")]
    assert (outlined == legal) is (setting != "never") and (outlined == []) is (setting == "never")
    assert all((str(card) in trainer.note.value) is (setting != "never") for card in legal)
    assert (TURNED_OFF in trainer.note.value) is (setting == "never")
    assert (trainer.hint_button.description == "Hint") is (setting == "never")


def test_the_score_quiz_marks_the_row_of_a_wrong_answer_only_when_answers_are_shown(folder):
    path, setting = folder
    quiz = ScoreQuiz(seed=7, folder=path)
    right = quiz.expected()[1]
    quiz.makers_answer.value, quiz.defenders_answer.value = right.makers + 1, right.defenders
    quiz.check_button.click()
    check(quiz)
    assert quiz.verdict is False and ("▶" in quiz.note.value) is (setting != "never")
    quiz.makers_answer.value, quiz.defenders_answer.value = right
    quiz.check_button.click()
    check(quiz)
    assert quiz.verdict is True and "▶" in quiz.note.value  # a right answer may see its row
