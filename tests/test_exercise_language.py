"""An exercise in the learner's language: its words translated, its answers the same (issue 38, points 1 and 2)."""

from __future__ import annotations

import pytest
from test_widgets_table import callbacks_raise  # noqa: F401  (autouse: an exception in a click handler fails)

from euchre_lesson.engine.language import speaking
from euchre_lesson.teach.context import bound
from euchre_lesson.teach.course import exercises, lesson_numbers
from euchre_lesson.teach.exercises import Bid, Choice, Exercise
from euchre_lesson.teach.progress import Progress
from euchre_lesson.widgets import ask

LEFT = "the player on the dealer's left"  # lesson 3 q4's right option, as the lesson writes it (its key)


def test_a_choice_in_french_shows_french_words_and_grades_the_same_answer_right():
    question = exercises(3).q4
    with speaking("fr"):
        labels = [question.label(choice) for choice in question.choices()]
        assert "le joueur à gauche du donneur" in labels and LEFT not in labels
        assert question.prompt.startswith("Trois joueurs")
        assert question.hint(1).startswith("Après chaque donne")
        assert question.check("le joueur à gauche du donneur").correct  # its French words, typed
        assert question.check(LEFT).correct  # the option as written still names it
        assert not question.check("encore le donneur").correct
        assert str(question.check("encore le donneur")).startswith("Pas tout à fait")
        assert question.explained().startswith("Réponse : le joueur à gauche du donneur.")
    assert question.label(LEFT) == LEFT and question.prompt.startswith("Three players")  # English as it was


@pytest.mark.parametrize("language", ["fr", "et"])
def test_the_view_s_buttons_speak_the_language_chosen_and_progress_keeps_the_answer(tmp_path, language):
    progress = Progress(tmp_path)
    with bound(progress), speaking(language):
        view = ask("lesson 3 q4")
        words = {choice: view.button_for(choice).description for choice in view.choices}
        assert all(LEFT not in said and "seat" not in said for said in words.values()), words
        view.button_for(LEFT).click()
        view.check_button.click()
        assert view.verdict and view.verdict.correct
        assert "✔" in view.note.value and "Correct" not in view.note.value  # the verdict, in the learner's words
    assert progress.answers()["lesson 3 q4"].answer == LEFT  # kept by its identity, whichever language answered


@pytest.mark.parametrize("language", ["fr", "et"])
@pytest.mark.parametrize("lesson", lesson_numbers())
def test_every_word_an_author_wrote_for_an_exercise_is_translated(language, lesson):
    # Each prompt, option and verdict of a lesson's Choice, each hint and each Bid's reason reads differently in
    # French and Estonian (a message the catalog lacks is shown as written, in English).
    for name, question in vars(exercises(lesson)).items():
        english = authors_words(question)
        with speaking(language):
            translated = authors_words(question)
        same = [words for words, other in zip(english, translated, strict=True) if words == other]
        assert not same, f"lesson {lesson} {name} in {language} still says: {same}"


def authors_words(question: Exercise) -> list[str]:
    """The sentences a lesson's author wrote for an exercise: its hints, a Bid's reason, a Choice's prompt, each of
    its options and each option's verdict."""
    said = [question.hint(number) for number in range(1, question.hint_count + 1)]
    if isinstance(question, Bid):
        said.append(question.explain())
    if isinstance(question, Choice):
        said.append(question.prompt)
        for choice in question.choices():
            if any(letter.isalpha() for letter in choice):  # "24" is no word to translate
                said.append(question.label(choice))
            said.append(str(question.check(choice)))
    return said


def test_a_kind_of_exercise_asks_and_answers_in_french_and_reads_the_same_suit():
    # Lesson 1 q1, a WhichSuit: its question, its suits and its verdicts are French; ♥ is still the answer.
    question = exercises(1).q1
    with speaking("fr"):
        assert question.prompt == "Avec ♥ atout, à quelle couleur appartient J♦ ?"
        assert [question.label(suit) for suit in question.choices()] == ["♣ trèfle", "♦ carreau", "♥ cœur", "♠ pique"]
        right, wrong = question.check("♥"), question.check("♦")
        assert right.correct and "valet gauche" in str(right) and "compte comme un cœur" in str(right)
        assert not wrong.correct and "ressemble à un carreau" in str(wrong)
    assert question.label(question.answer()) == "♥ hearts" and "counts as a heart" in str(question.check("♥"))


def test_a_count_of_cards_left_out_is_said_as_the_language_counts():
    question = exercises(6).q1  # LegalPlays: the cards of the hand that may be played
    with speaking("et"):
        assert "jätsid välja 1 kaardi" in str(question.check("J♦ Q♥"))
    assert "You left out 1 card that may be played too" in str(question.check("J♦ Q♥"))
