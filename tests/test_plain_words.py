"""Words for what the engine spells as code (issue 26, point 5): a bid said as the table's buttons say it, a keep
of five cards, each house-rule switch, and each row of the scoring tables as the rule book writes it."""

from __future__ import annotations

import re
from dataclasses import fields, replace
from pathlib import Path

import pytest
from test_learner_words import findings

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, deal_hand
from euchre_lesson.engine import narration
from euchre_lesson.engine.actions import Action, Verb
from euchre_lesson.engine.cards import parse_cards
from euchre_lesson.engine.rules import ALLOWED, RuleSet, switch_words
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.exercises import BestFive, Bid
from euchre_lesson.widgets import Table

RULE_BOOK = (Path(__file__).resolve().parent.parent / "RULES.md").read_text(encoding="utf-8")


# -- a bid in words -------------------------------------------------------------------------------------------


def test_a_bid_exercise_says_its_choices_as_the_table_s_buttons_do():
    bid = exercises(2).q3  # seat 0, dealer seat 2, up-card 10♥: order it up
    view = bid.state.view(bid.state.to_act)
    assert [bid.label(choice) for choice in bid.choices()] == [narration.choice_words(a, view) for a in bid.choices()]
    assert [bid.label(choice) for choice in bid.choices()] == ["Pass", "Order up the 10♥"]
    assert bid.question == "Seat 0 to act: pass or order up the 10♥?"
    bare = replace(bid, hints=())  # the hint of a bid whose author wrote none: how to count a hand (C6)
    assert bare.hint().startswith("Count the cards that would be trump") and "No hint" not in bare.hint()
    assert bid.solution().startswith("Answer: Order up the 10♥. ")
    assert bid.check("pass").message.startswith("Passing lets a hand worth a bid go by")  # the 10♥ is not named
    assert "order" not in bid.check("pass").message.casefold()
    assert bid.check("pass").answer == "pass" and bid.check("order").answer == "order"  # as progress keeps it


def test_a_bid_takes_the_typed_tokens_and_the_button_s_words():
    bid = exercises(2).q3
    for typed in ("order", "order up", "Order up the 10♥", "order up the 10♥ "):
        assert bid.check(typed), typed
    assert not bid.check("pass") and bid.check("pass").answered
    round_two = exercises(3).q3
    assert [round_two.label(c) for c in round_two.choices()] == [
        "Pass",
        "Call clubs ♣",
        "Call diamonds ♦",
        "Call spades ♠",
    ]
    assert round_two.check("call ♠") and round_two.check("Call spades ♠") and round_two.check("call spades")
    assert round_two.solution().startswith("Answer: Call spades ♠. ")


def test_a_dealer_s_bid_and_several_right_answers_are_said_in_words():
    state = deal_hand(CUTTHROAT, 0, seed=5).apply("pass").apply("pass")  # the dealer, seat 0, to act
    bid = Bid(state, accept=("order", "pass"), reason="Either will do.")
    up = state.up_card
    assert [bid.label(c) for c in bid.choices()] == ["Pass", f"Accept the {up}"]
    assert bid.solution().startswith(f"Answer: Accept the {up} or pass. ")
    assert bid.question == f"Seat 0 to act: pass or accept the {up}?"


# -- five cards kept ------------------------------------------------------------------------------------------


def test_a_keep_is_said_with_its_cards_in_words():
    keep = Action(Verb.KEEP, cards=tuple(parse_cards("A♣ Q♦ K♦ 9♥ K♥")))
    assert narration.choice_words(keep, deal_hand(CUTTHROAT, 0, seed=1).view(0)) == "keep the A♣, Q♦, K♦, 9♥ and K♥"
    assert narration.cards_words(parse_cards("9♥")) == "the 9♥"
    assert narration.cards_words(parse_cards("9♥ A♠")) == "the 9♥ and A♠"


def test_a_worse_keep_is_told_in_words():
    # Where the five fall short, in words, never the stronger five's cards (issue 37: a second try).
    verdict = exercises(4).q2.check("Q♣ K♣ 9♦ 10♦ 9♥")
    assert "You kept no trumps, but more of your ten cards are trumps" in verdict.message
    one = BestFive("JH JD AH KH 9H AS 9C 10C QD KS", "H").check("JH JD AH KH AS")
    assert "You kept 4 trumps, but more of your ten cards are trumps" in one.message and "9♥" not in one.message


# -- the switches of the house rules ----------------------------------------------------------------------------


def test_every_rule_set_field_has_its_words_and_its_rule():
    for field in fields(RuleSet):
        allowed = ALLOWED[field.name]
        assert allowed.words and not findings(allowed.words), field.name
        values = allowed.values if len(allowed.values) <= 12 else (allowed.values[0], allowed.values[-1])
        for value in values:
            words = switch_words(field.name, value)
            assert words.startswith(allowed.words + ": ") and words.endswith(f" ({allowed.rule})"), words
            assert not findings(words), words
            assert "_" not in words and "True" not in words and "False" not in words, words


def test_switches_read_as_lesson_10_names_them():
    assert switch_words("stick_the_dealer", True) == "stick the dealer: on (C9)"
    assert switch_words("allow_lone_defender", False) == "lone defenders: off (C10)"
    assert switch_words("deck", 25) == "the deck: 25 cards (C1)"
    assert switch_words("opening_lead", "dealer_left") == "the opening lead: the dealer's left always leads (C11)"
    assert switch_words("tie_rule", "shared") == "a tie at the top: the leaders share the win (T8)"
    assert switch_words("lone_maker_march_points", 4) == "a lone maker's march: 4 points (T7, F4)"
    assert replace(CUTTHROAT, deck=32, stick_the_dealer=True).switches_words() == (
        "the deck: 32 cards (C1)",
        "stick the dealer: on (C9)",
    )
    assert RAILROAD.switches_words() == ()


def test_the_table_header_says_the_changed_switches_in_words():
    header = Table(replace(CUTTHROAT, stick_the_dealer=True, tie_rule="shared"), seat=0, seed=1).header.value
    assert "house rules: stick the dealer: on (" in header and "a tie at the top: the leaders share the win (" in header
    assert "stick_the_dealer" not in header and "True" not in header
    assert "house rules: none changed" in Table(CUTTHROAT, seat=0, seed=1).header.value


# -- the scoring tables, word for word as the rule book writes them ------------------------------------------------


def book_table(rule: str) -> list[tuple[str, str]]:
    """The rows (result, points) of a rule's table in RULES.md."""
    entry = RULE_BOOK[RULE_BOOK.index(f"- **{rule} ") :]
    entry = entry[: entry.index("\n- **")]
    rows = [line.strip().strip("|").split("|") for line in entry.splitlines() if line.strip().startswith("|")]
    return [(result.strip(), points.strip()) for result, points in rows[2:]]  # the header and its rule left out


def first_number(words: str) -> int:
    return int(re.search(r"\d+", words)[0])


@pytest.mark.parametrize(
    "rules, rule", [(CUTTHROAT, "T7"), (PARTNERSHIP, "F4"), (RAILROAD, "F4")], ids=["T7", "F4", "F4 in Railroad"]
)
def test_each_scoring_row_says_what_its_table_in_the_rule_book_says(rules, rule):
    rows = [row for row in rules.scoring if row.rule == rule]
    assert [row.result for row in rows] == [result for result, _ in book_table(rule)]
    for row, (_, points) in zip(rows, book_table(rule)):
        side = row.makers if points.startswith("maker") else row.defenders
        assert side == first_number(points), (row, points)


def test_the_two_hand_rows_say_what_w6_says():
    entry = RULE_BOOK[RULE_BOOK.index("- **W6 ") :]
    said = " ".join(entry[: entry.index("\n- **")].split())
    clauses = [part.split(":")[0].strip() for part in said.removeprefix("- **W6 Scoring.** ").split(";")]
    assert [row.result for row in TWO_HANDED.scoring] == [
        "the maker takes 3 or 4 tricks",
        "the maker takes all 5",
        "the maker is euchred (0–2 tricks)",
    ]
    assert clauses[:3] == ["The maker takes 3 or 4 tricks", "all 5", "euchred (0–2 tricks)"]
    assert all(row.result.lower().endswith(clause.lower()) for row, clause in zip(TWO_HANDED.scoring, clauses))


def test_a_switch_that_pays_other_than_the_table_adds_its_own_row_first():
    richer = replace(CUTTHROAT, lone_maker_march_points=5)
    assert [row.result for row in richer.scoring if row.rule == "T7"][1:3] == [
        "a lone maker takes all 5",
        "maker takes all 5 tricks",
    ]
    assert (
        narration.row_words(CUTTHROAT, CUTTHROAT.scoring[1]) == "maker takes all 5 tricks, so the maker scores 3 (T7)"
    )
    assert [row.rule for row in RAILROAD.scoring].count("R4") == 1
