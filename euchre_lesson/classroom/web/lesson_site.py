"""The lessons on the class's server: the static site (`make site`) at /lessons/, so a class needs one address.

Students open the class's address over plain HTTP on the school's network: the tables at /, the lessons at
/lessons/. The site's files are served read-only (GET and HEAD, nothing outside its folder, no link followed out
of it) from the folder the teacher built with `make site`; a teacher's version (`make site ANSWERS=1`, with the
answers and the guide) is never served. A lesson finds the class's address from its own page (class_report asks
CLASS_MARK there), so its answers come back here. A lesson of the site served from elsewhere (another port, say)
reports here too: the answers route answers the browser's cross-origin question for a POST and for nothing else;
the join code in the report decides, as always, whether it is kept.
"""

from __future__ import annotations

import fnmatch
import os
from collections.abc import Awaitable, Callable, Iterable
from html import escape
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from ...engine.files import as_text, parse_json, read_regular
from ...teach.class_report import CLASS_KIND, CLASS_MARK
from ...teach.handout import MOST_LESSON_BYTES, NOTEBOOK_DIGITS, NOTEBOOK_NESTING, TEACHERS_ONLY

SITE = "site"  # where `make site` builds the lessons, in the folder `make classroom` runs from
SITE_ENVIRONMENT = "EUCHRE_LESSON_SITE"  # another folder of the site, as the teacher may set it
PREFIX = "/lessons"
SITE_MARK = ".euchre-site"  # in every site jupyterlite/build_site.py builds
# The types a browser insists on (a module script, WebAssembly compiled as it arrives), whatever this system's
# own table of types says.
TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".whl": "application/octet-stream",
    ".md": "text/markdown; charset=utf-8",
}
ASKED_BY_PAGES_ELSEWHERE = {  # what a page of another address may send the answers route: a POST of JSON
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "POST",
    "Access-Control-Allow-Headers": "Content-Type",
    "Access-Control-Max-Age": "600",
}

Endpoint = Callable[[Request], Awaitable[Response]]


class SiteFiles(StaticFiles):
    """The site's files, as StaticFiles serves them (read-only, inside the folder), each with its browser type."""

    def file_response(self, full_path, stat_result: os.stat_result, scope: Scope, status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        kind = TYPES.get(Path(full_path).suffix)
        if kind and "content-type" in response.headers:
            response.headers["content-type"] = kind
        return response


def site_folder() -> Path:
    """The folder of the site to serve: $EUCHRE_LESSON_SITE, or site/ where the class's server was started."""
    return Path(os.environ.get(SITE_ENVIRONMENT) or SITE)


def site_problem(site: Path) -> str:
    """Why `site` cannot be served to students, in words; '' when it can."""
    where = escape(str(site))
    if not (site / "index.html").is_file() or not (site / SITE_MARK).is_file():
        return (
            f"The lessons are not on this server: no site built by make site is in {where}. Build it once in the "
            f"project's folder with make site, then start the class's server again there."
        )
    lessons = site / "files" / "notebooks"
    # the English lessons, and each language's beside them (notebooks/fr)
    found = [*lessons.glob("*.ipynb"), *lessons.glob("*/*.ipynb")] if lessons.is_dir() else []
    if any(fnmatch.fnmatch(path.name, TEACHERS_ONLY) for path in found) or any(map(_has_answers, found)):
        return (
            f"The lessons in {where} were built with the answers (make site ANSWERS=1), for the teacher only, so "
            f"they are not served to students. Build the students' version with make site, then start the class's "
            f"server again."
        )
    return ""


def _has_answers(path: Path) -> bool:
    """Whether a lesson of the site holds a cell tagged `solution` (the teacher's version does; a copy never)."""
    try:
        lesson = parse_json(as_text(read_regular(path, MOST_LESSON_BYTES)), NOTEBOOK_NESTING, NOTEBOOK_DIGITS)
        cells = lesson.get("cells", []) if isinstance(lesson, dict) else None
    except (OSError, ValueError):
        cells = None
    if not isinstance(cells, list):
        return True  # a lesson that cannot be read is not known to be a student's copy
    return any("solution" in cell.get("metadata", {}).get("tags", ()) for cell in cells if isinstance(cell, dict))


def reported_from_anywhere(endpoint: Endpoint) -> Endpoint:
    """The answers route open to lessons served from another address: their POST, and the browser's question first."""

    async def answer(request: Request) -> Response:
        if request.method == "OPTIONS":  # the browser asks before a page of another address may POST JSON
            if request.headers.get("access-control-request-method", "").upper() != "POST":
                return Response(status_code=403)
            allowed = dict(ASKED_BY_PAGES_ELSEWHERE)
            if request.headers.get("access-control-request-private-network") == "true":  # Chromium's question too
                allowed["Access-Control-Allow-Private-Network"] = "true"
            return Response(status_code=204, headers=allowed)
        response = await endpoint(request)
        response.headers["Access-Control-Allow-Origin"] = "*"  # the reply is the lesson's to read, wherever it is
        return response

    return answer


def lesson_routes(
    answers: Route,
    addresses: Iterable[str] = (),
    site: Path | None = None,
    say: Callable[[str], None] = lambda line: print(line, flush=True),
) -> list[BaseRoute]:
    """The class's routes for the lessons: `answers` (the answers route) open to pages of other addresses, the mark
    lessons find the class by, and the site at /lessons/ (or a page saying in words why it is not there); the
    lessons' addresses, under the class's `addresses`, said with `say`."""
    site = site_folder() if site is None else Path(site)
    problem = site_problem(site)

    async def mark(request: Request) -> Response:
        return JSONResponse({"kind": CLASS_KIND, "answers": answers.path})

    async def to_the_site(request: Request) -> Response:
        return RedirectResponse(PREFIX + "/")

    async def not_here(request: Request) -> Response:
        return HTMLResponse(_page(problem), status_code=404)

    routes: list[BaseRoute] = [
        Route(answers.path, reported_from_anywhere(answers.endpoint), methods=["POST", "OPTIONS"]),
        Route("/" + CLASS_MARK, mark, methods=["GET"]),
        Route(PREFIX, to_the_site, methods=["GET", "HEAD"]),
    ]
    if problem:
        say(problem)
        return [*routes, Route(PREFIX + "/{rest:path}", not_here, methods=["GET", "HEAD"])]
    say("The lessons, on the same server:")
    for address in addresses:
        say(f"    {address.rstrip('/')}{PREFIX}/")
    return [*routes, Mount(PREFIX, app=SiteFiles(directory=site, html=True))]


def _page(words: str) -> str:
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Euchre lessons</title></head>'
        f"<body><h1>Euchre lessons</h1><p>{words}</p></body></html>"
    )
