"""The chances of winning a game from a score, and the expert weighing a hand's points by them in Cutthroat."""

import random
from dataclasses import replace

import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, advise, new_game
from euchre_lesson.engine.rules import rules_from
from euchre_lesson.engine.said import words_of
from euchre_lesson.engine.scoring import score_hand
from euchre_lesson.play.advice import bid_options
from euchre_lesson.play.chances import HAND_ENDS, chance_after, weighs_chances, win_chances
from euchre_lesson.play.players import ExpertPlayer
from euchre_lesson.play.session import TableSession


@pytest.mark.parametrize("scores", [(0, 0, 0), (4, 7, 1), (9, 9, 9), (9, 0, 3), (-999, 5, 5), (0, 0, 999)])
def test_the_chances_add_up_to_one(scores):
    chances = win_chances(CUTTHROAT, scores)
    assert sum(chances) == pytest.approx(1.0)
    assert all(0.0 <= chance <= 1.0 for chance in chances)


def test_level_scores_give_level_chances():
    assert win_chances(CUTTHROAT, (0, 0, 0)) == pytest.approx((1 / 3,) * 3)
    assert win_chances(CUTTHROAT, (6, 6, 6)) == pytest.approx((1 / 3,) * 3)


def test_a_game_won_is_certain_and_a_tie_at_the_top_is_even():
    assert win_chances(CUTTHROAT, (10, 4, 9)) == (1.0, 0.0, 0.0)
    assert win_chances(CUTTHROAT, (10, 10, 4), (0, 1)) == (0.5, 0.5, 0.0)  # the third cannot win any more (T8)
    shared = rules_from("cutthroat", {"tie_rule": "shared"})
    assert win_chances(shared, (11, 11, 11)) == pytest.approx((1 / 3,) * 3)


def test_a_point_is_worth_more_near_the_end_and_more_against_the_leader():
    assert win_chances(CUTTHROAT, (9, 5, 5))[0] > win_chances(CUTTHROAT, (5, 5, 5))[0] > 1 / 3
    early = win_chances(CUTTHROAT, (1, 0, 0))[0] - win_chances(CUTTHROAT, (0, 0, 0))[0]
    late = win_chances(CUTTHROAT, (9, 8, 8))[0] - win_chances(CUTTHROAT, (8, 8, 8))[0]
    assert late > 2 * early
    # The player at 2 loses more when the leader gains a point than when the other player at 2 does.
    assert win_chances(CUTTHROAT, (2, 9, 2))[0] < win_chances(CUTTHROAT, (2, 8, 3))[0]


def test_the_hand_ends_are_scored_by_the_games_own_table():
    """The table holds how often hands end; what each end scores comes from the rules, switches included (T7)."""
    assert set(HAND_ENDS[CUTTHROAT.facts]) == {5, 3, 0}
    assert sum(HAND_ENDS[CUTTHROAT.facts].values()) == pytest.approx(0.973, abs=0.005)  # the rest were thrown in
    assert [score_hand(CUTTHROAT, tricks) for tricks in (5, 3, 0)] == [(3, 0), (1, 0), (0, 2)]
    assert weighs_chances(CUTTHROAT) and not weighs_chances(PARTNERSHIP)


def test_a_score_set_by_hand_far_below_the_target_answers_at_once():
    assert win_chances(CUTTHROAT, (-999, -999, -998))[2] > 1 / 3


def test_chance_after_reads_the_scores_from_the_view():
    game = replace(new_game(CUTTHROAT, seed=5), scores=(9, 3, 3))
    view = game.view(game.to_act)
    assert view.scores == (9, 3, 3)
    points = [0, 0, 0]
    points[view.seat] = 1
    after = [score + gained for score, gained in zip(view.scores, points)]
    assert chance_after(view, tuple(points)) == pytest.approx(win_chances(CUTTHROAT, tuple(after))[view.seat])


def test_the_expert_weighs_chances_in_a_cutthroat_game_and_points_elsewhere():
    game = replace(new_game(CUTTHROAT, seed=5), scores=(9, 8, 2))
    options = bid_options(game.view(game.to_act), random.Random(0), worlds=6)
    assert {option.unit for option in options} == {"chance of winning"}
    assert all(0.0 <= option.value <= 1.0 for option in options)
    assert "chance of winning the game" in options[0].reason and "%" in options[0].worth
    player = ExpertPlayer(seed=0, worlds=8, seconds=None)
    assert "chance of winning" in player.decide(game.view(game.to_act)).reason
    # A hand on its own (no game score) and advice to a learner stay in points; so does a partnership game.
    assert {o.unit for o in bid_options(game.hand.view(game.to_act), random.Random(0), worlds=6)} == {"points"}
    assert {o.unit for o in advise(game.hand, worlds=8)} == {"points"}
    partnership = new_game(PARTNERSHIP, seed=5)
    assert {o.unit for o in bid_options(partnership.view(partnership.to_act), random.Random(0), worlds=6)} == {"points"}


def test_the_tables_expert_players_bid_knowing_the_score():
    """At the table the computers choose from the game's view: near the end of a Cutthroat game they weigh chances."""
    session = TableSession(replace(new_game(CUTTHROAT, seed=3), scores=(2, 9, 8)), seat=0, level="expert")
    while not session.reasons[0]:
        assert session.my_turn and not session.act("pass").refused
    said = " ".join(map(words_of, session.reasons[0].values()))  # the reasons are kept in no language
    assert "chance of winning" in said and "points" not in said


@pytest.mark.parametrize(
    "rules, scores, contenders, named",
    [
        (CUTTHROAT, (1, 2), (), "scores must be a tuple of 3 whole numbers"),
        (CUTTHROAT, (1, 2, "3"), (), "scores must be"),
        (CUTTHROAT, [1, 2, 3], (), "scores must be"),
        (CUTTHROAT, (10, 10, 4), (0, 5), "contenders must be a tuple of sides"),
        ("cutthroat", (0, 0, 0), (), "rules must be a RuleSet"),
        (PARTNERSHIP, (0, 0), (), "no table of hand results for Partnership Euchre"),
    ],
)
def test_bad_arguments_are_refused_saying_what_would_do(rules, scores, contenders, named):
    with pytest.raises(ValueError, match=named):
        win_chances(rules, scores, contenders)
