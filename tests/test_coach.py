"""Issue 37, point 5: a coach after every hand, banded by how much each decision lowered the chance of winning the
game, with an accuracy for the hand and the game, the costliest decision tried again, and the rule behind it."""

from __future__ import annotations

import json
import random
import re

import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, new_game
from euchre_lesson.classroom import seat_view as seat_view_module
from euchre_lesson.classroom.students import Student
from euchre_lesson.classroom.table import ClassTable
from euchre_lesson.engine.actions import parse_action
from euchre_lesson.engine.errors import IllegalAction
from euchre_lesson.play import coach, table_model
from euchre_lesson.play.advice import NOT_GRADED, Grade
from euchre_lesson.play.coach import (
    BANDS,
    accuracy_of,
    accuracy_words,
    band_of,
    game_chances,
    point_worth,
    review,
    try_again,
    two_sides_table,
)
from euchre_lesson.play.session import TableSession
from euchre_lesson.play.table_model import learner_decisions

TWO_SIDES = (PARTNERSHIP, TWO_HANDED, RAILROAD)


@pytest.fixture
def few_worlds(monkeypatch):
    """Few worlds keep a hand's grades quick."""
    monkeypatch.setattr(table_model, "ADVICE_WORLDS", 8)


# -- the bands and the accuracy -----------------------------------------------------------------------------------


def test_the_bands_are_in_order_and_each_starts_at_its_limit():
    limits = [least for _, least in BANDS]
    assert limits == sorted(limits) and limits[0] == 0.0
    assert [name for name, _ in BANDS] == ["Best", "Good", "Inaccuracy", "Mistake", "Blunder"]
    for (name, least), (_, above) in zip(BANDS, BANDS[1:] + (("", 2.0),)):
        assert band_of(least) == name and band_of((least + above) / 2) == name
    assert band_of(0.0299) == "Good" and band_of(0.03) == "Inaccuracy"
    assert band_of(0.15) == "Blunder" and band_of(1.0) == "Blunder"


def test_a_drop_that_is_not_a_number_is_refused_in_words():
    with pytest.raises(ValueError, match="a number from 0 to 1"):
        band_of("a lot")  # type: ignore[arg-type]


def test_accuracy_is_lichess_s_curve_on_the_drop():
    assert accuracy_of(0.0) == pytest.approx(100.0, abs=0.01)
    figures = [accuracy_of(drop / 100) for drop in range(0, 101, 5)]
    assert figures == sorted(figures, reverse=True) and all(0 <= f <= 100 for f in figures)
    assert accuracy_of(0.10) == pytest.approx(103.1668 * 2.718281828 ** (-0.4354) - 3.1669, abs=0.01)
    assert accuracy_of(-0.2) == pytest.approx(100.0, abs=0.01), "a gain is never above 100"


def test_accuracy_in_plain_words():
    assert accuracy_words(9, 11, 86.4) == "You played 9 of 11 decisions well: 86% accurate."
    assert accuracy_words(1, 1, 100.0, " this hand") == "You played 1 of 1 decision well this hand: 100% accurate."
    assert "only choice" in accuracy_words(0, 0, None)


# -- the chance of winning the game from a score --------------------------------------------------------------------


@pytest.mark.parametrize("rules", TWO_SIDES, ids=lambda r: r.game)
def test_two_equal_sides_are_even_at_every_level_score_and_the_table_is_monotone(rules):
    table = two_sides_table(rules)
    low = rules.target - coach.FARTHEST
    for a in range(low, rules.target):
        assert table[a - low][a - low] == pytest.approx(0.5), (a, a)
        for b in range(low, rules.target):
            here = table[a - low][b - low]
            assert 0.0 < here < 1.0
            assert here + table[b - low][a - low] == pytest.approx(1.0), "the two sides' chances add to one"
            if a + 1 < rules.target:
                assert table[a + 1 - low][b - low] > here, "a point more for side 0 raises its chance"
            if b + 1 < rules.target:
                assert table[a - low][b + 1 - low] < here, "a point more for side 1 lowers it"


def test_the_chances_at_the_start_of_each_game():
    assert game_chances(PARTNERSHIP, (0, 0)) == pytest.approx((0.5, 0.5))
    assert game_chances(CUTTHROAT, (0, 0, 0)) == pytest.approx((1 / 3,) * 3)
    assert game_chances(PARTNERSHIP, (10, 7)) == (1.0, 0.0) and game_chances(PARTNERSHIP, (3, 11)) == (0.0, 1.0)
    ahead = game_chances(PARTNERSHIP, (9, 0))[0]
    assert 0.9 < ahead < 1.0, "one point from the target against none: nearly won, not quite"


@pytest.mark.parametrize("rules", (PARTNERSHIP, TWO_HANDED, CUTTHROAT), ids=lambda r: r.game)
def test_a_point_is_worth_more_near_the_end_of_a_game(rules):
    level = rules.target - 2
    start = point_worth(rules, (0,) * len(game_chances(rules, (0,) * (3 if rules is CUTTHROAT else 2))), 0)
    late = point_worth(rules, (level,) * (3 if rules is CUTTHROAT else 2), 0)
    assert 0.03 < start < 0.1 and late > 1.5 * start, (start, late)


def test_a_house_target_changes_the_table():
    from euchre_lesson.engine.rules import with_switches

    short = with_switches(PARTNERSHIP, {"target": 5})
    assert len(two_sides_table(short)) == coach.FARTHEST
    assert game_chances(short, (4, 0))[0] > game_chances(PARTNERSHIP, (4, 0))[0], "4-0 is nearer the end of 5"


# -- a review, from grades made by hand -----------------------------------------------------------------------------


def _hand_and_decisions(rules=PARTNERSHIP, seed=3):
    """A hand played to its end by random choices at seat 0, and seat 0's decisions in it."""
    session, rng = TableSession(new_game(rules, seed=seed), 0), random.Random(seed)
    while not session.hand.is_over:
        session.act(rng.choice(session.view.legal))
    return session, learner_decisions(session.hand, 0)


def _grade(verdict: str, loss: float, unit: str, best) -> Grade:
    return Grade(verdict, loss, unit, best, "why", "Better: the other.")


def test_each_unit_s_loss_becomes_a_drop_in_the_chance_of_winning():
    _, decisions = _hand_and_decisions()
    (state, action), worth = decisions[0], point_worth(PARTNERSHIP, (0, 0), 0)
    for unit, loss, drop in (
        ("chance of winning", 0.09, 0.09),
        ("points", 1.0, worth),
        ("tricks", 1.0, 2 * worth),
    ):
        reviewed = review([(state, action, _grade("Mistake", loss, unit, action))], 0, 1, (0, 0))
        assert reviewed.decisions[0].drop == pytest.approx(drop), unit
        assert reviewed.decisions[0].band == band_of(drop)


def test_a_close_call_is_never_worse_than_good_and_the_best_costs_nothing():
    _, decisions = _hand_and_decisions()
    state, action = decisions[0]
    close = review([(state, action, _grade("Good", 3.0, "points", action))], 0, 1, (0, 0)).decisions[0]
    assert close.band == "Good" and close.drop < BANDS[2][1]
    best = review([(state, action, _grade("Best", 0.0, "points", action))], 0, 1, (0, 0)).decisions[0]
    assert best.band == "Best" and best.drop == 0.0 and best.accuracy == pytest.approx(100, abs=0.01)


def test_only_choices_and_decisions_not_graded_are_left_out_of_the_accuracy():
    _, decisions = _hand_and_decisions()
    (s1, a1), (s2, a2) = decisions[:2]
    reviewed = review(
        [
            (s1, a1, None),
            (s2, a2, _grade(NOT_GRADED, 0.0, "not valued", a2)),
            (s1, a1, _grade("Blunder", 0.3, "chance of winning", a1)),
            (s2, a2, _grade("Best", 0.0, "points", a2)),
        ],
        0,
        1,
        (0, 0),
    )
    assert [d.band for d in reviewed.decisions] == [coach.ONLY_CHOICE, NOT_GRADED, "Blunder", "Best"]
    assert len(reviewed.counted) == 2 and reviewed.well == 1
    assert reviewed.accuracy == pytest.approx((accuracy_of(0.3) + 100) / 2, abs=0.01)
    assert reviewed.worst is reviewed.decisions[2], "the costliest decision below Good"
    well_only = review([(s2, a2, _grade("Best", 0.0, "points", a2))], 0, 1, (0, 0))
    assert well_only.worst is None, "nothing to try again when every decision was played well"


def test_the_same_lost_point_costs_more_late_in_the_game():
    _, decisions = _hand_and_decisions()
    state, action = decisions[0]
    lost = [(state, action, _grade("Mistake", 1.0, "points", action))]
    early, late = review(lost, 0, 1, (0, 0)), review(lost, 0, 1, (8, 8))
    assert late.decisions[0].drop > early.decisions[0].drop
    assert late.accuracy is not None and early.accuracy is not None and late.accuracy < early.accuracy


def test_every_decision_names_the_rule_and_the_lesson_behind_it():
    _, decisions = _hand_and_decisions()
    reviewed = review([(s, a, None) for s, a in decisions], 0, 1, (0, 0))
    for decision in reviewed.decisions:
        assert re.fullmatch(r"[CTFWR]\d+", decision.rule)
        number, notebook = decision.lesson
        assert notebook.startswith(f"{number:02}_") and notebook.endswith(".ipynb")


# -- Try again from here ---------------------------------------------------------------------------------------------


def test_try_again_plays_the_same_cards_from_the_position_and_leaves_the_game_alone():
    session, decisions = _hand_and_decisions()
    game_before = session.game
    place = len(decisions[0][0].history)
    start = session.hand.states()[place]
    other = next(a for a in start.legal_actions() if a != session.hand.history[place])
    retry = session.try_again(place, other)
    assert retry.start.history == start.history and retry.hand.history[: place + 1] == (*start.history, other)
    assert retry.hand.is_over and retry.hand.deal == session.hand.deal, "the same cards"
    assert session.game is game_before, "the table's game did not change"
    assert "chance of winning the game" in coach.retry_told(retry, session.game, session.shown)
    again = session.try_again(place, other)
    assert again.hand.history == retry.hand.history, "the same choice plays the same way: its dice are fixed"


def test_try_again_refuses_an_illegal_choice_and_a_position_not_the_seat_s():
    session, decisions = _hand_and_decisions()
    state, _ = decisions[0]
    candidates = [parse_action(text) for text in ("pass", "call ♠", "call ♥", "order", "play A♠", "play 9♦")]
    illegal = [a for a in candidates if a not in state.legal_actions()]
    with pytest.raises(IllegalAction):
        try_again(state, 0, illegal[0])
    with pytest.raises(ValueError, match="not to act"):
        try_again(state, (state.to_act + 1) % 4, state.legal_actions()[0])
    with pytest.raises(ValueError, match="took no decision"):
        session.try_again(len(session.hand.history) + 3, state.legal_actions()[0])


def test_the_session_reviews_every_hand_graded_and_keeps_the_game_s_accuracy(few_worlds):
    session, rng = TableSession(new_game(PARTNERSHIP, seed=5), 0), random.Random(5)
    for _ in range(2):
        while not session.hand.is_over:
            session.act(rng.choice(session.view.legal))
        assert session.review_shown is None, "no review before the grades"
        session.grade()
        shown = session.review_shown
        assert shown is not None and shown.number == session.shown + 1
        assert len(shown.decisions) == len(learner_decisions(session.hand, 0))
        session.next_hand()
    assert [r.number for r in session.reviews] == [1, 2]


# -- the lessons' table ------------------------------------------------------------------------------------------


def played_badly(table, seed: int = 3, hands: int = 6):
    """The table after random play until a graded hand has a decision below Good (then its coach shows it)."""
    rng = random.Random(seed)
    for _ in range(hands):
        while not table.hand.is_over:
            table.act(rng.choice(table.view.legal))
        table.grade()
        if table.session.review_shown.worst is not None:
            return table
        table.next_hand()
    raise AssertionError("random play made no decision below Good in six hands")


def test_the_table_s_coach_shows_the_bands_the_accuracy_the_costliest_decision_and_a_second_try(few_worlds):
    from euchre_lesson.widgets.table import Table

    table = Table(PARTNERSHIP, seed=3)
    assert table.coach.layout.display == "none", "no coach before a hand is graded"
    played_badly(table)
    panel, worst = table.coach, table.session.review_shown.worst
    assert panel.layout.display == "" and "accurate" in panel.summary.value
    assert "euchre-band-" in table.grades.value and table.grades.value.count("<li>") == len(
        table.session.review_shown.decisions
    )
    assert f"#{worst.rule}" in panel.worst.value and worst.lesson[1] in panel.worst.value
    assert panel.retry_box.layout.display == "none"
    game = table.game
    panel.try_button.click()
    assert panel.retry_box.layout.display == ""
    view = worst.state.view(0)
    picture = panel.board.picture
    assert picture["prompt"] and sorted(c["id"] for c in picture["seats"][0]["cards"]) == sorted(
        str(c) for c in view.hand
    ), "the same cards, as the seat saw them"
    best = worst.grade.best
    if best.kind.carries == "card":
        panel.board.click_card(str(best.card))
    else:
        panel.board.press(str(best))
    assert panel.retry is not None and panel.retry.action == best
    assert "This time" in panel.outcome.value and "chance of winning the game" in panel.outcome.value
    assert table.game is game, "a second try leaves the game as it was"
    panel.back_button.click()
    assert panel.retry_box.layout.display == "none"
    table.next_hand()
    assert table.coach.layout.display == "none" and table.grades.value == ""


def test_a_keep_is_chosen_again_by_five_cards_and_its_button():
    """The second try of a dummy keep (T5): five cards selected on its board, then the keep's button."""
    from euchre_lesson.engine.phases import Phase
    from euchre_lesson.widgets.coach import Coach

    for seed in range(60):
        session, rng = TableSession(new_game(CUTTHROAT, seed=seed), 0), random.Random(seed)
        while not session.hand.is_over:
            session.act(rng.choice(session.view.legal))
        keeps = [(s, a) for s, a in learner_decisions(session.hand, 0) if s.phase is Phase.DUMMY]
        if keeps:
            break
    state, action = keeps[0]
    panel = Coach(session)
    panel.show(review([(state, action, _grade("Blunder", 0.3, "chance of winning", action))], 0, 1, (0, 0, 0)))
    panel.try_again()
    legal = [card["id"] for card in panel.board.picture["seats"][0]["cards"] if card.get("legal")]
    assert len(legal) == 10, "your five and the dummy's, to choose from"
    for card in legal[:5]:
        panel.board.click_card(card)
    assert panel.retry is None, "a card selects; it does not choose"
    (button,) = [b for b in panel.board.picture["buttons"] if b.get("enabled")]
    panel.board.press(button["key"])
    assert panel.retry is not None and panel.retry.action.kind.name == "KEEP"
    assert sorted(map(str, panel.retry.action.cards)) == sorted(legal[:5])
    assert panel.retry.hand.is_over and "This time" in panel.outcome.value


# -- the class: each seat's review is its own -------------------------------------------------------------------


def one_hand(table: ClassTable, tokens: dict[int, str], rng: random.Random) -> None:
    """Play on until the hand in play is over: the computers step, the students choose at random."""
    start = len(table.game.hands)
    while not (table.game.hand.is_over or len(table.game.hands) > start):
        if table.step() is None:
            seat = table.game.to_act
            table.act(tokens[seat], rng.choice(table.seat_view(tokens[seat])["hand_in_play"]["legal"]))


def test_the_class_sends_each_seat_only_its_own_coach_and_second_try(few_worlds):
    tokens = {0: "token-of-seat-0-xxxxxxxx", 2: "token-of-seat-2-xxxxxxxx"}
    table = ClassTable(1, new_game(PARTNERSHIP, seed=3), "rule of thumb", pace=0)
    for seat, token in tokens.items():
        table.sit(seat, Student(f"Student {seat}", token))
    rng, worst = random.Random(3), None
    for _ in range(8):
        one_hand(table, tokens, rng)
        assert table.seat_view(tokens[0])["coach"] is None, "no coach before the grades"
        table.grade(tokens[0])
        seen = table.seat_view(tokens[0])["coach"]
        assert seen is not None and table.seat_view(tokens[2])["coach"] is None, "seat 2 asked for nothing"
        assert len(seen["lines"]) == len(seen["bands"]) and "accurate" in seen["summary"]
        json.dumps(seen)
        worst = seen["worst"]
        if worst is not None and worst["choices"]:
            break
    assert worst is not None and worst["choices"], "random play made a decision below Good"
    assert re.fullmatch(r"[CTFWR]\d+", worst["rule"]) and worst["notebook"].endswith(".ipynb")
    shapes = (
        (seen, seat_view_module.CoachSeen),
        (worst, seat_view_module.WorstSeen),
        (worst["choices"][0], seat_view_module.ChoiceSeen),
    )
    for sent, shape in shapes:
        assert set(sent) == set(shape.__required_keys__ | shape.__optional_keys__), shape.__name__
    words = table.try_again(tokens[0], worst["choices"][0]["key"])
    assert "chance of winning the game" in words
    assert table.seat_view(tokens[0])["coach"]["retry"] == words
    assert table.seat_view(tokens[2])["coach"] is None, "seat 2 sees nothing of seat 0's review or second try"
    with pytest.raises(ValueError, match="Choose one of the choices"):
        table.try_again(tokens[0], "not a choice")
    with pytest.raises(ValueError, match="once your coach has looked at a hand"):
        table.try_again(tokens[2], worst["choices"][0]["key"])


@pytest.fixture
def coach_held():
    """Tables made in this test hand their coach's work here, to be run when the test says."""
    held: list = []
    token = table_model.COACH_RUNS.set(held.append)
    yield held
    table_model.COACH_RUNS.reset(token)


def test_the_class_s_coach_comes_by_itself_to_each_student_and_the_table_plays_on_meanwhile(few_worlds, coach_held):
    """Issue 37, 5: at the class's tables no button is pressed: once a hand is over, each student's page says the
    coach is looking, the next hand may be played meanwhile, and each student's own review comes by itself."""
    from euchre_lesson.classroom.table import COACH_LOOKING

    tokens = {0: "token-of-seat-0-xxxxxxxx", 2: "token-of-seat-2-xxxxxxxx"}
    table = ClassTable(1, new_game(PARTNERSHIP, seed=3), "rule of thumb", pace=0)
    for seat, token in tokens.items():
        table.sit(seat, Student(f"Student {seat}", token))
    rng = random.Random(3)
    one_hand(table, tokens, rng)
    assert len(coach_held) == 1, "the hand's end started the coach once, for both students"
    for token in tokens.values():
        view = table.seat_view(token)
        assert view["coaching"] == COACH_LOOKING and view["coach"] is None and view["last_hand"]["grades"] is None
    for _ in range(3):  # the table plays on while the coach looks
        if table.step() is None:
            seat = table.game.to_act
            table.act(tokens[seat], rng.choice(table.seat_view(tokens[seat])["hand_in_play"]["legal"]))
    version = table.version
    coach_held.pop()()
    assert table.version == version, "the coach's review makes no click drawn before it stale"
    for seat, token in tokens.items():
        view = table.seat_view(token)
        assert view["coaching"] == "" and view["coach"] is not None and view["coach"]["number"] == 1
        assert view["coach"]["lines"] and view["last_hand"]["grades"], f"seat {seat} has its review"
    assert not coach_held, "the coach looks at a hand once"
    assert table.seat_view(tokens[0])["coach"] != table.seat_view(tokens[2])["coach"], "each its own review"


def test_a_class_coach_that_fails_says_so_in_words_and_the_table_goes_on(coach_held, monkeypatch):
    tokens = {0: "token-of-seat-0-xxxxxxxx"}
    table = ClassTable(1, new_game(CUTTHROAT, seed=3), "rule of thumb", pace=0)
    table.sit(0, Student("Ana", tokens[0]))
    one_hand(table, tokens, random.Random(3))

    def broken(*args, **kwargs):
        raise RuntimeError("the worker went away")

    monkeypatch.setattr(table.model, "grade", broken)
    coach_held.pop()()
    said = table.seat_view(tokens[0])["coaching"]
    assert said.startswith("Your coach could not look at this hand") and "the worker went away" in said
    assert "Traceback" not in said and table.seat_view(tokens[0])["coach"] is None


def test_a_hand_with_no_decision_of_the_learner_s_says_so_in_plain_words():
    """The coach of a hand where the learner chose nothing (each seat's page, and the lessons' table)."""
    from euchre_lesson.play.coach import NOTHING_DECIDED
    from euchre_lesson.widgets.coach import Coach

    empty = review([], 0, 1, (0, 0))
    seen = seat_view_module.coach_seen(empty, [empty])
    assert seen["summary"] == NOTHING_DECIDED == "You made no decision this hand, so your coach has nothing to review."
    assert seen["lines"] == [] and seen["worst"] is None
    panel = Coach(TableSession(new_game(PARTNERSHIP, seed=1), 0))
    panel.show(empty)
    assert NOTHING_DECIDED in panel.summary.value and panel.try_button.layout.display == "none"


# -- found while photographing the coach's second try -----------------------------------------------------------


def test_the_prompt_says_follow_suit_when_every_card_held_follows_it():
    """A hand all of the led suit (every card legal) was told "you hold no clubs, so you may play any card"."""
    from euchre_lesson.engine.phases import Phase
    from euchre_lesson.engine.ranking import effective_suit
    from euchre_lesson.look.prompts import play_prompt

    seen = {"all follow": 0, "none follow": 0}
    for seed in range(200):
        rng, hand = random.Random(seed), new_game(PARTNERSHIP, seed=seed).hand
        while not hand.is_over:
            view = hand.view(hand.to_act)
            if hand.phase is Phase.PLAY and view.trick is not None and view.trick.cards:
                trump = view.trump
                led = effective_suit(view.trick.cards[0], trump)
                follows = [effective_suit(card, trump) is led for card in view.hand]
                if all(follows):
                    seen["all follow"] += 1
                    assert "follow suit" in play_prompt(view) and "you hold no" not in play_prompt(view), view.hand
                elif not any(follows):
                    seen["none follow"] += 1
                    assert "you hold no" in play_prompt(view)
            hand = hand.apply(rng.choice(hand.legal_actions()))
    assert seen["all follow"] > 10 and seen["none follow"] > 10, seen


def test_the_coach_in_its_own_thread_speaks_the_language_the_hand_ended_in():
    """A French lesson's table kept its story and grades French after each hand only while its coach ran in the
    click's thread: a new thread starts with no language chosen, so the coach's redraw came in English."""
    import threading

    from euchre_lesson.engine.language import language, speaking
    from euchre_lesson.play.table_model import in_background

    heard, done = [], threading.Event()
    with speaking("fr"):
        in_background(lambda: (heard.append(language()), done.set()))
    assert done.wait(10) and heard == ["fr"]
