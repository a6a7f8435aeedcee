"""Shared test settings: hypothesis profiles and small helpers."""

import os
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir

from euchre_lesson import HandState, deal_hand
from euchre_lesson.teach.context import bound
from euchre_lesson.teach.progress import Progress


def pytest_configure(config):
    """The kernels, lesson servers and class servers the tests start keep what they write in temporary folders.

    Those are processes of their own, which no binding in this one reaches: they inherit the environment. The
    tests' own answers are kept by the store each test binds (`lesson_store`), never through these."""
    os.environ["EUCHRE_LESSON_PROGRESS"] = tempfile.mkdtemp(prefix="euchre-progress-")
    # The table seals the games it saves with a key made on the first save: in a temporary folder too.
    os.environ["EUCHRE_LESSON_KEYS"] = tempfile.mkdtemp(prefix="euchre-keys-")


@pytest.fixture(autouse=True)
def lesson_store(tmp_path_factory):
    """Each test's own lesson context: a progress store in a temporary folder, and a class reporter of its own."""
    with bound(Progress(tmp_path_factory.mktemp("progress"))) as context:
        yield context


@pytest.fixture(autouse=True)
def widget_page():
    """Each test's own page of widgets: no button, spare or look of an earlier test is drawn again. (Solara, once
    imported by a class test, refuses a widget made before it: a look shared across tests failed every later one.)"""
    from euchre_lesson.widgets import page

    with page.bound() as mine:
        yield mine


@pytest.fixture(autouse=True)
def no_language_chosen():
    """Each test starts with no language chosen (English): a language one test chooses, as the fuzz test's call of
    choose_language does, would otherwise speak in every later test of the run."""
    from euchre_lesson.engine import language

    with language.unchosen():
        yield


@pytest.fixture(autouse=True)
def coach_when_asked():
    """A table made in a test runs its coach after each hand only when the test asks (grade, or the fixture
    `coach_by_itself`): in the background, as the lessons run it, it would race what the test reads next."""
    from euchre_lesson.play.table_model import COACH_RUNS

    token = COACH_RUNS.set(None)
    yield
    COACH_RUNS.reset(token)


@pytest.fixture
def coach_by_itself():
    """Tables made in this test run their coach by itself after each hand, in the background, as the lessons do."""
    from euchre_lesson.play.table_model import COACH_RUNS, in_background

    token = COACH_RUNS.set(in_background)
    yield in_background
    COACH_RUNS.reset(token)


@pytest.fixture
def site_of(project, monkeypatch):
    """The contents the static site's build (jupyterlite/build_site.py: copy_contents) writes for the planted
    `project` (a fixture of the module asking: tests/test_handout.py, tests/test_handout_languages.py), by path."""
    from site_checks import listing

    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parent.parent / "jupyterlite"))
    import build_site

    monkeypatch.setattr(build_site, "ROOT", project)
    monkeypatch.setattr(build_site, "LESSONS", project / "notebooks")

    def contents(into: Path, **answers) -> dict[str, bytes]:
        build_site.copy_contents(into, **answers)
        return listing(into)

    return contents


# Hypothesis keeps caches on disk; keep them in a temporary folder, not in the checkout.
set_hypothesis_home_dir(tempfile.mkdtemp(prefix="euchre-hypothesis-"))

# CI and local runs use the same example counts, so a green local run means a green CI run.
# No example database: the tests write nothing outside temporary folders.
settings.register_profile("default", deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_terminal_summary(terminalreporter):
    """Say how many inputs the fuzz tests tried, so the figure is in every CI log."""
    from fuzzcount import TALLY

    if TALLY:
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(TALLY.items()))
        terminalreporter.write_line(f"fuzzed inputs: {sum(TALLY.values())} ({kinds})")


def a_random_state(start, seed, steps=None, *, until=None, avoid=()) -> HandState:
    """A hand played with random legal actions: `steps` actions in, or until `until(state)` holds, or to its end.

    `start` is the rules of a hand to deal (the dealer and the deal drawn from `seed`) or a HandState to go
    on from; `seed` is a number or a random.Random to go on drawing from; `steps` may be a range, from which
    the number of actions is drawn once the hand is dealt; verbs in `avoid` are chosen only when nothing
    else is legal. The hand never goes past its end.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    if isinstance(start, HandState):
        state = start
    else:
        state = deal_hand(start, rng.randrange(start.players), seed=rng.randrange(2**32))
    if isinstance(steps, range):
        steps = rng.randrange(steps.start, steps.stop)
    taken = 0
    while not state.is_over and (steps is None or taken < steps) and not (until and until(state)):
        legal = state.legal_actions()
        state = state.apply(rng.choice([a for a in legal if a.kind not in avoid] or legal))
        taken += 1
    return state


@pytest.fixture(scope="session")
def random_state():
    """A random state N steps into a hand: a_random_state(rules or state, seed, steps, until=..., avoid=...)."""
    return a_random_state
