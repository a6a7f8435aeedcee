"""The pages' part of the class's doors (doors.py): the join form's and the teacher's form's codes, each tried through
its guard, and the teacher's page opened by this browser's cookie, with a way to sign out."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import anywidget
import solara
import traitlets
from solara.lab.utils.cookies import cookies as page_cookies  # the page's request's cookies

from ..teacher import Desk
from . import solara_door
from .doors import FORGET, REMEMBER

if TYPE_CHECKING:
    from ..classroom import Joined
    from .served import ServedClass


# -- the join form, and the teacher's form --------------------------------------------------------------------


def join_on_page(served: ServedClass, name: object, code: object) -> Joined:
    """A student joins from this page (Classroom.join), unless too many wrong codes came from this computer."""
    room = served.room
    return served.doors.join.attempt(solara_door.page_address(), code, lambda: room.join(name, code))


@dataclass(frozen=True)
class TeacherDoor:
    """The teacher's page's door: the desk (None until the teacher code or this browser's cookie opens it), opening
    it with the code, signing out; and what the browser is to do (post a ticket, delete the cookie)."""

    desk: Desk | None
    open: Callable[[object], None]
    sign_out: Callable[[], None]
    ticket: str
    forgets: int


def use_teacher_door(served: ServedClass) -> TeacherDoor:
    """The teacher's page's door: open at once if this browser holds the class's teacher cookie."""
    room, doors = served.room, served.doors
    held = solara.use_memo(lambda: doors.teachers.valid(room.teacher_code, page_cookies.value), [])
    cookie, set_cookie = solara.use_state(held)  # the cookie this page opened with, or handed out: '' for none
    ticket, set_ticket = solara.use_state("")
    forgets, set_forgets = solara.use_state(0)
    desk = solara.use_memo(lambda: Desk(room) if cookie else None, [cookie])

    def open_desk(code: object) -> None:
        doors.teacher.attempt(solara_door.page_address(), code, lambda: room.teacher(code))
        new_ticket, new_cookie = doors.teachers.ticket(room.teacher_code)
        set_cookie(new_cookie)
        set_ticket(new_ticket)

    def sign_out() -> None:
        if cookie:
            doors.teachers.sign_out(cookie)
        set_cookie("")
        set_ticket("")
        set_forgets(lambda count: count + 1)

    return TeacherDoor(desk, open_desk, sign_out, ticket, forgets)


class TeacherCookie(anywidget.AnyWidget):
    """Posts the page's ticket for the teacher's cookie, and asks for the cookie's deletion on signing out."""

    ticket = traitlets.Unicode("").tag(sync=True)
    forgets = traitlets.Int(0).tag(sync=True)
    said = traitlets.Unicode("").tag(sync=True)  # what the server answered, for a test to read
    _esm = traitlets.Unicode(
        """
export default {
  render({ model, el }) {
    el.className = "teacher-cookie";
    const post = async (path, body) => {
      try {
        const reply = await fetch(new URL(path, window.location.origin), {
          method: "POST", body, credentials: "same-origin", headers: { "Content-Type": "text/plain" },
        });
        model.set("said", path + " " + reply.status);
      } catch (error) {
        model.set("said", path + " failed");
      }
      model.save_changes();
    };
    const remember = () => { if (model.get("ticket")) { post("/REMEMBER", model.get("ticket")); } };
    model.on("change:ticket", remember);
    model.on("change:forgets", () => post("/FORGET", ""));
    remember();
  },
};
""".replace("REMEMBER", REMEMBER).replace("FORGET", FORGET)
    ).tag(sync=True)


@solara.component
def RememberTeacher(door: TeacherDoor) -> None:
    """The teacher's page's part in the browser that asks for the cookie, and has it deleted."""
    TeacherCookie.element(ticket=door.ticket, forgets=door.forgets)
