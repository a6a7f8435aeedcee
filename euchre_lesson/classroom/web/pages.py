"""The class's pages, as Solara components: a student's page (join, choose a table, play one seat) and the teacher's.

Each browser page is one of Solara's virtual kernels, with widgets of its own (never shared with another page);
it draws only what the class tells it: a student's page from seat_view(token), the teacher's from the Desk. Each
page is handed the class it serves (a ServedClass) in its context: the layout reads it from the page's kernel
(solara_door.served) and gives it to every component below through SERVED. A page hears its table through
Classroom.observe, on the route found free of races (ARCHITECTURE.md, "Why the code is as it is"): the listener, in
whichever thread changed the table, hands a redraw to the page (solara_door.Page.soon), which runs it on the page's
event loop, inside its kernel, under its lock.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import anywidget
import solara
import traitlets

from ..seat_view import Choices, OpenHand, PlayerSeen, SeatedView, TrickSeen, Undo, WaitingView
from ..seat_view import Review as Reviewed
from ..teacher import Desk as TeacherDesk
from ..teacher import RosterEntry, TableAtAGlance
from . import solara_door
from .progress_page import LessonAnswers
from .served import ServedClass
from .server import qr_svg

if TYPE_CHECKING:
    import reacton.core

    from ..table import ClassTable

SEAT_KEY = "euchre-class-seat"  # where a browser keeps its seat token (localStorage: this address only)
RED = "♥♦"


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


# -- the class this page serves, and hearing it ------------------------------------------------------------

# The page's ServedClass, given by WithClass to every component below it (None: no class given).
SERVED: reacton.core.UserContext[ServedClass | None] = solara.create_context(None)


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


def use_class_news(concerns: Callable[[ClassTable | None], bool]) -> int:
    """Redraw this page when the class changes in a way `concerns(table or None)` says matters; a counter."""
    heard_ref = solara.use_ref(concerns)
    heard_ref.current = concerns
    news, set_news = solara.use_state(0)
    room = use_served().room

    def subscribe() -> Callable[[], None]:
        page = solara_door.this_page()
        pending = threading.Event()  # a redraw is on its way: the changes heard meanwhile need no other

        def redraw() -> None:  # runs on the page's event loop, inside its kernel, under its lock
            pending.clear()  # before drawing: a change heard from now on is drawn by the next redraw
            set_news(lambda count: count + 1)

        # Runs in the thread that changed the class: never touches this page's widgets.
        def heard(table: ClassTable | None) -> None:
            if heard_ref.current(table) and not pending.is_set():
                pending.set()
                page.soon(redraw)

        room.observe(heard)
        forgotten: list[bool] = []  # the page forgot the class already

        def forget() -> None:
            if not forgotten:
                forgotten.append(True)
                room.forget(heard)

        page.on_close(forget)
        return forget

    solara.use_effect(subscribe, [])
    return news


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


def card_style(card: str) -> str:
    colour = "#b00020" if card[-1:] in RED else "#111"
    return f"color: {colour}; font-size: 1.15em; min-width: 3.5em; text-transform: none"


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


def escaped(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def heading(words: str, level: int = 2) -> None:
    """A heading (plain HTML: Solara's Markdown loads a diagram library from a CDN)."""
    solara.HTML(f"h{level}", unsafe_innerHTML=escaped(words))


def side_name(side: Iterable[int], players: Sequence[PlayerSeen]) -> str:
    return " and ".join(player_name(players[seat]) for seat in side)


def player_name(player: PlayerSeen) -> str:
    if player["called"] == "you":
        return "you"
    who = player["name"] or "computer"
    return f"{who} ({player['called']})"


# -- the student's page --------------------------------------------------------------------------------------
#
# A change at the table redraws each of its pages once (use_class_news folds the changes heard meanwhile into one
# redraw), from the seat's view, which the table makes once per change. The page is cut into components, each
# given only its part of the view: reacton redraws a component only when its part changed (it compares the
# arguments), so a card played redraws the trick, the hand and the story, not the scores or the buttons.


@solara.component
def StudentPage() -> None:
    token, set_token = solara.use_state("")
    loaded, set_loaded = solara.use_state(False)
    asked, set_asked = solara.use_state(0)  # counts this page's own asks (a hint, grades): each redraws the page
    place_ref: reacton.core.Ref[int | None] = solara.use_ref(None)  # the table this page shows, read by its listener
    use_class_news(lambda table: table is None or place_ref.current is None or table.number == place_ref.current)
    room = use_served().room
    known = bool(token)
    if known:
        try:
            room.student(token)
        except ValueError:
            known = False
    use_presence(token if known else "")
    with solara.Column(classes=["class-student"], style="max-width: 60em; margin: 1em auto; padding: 0 1em"):
        SeatKeeper.element(token=token, on_token=set_token, loaded=loaded, on_loaded=set_loaded)
        if not loaded:
            solara.Text("Opening the class…")
        elif not known:
            place_ref.current = None
            JoinForm(on_joined=set_token, stale=bool(token))
        else:
            view = room.seat_view(token)
            place_ref.current = view["table"]
            if view["waiting"]:
                Waiting(token, view)
            else:
                SeatAtTable(token, view, lambda: set_asked(lambda count: count + 1))


LATE_LETTERS = 3.0  # seconds after a refused Join in which letters still arriving try it again


@solara.component
def JoinForm(on_joined: Callable[[str], None], stale: bool) -> None:
    name, set_name = solara.use_state("")
    code, set_code = solara.use_state("")
    said, set_said = solara.use_state("")
    not_refused: tuple[float, str] | None = None  # else (when, the code) of a Join refused for its join code
    refused, set_refused = solara.use_state(not_refused)
    room = use_served().room

    def join() -> None:
        try:
            joined = room.join(name, code)
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

    heading("Join the class's Euchre tables")
    if stale:
        Said(
            "This browser's seat is not one of this class's any more: join again with your first name and the "
            "join code on the board.",
            "note",
        )
    solara.InputText("Your first name", value=name, on_value=set_name, continuous_update=True)
    solara.InputText("Join code", value=code, on_value=set_code, continuous_update=True)
    solara.Button("Join", on_click=join, color="primary")
    Said(said)


@solara.component
def Waiting(token: str, view: WaitingView) -> None:
    said, set_said = solara.use_state("")
    room = use_served().room

    def choose(number: int) -> Callable[[], None]:
        def sit() -> None:
            try:
                room.choose_table(token, number)
            except ValueError as error:
                set_said(str(error))

        return sit

    heading(f"Welcome, {view['name']}")
    solara.Text("Choose a table, or wait: your teacher can seat you.")
    for table in view["tables"]:
        free = table["free_seats"]
        solara.Button(
            f"Sit at table {table['table']} ({table['game']}, {free} seat{'s' * (free != 1)} free)",
            on_click=choose(table["table"]),
            disabled=not free,
            style="margin: 0.2em 0",
        )
    if not view["tables"]:
        solara.Text("There is no table yet: wait for your teacher.")
    Said(said)


def names_of(players: Iterable[PlayerSeen]) -> tuple[str, ...]:
    """Each seat as this page names it ('you', 'Ben (seat 1)', 'computer (your partner (seat 3))')."""
    return tuple(player_name(player) for player in players)


@solara.component
def SeatAtTable(token: str, view: SeatedView, on_asked: Callable[[], None]) -> None:
    """One seat at its table: each part drawn by a component of its own, from its part of the view."""
    hand = view["hand_in_play"]
    players = view["players"]
    names = names_of(players)
    News(
        view["table"],
        view["game_name"],
        view["hand_number"],
        players[view["seat"]]["name"],
        view["seat"],
        view["paused"],
        view["sides"],
        view["scores"],
        names,
        players,
        view["open_hands"],
    )
    Turn(
        view["game_over"],
        view["winners"],
        hand["your_turn"],
        hand["to_act"],
        names,
        hand["trump"],
        hand["up_card"],
        hand["up_card_is"],
        hand["trick"],
        hand["tricks"][-1] if hand["tricks"] else None,
    )
    Moves(token, hand["hand"], hand["choices"])
    Asks(token, hand["your_turn"] and not view["game_over"], view["hint"], view["undo"], on_asked)
    Story(hand["story"])
    last = view["last_hand"]
    if last and (last["number"] != view["hand_number"] or view["game_over"]):
        Review(token, last, on_asked)


def paragraph(words: str, kind: str = "") -> str:
    """A paragraph of plain words (escaped), of a class the tests and the style sheet find."""
    return f'<p class="{kind}">{escaped(words)}</p>' if kind else f"<p>{escaped(words)}</p>"


def notice(words: str) -> str:
    """A paragraph the whole table is told by the teacher, read out by screen readers."""
    return (
        f'<p class="class-note" role="status" style="padding: 0.6em; background: #e8f4fd; color: #0d3c61;">'
        f"{escaped(words)}</p>"
    )


@solara.component
def News(
    number: int,
    game_name: str,
    hand_number: int,
    name: str | None,  # this seat's student, as the players' list names them
    seat: int,
    paused: bool,
    sides: list[list[int]],
    scores: list[int],
    names: tuple[str, ...],
    players: list[PlayerSeen],
    open_hands: list[OpenHand] | None,
) -> None:
    """The table's heading, who this seat is, the scores, who sits where, and every hand while the teacher shows
    them for a demonstration: one block, one message a change."""
    shown = ""
    if open_hands is not None:
        shown = notice(
            "Your teacher is showing every hand at this table, for a demonstration: everyone here sees them."
        ) + listed(
            [f"{names[hand['seat']]}: {', '.join(hand['cards']) or 'no cards'}" for hand in open_hands],
            "class-open-hands",
            "ul",
        )
    scored = ", ".join(" and ".join(names[place] for place in side) + f" {score}" for side, score in zip(sides, scores))
    seats = "; ".join(
        f"{player_name(player)}: {player['cards']} cards"
        + (f", {' and '.join(player['roles'])}" if player["roles"] else "")
        + (
            " (away: the computer plays)"
            if player["away"] and player["computer"]
            else " (away)"
            if player["away"]
            else ""
        )
        for player in players
    )
    solara.HTML(
        "div",
        unsafe_innerHTML=(
            f"<h2>{escaped(f'Table {number}: {game_name}, hand {hand_number}')}</h2>"
            + paragraph(f"You are {name}, at seat {seat}.")
            + (notice("Your teacher has paused this table: wait a moment.") if paused else "")
            + paragraph(f"Scores: {scored}.", "class-scores")
            + paragraph(seats, "class-seats")
            + shown
        ),
        classes=["class-news"],
    )


@solara.component
def Turn(
    game_over: bool,
    winners: list[int],
    your_turn: bool,
    to_act: int | None,
    names: tuple[str, ...],
    trump: str | None,
    up_card: str,
    up_card_is: str,
    trick: TrickSeen | None,
    last: TrickSeen | None,
) -> None:
    """Whose turn it is, trump (or the up-card), and the trick in play (or the last one and who won it)."""
    if game_over:
        turn = paragraph(f"The game is over: {' and '.join(names[seat] for seat in winners)} won.", "class-turn")
    elif your_turn:
        turn = '<p class="class-turn"><strong>Your turn.</strong></p>'
    elif to_act is not None:
        turn = paragraph(f"Waiting for {names[to_act]}.", "class-turn")
    else:
        turn = ""
    if trump:
        turn += paragraph(f"Trump: {trump}.")
    elif up_card and up_card != "None":
        turn += paragraph(f"The up-card, the {up_card}, {up_card_is}.")
    if trick:
        played = ", ".join(f"{names[card['seat']]}: {card['card']}" for card in trick["cards"])
        turn += paragraph(f"Trick {trick['number']}: {played}.", "class-trick")
    elif last and last["winner"] is not None:  # the last trick is over: it has a winner
        played = ", ".join(f"{names[card['seat']]}: {card['card']}" for card in last["cards"])
        turn += paragraph(f"Trick {last['number']} went to {names[last['winner']]}: {played}.", "class-trick")
    solara.HTML("div", unsafe_innerHTML=turn, classes=["class-play"])


@solara.component
def Moves(token: str, cards: list[str], choices: Choices) -> None:
    """The seat's cards (a legal one to click), its bids in words, and the five to keep from ten."""
    said, set_said = solara.use_state("")
    none_chosen: tuple[str, ...] = ()  # the cards chosen to keep
    chosen, set_chosen = solara.use_state(none_chosen)
    room = use_served().room

    def act(action: str) -> None:
        try:
            room.act(token, action)
        except ValueError as error:  # the engine's words, or the class's (not your turn, paused)
            set_said(str(error))
            return
        set_said("")
        set_chosen(())

    def card_clicked(card: str) -> Callable[[], None]:
        def click() -> None:
            if choices["keep"] and card in choices["keep_from"]:
                set_chosen(tuple(c for c in chosen if c != card) if card in chosen else (*chosen, card))
                return
            act(choices["by_card"].get(card, f"play {card}"))

        return click

    solara.Text(
        "Your hand:"
        if not choices["keep"]
        else f"Choose the {choices['keep']} cards to keep, from your hand and the dummy:"
    )
    shown = choices["keep_from"] if choices["keep"] else cards
    with solara.Row(classes=["class-hand"], style="flex-wrap: wrap"):
        for card in shown:
            picked = card in chosen
            solara.Button(
                card,
                on_click=card_clicked(card),
                outlined=not picked and card not in choices["by_card"],
                color="primary" if picked else None,
                style=card_style(card),
                classes=["class-card"] + (["legal"] if card in choices["by_card"] else []),
            )
    if choices["keep"]:
        solara.Button(
            f"Keep these {choices['keep']}"
            if len(chosen) == choices["keep"]
            else f"Keep ({len(chosen)} of {choices['keep']} chosen)",
            on_click=lambda: act("keep " + " ".join(chosen)),
            disabled=len(chosen) != choices["keep"],
            color="primary",
        )
    with solara.Row(classes=["class-choices"], style="flex-wrap: wrap"):
        for choice in choices["said"]:
            solara.Button(choice["words"], on_click=lambda action=choice["action"]: act(action), color="primary")
    Said(said)


@solara.component
def Asks(token: str, your_turn: bool, hint: str | None, undo: Undo, on_asked: Callable[[], None]) -> None:
    """Hint (the computer's advice, for this seat alone) and Undo (once every student at the table asks)."""
    said, set_said = solara.use_state("")
    room = use_served().room

    def ask(work: Callable[[], object]) -> Callable[[], None]:
        def run() -> None:
            try:
                work()
                set_said("")
            except ValueError as error:
                set_said(str(error))
            on_asked()

        return run

    with solara.Row(classes=["class-asks"], style="flex-wrap: wrap"):
        solara.Button("Hint", on_click=ask(lambda: room.hint(token)), disabled=not your_turn, text=True)
        solara.Button(
            "Undo" if not undo["you_asked"] else "Undo asked",
            on_click=ask(lambda: room.ask_undo(token, undo["moment"])),
            disabled=undo["moment"] is None or undo["you_asked"],
            text=True,
        )
    words = ""
    if hint and your_turn:
        words += (
            f'<p class="class-hint" style="padding: 0.6em; border-radius: 4px; background: #e8f4fd; '
            f'color: #0d3c61;">{escaped(hint)}</p>'
        )
    if undo["asked"]:
        waiting = undo["waiting_for"]
        words += paragraph(
            f"{' and '.join(undo['asked'])} asked to undo the last student's move: the table goes back "
            f"once {' and '.join(waiting)} press{'es' * (len(waiting) == 1)} Undo too.",
            "class-undo",
        )
    if words:
        solara.HTML("div", unsafe_innerHTML=words, attributes={"role": "status"})
    Said(said)


def listed(lines: Iterable[str], kind: str, tag: str = "ol") -> str:
    """Lines of words as an HTML list of this class, indented so that its numbers show."""
    items = "".join(f"<li>{escaped(line)}</li>" for line in lines)
    return f'<{tag} class="{kind}" style="padding-left: 2.5em">{items}</{tag}>'


@solara.component
def Story(story: list[str]) -> None:
    if story:
        solara.HTML("div", unsafe_innerHTML="<h3>This hand so far</h3>" + listed(story, "class-story"))


@solara.component
def Review(token: str, last: Reviewed, on_asked: Callable[[], None]) -> None:
    """The hand just over as this seat saw it: its result, its story, the computers' reasons, this seat's grades."""
    said, set_said = solara.use_state("")
    room = use_served().room

    def grade() -> None:
        try:
            room.grade(token)
            set_said("")
        except ValueError as error:
            set_said(str(error))
        on_asked()

    number = last["number"]
    reasons = [f"{reason['who']}: {reason['words']}" for reason in last["reasons"]]
    solara.HTML(
        "div",
        unsafe_innerHTML=(
            f'<p class="class-review"><strong>Hand {number}:</strong> {escaped(last["result"])}</p>'
            f"<h4>The story of hand {number}, as you saw it</h4>"
            + listed(last["story"], "class-review-story")
            + (
                "<p>Why the computer players chose as they did:</p>" + listed(reasons, "class-reasons", "ul")
                if reasons
                else ""
            )
        ),
    )
    if last["grades"] is None:
        solara.Button(f"Grade my decisions in hand {number}", on_click=grade, text=True)
    else:
        solara.HTML(
            "div", unsafe_innerHTML=f"<h4>Your decisions in hand {number}</h4>" + listed(last["grades"], "class-grades")
        )
    Said(said)


# -- the teacher's page ------------------------------------------------------------------------------------
#
# Made for a projector as much as a laptop: the tables side by side in a grid of small cards, the join screen (the
# address, the join code and its QR code, large enough to read from the back of a room) a click away.

DESK_STYLE = "max-width: 120em; margin: 0.5em auto; padding: 0 1em; font-size: 15px"
TABLES_STYLE = "display: grid; grid-template-columns: repeat(auto-fill, minmax(25em, 1fr)); gap: 0.6em"


@solara.component
def TeacherPage() -> None:
    code, set_code = solara.use_state("")
    no_desk: TeacherDesk | None = None  # until the teacher's code opens it
    desk, set_desk = solara.use_state(no_desk)
    said, set_said = solara.use_state("")
    news = use_class_news(lambda table: desk is not None)
    room = use_served().room

    def open_desk() -> None:
        try:
            set_desk(room.teacher(code))
            set_said("")
        except ValueError as error:
            set_said(str(error))

    with solara.Column(classes=["class-teacher"], style=DESK_STYLE):
        if desk is None:
            heading("The teacher's page")
            solara.InputText("Teacher code", value=code, on_value=set_code, password=True, continuous_update=True)
            solara.Button("Open", on_click=open_desk, color="primary")
            Said(said)
        else:
            Desk(desk, news)


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
        '<p style="font-size: clamp(20px, min(4vh, 5vw), 44px); margin: 0">Open</p>'
        '<p class="class-join-address" style="font-size: clamp(22px, min(6vh, 6vw), 64px); font-weight: 700; '
        f'margin: 0 0 0.3em; overflow-wrap: anywhere">{escaped(address or "this page")}</p>'
        '<p style="font-size: clamp(20px, min(4vh, 5vw), 44px); margin: 0">and type the join code</p>'
        '<p class="class-join-code" style="font-size: clamp(64px, min(17vh, 20vw), 190px); font-weight: 800; '
        "letter-spacing: 0.12em; margin: 0; line-height: 1.1; font-family: 'DejaVu Sans Mono', monospace\">"
        f"{escaped(code)}</p></div></div>"
    )


@solara.component
def JoinScreen(address: str, code: str, on_close: Callable[[], None]) -> None:
    """The join screen for a projector, over the whole page, with a way back to the tables."""
    solara.HTML("div", unsafe_innerHTML=join_screen(address, code))
    solara.Button(
        "Back to the tables",
        on_click=on_close,
        color="primary",
        classes=["class-join-back"],
        style="position: fixed; top: 1em; right: 1em; z-index: 6",
    )


@solara.component
def Desk(desk: TeacherDesk, news: int) -> None:
    """Every table of the class; `news` counts the changes heard, so the desk redraws each time (its props change)."""
    said, set_said = solara.use_state("")
    game, set_game = solara.use_state("cutthroat")
    projected, set_projected = solara.use_state(False)  # the join screen over the page, for the projector
    served = use_served()
    room = desk.room
    overview = desk.overview()
    roster = desk.roster()

    def doing(work: Callable[..., Any], *args: object) -> Callable[[], None]:
        def run() -> None:
            try:
                work(*args)
                set_said("")
            except ValueError as error:
                set_said(str(error))

        return run

    join = served.join
    if projected:
        JoinScreen(join, overview["join_code"], lambda: set_projected(False))
        return
    with solara.Row(style="align-items: center; flex-wrap: wrap; gap: 0.5em 1em"):
        solara.HTML("div", unsafe_innerHTML=qr_svg(join, scale=3) if join else "", classes=["class-qr"])
        solara.HTML(
            "p",
            unsafe_innerHTML=f"Students open <strong>{escaped(join)}</strong> (or scan the code) and "
            f"type the join code <strong>{overview['join_code']}</strong>. Other addresses: "
            f"{escaped(', '.join(served.other_addresses) or 'none')}.",
            classes=["class-join"],
            style="margin: 0; flex: 1 1 20em",
        )
        solara.Button("Join screen", on_click=lambda: set_projected(True), color="primary")
    waiting = overview["waiting"]
    Line("Waiting to be seated: " + (", ".join(waiting) if waiting else "nobody") + ".")
    Said(said)
    with solara.Row(style="align-items: center; flex-wrap: wrap; gap: 0.5em"):
        solara.Select(
            "Game",
            values=[rules.game for rules in room.house_rules.games],
            value=game,
            on_value=set_game,
            dense=True,
            style="max-width: 14em",
        )
        solara.Button("Add a table", on_click=doing(desk.new_table, game), text=True)
        solara.Button("Deal of the day at every table", on_click=doing(desk.deal_of_the_day, game), text=True)
        solara.Button("Refresh", on_click=lambda: set_said(""), text=True)
    with solara.Div(classes=["class-tables"], style=TABLES_STYLE):
        for table in overview["tables"]:
            TableCard(desk, table, roster, doing)
    rows = desk.comparison()
    if rows:
        heading("The deal of the day, deal by deal", 3)
        lines = []
        for row in rows:
            played = "".join(
                f"<li>Table {number}: {escaped(result['words'])}</li>"
                for number, result in sorted(row["tables"].items())
            )
            lines.append(f"<li>Deal {row['deal']}:<ul>{played}</ul></li>")
        solara.HTML("ul", unsafe_innerHTML="".join(lines), classes=["class-comparison"])
    LessonAnswers(served, news)


def roster_label(entry: RosterEntry) -> str:
    """A student as the teacher's list names them: 'Ana (table 1, seat 2)' or 'Ben (waiting)'."""
    place = entry["place"]
    return f"{entry['name']} ({'waiting' if place is None else f'table {place[0]}, seat {place[1]}'})"


SMALL = {"size": "small", "density": "compact"}  # a table card's buttons: many cards fit a screen


@solara.component
def TableCard(
    desk: TeacherDesk,
    table: TableAtAGlance,
    roster: list[RosterEntry],
    doing: Callable[..., Callable[[], None]],
) -> None:
    nobody: str | None = None  # the student chosen to seat, as the list names them
    chosen, set_chosen = solara.use_state(nobody)
    number = table["table"]
    names = {roster_label(entry): entry["token"] for entry in roster}
    states = [
        words for shown, words in ((table["paused"], "paused"), (table["hands_open"], "every hand shown")) if shown
    ]
    title = f"Table {number}: {table['game']}, hand {table['hand_number']}" + "".join(f" ({words})" for words in states)
    with solara.Column(
        classes=["class-table"],
        style="border: 1px solid #ccc; border-radius: 6px; padding: 0.5em 0.7em; gap: 0.2em; font-size: 14px",
    ):
        scores = ", ".join(
            " and ".join(table["seats"][seat]["name"] or f"computer (seat {seat})" for seat in side) + f" {score}"
            for side, score in zip(table["sides"], table["scores"])
        )
        if table["game_over"]:
            turn = "The game is over."
        elif table["to_act"] is not None:
            turn = f"To act: {table['to_act_name']} (seat {table['to_act']}), for {table['waited']:.0f} s."
        else:
            turn = ""
        solara.HTML(
            "div",
            unsafe_innerHTML=f'<div style="font-weight: 700; font-size: 16px">{escaped(title)}</div>'
            f"<div>Scores: {escaped(scores)}.</div>" + (f"<div>{escaped(turn)}</div>" if turn else ""),
        )
        for seat in table["seats"]:
            with solara.Row(style="align-items: center; gap: 0.3em; min-height: 28px"):
                who = seat["name"] or "a computer"
                solara.Text(f"Seat {seat['seat']}: {who}" + (" (away)" if seat["away"] else ""))
                if seat["name"]:
                    token = next((entry["token"] for entry in roster if entry["place"] == (number, seat["seat"])), "")
                    solara.Button(
                        "A computer plays here",
                        on_click=doing(desk.computer, number, seat["seat"]),
                        text=True,
                        **SMALL,
                    )
                    solara.Button("Remove", on_click=doing(desk.remove, token), text=True, **SMALL)
                elif chosen in names:
                    solara.Button(
                        f"Seat {chosen.split(' (')[0]} here",
                        on_click=doing(desk.place, names[chosen], number, seat["seat"]),
                        text=True,
                        **SMALL,
                    )
        solara.Select("Student to seat", values=list(names), value=chosen, on_value=set_chosen, dense=True)
        with solara.Row(style="flex-wrap: wrap; gap: 0.3em"):
            solara.Button(
                "Go on" if table["paused"] else "Pause",
                on_click=doing(desk.pause, number, not table["paused"]),
                outlined=True,
                **SMALL,
            )
            solara.Button("Deal again", on_click=doing(desk.deal_again, number), outlined=True, **SMALL)
            solara.Button(
                "Hide the hands" if table["hands_open"] else "Show every hand",
                on_click=doing(desk.open_hands, number, not table["hands_open"]),
                outlined=True,
                **SMALL,
            )
            solara.Button("Undo the last student's move", on_click=doing(desk.undo, number), outlined=True, **SMALL)
        for problem in table["problems"]:
            Said(problem)


@solara.component
def Bare(children: list[reacton.core.Element] | None = None) -> reacton.core.Element:
    """The pages without Solara's app bar (a class page is one column), given the class this page is served."""
    return WithClass(solara_door.served(), children=children or [])


routes = [
    solara.Route(path="/", component=StudentPage, label="Student", layout=Bare),
    solara.Route(path="teacher", component=TeacherPage, label="Teacher"),
]
