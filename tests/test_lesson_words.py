"""The mistakes in the lessons' words that issue 37 lists (point 4), each read where the learner reads it: a
lesson's prose and stored output, an exercise's question and verdicts, a trainer's or the computer's words.

Each test names the mistake it guards against; the rule book (RULES.md) is the authority."""

import re

import nbformat
import pytest
from test_glossary_in_lessons import outputs
from test_learner_words import NOTEBOOKS, learner_cells, prose, texts_of

from euchre_lesson import CUTTHROAT, deal_hand
from euchre_lesson.engine import narration
from euchre_lesson.engine.actions import Action, Verb
from euchre_lesson.engine.cards import parse_cards
from euchre_lesson.play import advice
from euchre_lesson.play.rule_of_thumb import RuleOfThumbPlayer
from euchre_lesson.teach.course import exercises, lesson_numbers
from euchre_lesson.teach.exercises import BestFive, PlayableCard, Score
from euchre_lesson.teach.progress import Progress
from euchre_lesson.widgets import BiddingTrainer, ExerciseView
from euchre_lesson.widgets.exercise import ask

# The lessons this file reads: lesson 8 and the contents page are other parts' (their words are tested there).
LESSONS = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if p.name[:2] not in ("08", "14", "15"))


def lesson(number: int):
    return next(p for p in LESSONS if p.name.startswith(f"{number:02d}_"))


def learner_text(number: int) -> str:
    """What a learner reads of a lesson on its page: its prose and stored output outside "For programmers"."""
    path = lesson(number)
    return "\n".join(
        (prose(path, cell) if cell.cell_type == "markdown" else "") + "\n" + "\n".join(outputs(cell))
        for cell in learner_cells(path)
    )


def markdown(number: int) -> str:
    """A lesson's prose, the part For programmers too (a reader of the notebook reads it)."""
    return "\n".join(c.source for c in nbformat.read(lesson(number), as_version=4).cells if c.cell_type == "markdown")


# -- no engine or research words ---------------------------------------------------------------------------------

ENGINE_WORDS = re.compile(r"\bengine\b|\bthe sources\b|(?-i:\bDecision\b)|OpenSpiel|IS-MCTS|\bsimulat\w*", re.I)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_lesson_speaks_of_the_engine_or_the_research(path):
    number = int(path.name[:2])
    found = sorted({m[0] for m in ENGINE_WORDS.finditer(learner_text(number))})
    assert found == [], f"{path.stem} says {found}"


def test_the_computer_s_advice_says_deals_not_simulated_hands():
    words = texts_of(BiddingTrainer(seed=4, worlds=8)) + [BiddingTrainer.purpose, advice._hands("points", 32)]
    found = sorted({m[0] for text in words for m in ENGINE_WORDS.finditer(text)})
    assert found == []


def test_a_keep_as_strong_as_the_best_is_praised_in_plain_words():
    """A second five as strong as the best one was "Just as strong as the engine's five"."""
    keep = BestFive("K♣ A♣ J♦ K♦ A♦ 10♥ J♥ Q♥ J♠ A♠", "♦")
    other = "J♦ K♦ A♦ J♥ A♠"
    assert set(parse_cards(other)) != set(keep.answer())
    praise = keep.check(other)
    assert praise and not ENGINE_WORDS.search(praise.message), praise.message


def test_no_lesson_points_to_a_part_its_page_hides():
    """Lesson 11 pointed to "The part For programmers at the end", and the rule book's contents linked to it."""
    for path in LESSONS:
        assert "For programmers" not in learner_text(int(path.name[:2])), path.stem
        assert "#Notation" not in "".join(c.source for c in learner_cells(path) if c.cell_type == "markdown")


# -- words before they are explained ------------------------------------------------------------------------------


def test_lesson_0_explains_what_its_table_and_replay_show():
    """Lesson 0's replay says "going alone" and marks the bowers R and L (lessons 5 and 1); "(to act)"."""
    text = learner_text(0)
    assert re.search(r"\(to act\)[^.]*turn", text), "(to act) is said to mark whose turn it is"
    assert re.search(r"\bR\b[^.]*\bL\b[^.]*bower", text), "the replay's R and L are said to mark the bowers"
    assert re.search(r"\[going alone\]", text) and text.index("[going alone]") <= text.index("going alone") + 1


def test_lesson_2_says_why_its_table_is_headed_going_alone():
    text = learner_text(2)
    first = text.index("going alone")
    assert text[first - 1] == "[", "its first use is a link to the glossary, before the table headed so"
    assert "lesson 5" in text[first : text.index("going alone ·")]


def test_no_lesson_before_7_asks_for_points_it_has_not_taught():
    """Lesson 5 asked for the defenders' points against a lone defender, which lesson 7 teaches."""
    for number in range(7):
        for name, exercise in vars(exercises(number)).items():
            if isinstance(exercise, Score):
                assert exercise.maker_alone and exercise.maker_tricks == 5, f"lesson {number} {name}"
    assert "kinds=['score']" not in "".join(
        c.source for c in nbformat.read(lesson(5), as_version=4).cells if c.cell_type == "code"
    )


# -- mistakes in the content ---------------------------------------------------------------------------------------


def defending_state():
    """A Cutthroat hand at a defender's choice to go alone or stay."""
    state = deal_hand(CUTTHROAT, 0, seed=11).apply("order").apply("decline").apply("stay")
    assert state.to_act not in state.makers
    return state


def test_a_cutthroat_defender_does_not_speak_of_a_partner():
    """Lesson 2's trainer said "I defend with my partner" while q6 said "There are no partners in Cutthroat"."""
    state = defending_state()
    reason = RuleOfThumbPlayer().decide(state.view(state.to_act)).reason
    assert "partner" not in reason and "other defender" in reason
    button = narration.choice_words(Action(Verb.STAY), state.view(state.to_act))
    tooltip = dict(narration.OFFERS)[Verb.STAY](Action(Verb.STAY), state.view(state.to_act))[1]
    assert button == "Defend together" and "partner" not in tooltip, tooltip
    for given in exercises(2).q6.choices():
        assert "no partners in Cutthroat" not in exercises(2).q6.check(given).message


def test_lesson_6_shows_the_hand_its_lists_come_from_and_offers_nothing_to_click():
    text = learner_text(6)
    assert not re.search(r"\[[^\]]*[♣♦♥♠]", text), "a bare list such as [A♥, 10♥]"
    assert "Try to play" not in text and "Click the A♥" not in text
    assert "J♣ A♥ 9♦" in text


def test_lesson_11_q2_counts_both_trumps():
    """J♣ 10♦ Q♦ 9♥ 9♠ with the A♠ turned up: the left bower and the 9♠ are two trumps."""
    q2 = exercises(11).q2
    assert "left bower alone" not in q2.solution()
    assert "9♠" in q2.solution()


def test_the_bidding_trainer_says_who_bid_for_you_and_why_a_missing_suit_may_do():
    """Lesson 3's trainer said "You passed." for a bid never made, and called naming spades, with no spade in the
    hand, a close call without saying why."""
    trainer = BiddingTrainer(seed=5, worlds=8)
    before = " ".join(texts_of(trainer))
    assert "You passed" in before and "the computer bid for you" in before
    trainer.choose(next(a for a in trainer.state.view(trainer.seat).legal if str(a) == "call ♠"))
    assert "no spade" in trainer.note.value and "dummy" in trainer.note.value


def test_score_questions_name_the_game_and_the_one_maker_as_the_rule_book_does():
    """The slips "In cutthroat" and "the makers' side" for Cutthroat's one maker."""
    asked = Score(5, True, rules=CUTTHROAT).question
    assert asked == "In Cutthroat, the maker alone took 5 tricks: how many points does the maker score?"
    for number in lesson_numbers():
        for exercise in vars(exercises(number)).values():
            assert not re.search(r"\bcutthroat\b", exercise.question), exercise.question


def test_a_refused_card_reads_as_one_sentence():
    """The slip "You must follow ♣" with a capital, inside another sentence."""
    card = PlayableCard("J♣ A♥ 9♦", "9♠", "♠")
    message = card.check("A♥").message
    assert message.startswith("A♥ may not be played: you hold a trump, the suit led, so you must follow it"), message
    assert "You must" not in message, message


# -- what a reader of the lessons alone tripped over ------------------------------------------------------------


def test_the_dummy_is_dealt_face_down():
    """T2: nobody sees the dummy's cards until a maker takes them; the pages print them all the same."""
    for number in (0, 2, 4):
        text = learner_text(number)
        assert re.search(r"dummy[^.]*face down", text), f"lesson {number}"


def test_lesson_3_counts_its_passes_right():
    assert "four passes" not in markdown(3)


def test_lesson_7_says_when_the_cutthroat_table_has_a_row_more():
    assert "has one row\nmore than" not in markdown(7) and "one row more than the rule book" not in markdown(7)


def test_railroad_s_recap_does_not_count_lone_defenders_among_its_extras():
    recap = learner_text(12).split("## Recap")[1]
    railroad = next(line for line in recap.split("\n* ") if line.startswith("Railroad"))
    assert "lone defenders, calling" not in railroad


def test_lesson_10_s_opening_lead_row_has_the_lone_defender():
    row = next(line for line in markdown(10).splitlines() if line.startswith("| the opening lead"))
    assert "lone defender" in row


def test_lesson_11_s_bidding_figures_say_their_game_and_the_dealer_accepts():
    text = learner_text(11)
    assert "gains most from ordering" not in text
    section = text.split("## 1.")[1].split("## 2.")[0]
    assert "Cutthroat" in section and "accept" in section


def test_lesson_9_says_assist_for_the_dealer_s_partner_and_explains_the_levels():
    """Lesson 2: the dealer's partner assists; "expert" and "rule of thumb" name the table's levels."""
    text = learner_text(9)
    assert "dealer is your partner, ordering" not in text
    assert re.search(r"\*\*rule of thumb\*\*[^.]*lesson 2", markdown(9)) and "the **expert** tries" in markdown(9)


def test_lesson_2_q2_is_no_trick_question():
    assert "house rules of these lessons" not in exercises(2).q2.question


def test_lesson_0_q2_has_one_defensible_answer():
    assert "plays the dummy" not in exercises(0).q2.question


# -- coming back ---------------------------------------------------------------------------------------------------


def test_a_finished_question_shows_the_answer_given_before(tmp_path):
    progress = Progress(tmp_path)
    exercise = exercises(0).q1
    progress.record(exercise.id, True, "24")
    from euchre_lesson.teach.context import bound

    with bound(progress):
        view = ask("lesson 0 q1")
    words = view.choice_note.value
    assert "none yet" not in words and "24" in words, words
    fresh = ExerciseView(exercises(0).q3, on_answer=lambda *_: None)
    assert "none yet" in fresh.choice_note.value
