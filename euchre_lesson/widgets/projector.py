"""Projector mode: large type, and the table with its buttons on one 1280 by 720 screen, for a class watching it.

Every rule here is scoped to the PROJECTOR class, so the widgets look as before wherever it is not set.
"""

from __future__ import annotations

import ipywidgets as w

PROJECTOR = "euchre-projector"  # the class a Table (or the app around it) carries in projector mode
SWITCH = "euchre-projector-switch"  # the app's switch, drawn in the corner beside the tabs in projector mode
SIZE = 20  # px: text the back of a classroom can read (the widgets' own is 13)

# ipywidgets sizes its controls from these variables, so setting them on the projector box scales every control
# inside it. The felt shows the others' cards smaller than yours, each seat's two lines as one, and the parts that
# only a learner at their own screen reads (this hand's story, the list of tricks) are left out.
CSS = f"""<style>
.{PROJECTOR} {{ --jp-widgets-font-size: {SIZE}px; --jp-widgets-inline-height: {SIZE * 2}px;
  --jp-widgets-inline-label-width: 5.5em; --jp-content-font-size1: {SIZE}px; font-size: {SIZE}px; line-height: 1.3; }}
.{PROJECTOR} .widget-html, .{PROJECTOR} .widget-html-content, .{PROJECTOR} .widget-label,
.{PROJECTOR} .jupyter-button, .{PROJECTOR} .widget-checkbox label, .{PROJECTOR} select, .{PROJECTOR} input,
.{PROJECTOR} .widget-inline-hbox .widget-label {{ font-size: {SIZE}px; line-height: 1.3; }}
.{PROJECTOR} .widget-html-content {{ height: auto; }}
.{PROJECTOR} .jupyter-button:not(.euchre-card) {{ height: auto; min-height: {SIZE * 2}px; padding: 0.1em 0.6em; }}
.{PROJECTOR} .widget-dropdown, .{PROJECTOR} .widget-text {{ width: auto; }}
.{PROJECTOR} .widget-dropdown > select {{ max-width: 10em; }}
.{PROJECTOR} .widget-text input {{ width: 4.5em; }}
.{PROJECTOR} .widget-inline-hbox > .widget-label {{ width: auto; min-width: 0; max-width: none; padding-left: 0.4em; }}
.{PROJECTOR} .euchre-you {{ flex-flow: row wrap; align-items: center; }}
.{PROJECTOR} .euchre-you > :first-child {{ width: 100%; }}
.{PROJECTOR} .euchre-table {{ padding: 0.2em 0.4em; }}
.{PROJECTOR} .euchre-table br, .{PROJECTOR} .euchre-table .euchre-level {{ display: none; }}  /* the header names it */
.{PROJECTOR} .euchre-table span[data-seat]::before {{ content: " · "; }}  /* a label's facts, not the board's */
.{PROJECTOR} .euchre-table .euchre-strip .euchre-face {{ font-size: {SIZE}px; width: 2.2em; height: 3.08em; }}
.{PROJECTOR} .euchre-row .euchre-card.jupyter-button {{ font-size: {round(SIZE * 1.2)}px; width: 2.5em;
  height: 3.5em; }}  /* a card's faces are 5 by 7 */
.{PROJECTOR} .euchre-strip, .{PROJECTOR} .euchre-row {{ padding: 0.1em; }}
.{PROJECTOR} .euchre-extra, .{PROJECTOR} .euchre-house-rules.euchre-for-table,
.{PROJECTOR} .euchre-level-words {{ display: none; }}
.{PROJECTOR} .widget-vbox.euchre-beside {{ flex-direction: row; align-items: center; gap: 0.4em; }}
.{PROJECTOR} .euchre-tv .tv-table {{ --hand-w: 54px; --trick-w: 40px; --small-w: 24px; --prompt: 22px;
  --gap: 4px; }}  /* the board's cards smaller, so the felt, the note and the buttons fit 720 pixels */
.{PROJECTOR} .euchre-tv .tv-hand.is-long {{ --hand-w: 48px; }}
.{PROJECTOR} .euchre-tv .tv-prompt.is-long {{ font-size: 20px; }}  /* a long prompt smaller, never under 20 px */
.{PROJECTOR} .euchre-table.euchre-board {{ padding: 0; }}
.{PROJECTOR} .euchre-note.euchre-on-board {{ display: none; }}  /* the board says it, above its prompt */
.{PROJECTOR}.widget-box {{ position: relative; }}
.{PROJECTOR} > .{SWITCH} {{ position: absolute; top: 0; right: 0; z-index: 2; }}
</style>"""


def projector_style_sheet() -> w.HTML:
    """The projector mode's style sheet, as a widget to put once in a view that may be projected."""
    return w.HTML(CSS, layout=w.Layout(height="0px", margin="0", overflow="hidden"))
