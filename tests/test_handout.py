"""One safe way to hand out the lessons, on every route (issue 28, point 1): the student copies, the static site,
the app's served folder and the students' branch for Binder and nbgitpuller each hold the hand-out's list
(euchre_lesson/teach/handout.py) and nothing else: no solution cell, no stored output, no teacher's guide, no
teacher's marks.csv, nothing reached through a link. Each route is built here from a teacher's folder with all of
those planted in it."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest
from site_checks import listing

from euchre_lesson.teach import handout
from euchre_lesson.teach.refusals import ToolRefused
from euchre_lesson.teach.student_copies import MANIFEST, build, build_branch

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT / "jupyterlite"))
import build_site  # noqa: E402

SAMPLE = ["06_playing_tricks.ipynb", "13_rule_book.ipynb", "14_contents.ipynb"]
GUIDE = "15_teachers_guide.ipynb"
PLANTED_ANSWER = "THE PLANTED ANSWER"  # a cell tagged solution prints it
PLANTED_OUTPUT = "A STORED ANSWER"  # a stored output of a lesson's own cell shows it
SECRET = "the teacher's private notes"
HANDED = {*SAMPLE, "house_rules.json"}  # what a hand-out of the planted lessons folder holds
BESIDE = {"RULES.md", handout.APP}  # what the site adds


@pytest.fixture
def project(tmp_path) -> Path:
    """A teacher's project: three lessons (one with a solution cell and a stored answer), the guide, the class's
    house rules, a marks.csv, and a link to a private file; the rule book's text and the app beside them."""
    root = tmp_path / "project"
    folder = root / "notebooks"
    folder.mkdir(parents=True)
    for name in [*SAMPLE, GUIDE]:
        shutil.copy(NOTEBOOKS / name, folder / name)
    lesson = nbformat.read(folder / SAMPLE[0], as_version=4)
    lesson.cells.append(nbformat.v4.new_code_cell(f'print("{PLANTED_ANSWER}")', metadata={"tags": ["solution"]}))
    code = next(cell for cell in lesson.cells if cell.cell_type == "code")
    code.outputs.append(nbformat.v4.new_output("stream", name="stdout", text=f"{PLANTED_OUTPUT}\n"))
    nbformat.write(lesson, folder / SAMPLE[0])
    (folder / "house_rules.json").write_text('{"show_answer": "never"}\n')
    (folder / "marks.csv").write_text("name,mark\nAda,9\n")
    (tmp_path / "private").mkdir()
    (tmp_path / "private" / "notes.txt").write_text(SECRET)
    (folder / "notes.txt").symlink_to(tmp_path / "private" / "notes.txt")
    (root / "app").mkdir()
    shutil.copy(ROOT / handout.APP, root / handout.APP)
    shutil.copy(ROOT / "RULES.md", root / "RULES.md")
    return root


def leaks(name: str, data: bytes) -> list[str]:
    """What of the teacher's a handed-out file shows: solution cells, stored outputs, saved widgets, planted words."""
    found = [words for words in (PLANTED_ANSWER, PLANTED_OUTPUT, SECRET) if words.encode() in data]
    if name.endswith(".ipynb"):
        notebook = nbformat.reads(data.decode(), as_version=4)
        found += [
            f"a solution cell: {c.source[:40]!r}" for c in notebook.cells if "solution" in c.metadata.get("tags", [])
        ]
        found += [f"stored outputs of {c.source[:40]!r}" for c in notebook.cells if c.get("outputs")]
        found += ["saved widget state"] if "widgets" in notebook.metadata else []
    return found


def assert_no_leak(files: dict[str, bytes]) -> None:
    leaked = {name: found for name, data in files.items() if (found := leaks(name, data))}
    assert not leaked, f"answers or private files handed out: {leaked}"


def test_the_planted_folder_has_all_a_route_must_leave_out(project):
    """The check finds what it looks for: the teacher's own folder is full of it."""
    files = listing(project / "notebooks")
    assert {"marks.csv", "notes.txt", GUIDE} <= set(files)
    assert leaks(SAMPLE[0], files[SAMPLE[0]])[:2] == [PLANTED_ANSWER, PLANTED_OUTPUT]
    assert leaks(GUIDE, files[GUIDE]), "the guide's stored outputs show typed answers"


# -- the student copies -------------------------------------------------------------------------------------


def test_the_student_copies_hold_the_list_and_no_answer(project, tmp_path):
    target = tmp_path / "student_notebooks"
    build(project / "notebooks", target)
    files = listing(target)
    assert set(files) - {MANIFEST} == HANDED
    assert_no_leak(files)


# -- the static site ----------------------------------------------------------------------------------------


def test_the_site_holds_the_list_and_no_answer(site_of, tmp_path):
    files = site_of(tmp_path / "content")
    assert set(files) == {f"notebooks/{name}" for name in HANDED} | BESIDE
    assert_no_leak(files)
    assert json.loads(files["notebooks/house_rules.json"]) == {"show_answer": "never"}, "the class's rules go along"


def test_the_site_with_answers_is_the_teacher_s_version_and_still_only_the_list(site_of, tmp_path):
    files = site_of(tmp_path / "content", answers=True)
    assert set(files) == {f"notebooks/{name}" for name in {*HANDED, GUIDE}} | BESIDE
    lesson = files[f"notebooks/{SAMPLE[0]}"]
    assert PLANTED_ANSWER.encode() in lesson and PLANTED_OUTPUT.encode() in lesson, "the lessons as they are"
    assert not [name for name, data in files.items() if SECRET.encode() in data]


def test_make_site_builds_the_students_version_unless_answers_are_asked_for():
    recipe = (ROOT / "Makefile").read_text().split("\nsite:")[1].split("\n\n")[0]
    assert "jupyterlite/build_site.py build $(if $(filter 1,$(ANSWERS)),--answers,)" in recipe


# -- a link where a handed-out file goes is refused by every route ---------------------------------------------


@pytest.mark.parametrize("name", ["16_private.ipynb", "house_rules.json"])
def test_a_link_where_a_handed_out_file_goes_is_refused_and_nothing_written(project, tmp_path, name):
    folder = project / "notebooks"
    (folder / name).unlink(missing_ok=True)
    private = tmp_path / "private" / name
    shutil.copy(folder / SAMPLE[2], private) if name.endswith(".ipynb") else private.write_text("{}")
    (folder / name).symlink_to(private)
    routes = {
        "student copies": lambda: build(folder, tmp_path / "copies"),
        "site": lambda: handout.site_files(project),
        "app": lambda: handout.write_folder(handout.app_files(project), tmp_path / "app-folder"),
    }
    if name.endswith(".ipynb"):
        routes.pop("app")  # the app hands out one lesson, the rule book: a link by another name is never read
    for make in routes.values():
        with pytest.raises(ToolRefused, match=rf"{re.escape(name)} is a link, and a hand-out never follows one"):
            make()
    assert not (tmp_path / "copies").exists() and not (tmp_path / "app-folder").exists()
    with pytest.raises(build_site.BuildError, match="never follows"):
        build_site.content_files(root=project)


# -- the app ------------------------------------------------------------------------------------------------

APP_SERVES = {handout.APP, "notebooks/13_rule_book.ipynb", "notebooks/house_rules.json"}


def test_the_app_s_folder_holds_the_app_and_the_rule_book_only(project, tmp_path):
    target = tmp_path / "app-folder"
    handout.write_folder(handout.app_files(project), target)
    files = listing(target)
    assert set(files) == APP_SERVES | {handout.MARK}
    assert_no_leak(files)
    (project / "notebooks" / "house_rules.json").write_text('{"cutthroat": {"deck": 32}}\n')
    handout.write_folder(handout.app_files(project), target)  # make app again: the folder is written afresh
    assert json.loads((target / "notebooks" / "house_rules.json").read_text()) == {"cutthroat": {"deck": 32}}
    mine = tmp_path / "my folder"
    mine.mkdir()
    (mine / "lesson plan.txt").write_text("mine")
    with pytest.raises(ToolRefused, match="not written by this tool"):
        handout.write_folder(handout.app_files(project), mine)
    assert listing(mine) == {"lesson plan.txt": b"mine"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=120) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def served_files(base: str, path: str = "") -> set[str]:
    """Every file Voila's contents service lists under `path`, folders walked."""
    status, body = fetch(f"{base}/voila/api/contents/{path}")
    assert status == 200, (path, status)
    found = set()
    for entry in json.loads(body)["content"]:
        found |= served_files(base, entry["path"]) if entry["type"] == "directory" else {entry["path"]}
    return found


@pytest.mark.posix("it stops Voila's whole process group (start_new_session, killpg): Windows has no process groups")
def test_make_app_serves_the_app_and_the_rule_book_and_no_lesson(tmp_path):
    recipe = (ROOT / "Makefile").read_text().split("\napp:")[1].split("\n\n")[0].replace("\\\n\t\t", "")
    assert "$(BIN)/python -m euchre_lesson.teach.handout app $(APP_FOLDER)" in recipe
    voila = next(line for line in recipe.splitlines() if "$(BIN)/voila " in line)
    assert voila.split()[-1] == "$(APP_FOLDER)", "Voila serves the app's folder, not the project"
    folder = tmp_path / "app-folder"  # as make app writes it, from this project
    subprocess.run(
        [sys.executable, "-m", "euchre_lesson.teach.handout", "app", str(folder)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    env = dict(os.environ, JUPYTER_CONFIG_PATH=str(ROOT / "jupyter-config"))
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR"):
        env[name] = str(tmp_path / "jupyter" / name.lower())
    port, log = free_port(), tmp_path / "voila.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "voila"),
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                str(folder),
            ],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while "running at" not in log.read_text():
            assert server.poll() is None and time.monotonic() < deadline, f"voila did not start:\n{log.read_text()}"
            time.sleep(0.2)
        handed = set(listing(folder)) - {handout.MARK}
        assert {handout.APP, "notebooks/13_rule_book.ipynb"} <= handed <= APP_SERVES
        assert served_files(base) == handed, "Voila lists the app's folder and nothing else"
        for lesson in ("02_bidding_round_one.ipynb", GUIDE):
            assert fetch(f"{base}/voila/render/notebooks/{lesson}")[0] == 404, f"the app serves {lesson}"
            assert fetch(f"{base}/voila/files/notebooks/{lesson}")[0] in (403, 404)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


# -- the students' branch, for Binder and nbgitpuller ------------------------------------------------------------


def git(where: Path, *words: str) -> str:
    return subprocess.run(["git", "-C", str(where), *words], check=True, capture_output=True, text=True).stdout


@pytest.fixture
def repository(project) -> Path:
    """The planted project as a teacher's git repository: the lessons and the guide committed, marks.csv not."""
    git(project, "init", "-q", "-b", "main")
    (project / "environment.yml").write_text("name: euchre-lesson\n")
    git(project, "add", "notebooks/*.ipynb", "RULES.md", "app", "environment.yml")
    git(project, "-c", "user.name=Teacher", "-c", "user.email=t@school.example", "commit", "-q", "-m", "lessons")
    return project


def branch_files(root: Path, branch: str) -> dict[str, bytes]:
    names = git(root, "ls-tree", "-r", "--name-only", branch).split("\n")
    return {
        name: subprocess.run(
            ["git", "-C", str(root), "show", f"{branch}:{name}"], capture_output=True, check=True
        ).stdout
        for name in names
        if name
    }


def test_the_students_branch_holds_the_copies_as_its_lessons_and_no_answer(repository):
    before = (git(repository, "status", "--porcelain"), git(repository, "rev-parse", "HEAD"))
    commit = build_branch(repository / "notebooks", "students")
    files = branch_files(repository, "students")
    assert {name for name in files if name.startswith("notebooks/")} == {f"notebooks/{name}" for name in HANDED}
    assert set(files) - {name for name in files if name.startswith("notebooks/")} == {*BESIDE, "environment.yml"}
    assert_no_leak(files)
    assert (git(repository, "status", "--porcelain"), git(repository, "rev-parse", "HEAD")) == before, (
        "the work tree, the index and the branch checked out are untouched"
    )
    assert build_branch(repository / "notebooks", "students") == commit, "nothing changed: no new commit"
    (repository / "notebooks" / "house_rules.json").write_text('{"show_answer": "always"}\n')
    later = build_branch(repository / "notebooks", "students")
    assert git(repository, "rev-parse", f"{later}^").strip() == commit, "a push to the branch is a fast-forward"
    assert branch_files(repository, "students")["notebooks/house_rules.json"] == b'{"show_answer": "always"}\n'


@pytest.mark.parametrize(
    "branch, refusal",
    [
        ("main", "checked out here"),
        ("lessons", "not written by this tool"),
        ("no good..name", "git check-ref-format says"),
    ],
)
def test_the_students_branch_never_moves_a_branch_of_the_teacher_s(repository, branch, refusal):
    git(repository, "branch", "lessons")
    refs = git(repository, "show-ref")
    with pytest.raises(ToolRefused, match=refusal):
        build_branch(repository / "notebooks", branch)
    assert git(repository, "show-ref") == refs


def test_make_student_copies_writes_the_branch_when_asked():
    recipe = (ROOT / "Makefile").read_text().split("\nstudent-copies:")[1].split("\n\n")[0]
    assert "student_copies notebooks student_notebooks $(if $(BRANCH),--branch $(BRANCH),)" in recipe


# -- the teacher's guide names the routes ----------------------------------------------------------------------


def test_the_guide_names_each_route_and_how_to_build_it():
    guide = "\n".join(cell.source for cell in nbformat.read(NOTEBOOKS / GUIDE, as_version=4).cells)
    for words in (
        "make student-copies",
        "make student-copies BRANCH=students",
        "make site",
        "make site ANSWERS=1",
        "make app",
        "nbgitpuller",
        "Binder",
        "/students?urlpath=",
    ):
        assert words in guide, f"the guide does not say {words!r}"
    assert re.search(r'pip install "euchre_lesson\[app\] @ git\+https://', guide), "the Littlest JupyterHub command"
    assert "from euchre_lesson.teach.course import read_house_rules" in guide


def test_every_lesson_link_in_the_hand_out_leads_to_a_file_in_it():
    """The real lessons link the teacher's guide (the contents page, lesson 10): a copy keeps the words, no link."""
    files = handout.student_files(Path(__file__).resolve().parents[1] / "notebooks")
    for name, data in files.items():
        if name.endswith(".ipynb"):
            for cell in json.loads(data)["cells"]:
                for target in re.findall(r"\]\(([^)#\s]+\.ipynb)", "".join(cell["source"])):
                    assert target in files, f"{name} links {target}, which the hand-out does not hold"


def test_the_app_command_says_a_refusal_in_one_sentence_with_exit_status_1(project, tmp_path):
    """The library raises ToolRefused; `python -m euchre_lesson.teach.handout app` still ends with the sentence and
    status 1, no traceback."""
    mine = tmp_path / "my folder"
    mine.mkdir()
    (mine / "lesson plan.txt").write_text("mine")
    done = subprocess.run(
        [sys.executable, "-m", "euchre_lesson.teach.handout", "app", str(mine), "--root", str(project)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "exists and was not written by this tool" in done.stderr and listing(mine) == {"lesson plan.txt": b"mine"}
