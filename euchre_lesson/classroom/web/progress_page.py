"""The lessons' answers on the class's server: the route each lesson reports to, and the teacher's page's section.

A lesson's kernel posts each judged answer to /lessons/answers (teach/class_report); the body is read only up to
REPORT_LIMIT, its join code checked first (through the class's guard: wrong codes are counted per computer and in
all), then checked whole by LessonReports (the served class's, one for the server's run) before anything is kept. Until
the join code is right, every report gets one reply, whatever its shape: a stranger learns nothing of the code from
it. The teacher's page shows the same tables
as a folder of hand-ins gives (ClassTables: students x lessons, and per rule the first tries wrong, shaded as a heat
map) and offers each as a CSV download.
"""

from __future__ import annotations

from html import escape

import solara
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from ...engine import language
from ...engine.errors import FileRefused, JsonRefused
from ...engine.files import as_text, parse_json
from ...engine.language import N_, _, speaking
from ...teach.class_formats import report_reply
from ...teach.class_report import ROUTE
from ..codes import same_code
from ..guard import Guard
from ..keeping import why_not_saved
from ..progress_reports import NOT_KEPT_NOW, REPORT_LIMIT, LessonReports
from ..refusals import Refused
from .limits import asked_language
from .served import ServedClass
from .speech import speak_here

# A refusal's part: the HTTP status (a lesson sends its answers again after a 5xx, as after no answer at all).
STATUS = {"join code": 403, "report": 400, "name": 400, "answers": 400, "saving": 503}
# The one reply to a report without this class's join code, whatever else it holds or lacks.
NO_CODE = N_(
    "That is not this class's join code (or not a report from the lessons): nothing was kept. Ask your teacher for "
    "the join code on the board."
)


async def _body(request: Request) -> bytes | None:
    """The request's body, or None as soon as it is larger than a report may be."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > REPORT_LIMIT:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > REPORT_LIMIT:
            return None
    return body


def typed_join_code(body: bytes) -> object:
    """The join code a report's body holds, as typed: None for a body that is not a JSON object, or holds none."""
    try:
        data = parse_json(as_text(body), 4, 12)
    except (FileRefused, JsonRefused):
        return None
    return data.get("join") if isinstance(data, dict) else None


def the_join_code(typed: object, join_code: str) -> None:
    """Refused (NO_CODE) unless `typed` is `join_code`: the same words for a wrong code, no code and no report, so
    only the right code tells anything."""
    try:
        right = same_code(typed, join_code, "join code")
    except ValueError:  # not text, or longer than a code
        right = False
    if not right:
        raise Refused("join code", language._(NO_CODE))


def answers_route(reports: LessonReports, guard: Guard | None = None) -> Route:
    """POST /lessons/answers: one lesson's report, kept if every part of it is right; else refused in words.

    `guard` counts the wrong join codes (the server's, shared with the join form; a new one by default). The reply is
    JSON, {"kept": true or false, "message": "..."} (teach/class_formats), as the lesson reads it, in the language
    the lesson asks for (its Accept-Language, where the class has it; else English)."""
    codes = guard or Guard("join code")

    def kept(body: bytes, code: str) -> dict:
        with speaking(code):  # in the thread the report is kept in: its words in the lesson's language
            return reports.receive(body)

    async def receive(request: Request) -> JSONResponse:
        code = asked_language(request.scope)
        with speaking(code):
            body = await _body(request)
            if body is None:
                message = _("A report is at most {size} KB; this one is larger: nothing was kept.")
                return JSONResponse(report_reply(False, message.format(size=REPORT_LIMIT // 1024)), status_code=413)
            try:  # the code first, on the event loop: one report at a time meets the guard
                address = request.client.host if request.client else ""
                typed = typed_join_code(body)
                codes.attempt(address, typed, lambda: the_join_code(typed, reports.join_code))
                said = await run_in_threadpool(kept, body, code)  # a small file written: off the event loop
            except ValueError as refused:  # Refused, or the class's own NotationError: either in words
                part = getattr(refused, "part", "report")
                return JSONResponse(report_reply(False, str(refused)), status_code=STATUS.get(part, 400))
            except OSError as error:
                why = why_not_saved(error)
                return JSONResponse(report_reply(False, language._(NOT_KEPT_NOW).format(why)), status_code=503)
            return JSONResponse(said)

    return Route("/" + ROUTE, receive, methods=["POST"])


@solara.component
def LessonAnswers(served: ServedClass, news: int = 0):
    """The teacher's section: the lessons' answers as two shaded tables, read again on a click, and CSV downloads."""
    speak_here()  # the teacher's language, as the rest of the teacher's page
    reads, set_reads = solara.use_state(0)
    reports, address = served.reports, served.join
    tables = reports.tables()
    with solara.Column(classes=["class-lesson-answers"]):
        solara.HTML("h3", unsafe_innerHTML=_("The lessons: each student's exercises, and what to teach again"))
        solara.HTML(
            "p",
            unsafe_innerHTML=_(
                "A student's answers arrive here once they join on the lessons' contents page with their first "
                "name, the address <strong>{address}</strong> and the join code <strong>{code}</strong>."
            ).format(address=escape(address or _("of this server")), code=escape(served.room.join_code)),
        )
        solara.HTML("div", unsafe_innerHTML=tables.html(), classes=["class-lesson-tables"])
        with solara.Row(style="align-items: center; flex-wrap: wrap"):
            solara.Button(_("Show the latest answers"), on_click=lambda: set_reads(reads + 1), text=True)
            solara.FileDownload(
                lambda: reports.tables().csv_text("lessons").encode("utf-8"),
                filename="class-lessons.csv",
                label=_("Download students and lessons (CSV)"),
                mime_type="text/csv",
            )
            solara.FileDownload(
                lambda: reports.tables().csv_text("rules").encode("utf-8"),
                filename="class-rules.csv",
                label=_("Download what to teach again (CSV)"),
                mime_type="text/csv",
            )
