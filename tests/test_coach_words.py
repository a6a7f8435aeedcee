"""Issue 38, point 1: the coach's words go through the catalog; the bands stay English keys (the pages' CSS, the
reports), and the words shown are the learner's language (English word for word as before)."""

from __future__ import annotations

import pytest

from euchre_lesson import PARTNERSHIP, new_game
from euchre_lesson.classroom import seat_view
from euchre_lesson.engine.language import speaking
from euchre_lesson.play.coach import (
    BAND_WORDS,
    BANDS,
    NOTHING_DECIDED,
    ONLY_CHOICE,
    accuracy_words,
    band_words,
    drop_words,
    hands_reviewed,
    nothing_decided,
    review,
    this_hand,
)
from euchre_lesson.play.session import TableSession
from euchre_lesson.widgets.coach import BAND_CLASSES, Coach


def test_english_stays_word_for_word():
    assert accuracy_words(9, 11, 86.4, this_hand()) == "You played 9 of 11 decisions well this hand: 86% accurate."
    assert accuracy_words(3, 4, 70.0, hands_reviewed(3)) == (
        "You played 3 of 4 decisions well in the 3 hands reviewed: 70% accurate."
    )
    assert hands_reviewed(2, in_game=True) == " in the 2 hands reviewed in this game"
    assert drop_words(0.123) == "lowered your chance of winning the game by 12 in 100"
    assert drop_words(0.004) == "lowered your chance of winning the game by less than 1 in 100"
    assert nothing_decided() == NOTHING_DECIDED and band_words("Mistake") == "Mistake"


@pytest.mark.parametrize("language", ["fr", "et"])
def test_every_band_has_its_words_in_french_and_estonian_and_stays_a_key(language):
    with speaking(language):
        shown = {band: band_words(band) for band, _least in BANDS}
        assert all(words and words != band for band, words in shown.items()), shown
        assert band_words(ONLY_CHOICE) != ONLY_CHOICE
    assert set(BAND_CLASSES) == {band for band, _least in BANDS} <= set(BAND_WORDS)


def test_the_coach_speaks_french_with_tu():
    with speaking("fr"):
        said = accuracy_words(9, 11, 86.4, this_hand())
        assert said == "Tu as bien joué 9 sur 11 décisions dans cette donne : précision de 86 %."
        assert "ta chance de gagner la partie de 12 sur 100" in drop_words(0.12)
        assert nothing_decided().startswith("Tu n'as pris aucune décision")


def test_the_class_s_coach_and_the_lessons_coach_speak_the_language_chosen():
    empty = review([], 0, 1, (0, 0))
    with speaking("et"):
        seen = seat_view.coach_seen(empty, [empty])
        panel = Coach(TableSession(new_game(PARTNERSHIP, seed=1), 0))
        panel.show(empty)
        panel.show(None, looking=True)
    assert seen["summary"] == "Sa ei teinud selles jaos ühtegi otsust, nii et treeneril pole midagi üle vaadata."
    assert "Treener vaatab" in panel.summary.value
    assert panel.try_button.description == "Proovi siit uuesti" and panel.back_button.description != "Back to the game"
