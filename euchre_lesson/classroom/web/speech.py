"""The language each page of the class speaks: each student's own, the teacher's own (issue 38, 4).

A page's language is first the browser's (its Accept-Language, as it opened the page; then the languages it lists,
navigator.languages, where the class has one of them), then what the student or the teacher picks; the browser
keeps the pick (localStorage, and a cookie it sends as it opens the page) so a reload or a restart of the server
speaks it again from the first drawing. Every language a page sends is
checked against engine/language.py's LANGUAGES, and one not on the list is refused in words.

Words are made in the language chosen where this runs (engine/language.py's context variable), and a page's
components are drawn in whichever thread and context Solara runs them: so each component that makes words says its
page's language first (`speak_here`), and each click handler runs inside it (`spoken`). Two students at one table
each read it in their own language; the table keeps each seat's view per language (classroom/table.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import anywidget
import solara
import traitlets

from ...engine.errors import NotationError
from ...engine.language import ENGLISH, LANGUAGES, checked_language, choose_language, speaking
from . import solara_door

if TYPE_CHECKING:
    import reacton.core

LANGUAGE_KEY = "euchre-class-language"  # where a browser keeps its page's language (localStorage: this address only)
R = TypeVar("R")

# The page's language, given by the page (StudentPage, TeacherPage) to every component below it.
SPEAKS: reacton.core.UserContext[str] = solara.create_context(ENGLISH)


class LanguageKeeper(anywidget.AnyWidget):
    """Keeps the page's language in the browser's localStorage; where none is kept, sends the browser's own first
    language the class has (navigator.languages), else nothing."""

    language = traitlets.Unicode("").tag(sync=True)
    offered = traitlets.List(traitlets.Unicode(), list(LANGUAGES)).tag(sync=True)
    _esm = traitlets.Unicode(
        """
export default {
  render({ model, el }) {
    el.className = "language-keeper";
    // Kept in a cookie too, which the browser sends as it opens the page: its first drawing is in this language.
    const keep = (value) => {
      window.localStorage.setItem("LANGUAGE_KEY", value);
      document.cookie = `LANGUAGE_KEY=${encodeURIComponent(value)}; path=/; max-age=31536000; SameSite=Strict`;
    };
    model.on("change:language", () => {
      const value = model.get("language");
      if (value) {
        keep(value);
      }
    });
    const offered = model.get("offered");
    const kept = window.localStorage.getItem("LANGUAGE_KEY");
    if (kept) {
      keep(kept);  // a choice kept before the cookie was
    }
    const browser = (navigator.languages || [navigator.language || ""])
      .map((tag) => tag.split("-")[0].toLowerCase())
      .find((code) => offered.includes(code));
    const chosen = kept || browser || "";
    if (chosen && chosen !== model.get("language")) {
      model.set("language", chosen);
      model.save_changes();
    }
  },
};
""".replace("LANGUAGE_KEY", LANGUAGE_KEY)
    ).tag(sync=True)


def page_language(given: object) -> str:
    """A language a page sent, checked: its code ('fr' from 'fr-CA'); NotationError in words for one not on the
    list (a page's message is never trusted)."""
    return checked_language(given)


def first_of(header: str) -> str:
    """The first language of an Accept-Language header ('fr-FR,fr;q=0.9,en;q=0.8') that the class has; else ''."""
    for part in header.split(",")[:20]:  # a browser lists a few; a long header is not read to its end
        tag = part.split(";")[0].strip()
        try:
            return checked_language(tag)
        except NotationError:
            continue
    return ""


def use_page_language() -> tuple[str, Callable[[object], None], str]:
    """The page's language (at first the one its browser asked for), a setter that checks what it is given, and the
    refusal of the last language refused, in words ('' if none)."""
    first = solara.use_memo(lambda: first_of(",".join(solara_door.page_languages(LANGUAGE_KEY))) or ENGLISH, [])
    language, set_language = solara.use_state(first)
    refused, set_refused = solara.use_state("")

    def choose(given: object) -> None:
        try:
            code = page_language(given)
        except NotationError as error:
            set_refused(str(error))
            return
        set_refused("")
        set_language(code)

    return language, choose, refused


def speak_here() -> str:
    """Say the page's language where this component is drawn, and give its code: the words made here are in it."""
    code = solara.use_context(SPEAKS)
    choose_language(code)
    return code


def spoken(code: str, work: Callable[..., R]) -> Callable[..., R]:
    """`work` run in the language `code` (a click handler runs where Solara calls it, not where it was drawn)."""

    def run(*given: object) -> R:
        with speaking(code):
            return work(*given)

    return run


@solara.component
def LanguagePicker(language: str, on_language: Callable[[object], None], refused: str = "") -> None:
    """The languages by their own names, the page's own marked; a language sent from the page is checked by the
    setter, and one refused is said in words. The browser's keeper keeps the choice."""
    LanguageKeeper.element(language=language, on_language=on_language)
    with solara.Row(classes=["class-languages"], style="flex-wrap: wrap; gap: 0.2em; align-items: center"):
        for code, name in LANGUAGES.items():
            solara.Button(
                name,
                on_click=lambda code=code: on_language(code),
                text=code != language,
                outlined=code == language,
                classes=[f"class-language-{code}", *(["class-language-chosen"] if code == language else [])],
            )
    if refused:
        solara.HTML(
            "div",
            unsafe_innerHTML=refused.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"),
            classes=["class-error"],
            attributes={"role": "alert"},
        )
