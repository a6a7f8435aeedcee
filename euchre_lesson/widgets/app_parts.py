"""The app's own parts (app/euchre_table.ipynb): the class's house rules named on every tab, games saved to the
learner's browser and loaded from a file they choose, and the projector switch."""

from __future__ import annotations

import base64
import re
from html import escape
from pathlib import Path

import ipywidgets as w

from ..engine import checks, language
from ..engine.display import words_html
from ..engine.files import write_atomically
from ..engine.game import MAX_RECORD_BYTES
from ..engine.language import N_, _
from ..engine.rules import RuleSet
from ..engine.said import Listed
from ..play.session import News, Told
from . import arguments
from .cards import note, say
from .fallback import Described
from .projector import PROJECTOR, SWITCH, projector_style_sheet
from .table import Table

SAVED_NAME = "euchre_game.json"  # the name the browser saves a game under, unless one was loaded from another
LONGEST_NAME = 80  # characters of an uploaded file's name kept


def house_rules_line(rule_sets: list[RuleSet] | tuple[RuleSet, ...]) -> w.HTML:
    """A line naming the house rules each of these games is played by here: the switches that differ, or none."""
    parts = []
    for rules in arguments.rule_sets("rule_sets", rule_sets):
        switches = str(Listed(tuple(rules.switches_words()))) or _("none changed from the preset")
        game = f"<b>{escape(language._(rules.facts.label))}</b>"
        parts.append(_("{game}: {switches}").format(game=game, switches=words_html(switches)))
    line = w.HTML("<p>" + _("Your class's house rules here · {games}").format(games=" · ".join(parts)) + "</p>")
    line.add_class("euchre-house-rules")  # not a note: the tests and the page read the first note as the table's
    return line


def _upload_name(name: object) -> str:
    """The uploaded file's own name, as a plain file name (no folder, only letters, digits, dots, dashes)."""
    plain = re.sub(r"[^\w.-]+", "_", Path(str(name)).name)[-LONGEST_NAME:].strip("._")
    return plain if plain.endswith(".json") else f"{plain or 'saved_game'}.json"


class BrowserFiles:
    """The table's Save and Load for a shared server: Save offers the game as a file the learner's browser downloads,
    Load reads a file the learner picks on their computer. They take the place of the table's file name, Save and
    Load. The files are kept in the kernel's working folder, which the app makes one of this visitor's own (each
    visitor has a kernel of their own), so no visitor reads or overwrites another's game."""

    def __init__(self, table: Table):
        if not isinstance(table, Table):
            raise checks.refused("table", table, "the app's Table")
        self.table = table
        self.folder = Path.cwd()  # where the table's Save writes and an uploaded file is kept
        table.path_input.value = SAVED_NAME
        table.save_button.tooltip = _("save the game as a file your browser downloads")
        self.upload = w.FileUpload(
            accept=".json",
            multiple=False,
            description=_("Load a saved game"),
            icon="",
            tooltip=_("choose a game saved from this table on your computer"),
            layout=w.Layout(width="auto"),
        )
        self.upload.observe(self._uploaded, "value")
        self.link = w.HTML("")
        self.said = note()
        # No path on the server to type: the file is the learner's own.
        table.file_row.children = [table.save_button, self.upload, self.link, self.said]
        table.session.observe(self._heard)

    def _heard(self, news: News) -> None:
        """A game saved: offer it as a download (the table's note says it was saved)."""
        if news.told is not Told.SAVED:
            return
        name = Path(news.path).name
        data = (self.folder / news.path).read_bytes()
        address = "data:application/json;base64," + base64.b64encode(data).decode("ascii")
        self.link.value = (
            f"<a class='euchre-download' download='{escape(name)}' href='{address}' "
            "style='text-decoration:underline'>" + _("Download {name}").format(name=escape(name)) + "</a>"
        )
        say(
            self.said,
            _("Click Download {name} to keep the game on your computer; Load a saved game reads it back.").format(
                name=name
            ),
        )

    def _uploaded(self, change: dict) -> None:
        """A file chosen: the table loads it (it says what it read, or why not); the file is kept for this visitor."""
        files = change["new"]
        if not files:
            return
        chosen = files[0]
        self.upload.value = ()  # the same file may be chosen again
        data, name = bytes(chosen["content"]), _upload_name(chosen["name"])
        if len(data) > MAX_RECORD_BYTES:
            say(
                self.said,
                _(
                    "Not loaded: {name} holds {size} bytes, more than a saved game can ({most}). "
                    "Choose a game saved from this table."
                ).format(name=name, size=f"{len(data):,}", most=f"{MAX_RECORD_BYTES:,}"),
                "bad",
            )
            return
        write_atomically(self.folder / name, data)
        self.link.value = ""
        say(self.said, "")
        self.table.path_input.value = name
        self.table.load()


class ProjectorSwitch(Described, w.HBox):
    """Projector mode for the whole app (large type, the table on one screen) and, at the table, the open hands."""

    purpose = N_(
        "Projector mode: large type, the table and its buttons on one screen for a class, and the choice "
        "to show every hand for a demonstration."
    )

    def __init__(self, app: w.Box, table: Table):
        checks.instance("app", app, w.Box, "the box holding the whole app, such as a VBox")
        checks.instance("table", table, Table, "the app's Table")
        super().__init__()
        self.app, self.table = app, table
        self.toggle = w.ToggleButton(
            value=False,
            description=_("Projector"),
            icon="",
            tooltip=_("large type, and the table with its buttons on one screen, for a class"),
        )
        self.toggle.observe(lambda change: self.show(change["new"]), "value")
        self.children = [projector_style_sheet(), self.toggle]
        self.add_class(SWITCH)

    def show(self, on: bool = True) -> None:
        """Projector mode on or off."""
        self.toggle.value = on = checks.flag("on", on)
        (self.app.add_class if on else self.app.remove_class)(PROJECTOR)
        self.table.show_projector(on)
