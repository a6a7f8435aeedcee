"""Lesson 0's guided first hand (issue 37, point 3): each step explained before the learner clicks, the advice and
the computers' reasons from the rule of thumb, only legal choices, plain words."""

import re

import pytest
from test_learner_words import html_words, texts_of

from euchre_lesson.engine.actions import Verb
from euchre_lesson.engine.cards import parse_card
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.engine.phases import Phase
from euchre_lesson.engine.said import words_of
from euchre_lesson.play.rule_of_thumb import RuleOfThumbPlayer
from euchre_lesson.widgets import GuidedHand
from euchre_lesson.widgets.guided import AGAIN, YOU
from euchre_lesson.widgets.table_view import ClickRefused

# What a first hand must not say: the words lessons 1 and 5 explain as marks, going alone, engine or research words.
NOT_YET = re.compile(r"\balone\b|\blone\b|\bL\b|\bR\b|\bengine\b|\bsimulat\w*|OpenSpiel|IS-MCTS|\bDecision\b")


def words_now(hand: GuidedHand) -> list[str]:
    """Every word the guided hand shows now: its guide, its story, and the board's title, prompt and buttons."""
    picture = hand.board.picture
    board = [picture["title"], picture["prompt"], picture["trump_words"]]
    board += [button["words"] for button in picture["buttons"]] + [button["why"] for button in picture["buttons"]]
    board += [seat["roles"] for seat in picture["seats"]]
    return texts_of(hand) + board


def squeezed(words: str) -> str:
    """Words without their spaces: a rule's id is a link, which the page's words set apart."""
    return re.sub(r"\s+", "", words)


def play_as_advised(hand: GuidedHand) -> list[tuple[Phase, str, str]]:
    """Follow the advice to the end: (phase, the guide's words before the click, the action) at each of your turns."""
    steps = []
    while not hand.is_over:
        phase, before = hand.view.phase, html_words(hand.guide.value)
        steps.append((phase, before, str(hand.follow_advice())))
    return steps


def test_the_friendly_deal_is_made_and_won_by_the_learner_who_follows_the_advice():
    hand = GuidedHand()
    steps = play_as_advised(hand)
    assert [phase for phase, _, _ in steps] == [Phase.ROUND_ONE, Phase.GOING_ALONE, Phase.DUMMY] + [Phase.PLAY] * 5
    assert steps[0][2] == "order" and steps[1][2] == "stay"
    assert hand.hand.maker == YOU and hand.hand.tricks_won[YOU] == 5
    assert hand.game.scores[YOU] == 3  # a march by a maker with the dummy (T7)
    assert "The hand is over" in html_words(hand.guide.value)


def test_each_step_is_explained_before_the_learner_clicks():
    hand = GuidedHand()
    headings = {
        Phase.ROUND_ONE: "The bidding.",
        Phase.GOING_ALONE: "The dummy.",
        Phase.DUMMY: "Keep five.",
        Phase.PLAY: "of 5: your lead.",
    }
    for phase, before, _action in play_as_advised(hand):
        assert headings[phase] in before, (phase, before)
        assert "Our advice:" in before and "Why:" in before, before
    first = html_words(GuidedHand().guide.value)
    for word in ("trump", "up-card", "order it up", "maker", "pass"):
        assert word in first, word  # each word of the first choice is said before it


def test_the_advice_is_the_rule_of_thumb_s_and_is_legal():
    hand, player = GuidedHand(), RuleOfThumbPlayer()
    while not hand.is_over:
        view = hand.view
        advice = hand.advice()
        assert advice == player.decide(view) and advice.action in view.legal
        hand.follow_advice()
    assert hand.advice() is None


def test_the_computers_reasons_are_shown_as_they_play():
    hand = GuidedHand()
    hand.follow_advice()  # order it up: the dealer, East, takes the up-card and says why
    reasons = hand.model.reasons[0]
    dealer_s = words_of(reasons[len(hand.hand.history) - 1])
    assert "I take the Q♠" in dealer_s
    assert squeezed(dealer_s) in squeezed(html_words(hand.story.value))
    play_as_advised(hand)
    story, reasons = squeezed(html_words(hand.story.value)), hand.model.reasons[0]
    for place, actor in enumerate(hand.hand.actors):
        if actor != YOU and place >= hand.since:
            assert squeezed(words_of(reasons[place])) in story, reasons[place]  # kept in no language: put in words


def test_the_maker_is_offered_only_the_dummy():
    hand = GuidedHand()
    hand.follow_advice()
    assert hand.view.phase is Phase.GOING_ALONE
    assert [b["words"] for b in hand.board.picture["buttons"]] == ["Take the dummy"]
    with pytest.raises(ClickRefused):
        hand.board.press("alone")
    with pytest.raises(ValueError, match="not a choice now"):
        hand.take("alone")
    assert hand.view.phase is Phase.GOING_ALONE  # nothing changed


def test_any_legal_choice_is_taken_with_a_comment():
    hand = GuidedHand()
    hand.board.press("pass")  # not the advice
    said = html_words(hand.guide.value)
    assert "You passed." in said and "not our advice" in said
    assert hand.view.phase is Phase.ROUND_TWO  # West and East passed too, with their reasons shown
    assert html_words(hand.story.value).count("passed") == 2
    while not hand.is_over:
        hand.follow_advice()
    assert "The hand is over" in html_words(hand.guide.value)


def test_a_card_the_rules_refuse_cannot_be_clicked():
    hand = GuidedHand()
    hand.board.press("pass")
    while not hand.is_over:
        view = hand.view
        if view.phase is Phase.PLAY and len(view.legal) < len(view.hand):
            refused = next(c for c in view.hand if all(a.card != c for a in view.legal))
            with pytest.raises(ClickRefused):
                hand.board.click_card(str(refused))
            with pytest.raises(ValueError):
                hand.take(f"play {refused}")
            return
        hand.follow_advice()
    raise AssertionError("no card was ever refused in this hand: choose a path where one is")


def test_the_keep_step_selects_and_unselects_cards():
    hand = GuidedHand()
    hand.follow_advice()
    hand.follow_advice()
    assert hand.view.phase is Phase.DUMMY
    hand.board.click_card("A♣")
    assert hand.selected == {parse_card("A♣")}
    assert "Selected 1 of 5" in html_words(hand.guide.value)
    hand.board.click_card("A♣")
    assert hand.selected == frozenset()
    assert "right bower" in html_words(hand.guide.value)  # the marked jack is explained where it is first seen


def test_a_click_on_an_older_drawing_is_refused():
    hand = GuidedHand()
    old = hand.board.picture["moment"]
    hand.follow_advice()
    with pytest.raises(ClickRefused):
        hand.board._act({"moment": old, "card": None, "key": "order"})


def test_play_it_again_deals_the_same_cards():
    hand = GuidedHand()
    first = hand.hand.deal
    play_as_advised(hand)
    assert [b["key"] for b in hand.board.picture["buttons"]] == [AGAIN]
    hand.board.press(AGAIN)
    assert hand.hand.deal == first and not hand.hand.history
    assert hand.view.phase is Phase.ROUND_ONE and hand.comment == ""


def test_no_word_a_first_hand_has_not_explained():
    """No "alone", no bower's "L" or "R", no engine words, on the advised path and on one the learner strays on."""
    for stray in (False, True):
        hand = GuidedHand()
        if stray:
            hand.take("pass")
        found = set()
        while True:
            found |= {m[0] for text in words_now(hand) for m in NOT_YET.finditer(text)}
            if hand.is_over:
                break
            hand.follow_advice()
        assert found == set(), (stray, found)


def test_bad_choices_are_refused_in_words():
    hand = GuidedHand()
    for bad in ("fly", 3, None, "play A♥"):
        with pytest.raises((NotationError, ValueError)):
            hand.take(bad)
    assert not hand.hand.history  # nothing changed
    assert Verb.ORDER in {a.kind for a in hand.offered()}


@pytest.mark.parametrize(
    "language,ours",
    [("fr", ("Notre conseil", "Bon choix.", "ta première donne", "Rejouer cette donne", "Pourquoi")),
     ("et", ("Meie soovitus", "Hea valik.", "sinu esimene jagu", "Mängi uuesti", "Miks"))],
)  # fmt: skip
def test_the_guided_hand_speaks_the_learner_s_language_from_its_first_bid_to_play_it_again(language, ours):
    from euchre_lesson.engine.language import speaking

    english = re.compile(
        r"\b(Our advice|Why|Well chosen|your first hand|Play it again|The bidding|Trick \d of 5|The hand is over|"
        r"What the computer players did|press|follow suit|You hold no|Keep five|The dummy)\b"
    )
    said = []
    with speaking(language):
        hand = GuidedHand()
        while not hand.is_over:
            said += [hand.guide.value, hand.board.picture["prompt"], hand.story.value, hand.board.picture["title"]]
            hand.follow_advice()
        said += [hand.guide.value, hand.board.picture["prompt"], *(b["words"] for b in hand.board.picture["buttons"])]
    words = html_words(" ".join(said))
    assert not english.search(words), english.search(words)
    assert all(word in words for word in ours), [word for word in ours if word not in words]
