"""Progress without a server: a learner hands in a file from the contents page (typed and clicked answers alike), and
the teacher's ClassProgress reads a folder of them, leaving out each damaged file with a sentence, never the folder."""

from __future__ import annotations

import base64
import csv
import json
import os
import re
from html import unescape

import pytest

from euchre_lesson.engine.errors import NotationError
from euchre_lesson.engine.language import speaking
from euchre_lesson.teach.class_progress import HAND_IN_LIMIT, ClassProgress, hand_in, hand_in_file_name
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.progress import Progress, exercise_names
from euchre_lesson.widgets import ask
from euchre_lesson.widgets.progress import ClassProgressView, ProgressBoard


def wrong(question):
    return next(choice for choice in question.choices() if not question.judge(choice))


def learner(folder, *answers) -> Progress:
    """A learner's progress: each answer (exercise id, right?) recorded in turn."""
    progress = Progress(folder)
    for key, right in answers:
        lesson, name = int(key.split()[1]), key.split()[2]
        question = getattr(exercises(lesson), name)
        progress.check(lesson, name, question.answer() if right else wrong(question))
    return progress


def handed_in(folder, name, *answers):
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.json").write_bytes(hand_in(name, learner(folder.parent / f"progress-{name}", *answers)))


def downloaded(link_html: str) -> tuple[str, bytes]:
    """The file name and the bytes a click on the hand-in link saves."""
    found = re.search(r"download='([^']+)' href='data:application/json;base64,([A-Za-z0-9+/=]+)'", link_html)
    assert found, link_html
    return unescape(found[1]), base64.b64decode(found[2])


def test_the_contents_page_hands_in_typed_and_clicked_answers_alike(tmp_path, lesson_store):
    typed = exercises(1).q1
    lesson_store.progress.check(1, "q1", wrong(typed))  # typed, and kept through the lesson's store
    lesson_store.progress.check(1, "q1", typed.answer())
    clicked = ask("lesson 1 q2")
    clicked.button_for(clicked.exercise.answer()).click()
    clicked.check_button.click()
    board = ProgressBoard()
    board.hand_in.name.value = "  Anne-Marie "
    board.hand_in.hand_in_button.click()
    name, data = downloaded(board.hand_in.link.value)
    assert name == "progress-Anne-Marie.json" and "give that file to your teacher" in board.hand_in.said.value
    record = json.loads(data)
    assert record["name"] == "Anne-Marie"
    assert record["answers"] == {
        "lesson 1 q1": {"correct": True, "tries": 2, "first": False},
        "lesson 1 q2": {"correct": True, "tries": 1, "first": True},
    }
    (tmp_path / "handed_in").mkdir()
    (tmp_path / "handed_in" / name).write_bytes(data)
    seen = ClassProgress(tmp_path / "handed_in")
    assert seen.lessons()[0][0] == "Anne-Marie" and (1, 2, len(exercise_names(1))) in seen.lessons()[0][1]


@pytest.mark.parametrize("name", ["", "   ", "Ann\u0007", "x" * 41, None, 5])
def test_a_name_that_is_not_a_first_name_makes_no_file_and_says_what_to_write(tmp_path, name):
    board = ProgressBoard(Progress(tmp_path))
    board.hand_in.name.value = name if isinstance(name, str) else ""
    board.hand_in.hand_in_button.click()
    assert board.hand_in.link.value == "" and "first name" in board.hand_in.said.value
    with pytest.raises(NotationError, match="first name"):
        hand_in(name, Progress(tmp_path))


def test_the_class_table_and_what_to_teach_again(tmp_path):
    folder = tmp_path / "handed_in"
    handed_in(folder, "Ann", ("lesson 1 q1", False), ("lesson 1 q1", True), ("lesson 1 q2", True))
    handed_in(folder, "Bob", ("lesson 1 q1", True), ("lesson 2 q1", False))
    seen = ClassProgress(folder)
    assert [name for name, _ in seen.lessons()] == ["Ann", "Bob"] and seen.refused == ()
    ann, bob = (dict((n, (d, t)) for n, d, t in line) for _, line in seen.lessons())
    assert ann[1] == (2, len(exercise_names(1))) and bob[1] == (1, len(exercise_names(1))) and bob[2][0] == 0
    rules = {rule: (wrong_first, tried) for rule, wrong_first, tried in seen.rules()}
    for rule in exercises(1).q1.rules_exercised:  # Ann wrong at first, Bob right at once
        assert rules[rule][0] >= 1 and rules[rule][1] >= 2
    for rule in exercises(2).q1.rules_exercised:
        assert rules[rule][0] >= 1
    shares = [w / t for _, w, t in seen.rules()]
    assert shares == sorted(shares, reverse=True), "the rules most often wrong come first"
    html = seen.html()
    assert "Ann" in html and f"2 of {len(exercise_names(1))}" in html and "first tries wrong" in html
    assert html.count("background:rgb") == 2 * len(seen.lessons()[0][1]) + len(seen.rules()), "every cell shaded"
    with speaking("fr"):  # the teacher's page and guide in French: its captions, heads and cells too
        french = unescape(seen.html())
    assert f"2 sur {len(exercise_names(1))}" in french and "par élève et par leçon" in french and "Leçon 1" in french
    assert not re.search(r"\b(?:of|first tries|student|Lesson|teach again)\b", re.sub(r"<[^>]*>", " ", french))


def test_one_learner_who_handed_in_twice_is_one_row(tmp_path):
    folder = tmp_path / "handed_in"
    handed_in(folder, "Ann", ("lesson 1 q1", False))
    (folder / "Ann.json").rename(folder / "Ann-monday.json")
    handed_in(folder, "Ann", ("lesson 1 q2", True))
    seen = ClassProgress(folder)
    assert [name for name, _ in seen.lessons()] == ["Ann"]
    assert dict((n, d) for n, d, _ in seen.lessons()[0][1])[1] == 1


def good_file(tmp_path) -> bytes:
    return hand_in("Cara", learner(tmp_path / "cara", ("lesson 0 q1", True)))


DAMAGED = {
    "not JSON": lambda good: b"{not json",
    "not UTF-8": lambda good: '{"name": "Zoë"}'.encode("latin-1"),
    "another JSON file": lambda good: b'{"cutthroat": {}}',
    "a later version": lambda good: good.replace(b'"version": 1', b'"version": 2'),
    "a made-up exercise": lambda good: good.replace(b"lesson 0 q1", b"lesson 0 q99"),
    "tries as text": lambda good: good.replace(b'"tries": 1', b'"tries": "1"'),
    "a name that is no name": lambda good: good.replace(b'"Cara"', b'"Cara\\u0007"'),
    "too big": lambda good: good[:-2] + b" " * HAND_IN_LIMIT + b"}\n",
    "nested deep": lambda good: b"[" * 100 + b"]" * 100,
}


def test_damaged_files_are_left_out_one_by_one_each_with_a_sentence(tmp_path):
    folder = tmp_path / "handed_in"
    handed_in(folder, "Ann", ("lesson 1 q1", True))
    good = good_file(tmp_path)
    for number, (_what, damage) in enumerate(DAMAGED.items()):
        (folder / f"bad-{number}.json").write_bytes(damage(good))
    (tmp_path / "private.json").write_bytes(good)
    (folder / "link.json").symlink_to(tmp_path / "private.json")  # a link is never followed
    (folder / "folder.json").mkdir()
    (folder / "notes.txt").write_text("not a hand-in, not read")
    seen = ClassProgress(folder)
    assert [name for name, _ in seen.lessons()] == ["Ann"], "the good file is read, Cara's link is not"
    assert len(seen.refused) == len(DAMAGED) + 2
    for number in range(len(DAMAGED)):
        assert any(why.startswith(f"bad-{number}.json was left out: ") for why in seen.refused), seen.refused
    assert any(why.startswith("link.json") and "link" in why.split(": ", 1)[1] for why in seen.refused)
    assert all(why.endswith(".") and "Traceback" not in why and len(why) < 300 for why in seen.refused), seen.refused
    assert "<script>" not in seen.html() and "bad-0.json was left out" in seen.html()
    with speaking("fr"):  # the teacher's guide in French says it in French
        french = ClassProgress(folder)
    assert any(why.startswith("bad-0.json a été laissé de côté : ") for why in french.refused), french.refused


def test_a_folder_that_is_not_there_or_a_link_is_refused_in_words(tmp_path):
    with pytest.raises(NotationError, match="not a folder"):
        ClassProgress(tmp_path / "missing")
    (tmp_path / "real").mkdir()
    (tmp_path / "linked").symlink_to(tmp_path / "real")
    with pytest.raises(NotationError, match="not a folder"):
        ClassProgress(tmp_path / "linked")
    with pytest.raises(NotationError, match="folder"):
        ClassProgress(5)


def test_csv_is_written_to_a_new_file_never_over_one_that_is_there(tmp_path):
    folder = tmp_path / "handed_in"
    handed_in(folder, "Ann", ("lesson 1 q1", False), ("lesson 1 q1", True))
    seen = ClassProgress(folder)
    path = seen.export_csv(tmp_path / "class.csv")
    rows = list(csv.reader(path.read_text().splitlines()))
    assert rows[0][0] == "student" and rows[0][2] == f"lesson 1 (of {len(exercise_names(1))})"
    assert rows[1][0] == "Ann" and rows[1][2] == "1"
    rules = list(csv.reader(seen.export_csv(tmp_path / "rules.csv", "rules").read_text().splitlines()))
    assert rules[0] == ["rule", "first tries wrong", "exercises tried"] and rules[1][1:] == ["1", "1"]
    (tmp_path / "marks.csv").write_text("the teacher's own marks")
    (tmp_path / "link.csv").symlink_to(tmp_path / "marks.csv")
    for taken in ("marks.csv", "link.csv", "class.csv"):
        with pytest.raises(NotationError, match="already"):
            seen.export_csv(tmp_path / taken)
    assert (tmp_path / "marks.csv").read_text() == "the teacher's own marks"


def test_the_teacher_s_view_reads_again_and_saves_csv(tmp_path):
    folder = tmp_path / "handed_in"
    handed_in(folder, "Ann", ("lesson 1 q1", True))
    view = ClassProgressView(folder)
    assert "Ann" in view.tables.value and "Bob" not in view.tables.value
    handed_in(folder, "Bob", ("lesson 1 q1", False))
    view.read_tie.button.click()
    assert "Bob" in view.tables.value
    view.csv_path.value = str(tmp_path / "out.csv")
    view.export_tie.button.click()
    assert (tmp_path / "out.csv").exists() and "Saved" in view.said.value
    view.export_tie.button.click()  # the file is there now: not written over
    assert "already" in view.said.value


def test_the_download_name_is_the_learner_s_name_in_safe_letters():
    assert hand_in_file_name("Zoë O'Neil") == "progress-Zoë-O-Neil.json"
    assert os.sep not in hand_in_file_name("Jean-Luc")


def test_first_tries_are_kept_so_right_at_once_then_tried_again_is_not_wrong_at_first(tmp_path):
    folder = tmp_path / "handed_in"
    handed_in(folder, "Ann", ("lesson 1 q1", True), ("lesson 1 q1", False), ("lesson 1 q1", True))
    handed_in(folder, "Bob", ("lesson 1 q1", False), ("lesson 1 q1", True))
    answers = Progress(tmp_path / "progress-Ann").answers()
    assert answers["lesson 1 q1"].first is True and answers["lesson 1 q1"].tries == 3
    assert Progress(tmp_path / "progress-Bob").answers()["lesson 1 q1"].first is False
    rules = {rule: (wrong_first, tried) for rule, wrong_first, tried in ClassProgress(folder).rules()}
    for rule in exercises(1).q1.rules_exercised:  # Ann was right at once (then tried again), Bob wrong at first
        assert rules[rule] == (1, 2)


def test_progress_and_hand_ins_kept_before_first_tries_were_still_read(tmp_path):
    old = {
        "version": 1,
        "answers": {
            "lesson 1 q1": {"correct": True, "tries": 1, "answer": "x", "when": 1.0},
            "lesson 1 q2": {"correct": True, "tries": 3, "answer": "y", "when": 2.0},
        },
        "practice": {},
    }
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "progress.json").write_text(json.dumps(old))
    kept = Progress(tmp_path / "old")
    assert kept.answers()["lesson 1 q1"].first is None and kept.notes == []
    kept.record("lesson 1 q1", False, "z")  # the first try is not known: it stays not known
    kept.record("lesson 1 q3", False, "z")
    saved = json.loads((tmp_path / "old" / "progress.json").read_text())["answers"]
    assert "first" not in saved["lesson 1 q1"] and saved["lesson 1 q3"]["first"] is False
    folder = tmp_path / "handed_in"
    folder.mkdir()
    (folder / "Cara.json").write_text(
        json.dumps(
            {
                "kind": "euchre_lesson hand-in",
                "version": 1,
                "name": "Cara",
                "answers": {"lesson 1 q2": {"correct": True, "tries": 3}},
            }
        )
    )
    seen = ClassProgress(folder)
    assert seen.refused == () and seen.lessons()[0][0] == "Cara"
    assert all(wrong_first == 1 for _, wrong_first, _ in seen.rules()), (
        "not kept: right after 3 tries is wrong at first"
    )
