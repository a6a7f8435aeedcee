"""The table view without Jupyter: a static page that imports look/table.js as a module and renders it with a
fake model (get, set, on, off, send, save_changes) fed a Picture, served to Chromium by Playwright itself (its
requests are answered from these files: no server, no network)."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from labdriver import ROOT

from euchre_lesson.widgets.table_view import TableView

LOOK = ROOT / "euchre_lesson" / "look"
BASE = "http://table-view.test/"
# A second folder for the screenshots, for review, when this variable names one.
COPY_SHOTS = "EUCHRE_TABLE_VIEW_SHOTS"

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Table view</title>
<link rel="stylesheet" href="table.css">
<style>body { margin: 0; padding: 8px; background: #f3efe6; }</style>
</head>
<body>
<main id="host"></main>
<script type="module">
import widget from "./table.js";
const data = { picture: null, faces: {}, words: WORDS };
const listeners = {};
const fire = (name) => (listeners[`change:${name}`] || []).forEach((callback) => callback());
const model = {
  get: (name) => data[name],
  set: (name, value) => { data[name] = value; },
  on: (event, callback) => { (listeners[event] ||= []).push(callback); },
  off: (event, callback) => { listeners[event] = (listeners[event] || []).filter((f) => f !== callback); },
  send: (content) => window.harness.sent.push(content),
  save_changes: () => {},
};
window.harness = {
  sent: [],
  show(picture, faces) {
    data.picture = picture;
    data.faces = faces;
    widget.render({ model, el: document.getElementById("host") });
  },
  update(name, value) { data[name] = value; fire(name); },
};
document.body.dataset.ready = "yes";
</script>
</body>
</html>
"""

TYPES = {"index.html": "text/html", "table.js": "text/javascript", "table.css": "text/css"}


def body(name: str) -> str:
    """A file of the page: the page itself, or the package's script or style as it is now."""
    if name == "index.html":  # the script's own words as TableView sends them, in English
        return PAGE.replace("WORDS", json.dumps(TableView().words), 1)
    return (LOOK / name).read_text(encoding="utf-8")


def serve(route) -> None:
    """Answer the page's requests from the package's files (a 404 for anything else)."""
    name = route.request.url.removeprefix(BASE).split("?")[0] or "index.html"
    if name not in TYPES:
        route.fulfill(status=404, body="not here")
        return
    route.fulfill(status=200, content_type=TYPES[name], body=body(name))


def simple_face(card_id: str) -> str:
    """A plain SVG face (corner index, one big pip) for when the real faces are not there."""
    rank, suit = ("", "★") if card_id == "Joker" else (card_id[:-1], card_id[-1])
    colour = "#c8102e" if suit in "♥♦" else "#111"
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 70">'
        '<rect x="0.5" y="0.5" width="49" height="69" rx="4" fill="#fff" stroke="#999"/>'
        f'<text x="4" y="13" font-size="11" font-family="sans-serif" font-weight="700" fill="{colour}">{rank}</text>'
        f'<text x="4" y="23" font-size="10" fill="{colour}">{suit}</text>'
        f'<text x="25" y="46" font-size="24" text-anchor="middle" fill="{colour}">{suit}</text></svg>'
    )


SIMPLE_BACK = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 70"><rect width="50" height="70" rx="4" fill="#173d8c"/>'
    '<rect x="4" y="4" width="42" height="62" rx="3" fill="none" stroke="#fff" stroke-width="2"/></svg>'
)


def faces(players: int) -> dict[str, str]:
    """The real faces (look/faces.py) when the package has them; else plain ones drawn here."""
    try:
        from euchre_lesson.engine.rules import PRESETS
        from euchre_lesson.look.faces import faces_for
    except ImportError:
        ids = [f"{rank}{suit}" for rank in ("7", "8", "9", "10", "J", "Q", "K", "A") for suit in "♠♥♦♣"]
        return {**{card_id: simple_face(card_id) for card_id in ids + ["Joker"]}, "back": SIMPLE_BACK}
    return dict(faces_for(PRESETS["railroad"]))


def open_view(page, picture: Any, with_faces: dict[str, str] | None = None, width: int | None = None) -> None:
    """The harness page in `page`, drawing `picture` (its faces: `with_faces`, or every card's), the widget's box
    `width` pixels wide if given (as a notebook's column on a phone gives it), else the page's width."""
    page.route(f"{BASE}**", serve)
    page.goto(BASE + "index.html")
    page.wait_for_selector("body[data-ready=yes]")
    if width is not None:
        page.evaluate("(width) => { document.getElementById('host').style.width = `${width}px`; }", width)
    page.evaluate("([p, f]) => window.harness.show(p, f)", [picture, faces(4) if with_faces is None else with_faces])
    page.wait_for_selector(".euchre-tv .tv-table")


def update(page, picture: Any) -> None:
    """A new picture from Python, as the widget's synced trait brings it."""
    page.evaluate("(p) => window.harness.update('picture', p)", json.loads(json.dumps(picture)))


def sent(page) -> list[dict[str, Any]]:
    return page.evaluate("() => window.harness.sent")


def keep_shot(path: Path) -> None:
    """Copy a screenshot to the folder $EUCHRE_TABLE_VIEW_SHOTS names, if any (the first stays where it is)."""
    folder = os.environ.get(COPY_SHOTS)
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(folder) / path.name)


def shot_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="euchre-table-view-"))
