"""What a widget says where it cannot run (GitHub, nbviewer, an old viewer): what it does, and to run the notebook.

A page that cannot draw a widget shows its plain text; ipywidgets' own is the raw repr
(`RankingExplorer(children=(HTML(value='<style>...`), which tells a reader nothing.
"""

from __future__ import annotations

from typing import ClassVar

from .ipywidgets_door import TextWhereNoWidget

# Said in clicks, for someone who has never written code: the menu and the button of JupyterLab.
START = "open this notebook in JupyterLab and choose Run ▸ Run All Cells (or press the ▶▶ button above it)"
RUN = f"A widget: to use it, {START}."


class Described(TextWhereNoWidget):
    """A widget whose plain text says what it does (`purpose`) and how to use it (`how`); first among the bases."""

    purpose: ClassVar[str] = "A widget of the Euchre lessons."
    how: ClassVar[str] = RUN

    def fallback_text(self) -> str:
        """What a page that cannot run the notebook shows instead of the widget."""
        return f"{self.purpose} ({self.how})"
