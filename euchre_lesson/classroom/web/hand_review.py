"""The last hand's review on a student's page, in HTML: its result, its story, the computers' reasons and the coach,
drawn on the page's own block of HTML as the table changes (no redraw of the page: at 48 tables the two redraws a
hand, the hand's end and the coach's coming, were half of the server's drawing). Only Try again from here, whose
buttons call back, is a component of its own (see pages.TryAgain)."""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import TypedDict

from ...engine.language import _
from ..seat_view import ChoiceSeen, CoachSeen, SeatView

LESSON_PAGE = "/lessons/notebooks/index.html?path=notebooks/"  # a lesson's page on the class's own lesson site
UNDERLINED = 'style="text-decoration: underline"'  # a link told by more than its colour
NOTE_STYLE = "padding: 0.6em; margin: 0.4em 0; border-radius: 4px; background: #e8f4fd; color: #0d3c61"


class TryAgainSeen(TypedDict):
    """What Try again from here offers after the coach's review: the choices, and how a second try went."""

    number: int  # the hand reviewed
    choices: list[ChoiceSeen]
    retry: str | None


def escaped(text: str) -> str:
    """Words as an element's HTML text: <, > and & escaped, quotes left as they read ("class's")."""
    return html.escape(text, quote=False)


def listed(lines: Iterable[str], kind: str, tag: str = "ol") -> str:
    """Lines of words as an HTML list of this class, indented so that its numbers show."""
    items = "".join(f"<li>{escaped(line)}</li>" for line in lines)
    return f'<{tag} class="{kind}" style="padding-left: 2.5em">{items}</{tag}>'


def reviewed(view: SeatView) -> bool:
    """The last hand's review shows: a hand is over, and either the next is dealt or the game is over."""
    last = view["last_hand"]
    return last is not None and (last["number"] != view["hand_number"] or view["game_over"])


def coached(view: SeatView) -> CoachSeen | None:
    """The coach's review of the hand the page reviews, once it has come."""
    last, coach = view["last_hand"], view["coach"]
    if not reviewed(view) or last is None or coach is None or coach["number"] != last["number"]:
        return None
    return coach


def review_html(view: SeatView) -> str:
    """The hand just over as this seat saw it: its result, its story, the computers' reasons, then its coach, who
    comes by itself (meanwhile, words saying it is at work); '' while no review shows."""
    last = view["last_hand"]
    if last is None or not reviewed(view):
        return ""
    number = last["number"]
    reasons = [f"{reason['who']}: {reason['words']}" for reason in last["reasons"]]
    html = (
        '<p class="class-review">'
        + _("<strong>Hand {number}:</strong> {result}").format(number=number, result=escaped(last["result"]))
        + "</p><h4>"
        + _("The story of hand {number}, as you saw it").format(number=number)
        + "</h4>"
        + listed(last["story"], "class-review-story")
        + (
            _("<p>Why the computer players chose as they did:</p>") + listed(reasons, "class-reasons", "ul")
            if reasons
            else ""
        )
    )
    coach = coached(view)
    if coach is not None:
        return html + coach_html(coach)
    if last["grades"] is not None:
        return (
            html
            + _("<h4>Your decisions in hand {number}</h4>").format(number=number)
            + listed(last["grades"], "class-grades")
        )
    if view["coaching"]:
        return (
            html + f'<div class="class-coaching" role="status" style="{NOTE_STYLE}">{escaped(view["coaching"])}</div>'
        )
    return html


def coach_html(coach: CoachSeen) -> str:
    """The coach after a hand, for this seat alone: each decision banded, the accuracy, and the costliest decision
    with the rule and the lesson behind it."""
    number, worst = coach["number"], coach["worst"]
    html = (
        _("<h4>Your decisions in hand {number}</h4>").format(number=number) + listed(coach["lines"], "class-grades")
        if coach["lines"]
        else ""
    )
    html += f'<p class="class-coach"><strong>{escaped(coach["summary"])}</strong></p>'
    if worst is None:
        return html
    rule, lesson = escaped(worst["rule"]), worst["lesson"]
    rule_page, lesson_page = f"{LESSON_PAGE}13_rule_book.ipynb#{rule}", LESSON_PAGE + escaped(worst["notebook"])
    return (
        html
        + '<p class="class-worst">'
        + _("Your costliest decision: {words} The rule behind it: {rule} · learn it again in {lesson}.").format(
            words=escaped(worst["words"]),
            rule=f'<a href="{rule_page}" target="_blank" {UNDERLINED}>{rule}</a>',
            lesson=f'<a href="{lesson_page}" target="_blank" {UNDERLINED}>'
            + escaped(_("lesson {number}").format(number=lesson))
            + "</a>",
        )
        + "</p>"
    )


def try_again_of(view: SeatView) -> TryAgainSeen | None:
    """What Try again from here offers on the page now: None while the coach has no choice to offer again."""
    coach = coached(view)
    if coach is None:
        return None
    choices = coach["worst"]["choices"] if coach["worst"] is not None else []
    if not choices and not coach["retry"]:
        return None
    return TryAgainSeen(number=coach["number"], choices=choices, retry=coach["retry"])
