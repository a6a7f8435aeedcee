"""The contents page's choice of language: one button per language, by its own name; kept with the progress.

The choice is kept in the learner's progress (teach/progress.py, `keep_language`), so that every lesson opened after
speaks it (teach/context.py: the first view of a lesson makes the kernel speak the language kept). Where the lessons
are translated (notebooks/fr, notebooks/et, which scripts/lesson_catalog.py builds) the choice leads to them; where
they are not, the note says plainly that the lessons are in English and only the table speaks the language.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

import ipywidgets as w

from ..engine.errors import NotationError
from ..engine.language import ENGLISH, LANGUAGES, N_, WHOLE_LESSONS, _, checked_language, choose_language
from ..teach.context import learners_progress
from ..teach.progress import Progress
from . import arguments
from .cards import note, say, style_sheet
from .clicks import TiedButton
from .fallback import Described
from .page import current

CONTENTS = "14_contents.ipynb"  # each language's contents page, in its own folder (notebooks/<code>/)
# What the chooser says once a language is chosen, in that language (the words of the package's catalog are the
# table's; these are the chooser's own, a few lines, written here with the languages' names).
CHOSEN_WORDS = {
    "en": ("English is chosen: the lessons and the table speak English.", "Open the contents in English"),
    "fr": ("Le français est choisi : les leçons et la table parlent français.", "Ouvrir la table des matières"),
    "et": ("Eesti keel on valitud: tunnid ja laud räägivad eesti keelt.", "Ava sisukord eesti keeles"),
}
# The chooser's heading names "language" in the languages with whole lessons, so each reader finds it at once.
HEADING = "Language · Langue · Keel"
PARTLY = (
    "{name} is chosen: the lessons are in English, and only the table (its cards, prompts and verdicts) speaks "
    "{name}. The lessons you open from here use it."
)


def _page_language(folder: Path | None = None) -> str:
    """The language of the contents page this kernel runs beside: its folder's name where it is a language's folder
    of lessons (notebooks/fr), else English (notebooks/)."""
    name = (Path.cwd() if folder is None else folder).name
    return name if name in WHOLE_LESSONS else ENGLISH


def _contents_link(code: str, here: str) -> str | None:
    """The address of a language's contents page from the contents page in `here`'s folder; None where the language
    has no lessons of its own."""
    if code not in (ENGLISH, *WHOLE_LESSONS):
        return None
    up = "" if here == ENGLISH else "../"
    return f"{up}{CONTENTS}" if code == ENGLISH else f"{up}{code}/{CONTENTS}"


def _chosen_words(code: str) -> str:
    """What the chooser says once `code` is chosen, in words of that language where it has lessons."""
    if code in CHOSEN_WORDS:
        return CHOSEN_WORDS[code][0]
    return PARTLY.format(name=LANGUAGES[code])


class LanguageChoice(Described, w.VBox):
    """The languages of the lessons, each a button by its own name; the choice is kept with the learner's progress."""

    purpose = N_(
        "Choose your language once: English, Français, Eesti, Shqip, Basa Jawa, ქართული or Hausa. The choice is "
        "kept with your progress, and every lesson you open after speaks it."
    )
    how = N_("A widget: to choose a language, {start}.")

    def __init__(self, progress: Progress | None = None, here: str | None = None, **kwargs: Any) -> None:
        progress = learners_progress(progress)  # refused, naming what is right, before any widget is made
        here = _page_language() if here is None else checked_language(here)
        arguments.start_box(LanguageChoice, self, kwargs)
        self.progress, self.here = progress, here
        self.page = current()  # the page whose views follow the language chosen here
        self.chosen: str | None = progress.language()
        self.ties = {
            code: TiedButton(name, _("the lessons in {language}").format(language=name), self._chooser(code))
            for code, name in LANGUAGES.items()
        }
        for code, tie in self.ties.items():
            tie.button.add_class(f"euchre-language-{code}")
        self.said = note()
        self.link = w.Output()  # shown by the notebook's own renderer, which opens the link in place
        self.children = [
            style_sheet(),
            w.HTML(f"<h3 class='euchre-note'>{HEADING}</h3>"),
            w.HBox(list(self.ties.values()), layout=w.Layout(flex_flow="row wrap", overflow="visible")),
            self.said,
            self.link,
        ]
        self.add_class("euchre-language-choice")
        if self.chosen is not None:
            self.show(self.chosen)

    def _chooser(self, code: str) -> Callable[[], None]:
        """What the button of one language does."""
        return lambda: self.choose(code)

    def button(self, code: str) -> w.Button:
        """The button of one language (for tests and the page's own script)."""
        return self.ties[checked_language(code)].button

    def choose(self, language: object) -> None:
        """Keep the language with the progress, speak it in this kernel, and say where its lessons are."""
        try:
            code = self.progress.keep_language(language)
        except NotationError as mistake:
            say(self.said, str(mistake), "bad")
            return
        choose_language(code)
        self.chosen = code
        self.show(code)
        self.page.language_changed()  # the views of this page already drawn (a table's hint) say their words in it

    def show(self, code: str) -> None:
        """The note of the choice, and the link to its lessons where they are translated and not on this page."""
        code = checked_language(code)
        for one, tie in self.ties.items():
            tie.button.button_style = "info" if one == code else ""
        say(self.said, _chosen_words(code))
        address = _contents_link(code, self.here)
        if address is None or code == self.here:
            self.link.outputs = ()
            return
        words = CHOSEN_WORDS[code][1]
        html = (
            f"<p class='euchre-note'><a class='euchre-language-link' href='{escape(address)}' "
            f"lang='{code}' style='text-decoration:underline'>{escape(words)}</a></p>"
        )
        self.link.outputs = ({"output_type": "display_data", "metadata": {}, "data": {"text/html": html}},)

    @property
    def link_html(self) -> str:
        """The link shown (for tests): '' where there is none."""
        return "".join(output["data"]["text/html"] for output in self.link.outputs)
