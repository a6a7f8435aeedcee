"""The hints, the advice's explanations and the grades in the learner's language (issue 38, 1 and 3): kept in no
language where they are weighed, and put into words where they are read, so that at a class's table the same hint and
the same grades read in French on a French page and in English on an English page, whatever language spoke where the
computer weighed them."""

from __future__ import annotations

import pickle
import re

from test_class_reasons_languages import ANA, BEN, COMPUTER, one_hand_played

from euchre_lesson.classroom.students import Student
from euchre_lesson.classroom.table import ClassTable
from euchre_lesson.engine.game import new_game
from euchre_lesson.engine.language import speaking
from euchre_lesson.engine.rules import CUTTHROAT, PARTNERSHIP
from euchre_lesson.engine.said import Said
from euchre_lesson.engine.view import acting_seat
from euchre_lesson.play.advice import advise, grade, graded_words, hint_words
from euchre_lesson.play.players import RuleOfThumbPlayer


def test_a_hint_and_a_grade_line_read_in_french():
    game = new_game(PARTNERSHIP, seed=1)
    view = game.view(acting_seat(game.hand))
    options = advise(game.hand, worlds=8, seed=3)  # a hand alone: weighed in points
    worst = grade(game.hand, options[-1].action, worlds=8, seed=3)
    with speaking("fr"):
        hint = hint_words(options[0].action, view, options[0].said)
        line = graded_words(options[-1].action, view, worst)
        explained = worst.explanation
    assert hint == (
        "Indice : Passer. Passer plutôt que commander A♦ : cela rapporte à ton camp 1,0 point de plus qu'aux "
        "autres (tes points moins les leurs) en moyenne, sur 32 donnes qui collent à ce que tu as vu."
    )
    assert line == (
        "Commander A♦ : Erreur. Mieux : Passer, qui rapporte à ton camp 1,0 point de plus qu'aux autres (tes "
        "points moins les leurs) en moyenne."
    )
    assert explained.startswith("Erreur. Passer plutôt que commander A♦ : cela rapporte")
    assert hint_words(options[0].action, view, options[0].said) == (  # English, word for word as before
        "Hint: Pass. Pass rather than order up the A♦: it brings your side 1.0 point more than the others (your "
        "points less theirs) on average, over 32 deals that fit what you have seen."
    )
    assert graded_words(options[-1].action, view, worst) == (
        "Order up the A♦: Mistake. Better: Pass, which brings your side 1.0 point more than the others (your points "
        "less theirs) on average."
    )


def test_a_hint_s_reason_is_kept_in_no_language_and_crosses_to_a_worker_process_and_back():
    game = new_game(CUTTHROAT, seed=2)
    options = advise(game, worlds=8, seed=1)
    best = pickle.loads(pickle.dumps(options[0]))
    assert isinstance(best.said, Said) and best == options[0]
    with speaking("et"):
        estonian = best.reason
    with speaking("fr"):
        french = best.reason
    assert best.reason != french != estonian and "võiduvõimalus" in estonian and "chance de gagner" in french


def graded_hand(decided_in: str) -> ClassTable:
    """The reasons' table (one_hand_played), Ana always choosing her last legal choice so that some choices cost her,
    and her hand graded, every move and every grade made in `decided_in`."""
    table = one_hand_played(decided_in, ana=lambda view: view.legal[-1])
    with speaking(decided_in):
        table.grade(ANA)
    return table


def test_a_french_page_and_an_english_page_read_the_same_hint_each_in_its_own_language():
    table = ClassTable(1, new_game(CUTTHROAT, seed=3), "rule of thumb", pace=0)
    table.sit(0, Student("Ana", ANA))
    table.sit(1, Student("Ben", BEN))
    while acting_seat(table.game.hand) != 0 or len(table.game.view(0).legal) < 2:
        seat = acting_seat(table.game.hand)
        if seat == COMPUTER:
            table.step()
        else:
            table.act((ANA, BEN)[seat], RuleOfThumbPlayer().choose(table.game.view(seat)))
    with speaking("et"):  # neither page's language: the words are made where they are read
        table.hint(ANA)
    with speaking("fr"):
        french = table.seat_view(ANA)["hint"]
    with speaking("en"):
        english = table.seat_view(ANA)["hint"]
    assert french is not None and english is not None
    assert french.startswith("Indice : ") and english.startswith("Hint: "), (french, english)
    assert "en moyenne" in french and "on average" in english and "on average" not in french and "Vihje" not in french


def grades_seen(table: ClassTable) -> list[str] | None:
    """Ana's grades of the last hand, as her page reading in the language chosen here shows them."""
    review = table.seat_view(ANA)["last_hand"]
    assert review is not None, "the hand is over: its review is shown"
    return review["grades"]


def test_a_french_page_and_an_english_page_read_the_same_grades_each_in_its_own_language():
    table = graded_hand(decided_in="et")
    with speaking("fr"):
        french = grades_seen(table)
    with speaking("en"):
        english = grades_seen(table)
    assert french is not None and english is not None and len(french) == len(english) >= 2
    english_band = re.compile(r": (Best|Good|Inaccuracy|Mistake|Blunder|Not graded)\b")
    assert all(english_band.search(line) for line in english), english
    assert any("Better: " in line or "A close call: " in line for line in english), english
    assert not any(english_band.search(line) or "Better" in line or "your" in line for line in french), french
    assert any("Mieux : " in line or "C'est serré : " in line for line in french), french
