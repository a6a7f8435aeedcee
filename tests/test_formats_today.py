"""Files written by the release before the formats were declared (issue 34, point 3) still load, and are written
again byte for byte as they were.

The files in tests/formats_today were written by that release's own code, at commit 163a50b (save_game, the class's
keeper, a hand's record); its key of saved games is there too, so the sealed game can be checked. The learner's
folder (tests/formats_today/learner: progress.json with answers and practice results, the class link, and a kernel's
journal written while another kernel held the lock) was written by Progress and link_lessons at commit 1a41a11.
"""

from __future__ import annotations

import json
import shutil
import warnings
from pathlib import Path

import pytest

from euchre_lesson import load_game, replay, save_game
from euchre_lesson.classroom.classroom import Classroom
from euchre_lesson.engine.formats import fits
from euchre_lesson.engine.game import game_from_record, load_saved
from euchre_lesson.engine.rules import PRESETS
from euchre_lesson.play.seal import Trust, trust_of
from euchre_lesson.teach.class_formats import CLASS_LINK
from euchre_lesson.teach.class_progress import linked
from euchre_lesson.teach.class_report import Link
from euchre_lesson.teach.house_rules import read_house_rules
from euchre_lesson.teach.progress import JOURNAL_LINE, PROGRESS_FILE, Progress

TODAY = Path(__file__).parent / "formats_today"
LEARNER = TODAY / "learner"
GAMES = [
    "finished_cutthroat_game.json",
    "partnership_game_in_its_third_hand.json",
    "game_set_up_by_hand.json",
    "sealed_twohand_game.json",
]


def text(name: str) -> str:
    return (TODAY / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", GAMES)
def test_a_saved_game_of_today_loads_and_is_saved_again_as_it_was(name, tmp_path):
    game, record = load_saved(TODAY / name)
    assert game_from_record(text(name)) == game
    save_game(game, tmp_path / name)
    again = json.loads((tmp_path / name).read_text(encoding="utf-8"))
    assert again == {field: value for field, value in record.items() if field != "seal"}


def test_the_game_set_up_by_hand_says_so_after_loading():
    game = load_game(TODAY / "game_set_up_by_hand.json")
    assert game.dealt_by_hand == (0,) and game.starting_scores == (3, 2, 1)


def test_the_sealed_game_of_today_is_still_told_as_kept(monkeypatch):
    monkeypatch.setenv("EUCHRE_LESSON_KEYS", str(TODAY / "_keys"))
    _, record = load_saved(TODAY / "sealed_twohand_game.json")
    assert trust_of(record) is Trust.KEPT


def test_a_hand_record_of_today_replays_and_is_written_again_as_it_was():
    record = json.loads(text("hand_record.json"))
    assert replay(text("hand_record.json")).record() == record == replay(record).record()


def test_a_house_rules_file_of_today_is_read():
    rules = read_house_rules(TODAY)
    assert rules.rules("cutthroat").stick_the_dealer and rules.rules("partnership").target == 11
    assert rules.rules("twohand") == PRESETS["twohand"] and rules.show_answer == "always"


def test_a_class_of_today_is_restored_and_kept_again_as_it_was(tmp_path):
    for name in ("classroom.json", "table-1.json", "table-2.json"):
        shutil.copy(TODAY / name, tmp_path / name)
    room = Classroom.restore(tmp_path, clock=lambda: 0.0)
    assert room.record() == json.loads(text("classroom.json"))
    assert [student.name for student in room.students] == ["Ana", "Ben"]
    assert room.where(room.students[1].token) == (2, 0)
    for name in ("table-1.json", "table-2.json"):  # a restored table's file is as it was read
        kept = json.loads((tmp_path / name).read_text(encoding="utf-8"))
        assert kept == json.loads(text(name))


def test_a_learners_progress_of_today_is_read_with_its_journal_and_its_link(tmp_path):
    shutil.copytree(LEARNER, tmp_path / "learner")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing in it is left out, set aside or said to be wrong
        kept = Progress(tmp_path / "learner")
        answers = kept.answers()
        practice = kept.practice_results()
    assert sorted(answers) == ["lesson 1 q1", "lesson 1 q2", "lesson 2 q1"]
    assert (answers["lesson 1 q1"].tries, answers["lesson 1 q1"].first, answers["lesson 1 q1"].answer) == (
        2,
        False,
        "♥",
    )
    assert answers["lesson 1 q2"].tries == 2 and answers["lesson 1 q2"].answer == "♣", "the journal's line is read"
    assert answers["lesson 2 q1"].when == 1765000010.5, "the journal's line is read"
    assert practice == {"bid": (True, False), "which_suit": (True, False)}
    assert linked(kept) == Link("http://192.168.1.20:8765/", "AC-DE", "Anne-Marie")
    assert fits(PROGRESS_FILE, json.loads(text("learner/progress.json")))
    journal = text("learner/progress-0123456789ab.journal").splitlines()
    assert len(journal) == 3 and all(fits(JOURNAL_LINE, json.loads(line)) for line in journal)
    assert fits(CLASS_LINK, json.loads(text("learner/class_server.json")))
    assert sorted(path.name for path in (tmp_path / "learner").iterdir()) == sorted(
        path.name for path in LEARNER.iterdir()
    ), "reading changes no file"


def test_a_progress_file_of_today_is_written_again_as_it_was_with_the_new_answer(tmp_path):
    shutil.copy(LEARNER / "progress.json", tmp_path / "progress.json")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Progress(tmp_path, clock=lambda: 1765000100.0).record_practice("bid", False)
    before = json.loads(text("learner/progress.json"))
    before["practice"]["bid"].append([1765000100.0, False])
    before["review"] = {"practice bid": {"due": 1765000100.0, "missed": 1765000100.0, "reviews": 0}}  # a miss to review
    assert json.loads((tmp_path / "progress.json").read_text(encoding="utf-8")) == before
