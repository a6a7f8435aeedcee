"""Student copies never lose a teacher's file: links are replaced, never written through; a
folder holding files the tool did not write is refused unless forced; a broken lesson stops
the run before anything is written; mistakes are one clear message, never a traceback."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from euchre_lesson.teach.refusals import ToolRefused
from euchre_lesson.teach.student_copies import build

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ROOT = NOTEBOOKS.parent
# Two small lessons keep the tests fast; 06 has outputs to lose, and gets a teacher's solution cell to lose too
# (the lessons themselves show no answer before a try: tests/test_no_answers.py).
SAMPLE = ["06_playing_tricks.ipynb", "14_contents.ipynb"]


@pytest.fixture
def source(tmp_path) -> Path:
    """A teacher's folder with two lessons, the first with a cell of answers tagged `solution`."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    for name in SAMPLE:
        shutil.copy(NOTEBOOKS / name, folder / name)
    lesson = nbformat.read(folder / SAMPLE[0], as_version=4)
    lesson.cells.append(
        nbformat.v4.new_code_cell('ask("lesson 6 q1").exercise.solution()', metadata={"tags": ["solution"]})
    )
    nbformat.write(lesson, folder / SAMPLE[0])
    return folder


def snapshot(folder: Path) -> dict:
    """Every entry under `folder`: a link's target, a file's bytes, or a folder mark."""
    if not folder.exists():
        return {}
    seen = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            seen[key] = ("link", os.readlink(path))
        elif path.is_dir():
            seen[key] = ("folder",)
        else:
            seen[key] = ("file", path.read_bytes())
    return seen


def originals(folder: Path) -> dict:
    return {name: (folder / name).read_bytes() for name in SAMPLE}


def has_solutions(path: Path) -> bool:
    cells = nbformat.read(path, as_version=4).cells
    return any("solution" in c.metadata.get("tags", []) for c in cells)


def linked_output(source: Path, link) -> Path:
    """An output folder whose lessons are links (symbolic or hard) to the teacher's originals."""
    target = source.parent / "student_notebooks"
    target.mkdir()
    for name in SAMPLE:
        link(source / name, target / name)
    return target


@pytest.mark.parametrize(
    "link",
    [
        lambda original, path: path.symlink_to(os.path.relpath(original, path.parent)),
        lambda original, path: os.link(original, path),
    ],
    ids=["symlink", "hard link"],
)
def test_links_in_the_output_folder_never_change_the_originals(source, link):
    before = originals(source)
    assert has_solutions(source / SAMPLE[0])
    target = linked_output(source, link)
    with pytest.raises(ToolRefused, match=SAMPLE[0]):
        build(source, target)
    assert originals(source) == before
    written = build(source, target, force=True)
    assert originals(source) == before, "the teacher's notebooks are unchanged"
    assert [p.name for p in written] == SAMPLE
    for path in written:  # each link was replaced by a file of its own
        assert not path.is_symlink() and path.stat().st_nlink == 1
        assert not has_solutions(path)


def test_a_foreign_file_is_refused_by_name_and_force_replaces_only_the_copies(source):
    target = source.parent / "student_notebooks"
    target.mkdir()
    (target / "notes.txt").write_text("my marking notes")
    (target / SAMPLE[1]).write_text("a teacher's own version")
    before = snapshot(target)
    with pytest.raises(ToolRefused, match=r"notes\.txt") as refusal:
        build(source, target)
    assert SAMPLE[1] in str(refusal.value) and "--force" in str(refusal.value)
    assert snapshot(target) == before, "nothing written"
    written = build(source, target, force=True)
    assert [p.name for p in written] == SAMPLE[:1], "the teacher's own version is no copy: its lesson is not copied"
    assert (target / "notes.txt").read_text() == "my marking notes", "a file that is not a copy is left alone"
    assert (target / SAMPLE[1]).read_text() == "a teacher's own version", "even under a lesson's name"
    assert not has_solutions(target / SAMPLE[0])


def test_force_leaves_alone_a_lesson_file_this_tool_never_wrote_and_says_so(source):
    """--force replaced a teacher's own 14_contents.ipynb, though its help says files that are not copies are left
    alone: a file the tool never wrote is not a copy, even where a copy would go."""
    folder = source.parent
    target = folder / "student_notebooks"
    target.mkdir()
    (target / SAMPLE[1]).write_text("a teacher's own version")
    forced = run("notebooks", "student_notebooks", "--force", cwd=folder)
    assert forced.returncode == 0, forced.stderr
    assert (target / SAMPLE[1]).read_text() == "a teacher's own version"
    assert f"{SAMPLE[1]} was left as it is" in forced.stdout and "move it away" in forced.stdout
    assert not has_solutions(target / SAMPLE[0]) and nbformat.read(target / SAMPLE[0], as_version=4).cells
    assert SAMPLE[1] not in json.loads((target / ".student_copies.json").read_text())["copies"]
    (target / SAMPLE[1]).unlink()  # moved away: its copy is written
    assert run("notebooks", "student_notebooks", cwd=folder).returncode == 0
    assert nbformat.read(target / SAMPLE[1], as_version=4).cells


def test_a_rerun_over_its_own_output_works_but_an_edited_copy_is_refused(source, tmp_path):
    target = tmp_path / "student_notebooks"
    first = build(source, target)
    assert build(source, target) == first, "make student-copies twice"
    (target / ".ipynb_checkpoints").mkdir()  # JupyterLab opened a copy
    assert build(source, target) == first, "Jupyter's own checkpoints folder is not the teacher's work"
    edited = target / SAMPLE[1]
    edited.write_text(edited.read_text().replace("Contents", "My contents"))
    before = snapshot(target)
    with pytest.raises(ToolRefused, match=SAMPLE[1]):
        build(source, target)
    assert snapshot(target) == before
    build(source, target, force=True)
    assert "My contents" not in edited.read_text()
    assert build(source, target) == first, "after --force, the copies are the tool's own again"


@pytest.mark.parametrize("where", ["inside", "inside by a link", "containing"])
def test_an_output_folder_overlapping_the_input_is_refused(source, where):
    target = source / "students"
    if where == "inside by a link":
        target.mkdir()
        target = source.parent / "students"
        target.symlink_to(source / "students", target_is_directory=True)
    elif where == "containing":
        target = source.parent
    before = snapshot(source.parent)
    for force in (False, True):
        with pytest.raises(ToolRefused, match="another folder"):
            build(source, target, force=force)
    assert snapshot(source.parent) == before


BROKEN = {
    "invalid JSON": b'{"cells": [',
    "not text": b"\xff\xfe\x00\x00garbage",
    "a list": b"[]",
    "an empty object": b"{}",
    "cells not a list": b'{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": 5}',
    "a cell without its keys": b'{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, '
    b'"cells": [{"cell_type": "code"}]}',
    "deeply nested": b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("content", BROKEN.values(), ids=BROKEN.keys())
@pytest.mark.parametrize("output", ["new", "earlier copies"])
def test_a_broken_lesson_stops_the_run_and_writes_nothing(source, tmp_path, content, output):
    target = tmp_path / "student_notebooks"
    if output == "earlier copies":
        build(source, target)
        (source / SAMPLE[1]).write_text((source / SAMPLE[1]).read_text().replace("Contents", "New contents"))
    (source / "07_broken.ipynb").write_bytes(content)
    before = snapshot(target)
    with pytest.raises(ToolRefused, match="07_broken.ipynb"):
        build(source, target)
    assert snapshot(target) == before, "no new files, no changed files"


@pytest.mark.posix("named pipes (mkfifo) and devices such as /dev/null are POSIX's: Windows has neither")
def test_a_lesson_that_is_a_folder_or_a_pipe_is_refused_without_hanging(source, tmp_path):
    target = tmp_path / "student_notebooks"
    (source / "07_folder.ipynb").mkdir()
    with pytest.raises(ToolRefused, match="07_folder.ipynb"):
        build(source, target)
    (source / "07_folder.ipynb").rmdir()
    os.mkfifo(source / "08_pipe.ipynb")
    with pytest.raises(ToolRefused, match="08_pipe.ipynb"):
        build(source, target)
    assert not target.exists()


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "euchre_lesson.teach.student_copies", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_command_line_says_what_is_wrong_without_a_traceback(source):
    folder = source.parent
    (folder / "student_notebooks").mkdir()
    (folder / "student_notebooks" / "notes.txt").write_text("mine")
    for args in (["notebooks", "notebooks/students"], ["notebooks", "student_notebooks"]):
        result = run(*args, cwd=folder)
        assert result.returncode == 1, args
        assert "Traceback" not in result.stderr and result.stderr.strip(), args
        assert not (folder / "notebooks" / "students").exists()
    assert "notes.txt" in result.stderr and "--force" in result.stderr
    forced = run("notebooks", "student_notebooks", "--force", cwd=folder)
    assert forced.returncode == 0, forced.stderr
    assert (folder / "student_notebooks" / "notes.txt").read_text() == "mine"
    assert run("notebooks", "student_notebooks", cwd=folder).returncode != 0, "notes.txt is still there"
    (folder / "student_notebooks" / "notes.txt").unlink()
    assert run("notebooks", "student_notebooks", cwd=folder).returncode == 0, "a re-run works"
    (folder / "notebooks" / "07_broken.ipynb").write_text("not JSON")
    broken = run("notebooks", "student_notebooks", cwd=folder)
    assert broken.returncode != 0 and "07_broken.ipynb" in broken.stderr and "Traceback" not in broken.stderr


UNIX_ONLY_FLAGS = ["O_NONBLOCK", "O_NOFOLLOW", "O_NOCTTY", "O_CLOEXEC"]


def test_student_copies_are_made_where_os_lacks_the_unix_flags(source, tmp_path, monkeypatch):
    """Windows' os has none of these flags: making copies, and again over them, must still work."""
    for flag in UNIX_ONLY_FLAGS:
        monkeypatch.delattr(os, flag, raising=False)
    target = tmp_path / "student_notebooks"
    first = build(source, target)
    assert [path.name for path in first] == SAMPLE and not has_solutions(target / SAMPLE[0])
    assert build(source, target) == first, "a re-run reads its own list and copies back"
    edited = target / SAMPLE[1]
    edited.write_text(edited.read_text().replace("Contents", "My contents"))
    with pytest.raises(ToolRefused, match=SAMPLE[1]):
        build(source, target)


def test_a_linked_list_of_copies_is_not_followed_where_os_lacks_o_nofollow(source, tmp_path, monkeypatch):
    """Without O_NOFOLLOW the tool still refuses to read its list through a link someone put there."""
    monkeypatch.delattr(os, "O_NOFOLLOW", raising=False)
    target = tmp_path / "student_notebooks"
    build(source, target)
    elsewhere = tmp_path / "elsewhere.json"
    os.replace(target / ".student_copies.json", elsewhere)
    (target / ".student_copies.json").symlink_to(elsewhere)
    from euchre_lesson.teach.student_copies import _manifest

    assert _manifest(target) == {}, "the list behind a link is not this folder's list"


@pytest.mark.parametrize("wrong", [None, 5, "notebook", b"{}", {"cells": []}, [[[]]], {"nbformat": 4}])
def test_student_copy_of_something_not_a_notebook_is_refused_by_name(wrong):
    from euchre_lesson.teach.student_copies import student_copy

    with pytest.raises(ValueError, match="notebook"):
        student_copy(wrong)


def test_student_copy_of_a_notebook_as_a_plain_dict_is_made(source):
    from euchre_lesson.teach.student_copies import student_copy

    lesson = nbformat.read(source / SAMPLE[0], as_version=4)  # with its solution cell
    copy = student_copy(dict(lesson))
    assert len(copy.cells) < len(lesson.cells) and all(not c.get("outputs") for c in copy.cells)


@pytest.mark.parametrize("where", ["source", "target"])
def test_a_folder_name_too_long_for_the_system_is_refused_with_a_message(source, tmp_path, where):
    long_name = tmp_path / ("x" * 100_000)
    with pytest.raises(ToolRefused, match="too long"):
        build(long_name, tmp_path / "out") if where == "source" else build(source, long_name)


@pytest.mark.parametrize("argv", [True, 5, "notebooks student_notebooks", [b"notebooks", "out"], [None], ("a", 1)])
def test_main_refuses_arguments_that_are_not_a_list_of_words(argv):
    from euchre_lesson.teach.student_copies import main

    with pytest.raises(ValueError, match="argv"):
        main(argv)


def test_the_teacher_s_guide_is_left_out_of_the_student_copies(source, tmp_path):
    shutil.copy(NOTEBOOKS / "15_teachers_guide.ipynb", source / "15_teachers_guide.ipynb")
    written = build(source, tmp_path / "students")
    assert [path.name for path in written] == SAMPLE  # the guide holds the examples of typed answers
    assert not (tmp_path / "students" / "15_teachers_guide.ipynb").exists()


# -- the class's house rules travel with the copies ------------------------------------------------

CLASS_RULES = {"partnership": {"stick_the_dealer": True, "target": 11}, "show_answer": "never"}
PROBE = [  # what a lesson's cells ask of the house rules, run in the copies' folder as a kernel runs them
    "from euchre_lesson.teach.course import class_rules, show_answer\n"
    "print(class_rules('partnership').switches_words(), show_answer())",
    "from euchre_lesson.widgets import ask\n"
    "view = ask('lesson 2 q1')\n"
    "print(view.show_answer, view.show_button in view.show_box.children)",
]


def with_class_rules(source: Path, rules=CLASS_RULES) -> bytes:
    data = (json.dumps(rules, indent=1) + "\n").encode()
    (source / "house_rules.json").write_bytes(data)
    return data


def test_the_copies_carry_the_class_s_house_rules_and_a_rerun_updates_them(source, tmp_path):
    data = with_class_rules(source)
    target = tmp_path / "students"
    written = build(source, target)
    assert (target / "house_rules.json").read_bytes() == data and target / "house_rules.json" in written
    changed = with_class_rules(source, {"cutthroat": {"deck": 32}})
    build(source, target)  # no "files this tool did not write": the rules are the tool's own copy
    assert (target / "house_rules.json").read_bytes() == changed
    (source / "house_rules.json").unlink()
    build(source, target)  # the class went back to the presets: its old rules do not linger
    assert not (target / "house_rules.json").exists()


def test_house_rules_a_teacher_put_in_the_copies_folder_are_not_written_over(source, tmp_path):
    with_class_rules(source)
    target = tmp_path / "students"
    build(source, target)
    (target / "house_rules.json").write_text('{"show_answer": "always"}')  # changed by hand since
    with pytest.raises(ToolRefused, match="house_rules.json"):
        build(source, target)
    assert (target / "house_rules.json").read_text() == '{"show_answer": "always"}'


def test_a_house_rules_file_with_a_mistake_stops_the_run_and_writes_nothing(source, tmp_path):
    (source / "house_rules.json").write_text('{"partnership": {"stick_the_dealer": "yes"}}')
    with pytest.raises(ToolRefused) as refusal:
        build(source, tmp_path / "students")
    message = str(refusal.value)
    assert "house_rules.json" in message and "true or false" in message and "Nothing was written" in message
    assert not (tmp_path / "students").exists()


def test_executed_student_copies_read_the_class_s_house_rules(source, tmp_path):
    from nbclient import NotebookClient

    with_class_rules(source)
    probe = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code) for code in PROBE])
    nbformat.write(probe, source / "98_probe.ipynb")
    target = tmp_path / "students"
    build(source, target)
    copy = nbformat.read(target / "98_probe.ipynb", as_version=4)
    NotebookClient(copy, timeout=60, kernel_name="python3", resources={"metadata": {"path": str(target)}}).execute()
    printed = ["".join(o.get("text", "") for o in cell.outputs) for cell in copy.cells]
    assert "stick the dealer: on (C9)" in printed[0] and "never" in printed[0], printed
    assert printed[1].split() == ["never", "False"], "no Show the answer in a class that turned answers off"


def test_only_a_command_s_entry_point_ends_the_process():
    """31 `raise SystemExit` stood in the tools' library functions (issue 34, point 5): they raise ToolRefused, a
    ValueError a notebook or the site's build can catch, and only refusals.exit_on_refusal, used by each main, exits."""
    import ast

    package = ROOT / "euchre_lesson"
    raising = {
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if any(
            isinstance(node, ast.Raise) and "SystemExit" in ast.unparse(node)
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        )
    }
    assert {name for name in raising if not name.endswith("__main__.py")} == {"teach/refusals.py"}, raising


def test_force_replaces_only_the_copies_it_marked_never_a_teacher_s_file_put_in_a_copy_s_place(source, tmp_path):
    """Issue 36: --force replaced a teacher's own edited lesson put where a copy had been written (the list of copies
    named it): the tool now knows its copies by a mark it writes in each, and a file without it is left alone."""
    target = tmp_path / "student_notebooks"
    build(source, target)
    marks = [nbformat.read(target / name, as_version=4).metadata.get("euchre_lesson") for name in SAMPLE]
    assert marks == [{"student_copy": True}] * 2, "each copy carries the tool's mark"
    teachers = nbformat.read(source / SAMPLE[1], as_version=4)  # the teacher's own version, edited
    teachers.cells.append(nbformat.v4.new_markdown_cell("My own notes for Friday"))
    nbformat.write(teachers, target / SAMPLE[1])
    edited = nbformat.read(target / SAMPLE[0], as_version=4)  # a student's edits keep the mark
    edited.cells.append(nbformat.v4.new_markdown_cell("A student's scribble"))
    nbformat.write(edited, target / SAMPLE[0])
    forced = run(str(source), str(target), "--force", cwd=tmp_path)
    assert forced.returncode == 0, forced.stderr
    assert "My own notes for Friday" in (target / SAMPLE[1]).read_text(), "the teacher's file is left as it is"
    assert f"{SAMPLE[1]} was left as it is" in forced.stdout, "and named in words"
    assert "A student's scribble" not in (target / SAMPLE[0]).read_text(), "a marked copy, edited, is replaced"


@pytest.mark.parametrize("force", ["yes", 1, None])
def test_force_that_is_not_true_or_false_is_refused_in_words(source, tmp_path, force):
    with pytest.raises(ValueError, match="force must be True or False"):
        build(source, tmp_path / "student_notebooks", force=force)
    assert not (tmp_path / "student_notebooks").exists()
