"""What each seat may know of a call for best (R3, issue 24 point 7): the Table's story and the bidding trainer's
tell the other players the giver's reason without the card passed, by one rule the engine keeps."""

import re

import pytest
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)

from euchre_lesson import RAILROAD, RuleOfThumbPlayer
from euchre_lesson.engine import narration
from euchre_lesson.engine.actions import Verb
from euchre_lesson.widgets import bidding
from euchre_lesson.widgets.table import Table


def secret_cards(hand, seat):
    """The cards of the calls for best `seat` took no part in: the card given and the card then laid down (R3)."""
    secret = set()
    for number, (giver, lone) in enumerate(hand.exchanges[: len(hand.given)]):
        if seat not in (giver, lone):
            secret |= {hand.given[number], *hand.laid_down[number : number + 1]}
    return secret


def reasons_before_the_play(story_html: str) -> list[str]:
    lines = re.findall(r"<li>(.*?)</li>", story_html)
    return [reason for line in lines if not line.startswith("Trick") for reason in re.findall(r"“(.*?)”", line)]


def hands_with_a_call_for_best_elsewhere(table: Table, most_hands: int = 40):
    """Each finished hand at this table in which a call for best passed between two other players."""
    learner = RuleOfThumbPlayer()
    for _ in range(most_hands):
        while not table.hand.is_over:
            table.act(learner.choose(table.view))
        hand = table.hand
        if secret_cards(hand, table.seat):
            yield hand
        if table.game.is_over:
            return
        table.next_button.click()


@pytest.mark.rule("R3")
def test_the_table_s_story_never_names_a_card_passed_between_two_other_players():
    found = 0
    for seed in range(6):
        table = Table(RAILROAD, seat=0, seed=seed)
        for hand in hands_with_a_call_for_best_elsewhere(table):
            secret = secret_cards(hand, table.seat)
            told = " ".join(reasons_before_the_play(table.story.value))
            assert "I give the" in told or "I received the" in told, "the giver's reason is told"
            assert not [card for card in secret if str(card) in told], f"seed {seed}: the story names {secret}"
            said = " ".join(
                reason for i, reason in table.session.reasons_shown.items() if hand.history[i].kind is not Verb.PLAY
            )
            assert narration.HIDDEN in said and not [card for card in secret if str(card) in said]
            found += 1
        if found >= 3:
            break
    assert found >= 3


@pytest.mark.rule("R3")
def test_the_two_concerned_read_the_card_passed():
    for seed in range(6):
        table = Table(RAILROAD, seat=0, seed=seed)
        learner = RuleOfThumbPlayer()
        for _ in range(40):
            while not table.hand.is_over:
                table.act(learner.choose(table.view))
            hand = table.hand
            if hand.given and any(0 in pair for pair in hand.exchanges):
                reasons = {i: f"the {card}" for i, card in enumerate(hand.given)}
                assert narration.reasons_heard(hand, 0, reasons) == reasons
                return
            if table.game.is_over:
                break
            table.next_button.click()
    pytest.fail("no call for best with seat 0 in it")


def test_the_rule_is_written_once_and_the_bidding_trainer_uses_it():
    assert bidding.reasons_heard is narration.reasons_heard
