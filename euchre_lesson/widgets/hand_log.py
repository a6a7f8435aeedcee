"""The story of a hand as one seat saw it, laid out as a numbered list with the computer players' reasons."""

from __future__ import annotations

from ..engine import checks
from ..engine.display import words_html
from ..engine.language import _
from ..engine.narration import reason_words, sentence, story
from ..engine.view import View


def log_html(view: View, reasons: dict[int, str]) -> str:
    """The story of the hand as `view`'s seat heard it, one numbered line per action, each with its reason.

    `reasons` maps the index of an action in the hand's history to what its player said; the cards the seat
    has not seen are hidden in it.
    """
    checks.instance("view", view, View, "a View: the hand as one seat saw it")
    if not isinstance(reasons, dict) or not all(type(i) is int and type(said) is str for i, said in reasons.items()):
        raise checks.refused("reasons", reasons, "a dict from the number of an action to its player's reason")
    lines = [
        sentence(words)
        + (" — " + _("“{reason}”").format(reason=reason_words(reasons[i], view)) if i in reasons else "")
        for i, words in story(view)
    ]
    if not lines:
        return "<i>" + _("Nothing has been said yet.") + "</i>"
    return (
        "<ol style='margin:0;padding-left:1.6em'>" + "".join(f"<li>{words_html(line)}</li>" for line in lines) + "</ol>"
    )
