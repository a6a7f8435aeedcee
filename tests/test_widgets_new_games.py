"""HandReplay and the bidding trainer in Two-handed (W1-W6) and Railroad (R1-R5) Euchre, driven by clicks."""

import re

import ipywidgets as w
import pytest
from widget_checks import check

from euchre_lesson import RAILROAD, TWO_HANDED, Phase, RuleOfThumbPlayer, deal_hand, replay
from euchre_lesson.engine import narration
from euchre_lesson.engine.display import words_html
from euchre_lesson.widgets import BiddingTrainer, HandReplay
from euchre_lesson.widgets.cards import CardRow, CardStrip, face_up_cards
from euchre_lesson.widgets.replay import onlooker


def played(rules, seed, defend_alone=False):
    """A seeded hand played out by the rule of thumb; `defend_alone`: the first defender asked goes alone."""
    thumb, state = RuleOfThumbPlayer(), deal_hand(rules, seed % rules.players, seed=seed)
    while not state.is_over:
        action = thumb.choose(state.view(state.to_act))
        alone = [a for a in state.legal_actions() if a.kind == "alone"]
        if defend_alone and alone and state.phase is Phase.GOING_ALONE and state.to_act not in state.makers:
            action = alone[0]
        state = state.apply(action)
    return state


# Railroad: a lone maker and a lone defender, two calls for best (seed 7); the maker's partner alone (seed 60).
RAILROAD_TWO_CALLS = played(RAILROAD, 7, defend_alone=True)
RAILROAD_PARTNER_ALONE = played(RAILROAD, 60)
TWO_HAND = played(TWO_HANDED, 0)  # the dealer picks up, then five tricks
HANDS = {
    "railroad-two-calls": RAILROAD_TWO_CALLS,
    "railroad-partner-alone": RAILROAD_PARTNER_ALONE,
    "twohand": TWO_HAND,
}


def test_the_sample_hands_have_what_the_tests_need():
    assert len(RAILROAD_TWO_CALLS.given) == 2 and RAILROAD_TWO_CALLS.lone_defender is not None
    assert RAILROAD_PARTNER_ALONE.lone_partner and len(RAILROAD_PARTNER_ALONE.laid_down) == 1
    assert TWO_HAND.players == 2 and TWO_HAND.picked_up and len(TWO_HAND.tricks) == 5


def descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


def card_rows(widget):
    """Every row of cards the widget draws, wherever it sits."""
    return [d for d in descendants(widget) if isinstance(d, (CardRow, CardStrip))]


def secret_exchange_cards(state, viewer):
    """The cards of a call for best that `viewer` took no part in: the engine's View leaves them out (R3)."""
    if viewer is None:
        return frozenset()
    return frozenset(state.given + state.laid_down) - set(state.view(viewer).exchanged)


def check_the_step(widget, viewer):
    """Nothing hidden from the viewer by the engine's View is face up; each card of a call for best is shown."""
    check(widget)
    state = widget.state
    table = state if viewer is None else onlooker(state.view(viewer))  # a replay calls no seat "you"
    assert words_html(narration.step_words(state, table)) in widget.note.value
    if viewer is not None:
        seen = state.view(viewer).seen
        for row in card_rows(widget):
            assert set(face_up_cards(row)) <= seen, f"seat {viewer} is shown {set(face_up_cards(row)) - seen}"
        # A given card later played is seen, but not as the card given: only the trick may show it.
        secret = secret_exchange_cards(state, viewer)
        for row in card_rows(widget):
            if row is not widget.trick.row:
                assert not secret & set(face_up_cards(row)), f"seat {viewer} is told which card was exchanged"
    for number, (giver, lone) in enumerate(state.exchanges):
        given, laid = widget.calls_for_best[number]
        for place, cards, sees in (
            (given, state.given[number : number + 1], (giver, lone)),
            (laid, state.laid_down[number : number + 1], (lone,)),
        ):
            assert len(place.row.cards) == len(cards) and (not cards or place.layout.display != "none")
            face_up = viewer is None or viewer in sees
            assert face_up_cards(place.row) == (list(cards) if face_up else [])


@pytest.mark.parametrize("name", list(HANDS))
def test_replay_forwards_and_backwards_in_every_view_hides_what_the_view_hides(name):
    hand = HANDS[name]
    widget = HandReplay(hand.record())
    for viewer in (None, *range(hand.players)):
        widget.seat_picker.value = viewer
        widget.start_button.click()
        check_the_step(widget, viewer)
        for step in range(1, len(hand.history) + 1):
            widget.forward_button.click()
            assert widget.step == step
            check_the_step(widget, viewer)
        for step in reversed(range(len(hand.history))):
            widget.back_button.click()
            assert widget.step == step
            check_the_step(widget, viewer)


@pytest.mark.parametrize("name", ["railroad-two-calls", "railroad-partner-alone"])
def test_replay_shows_each_give_and_discard_step_in_the_table_s_words(name):
    hand = HANDS[name]
    widget = HandReplay(hand)
    steps = [i + 1 for i, a in enumerate(hand.history) if a.kind in ("give", "discard")]
    assert len(steps) == 2 * len(hand.exchanges)
    for viewer in (None, *range(hand.players)):
        widget.seat_picker.value = viewer
        for number, (giver, lone) in enumerate(hand.exchanges):
            card = hand.given[number]
            widget.go(steps[2 * number])
            given = widget.calls_for_best[number][0]
            assert len(given.row.cards) == 1 and given.layout.display != "none"
            if viewer in (None, giver, lone):
                assert face_up_cards(given.row) == [card]
                assert f"gave the {card} to" in widget.note.value
            else:
                assert given.row.hidden and not face_up_cards(given.row)
                assert "passed a card face down to" in widget.note.value
            laid = hand.laid_down[number]
            widget.forward_button.click()
            place = widget.calls_for_best[number][1]
            assert len(place.row.cards) == 1 and place.layout.display != "none"
            assert face_up_cards(place.row) == ([laid] if viewer in (None, lone) else [])
            words = f"discarded the {laid}" if viewer in (None, lone) else "discarded a card face down"
            assert words in widget.note.value


def test_replay_shows_the_partner_sitting_out():
    """Coverage: the sitting-out partner's label already said so (seat_roles) before this change."""
    hand = RAILROAD_PARTNER_ALONE
    out = hand.sitting_out
    assert out == (hand.maker,)
    widget = HandReplay(hand)
    widget.end_button.click()
    for viewer in (None, *range(4)):
        widget.seat_picker.value = viewer
        for seat, place in enumerate(widget.seats):
            assert ("sits out" in place.label.value) == (seat in out)
        if viewer not in (None, *out):
            assert not face_up_cards(widget.seats[out[0]].row)


def test_two_handed_replay_has_two_seats_no_dummy_and_the_kitty_apart():
    hand = TWO_HAND
    widget = HandReplay(hand)
    assert len(widget.seats) == 2 and [o[1] for o in widget.seat_picker.options] == [None, 0, 1]
    shown = list(descendants(widget))
    assert widget.dummy not in shown and widget.set_aside not in shown, "a dummy box in a game without a dummy (W4)"
    places = [*widget.seats, widget.up_card, widget.kitty, widget.discard, widget.trick]
    assert [id(row) for row in card_rows(widget)] == [id(place.row) for place in places]
    kitty = hand.deal.kitty[1:]
    assert len(kitty) == 13 and list(widget.kitty.row.cards) == list(kitty)
    assert "kitty" in widget.kitty.label.value.lower()
    for seat, place in enumerate(widget.seats):
        assert len(place.row.cards) == 5 and not set(place.row.cards) & set(kitty)
        assert place.label.value.startswith(f"Seat {seat}")


# -- the bidding trainer -----------------------------------------------------------------------------


def reasons_told_before_the_play(trainer):
    """The computer players' reasons for the bids, announcements and calls for best, as the learner reads them.

    A reason for a card played may name it: the trick shows it anyway, and not where it came from.
    """
    lines = re.findall(r"<li>(.*?)</li>", trainer.story.value)
    return [reason for line in lines if not line.startswith("Trick") for reason in re.findall(r"“(.*?)”", line)]


@pytest.mark.parametrize("rules", [TWO_HANDED, RAILROAD], ids=lambda r: r.game)
def test_the_bidding_trainer_answers_positions_of_the_new_games_and_goes_on(rules):
    trainer = BiddingTrainer(rules, seed=1, worlds=8)
    for seed in range(1, 7):
        assert trainer.seed == seed and trainer.rules == rules
        state = trainer.state
        assert state.phase in (Phase.ROUND_ONE, Phase.ROUND_TWO, Phase.JOKER_CALL) and state.players == rules.players
        check(trainer)
        assert list(trainer.choices.actions) == state.legal_actions()
        choice = trainer.choices.actions[seed % len(trainer.choices.actions)]
        trainer.choices.button_for(choice).click()
        check(trainer)
        assert trainer.chosen == choice and trainer.final.is_over
        assert trainer.final.history[len(state.history)] == choice
        assert replay(trainer.final.record()) == trainer.final  # the engine plays the rest
        assert narration.offer(choice, state.view(trainer.seat))[0] in trainer.note.value
        trainer.new_button.click()  # never a dead end: the next position
    assert trainer.seed == 7 and trainer.chosen is None and trainer.choices.actions


def test_the_bidding_trainer_asks_the_railroad_dealer_to_name_trump_under_the_joker():
    trainer = BiddingTrainer(RAILROAD, seed=134, worlds=8)
    assert trainer.state.phase is Phase.JOKER_CALL and trainer.seat == trainer.state.dealer
    check(trainer)
    trainer.choices.children[0].click()
    check(trainer)
    assert trainer.final.maker == trainer.seat


def test_the_bidding_trainer_s_story_never_names_a_card_exchanged_out_of_the_learner_s_sight():
    hands = 0
    for seed in range(1, 40):
        trainer = BiddingTrainer(RAILROAD, seed=seed, worlds=8)
        trainer.choices.children[0].click()
        secret = secret_exchange_cards(trainer.final, trainer.seat)
        if not secret:
            continue
        hands += 1
        told = " ".join(reasons_told_before_the_play(trainer))
        assert "[hidden]" in told
        assert not [card for card in secret if str(card) in told], f"seed {seed}: the story names {secret}"
        assert "face down" in trainer.story.value
    assert hands >= 3


def enabled_buttons(widget):
    return [b for b in descendants(widget) if isinstance(b, w.Button) and not b.disabled]


@pytest.mark.parametrize(
    "make",
    [
        lambda: HandReplay(RAILROAD_TWO_CALLS, seat=2),
        lambda: HandReplay(TWO_HAND, seat=1),
        lambda: BiddingTrainer(RAILROAD, seed=3, worlds=8),
        lambda: BiddingTrainer(TWO_HANDED, seed=3, worlds=8),
    ],
    ids=["replay-railroad", "replay-twohand", "bidding-railroad", "bidding-twohand"],
)
def test_random_clicks_in_the_new_games_never_raise_and_always_leave_a_way_on(make):
    """Coverage (these widgets' buttons already worked in the new games): every click keeps the widget valid."""
    import random

    rng, widget = random.Random(5), make()
    for _ in range(60):
        choices = enabled_buttons(widget)
        assert choices, "a dead end: nothing left to click"
        rng.choice(choices).click()
        check(widget)
