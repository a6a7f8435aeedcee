"""A lesson as a page (Voila): prose and live widgets, no answers and no code for programmers, the code one link away.

A lesson's cells tagged `solution` (an answer) or `jupyterlab-only` (how to run it in JupyterLab) are left out, and
its part for programmers: from the cell tagged `for-programmers` (its heading, "For programmers" in English) to the
next heading as high. The tag, not the heading's words, marks the part, so a translated lesson's page leaves it out
too ("Pour les programmeurs").

Voila runs `page_view` on every notebook before it starts the kernel (jupyter-config/voila.py names it as
VoilaConfiguration.prelaunch_hook), so what is left out here never runs and never shows.
"""

from __future__ import annotations

import copy
import re
from pathlib import PurePosixPath

import nbformat

from .engine import language as catalog
from .engine.language import ENGLISH, LANGUAGES, N_, speaking

PROGRAMMERS = "for-programmers"  # the tag of the cell whose heading opens a lesson's part for programmers
HEADING = re.compile(r"^(#{1,6})\s", re.MULTILINE)
VOILA_PAGE = "voila/render/"
LAB_VIEW = "lab/tree/"

# Voila shows a page only once every cell has run, and then draws it again inside its own frame, so the
# browser's own jump to the #rule of the address finds nothing, or is undone; this brings the rule's entry
# into view until it has stayed there for a second, or the reader scrolls on their own.
TO_THE_ANCHOR = """<script>
(function () {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (!id) return;
  let started = Date.now(), held = 0, reader = false;
  for (const kind of ["wheel", "keydown", "touchstart", "mousedown"]) {
    window.addEventListener(kind, () => { reader = true; }, {once: true, capture: true});
  }
  const look = () => {
    if (reader || Date.now() - started > 120000) return;
    const target = document.getElementById(id);
    const box = target && target.getClientRects().length && target.getBoundingClientRect();
    if (box && box.top >= 0 && box.bottom <= window.innerHeight) held += 1;
    else if (box) { held = 0; target.scrollIntoView(); }
    if (held < 10) setTimeout(look, 100);
  };
  look();
})();
</script>"""


# The page's own words around the lesson, in the lesson's language; the site's lesson pages show them too (its build,
# jupyterlite/build_site.py, writes them into the page for each lesson).
PAGE_WORDS = {
    "starting": N_("Python is starting…"),
    "code": N_("Show the code"),
    "stopped": N_("This lesson stopped at a problem: reload the page to start it again."),
}


def lesson_language(path: str) -> str:
    """The language of the lesson at `path`: its folder's where that names a language (notebooks/fr/…), else English."""
    folder = PurePosixPath(path).parent.name
    return folder if folder in LANGUAGES else ENGLISH


def page_words(language: str) -> dict[str, str]:
    """The page's words in `language`."""
    with speaking(language):
        return {key: catalog._(words) for key, words in PAGE_WORDS.items()}


# Tags of cells a page leaves out: an answer, and words only JupyterLab needs (how to run the cells there).
NOT_ON_A_PAGE = frozenset({"solution", "jupyterlab-only"})


def tags(cell) -> tuple[str, ...]:
    """A cell's tags (none for a cell without)."""
    return tuple(cell.get("metadata", {}).get("tags", ()))


def shown(cell) -> bool:
    """A cell a learner sees in the page: not an answer, nor words for JupyterLab only."""
    return NOT_ON_A_PAGE.isdisjoint(tags(cell))


def without_programmers_parts(cells: list) -> list:
    """The cells without each part for programmers: from the heading of a cell tagged `for-programmers` up to the
    next heading as high or higher."""
    kept, skipping = [], None  # skipping: the level of the heading whose part is left out
    for cell in cells:
        if cell.cell_type == "markdown":
            heading = HEADING.match(cell.source.lstrip())
            if skipping is not None and heading and len(heading[1]) <= skipping:
                skipping = None
            opening = HEADING.search(cell.source) if PROGRAMMERS in tags(cell) else None
            if skipping is None and opening:
                skipping = len(opening[1])
                before = cell.source[: opening.start()].strip()
                if before:  # the prose above the heading, in the same cell, stays
                    kept.append(nbformat.v4.new_markdown_cell(before))
                continue
        if skipping is None:
            kept.append(cell)
    return kept


def lab_address(page_path: str) -> str | None:
    """Where JupyterLab shows the code of the notebook a Voila page at `page_path` shows (None if not a page)."""
    if VOILA_PAGE not in page_path:
        return None
    return page_path.replace(VOILA_PAGE, LAB_VIEW, 1)


def code_link(lab: str) -> str:
    """The small link from a page to the same lesson in JupyterLab, where its code is, in the lesson's language."""
    words = page_words(lesson_language(lab))["code"]
    return (
        f'<p style="text-align:right;font-size:0.9em">'
        f'<a class="euchre-code-link" href="{lab}" style="text-decoration:underline">'
        f"{words} (JupyterLab)</a></p>"
    )


def page_view(notebook, lab: str | None = None):
    """The notebook as a learner's page: answers and programmers' parts out, a link to the code (when there is
    a JupyterLab to show it), and the jump to the rule the address names."""
    page = copy.deepcopy(notebook)
    page.cells = without_programmers_parts([cell for cell in page.cells if shown(cell)])
    top = (code_link(lab) if lab else "") + TO_THE_ANCHOR
    page.cells.insert(0, nbformat.v4.new_markdown_cell(top))
    return page


def prelaunch_hook(request_handler, notebook, cwd):
    """Voila's hook before a page's kernel starts: the page view of the notebook."""
    has_lab = "jupyterlab" in getattr(request_handler.settings.get("serverapp"), "jpserver_extensions", {})
    return page_view(notebook, lab_address(request_handler.request.path) if has_lab else None)
