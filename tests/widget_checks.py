"""Checks that only tests need, on the trainers and exercise widgets: what each shows against the engine and
the exercise behind it. Each raises AssertionError with a sentence saying what disagrees; `check(widget)`
picks the right one (the Table's checks are in table_checks.py)."""

from __future__ import annotations

import re
from html import escape

from euchre_lesson.engine.actions import play
from euchre_lesson.engine.cards import Card, sort_key
from euchre_lesson.engine.display import words_html
from euchre_lesson.engine.hand import Phase
from euchre_lesson.engine.narration import points_words
from euchre_lesson.engine.ranking import is_trump
from euchre_lesson.engine.tricks import trick_winner, why_wins
from euchre_lesson.play.dummy import best_five
from euchre_lesson.widgets.bidding import BiddingTrainer
from euchre_lesson.widgets.cards import face, face_up_cards, has_class
from euchre_lesson.widgets.dummy import DummyTrainer
from euchre_lesson.widgets.exercise import ExerciseView
from euchre_lesson.widgets.follow import FollowSuitTrainer
from euchre_lesson.widgets.practice import PracticeWidget, tally_html
from euchre_lesson.widgets.ranking import RankingExplorer
from euchre_lesson.widgets.replay import HandReplay
from euchre_lesson.widgets.scoring import ScoreCalculator, ScoreQuiz


def check_bidding(trainer: BiddingTrainer) -> None:
    """The buttons, the advice and the points agree with the engine."""
    legal = trainer.state.legal_actions()
    if trainer.chosen is None:
        assert list(trainer.choices.actions) == legal, "the buttons are not the legal bids"
        return
    assert not trainer.choices.actions, "bids are still offered after your bid"
    assert {o.action for o in trainer.options} == set(legal), "the advice does not cover every legal bid"
    shown = {int(s): int(p) for s, p in re.findall(r'data-points-seat="(\d)">[^<]*<b>(\d+)</b>', trainer.result.value)}
    assert shown == dict(enumerate(trainer.final.points)), (
        f"points shown {shown}, the hand gives {trainer.final.points}"
    )


def check_dummy(trainer: DummyTrainer) -> None:
    """The ten cards, the chosen ones, the counter and the best five agree with the engine and the exercise."""
    state = trainer.state
    assert state.phase is Phase.DUMMY, "the hand is not at the maker's choice of five"
    shown = trainer.own_row.cards + trainer.dummy_row.cards
    assert sorted(shown, key=sort_key) == sorted(trainer.ten, key=sort_key), "the ten shown are not the engine's"
    assert trainer.chosen <= set(trainer.ten), "a chosen card is not among the ten"
    assert f"Chosen: {len(trainer.chosen)} of 5" in trainer.counter.value, "the counter is stale"
    for row in (trainer.own_row, trainer.dummy_row):
        for card in row.cards:
            marked = row.marked(card, "chosen")
            assert marked == (card in trainer.chosen), f"{card} is shown {'' if marked else 'not '}chosen"
    assert trainer.best == best_five(trainer.ten, state.trump), "the best five is stale"
    assert trainer.best.cards == trainer.exercise.answer(), "the best five is not the exercise's"
    if trainer.verdict is not None:
        verdict = trainer.exercise.check(trainer.kept)
        if trainer.show_answer == "never" and not verdict.correct:  # the house rules: no answer, not even below
            assert not trainer.best_row.cards, "the best five is shown though the house rules say never"
            assert words_html(trainer.best.reason) not in trainer.note.value, "the note gives the engine's reason"
        else:
            assert trainer.best_row.cards == trainer.best.cards, "the best five shown is not the engine's"
            assert words_html(trainer.best.reason) in trainer.note.value, "the note lacks the engine's reason"
        assert (trainer.verdict != "worse") == verdict.correct, f"the verdict {trainer.verdict!r} is not the exercise's"
        assert words_html(str(verdict)) in trainer.note.value, "the note does not show the exercise's verdict"


def check_exercise(view: ExerciseView) -> None:
    """The answer buttons, the marks, the verdict and "Show the answer" agree with the exercise."""
    assert [b.description for b in view.answer_buttons] == [
        face(c) if isinstance(c, Card) else view.exercise.label(c) for c in view.choices
    ], "stale answers"
    for choice, button in zip(view.choices, view.answer_buttons):
        chosen = choice in view._chosen
        assert has_class(button, "euchre-chosen") == chosen, f"{choice} is shown {'not ' * chosen}chosen"
    assert (view.show_box.layout.display != "none") == view.answer_offered, "Show the answer is stale"
    if view.verdict is not None:
        assert view.verdict == view.exercise.judge(view._given), "the verdict is not the exercise's"
        assert words_html(str(view.verdict)) in view.note.value, "the note does not show the verdict"
    answered = view.verdict is not None and view.verdict.answered
    assert "✘" not in view.note.value or answered, "a ✘ where nothing was answered"


def check_follow(trainer: FollowSuitTrainer) -> None:
    """The trick, the hand and the judged card agree with the engine."""
    state = trainer.state
    legal = {a.card for a in state.legal_actions()}
    assert state.phase is Phase.PLAY and state.trick.cards, "the position is not mid-trick"
    assert legal < set(state.hands[state.to_act]), "the position has no card to refuse"
    assert trainer.trick_row.cards == state.trick.cards, "the trick shown is not the engine's"
    assert set(trainer.hand_row.cards) == set(state.hands[state.to_act]), "the hand shown is not the engine's"
    assert set(trainer.legal_cards()) == legal, "the exercise and engine differ"
    if trainer.last is not None:
        card, accepted = trainer.last
        assert accepted == (play(card) in state.legal_actions()), f"{card} was judged wrongly"
        assert words_html(str(trainer.exercise.check(card))) in trainer.note.value, (
            "the note does not match the verdict"
        )


def check_practice(widget: PracticeWidget) -> None:
    """The heading, streak and tallies agree with the session, and its exercise view checks out."""
    session, view = widget.session, widget.view
    assert view.exercise is widget.question.exercise, "the view shows another question"
    assert f"question {session.number}:" in widget.heading.value, "the question number shown is stale"
    assert escape(widget.question.words) in widget.heading.value, "the kind shown is stale"
    assert f"Streak: {session.streak} " in widget.streak_note.value, "the streak shown is stale"
    assert widget.tally.value == tally_html(session), "the tallies shown are stale"
    if view.verdict is not None and view.verdict.answered:
        assert session.counted, "an answer the view judged was not counted"
        assert session.verdict == view.verdict, "the session and the view disagree"
    check_exercise(view)


def check_ranking(explorer: RankingExplorer) -> None:
    """The order shown, the card lists and the judged trick agree with the engine's ranking."""
    trump, order = explorer.trump, explorer.order
    assert explorer.trump_row.cards + explorer.plain_row.cards == order, "the order shown is not the engine's ranking"
    assert all(is_trump(c, trump) for c in explorer.trump_row.cards), "a non-trump is shown among the trumps"
    assert [c for _, c in explorer.first_picker.options] == list(order), "the card lists are stale"
    trick = explorer.trick()
    assert explorer.trick_row.cards == (trick or ()), "the trick shown is not the one judged"
    if trick is not None:
        winner = trick[trick_winner(trick, trump)]
        assert f"{winner} (" in explorer.note.value and words_html(why_wins(trick, trump)) in explorer.note.value, (
            "the verdict shown is not the engine's"
        )


def check_replay(hand_replay: HandReplay) -> None:
    """The step, every seat's cards, the trick and the words agree with the hand, and no seat sees too much."""
    state, viewer = hand_replay.state, hand_replay.seat_picker.value
    assert 0 <= hand_replay.step < len(hand_replay.states), f"step {hand_replay.step} is outside the hand"
    assert hand_replay.step_slider.max == len(hand_replay.states) - 1, "the slider does not reach the hand's end"
    assert state.history == hand_replay.states[-1].history[: hand_replay.step], "the step is not a prefix of the hand"
    for seat, place in enumerate(hand_replay.seats):
        assert len(place.row.cards) == len(state.hands[seat]), f"seat {seat} shows the wrong number of cards"
        shown_face_up = face_up_cards(place.row)
        assert not shown_face_up or sorted(shown_face_up, key=sort_key) == sorted(state.hands[seat], key=sort_key), (
            f"seat {seat}'s cards are not the engine's"
        )
    if viewer is not None:
        check_replay_hides(hand_replay, viewer)
    assert hand_replay.trick.row.cards == hand_replay.shown_trick()[0], "the trick shown is not the engine's"
    assert words_html(hand_replay.said()) in hand_replay.note.value, "the action shown is stale"


def check_replay_hides(hand_replay: HandReplay, viewer: int) -> None:
    """Watching as one seat: that seat's hand is face up, and nothing it could not know is shown."""
    state = hand_replay.state
    view = state.view(viewer)
    shown = {card for place in hand_replay.places for card in face_up_cards(place.row)}
    assert face_up_cards(hand_replay.seats[viewer].row) == sorted(view.hand, key=sort_key), "your hand is hidden"
    assert shown <= hand_replay.known_cards(), f"seat {viewer} is shown {shown - hand_replay.known_cards()}"
    exchanged = {card for pair in hand_replay.calls_for_best for place in pair for card in face_up_cards(place.row)}
    assert exchanged <= set(view.exchanged), f"seat {viewer} is told the exchange of {exchanged}"
    for seat in range(state.players):
        assert seat == viewer or not face_up_cards(hand_replay.seats[seat].row), f"seat {seat}'s hand is shown"


def check_score_calculator(calc: ScoreCalculator) -> None:
    """The points and the marked row agree with the scoring table."""
    row, points = calc.answer()
    assert points == (row.makers, row.defenders), f"points {points} differ from the row {row}"
    assert points_words(calc.rules, points).capitalize() in calc.points.value, "the points shown are stale"
    marked = [line for line in calc.table.value.split("<tr>") if "▶" in line]
    assert len(marked) == 1 and escape(row.result) in marked[0], f"the table marks {marked}, not {row.result!r}"


def check_score_quiz(quiz: ScoreQuiz) -> None:
    """The question shown is the one asked, and the verdict and note agree with the exercise."""
    assert escape(quiz.question_text()) in quiz.question.value, "the question shown is not the one asked"
    if quiz.verdict is not None:
        row, points = quiz.expected()
        verdict = quiz.exercise.check(quiz.given())
        assert quiz.verdict == (quiz.given() == points) == verdict.correct, f"{quiz.verdict} for {quiz.given()}"
        assert words_html(str(verdict)) in quiz.note.value, "the note does not show the exercise's verdict"
        assert words_html(row.result) in quiz.note.value, "the note does not name the scoring row"
        hidden = quiz.show_answer == "never" and not verdict.correct  # the house rules: the row is the answer
        assert ("▶" in quiz.note.value) is not hidden, "the row that applies is marked, or not, against the house rules"


CHECKS = {
    BiddingTrainer: check_bidding,
    DummyTrainer: check_dummy,
    ExerciseView: check_exercise,
    FollowSuitTrainer: check_follow,
    PracticeWidget: check_practice,
    RankingExplorer: check_ranking,
    HandReplay: check_replay,
    ScoreCalculator: check_score_calculator,
    ScoreQuiz: check_score_quiz,
}


def check(widget) -> None:
    """The check for this widget's class (or the nearest class it comes from)."""
    for cls in type(widget).__mro__:
        if cls in CHECKS:
            return CHECKS[cls](widget)
    raise TypeError(f"no check is written for a {type(widget).__name__}")
