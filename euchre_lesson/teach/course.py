"""The exercises of each lesson, as data: `ex = exercises(1)`, then `ex.q1.check(answer)`."""

from __future__ import annotations

import importlib
import pkgutil
import re
from dataclasses import replace
from functools import cache
from types import SimpleNamespace

from ..engine.errors import NotationError, excerpt
from . import lessons
from .deals import deal_for  # noqa: F401 - the lessons' notebooks import it from here

# The house rules have a module of their own; the lessons, the app and the widgets import these names from here.
from .house_rules import (  # noqa: F401
    HOUSE_RULES_FILE,
    HOUSE_RULES_LIMIT,
    SHOW_ANSWER,
    HouseRules,
    HouseRulesWarning,
    class_rules,
    read_house_rules,
    show_answer,
)

____ = ...  # the blank a student replaces with an answer; check(____) asks for one

LESSON_MODULE = re.compile(r"lesson_(\d\d)")  # teach/lessons/lesson_03.py holds lesson 3's exercises


@cache
def lesson_numbers() -> tuple[int, ...]:
    """The lessons that have exercises, in order: those with a module in teach/lessons."""
    named = (LESSON_MODULE.fullmatch(found.name) for found in pkgutil.iter_modules(lessons.__path__))
    return tuple(sorted(int(match[1]) for match in named if match))


@cache
def _named(lesson: int) -> dict:
    """One lesson's exercises, each knowing its id, "lesson 3 q1", by which progress remembers it."""
    written = importlib.import_module(f"{lessons.__name__}.lesson_{lesson:02}").EXERCISES
    return {name: replace(question, id=f"lesson {lesson} {name}") for name, question in written.items()}


def exercises(lesson: int) -> SimpleNamespace:
    """The exercises of one lesson, by name: `exercises(1).q1`."""
    if type(lesson) is not int or lesson not in lesson_numbers():  # a list is not a lesson number, nor True lesson 1
        raise NotationError(
            "lesson",
            f"No exercises for lesson {excerpt(lesson)}: the lessons with exercises "
            f"are {', '.join(map(str, lesson_numbers()))}; write exercises(1), say.",
        )
    return SimpleNamespace(**_named(lesson))
