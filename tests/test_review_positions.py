"""Issue 37, point 6, its second half: a decision the coach grades a Mistake or a Blunder comes back in the review as
that position, dealt again on the same cards, and graded by the same advice as the first time."""

from __future__ import annotations

import json
import random
import shutil
import warnings
from pathlib import Path

import pytest
from test_coach import played_badly
from test_review import NOON, Clock  # the review's clock moved by hand, and its noon
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)

from euchre_lesson import NotationError
from euchre_lesson.engine.formats import fits
from euchre_lesson.engine.game import new_game
from euchre_lesson.engine.narration import capital, choice_words
from euchre_lesson.engine.phases import Phase
from euchre_lesson.engine.rules import PARTNERSHIP
from euchre_lesson.play import table_model
from euchre_lesson.play.advice import advise
from euchre_lesson.play.coach import WELL
from euchre_lesson.play.session import TableSession
from euchre_lesson.play.table_model import advice_seed, learner_decisions
from euchre_lesson.teach import progress
from euchre_lesson.teach.context import bound
from euchre_lesson.teach.positions import Position, judge_position, missed_in, position_at
from euchre_lesson.teach.progress import FILE_NAME, PROGRESS_FILE, Progress, ProgressWarning, ReviewCard
from euchre_lesson.teach.review import Review, to_review
from euchre_lesson.widgets.position import PositionView
from euchre_lesson.widgets.progress import ProgressBoard
from euchre_lesson.widgets.review import ReviewWidget


@pytest.fixture
def few_worlds(monkeypatch):
    """Few worlds keep the grades quick (the table's and the review's alike: the same advice)."""
    monkeypatch.setattr(table_model, "ADVICE_WORLDS", 8)


@pytest.fixture
def kept(tmp_path) -> Progress:
    return Progress(tmp_path, clock=Clock())


@pytest.fixture
def missed(few_worlds) -> tuple[Position, object, object]:
    """A bid of the first hand of a partnership game where one choice is the best and another far below Good: the
    position, the best choice and a bad one, as the advice grades them."""
    session, rng = TableSession(new_game(PARTNERSHIP, seed=3), 0), random.Random(3)
    while not session.hand.is_over:
        session.act(rng.choice(session.view.legal))
    for state, _ in learner_decisions(session.hand, 0):
        if state.phase is not Phase.ROUND_TWO:
            continue
        position = position_at(state, 0, (0, 0))
        options = advise(position.view(), worlds=8, seed=advice_seed(state))
        bad = [o.action for o in options if judge_position(position, o.action).grade.verdict not in WELL]
        if bad:
            return position, options[0].action, bad[0]
    raise AssertionError("the first hand of seed 3 has no second-round bid far below the best")


# -- the table makes the cards ----------------------------------------------------------------------------------


def test_a_mistake_or_blunder_at_the_table_makes_a_position_card_in_the_lesson_s_progress(few_worlds, kept):
    from euchre_lesson.widgets.table import Table

    with bound(kept):
        table = Table(PARTNERSHIP, seed=3)
    for _ in range(8):
        played_badly(table, seed=3)
        review = table.session.review_shown
        if any(d.band in ("Mistake", "Blunder") for d in review.decisions):
            break
        table.next_hand()
    else:
        raise AssertionError("random play made no Mistake or Blunder in eight hands")
    scores, contenders = table.game.scores_before(review.number - 1)
    positions = missed_in(review, scores, contenders)
    cards = kept.review_cards()
    assert positions and {p.item for p in positions} <= set(cards), "each Mistake and Blunder is a card"
    assert {item for item in cards if item.startswith("position")} == {p.item for p in positions}
    assert all(cards[p.item].position == p and cards[p.item].due == NOON for p in positions), "due at once"
    assert not [item for item in cards if item.startswith("rule")], "a legal choice that cost is no rule missed"
    for position in positions:
        assert position.seat == 0 and position.view().hand == position.state().view(0).hand
    assert {p.item for p in positions} <= set(to_review(kept)), "counted in 'N to review today'"
    table.grade()  # the same hand graded again: its cards are not missed again
    assert kept.review_cards() == cards


def test_a_table_keeps_its_cards_where_its_lesson_was_bound_never_a_file_of_its_own(few_worlds, tmp_path):
    from euchre_lesson.widgets.table import Table

    mine, elsewhere = Progress(tmp_path / "mine"), Progress(tmp_path / "elsewhere")
    with bound(mine):
        table = Table(PARTNERSHIP, seed=3)
    with bound(elsewhere):
        for _ in range(8):
            played_badly(table, seed=3)
            if missed_in(table.session.review_shown, (0, 0)):
                break
            table.next_hand()
    assert any(item.startswith("position") for item in mine.review_cards())
    assert elsewhere.review_cards() == {} and not (tmp_path / "elsewhere" / FILE_NAME).exists()


# -- the card in the progress file ------------------------------------------------------------------------------


def test_a_position_card_round_trips_through_the_progress_file(tmp_path, kept, missed):
    position = missed[0]
    item = kept.missed_position(position)
    assert item == position.item and item.startswith("position ")
    data = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    assert fits(PROGRESS_FILE, data)
    assert data["review"][item] == {"due": NOON, "missed": NOON, "reviews": 0, "position": position.record()}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = Progress(tmp_path).review_cards()
    assert again == kept.review_cards() and again[item].position == position
    assert again[item].position.state() == position.state(), "the same position dealt again"
    assert len(json.dumps(data)) < 2000, "a position is small"


def test_a_progress_file_of_before_the_position_cards_still_reads(tmp_path):
    shutil.copy(Path(__file__).parent / "formats_today" / "learner" / FILE_NAME, tmp_path / FILE_NAME)
    record = json.loads((tmp_path / FILE_NAME).read_text(encoding="utf-8"))
    record["review"] = {"rule C2": {"due": NOON, "missed": NOON, "reviews": 0}}  # a card as the review kept them
    (tmp_path / FILE_NAME).write_text(json.dumps(record), encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        old = Progress(tmp_path)
        assert old.review_cards() == {"rule C2": ReviewCard(NOON, NOON)}
        assert old.answers()["lesson 1 q1"].tries == 2


def _damaged(position: Position) -> dict[str, object]:
    record = position.record()
    return {
        "no position": None,
        "a changed position": {**record, "scores": [3, 0]},
        "a hand that cannot be dealt again": {**record, "hand": {**record["hand"], "actions": ["pass", "fly"]}},
        "a seat not to act": {**record, "seat": (position.seat + 1) % 4},
        "a position not of its shape": {**record, "seat": "North"},
    }


DAMAGES = ("no position", "a changed position", "a hand that cannot be dealt again", "a seat not to act")


@pytest.mark.parametrize("damage", [*DAMAGES, "a position not of its shape"])
def test_a_position_card_from_a_damaged_file_is_left_out_in_words(tmp_path, missed, damage):
    position = missed[0]
    bad = _damaged(position)[damage]
    card = {"due": NOON, "missed": NOON, "reviews": 0, **({} if bad is None else {"position": bad})}
    good = {"due": NOON, "missed": NOON, "reviews": 0}
    record = {"version": 1, "answers": {}, "practice": {}, "review": {"rule C2": good, position.item: card}}
    (tmp_path / FILE_NAME).write_text(json.dumps(record), encoding="utf-8")
    with pytest.warns(ProgressWarning, match=rf"review card for '{position.item}'.*left out") as told:
        assert Progress(tmp_path).review_cards() == {"rule C2": ReviewCard(NOON, NOON)}
    said = " ".join(str(w.message) for w in told)
    assert "Traceback" not in said and ("position" in said or "is not" in said)


def test_a_position_on_another_card_and_a_position_missed_by_name_are_refused_in_words(tmp_path, kept, missed):
    position = missed[0]
    record = {
        "version": 1,
        "review": {"rule C2": {"due": NOON, "missed": NOON, "reviews": 0, "position": position.record()}},
    }
    (tmp_path / FILE_NAME).write_text(json.dumps(record), encoding="utf-8")
    with pytest.warns(ProgressWarning, match="only a position's card has"):
        assert Progress(tmp_path).review_cards() == {}
    with pytest.raises(NotationError, match="missed_position"):
        kept.missed(position.item)
    with pytest.raises(NotationError, match="position must be a Position"):
        kept.missed_position(position.record())  # type: ignore[arg-type]


# -- the review asks it again -------------------------------------------------------------------------------------


def test_the_review_deals_the_same_position_and_grades_a_good_and_a_bad_choice(kept, missed):
    position, best, bad = missed
    kept.missed_position(position)
    review = Review(kept, seed=1)
    question = review.question
    assert review.items == (position.item,) and question.position == position and question.exercise is None
    wrong = review.answer(bad)
    assert not wrong.correct and wrong.answered
    best_words = choice_words(best, position.view())
    assert best_words not in wrong.message and capital(best_words) not in wrong.message, "the best is not named"
    assert "try another" in wrong.message
    card = kept.review_cards()[position.item]
    assert card.reviews == 1 and card.due > NOON and card.position == position, "rated by the first try: Again"
    right = review.answer(best)
    assert right.correct and kept.review_cards()[position.item] == card, "only the first try rates the card"
    assert best_words in review.solution()


def test_a_right_first_choice_pushes_the_position_days_on(kept, missed):
    position, best, _ = missed
    kept.missed_position(position)
    review = Review(kept, seed=1)
    assert review.answer(best).correct and (review.right, review.wrong) == (1, 0)
    assert kept.review_cards()[position.item].due >= NOON + 24 * 60 * 60


def test_the_review_widget_shows_the_position_as_the_seat_saw_it_with_its_choices_as_buttons(kept, missed):
    position, best, bad = missed
    kept.missed_position(position)
    board = ProgressBoard(kept)
    assert board.due == 1 and "1 to review today" in board.review_words.value
    board.review_button.click()
    (shown,) = board.review_holder.children
    assert isinstance(shown, ReviewWidget) and isinstance(shown.view, PositionView)
    view = shown.view
    assert "What would you play here?" in view.heading.value
    cards = view.board.picture["seats"][0]["cards"]
    assert sorted(c["id"] for c in cards) == sorted(str(c) for c in position.state().view(0).hand)
    others = [seat for seat in view.board.picture["seats"][1:] if seat.get("cards")]
    assert all(not c.get("id") or c["id"] == "back" for seat in others for c in seat["cards"]), "no hidden card shown"
    words = {b.description for b in view.buttons}
    assert words == {capital(choice_words(a, position.view())) for a in position.view().legal}
    (bad_button,) = [b for b in view.buttons if b.description == capital(choice_words(bad, position.view()))]
    bad_button.click()
    assert "✘" in view.verdict.value and board.due == 0, "answered: the count goes down"
    assert choice_words(best, position.view()) not in view.verdict.value
    view.board.press(str(best))
    assert "✔" in view.verdict.value and [v.correct for v in view.verdicts] == [False, True]


def test_under_show_answer_never_the_position_has_no_answer_to_show(kept, missed):
    kept.missed_position(missed[0])
    shown = ReviewWidget(kept, seed=1, show_answer="never")
    assert isinstance(shown.view, PositionView) and shown.view.show_button not in shown.view.children[2].children


def test_only_the_latest_positions_missed_are_kept_so_the_file_stays_small(tmp_path, missed):
    clock = Clock()
    kept, state = Progress(tmp_path, clock=clock), missed[0].state()
    items = []
    for score in range(progress.MOST_POSITIONS + 1):  # the same decision at other scores: another position each
        clock.now += 1
        items.append(kept.missed_position(position_at(state, 0, (score, 0))))
    cards = kept.review_cards()
    assert len(cards) == progress.MOST_POSITIONS and items[0] not in cards and set(items[1:]) == set(cards)
    assert (tmp_path / FILE_NAME).stat().st_size < progress.LIMIT / 4
