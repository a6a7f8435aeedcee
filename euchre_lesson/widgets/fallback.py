"""What a widget says where it cannot run (GitHub, nbviewer, an old viewer): what it does, and to run the notebook.

A page that cannot draw a widget shows its plain text; ipywidgets' own is the raw repr
(`RankingExplorer(children=(HTML(value='<style>...`), which tells a reader nothing.
"""

from __future__ import annotations

from typing import ClassVar

from ..engine import language
from ..engine.language import N_
from .ipywidgets_door import TextWhereNoWidget

# Said in clicks, for someone who has never written code: the menu and the button of JupyterLab (a translation names
# them as JupyterLab's language pack of that language does).
START = N_("open this notebook in JupyterLab and choose Run ▸ Run All Cells (or press the ▶▶ button above it)")
RUN = N_("A widget: to use it, {start}.")


class Described(TextWhereNoWidget):
    """A widget whose plain text says what it does (`purpose`) and how to use it (`how`, where {start} says how to
    start the notebook); first among the bases. Both are marked N_ and said in the language chosen when the text is
    made."""

    purpose: ClassVar[str] = N_("A widget of the Euchre lessons.")
    how: ClassVar[str] = RUN

    def fallback_text(self) -> str:
        """What a page that cannot run the notebook shows instead of the widget, in the language chosen now."""
        how = language._(self.how).format(start=language._(START))
        return f"{language._(self.purpose)} ({how})"
