"""The mistakes in the lessons' words that issue 37 lists (point 4), each read where the learner reads it: a
lesson's prose and stored output, an exercise's question and verdicts, a trainer's or the computer's words.

Each test names the mistake it guards against; the rule book (RULES.md) is the authority."""

import re

import ipywidgets as w
import nbformat
import pytest
from test_glossary_in_lessons import exercise_words, made_by, outputs
from test_learner_words import NOTEBOOKS, learner_cells, prose, texts_of

from euchre_lesson import CUTTHROAT, deal_hand
from euchre_lesson.engine import narration
from euchre_lesson.engine.actions import Action, Verb
from euchre_lesson.engine.cards import parse_cards
from euchre_lesson.engine.said import words_of
from euchre_lesson.pages import NOT_ON_A_PAGE
from euchre_lesson.play import advice
from euchre_lesson.play.rule_of_thumb import RuleOfThumbPlayer
from euchre_lesson.teach.course import exercises, lesson_numbers
from euchre_lesson.teach.exercises import BestFive, PlayableCard, Score
from euchre_lesson.teach.progress import Progress
from euchre_lesson.widgets import BiddingTrainer, ExerciseView
from euchre_lesson.widgets.exercise import ask

# The lessons this file reads, 0 to 12, and the rule book: the contents page and the teacher's guide are other parts'.
LESSONS = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb") if p.name[:2] not in ("14", "15"))


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


def widget_words(number: int) -> list[str]:
    """The labels, menus and notes of every widget a lesson's page shows, as first drawn, and its exercises' words."""
    words = []
    for cell in learner_cells(lesson(number)):
        made = made_by(cell.source) if cell.cell_type == "code" and "ask(" not in cell.source else None
        if isinstance(made, w.Widget):
            words += texts_of(made)
    if number in lesson_numbers():
        words += [exercise_words(exercise) for exercise in vars(exercises(number)).values()]
    return words


def test_the_engine_words_are_found():
    found = {m[0] for m in ENGINE_WORDS.finditer("Ask the engine. Decision 2: on average over 1 simulated hand.")}
    assert found == {"engine", "Decision", "simulated"}
    assert not ENGINE_WORDS.search("a decision of yours; the computer tried many deals that fit what it saw")


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_lesson_speaks_of_the_engine_or_the_research(path):
    """Its prose, stored output, widgets' labels and exercises ("Ask the engine", "Decision", "the sources")."""
    number = int(path.name[:2])
    texts = [learner_text(number), *widget_words(number)]
    found = sorted({m[0] for text in texts for m in ENGINE_WORDS.finditer(text)})
    assert found == [], f"{path.stem} says {found}"


def test_the_computer_s_advice_says_deals_not_simulated_hands():
    words = texts_of(BiddingTrainer(seed=4, worlds=8)) + [BiddingTrainer.purpose, words_of(advice._hands("points", 32))]
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


def test_lesson_0_says_no_word_of_a_later_lesson_and_explains_to_act():
    """Lesson 0's replay said "going alone" and marked the bowers R and L (lessons 5 and 1): lesson 0 now opens on
    a guided hand, and has no replay; "(to act)" is still said to mark whose turn it is."""
    text = learner_text(0)
    assert re.search(r"\(to act\)[^.]*turn", text), "(to act) is said to mark whose turn it is"
    assert "HandReplay" not in "".join(c.source for c in learner_cells(lesson(0)))
    assert not re.search(r"\b(go|goes|going|went|gone) alone\b|\bR\b|\bL\b", text), "a word of lessons 1 and 5"


def test_lesson_2_says_what_to_act_marks_before_its_first_table():
    """Its tables mark a seat "(to act)", which no lesson after lesson 0 explained."""
    text = learner_text(2)
    first = text.index("(to act)")
    assert re.match(r"\(to act\) beside a seat marks the player whose turn it is", text[first:]), text[first:][:80]


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


def test_the_joker_is_a_common_noun_in_running_text():
    """Lesson 12 said "the Joker" where lesson 10 and the rule book say "the joker" (a card's name, Joker, aside)."""
    for number in range(1, 13):
        assert "the Joker" not in learner_text(number), f"lesson {number}"


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


# -- every word of the exercises of lessons 0 to 6: their hints, options, answers ----------------------------------


def words_of_lessons_0_to_6():
    """Each exercise of lessons 0 to 6 with all it says: question, hints, answer and every option's reason."""
    from test_glossary_in_lessons import exercise_words

    return [(e.id, exercise_words(e)) for n in range(7) for e in vars(exercises(n)).values()]


def test_lessons_0_to_6_write_cutthroat_with_a_capital_everywhere():
    """The slip "cutthroat" in lower case, in a question; looked for in every word the exercises say."""
    for name, text in words_of_lessons_0_to_6():
        assert not re.search(r"\bcutthroat\b", text), name


def test_a_cutthroat_score_names_its_one_maker():
    """Lesson 5 q1's answer said "the makers score 3" of Cutthroat's one maker (T4)."""
    cutthroat = exercises(5).q1
    assert cutthroat.rules.facts.players == 3 and "the maker scores 3" in cutthroat.solution()
    assert "makers" not in cutthroat.solution()
    assert "the makers score 4" in exercises(5).q2.solution(), "a side of two partners score"


def test_no_exercise_says_cutthroat_has_no_partners():
    """The two Cutthroat defenders are partners for one hand (T4, lesson 4): "In Cutthroat nobody has a partner"
    (lesson 2 q6) said otherwise. What Cutthroat lacks is a partner in the bidding (T1, T3)."""
    for name, text in words_of_lessons_0_to_6():
        assert not re.search(r"nobody has a partner|no partners\b", text, re.I), name
    assert "nobody bids with a partner" in exercises(2).q6.explain()


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


# -- something to click on the first screen -----------------------------------------------------------------------

WIDGET = "application/vnd.jupyter.widget-view+json"
# The first screen: about 700 pixels of a page. The title and a short lead-in take at most this much prose above
# the first widget (about a dozen lines at the page's width), and the widget comes within the page's first cells.
FIRST_SCREEN_PROSE, FIRST_SCREEN_CELLS = 1200, 3


def page_cells(path) -> list:
    """The cells a lesson's page shows, in order: not the parts for programmers, the answers or JupyterLab's own."""
    return [cell for cell in learner_cells(path) if not NOT_ON_A_PAGE & set(cell.metadata.get("tags", ()))]


def first_widget(path) -> tuple[int, int]:
    """Where a lesson's page first shows a widget: its place among the cells shown, and the prose above it."""
    shown, prose_above = page_cells(path), 0
    for at, cell in enumerate(shown):
        if any(WIDGET in output.get("data", {}) for output in cell.get("outputs", ())):
            return at, prose_above
        prose_above += len(cell.source) if cell.cell_type == "markdown" else 0
    return len(shown), prose_above


@pytest.mark.parametrize("number", range(1, 13))
def test_every_lesson_opens_on_something_to_click(number):
    """Issue 37, point 3: lessons 1 to 12 opened on reading only, their first widget 800 to 5,000 letters down."""
    at, prose_above = first_widget(lesson(number))
    assert at < FIRST_SCREEN_CELLS and prose_above <= FIRST_SCREEN_PROSE, (
        f"lesson {number}'s first widget is cell {at} of its page, under {prose_above} letters of prose"
    )


def test_the_rule_book_opens_on_its_contents():
    """The rule book is read, not played: its first screen is its contents, every entry a link to click."""
    shown = page_cells(lesson(13))
    at = next(n for n, cell in enumerate(shown) if cell.source.startswith("## Contents"))
    assert at < FIRST_SCREEN_CELLS and sum(len(cell.source) for cell in shown[:at]) <= FIRST_SCREEN_PROSE
    assert len(re.findall(r"\]\(#[A-Za-z0-9-]+\)", shown[at].source)) >= 20


def test_the_rule_book_says_where_going_alone_pays_more_and_deals_the_dummy_face_down():
    """Its C10 and glossary said going alone "pays more when it works", which lessons 5 and 7 deny for Cutthroat
    (T7: a lone march scores 3, as with the dummy); its glossary dealt the dummy without "face down" (T2)."""
    text = markdown(13)
    for said in re.finditer(r"[^.]*pays more[^.]*\.", text):
        assert "partnership" in said[0] and "Cutthroat" in said[0], said[0]
    dummy = next(line for line in text.splitlines() if 'id="glossary-dummy"' in line)
    assert "face down" in dummy


@pytest.mark.parametrize(
    "game,said", [("cutthroat", "The maker leads trump"), ("partnership", "The makers lead trump")]
)
def test_the_rule_of_thumb_s_lead_names_one_maker_or_two_as_the_game_has(game, said):
    """The guided first hand shows this reason to a Cutthroat maker: 'The makers lead' was one of the listed slips."""
    from euchre_lesson.engine.hand import deal_hand
    from euchre_lesson.engine.rules import PRESETS
    from euchre_lesson.engine.view import acting_seat
    from euchre_lesson.play.rule_of_thumb import RuleOfThumbPlayer

    player, reasons = RuleOfThumbPlayer(), []
    for seed in range(60):
        state = deal_hand(PRESETS[game], dealer=0, seed=seed)
        while not state.is_over:
            choice = player.decide(state.view(acting_seat(state)))
            reasons.append(choice.reason)
            state = state.apply(choice.action)
    leads = [reason for reason in reasons if "trump to draw" in reason]
    assert leads and all(reason.startswith(said) for reason in leads), leads[:3]
