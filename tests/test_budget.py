"""The clock is kept: a decision's budget bounds the whole of it, worlds half done when it ends are dropped."""

import functools
import random

import pytest
from test_advice import STRONG, first_lead, worlds_in

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, Phase, deal_hand, new_game
from euchre_lesson.play import (
    advice,
    budget,
    session,
    solver,
    table_model,  # the table model both tables are fronts of
    worlds,
)
from euchre_lesson.play.advice import NO_TIME, NOT_GRADED, Named, advise, grade
from euchre_lesson.play.budget import Deadline, OutOfTime
from euchre_lesson.play.players import ExpertPlayer, RuleOfThumbPlayer
from euchre_lesson.play.solver import CHECK_EVERY, Search


class Clock:
    """A fake clock that stands still until a test moves it (`now`, in seconds)."""

    def __init__(self, now: float = 0.0):
        self.now = now
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        return self.now


@pytest.fixture
def paced(monkeypatch):
    """A fake clock on which every world takes `step` seconds, from its sampling on; `started` lists the
    clock's time as each world began, and `moves` maps a world's number to extra seconds it takes."""
    clock = Clock()
    clock.step, clock.started, clock.moves = 1.0, [], {}
    for kind in (worlds.PlayWorlds, worlds.BiddingWorlds):

        def sample(self, *args, real=kind.sample, **kwargs):
            clock.started.append(clock.now)
            world = real(self, *args, **kwargs)
            clock.now += clock.step + clock.moves.get(len(clock.started) - 1, 0.0)
            return world

        monkeypatch.setattr(kind, "sample", sample)
    return clock


@pytest.mark.parametrize("rules", [CUTTHROAT, PARTNERSHIP], ids=["cutthroat", "partnership"])
def test_play_advice_cut_short_by_its_clock_is_the_advice_on_the_worlds_it_had_time_for(rules, paced):
    hand = first_lead(rules, 3)
    cut = advise(hand, worlds=40, seconds=10.5, clock=paced)
    assert paced.started == list(range(10))  # ten worlds of a second each, and none started at the deadline
    assert cut == advise(hand, worlds=10)  # the same first ten worlds of the seed


def test_bidding_advice_cut_short_by_its_clock_is_the_advice_on_the_worlds_it_had_time_for(paced):
    hand = deal_hand(PARTNERSHIP, 3, deal=STRONG)
    cut = advise(hand, worlds=200, seconds=40.5, clock=paced)  # 50 simulated hands allowed, time for 40
    assert len(paced.started) == 40 and max(paced.started) < 40
    assert cut == advise(hand, worlds=160) and {worlds_in(o.reason) for o in cut} == {40}


def test_no_world_is_started_that_would_likely_end_after_the_deadline(paced):
    hand = first_lead(CUTTHROAT, 3)
    cut = advise(hand, worlds=40, seconds=3.5, clock=paced)  # a fourth world would end at 4 s
    assert paced.started == [0, 1, 2] and cut == advise(hand, worlds=3)


def test_a_world_whose_options_run_past_the_deadline_is_dropped_and_no_world_follows(paced, monkeypatch):
    """Before the play each world plays out every option: once the deadline has passed, no further option is
    played out, and the world, half done, is not counted."""
    hand = deal_hand(PARTNERSHIP, 3, deal=STRONG)
    played_out, real = [], advice.exact_points

    def exact_points(state, check=None):
        played_out.append(paced.now)
        if len(played_out) == 2 * 5 + 1:  # the first option of the sixth world: its play-out passes the deadline
            paced.now = 100.0
        return real(state, check)

    monkeypatch.setattr(advice, "exact_points", exact_points)
    cut = advise(hand, worlds=200, seconds=50, clock=paced)
    assert len(hand.legal_actions()) == 2 and len(played_out) == 11  # the sixth world's second option never began
    assert len(paced.started) == 6  # and no seventh world was sampled
    assert {worlds_in(o.reason) for o in cut} == {5}
    assert cut == advice.bid_options(hand.view(hand.to_act), random.Random(0), 5)  # the five whole worlds


def test_a_world_still_being_fitted_to_the_bidding_at_the_deadline_is_dropped(paced, monkeypatch):
    """Fitting a world to the others' bids asks the rule of thumb again at each swap: it checks the clock."""
    hand = first_lead(PARTNERSHIP, 3)
    real, fitted = worlds.Fitting.fitted, []

    def slow_fitting(self, hands, rng, check=None):
        fitted.append(check)
        if len(fitted) == 4:  # the fourth world: its fitting is still going at the deadline
            paced.now = 100.0
            if check is not None:
                check()
        return real(self, hands, rng, check)

    monkeypatch.setattr(worlds.Fitting, "fitted", slow_fitting)
    cut = advise(hand, worlds=40, seconds=50, clock=paced)
    assert all(check is not None for check in fitted) and len(fitted) == 4
    assert cut == advise(hand, worlds=3)  # the three whole worlds before it


def test_the_python_search_checks_its_deadline_as_it_goes_and_stops_when_told():
    hand = first_lead(PARTNERSHIP, 3)
    world = worlds.PlayWorlds(hand.view(hand.to_act)).sample(random.Random(1))
    free = Search(world, compiled=False)
    values = free.values()
    assert free.nodes > 2 * CHECK_EVERY  # a search long enough to be stopped in the middle

    def counted():
        counted.calls += 1

    counted.calls = 0
    checked = Search(world, compiled=False, check=counted)
    assert checked.values() == values and counted.calls == free.nodes // CHECK_EVERY  # checks change nothing

    def stop():
        raise OutOfTime("time is up")

    with pytest.raises(OutOfTime):
        Search(world, compiled=False, check=stop).values()
    assert solver.solve_checked(world, None, compiled=False) == solver.solve(world, compiled=False)


def test_a_pure_python_world_whose_search_passes_the_deadline_is_dropped(paced, monkeypatch):
    hand = first_lead(PARTNERSHIP, 3)
    cut_off, real = [], solver.solve_checked

    def solve_checked(state, check, compiled=None):
        if len(paced.started) == 3:  # the third world: the deadline passes as its search begins
            paced.now = 100.0
        try:
            return real(state, check, compiled=False)
        except OutOfTime:
            cut_off.append(len(paced.started))
            raise

    monkeypatch.setattr(advice, "solve_checked", solve_checked)
    cut = advise(hand, worlds=40, seconds=50, clock=paced)
    assert cut_off == [3] and len(paced.started) == 3  # stopped inside the search, and no world after it
    monkeypatch.setattr(advice, "solve_checked", functools.partial(real, compiled=False))
    assert cut == advise(hand, worlds=2)


def rule_of_thumb(view):
    """The rule of thumb's choice and reason for a view."""
    chosen = RuleOfThumbPlayer().decide(view)
    return chosen.action, chosen.reason


def hands_to_decide():
    """A decision in the bidding and one in the play of each game."""
    for rules in (CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD):
        yield deal_hand(rules, 1, seed=5)
        yield first_lead(rules, 3)


def test_with_its_deadline_already_passed_the_expert_plays_the_rule_of_thumb_and_says_so(paced):
    for hand in hands_to_decide():
        view = hand.view(hand.to_act)
        assert len(view.legal) > 1
        expert = ExpertPlayer(1, worlds=32, seconds=0, clock=paced)
        choice, reason = rule_of_thumb(view)
        chosen = expert.decide(view)
        assert chosen.action == choice
        assert chosen.reason == (
            f"I had no time to try even one deal that fits what I have seen, so I play "
            f"the rule of thumb's choice, {Named(choice, view)}: {reason}"  # the choice in the table's words
        )
    assert paced.started == []  # not one world was sampled


def test_with_the_deadline_passed_a_hint_is_the_rule_of_thumb_s_and_a_grade_says_it_is_not_graded(paced):
    for hand in hands_to_decide():
        view = hand.view(hand.to_act)
        choice, reason = rule_of_thumb(view)
        options = advise(hand, worlds=40, seconds=0, clock=paced)
        assert options[0].action == choice and {o.unit for o in options} == {NO_TIME}
        assert "no time to try" in options[0].reason and reason in options[0].reason
        assert {o.action for o in options} <= set(view.legal) and len(options) == len(set(options))
        verdict = grade(hand, view.legal[-1], worlds=40, seconds=0, clock=paced)
        assert verdict.verdict == NOT_GRADED and verdict.loss == 0 and verdict.best == choice
        assert "no time to try" in verdict.explanation
    assert paced.started == []


def test_the_grades_of_a_hand_stop_at_their_deadline(paced):
    """The grades share one deadline: once it has passed, the decisions left are not graded and no world is
    sampled for them."""
    hand = deal_hand(PARTNERSHIP, 3, deal=STRONG)
    paced.moves = {10: 100.0}  # the eleventh world, the second decision's first, runs past every deadline
    graded = advice.grade_all(
        [(hand, "order", 1), (hand, "pass", 2), (hand, "order", 3)], worlds=200, seconds=31.5, clock=paced
    )
    assert worlds_in(graded[0].explanation) == 10  # its third of 31.5 s, at a second a world
    assert [g.verdict for g in graded[1:]] == [NOT_GRADED, NOT_GRADED] and len(paced.started) == 11


def test_the_table_s_hint_and_grades_keep_their_deadline(monkeypatch):
    monkeypatch.setattr(table_model, "HINT_SECONDS", 0)
    monkeypatch.setattr(table_model, "GRADE_SECONDS", 0)
    table = session.TableSession(new_game(CUTTHROAT, seed=7), 0, "rule of thumb")
    hinted = 0
    while not table.hand.is_over:
        if len(table.view.legal) > 1:
            news = table.hint()
            assert news.action == RuleOfThumbPlayer().choose(table.view) and "no time to try" in news.reason
            hinted += 1
        table.act(RuleOfThumbPlayer().choose(table.view))
    assert hinted and table.grade().told is session.Told.GRADED
    verdicts = [d.grade.verdict for d in table.graded.decisions if d.grade is not None]
    assert verdicts and set(verdicts) == {NOT_GRADED}


def test_a_deadline_reads_its_clock_only_when_it_has_one():
    clock = Clock(5.0)
    soon = Deadline.after(1.0, clock)
    assert not soon.passed() and soon.checker == soon.check
    soon.check()
    clock.now = 6.0
    assert soon.passed() and list(soon.worlds(10)) == []
    with pytest.raises(OutOfTime):
        soon.check()
    never = Deadline.after(None, clock)
    readings = clock.readings
    assert not never.passed() and never.checker is None and list(never.worlds(3)) == [0, 1, 2]
    never.check()
    assert clock.readings == readings
    assert budget.NO_DEADLINE.checker is None


def test_a_phase_with_one_world_in_time_rests_on_that_world(paced):
    """No floor of worlds: a decision with time for one world rests on one (and says so)."""
    hand = first_lead(CUTTHROAT, 3)
    cut = advise(hand, worlds=40, seconds=1.5, clock=paced)
    assert paced.started == [0] and cut == advise(hand, worlds=1) and cut[0].unit == "tricks"
    assert hand.phase is Phase.PLAY and {worlds_in(o.reason) for o in cut} == {1}


def test_the_grades_of_a_hand_share_their_time(paced):
    """Each decision graded gets an equal share of the time left: the first cannot leave the next without time."""
    hand = deal_hand(PARTNERSHIP, 3, deal=STRONG)
    graded = advice.grade_all([(hand, "order", 1), (hand, "order", 2)], worlds=200, seconds=24.5, clock=paced)
    assert [g.verdict for g in graded] == ["Best", "Best"]
    assert [worlds_in(g.explanation) for g in graded] == [12, 12]  # one deadline for both would give 24 and 0
    still = Clock()
    frozen = advice.grade_all([(hand, "order", 1), (hand, "pass", 2)], worlds=40, seconds=1, clock=still)
    assert frozen == [grade(hand, "order", worlds=40, seed=1), grade(hand, "pass", worlds=40, seed=2)]


def test_the_table_shows_a_decision_there_was_no_time_to_grade_as_not_graded(monkeypatch):
    from euchre_lesson.widgets.table import Table

    monkeypatch.setattr(table_model, "GRADE_SECONDS", 0)
    table, player = Table(PARTNERSHIP, seat=1, seed=3), RuleOfThumbPlayer()
    while not table.hand.is_over:
        table.act(player.choose(table.session.view))
    table.grade()
    assert "Not graded." in table.grades.value and "Better:" not in table.grades.value
