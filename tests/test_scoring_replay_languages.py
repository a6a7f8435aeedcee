"""Lessons 5 and 7's widgets in the learner's language: the scoring calculator and quiz, the hand replay, the story's
quoted reasons, and the English slips the French read-through found (issue 38, point 1)."""

import re
from pathlib import Path

import pytest

import euchre_lesson
from euchre_lesson import PARTNERSHIP, RuleOfThumbPlayer, deal_hand, play_out
from euchre_lesson.engine import language
from euchre_lesson.engine.errors import IllegalAction
from euchre_lesson.widgets.hand_log import log_html
from euchre_lesson.widgets.replay import HandReplay
from euchre_lesson.widgets.scoring import ScoreCalculator, ScoreQuiz


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").strip()


def test_the_calculator_says_its_row_in_the_learners_language():
    with language.speaking("fr"):
        line = text(ScoreCalculator().points.value)
    assert line == "Le preneur marque 1 : le preneur fait 3 ou 4 plis ( T7 )."
    with language.speaking("et"):
        assert text(ScoreCalculator().points.value) == "Tellija saab 1: tellija võtab 3 või 4 tihi ( T7 )."
    assert text(ScoreCalculator().points.value) == "The maker scores 1: maker takes 3 or 4 tricks ( T7 )."


@pytest.mark.parametrize("code, english", [("fr", ("makers", "defender", "Choose")), ("et", ("makers", "Choose"))])
def test_the_quiz_asks_and_judges_in_the_learners_language(code, english):
    with language.speaking(code):
        quiz = ScoreQuiz(seed=7)
        said = [text(quiz.note.value)]
        for _ in range(6):
            quiz.makers_answer.value = 4  # no row of either game gives the makers 4: every verdict is a wrong one
            quiz.check()
            said.append(text(quiz.note.value))
            quiz.next_question()
    for words in english:
        assert not any(words in line for line in said), [line for line in said if words in line]
    answers = {"fr": ("Preneurs 4, défenseurs 0", "preneur 4, chaque défenseur 0"), "et": ("Tellijad 4, kaitsjad 0",)}
    for answer in answers[code]:
        assert any(answer in line for line in said), said


def test_the_quiz_names_both_sides_points_in_english_as_before():
    quiz = ScoreQuiz(seed=7)
    quiz.makers_answer.value = 4
    quiz.check()
    assert "Makers 4, defenders 0 is what the row 'a lone maker takes all 5' gives ( F4 )" in text(quiz.note.value)


def replay_seen(code: str) -> set[tuple[str, object]]:
    """Every seat label of lesson 5's replay at every step, with whether it was shown."""
    hand = play_out(deal_hand(PARTNERSHIP, dealer=0, seed=165), [RuleOfThumbPlayer() for _ in range(4)])
    seen = set()
    with language.speaking(code):
        replay = HandReplay(hand)
        for step in range(replay.step_slider.max + 1):
            replay.step_slider.value = step
            seen |= {(text(seat.label.value), seat.layout.display) for seat in replay.seats}
    return seen


@pytest.mark.parametrize("code, seat", [("fr", "Place"), ("et", "Koht"), ("en", "Seat")])
def test_the_replays_seats_stay_shown_when_their_cards_are_gone_in_every_language(code, seat):
    # the seat that sits out, and each seat after its last card, kept its place only in English ("Seat ...")
    seen = replay_seen(code)
    assert all(label.startswith(seat) for label, _shown in seen), seen
    assert {shown for _label, shown in seen} == {None}, sorted(label for label, shown in seen if shown)
    assert any("(" in label and "·" in label for label, _shown in seen)


def test_a_reason_in_the_story_is_quoted_as_the_learners_language_quotes():
    hand = deal_hand(PARTNERSHIP, dealer=0, seed=3)
    view = hand.apply(hand.legal_actions()[0]).view(0)
    quotes = {"en": ("“", "”"), "fr": ("« ", " »"), "et": ("„", "“")}
    for code, (opening, closing) in quotes.items():
        with language.speaking(code):
            said = text(log_html(view, {0: "I hold no trump"}))
        assert f"— {opening}I hold no trump{closing}" in said, said


def test_a_refusals_rule_id_stands_inside_its_sentence():
    refused = IllegalAction("C12", "You must follow ♠: you hold Q♠.")
    assert str(refused) == "You must follow ♠: you hold Q♠ (C12)."
    assert str(IllegalAction("C6", "not now")) == "not now (C6)"
    assert refused.explanation == "You must follow ♠: you hold Q♠." and refused.rule == "C12"


def test_no_message_names_a_rule_and_then_gives_its_id_again():
    # « dans l'ordre que donne C10 (C10) »: the id once, in brackets, is how every message cites a rule
    from babel.messages.pofile import read_po

    with (Path(euchre_lesson.__file__).parent / "locale" / "euchre_lesson.pot").open("rb") as template:
        messages = [m.id if isinstance(m.id, str) else m.id[0] for m in read_po(template) if m.id]
    twice = re.compile(r"(?<![(\w])([A-Z]\d+)\b(?!\)).*\((?:[^)]*\W)?\1\b")
    assert twice.search("in the order C10 gives (C10).") and not twice.search("the order (C10); then C11's lead.")
    assert [message for message in messages if twice.search(message)] == []


def test_the_replays_call_for_best_is_labelled_in_the_learners_language():
    from euchre_lesson.engine.rules import PRESETS

    hand = play_out(deal_hand(PRESETS["railroad"], dealer=0, seed=7), [RuleOfThumbPlayer() for _ in range(4)])
    labels = {}
    for code in ("en", "fr", "et"):
        with language.speaking(code):
            replay = HandReplay(hand)
            replay.step_slider.value = replay.step_slider.max
            labels[code] = [text(place.label.value) for pair in replay.calls_for_best for place in pair]
    assert labels["en"] == ["Given by seat 2 to seat 0", "Laid down by seat 0"]
    assert labels["fr"] == ["Donnée par place 2 à place 0", "Posée par place 0"]
    assert labels["et"] == ["Andja: koht 2; saaja: koht 0", "Maha pani: koht 0"]
