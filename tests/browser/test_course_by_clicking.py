"""The whole course by clicking alone, in JupyterLab in Chromium, as one learner takes it (one server, one page).

Every exercise of every lesson is answered wrong, then right, and the verdicts shown are the engine's; the
progress kept survives a kernel restart and shows on the contents page; the endless practice is answered three
times and keeps its streak; and axe-core finds no WCAG 2 A or AA violation in any lesson's widgets, before
and after they are answered.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from pathlib import Path

import pytest
from accessibility import axe_check, described
from answers import plan
from conftest import TIMINGS
from labdriver import (
    LESSONS,
    VIEWPORT,
    LabServer,
    copy_lessons,
    kernel_run,
    menu,
    open_notebook,
    run_all,
    wait_kernel_idle,
    widget_outputs,
)

from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.progress import ENVIRONMENT, FILE_NAME, Progress, lessons
from euchre_lesson.widgets.clicks import DOUBLE_CLICK

NOTEBOOKS = sorted(path.name for path in LESSONS.glob("[0-9][0-9]_*.ipynb"))
CONTENTS = "14_contents.ipynb"
WIDGET_OUTPUTS = ".jp-CodeCell .jp-OutputArea-output:has(> .jupyter-widgets)"
ANSWER_MS = 30_000  # a click's answer from the kernel; seconds when the machine is busy, never this long
PACE = DOUBLE_CLICK + 0.1  # seconds after a widget is drawn anew, so a click is not taken for a double-click's second

# The normalised text of the element `selector` finds inside the view ('' if none). Each is run on the view found
# afresh (Locator.evaluate): JupyterLab may draw an output anew, and a handle kept from before reads nothing.
TEXT_IN = """(root, selector) => { const e = selector ? root.querySelector(selector) : root;
    return e ? e.innerText.split(/\\s+/).join(' ').trim() : ''; }"""
# The answer classes of the buttons shown chosen in an exercise view.
CHOSEN = """(root) => [...root.querySelectorAll('.euchre-answer.euchre-chosen')].map(b =>
    [...b.classList].find(c => c.startsWith('euchre-answer-'))).sort()"""
# What Run All left on the page that a learner would see as trouble: error outputs, cells not run.
TROUBLE = """() => {
    const errors = [...document.querySelectorAll('.jp-CodeCell .jp-OutputArea-output')]
        .filter(o => o.dataset.mimeType === 'application/vnd.jupyter.stderr').map(o => o.textContent.slice(0, 800));
    const unrun = [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]
        .filter(p => !/\\[\\d+\\]/.test(p.textContent)).length;
    return errors.slice(0, 3).map(e => 'error output: ' + e).concat(unrun ? [`${unrun} cells not run`] : []);
}"""
HINT_NOTE = ".euchre-verdict + .euchre-note"  # the notes under the verdict: the hint, then the answer shown
ANSWER_NOTE = ".euchre-verdict + .euchre-note + .euchre-note"


def normal(text: str) -> str:
    return " ".join(text.split())


def view_class(exercise_id: str) -> str:
    """The CSS class of an exercise's view, as widgets/exercise.py names it: 'euchre-exercise-lesson-3-q1'."""
    return "euchre-exercise-" + re.sub(r"[^a-z0-9]+", "-", exercise_id.lower()).strip("-")


def until(page, read, wanted) -> object:
    """What `read()` gives once `wanted` of it holds, or at ANSWER_MS what it gives then (the caller compares and
    reports it); read anew every 0.1 s, a view being drawn anew meanwhile read as nothing."""
    deadline, seen = time.monotonic() + ANSWER_MS / 1000, None
    while True:
        with contextlib.suppress(Exception):
            seen = read()
        if (seen is not None and wanted(seen)) or time.monotonic() > deadline:
            return seen
        page.wait_for_timeout(100)


def wait_text(page, root, selector: str, expected: str, drawn: bool = False) -> str:
    """Wait until the element shows `expected` (whitespace aside), or with `drawn` any text; what it shows then."""
    shown = until(
        page,
        lambda: root.evaluate(TEXT_IN, selector, timeout=ANSWER_MS),
        (lambda text: text != "") if drawn else (lambda text: text == normal(expected)),
    )
    return shown or ""


def chosen_in(root) -> list[str]:
    """The answers the view shows chosen."""
    return root.evaluate(CHOSEN, timeout=ANSWER_MS)


def choose(page, root, classes: list[str], several: bool) -> list[str]:
    """Click answer buttons until exactly these are chosen (with several, a second click takes a card back)."""
    chosen = chosen_in(root)
    clicks = [name for name in chosen if name not in classes] if several else []
    for name in clicks + [name for name in classes if name not in chosen]:
        root.locator(f".euchre-answer.{name}").click()
    return until(page, lambda: chosen_in(root), lambda shown: shown == sorted(classes)) or []


def answer_exercise(page, root, exercise) -> list[str]:
    """Answer one exercise by clicking, wrong then right, then Hint and Show the answer; what differed."""
    steps, problems = plan(exercise), []
    root.scroll_into_view_if_needed()  # JupyterLab skips drawing cells out of sight: their text reads as ''
    fresh = wait_text(page, root, ".euchre-verdict", "", drawn=True)  # Run All is over; a view may still be drawing
    if "✘" in fresh or not fresh:
        problems.append(f"{exercise.id} fresh: it shows {fresh!r}, not a neutral prompt")
    if root.locator(".euchre-show-answer").is_visible():
        problems.append(f"{exercise.id}: 'Show the answer' is offered before a try")
    for attempt in ("wrong", "right"):
        step = steps[attempt]
        chosen = choose(page, root, step["classes"], steps["several"])
        if chosen != sorted(step["classes"]):
            problems.append(f"{exercise.id} {attempt}: clicked {step['classes']}, the page shows {chosen} chosen")
        root.locator(".euchre-check").click()
        shown = wait_text(page, root, ".euchre-verdict", step["verdict"])
        if shown != normal(step["verdict"]):
            problems.append(
                f"{exercise.id} {attempt} answer {step['written']!r}: the page says {shown!r}; "
                f"the engine says {normal(step['verdict'])!r}"
            )
    for control, key, where in ((".euchre-hint", "hint", HINT_NOTE), (".euchre-show-answer", "solution", ANSWER_NOTE)):
        root.locator(control).click()  # "Show the answer" is offered now: the learner has tried
        shown = wait_text(page, root, where, steps[key])
        if shown != normal(steps[key]):
            problems.append(f"{exercise.id} {key}: the page says {shown!r}; the exercise says {normal(steps[key])!r}")
    return problems


class Learner:
    """One learner's session: a JupyterLab server over copies of the lessons, one page, progress kept in `kept`."""

    def __init__(self, page, lab: LabServer, kept: Path, shots: Path):
        self.page, self.lab, self.kept, self.shots = page, lab, kept, shots
        self.visits: dict[str, dict] = {}

    def open(self, name: str) -> float:
        """Open a notebook with only this one running, and Run All; the seconds Run All took."""
        self.lab.shut_kernels_down()  # the lesson before keeps no kernel (and no memory) once left
        open_notebook(self.page, self.lab, name)
        return run_all(self.page)

    def axe(self, name: str, moment: str) -> tuple[list[str], int]:
        """axe-core's WCAG 2 A and AA violations in the notebook's widget outputs, and how many checks passed."""
        result = axe_check(self.page, WIDGET_OUTPUTS)
        found = [described([violation], f"{name} ({moment}): ") for violation in result["violations"]]
        return found, result["checked"]

    def visit(self, name: str) -> dict:
        """The lesson opened and run, its widgets checked by axe, every exercise answered by clicking, checked again."""
        if name not in self.visits:
            start, errors = time.perf_counter(), len(self.page.errors)
            self.open(name)
            widgets, trouble = self.page.locator(WIDGET_OUTPUTS).count(), self.page.evaluate(TROUBLE)
            violations, checked = self.axe(name, "as drawn")
            answered, problems = [], [f"{name}: {words}" for words in trouble]
            lesson = int(name[:2])
            for exercise in vars(exercises(lesson)).values() if lesson in lessons() else ():
                root = self.page.locator(f".{view_class(exercise.id)}")
                if root.count() != 1:
                    problems.append(f"{exercise.id}: {root.count()} views of it on the page, not 1")
                    continue
                try:
                    problems += answer_exercise(self.page, root, exercise)
                except Exception as error:  # a control missing or never enabled: say so, and go on to the next
                    problems.append(f"{exercise.id}: {type(error).__name__}: {str(error)[:500]}")
                answered.append(exercise.id)
            after, more = self.axe(name, "answered") if answered else ([], 0)
            if problems or violations or after:
                self.page.screenshot(path=self.shots / f"course_{name.removesuffix('.ipynb')}.png", full_page=True)
            TIMINGS.append((f"{name} opened, run, checked and answered by clicking", time.perf_counter() - start))
            self.visits[name] = {
                "widgets": widgets,
                "violations": violations + after,
                "checked": checked + more,
                "answered": answered,
                "problems": problems,
                "errors": self.page.errors[errors:],
            }
        return self.visits[name]


@pytest.fixture(scope="module")
def learner(chromium, shots, tmp_path_factory):
    """One JupyterLab server (its progress folder given to it, and so to its kernels) and one page for the course."""
    folder, kept = tmp_path_factory.mktemp("course"), tmp_path_factory.mktemp("kept-progress")
    copy_lessons(folder)
    with LabServer(folder, env={ENVIRONMENT: str(kept)}) as lab:
        context = chromium.new_context(viewport=VIEWPORT)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        yield Learner(page, lab, kept, shots)
        context.close()


def notebook_of(lesson: int) -> str:
    """The lesson's notebook, by its number ('03_round_two.ipynb')."""
    return next(name for name in NOTEBOOKS if int(name[:2]) == lesson)


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_axe_finds_no_wcag_2_a_or_aa_violation_in_a_lessons_widgets(learner, name):
    """axe-core, WCAG 2 A and AA rules, on every widget output after Run All, and again once all are answered."""
    visit = learner.visit(name)
    assert not visit["violations"], f"axe-core finds WCAG 2 A/AA violations in the widgets of {name}:\n" + "\n".join(
        visit["violations"]
    )
    assert visit["widgets"] == widget_outputs(LESSONS / name), (
        f"{name}: {visit['widgets']} widget outputs drawn, {widget_outputs(LESSONS / name)} stored: {visit['problems']}"
    )
    assert visit["checked"] > 0 or not visit["widgets"], f"axe-core checked nothing in {name}"
    assert not visit["errors"], f"{name}: JavaScript errors {visit['errors']}"


@pytest.mark.parametrize("lesson", lessons())
def test_every_exercise_of_a_lesson_is_answered_by_clicking_wrong_then_right(learner, lesson):
    """Each exercise's view is on the page; a wrong answer then the right one, each verdict the engine's check()."""
    visit = learner.visit(notebook_of(lesson))
    assert not visit["problems"], f"lesson {lesson}:\n" + "\n".join(visit["problems"])
    assert visit["answered"] == [exercise.id for exercise in vars(exercises(lesson)).values()]


def test_a_lesson_opened_again_shows_each_answer_kept_with_its_verdict(learner):
    """Coming back (issue 37): lesson 1, answered by clicking (wrong, then right), opened again in a new kernel shows
    each right answer chosen, its verdict, and "Your answer last time", never "none yet"."""
    name = notebook_of(1)
    learner.visit(name)
    learner.open(name)
    page, problems = learner.page, []
    for exercise in vars(exercises(1)).values():
        root = page.locator(f".{view_class(exercise.id)}")
        root.scroll_into_view_if_needed()
        right = plan(exercise)["right"]
        said = wait_text(page, root, ".euchre-verdict", right["verdict"])
        mine = wait_text(page, root, ".euchre-your-answer", "", drawn=True)
        chosen = chosen_in(root)
        if said != normal(right["verdict"]) or chosen != sorted(right["classes"]) or "last time" not in mine:
            problems.append(f"{exercise.id}: the verdict {said!r}, chosen {chosen}, the answer said {mine!r}")
        if "none yet" in mine:
            problems.append(f"{exercise.id}: {mine!r} after it was answered")
    assert not problems, "\n".join(problems)


def test_progress_survives_a_kernel_restart_and_shows_every_lesson_done_on_the_contents_page(learner):
    """After every exercise is answered by clicking: restart the kernel, open the contents page, Run All."""
    for lesson in lessons():
        learner.visit(notebook_of(lesson))
    page = learner.page
    menu(page, "Kernel", "kernelmenu:restart")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    page.wait_for_function("() => !document.querySelector('.jp-Dialog')")
    wait_kernel_idle(page)
    assert kernel_run(page, "print(len(Out))").strip() == "0", "the kernel was not restarted"
    learner.open(CONTENTS)
    rows = page.locator(".euchre-progress-board table.euchre-progress tr:has(td)")
    rows.first.wait_for()
    shown = {
        int(re.match(r"Lesson (\d+)", cells[0])[1]): cells
        for cells in (row.locator("td").all_inner_texts() for row in rows.all())
    }
    expected = {lesson: len(vars(exercises(lesson))) for lesson in lessons()}
    assert sorted(shown) == sorted(expected), f"the board lists lessons {sorted(shown)}"
    for lesson, total in expected.items():
        assert f"{total} of {total}" in shown[lesson][1] and "all done" in shown[lesson][2], (
            f"lesson {lesson}: the board shows {shown[lesson]}, not all {total} done"
        )
    # Kept where the server was told, and only there: never in the server's own Jupyter data folder.
    assert all(line.complete for line in Progress(learner.kept).summary())
    assert (learner.kept / FILE_NAME).exists() and not list(learner.lab.home.rglob(FILE_NAME))


def practice_plan(page, number: int) -> dict:
    """The practice widget's question `number`, asked of the kernel it lives in: what to click, what it says."""
    source = (Path(__file__).parent / "answers.py").read_text()
    code = (
        f"import json as _json\n_plan = {{}}\nexec({source!r}, _plan)\n"
        "from euchre_lesson.widgets import PracticeWidget as _Practice\n"
        "_widget = [v for v in Out.values() if isinstance(v, _Practice)][-1]\n"
        "print(_json.dumps(dict(_plan['plan'](_widget.question.exercise), number=_widget.session.number)))\n"
        "del _plan, _widget, _Practice, _json"
    )
    for _ in range(40):  # the click on Next question may still be on its way to the kernel
        step = json.loads(kernel_run(page, code))
        if step["number"] == number:
            return step
        time.sleep(0.25)
    raise AssertionError(f"the practice shows question {step['number']}, not {number}")


def streak_in(text: str) -> str | None:
    """The streak the practice shows ('2'), if any."""
    found = re.search(r"Streak: (\d+)", text)
    return found[1] if found else None


def test_the_endless_practice_is_answered_by_clicking_and_keeps_a_streak(learner):
    """Three questions on the contents page: the first wrong then right (no streak), the next two right."""
    page = learner.page
    learner.open(CONTENTS)
    practice = page.locator(".euchre-practice")
    for number, streak in ((1, "0"), (2, "1"), (3, "2")):
        step = practice_plan(page, number)
        practice.get_by_text(f"question {number}:").wait_for()
        time.sleep(PACE)  # the question's buttons were just drawn
        root = practice.locator(".euchre-exercise")
        for attempt in ("wrong", "right") if number == 1 else ("right",):
            wanted = step[attempt]
            assert choose(page, root, wanted["classes"], step["several"]) == sorted(wanted["classes"]), wanted
            root.locator(".euchre-check").click()
            assert wait_text(page, root, ".euchre-verdict", wanted["verdict"]) == normal(wanted["verdict"])
        shown = until(page, practice.inner_text, lambda text: streak_in(text) == streak)  # noqa: B023 (read now)
        assert streak_in(shown or "") == streak, f"the practice shows {shown!r}, not the streak {streak}"
        if number < 3:
            practice.get_by_role("button", name="Next question").click()
    assert "best this session: 2" in practice.inner_text()
    found, checked = learner.axe(CONTENTS, "practice answered")
    assert not found and checked > 0, "\n".join(found)
