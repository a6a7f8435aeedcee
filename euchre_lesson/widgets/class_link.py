"""Join the class's server on the contents page: first name, the server's address and the join code, typed once."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..engine.errors import NotationError
from ..engine.language import N_, _
from ..teach.class_progress import link_lessons, linked, unlink_lessons
from ..teach.class_report import OLD_LINK, default_server
from ..teach.context import current, learners_progress
from ..teach.progress import Progress
from . import arguments
from .cards import note, say
from .clicks import TiedButton
from .fallback import Described


class ClassLink(Described, w.VBox):
    """Send every answer from now on to the teacher's class server, under the learner's first name."""

    purpose = N_(
        "Send your answers to your teacher: if your class has a server, write your first name, its address "
        "and the join code once, and press Join; each answer you give then reaches your teacher's page."
    )
    how = N_("A widget: to join your class's server, {start}.")

    def __init__(self, progress: Progress | None = None, **kwargs: Any) -> None:
        progress = learners_progress(progress)  # refused, naming what is right, before any widget is made
        arguments.start_box(ClassLink, self, kwargs)
        self.progress = progress
        self.reporter = current().reporter  # the lesson's, bound when the page is made: whatever runs a click later
        link = linked(self.progress)
        wide = w.Layout(width="22em")
        self.name = w.Text(
            value=link.name if link else "", placeholder=_("your first name"), description=_("First name"), layout=wide
        )
        self.server = w.Text(
            value=link.server if link else default_server(),
            placeholder=_("such as 192.168.1.20:8765"),
            description=_("Address"),
            layout=wide,
        )
        self.code = w.Text(
            value=link.join if link else "", placeholder=_("such as KMR-TEX"), description=_("Join code"), layout=wide
        )
        self.join_tie = TiedButton(_("Join"), _("send your answers to your teacher's page from now on"), self.join)
        self.leave_tie = TiedButton(
            _("Stop sending"), _("stop sending your answers to your teacher's server"), self.leave
        )
        self.said = note()
        self.children = [
            w.HTML(_("<h4 class='euchre-note'>Send your answers to your teacher</h4>")),
            self.name,
            self.server,
            self.code,
            w.HBox([self.join_tie, self.leave_tie], layout=w.Layout(overflow="visible")),
            self.said,
        ]
        self.add_class("euchre-class-link")
        self._show(link)

    def _show(self, link) -> None:
        """Say whether answers are sent, and offer Stop sending only when they are."""
        if link is None:
            self.leave_tie.hide()
            say(
                self.said,
                _(
                    "Your answers are kept on this computer only. If your teacher runs a class server, "
                    "write its address and the join code (your teacher gives both) and press Join."
                ),
            )
        elif not link.token:  # linked before the class gave each learner a key: nothing is sent until joined again
            self.leave_tie.draw(link)
            say(self.said, OLD_LINK, "bad")
        else:
            self.leave_tie.draw(link)
            say(
                self.said,
                _("Your answers go to your teacher's server at {server} as {name}.").format(
                    server=link.server, name=link.name
                ),
            )

    def join(self) -> None:
        """Ask the server, and keep the link if it says yes; any mistake is said in words."""
        try:
            words = link_lessons(self.name.value, self.server.value, self.code.value, self.progress, self.reporter)
        except NotationError as mistake:
            say(self.said, str(mistake), "bad")
            return
        self._show(linked(self.progress))
        say(self.said, words, "good")

    def leave(self) -> None:
        """Stop sending answers; the learner's own progress is kept as ever."""
        try:
            unlink_lessons(self.progress)
        except NotationError as mistake:
            say(self.said, str(mistake), "bad")
            return
        self._show(None)
        say(self.said, _("Your answers are no longer sent to your teacher's server; they are still kept here."))
