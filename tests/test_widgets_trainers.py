"""The trainer widgets, driven through their Python API: what they show and judge is the engine's."""

import dataclasses
import itertools
import json
import random
import re
from html import escape

import pytest
from widget_checks import check

from euchre_lesson import (
    CUTTHROAT,
    JOKER,
    PARTNERSHIP,
    IllegalAction,
    NotationError,
    Phase,
    RandomPlayer,
    RuleOfThumbPlayer,
    Suit,
    best_five,
    deal_hand,
    parse_card,
    play_out,
    ranking,
    replay,
    score_hand,
    scoring_row,
    widgets,
)
from euchre_lesson.engine import narration
from euchre_lesson.engine.actions import play
from euchre_lesson.engine.cards import sort_key
from euchre_lesson.engine.display import rule_link, words_html
from euchre_lesson.engine.ranking import bower, effective_suit
from euchre_lesson.engine.tricks import trick_winner
from euchre_lesson.engine.view import seat_roles, trick_on_table
from euchre_lesson.play.dummy import keep_strength
from euchre_lesson.teach.exercises import BestFive, PlayableCard, Score
from euchre_lesson.widgets import (
    DummyTrainer,
    FollowSuitTrainer,
    HandReplay,
    RankingExplorer,
    ScoreCalculator,
    ScoreQuiz,
)
from euchre_lesson.widgets.cards import LEGAL_CUE, face_up_cards, has_class
from euchre_lesson.widgets.replay import onlooker

DECKS = (24, 32, 25)


def click(row, card):
    row.button_for(card).click()


def status_text(note):
    """A note must be a polite live region (the conventions)."""
    assert note.value.startswith('<div role="status" aria-live="polite">'), note.value
    assert has_class(note, "euchre-note")
    return note.value


# -- RankingExplorer ------------------------------------------------------------------------------


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("trump", list(Suit))
def test_ranking_shows_the_engine_order_for_every_trump_and_deck(trump, deck):
    explorer = RankingExplorer(trump=Suit.HEARTS if trump is Suit.SPADES else Suit.SPADES)
    explorer.deck_picker.value, explorer.trump_picker.value = deck, trump
    check(explorer)
    shown = explorer.trump_row.cards + explorer.plain_row.cards
    assert shown == ranking(trump, deck)
    right, left = shown[int(deck == 25)], shown[int(deck == 25) + 1]
    assert (bower(right, trump), bower(left, trump)) == ("right", "left")
    assert "\nR" in explorer.trump_row.button_for(right).description
    assert "\nL" in explorer.trump_row.button_for(left).description
    if deck == 25:
        assert shown[0] == JOKER and "★" in explorer.trump_row.button_for(JOKER).description
    assert len(explorer.trump_row.cards) == (9 if deck == 32 else 7) + (deck == 25)


def test_the_left_bower_beats_the_ace_of_trump_and_the_note_says_why():
    explorer = RankingExplorer(trump=Suit.SPADES)
    click(explorer.trump_row, parse_card("J♣"))  # with ♠ trump the J♣ is among the trumps
    click(explorer.trump_row, parse_card("A♠"))
    assert (explorer.first_picker.value, explorer.second_picker.value) == (parse_card("J♣"), parse_card("A♠"))
    for led in (None, *Suit):
        explorer.led_picker.value = led
        check(explorer)
        text = status_text(explorer.note)
        assert "J♣ (the first card) takes the trick" in text and "left bower" in text


def test_a_card_that_neither_follows_nor_trumps_cannot_win():
    explorer = RankingExplorer(trump=Suit.SPADES)
    explorer.first_picker.value, explorer.second_picker.value = parse_card("A♣"), parse_card("A♦")
    explorer.led_picker.value = Suit.HEARTS
    check(explorer)
    assert explorer.trick_row.cards == (parse_card("9♥"), parse_card("A♣"), parse_card("A♦"))
    assert "9♥ (the card led) takes the trick" in explorer.note.value
    assert "cannot win" in explorer.note.value
    explorer.led_picker.value = None  # now the A♣ leads, and the A♦ does not follow
    assert "A♣ (the first card) takes the trick" in explorer.note.value


@pytest.mark.slow
def test_ranking_verdicts_match_trick_winner_for_many_tricks():
    rng = random.Random(4)
    explorer = RankingExplorer()
    for _ in range(300):
        explorer.trump_picker.value = rng.choice(list(Suit))
        explorer.deck_picker.value = rng.choice(DECKS)
        first, second = rng.sample(explorer.order, 2)
        explorer.first_picker.value, explorer.second_picker.value = first, second
        explorer.led_picker.value = rng.choice([None, *Suit])
        check(explorer)
        trick, trump = explorer.trick_row.cards, explorer.trump
        assert trick[-2:] == (first, second)
        if explorer.led_picker.value is not None:
            assert effective_suit(trick[0], trump) is explorer.led_picker.value
        assert f"{trick[trick_winner(trick, trump)]} (" in explorer.note.value


def test_ranking_refuses_the_same_card_twice_and_keeps_cards_when_the_deck_changes():
    explorer = RankingExplorer(deck=32)
    click(explorer.plain_row, parse_card("7♥"))
    click(explorer.plain_row, parse_card("7♥"))
    check(explorer)
    assert "Choose two different cards" in explorer.note.value and explorer.trick_row.cards == ()
    explorer.deck_picker.value = 24  # the 7♥ is not in this deck: the lists move to cards that are
    check(explorer)
    assert explorer.first_picker.value in ranking(Suit.SPADES, 24)


def test_the_ranking_check_notices_a_stale_order():
    explorer = RankingExplorer()
    explorer.trump_row.show(ranking(Suit.HEARTS)[:7], Suit.HEARTS)
    with pytest.raises(AssertionError):
        check(explorer)


# -- FollowSuitTrainer ----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [CUTTHROAT, PARTNERSHIP], ids=["cutthroat", "partnership"])
def test_follow_accepts_exactly_the_legal_cards_and_refuses_with_the_rule(rules):
    trainer = FollowSuitTrainer(seed=1, rules=rules)
    for seed in range(1, 26):
        if seed > 1:
            trainer.new_button.click()
        assert trainer.seed == seed
        state = trainer.state
        assert state.phase is Phase.PLAY and state.trick.cards
        legal = {a.card for a in state.legal_actions()}
        hand = set(state.hands[state.to_act])
        assert legal < hand, "every position has a card to refuse"
        trump = state.trump
        traps = [c for c in hand | {state.trick.cards[0]} if bower(c, trump) == "left"]
        assert traps, f"seed {seed}: no left bower in the hand or led"
        for card in trainer.hand:
            click(trainer.hand_row, card)
            check(trainer)
            assert trainer.state is state, "a click never changes the position"
            text = status_text(trainer.note)
            assert words_html(str(trainer.exercise.check(card))) in text  # the exercise's verdict, word for word
            if card in legal:
                assert f"✔ Correct! {card} may be played" in text and f"({rule_link('C12')})" in text
            else:
                with pytest.raises(IllegalAction) as refused:
                    state.apply(play(card))
                # Why not, in the exercise's words: the engine's refusal names the cards that may be played,
                # which a second try must find (issue 37).
                assert f"✘ Not quite: {card} may not be played" in text and "must follow" in text
                assert f"({rule_link(refused.value.rule)})" in text
        assert (trainer.right, trainer.wrong) == (len(legal), len(hand) - len(legal))


def test_follow_positions_cover_the_three_left_bower_traps():
    kinds = set()
    for seed in range(1, 13):
        state = FollowSuitTrainer(seed=seed).state
        trump, lead = state.trump, state.trick.cards[0]
        led = effective_suit(lead, trump)
        for card in state.hands[state.to_act]:
            if bower(card, trump) == "left":
                kinds.add(
                    "held, its printed suit led" if card.suit is led else "held, trump led" if led is trump else "held"
                )
        if bower(lead, trump) == "left":
            kinds.add("led")
    assert {"led", "held, its printed suit led", "held, trump led"} <= kinds


def test_follow_positions_are_seeded_and_the_hint_raises_the_legal_cards():
    a, b = FollowSuitTrainer(seed=8), FollowSuitTrainer(seed=7)
    b.new_button.click()
    assert a.state == b.state and a.situation.value == b.situation.value
    a.hint_button.click()
    legal = {x.card for x in a.state.legal_actions()}
    for card in a.hand:
        assert a.hand_row.marked(card, "legal") == (card in legal)
    assert LEGAL_CUE in a.note.value and "raised" not in a.note.value  # the words name what the learner sees
    check(a)


def test_the_follow_check_notices_a_wrong_hand():
    trainer = FollowSuitTrainer(seed=2)
    trainer.hand_row.show(trainer.hand[1:], trainer.state.trump)
    with pytest.raises(AssertionError):
        check(trainer)


# -- DummyTrainer ---------------------------------------------------------------------------------


def choose(trainer, five):
    for card in set(trainer.chosen) ^ set(five):
        click(trainer.own_row if card in trainer.own_row.cards else trainer.dummy_row, card)


@pytest.mark.parametrize("seed", range(1, 9))
def test_dummy_accepts_the_engine_best_five_and_explains_a_worse_one(seed):
    trainer = DummyTrainer(seed=seed)
    state = trainer.state
    assert state.phase is Phase.DUMMY and not state.lone_maker
    ten = state.hands[state.maker] + state.dummy
    assert set(trainer.own_row.cards) == set(state.hands[state.maker])
    assert set(trainer.dummy_row.cards) == set(state.dummy)
    best = best_five(ten, state.trump)
    choose(trainer, best.cards)
    assert "Chosen: 5 of 5" in trainer.counter.value
    trainer.keep_button.click()
    check(trainer)
    assert trainer.verdict == "best"
    assert "strongest five" in status_text(trainer.note) and words_html(best.reason) in trainer.note.value
    assert trainer.best_row.cards == best.cards
    worst = min(itertools.combinations(ten, 5), key=lambda f: keep_strength(f, state.trump))
    choose(trainer, worst)
    trainer.keep_button.click()
    check(trainer)
    assert trainer.verdict == "worse"
    text = trainer.note.value
    # The verdict says where the five fall short; the trainer then shows the computer's five and why.
    assert words_html(best.reason) in text and "Try again" in text
    assert any(words in text for words in ("You kept", "Your cards outside trump"))


def test_dummy_verdicts_over_every_five():
    trainer = DummyTrainer(seed=3)
    trump, best = trainer.state.trump, trainer.best
    seen = {}
    for five in itertools.combinations(trainer.ten, 5):
        choose(trainer, five)
        trainer.keep_button.click()
        check(trainer)
        expected = (
            "best"
            if set(five) == set(best.cards)
            else "as good"
            if keep_strength(five, trump) == keep_strength(best.cards, trump)
            else "worse"
        )
        assert trainer.verdict == expected
        seen[expected] = seen.get(expected, 0) + 1
    assert seen["best"] == 1 and seen["worse"] > 200


def test_dummy_refuses_anything_but_five_with_the_engine_explanation():
    trainer = DummyTrainer(seed=2)
    trainer.keep_button.click()
    assert "not chosen any card" in trainer.note.value and trainer.verdict is None
    choose(trainer, trainer.ten[:3])
    assert "Chosen: 3 of 5" in trainer.counter.value
    trainer.keep_button.click()
    check(trainer)
    assert (
        "Keep exactly five different cards, not 3" in trainer.note.value
        and f"(rule {rule_link('T5')})" in trainer.note.value
    )
    assert trainer.verdict is None and trainer.state.phase is Phase.DUMMY
    click(trainer.own_row if trainer.ten[0] in trainer.own_row.cards else trainer.dummy_row, trainer.ten[0])
    assert "Chosen: 2 of 5" in trainer.counter.value


def test_dummy_new_deal_is_the_next_seed():
    a, b = DummyTrainer(seed=5), DummyTrainer(seed=4)
    b.new_button.click()
    assert a.state == b.state and b.seed == 5 and not b.chosen


# -- ScoreCalculator and ScoreQuiz ----------------------------------------------------------------


LONE_FIVE = dataclasses.replace(CUTTHROAT, lone_maker_march_points=5)


@pytest.mark.parametrize("rules", [CUTTHROAT, PARTNERSHIP, LONE_FIVE], ids=["cutthroat", "partnership", "march5"])
def test_calculator_points_match_score_hand_for_every_combination(rules):
    calc = ScoreCalculator(rules=rules)
    assert calc.rules == rules
    for tricks, alone, defender in itertools.product(range(6), (False, True), (False, True)):
        calc.tricks_picker.value, calc.maker_alone.value, calc.defender_alone.value = tricks, alone, defender
        check(calc)
        row, points = scoring_row(rules, tricks, alone, defender), score_hand(rules, tricks, alone, defender)
        marked = [line for line in calc.table.value.split("<tr>") if "▶" in line]
        assert len(marked) == 1 and escape(row.result) in marked[0] and "<mark>" in marked[0]
        assert calc.table.value.count("<mark>") == 6
        text = status_text(calc.points)
        if points.makers:
            assert f"score{'s' * (rules.game == 'cutthroat')} {points.makers}:" in text
        else:
            assert f"score{'s' * (rules.game == 'cutthroat')} {points.defenders}:" in text


def test_calculator_offers_no_lone_defender_where_the_rules_forbid_one():
    calc = ScoreCalculator(rules=dataclasses.replace(CUTTHROAT, allow_lone_defender=False))
    calc.defender_alone.value = True
    assert calc.defender_alone.disabled and calc.defender_alone.value is False
    check(calc)
    calc.game_picker.value = "partnership"
    assert not calc.defender_alone.disabled


def test_calculator_offers_nobody_alone_in_two_handed_euchre():
    calc = ScoreCalculator()
    calc.tricks_picker.value, calc.maker_alone.value, calc.defender_alone.value = 0, True, True
    calc.game_picker.value = "twohand"  # W4: every hand is already one against one
    assert calc.maker_alone.disabled and calc.defender_alone.disabled
    assert not calc.maker_alone.value and not calc.defender_alone.value
    assert calc.answer()[1] == (0, 2) and "W6" in calc.points.value
    check(calc)
    calc.game_picker.value = "railroad"
    assert not calc.maker_alone.disabled and not calc.defender_alone.disabled


def test_calculator_known_results_and_switching_games():
    calc = ScoreCalculator()
    calc.tricks_picker.value, calc.maker_alone.value = 5, True
    assert calc.answer()[1] == (3, 0)  # T7: a lone march still scores 3 in cutthroat
    calc.game_picker.value = "partnership"
    assert calc.rules == PARTNERSHIP and calc.answer()[1] == (4, 0)  # F4
    calc.maker_alone.value, calc.tricks_picker.value = False, 2
    assert calc.answer()[1] == (0, 2)
    check(calc)
    calc.table.value = calc.table.value.replace("▶", "")
    with pytest.raises(AssertionError):
        check(calc)


def test_quiz_verdicts_are_right_for_right_answers_and_wrong_for_wrong_ones():
    quiz = ScoreQuiz(seed=11)
    games = set()
    for _ in range(40):
        rules, tricks, alone, defender = quiz.asked
        games.add(rules.game)
        expected = score_hand(rules, tricks, alone, defender)
        assert escape(quiz.question_text()) in quiz.question.value
        for makers, defenders in itertools.product(quiz.makers_answer.options, quiz.defenders_answer.options):
            quiz.makers_answer.value, quiz.defenders_answer.value = makers, defenders
            quiz.check_button.click()
            check(quiz)
            right = (makers, defenders) == expected
            assert quiz.verdict is right
            text = status_text(quiz.note)
            assert ("✔ Correct!" in text) is right and ("✘ Not quite" in text) is (not right)
            assert "▶" in text and escape(scoring_row(rules, tricks, alone, defender).result) in text
        quiz.next_button.click()
    assert games == {"cutthroat", "partnership"}


def test_quiz_is_seeded_and_a_changed_answer_is_unchecked():
    a, b = ScoreQuiz(seed=3), ScoreQuiz(seed=3)
    for _ in range(10):
        assert a.asked == b.asked
        a.next_button.click()
        b.next_button.click()
    a.check_button.click()
    assert a.verdict is not None
    a.makers_answer.value = (a.makers_answer.value + 1) % len(a.makers_answer.options)
    assert a.verdict is None
    check(a)


# -- the trainers are views over exercises: the question, the check and the explanation are the exercise's --


def test_the_score_quiz_asks_and_checks_the_score_exercise():
    quiz = ScoreQuiz(seed=5)
    for _ in range(12):
        rules, tricks, alone, defender = quiz.asked
        assert quiz.exercise == Score(tricks, maker_alone=alone, lone_defender=defender, rules=rules, who="both")
        assert escape(quiz.exercise.question) in quiz.question.value
        for pair in itertools.product(range(3), range(3)):
            quiz.makers_answer.value, quiz.defenders_answer.value = pair
            quiz.check_button.click()
            verdict = quiz.exercise.check(pair)
            assert quiz.verdict is bool(verdict) and words_html(str(verdict)) in quiz.note.value
        quiz.next_button.click()


def test_the_dummy_trainer_asks_and_checks_the_best_five_exercise():
    trainer = DummyTrainer(seed=6)
    state = trainer.state
    assert trainer.exercise == BestFive(trainer.ten, state.trump)
    assert escape(trainer.exercise.question) in trainer.situation.value
    for five in itertools.islice(itertools.combinations(trainer.ten, 5), 0, 252, 7):
        choose(trainer, five)
        trainer.keep_button.click()
        verdict = trainer.exercise.check(five)
        assert words_html(str(verdict)) in trainer.note.value and (trainer.verdict != "worse") is bool(verdict)


def test_the_follow_trainer_asks_and_checks_a_playable_card_exercise():
    trainer = FollowSuitTrainer(seed=4)
    state = trainer.state
    assert trainer.exercise == PlayableCard(state.hands[state.to_act], state.trick.cards, state.trump)
    assert escape(trainer.exercise.prompt) in trainer.situation.value
    trainer.hint_button.click()
    assert {c for c in trainer.hand if trainer.hand_row.marked(c, "legal")} == set(trainer.exercise.answer())


# -- HandReplay -----------------------------------------------------------------------------------


def finished_hands():
    """Finished hands under several rule sets (the joker deck and stick the dealer included)."""
    tables = (
        CUTTHROAT,
        PARTNERSHIP,
        dataclasses.replace(CUTTHROAT, deck=25),
        dataclasses.replace(PARTNERSHIP, deck=32, stick_the_dealer=True),
    )
    hands = []
    for rules in tables:
        for seed in range(4):
            player = RuleOfThumbPlayer() if seed % 2 else RandomPlayer(seed)
            hands.append(play_out(deal_hand(rules, seed % rules.players, seed=seed), [player] * rules.players))
    return hands


HANDS = finished_hands()


@pytest.mark.parametrize("hand", HANDS, ids=lambda h: f"{h.rules.game}-{h.rules.deck}-{len(h.history)}")
def test_replay_end_is_the_record_and_start_is_the_deal(hand):
    record = hand.record()
    widget = HandReplay(json.dumps(record))
    widget.end_button.click()
    check(widget)
    assert widget.state == replay(record) and widget.state.points == hand.points
    assert words_html(narration.result_words(hand, hand)) in widget.note.value  # the hands open: seat by seat
    widget.forward_button.click()  # already at the end: stays there
    assert widget.step == len(hand.history)
    widget.start_button.click()
    check(widget)
    assert widget.state == deal_hand(hand.rules, hand.dealer, deal=hand.deal)
    assert [sorted(p.row.cards, key=str) for p in widget.seats] == [sorted(h, key=str) for h in hand.deal.hands]
    widget.back_button.click()
    assert widget.step == 0
    for step in range(1, len(hand.history) + 1):
        widget.forward_button.click()
        check(widget)
        assert widget.state.history == hand.history[:step]
        assert f"Seat {hand.actors[step - 1]} " in widget.note.value


@pytest.mark.parametrize("hand", HANDS[::2], ids=lambda h: f"{h.rules.game}-{h.rules.deck}-{len(h.history)}")
def test_replay_as_a_seat_saw_it_never_shows_another_seat_s_hidden_cards(hand):
    widget = HandReplay(hand.record())
    for seat in range(hand.players):
        widget.seat_picker.value = seat
        for step in range(len(widget.states)):
            widget.step_slider.value = step
            check(widget)
            view = widget.state.view(seat)
            known = set(view.hand) | set(view.dummy or ()) | set(view.set_aside) | {view.discard, view.up_card}
            known |= {c for t in view.tricks for c in t.cards} | set(view.trick.cards if view.trick else ())
            places = widget.seats + [
                widget.dummy,
                widget.set_aside,
                widget.up_card,
                widget.kitty,
                widget.discard,
                widget.trick,
            ]
            for place in places:
                assert set(face_up_cards(place.row)) <= known
            assert face_up_cards(widget.seats[seat].row) == sorted(view.hand, key=sort_key)
            for other in range(hand.players):
                if other != seat:
                    assert not face_up_cards(widget.seats[other].row)
                    assert len(widget.seats[other].row.cards) == len(widget.state.hands[other])


@pytest.mark.parametrize("hand", HANDS[1::3], ids=lambda h: f"{h.rules.game}-{h.rules.deck}-{len(h.history)}")
def test_replay_tells_each_step_in_the_words_of_the_table(hand):
    """The replay lays out narration's words: the step, the trick, the roles, as the chosen seat heard them."""
    widget = HandReplay(hand.record())
    for viewer in (None, *range(hand.players)):
        widget.seat_picker.value = viewer
        for step, state in enumerate(hand.states()):
            widget.go(step)
            table = state if viewer is None else onlooker(state.view(viewer))
            assert words_html(narration.step_words(state, table)) in widget.note.value
            trick, number = table.trick_on_table if viewer is not None else trick_on_table(state)
            if trick is not None and trick.cards:
                assert widget.trick.label.value == escape(narration.trick_words(trick, table, number))
            for seat, place in enumerate(widget.seats):
                roles = ", ".join(seat_roles(state, seat))
                assert place.label.value.startswith(f"Seat {seat} ({roles}) ·" if roles else f"Seat {seat} ·")


def test_replay_hides_the_discard_and_the_keep_from_the_other_seats():
    thumb = [RuleOfThumbPlayer()] * 3
    hands = (play_out(deal_hand(CUTTHROAT, 0, seed=seed), thumb) for seed in range(100))
    hand = next(h for h in hands if h.picked_up and not h.lone_maker)
    widget = HandReplay(hand, seat=hand.dealer)
    widget.go(hand.history.index(next(a for a in hand.history if a.kind == "pickup")) + 1)
    assert f"Seat {hand.dealer} took the {hand.up_card} and discarded the {hand.discard}." in widget.note.value
    assert face_up_cards(widget.discard.row) == [hand.discard]
    other = next(s for s in range(3) if s not in (hand.dealer, hand.maker))
    widget.seat_picker.value = other
    assert f"Seat {hand.dealer} took the {hand.up_card} and discarded a card face down." in widget.note.value
    assert not face_up_cards(widget.discard.row)
    kept = next(a for a in hand.history if a.kind == "keep")
    widget.go(hand.history.index(kept) + 1)
    assert f"Seat {hand.maker} took the dummy and laid five cards aside face down." in widget.note.value
    widget.seat_picker.value = hand.maker
    assert f"Seat {hand.maker} took the dummy, kept {' '.join(map(str, kept.cards))}" in widget.note.value
    assert "and laid the other five aside." in widget.note.value and face_up_cards(widget.set_aside.row)


@pytest.mark.parametrize("hand", HANDS[::3], ids=lambda h: f"{h.rules.game}-{h.rules.deck}-{len(h.history)}")
def test_the_replay_calls_no_seat_you(hand):
    """A replayed hand was played by the computer: as a seat saw it, that seat is still 'seat 1', never 'you'."""
    widget = HandReplay(hand.record())
    for viewer in range(hand.players):
        widget.seat_picker.value = viewer
        for step in range(len(widget.states)):
            widget.go(step)
            told = [widget.note.value, widget.trick.label.value] + [place.label.value for place in widget.seats]
            assert not [words for words in told if re.search(r"\b[Yy]ou(r)?\b", words)], (viewer, step, told)


def test_the_replay_draws_a_turned_down_up_card_face_down():
    thumb = [RuleOfThumbPlayer()] * 3
    hand = next(h for h in (play_out(deal_hand(CUTTHROAT, 0, seed=s), thumb) for s in range(100)) if h.turned_down)
    widget = HandReplay(hand)
    widget.go(next(i for i, state in enumerate(widget.states) if state.turned_down))
    assert not face_up_cards(widget.up_card.row) and len(widget.up_card.row.cards) == 1
    assert f"the {hand.up_card}, turned down" in widget.up_card.label.value


def test_replay_open_hands_show_every_card():
    widget = HandReplay(HANDS[0].record())
    widget.go(1)
    shown = {
        c for place in widget.seats + [widget.dummy, widget.up_card, widget.kitty] for c in face_up_cards(place.row)
    }
    assert len(shown) == 24


@pytest.mark.parametrize(
    "bad, part",
    [
        ("{", "not readable JSON"),  # the words every JSON reader says (files.parse_json)
        ('{"rules": "cutthroat"}', "no 'dealer'"),
        ({**HANDS[0].record(), "actions": ["play JH"]}, "actions[0]"),
        ({**HANDS[0].record(), "rules": "euchre500"}, "not a preset"),
    ],
)
def test_replay_refuses_a_bad_record_with_the_notation_error(bad, part):
    with pytest.raises(NotationError, match=part.replace("[", r"\[").replace("]", r"\]")):
        HandReplay(bad)


def test_the_replay_check_notices_a_hand_shown_to_the_wrong_seat():
    widget = HandReplay(HANDS[0], seat=0)
    widget.go(5)
    other = widget.seats[1]
    other.row.show(widget.state.hands[1], widget.state.trump)
    with pytest.raises(AssertionError):
        check(widget)


# -- every widget under random clicking -----------------------------------------------------------


def buttons(widget):
    """Every enabled button inside a widget, card buttons included."""
    import ipywidgets as w

    if isinstance(widget, w.Button):
        return [] if widget.disabled else [widget]
    return [b for child in getattr(widget, "children", ()) for b in buttons(child)]


@pytest.mark.parametrize(
    "make",
    [RankingExplorer, FollowSuitTrainer, DummyTrainer, ScoreQuiz, lambda: HandReplay(HANDS[1], seat=1)],
    ids=["ranking", "follow", "dummy", "quiz", "replay"],
)
def test_random_clicks_never_raise_and_the_widget_stays_valid(make):
    rng = random.Random(2)
    widget = make()
    check(widget)
    for _ in range(150):
        rng.choice(buttons(widget)).click()
        check(widget)


# -- nothing a caller passes reaches the page as HTML ---------------------------------------------


HOSTILE = "<img src=x onerror=alert(1)>"
TAGS = {"b", "br", "p", "i", "span", "div", "mark", "table", "caption", "tr", "th", "td", "ol", "li", "style"}


def page_html(widget) -> str:
    """Every HTML value a widget puts on the page."""
    import ipywidgets as w

    if isinstance(widget, w.HTML):
        return widget.value
    return "\n".join(page_html(child) for child in getattr(widget, "children", ()))


# A rule's link, as say() writes a rule id into a note: ours (the prompt at the table's start cites one).
RULE_LINK = re.compile(r'<a href="[^"<>]*#([A-Z]\d+)" target="_blank" title="rule \1 in the rule book"[^<>]*>\1</a>')


def assert_only_our_tags(widget) -> None:
    html = RULE_LINK.sub("", page_html(widget))
    found = set(re.findall(r"<\s*/?\s*([a-zA-Z][a-zA-Z0-9]*)", html))
    assert found <= TAGS, f"tags {found - TAGS} on the page"


@pytest.mark.parametrize(
    "make",
    [
        lambda v: DummyTrainer(seed=v),
        lambda v: FollowSuitTrainer(seed=v),
        lambda v: widgets.BiddingTrainer(seed=v, worlds=8),
        lambda v: ScoreQuiz(seed=v),
        lambda v: widgets.Table(seed=v),
    ],
    ids=["dummy", "follow", "bidding", "quiz", "table"],
)
def test_a_seed_never_reaches_the_page_as_html(make):
    try:
        widget = make(HOSTILE)
    except ValueError:  # refused by name: fine too
        widget = make(5)
    assert_only_our_tags(widget)
    if hasattr(widget, "seed") and hasattr(widget, "redraw"):  # a seed set by hand and drawn again is text
        widget.seed = HOSTILE
        widget.redraw()
        assert_only_our_tags(widget)
