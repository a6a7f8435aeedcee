"""Issue 38, point 1: the words of the class's pages (the join form, the seated page's tools and notes, the teacher's
desk, the join screen) go through the catalog; English word for word as before, French and Estonian where chosen."""

from __future__ import annotations

import pytest

from euchre_lesson.classroom.web.pages import join_screen, note_for, roster_label, table_words, tools_for
from euchre_lesson.engine.language import speaking

TABLE = {
    "table": 2,
    "game": "cutthroat",
    "paused": True,
    "hands_open": False,
    "hand_number": 3,
    "seats": [{"name": "Ana", "where": "here"}, {"name": "", "where": "a computer"}, {"name": "Ben", "where": "here"}],
    "scores": [4, 1, 7],
    "sides": [[0], [1], [2]],
    "to_act": 0,
    "to_act_name": "Ana",
    "waited": 12.4,
    "game_over": False,
    "winners": [],
    "problems": [],
}
VIEW = {
    "undo": {"asked": ["Ana"], "waiting_for": ["Ben"], "you_asked": False, "moment": 4},
    "hint": "",
    "hand_in_play": {"your_turn": True},
    "game_over": False,
}


def test_english_stays_word_for_word():
    assert roster_label({"name": "Gus", "token": "t", "place": None}) == "Gus (waiting)"
    assert roster_label({"name": "Ann", "token": "t", "place": (1, 2)}) == "Ann (table 1, seat 2)"
    said = table_words(TABLE)  # type: ignore[arg-type]
    assert "Table 2: cutthroat, hand 3 (paused)" in said and "<div>Scores: Ana 4, a computer 1, Ben 7.</div>" in said
    assert "To act: Ana, for 12 s." in said
    assert note_for(VIEW, "")[0] == (  # type: ignore[arg-type]
        "Ana asked to undo the last student's move: the table goes back once Ben presses Undo too."
    )
    assert [tool["words"] for tool in tools_for(VIEW)] == ["Hint", "Undo"]  # type: ignore[arg-type]
    assert ">Open<" in join_screen("", "ABCD") and ">this page<" in join_screen("", "ABCD")


@pytest.mark.parametrize(
    ("language", "waiting", "seated", "playing", "screen"),
    [
        ("fr", "Gus (en attente)", "Ann (table 1, place 2)", "Table 2 : cutthroat, donne 3 (en pause)", "tape le code"),
        ("et", "Gus (ootab)", "Ann (laud 1, koht 2)", "Laud 2: cutthroat, jagu 3 (peatatud)", "sisesta liitumiskood"),
    ],
)
def test_the_desk_and_the_join_screen_speak_the_teacher_s_language(language, waiting, seated, playing, screen):
    with speaking(language):
        assert roster_label({"name": "Gus", "token": "t", "place": None}) == waiting
        assert roster_label({"name": "Ann", "token": "t", "place": (1, 2)}) == seated
        assert playing in table_words(TABLE)  # type: ignore[arg-type]
        assert screen in join_screen("http://10.0.0.2:8765/", "ABCD")
        assert "Undo" not in note_for(VIEW, "")[0]  # type: ignore[arg-type]
