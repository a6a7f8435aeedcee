"""The learner's language: every word a learner reads goes through `_` (gettext), in the language chosen here."""

# Translation at run time is the standard library's gettext reading the compiled catalogs shipped inside the
# package (euchre_lesson/locale/<language>/LC_MESSAGES/euchre_lesson.mo): pure Python, so it works in the browser's
# Python of the static site as in JupyterLab and at the class's server. Babel only extracts and compiles
# (scripts/catalog.py), never runs here. The language chosen is a context variable, as a lesson's context is
# (teach/context.py): each page of the class's server runs in a context of its own, so two students at one table
# each read it in their own language, and a test or a notebook binds one with `speaking(...)`.

from __future__ import annotations

import gettext
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from .errors import NotationError, excerpt

DOMAIN = "euchre_lesson"
LOCALE = Path(__file__).resolve().parent.parent / "locale"
ENGLISH = "en"
# Each language the lessons speak, by its code, named as its speakers write it: English is the source, French and
# Estonian are whole, the other languages of the rule sheets the project was built from have their catalogs begun.
LANGUAGES = {
    "en": "English",
    "fr": "Français",
    "et": "Eesti",
    "sq": "Shqip",
    "jv": "Basa Jawa",
    "ka": "ქართული",
    "ha": "Hausa",
}
# The languages whose lessons are translated whole, beside English: each has its folder of notebooks (notebooks/fr).
# The begun ones have a few cells translated (the rule book's sections): their lessons are the English ones.
WHOLE_LESSONS = ("fr", "et")

_chosen: ContextVar[str | None] = ContextVar("euchre_lesson_language", default=None)  # None: nothing chosen here
# In the browser's Python each cell and each click runs in a context of its own (the kernel runs them as tasks): a
# translated lesson's choice in its first cell was gone by the next, and its widgets spoke the browser's language.
# There, with one learner to a Python, the choice is kept in the Python's environment too (never on a server, which
# serves many learners in one Python).
KEPT_IN_BROWSER = "EUCHRE_LESSON_LANGUAGE"


def checked_language(language: object) -> str:
    """A language's code as LANGUAGES writes it ("fr" from "fr", "FR", "fr-CA" or "fr_FR"); else refused in words."""
    if isinstance(language, str):
        code = language.strip().replace("_", "-").split("-")[0].lower()
        if code in LANGUAGES:
            return code
    known = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
    raise NotationError(
        "language",
        _("There are lessons in these languages: {known}; not in {given}.").format(
            known=known, given=excerpt(language)
        ),
    )


@cache
def _catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of one language (English, or a language with none yet: the words as written)."""
    if language == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE, languages=[language], fallback=True)


def language() -> str:
    """The code of the language chosen where this runs; where none was, English (in the browser's Python, the
    browser's own first language on the list: the static site opens in it)."""
    return _chosen.get() or _kept_in_browser() or browser_language() or ENGLISH


def _kept_in_browser() -> str | None:
    """The language a lesson chose in the browser's Python, kept for its later cells and clicks (None elsewhere)."""
    return os.environ.get(KEPT_IN_BROWSER) if sys.platform == "emscripten" else None


def is_chosen() -> bool:
    """Whether a language was chosen where this runs (`speaking`, `choose_language`), not taken by default."""
    return _chosen.get() is not None or _kept_in_browser() is not None


def browser_language(tags: object = None) -> str | None:
    """The first of the browser's languages (navigator.languages, or the tags given) on the list; None outside a
    browser, or where it lists none of them.

    Asked each time, never kept: the static site's Python is a snapshot made at build time, away from any browser."""
    if tags is None:
        if sys.platform != "emscripten":  # only the browser's Python (Pyodide) has a browser to ask
            return None
        try:
            import js  # type: ignore[import-not-found]  # Pyodide's bridge to the page (a worker's navigator)

            tags = list(js.navigator.languages)
        except Exception:  # an older browser, or a worker without it: the lessons' own language
            return None
    for tag in tags if isinstance(tags, (list, tuple)) else ():
        try:
            return checked_language(tag)
        except NotationError:
            continue
    return None


@contextmanager
def speaking(language: object) -> Iterator[str]:
    """Words inside this block are in `language`; the language chosen before comes back after it."""
    code = checked_language(language)
    token = _chosen.set(code)
    try:
        yield code
    finally:
        _chosen.reset(token)


@contextmanager
def unchosen() -> Iterator[None]:
    """Inside this block no language is chosen (the browser's speaks, else English); the choice comes back after."""
    token = _chosen.set(None)
    # In the browser's Python the choice is kept in the environment too: put aside for the block, or it speaks on.
    # Only there: a server's Python (many threads) never keeps one, and its environment is left alone.
    kept = os.environ.pop(KEPT_IN_BROWSER, None) if sys.platform == "emscripten" else None
    try:
        yield
    finally:
        if kept is not None:
            os.environ[KEPT_IN_BROWSER] = kept
        _chosen.reset(token)


def choose_language(language: object) -> None:
    """Words from here on, in this context, are in `language`: a translated lesson's first code cell says it once.

    A notebook's kernel keeps the choice from cell to cell and in its widgets' clicks (scripts/lesson_catalog.py
    adds the cell); a block that speaks for a while, a test or a page, uses `speaking`."""
    code = checked_language(language)
    _chosen.set(code)
    if sys.platform == "emscripten":
        os.environ[KEPT_IN_BROWSER] = code


def _(message: str) -> str:
    """`message` in the language chosen, or as written where its catalog has no translation of it (never empty)."""
    return _catalog(language()).gettext(message) or message


def ngettext(one: str, many: str, count: int) -> str:
    """The words for `count` things, singular or plural as the language chosen counts them."""
    return _catalog(language()).ngettext(one, many, count) or (one if count == 1 else many)


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for it, which the extractor looks for)
    """A message marked for the catalog where it is written (a table of words), translated where it is shown."""
    return message


def N_many(one: str, many: str) -> tuple[str, str]:  # noqa: N802 (N_ for ngettext's two forms)
    """A counted message's two forms, marked where written (a table of words), counted with ngettext where shown."""
    return one, many


# How each language writes a figure: its decimal mark ("1,3" in French and Estonian), how it groups a long number's
# digits (a narrow space in French, a space in Estonian: "5 000"), and where its percent sign goes (French sets it off
# with a narrow space: "45 %"). English's "1.3", "5,000" and "45%" for the rest.
DECIMAL_MARKS = {"fr": ",", "et": ",", "sq": ",", "jv": ",", "ka": ","}
THOUSANDS_MARKS = {"fr": "\u202f", "et": "\u00a0", "sq": "\u00a0", "jv": ".", "ka": "\u00a0"}
PERCENT_SIGNS = {"fr": "\u202f%"}


def figure(value: float, places: int = 1) -> str:
    """A number as the language chosen writes it, to `places` decimals: '1.3' in English, '1,3' in French."""
    return f"{value:.{places}f}".replace(".", DECIMAL_MARKS.get(language(), "."))


def whole(value: int) -> str:
    """A whole number as the language chosen writes it: '5,000' in English, '5 000' in French."""
    return f"{value:,}".replace(",", THOUSANDS_MARKS.get(language(), ","))


def percent(share: float, places: int = 0) -> str:
    """A share (0.45) as a percentage the way the language chosen writes it: '45%', '45 %' in French."""
    return figure(100 * share, places) + PERCENT_SIGNS.get(language(), "%")
