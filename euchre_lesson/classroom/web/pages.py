"""The class's pages, as Solara components: a student's page (join, choose a table, play one seat) and the teacher's.

Each browser page is one of Solara's virtual kernels, with widgets of its own (never shared with another page);
it draws only what the class tells it: a student's page from seat_view(token) and its table in the one table view
(widgets.table_view, fed the seat's picture: ClassTable.picture), the teacher's from the Desk. Each
page is handed the class it serves (a ServedClass) in its context: the layout reads it from the page's kernel
(solara_door.served) and gives it to every component below through SERVED. A page hears its table through
Classroom.observe, on the route found free of races (ARCHITECTURE.md, "Why the code is as it is"): the listener, in
whichever thread changed the table, hands a redraw to the page (solara_door.Page.soon), which runs it on the page's
event loop, inside its kernel, under its lock.
"""

from __future__ import annotations

import contextlib
import math
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import anywidget
import solara
import traitlets

from ...engine import checks
from ...engine import language as catalog
from ...engine.cards import Card
from ...engine.language import N_, _, choose_language, ngettext, speaking
from ...engine.rules import RuleSet
from ...look.clicks import Toggle
from ...look.faces import faces_for
from ...look.picture import Button, Click, Mood, Picture
from ...look.seat_picture import HINT, UNDO, tool
from ...widgets.table_view import TableView
from ..seat_view import SeatedView, WaitingView
from ..teacher import Desk as TeacherDesk
from ..teacher import Overview, RosterEntry, TableAtAGlance
from . import solara_door
from .hand_review import TryAgainSeen, escaped, listed, review_html, try_again_of
from .progress_page import LessonAnswers
from .served import ServedClass
from .server import qr_svg
from .signing_in import RememberTeacher, join_on_page, use_teacher_door
from .speech import SPEAKS, LanguagePicker, speak_here, spoken, use_page_language

if TYPE_CHECKING:
    import reacton.core

    from ..classroom import Classroom
    from ..table import ClassTable

T = TypeVar("T")
AtOnce = Callable[[], bool]  # draws a change of the page's table without redrawing the page; False: it could not
SEAT_KEY = "euchre-class-seat"  # where a browser keeps its seat token (localStorage: this address only)


class SeatKeeper(anywidget.AnyWidget):
    """Keeps the page's seat token in the browser's localStorage, so a reload finds the same seat."""

    token = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)
    # An anywidget: its script is sent with it (no file fetched), and the page's seat keeper proves anywidget's
    # front end (an nbextension Solara loads from the server) works offline, as the table view needs
    _esm = traitlets.Unicode(
        """
export default {
  render({ model, el }) {
    el.className = "seat-keeper";
    model.on("change:token", () => {
      const value = model.get("token");
      if (value) {
        window.localStorage.setItem("SEAT_KEY", value);
      } else {
        window.localStorage.removeItem("SEAT_KEY");
      }
    });
    model.set("token", window.localStorage.getItem("SEAT_KEY") || "");
    model.set("loaded", true);
    model.save_changes();
  },
};
""".replace("SEAT_KEY", SEAT_KEY)
    ).tag(sync=True)


RECONNECTING = "Reconnecting…"  # what a page says while the class's server is away


class ConnectionWatch(anywidget.AnyWidget):
    """Says "Reconnecting…" while the class's server is away, and brings the page back once it answers.

    Solara's own front end shows nothing when a page loses its server (its overlay fails to draw), and after a
    restart it finds the page's kernel unknown and gives up: the page stays as it was drawn, and clicks do nothing.
    This script asks the server every second while the page is cut off; once it answers, the page reconnects at once
    (not after Solara's back-off of up to a minute), and a server that no longer knows the page makes it load again
    (Solara's forceRefresh), where the seat keeper finds the student's seat by the token the browser kept. A page
    back on the same server counts `reconnects`, and is drawn again: a redraw sent while its connection was down
    found the loop of its websocket closed, and was dropped (page_listener)."""

    reconnects = traitlets.Int(0).tag(sync=True)

    _esm = traitlets.Unicode(
        """
function watch(model) {
  const debug = window.solara && window.solara.debug;
  if (window.classConnectionWatch || !debug || !debug.kernel) {
    return;
  }
  window.classConnectionWatch = true;
  window.solara.forceRefresh = true;
  const banner = document.createElement("div");
  banner.className = "class-reconnecting";
  banner.setAttribute("role", "status");
  banner.textContent = "RECONNECTING";
  banner.style.cssText = "position: fixed; top: 0; left: 0; right: 0; z-index: 200000; display: none; " +
    "padding: 0.5em; text-align: center; font: 600 18px sans-serif; background: #fff3cd; color: #3d2f00; " +
    "border-bottom: 2px solid #b58900";
  document.body.appendChild(banner);
  let asking = false;
  let wasAway = false;
  setInterval(async () => {
    const kernel = debug.kernel();
    const page = window.app && window.app.$data;
    const away = !kernel || kernel.connectionStatus !== "connected";
    const settling = page && (page.remounting || page.needsRefresh);
    banner.style.display = away || settling ? "block" : "none";
    if (wasAway && !away && !settling) {
      model.set("reconnects", model.get("reconnects") + 1);
      model.save_changes();
    }
    wasAway = away || (wasAway && settling);
    if (!away || asking || !kernel) {
      return;
    }
    asking = true;
    try {
      await fetch(window.location.href, { method: "HEAD", cache: "no-store" });
      kernel.reconnect().catch(() => {});
    } catch (error) {
      // the server is still away: ask again in a second
    } finally {
      asking = false;
    }
  }, 1000);
}

export default {
  render({ model, el }) {
    el.className = "connection-watch";
    watch(model);
  },
};
""".replace("RECONNECTING", RECONNECTING)
    ).tag(sync=True)


# -- the class this page serves, and hearing it ------------------------------------------------------------

# The page's ServedClass, given by WithClass to every component below it (None: no class given).
SERVED: reacton.core.UserContext[ServedClass | None] = solara.create_context(None)


# How many times this page came back to the same server after its connection dropped (ConnectionWatch counts them).
RECONNECTS: reacton.core.UserContext[int] = solara.create_context(0)


def use_served() -> ServedClass:
    """The class this page serves, as given by the WithClass above it."""
    served = solara.use_context(SERVED)
    if served is None:
        raise RuntimeError("A class page is drawn inside WithClass(served), which gives it the class it serves.")
    return served


@solara.component
def WithClass(served: ServedClass, children: list[reacton.core.Element] | None = None) -> reacton.core.Element:
    """Its children, each given the class they serve (use_served)."""
    solara.provide_context(SERVED, served)
    return solara.Column(children=children or [], style="padding: 0")


def use_class_news(
    concerns: Callable[[ClassTable | None], bool],
    at_once: reacton.core.Ref[AtOnce | None] | None = None,
    every: Callable[[], float] | None = None,
) -> int:
    """Redraw this page when the class changes in a way `concerns(table or None)` says matters, and when it comes
    back after its connection dropped (a redraw meanwhile had no loop to run on); a counter. With `at_once`, a
    change is first offered to `at_once.current`, which may draw it itself (see page_listener); with `every`, the
    page is redrawn at most once in `every()` seconds."""
    reconnects = solara.use_context(RECONNECTS)
    heard_ref = solara.use_ref(concerns)
    heard_ref.current = concerns
    news, set_news = solara.use_state(0)
    room = use_served().room

    def subscribe() -> Callable[[], None]:
        page = solara_door.this_page()
        heard = page_listener(page, heard_ref, lambda: set_news(lambda count: count + 1), at_once, every)
        forgotten: list[bool] = []  # the page forgot the class already

        def forget() -> None:
            if not forgotten:
                forgotten.append(True)
                room.forget(heard)

        room.observe(heard)

        page.on_close(forget)
        return forget

    solara.use_effect(subscribe, [])
    return news + reconnects


def page_listener(
    page: solara_door.Page,
    concerns: reacton.core.Ref[Callable[[ClassTable | None], bool]],
    drawn: Callable[[], None],
    at_once: reacton.core.Ref[AtOnce | None] | None = None,
    every: Callable[[], float] | None = None,
) -> Callable[[ClassTable | None], None]:
    """The class's listener for one page: for each change `concerns.current` says matters, `drawn()` on the page's
    event loop, once for all the changes heard while a redraw is on its way; unless `at_once.current()` (when the
    page has one) drew the change itself and says so. With `every`, a redraw comes at least `every()` seconds after
    the one before (the changes heard meanwhile are drawn together)."""
    pending = threading.Event()  # a redraw is on its way: the changes heard meanwhile need no other
    last = [-math.inf]  # when the last redraw began (time.monotonic)

    def redraw() -> None:  # runs on the page's event loop, inside its kernel, under its lock
        pending.clear()  # before drawing: a change heard from now on is drawn by the next redraw
        last[0] = time.monotonic()
        quick = None if at_once is None else at_once.current
        if quick is None or not quick():
            drawn()

    # Runs in the thread that changed the class: never touches this page's widgets.
    def heard(table: ClassTable | None) -> None:
        if concerns.current(table) and not pending.is_set():
            pending.set()
            wait = 0.0 if every is None else max(0.0, last[0] + every() - time.monotonic())
            if not redraw_soon(page, redraw, wait):
                pending.clear()  # nothing on its way: the next change tries again (a page back from a blip)

    return heard


def redraw_soon(page: solara_door.Page, redraw: Callable[[], None], after: float = 0.0) -> bool:
    """Hand `redraw` to `page`'s event loop; False if the loop is closed: the page's websocket closed (a student
    reloaded or closed the page, or the network dropped), and its kernel waits to be culled or reconnected. Such a
    redraw is dropped quietly: the teacher is not told of it as a table's problem (it was "Event loop is closed")."""
    try:
        page.soon(redraw, after)
    except RuntimeError:  # "Event loop is closed"
        return False
    return True


def use_presence(token: str) -> None:
    """While this page is open with a known token, its student is at the table; when it closes, away."""
    served = use_served()

    def arrive() -> Callable[[], None] | None:
        if not token:
            return None
        room, presence = served.room, served.presence
        page = solara_door.this_page()
        presence.arrive(token)
        with contextlib.suppress(ValueError):  # the student left the class meanwhile
            room.back(token)
        left: list[bool] = []  # the page left already

        def leave() -> None:
            if left:
                return
            left.append(True)
            if presence.leave(token):
                with contextlib.suppress(ValueError):  # the student left the class meanwhile
                    room.away(token)

        page.on_close(leave)
        return leave

    solara.use_effect(arrive, [token])


# -- small pieces ---------------------------------------------------------------------------------------------


@solara.component
def Said(words: str, kind: str = "error") -> None:
    """A refusal or a note, in words, read out by screen readers."""
    if words:
        solara.HTML(
            "div",
            unsafe_innerHTML=escaped(words),
            classes=[f"class-{kind}"],
            attributes={"role": "alert" if kind == "error" else "status"},
            style="padding: 0.6em; margin: 0.4em 0; border-radius: 4px; "
            + ("background: #fdecea; color: #611a15;" if kind == "error" else "background: #e8f4fd; color: #0d3c61;"),
        )


def Line(words: str) -> None:
    """One line of words on a page of its own (Solara's Text runs on into the next)."""
    solara.HTML("div", unsafe_innerHTML=escaped(words))


def heading(words: str, level: int = 2) -> None:
    """A heading (plain HTML: Solara's Markdown loads a diagram library from a CDN)."""
    solara.HTML(f"h{level}", unsafe_innerHTML=escaped(words))


# -- the student's page --------------------------------------------------------------------------------------
#
# A change at the table redraws each of its pages once (use_class_news folds the changes heard meanwhile into one
# redraw), from the seat's view, which the table makes once per change. The table itself is one widget, the one
# table view: a change sends it one new picture (one message), where a page of buttons and lines sent many.


@solara.component
def StudentPage() -> None:
    token, set_token = solara.use_state("")
    loaded, set_loaded = solara.use_state(False)
    asked, set_asked = solara.use_state(0)  # counts this page's own asks (a hint, grades): each redraws the page
    place_ref: reacton.core.Ref[int | None] = solara.use_ref(None)  # the table this page shows, read by its listener
    no_quick_drawing: AtOnce | None = None
    at_once = solara.use_ref(no_quick_drawing)  # set while the page shows its seat (TablePlay)
    use_class_news(
        lambda table: table is None or place_ref.current is None or table.number == place_ref.current, at_once
    )
    room = use_served().room
    known = bool(token)
    if known:
        try:
            room.student(token)
        except ValueError:
            known = False
    use_presence(token if known else "")
    language, pick_language, refused_language = use_page_language()  # this student's own, kept by the browser
    solara.provide_context(SPEAKS, language)
    choose_language(language)  # the seat's view below is made in it
    with solara.Column(classes=["class-student"], style="max-width: 100em; margin: 0 auto; padding: 0.4em 0.6em"):
        SeatKeeper.element(token=token, on_token=set_token, loaded=loaded, on_loaded=set_loaded)
        LanguagePicker(language, pick_language, refused_language)
        if not loaded:
            solara.Text(_("Opening the class…"))
        elif not known:
            place_ref.current = None
            JoinForm(on_joined=set_token, stale=bool(token))
        else:
            view = room.seat_view(token)
            place_ref.current = view["table"]
            if view["waiting"]:
                Waiting(token, view)
            else:
                SeatAtTable(token, Held(view), lambda: set_asked(lambda count: count + 1), at_once)


LATE_LETTERS = 3.0  # seconds after a refused Join in which letters still arriving try it again


@solara.component
def JoinForm(on_joined: Callable[[str], None], stale: bool) -> None:
    name, set_name = solara.use_state("")
    code, set_code = solara.use_state("")
    said, set_said = solara.use_state("")
    not_refused: tuple[float, str] | None = None  # else (when, the code) of a Join refused for its join code
    refused, set_refused = solara.use_state(not_refused)
    served = use_served()
    speaking_now = speak_here()

    def join() -> None:
        try:
            joined = join_on_page(served, name, code)  # wrong codes counted: too many from one computer are refused
        except ValueError as error:
            set_said(str(error))
            set_refused((time.monotonic(), code) if getattr(error, "part", "") == "join code" else None)
            return
        set_said("")
        on_joined(joined.token)

    def late_letters() -> None:
        # The browser holds typed letters back while the server is busy, but not a click: on a busy server Join can
        # arrive before the code's last letters. Letters that complete the code just after it was refused join.
        if (
            refused
            and time.monotonic() - refused[0] < LATE_LETTERS
            and code != refused[1]
            and code.startswith(refused[1])
        ):
            join()

    solara.use_effect(late_letters, [code])

    heading(_("Join the class's Euchre tables"))
    if stale:
        Said(
            _(
                "This browser's seat is not one of this class's any more: join again with your first name and the "
                "join code on the board."
            ),
            "note",
        )
    solara.InputText(_("Your first name"), value=name, on_value=set_name, continuous_update=True)
    solara.InputText(_("Join code"), value=code, on_value=set_code, continuous_update=True)
    solara.Button(_("Join"), on_click=spoken(speaking_now, join), color="primary")
    Said(said)


@solara.component
def Waiting(token: str, view: WaitingView) -> None:
    said, set_said = solara.use_state("")
    room = use_served().room
    speaking_now = speak_here()

    def choose(number: int) -> Callable[[], None]:
        def sit() -> None:
            try:
                room.choose_table(token, number)
            except ValueError as error:
                set_said(str(error))

        return spoken(speaking_now, sit)

    heading(_("Welcome, {name}").format(name=view["name"]))
    Said(room.waiting_note(token), "note")
    solara.Text(_("Choose a table, or wait: your teacher can seat you."))
    for table in view["tables"]:
        free = table["free_seats"]
        solara.Button(
            ngettext(
                "Sit at table {table} ({game}, {free} seat free)",
                "Sit at table {table} ({game}, {free} seats free)",
                free,
            ).format(table=table["table"], game=catalog._(table["game"]), free=free),
            on_click=choose(table["table"]),
            disabled=not free,
            style="margin: 0.2em 0",
        )
    if not view["tables"]:
        solara.Text(_("There is no table yet: wait for your teacher."))
    Said(said)


class Held(Generic[T]):
    """A value handed to a component whole. Reacton walks a dict or a list given to a component or a widget through,
    copying it, at every redraw (most of a page's redraw, for a seat's view or a picture); a Held value it compares
    by identity, and never walks into (a seat's view is made once per change of its table, so an unchanged one is
    the same object)."""

    __slots__ = ("value",)

    def __init__(self, value: T) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Held) and other.value is self.value

    def __hash__(self) -> int:
        return id(self.value)


# What of a seat's view a page draws at once as its table changes, without redrawing the page: the table view's
# picture, the hand's story and the last hand's review with its coach (TablePlay). A change of any other part (the
# coach's Try again from here, the table, its game, the game's end) changes what else the page shows: it is redrawn.
DRAWN_AT_ONCE = (
    "hand_in_play",
    "undo",
    "hint",
    "players",
    "scores",
    "paused",
    "open_hands",
    "hand_number",
    "last_hand",
    "coach",
    "coaching",
)


def rest_of_page(view: SeatedView) -> dict[str, object]:
    """What a seated page shows of `view` besides its table view, the hand's story and the last hand's review: while
    it stays the same, a change of the table is drawn on those alone."""
    rest: dict[str, object] = {key: value for key, value in view.items() if key not in DRAWN_AT_ONCE}
    rest["try_again"] = try_again_of(view)
    return rest


@solara.component
def SeatAtTable(
    token: str, held: Held[SeatedView], on_asked: Callable[[], None], at_once: reacton.core.Ref[AtOnce | None]
) -> None:
    """One seat at its table: the one table view (the seat's picture, its clicks), the hand's story and the last
    hand's review, in names, then the coach's Try again from here."""
    # One column whether Try again shows or not: a component with one child is drawn as that child, so its coming
    # would move the table view into a new column, made again empty ("The table is being laid…")
    with solara.Column():
        TablePlay(token, held, on_asked, at_once)
        again = try_again_of(held.value)
        if again is not None:
            TryAgain(token, again, on_asked)


def tools_for(view: SeatedView) -> list[Button]:
    """The page's own buttons on the table view: Hint on the seat's turn, and Undo, which the table does once every
    student at it asks."""
    undo = view["undo"]
    your_turn = view["hand_in_play"]["your_turn"] and not view["game_over"]
    return [
        tool(HINT, _("Hint"), _("The computer's advice for this move, for you alone"), your_turn),
        tool(
            UNDO,
            _("Undo asked") if undo["you_asked"] else _("Undo"),
            _("Go back to before the last student's move, once every student at this table asks"),
            undo["moment"] is not None and not undo["you_asked"],
        ),
    ]


def note_for(view: SeatedView, refused: str) -> tuple[str, Mood]:
    """The words the page says before the prompt: a refusal, else the hint asked for, and an undo asked."""
    if refused:
        return refused, "bad"
    words: list[str] = []
    undo = view["undo"]
    if view["hint"] and view["hand_in_play"]["your_turn"]:
        words.append(_("Hint: {hint}").format(hint=view["hint"]))
    if undo["asked"]:
        waiting = undo["waiting_for"]
        words.append(
            ngettext(
                "{asked} asked to undo the last student's move: the table goes back once {waiting} presses Undo too.",
                "{asked} asked to undo the last student's move: the table goes back once {waiting} press Undo too.",
                len(waiting),
            ).format(asked=and_names(undo["asked"]), waiting=and_names(waiting))
        )
    return " ".join(words), "good" if view["hint"] and view["hand_in_play"]["your_turn"] else ""


def and_names(names: Iterable[str]) -> str:
    """Names joined as a list is said: 'Ava and Ben' ('and' in the language chosen)."""
    return _(" and ").join(names)


class SeatBoard:
    """A page's table view and the hand's story below it, once made, and the newest seat's view drawn on them."""

    def __init__(self, view: SeatedView) -> None:
        self.widgets: tuple[TableView, Any, Any] | None = None  # None: not made yet, or gone with the page's seat
        self.faces: dict[str, str] | None = None  # the faces drawn (the table view's are a validated copy)
        self.given = self.latest = view  # the view the page last gave, and the newest drawn (given, or at once since)

    def given_now(self, view: SeatedView) -> None:
        """The page was drawn from `view`: the newest, unless it is the one given before (the page's own redraw)."""
        if view is not self.given:
            self.given = self.latest = view


@dataclass(frozen=True)
class SeatDrawing:
    """One drawing of a seat's page: its table, its chosen cards and refusal, the rest of the page it shows."""

    room: Classroom
    table: ClassTable
    token: str
    view: SeatedView  # the view the page was drawn from
    chosen: frozenset[Card]  # the cards chosen to keep from ten (T5)
    refused: tuple[str, int]  # a click refused, in words, and the moment it was refused at
    faces: dict[str, str]
    board: SeatBoard

    def draw(self, seen: SeatedView) -> bool:
        """Draw `seen` on the table view (with this page's chosen cards, note and tools) and the story; False if the
        widgets are not made yet. A picture equal to the one drawn sends nothing (traitlets compares them)."""
        made, table = self.board.widgets, self.table
        if made is None:
            return False
        shown, story, review = made
        note, mood = note_for(seen, self.refused[0] if self.refused[1] == table.version else "")
        # from the page's table itself: the class's look-ups by token read every student and table (48 tables: 192)
        picture = table.picture(
            table.seat_of(self.token), chosen=self.chosen, note=note, mood=mood, tools=tools_for(seen)
        )
        if self.board.faces is not self.faces:  # validated and sent only when the game changes
            shown.faces, self.board.faces = self.faces, self.faces
        shown.picture = dict(picture)  # the trait holds a plain dict (TypedDicts are not of that type)
        story.unsafe_innerHTML = story_html(seen["hand_in_play"]["story"])
        review.unsafe_innerHTML = review_html(seen)
        return True

    def at_once(self) -> bool:  # on the page's event loop, inside its kernel, under its lock
        """Draw the table's change here alone if the rest of the page stays as it is; False: the page is redrawn."""
        view, table = self.view, self.table
        if self.board.widgets is None:
            return False
        try:
            if self.room.table(view["table"]) is not table:  # the table was removed (it keeps its seats)
                return False
            now = SeatedView(name=view["name"], table=view["table"], waiting=False, **table.seat_view(self.token))
            if rest_of_page(now) != rest_of_page(view):
                return False
            self.board.latest = now
            return self.draw(now)
        except ValueError:  # the student left the class or the table meanwhile: the redraw shows what now
            return False


@solara.component
def TablePlay(
    token: str, held: Held[SeatedView], on_asked: Callable[[], None], at_once: reacton.core.Ref[AtOnce | None]
) -> None:
    """The seat's table in the one table view, the hand's story and the last hand's review below it: one widget a
    page for the table, its picture made from the seat's own view (only what this seat may see), each click checked
    by the table against its moment and this student's seat. A change of the table that leaves the rest of the page
    as it was (most moves, a hand's end) is drawn on these three widgets at once (`at_once`, offered each change by
    the page's listener), without redrawing the page: the redraw walked every component of the page."""
    view = held.value
    no_cards: frozenset[Card] = frozenset()
    chosen, set_chosen = solara.use_state(no_cards)  # the cards chosen to keep from ten (T5)
    refused, set_refused = solara.use_state(("", -1))  # a click refused, in words, and the moment it was refused at
    room = use_served().room
    speaking_now = speak_here()  # the picture's words, and a refusal's, in this student's language
    table = room.table(view["table"])
    faces = solara.use_memo(lambda: faces_for(table.game.rules), [view["table"], view["game"], speaking_now])
    board = solara.use_memo(lambda: SeatBoard(view), [])
    board.given_now(view)
    drawing = SeatDrawing(room, table, token, view, chosen, refused, faces, board)
    at_once.current = spoken(speaking_now, drawing.at_once)  # in this student's language: the listener speaks none

    def clicked(click: Click) -> None:
        try:
            if click["key"] == HINT:
                room.hint(token)
            elif click["key"] == UNDO:
                room.ask_undo(token, board.latest["undo"]["moment"])
            else:
                found = room.click(token, click)
                set_chosen(chosen ^ {found.card} if isinstance(found, Toggle) else no_cards)
        except ValueError as error:  # the table's words: not your turn, a stale click, paused, not a legal card
            set_refused((str(error), table.version))
            return
        set_refused(("", -1))
        if click["key"] in (HINT, UNDO):
            on_asked()

    handler = solara.use_ref(clicked)
    handler.current = spoken(speaking_now, clicked)  # this drawing's handler: its chosen cards, its undo moment
    shown = TableView.element()  # its picture and faces set by draw, where reacton does not walk them through
    story = solara.widgets.HTML.element(tag="div", attributes={"class": "class-hand-story"})  # set by draw too
    review = solara.widgets.HTML.element(tag="div", attributes={"class": "class-hand-review"})  # and the last hand's

    def made() -> Callable[[], None]:
        widget = checks.instance("widget", solara.get_widget(shown), TableView, "the page's table view")
        widget.on_click(lambda click: handler.current(click))
        board.widgets = (widget, solara.get_widget(story), solara.get_widget(review))

        def gone() -> None:  # a change heard from now on redraws the page, whose drawing has no seat any more
            board.widgets = None

        return gone

    def drawn() -> None:  # after each drawing of the page: what it was given, or newer
        with contextlib.suppress(ValueError), speaking(speaking_now):  # the student left the table: the page redraws
            drawing.draw(board.latest)

    solara.use_effect(made, [])
    solara.use_effect(drawn)


def story_html(story: list[str]) -> str:
    """The hand's story so far, as the page shows it below its table ('' before anything is said)."""
    return _("<h3>This hand so far</h3>") + listed(story, "class-story") if story else ""


@solara.component
def TryAgain(token: str, again: TryAgainSeen, on_asked: Callable[[], None]) -> None:
    """Below the coach's review, for this seat alone: Try again from here (choose again at the costliest decision,
    and the computers play the hand out), then how the second try went."""
    said, set_said = solara.use_state("")
    room = use_served().room
    speaking_now = speak_here()

    def choose_again(key: str) -> Callable[[], None]:
        def choose() -> None:
            try:
                room.try_again(token, key)
                set_said("")
            except ValueError as error:
                set_said(str(error))
            on_asked()

        return spoken(speaking_now, choose)

    if again["choices"]:
        solara.Text(_("Try again from here: choose again, and the computers play the hand out."))
        with solara.Row(style="flex-wrap: wrap", classes=["class-try-again"]):
            for choice in again["choices"]:
                solara.Button(choice["words"], on_click=choose_again(choice["key"]), text=True)
    if again["retry"]:
        solara.HTML("div", unsafe_innerHTML=f'<p class="class-retry">{escaped(again["retry"])}</p>')
    Said(said)


# -- the teacher's page ------------------------------------------------------------------------------------
#
# Made for a projector as much as a laptop: the tables side by side in a grid of small cards, the join screen (the
# address, the join code and its QR code, large enough to read from the back of a room) a click away.

# The desk shows every table: redrawn after each move of each table, at 48 busy tables it was four fifths of the
# server's work (a redraw of 48 tables' cards takes reacton a quarter of a second). A move is drawn on its table's
# card alone (DeskBoard), and at most twice a second, live enough for a teacher's overview; a table shown at
# projector size, a redraw of that table alone, follows every move.
DESK_EVERY = 0.5  # seconds
DESK_STYLE = "max-width: 120em; margin: 0.5em auto; padding: 0 1em; font-size: 15px"
PROJECTED_STYLE = "position: fixed; inset: 0; z-index: 5; background: #fff; overflow: auto; padding: 0.5em 1em"
TABLES_STYLE = "display: grid; grid-template-columns: repeat(auto-fill, minmax(25em, 1fr)); gap: 0.6em"


@solara.component
def TeacherPage() -> None:
    code, set_code = solara.use_state("")
    door = use_teacher_door(use_served())  # the desk: None until the teacher code, or this browser's cookie, opens it
    desk = door.desk
    said, set_said = solara.use_state("")
    projecting = solara.use_ref(0)  # the table the desk shows at projector size (0: none), set by the desk
    no_quick_drawing: AtOnce | None = None
    at_once = solara.use_ref(no_quick_drawing)  # set while the desk shows every table (Desk)
    news = use_class_news(
        lambda table: desk is not None, at_once, every=lambda: 0.0 if projecting.current else DESK_EVERY
    )
    language, pick_language, refused_language = use_page_language()  # the teacher's own, kept by the browser
    solara.provide_context(SPEAKS, language)
    choose_language(language)

    def open_desk() -> None:
        try:
            door.open(code)
            set_said("")
        except ValueError as error:
            set_said(str(error))

    with solara.Column(classes=["class-teacher"], style=DESK_STYLE):
        RememberTeacher(door)
        if desk is None:
            LanguagePicker(language, pick_language, refused_language)
            heading(_("The teacher's page"))
            solara.InputText(_("Teacher code"), value=code, on_value=set_code, password=True, continuous_update=True)
            solara.Button(_("Open"), on_click=spoken(language, open_desk), color="primary")
            Said(said)
        else:
            Desk(
                desk,
                news,
                door.sign_out,
                lambda: LanguagePicker(language, pick_language, refused_language),
                projecting,
                at_once,
            )


def join_screen(address: str, code: str) -> str:
    """The join screen's HTML: the address, the join code and its QR code, sized to the screen it is shown on (a
    projector at 1280x720: the code over 100 px tall, the QR code over half the height)."""
    qr = qr_svg(address, fill=True).replace("<svg ", '<svg style="width: 100%; height: 100%; display: block" ', 1)
    return (
        '<div class="class-join-screen" style="position: fixed; inset: 0; z-index: 5; background: #fff; '
        "display: flex; flex-wrap: wrap; align-items: center; justify-content: center; gap: 4vmin; padding: 4vmin; "
        'overflow: auto; color: #111">'
        f'<div class="class-join-qr" style="width: min(62vh, 86vw); height: min(62vh, 86vw)">{qr if address else ""}'
        "</div>"
        '<div class="class-join-words" style="text-align: center; max-width: 90vw">'
        '<p style="font-size: clamp(20px, min(4vh, 5vw), 44px); margin: 0">' + escaped(_("Open")) + "</p>"
        '<p class="class-join-address" style="font-size: clamp(22px, min(6vh, 6vw), 64px); font-weight: 700; '
        'margin: 0 0 0.3em; overflow-wrap: anywhere">' + escaped(address or _("this page")) + "</p>"
        '<p style="font-size: clamp(20px, min(4vh, 5vw), 44px); margin: 0">'
        + escaped(_("and type the join code"))
        + "</p>"
        '<p class="class-join-code" style="font-size: clamp(64px, min(17vh, 20vw), 190px); font-weight: 800; '
        "letter-spacing: 0.12em; margin: 0; line-height: 1.1; font-family: 'DejaVu Sans Mono', monospace\">"
        f"{escaped(code)}</p></div></div>"
    )


@solara.component
def JoinScreen(address: str, code: str, on_close: Callable[[], None]) -> None:
    """The join screen for a projector, over the whole page, with a way back to the tables."""
    solara.HTML("div", unsafe_innerHTML=join_screen(address, code))
    solara.Button(
        _("Back to the tables"),
        on_click=on_close,
        color="primary",
        classes=["class-join-back"],
        style="position: fixed; top: 1em; right: 1em; z-index: 6",
    )


@solara.component
def Desk(
    desk: TeacherDesk,
    news: int,
    sign_out: Callable[[], None] | None = None,
    languages: Callable[[], object] | None = None,
    projecting: reacton.core.Ref[int] | None = None,
    at_once: reacton.core.Ref[AtOnce | None] | None = None,
) -> None:
    """Every table of the class; `news` counts the changes heard, so the desk redraws each time (its props change).

    With `sign_out`, a Sign out button among the desk's own (this browser then asks for the teacher code again); with
    `languages`, the languages to choose from; `projecting` is told the table shown at projector size (0: none),
    and `at_once` how to draw a move at a table on its card alone (DeskBoard)."""
    said, set_said = solara.use_state("")
    projected, set_projected = solara.use_state(False)  # the join screen over the page, for the projector
    shown, set_shown = solara.use_state(0)  # the table shown at projector size (0: none)
    board = solara.use_memo(DeskBoard, [])
    if projecting is not None:
        projecting.current = shown
    served = use_served()
    room = desk.room
    speaking_now = speak_here()  # the teacher's language: the desk's words, the tables' words on the projector
    if at_once is not None:  # the join screen and a projected table are redrawn whole (one table: a small redraw)
        at_once.current = None if projected or shown else spoken(speaking_now, lambda: board.at_once(desk, served))
    overview = desk.overview()
    roster = desk.roster()
    # the same function from one redraw to the next: a table's card whose table did not change is not drawn again
    doing = solara.use_memo(lambda: doer(set_said, speaking_now), [speaking_now])
    join = served.join

    def drawn() -> None:  # after each drawing of the desk: every card's words, newer than a card not drawn again
        with speaking(speaking_now):
            board.draw(overview)

    solara.use_effect(drawn)
    board.shape = None  # drawn whole, unless the desk shows every table (below)
    if projected:
        JoinScreen(join, overview["join_code"], lambda: set_projected(False))
        return
    glance = next((table for table in overview["tables"] if table["table"] == shown), None)
    if glance is not None:
        projected_table = room.table(shown)
        toggle = doing(desk.open_hands, shown, not glance["hands_open"])
        picture = projected_table.picture(0, onlooker=True)
        ProjectedTable(picture, projected_table.game.rules, glance["hands_open"], toggle, lambda: set_shown(0))
        return
    comparison = desk.comparison()
    board.shape = desk_shape(served, overview, roster, comparison)  # from what this drawing shows: read once
    JoinStrip(join, overview["join_code"], served.other_addresses, lambda: set_projected(True))
    WaitingToSit(overview["waiting"], languages)
    Said(said)
    DeskTools(desk, doing, lambda: set_said(""), sign_out)
    with solara.Div(classes=["class-tables"], style=TABLES_STYLE):
        for table in overview["tables"]:
            TableCard(desk, table, roster, doing, set_shown, board)
    Comparison(comparison)
    LessonAnswers(served, news)


# What of a table's card changes with a move at the table: its words (title, scores, whose turn and for how long),
# drawn at once on the card (DeskBoard.at_once). A change of anything else the desk shows redraws the desk.
TABLE_MOVES = ("hand_number", "scores", "to_act", "to_act_name", "waited", "game_over", "winners")


def desk_shape(
    served: ServedClass, overview: Overview, roster: list[RosterEntry], comparison: list[dict]
) -> tuple[object, ...]:
    """What the desk shows besides its table cards' words (the students, the tables' seats, the deal of the day, the
    lessons' answers): while it stays the same, a change of the class is drawn at once."""
    tables = [{key: value for key, value in table.items() if key not in TABLE_MOVES} for table in overview["tables"]]
    return {**overview, "tables": tables}, roster, comparison, served.reports.received


class DeskBoard:
    """The desk's table cards' words (each an HTML widget, by table number), and the shape the desk was drawn in."""

    def __init__(self) -> None:
        self.words: dict[int, Any] = {}
        self.shape: tuple[object, ...] | None = None

    def draw(self, overview: Overview) -> None:
        """Each card's words, from `overview` (the same words again send nothing: traitlets compares them)."""
        for table in overview["tables"]:
            widget = self.words.get(table["table"])
            if widget is not None:
                widget.unsafe_innerHTML = table_words(table)

    def at_once(self, desk: TeacherDesk, served: ServedClass) -> bool:  # on the page's loop, in its kernel, locked
        """Draw the class's change on the cards' words alone if the rest of the desk stays as it is; False: redraw."""
        overview = desk.overview()
        if self.shape is None or desk_shape(served, overview, desk.roster(), desk.comparison()) != self.shape:
            return False
        self.draw(overview)
        return True


def doer(set_said: Callable[[str], None], speaking_now: str) -> Callable[..., Callable[[], None]]:
    """What the desk's buttons do: `doing(work, *args)` is a click that does `work(*args)`, its refusal in words."""

    def doing(work: Callable[..., Any], *args: object) -> Callable[[], None]:
        def run() -> None:
            try:
                work(*args)
                set_said("")
            except ValueError as error:
                set_said(str(error))

        return spoken(speaking_now, run)

    return doing


@solara.component
def DeskTools(
    desk: TeacherDesk,
    doing: Callable[..., Callable[[], None]],
    refresh: Callable[[], None],
    sign_out: Callable[[], None] | None,
) -> None:
    """The desk's own buttons: a new table of the game chosen, the deal of the day, Refresh, and Sign out if given."""
    game, set_game = solara.use_state("cutthroat")
    with solara.Row(style="align-items: center; flex-wrap: wrap; gap: 0.5em"):
        game_menu(desk, game, set_game, "14em")
        solara.Button(_("Add a table"), on_click=doing(desk.new_table, game), text=True)
        solara.Button(_("Deal of the day at every table"), on_click=doing(desk.deal_of_the_day), text=True)
        solara.Button(_("Refresh"), on_click=refresh, text=True)
        if sign_out is not None:  # a shared computer, or the end of the lesson
            solara.Button(_("Sign out"), on_click=sign_out, text=True, classes=["class-sign-out"])


@solara.component
def WaitingToSit(waiting: list[str], languages: Callable[[], object] | None) -> None:
    """The students waiting to be seated, and beside them the languages to choose from (on a line of their own, they
    would push the third table below a projector's 720 pixels)."""
    with solara.Row(style="align-items: center; justify-content: space-between; flex-wrap: wrap; gap: 0.5em"):
        Line(_("Waiting to be seated: {names}.").format(names=", ".join(waiting) if waiting else _("nobody")))
        if languages is not None:
            languages()


@solara.component
def JoinStrip(join: str, code: str, others: tuple[str, ...], on_join_screen: Callable[[], None]) -> None:
    """Where students join, at the top of the teacher's page: a small QR code, the address and the join code."""
    with solara.Row(style="align-items: center; flex-wrap: wrap; gap: 0.5em 1em"):
        solara.HTML("div", unsafe_innerHTML=qr_svg(join, scale=3) if join else "", classes=["class-qr"])
        solara.HTML(
            "p",
            unsafe_innerHTML=_(
                "Students open <strong>{address}</strong> (or scan the code) and type the join code "
                "<strong>{code}</strong>. Other addresses: {others}."
            ).format(address=escaped(join), code=code, others=escaped(", ".join(others) or _("none"))),
            classes=["class-join"],
            style="margin: 0; flex: 1 1 20em",
        )
        solara.Button(_("Join screen"), on_click=on_join_screen, color="primary")


@solara.component
def Comparison(rows: list[dict]) -> None:
    """The deal of the day, deal by deal: what each table bid and scored (game by game, when tables play several)."""
    if rows:
        heading(_("The deal of the day, deal by deal"), 3)
        lines = []
        several = len({row.get("game") for row in rows}) > 1
        for row in rows:
            played = "".join(
                "<li>" + escaped(_("Table {number}: {words}").format(number=number, words=result["words"])) + "</li>"
                for number, result in sorted(row["tables"].items())
            )
            deal = escaped(
                _("{game}, deal {deal}").format(game=catalog._(row["game"]), deal=row["deal"])
                if several
                else _("Deal {deal}").format(deal=row["deal"])
            )
            lines.append(f"<li>{deal}:<ul>{played}</ul></li>")
        solara.HTML("ul", unsafe_innerHTML="".join(lines), classes=["class-comparison"])


@solara.component
def ProjectedTable(
    picture: Picture,
    rules: RuleSet,
    hands_open: bool,
    toggle_hands: Callable[[], None],
    on_close: Callable[[], None],
) -> None:
    """A table at projector size, over the whole page, in the students' own table view, seen from seat 0's place by
    an onlooker: no hand shows unless Show every hand is on at that table."""
    faces = solara.use_memo(lambda: faces_for(rules), [rules, catalog.language()])  # each face's words: in it
    with solara.Column(classes=["class-projected"], style=PROJECTED_STYLE):
        with solara.Row(style="justify-content: flex-end; flex-wrap: wrap; gap: 0.5em"):
            solara.Button(
                _("Hide the hands") if hands_open else _("Show every hand"), on_click=toggle_hands, outlined=True
            )
            solara.Button(_("Back to the tables"), on_click=on_close, color="primary")
        shown = TableView.element()

    def draw() -> None:
        widget = solara.get_widget(shown)
        widget.faces, widget.picture = faces, picture

    solara.use_effect(draw, [Held(faces), Held(picture)])


def roster_label(entry: RosterEntry) -> str:
    """A student as the teacher's list names them: 'Ana (table 1, seat 2)' or 'Ben (waiting)'."""
    place = entry["place"]
    if place is None:
        return _("{name} (waiting)").format(name=entry["name"])
    return _("{name} (table {table}, seat {seat})").format(name=entry["name"], table=place[0], seat=place[1])


SMALL = {"density": "compact"}  # a table card's buttons: many cards fit a screen


def table_words(table: TableAtAGlance) -> str:
    """A table card's words, as HTML: its title, its scores, whose turn it is and for how long."""
    states = [
        words
        for shown, words in ((table["paused"], _("paused")), (table["hands_open"], _("every hand shown")))
        if shown
    ]
    title = _("Table {number}: {game}, hand {hand}").format(
        number=table["table"], game=catalog._(table["game"]), hand=table["hand_number"]
    ) + "".join(f" ({words})" for words in states)
    scores = ", ".join(
        and_names(table["seats"][seat]["name"] or catalog._(table["seats"][seat]["where"]) for seat in side)
        + f" {score}"
        for side, score in zip(table["sides"], table["scores"])
    )
    if table["game_over"]:
        turn = _("The game is over.")
    elif table["to_act"] is not None:
        turn = _("To act: {name}, for {seconds} s.").format(name=table["to_act_name"], seconds=f"{table['waited']:.0f}")
    else:
        turn = ""
    return (
        f'<div style="font-weight: 700; font-size: 16px">{escaped(title)}</div>'
        + "<div>"
        + escaped(_("Scores: {scores}.").format(scores=scores))
        + "</div>"
        + (f"<div>{escaped(turn)}</div>" if turn else "")
    )


@solara.component
def TableCard(
    desk: TeacherDesk,
    table: TableAtAGlance,
    roster: list[RosterEntry],
    doing: Callable[..., Callable[[], None]],
    on_show: Callable[[int], None],
    board: DeskBoard,
) -> None:
    nobody: str | None = None  # the student chosen to seat, as the list names them
    picked, set_chosen = solara.use_state(nobody)
    number = table["table"]
    names = {roster_label(entry): entry["token"] for entry in roster}
    chosen = picked if picked in names else None  # "Gus (waiting)" once Gus sits is nobody's label: chosen no more
    with solara.Column(
        classes=["class-table"],
        style="border: 1px solid #ccc; border-radius: 6px; padding: 0.5em 0.7em; gap: 0.2em; font-size: 14px",
    ):
        CardWords(board, table)
        for seat in table["seats"]:
            with solara.Row(style="align-items: center; flex-wrap: wrap; gap: 0 0.3em; min-height: 28px"):
                who = seat["name"] or _("a computer ({where})").format(where=catalog._(seat["where"]))
                # never broken inside ("Seat / 0: / Eve" on a phone): the buttons go to the next line instead
                solara.Text(
                    _("Seat {seat}: {who}").format(seat=seat["seat"], who=who) + (_(" (away)") if seat["away"] else ""),
                    style="white-space: nowrap",
                )
                if seat["name"]:
                    token = next((entry["token"] for entry in roster if entry["place"] == (number, seat["seat"])), "")
                    solara.Button(
                        _("A computer plays here"),
                        on_click=doing(desk.computer, number, seat["seat"]),
                        text=True,
                        **SMALL,
                    )
                    solara.Button(_("Remove"), on_click=doing(desk.remove, token), text=True, **SMALL)
                elif chosen is not None:
                    solara.Button(
                        _("Seat {name} here").format(name=chosen.split(" (")[0]),
                        on_click=seat_here(doing(desk.place, names[chosen], number, seat["seat"]), set_chosen),
                        text=True,
                        **SMALL,
                    )
        solara.Select(  # never grown to fill a card stretched to its row's tallest (a field twice as tall)
            _("Student to seat"),
            values=list(names),
            value=chosen,
            on_value=set_chosen,
            dense=True,
            style="flex: 0 0 auto",
        )
        TableButtons(desk, table, doing, on_show)
        for problem in table["problems"]:
            Said(problem)


@solara.component
def CardWords(board: DeskBoard, table: TableAtAGlance) -> None:
    """A table card's words (its title, scores and whose turn), on a widget of its own that the desk's board draws a
    move on at once."""
    number = table["table"]
    speaking_now = speak_here()
    words = solara.widgets.HTML.element(tag="div", attributes={"class": "class-table-words"})

    def made() -> Callable[[], None]:
        widget = solara.get_widget(words)
        board.words[number] = widget

        def gone() -> None:
            if board.words.get(number) is widget:
                del board.words[number]

        return gone

    def drawn() -> None:  # a card made after the desk's own drawing (the desk draws every card after each drawing)
        with speaking(speaking_now):
            solara.get_widget(words).unsafe_innerHTML = table_words(table)

    solara.use_effect(made, [number])
    solara.use_effect(drawn, [table])


def seat_here(place: Callable[[], None], set_chosen: Callable[[str | None], None]) -> Callable[[], None]:
    """Seat the student chosen, then choose nobody: the list's label for them ("Gus (waiting)") is stale once they
    sit."""

    def run() -> None:
        place()
        set_chosen(None)

    return run


# What the teacher's page asks before doing something that cannot be taken back, and the words of its Yes.
ASKED_FIRST = {
    "deal again": N_("Deal this hand again, from the same cards? What was played of it goes."),
    "remove": N_("Remove this table? Its students wait to be seated again, and its game ends."),
    "change game": N_("Start a new game of {game} at this table? Its scores start again from 0."),
    "change game mid-hand": N_(
        "This hand has begun: start a new game of {game} now? The hand ends unplayed, and the scores start again "
        "from 0."
    ),
}
YES_TO = {
    "deal again": N_("Yes, deal again"),
    "remove": N_("Yes, remove the table"),
    "change game": N_("Yes, change the game"),
    "change game mid-hand": N_("Yes, change the game"),
}


@solara.component
def AskFirst(asking: str, game: str, on_yes: Callable[[], None], on_no: Callable[[], None]) -> None:
    """A question before an action that cannot be taken back (see ASKED_FIRST), with Yes and No; `game`, the name of
    the game a table is to be given."""
    question, yes = catalog._(ASKED_FIRST[asking]).format(game=game), catalog._(YES_TO[asking])
    with solara.Row(classes=["class-ask-first"], style="flex-wrap: wrap; align-items: center; gap: 0.3em"):
        solara.HTML("span", unsafe_innerHTML=escaped(question), attributes={"role": "alert"})
        solara.Button(yes, on_click=on_yes, color="error", **SMALL)
        solara.Button(_("No"), on_click=on_no, outlined=True, **SMALL)


def game_menu(desk: TeacherDesk, current: str, on_game: Callable[[str], None], width: str) -> None:
    """The class's games in a menu by their names in the page's language, game `current` (its key) chosen;
    `on_game(key)` when another is chosen."""
    names = {rules.game: catalog._(rules.facts.name) for rules in desk.room.house_rules.games}
    keys = {name: key for key, name in names.items()}

    def chosen(name: str | None) -> None:
        key = keys.get(name or "")
        if key is not None and key != current:
            on_game(key)

    solara.Select(
        _("Game"), values=list(keys), value=names.get(current), on_value=chosen, dense=True, style=f"max-width: {width}"
    )


@solara.component
def TableGame(
    desk: TeacherDesk, table: TableAtAGlance, ask: Callable[[str], None], on_remove: Callable[[], None]
) -> None:
    """The table's game, another chosen from the class's games (asked first: the scores start again), and Remove."""
    with solara.Row(style="align-items: center; flex-wrap: wrap; gap: 0.3em"):
        game_menu(desk, desk.room.table(table["table"]).game.rules.game, ask, "13em")
        solara.Button(_("Remove the table"), on_click=on_remove, text=True, color="error", **SMALL)


@solara.component
def TableButtons(
    desk: TeacherDesk,
    table: TableAtAGlance,
    doing: Callable[..., Callable[[], None]],
    on_show: Callable[[int], None],
) -> None:
    """What the teacher may do to one table: pause it, deal again, show every hand, undo, show it on the projector,
    change its game, remove it; what cannot be taken back is asked first."""
    number = table["table"]
    asking, set_asking = solara.use_state("")  # the action asked about (a key of ASKED_FIRST), or ""
    wanted_game, set_wanted_game = solara.use_state("")  # the game asked about

    def ask(action: str) -> Callable[[], None]:
        return lambda: set_asking(action)

    def yes() -> None:
        action = asking
        set_asking("")
        if action == "deal again":
            doing(desk.deal_again, number)()
        elif action == "remove":
            doing(desk.remove_table, number)()
        elif action in ("change game", "change game mid-hand"):
            doing(desk.change_game, number, wanted_game, None, True)()

    def ask_game(game: str) -> None:
        set_wanted_game(game)
        set_asking("change game" if desk.room.table(number).between_hands() else "change game mid-hand")

    if asking:
        game_name = next((r.facts.name for r in desk.room.house_rules.games if r.game == wanted_game), wanted_game)
        AskFirst(asking, game_name, yes, lambda: set_asking(""))
        return
    with solara.Row(style="flex-wrap: wrap; gap: 0.3em"):
        solara.Button(
            _("Go on") if table["paused"] else _("Pause"),
            on_click=doing(desk.pause, number, not table["paused"]),
            outlined=True,
            **SMALL,
        )
        solara.Button(_("Deal again"), on_click=ask("deal again"), outlined=True, **SMALL)
        solara.Button(
            _("Hide the hands") if table["hands_open"] else _("Show every hand"),
            on_click=doing(desk.open_hands, number, not table["hands_open"]),
            outlined=True,
            **SMALL,
        )
        solara.Button(_("Undo the last student's move"), on_click=doing(desk.undo, number), outlined=True, **SMALL)
        solara.Button(_("Show on the projector"), on_click=lambda: on_show(number), color="primary", **SMALL)
    TableGame(desk, table, ask_game, ask("remove"))


@solara.component
def Bare(children: list[reacton.core.Element] | None = None) -> reacton.core.Element:
    """The pages without Solara's app bar (a class page is one column), given the class this page is served, each
    watching its connection to the server (ConnectionWatch)."""
    reconnects, set_reconnects = solara.use_state(0)
    solara.provide_context(RECONNECTS, reconnects)
    watch = ConnectionWatch.element(reconnects=reconnects, on_reconnects=set_reconnects)
    return WithClass(solara_door.served(), children=[watch, *(children or [])])


routes = [
    solara.Route(path="/", component=StudentPage, label="Student", layout=Bare),
    solara.Route(path="teacher", component=TeacherPage, label="Teacher"),
]
