"""One table of the class: one authoritative game, the students at its seats, computer players in the others.

The game, its computer players and what they said, Undo's history, the hints and the grades are the table model's
(play/table_model.py), the one the learner's table uses too; a ClassTable adds what a class has: the seat tokens,
the pace of the computer players, pause, who is away, the teacher's powers, and the students' agreeing to undo.

Many threads (one per browser, and the server's pace keeper) call a ClassTable at once: every method holds its
reentrant lock (the model's), and the listeners are told after each change once the lock is let go, so a listener
may read the table (or take another lock) without stalling it. The rules are the engine's: the table only says
whose turn it is.
"""

from __future__ import annotations

import hmac
import logging
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from ..engine import checks
from ..engine import language as catalog
from ..engine.actions import Action, parse_action
from ..engine.cards import Card
from ..engine.errors import FileRefused, IllegalAction, NotationError, excerpt
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.language import N_, _, language
from ..engine.narration import seat_words, story
from ..engine.said import Reason, Said, saying, words_of
from ..engine.sequence import PHASE_RULES
from ..engine.view import View, acting_seat
from ..look.clicks import Toggle, action_for
from ..look.picture import Button, Mood, Picture
from ..look.prompts import Sitter, in_names
from ..look.seat_picture import default_names, open_hands_of, picture_of
from ..play.coach import retry_told
from ..play.table_model import COACH_RUNS, Runner, TableModel, here, level_of
from ..teach.positions import MISSED_BANDS, Position, position_at
from .keeping import saving_failed
from .refusals import Refused
from .seat_view import (
    MOST_CHOICES,
    CoachSeen,
    Own,
    Review,
    SeatSeen,
    SeatView,
    Undo,
    coach_seen,
    finished_hand,
    review_seen,
    seat_view,
)
from .students import Student
from .thinking import Thinker, thinks_long

LOG = logging.getLogger(__name__)
NO_SEAT = N_(
    "This browser holds no seat at this table: join the class again with the join code, "
    "or ask your teacher to seat you."
)
LONGEST_TOKEN = 100  # a seat token is 22 characters; anything much longer is not one
COACH_LOOKING = N_("Your coach is looking at your decisions in this hand… Play on meanwhile: the review comes here.")
NOTHING_TO_UNDO = N_(
    "Nothing to undo at table {number}: no student has acted here since this game started (or since "
    "the class's server started)."
)
STALE = N_(
    "The table has moved on since your page drew it: nothing was played. Look at the table as it is now, and click "
    "again."
)
PAUSED_NOTE = N_("Your teacher has paused this table: wait a moment.")
OPEN_NOTE = N_("Your teacher is showing every hand at this table, for a demonstration: everyone here sees them.")
SAVING_RETRY = 2.0  # seconds between tries to save a table whose file could not be written
DEALT_AGAIN = N_("Your teacher dealt this hand again: the same cards, from the start.")
TAKEN_BACK = N_("Your teacher took back the last student's move: the table is as it was before it.")
NEW_GAME = N_("Your teacher gave this table a new game: {game}.")
MID_HAND = N_(
    "Table {number} is in the middle of hand {hand}: change its game between hands, or confirm to end this hand "
    "unplayed."
)
MOVED_ON = N_(
    "The table has moved on since your page offered Undo: press Undo again to go back to before the last "
    "student's move."
)


class BeforeYouSat(View):
    """A seat's view told as what happened before its student sat: every seat named by its number (the computer
    played this one then), never "you"."""

    __slots__ = ()
    to_onlooker = True


def told_before_you_sat(view: View, names: Sequence[str], lines: int) -> list[str]:
    """The first `lines` lines of the hand's story as `view`'s seat saw them, told as done before its student sat:
    "Before you sat: the computer at your seat passed", never "you passed"."""
    onlooker = BeforeYouSat(*(getattr(view, name) for name in View.__dataclass_fields__))
    # In the language of the page it is told to.
    computer = _("the computer at your seat")
    named = [computer if seat == view.seat else name for seat, name in enumerate(names)]
    return [_("Before you sat: {line}").format(line=in_names(words, named)) for _seat, words in story(onlooker)[:lines]]


def checked_seconds(name: str, value: Any) -> float:
    """A number of seconds, 0 or more."""
    if type(value) not in (int, float) or not 0 <= value < 10**6:
        raise checks.refused(name, value, "a number of seconds, such as 1.5")
    return float(value)


class ClassTable:
    """A table of the class: `game` played by the students seated at it, computer players of `level` elsewhere."""

    def __init__(
        self,
        number: int,
        game: GameState,
        level: str = "rule of thumb",
        *,
        seats: tuple[Student | None, ...] | None = None,
        pace: float = 1.0,
        absent_after: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        paused: bool = False,
        thinker: Thinker | None = None,
    ):
        self.number = checks.whole("number", number, 1, 999)
        checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT, seed=1)")
        self.model = TableModel(game, level_of(level), name=f"Table {self.number}")
        self.lock = self.model.lock
        self.pace = checked_seconds("pace", pace)  # seconds between one move and a computer player's next
        self.absent_after = checked_seconds("absent_after", absent_after)  # then the computer plays an empty seat
        self.clock = clock
        # long thinking (an expert's move, a hint, grades) in the class's worker processes, if it has them
        self._think: Callable[..., Any] = here if thinker is None else thinker.think
        self._paused = checks.flag("paused", paused)
        self._hands_open = False  # every hand shown here, for a demonstration (not kept: a restart hides them)
        self._last_change = self._turn_since = self.clock()
        self._undo_asked: dict[int, int] = {}  # seat -> the moment its student asked to go back to
        self._seats = tuple(seats) if seats is not None else (None,) * game.rules.players
        if len(self._seats) != game.rules.players:
            raise checks.refused("seats", seats, f"one entry per seat of the game, {game.rules.players} in all")
        self._away: dict[int, float] = {}  # seat -> when its student's browser went away
        self._thinking = False  # a computer player is choosing (see step)
        # seat and language -> one view per change: two students' pages (or the teacher's) each read their own words
        self._seen: dict[tuple[int, str], tuple[tuple[int, int], tuple[SeatSeen, ...], SeatView]] = {}
        self._reviews: dict[tuple[int, str], tuple[object, Review | None]] = {}  # one review per finished hand
        self._retries: dict[int, tuple[HandState, str]] = {}  # seat -> the hand tried again, and how it went
        self._coached: dict[tuple[int, str], tuple[object, object, CoachSeen]] = {}  # seat, language -> its coach
        # The coach after each hand, by itself: how its work is run (in the background; None: only when asked), the
        # hand whose students' decisions it is to look at, the seats it is looking at, and those it could not.
        self._coach_runs: Runner | None = COACH_RUNS.get()
        self._coach_due: tuple[int, HandState, tuple[int, ...]] | None = None
        self._coaching: dict[int, HandState] = {}
        self._not_coached: dict[int, tuple[HandState, str]] = {}
        self._coach_news = 0  # counts what the coach did (started, done): a seat's view is made again, no moment lost
        # Where a student's costliest decision goes when the coach finds it a Mistake or a Blunder: their review, kept
        # by the class with their lessons' answers (set by the class's server: positions_kept_by).
        self._keep_position: Callable[[str, Position], object] | None = None
        self._save: Callable[[ClassTable], None] | None = None  # writes the table's file (the class's keeper)
        self._unsaved: Reason = ""  # the notice while the table's last change could not be saved: the table waits
        self._retry_at = 0.0  # when to try saving again
        self._announced: Reason = ""  # a notice the class gives this table until its next game (changed house rules)
        self._sat: dict[int, tuple[int, int]] = {}  # seat -> (hand number, its story's lines) when its student sat
        # what the teacher just did to the table (dealt again, undid), told until a student acts
        self._teacher_did: Reason = ""

    def _start(self, game: GameState) -> None:
        """A game at this table from its start: its computer players are made afresh, from its seed."""
        self.model.sit(game, self.model.level)
        self._last_change = self._turn_since = self.clock()
        self._undo_asked = {}
        self._announced = ""  # said of the game that ended
        self._sat = {}

    # -- listening ---------------------------------------------------------------------------------------

    def observe(self, listener: Callable[[ClassTable], None]) -> None:
        """Call `listener(table)` after each change, outside the lock (one that fails is kept in `problems`)."""
        if not callable(listener):
            raise checks.refused("listener", listener, "a function of one ClassTable")
        self.model.observe(listener)

    def forget(self, listener: Callable[[ClassTable], None]) -> None:
        """Stop telling `listener` (a page that closed)."""
        self.model.forget(listener)

    def _tell(self) -> None:
        """Save the change, then tell the listeners (the pages): no change they are told of is lost to a restart (a
        page drawing meanwhile may show a later one a moment before its own save). A hand just over: the coach
        starts on its students' decisions first, so that their pages say it is looking."""
        work = self._coach_soon()
        self.save()
        self.model.tell(self)
        runs = self._coach_runs
        if work is not None and runs is not None:
            runs(work)

    # -- the coach after each hand, by itself ---------------------------------------------------------------------

    def _coach_soon(self) -> Callable[[], None] | None:
        """The coach's work on the hand just over, for each student seated at its end, marked as under way (their
        pages say "Your coach is looking at your decisions…"); None if there is none to do."""
        with self.lock:
            due, self._coach_due = self._coach_due, None
            if due is None or self._coach_runs is None:
                return None
            number, hand, seats = due
            for seat in seats:
                self._coaching[seat] = hand
            self._coach_news += 1
        return lambda: self._coach_work(number, hand, seats)

    def _coach_work(self, number: int, hand: HandState, seats: tuple[int, ...]) -> None:
        """Each seat's decisions in hand `number` (from 0) graded, in the class's worker processes if it has them; each
        student's page is told as their review is ready. The table goes on meanwhile (the lock is let go while the
        coach thinks)."""
        for seat in seats:
            try:
                self.model.grade(number, seat, self._think)
                self._keep_missed(number, hand, seat)
            except Exception as error:  # a fault of ours, or a worker gone: said on that student's page, never raised
                LOG.exception("Table %s: the coach could not look at hand %s", self.number, number + 1)
                with self.lock:
                    self._not_coached = {**self._not_coached, seat: (hand, f"{type(error).__name__}: {error}")}
            with self.lock:
                if self._coaching.get(seat) is hand:
                    self._coaching = {kept: at for kept, at in self._coaching.items() if kept != seat}
                self._coach_news += 1  # not a change of the table's moment: a click drawn before is still good
            self.model.tell(self)

    def positions_kept_by(self, keep: Callable[[str, Position], object]) -> None:
        """After each hand, `keep(name, position)` takes the costliest decision of the student the class shows as
        `name`, if the coach found it a Mistake or a Blunder: it comes back in their review."""
        if not callable(keep):
            raise checks.refused("keep", keep, "a function of a student's name and a Position")
        with self.lock:
            self._keep_position = keep

    def _keep_missed(self, number: int, hand: HandState, seat: int) -> None:
        """The student's costliest decision in hand `number`, if a Mistake or a Blunder, to their review."""
        with self.lock:
            keep, student, review = self._keep_position, self._seats[seat], self.model.review_for(number, seat)
            worst = None if review is None else review.worst
            if keep is None or student is None or worst is None or worst.band not in MISSED_BANDS:
                return
            scores, contenders = self.model.played_at(number)
        keep(student.name, position_at(worst.state, seat, scores, contenders))

    def coaching(self, seat: int) -> str:
        """What the coach is doing about `seat`'s last finished hand, in words for its page: looking at it, or why it
        could not; '' when its review is there, or none is coming."""
        with self.lock:
            last = finished_hand(self.game)
            if last is None or self.model.graded_for(last[0] - 1, seat) is not None:
                return ""
            if self._coaching.get(seat) is last[1]:
                return catalog._(COACH_LOOKING)
            trouble = self._not_coached.get(seat)
            if trouble is not None and trouble[0] is last[1]:
                return _("Your coach could not look at this hand, through no fault of yours ({why}).").format(
                    why=trouble[1]
                )
            return ""

    # -- saving ---------------------------------------------------------------------------------------------------

    def saved_by(self, save: Callable[[ClassTable], None]) -> None:
        """After each change, `save(table)` writes the table's file (an OSError or FileRefused: it could not)."""
        if not callable(save):
            raise checks.refused("save", save, "a function of one ClassTable that writes its file")
        self._save = save

    def save(self) -> bool:
        """Write the table's file (outside the lock: a snapshot is taken under it); whether it is written. A save that
        fails (a full disk, a read-only folder) pauses the table with a notice to everyone at it, the file on disk
        left as it was (the last good state); the next action, or the pace keeper's next step, tries again, and
        once a save works the notice goes and the table goes on."""
        if self._save is None:
            return True
        try:
            self._save(self)
        except Exception as error:  # a full disk, a read-only file; anything else too, logged: the table waits
            if not isinstance(error, (OSError, FileRefused)):
                LOG.exception("Table %s: saving failed", self.number)
            with self.lock:
                self._retry_at = self.clock() + SAVING_RETRY
                if self._unsaved != saving_failed(error):
                    self._unsaved = saving_failed(error)
                    self.model.changed()
            return False
        with self.lock:
            if not self._unsaved:
                return True
            self._unsaved = ""
            self._last_change = self._turn_since = self.clock()  # the computers wait their pace again
            self.model.changed()
        return self.save()  # the change that took the notice away, kept too

    def _try_saving_again(self) -> None:
        """While the table waits for its file to be written: try again, and tell the pages if it worked."""
        if self._unsaved and self.save():
            self.model.tell(self)

    @property
    def notice(self) -> str:
        """What every page at this table says now, students' and the teacher's, in words ('' for nothing): saving
        failed (the table waits), the house rules changed."""
        with self.lock:
            return " ".join(words_of(said) for said in (self._unsaved, self._announced) if said)

    def announce(self, words: Reason) -> None:
        """A notice for this table until its next game starts (the class's house rules changed meanwhile), said in
        each page's language where it is kept as Said."""
        with self.lock:
            if not isinstance(words, (str, Said)):
                raise checks.refused("words", words, "words to show at the table")
            self._announced = words
            self.model.changed()
        self._tell()

    # -- what the table holds ------------------------------------------------------------------------------

    @property
    def game(self) -> GameState:
        return self.model.game

    @property
    def level(self) -> str:
        return self.model.level

    @property
    def version(self) -> int:
        """Counts the changes: a saved copy of an older version is never written over a newer one."""
        return self.model.version

    @property
    def problems(self) -> list[str]:
        """What went wrong telling a listener (a save that failed, a page gone): the teacher sees it."""
        return self.model.problems

    @property
    def seats(self) -> tuple[Student | None, ...]:
        """Who holds each seat: a Student, or None for a computer player."""
        with self.lock:
            return self._seats

    @property
    def paused(self) -> bool:
        with self.lock:
            return self._paused

    @property
    def hands_open(self) -> bool:
        with self.lock:
            return self._hands_open

    def seat_of(self, token: object) -> int:
        """The seat this token holds; NotationError (in words) for a token that holds none here."""
        if type(token) is not str or not token or len(token) > LONGEST_TOKEN:
            raise NotationError("seat token", catalog._(NO_SEAT))
        with self.lock:
            for seat, student in enumerate(self._seats):
                if student is not None and hmac.compare_digest(student.token.encode(), token.encode()):
                    return seat
        raise NotationError("seat token", catalog._(NO_SEAT))

    def computer_plays(self, seat: int) -> bool:
        """Whether a computer player plays `seat` now: nobody sits there, or its student is away too long."""
        with self.lock:
            away = self._away.get(seat)
            return self._seats[seat] is None or (away is not None and self.clock() - away >= self.absent_after)

    def waited(self) -> float:
        """How many seconds the seat to act has had its turn."""
        with self.lock:
            return max(0.0, self.clock() - self._turn_since)

    def seats_seen(self) -> tuple[SeatSeen, ...]:
        """Who sits where, as every seat may see it."""
        with self.lock:
            return tuple(
                SeatSeen(
                    name=None if student is None else student.name,
                    computer=self.computer_plays(seat),
                    away=seat in self._away,
                )
                for seat, student in enumerate(self._seats)
            )

    def seat_view(self, token: object) -> SeatView:
        """What the browser holding `token` may see of this table (see seat_view.py)."""
        with self.lock:
            return self._view(self.seat_of(token))

    def view_of_seat(self, seat: int) -> SeatView:
        """What `seat` may see, whoever holds it: for the teacher's page, and for tests."""
        with self.lock:
            return self._view(checks.seat("seat", seat, self.game.rules.players))

    def names_seen(self, seat: int, onlooker: bool = False) -> list[Sitter]:
        """Each seat as `seat` names it: "You", a student's first name, a computer by where it sits ("West"); for an
        onlooker from `seat`'s place (the teacher's projector), every student by name."""
        with self.lock:
            people = {place: student.name for place, student in enumerate(self._seats) if student is not None}
            return default_names(self.game.view(seat), people, set(self._away), onlooker)

    def picture(
        self,
        seat: int,
        *,
        chosen: Collection[Card] = (),
        note: str = "",
        mood: Mood = "",
        tools: Sequence[Button] = (),
        onlooker: bool = False,
    ) -> Picture:
        """What `seat`'s table view draws now (look.seat_picture.picture_of), its moment the table's version: the
        seat's own view, in its names, with the cards chosen to keep, the page's note (a refusal, a hint) and its
        tools; every hand while the teacher shows them; for an onlooker (the teacher's projector), no hand else."""
        with self.lock:
            seat = checks.seat("seat", seat, self.game.rules.players)
            game = self.game
            view = game.view(seat)
            keepable = {card for action in view.legal for card in action.cards}
            notes = [  # each once: a click refused while the table waits is refused with its notice's words
                words
                for shown, words in (
                    (True, self.notice),
                    (self._paused, catalog._(PAUSED_NOTE)),
                    (self._hands_open, catalog._(OPEN_NOTE)),
                    (True, words_of(self._teacher_did)),
                    (note not in self.notice, note),
                )
                if shown and words
            ]
            return picture_of(
                view,
                names=self.names_seen(seat, onlooker),
                moment=self.version,
                open_hands=open_hands_of(game.hand) if self._hands_open else None,
                chosen=[card for card in chosen if card in keepable],
                tools=tools,
                note=" ".join(notes),
                mood=mood,
                title_extra=_("table {number} · hand {hand}").format(number=self.number, hand=len(game.hands)),
                onlooker=onlooker,
            )

    def _view(self, seat: int) -> SeatView:
        """The seat's view, made once per change of the table and then shared by every page of that seat (so it is
        never changed in place: a page that wants another view makes its own)."""
        seats = self.seats_seen()
        kept = self._seen.get((seat, language()))
        if kept is not None and kept[0] == (self.version, self._coach_news) and kept[1] == seats:
            return kept[2]
        names = ["you" if sitter.name == "You" else sitter.name for sitter in self.names_seen(seat)]
        own = self._own(seat)
        review = self._review(seat, own["grades"], names)
        view = self._before_you_sat(
            seat,
            names,
            seat_view(
                self.game,
                seat,
                seats,
                self.model.reasons,
                self._paused,
                own,
                self._hands_open,
                names,
                review,
                True,
                self._coach(seat, names),
                self.coaching(seat),
            ),
        )
        self._seen[seat, language()] = ((self.version, self._coach_news), seats, view)
        return view

    def _before_you_sat(self, seat: int, names: Sequence[str], view: SeatView) -> SeatView:
        """The view with the story of the hand its student sat down in, up to then, told as done before she sat
        (the computer played her seat then: "you passed" would be wrong)."""
        sat = self._sat.get(seat)
        if sat is None:
            return view
        number, lines = sat
        hands = self.game.hands
        if number > len(hands):
            return view
        before = told_before_you_sat(hands[number - 1].view(seat), names, lines)
        if number == len(hands):
            play = view["hand_in_play"]
            view = {**view, "hand_in_play": {**play, "story": before + play["story"][len(before) :]}}
        last = view["last_hand"]
        if last is not None and last["number"] == number:
            view = {**view, "last_hand": {**last, "story": before + last["story"][len(before) :]}}
        return view

    def _review(self, seat: int, grades: Sequence[str] | None, names: Sequence[str]) -> Review | None:
        """The last finished hand as `seat` reviews it, made once per finished hand, grades and names: its story, its
        result and the computers' reasons do not change while the next hand is played (a third of a page's redraw
        was making it again)."""
        last = finished_hand(self.game)
        key = None if last is None else (last[0], last[1].history, grades, tuple(names))
        kept = self._reviews.get((seat, language()))
        if kept is not None and kept[0] == key:
            return kept[1]
        review = review_seen(self.game, seat, self.model.reasons, grades, names)
        self._reviews[seat, language()] = (key, review)
        return review

    def _coach(self, seat: int, names: Sequence[str]) -> CoachSeen | None:
        """The coach's review of this seat's last finished hand, once graded: for this seat's page alone."""
        last = finished_hand(self.game)
        review = None if last is None else self.model.review_for(last[0] - 1, seat)
        if last is None or review is None:
            return None
        retried = self._retries.get(seat)
        retry = retried[1] if retried is not None and retried[0] is last[1] else None
        reviews = self.model.reviews_of(seat)
        key = (len(reviews), retry, tuple(names))  # made once per review (the same one), second try and names
        kept = self._coached.get((seat, language()))
        if kept is not None and kept[0] is review and kept[1] == key:
            return kept[2]
        seen = coach_seen(review, reviews, names, retry)
        self._coached[seat, language()] = (review, key, seen)
        return seen

    def _own(self, seat: int) -> Own:
        """What is this seat's alone: the hint it asked for (while its moment lasts), its grades, the undo asked."""
        last = finished_hand(self.game)
        graded = None if last is None else self.model.graded_for(last[0] - 1, seat)
        students = {place: student.name for place, student in enumerate(self._seats) if student is not None}
        moment = self.model.history.number if self.model.history else None
        asked = {place for place, wanted in self._undo_asked.items() if wanted == moment}
        return Own(
            hint=self.model.hint_said(seat),
            grades=None if graded is None else graded.lines(seat),
            undo=Undo(
                moment=moment,
                you_asked=seat in asked,
                asked=[students[place] for place in sorted(asked) if place in students],
                waiting_for=[name for place, name in sorted(students.items()) if place not in asked],
            ),
        )

    # -- playing ---------------------------------------------------------------------------------------------

    def act(self, token: object, action: Action | str, moment: int | None = None) -> Action:
        """The action of the student holding `token`, taken only in turn (and, given the `moment` the student's page
        drew, only if the table is still there); the engine's words refuse anything else."""
        self._try_saving_again()
        with self.lock:
            seat = self.seat_of(token)
            action = parse_action(action)  # NotationError: not an action at all
            if moment is not None and moment != self.version:
                raise Refused("moment", catalog._(STALE))
            self._refuse_if_paused()
            game = self.game
            if not game.is_over and game.to_act != seat:
                raise self._not_your_turn(seat)
            self._took(game.apply(action, seat=seat), undoable=True)  # IllegalAction or NotationError: nothing changed
            self._undo_asked = {}  # asked for an earlier moment: the table has moved on
            self._teacher_did = ""  # a student has read it, and played on
        self._tell()
        return action

    def click(self, token: object, click: Mapping[str, object]) -> Action | Toggle:
        """A click on the table view of the student holding `token` (a look.picture.Click), checked against the table
        now: their own seat's turn, the moment their page drew, a card they hold and may play, a button offered them.
        The action taken, or a Toggle of a card to keep (T5), which their page keeps until Keep is pressed."""
        self._try_saving_again()
        with self.lock:
            seat = self.seat_of(token)
            self._refuse_if_paused()
            game, moment = self.game, self.version
            if game.is_over:
                raise Refused(
                    "click",
                    _("The game at table {number} is over: there is nothing more to play.").format(number=self.number),
                )
            if game.to_act != seat:
                raise self._not_your_turn(seat)
            if isinstance(click, Mapping) and click.get("moment") != moment:
                raise Refused("moment", catalog._(STALE))
            found = action_for(game.view(seat), click, moment=moment, names=self.names_seen(seat))  # ValueError: why
        return found if isinstance(found, Toggle) else self.act(token, found, moment)

    def _refuse_if_paused(self) -> None:
        if self._unsaved:
            raise Refused("saving", words_of(self._unsaved))
        if self._paused:
            raise Refused(
                "paused",
                _("Your teacher has paused table {number}: wait a moment, it goes on soon.").format(number=self.number),
            )

    def _not_your_turn(self, seat: int) -> IllegalAction:
        """'It is not your turn: Ben (seat 2) is to act, in bidding round one.' Never the other seat's options."""
        game = self.game
        view = game.view(seat)
        to_act = acting_seat(game.hand)  # asked only while the game goes on
        student = self._seats[to_act]
        who = seat_words(to_act, view) if student is None else f"{student.name} ({seat_words(to_act, view)})"
        return IllegalAction(
            PHASE_RULES[game.hand.phase],
            _("It is not your turn: {who} is to act, in {phase}.").format(who=who, phase=game.hand.phase),
        )

    def _took(self, after: GameState, reason: Reason | None = None, undoable: bool = False) -> None:
        """The table's game is now `after`, the next action taken (and what its computer player said, if one chose
        it); with `undoable` (a student's move) Undo can go back to before it."""
        game = self.game
        number, place = len(game.hands) - 1, len(game.hand.history)
        said = self.model.said_before(place, number)
        if reason is not None:
            said[place] = reason
        self.model.take(after, said, number=number, shown=len(after.hands) - 1, undoable=undoable)
        self._last_change = self._turn_since = self.clock()
        ended = after.hands[number]
        if ended.is_over:  # the coach looks at the hand's students' decisions by itself (see _tell)
            seats = tuple(seat for seat, student in enumerate(self._seats) if student is not None)
            self._coach_due = (number, ended, seats) if seats else None

    def _computer_to_act(self) -> int | None:
        """The seat a computer player must act for now, if any (none while paused or once the game is over)."""
        if self._paused or self._unsaved or self.game.is_over:
            return None
        seat = acting_seat(self.game.hand)  # the game goes on: a seat is to act
        return seat if self.computer_plays(seat) else None

    def due(self) -> float | None:
        """Seconds until step() will make a move (0: now); None while a student is to act, or nothing is to do."""
        with self.lock:
            if self._unsaved:  # the next step tries saving again
                return max(0.0, self._retry_at - self.clock())
            if self._paused or self.game.is_over:
                return None
            seat, now = acting_seat(self.game.hand), self.clock()  # the game goes on: a seat is to act
            after_pace = self._last_change + self.pace - now
            if self._seats[seat] is None:
                return max(0.0, after_pace)
            away = self._away.get(seat)
            return None if away is None else max(0.0, after_pace, away + self.absent_after - now)

    def step(self) -> Action | None:
        """One computer player's move, if one is due (see due); the action made, or None.

        The player thinks without the lock (an expert takes a quarter of a second, in a worker process), so the
        pages go on reading the table meanwhile; if the table changed while it thought (the teacher paused it, dealt
        again), nothing is played. One step thinks at a time: a second call meanwhile returns None. While the table's
        file cannot be written, a step tries again once SAVING_RETRY has passed, and plays nothing."""
        with self.lock:
            retry = self._unsaved and self.clock() >= self._retry_at
        if retry:
            self._try_saving_again()
        with self.lock:
            seat = self._computer_to_act()
            if seat is None or self._thinking or self.clock() - self._last_change < self.pace:
                return None
            self._thinking, version, game = True, self.version, self.game
            think = self._think if thinks_long(self.model.player(seat)) else here
        try:
            chosen = self.model.choice(seat, think, game)
        finally:
            with self.lock:
                self._thinking = False
        with self.lock:
            if self.version != version:
                return None
            self._took(game.apply(chosen.action, seat=seat), chosen.said)
        self._tell()
        return chosen.action

    # -- what each seat may ask for: a hint, its grades, an undo --------------------------------------------------

    def hint(self, token: object) -> str:
        """The computer's best action for this seat now, with its reason, in words: the table model's hint, which
        the learner's table gives too, shown to this seat alone."""
        with self.lock:
            seat, game = self.seat_of(token), self.game
            if game.is_over or game.to_act != seat:
                raise Refused("hint", _("A hint is for your own turn: ask for one when it is your turn to act."))
            kept = self.model.hint_said(seat)
        return kept if kept is not None else self.model.hint_in_words(seat, self._think)

    def grade(self, token: object) -> tuple[str, ...]:
        """This seat's decisions in the last finished hand, each graded against the computer's best, in words (one
        line each): the table model's grades, worked out once per hand and seat."""
        with self.lock:
            seat, last = self.seat_of(token), finished_hand(self.game)
            if last is None:
                raise Refused("grade", _("Grades come once a hand is over: finish this hand first."))
        lines = self.model.grade(last[0] - 1, seat, self._think).lines(seat)
        with self.lock:
            self._coach_news += 1  # the seat's view shows its grades now
        return lines

    def try_again(self, token: object, key: object) -> str:
        """This seat's costliest decision in the last finished hand chosen again (`key`: one of the choices its
        coach offers), the hand then played out by computer players on the same cards; in words, for this seat's
        page alone. The table's game does not change."""
        with self.lock:
            seat, last = self.seat_of(token), finished_hand(self.game)
            review = None if last is None else self.model.review_for(last[0] - 1, seat)
            worst = None if review is None else review.worst
            if last is None or worst is None:
                raise Refused(
                    "try again",
                    _(
                        "Try again comes once your coach has looked at a hand just over and found a costly decision "
                        "in it."
                    ),
                )
            view = worst.state.view(seat)
            action = next((a for a in view.legal if str(a) == key), None)
            if action is None:
                offered = ", ".join(str(a) for a in view.legal[:MOST_CHOICES])
                raise Refused(
                    "try again",
                    _("Choose one of the choices shown ({offered}), not {key}.").format(
                        offered=offered, key=excerpt(key)
                    ),
                )
        retry = self.model.try_again(last[0] - 1, seat, worst.place, action, self._think)
        with self.lock:
            names = ["you" if sitter.name == "You" else sitter.name for sitter in self.names_seen(seat)]
            words = in_names(retry_told(retry, self.game, last[0] - 1), names)
            self._retries = {**self._retries, seat: (last[1], words)}
            self.model.changed()
        self._tell()
        return words

    def ask_undo(self, token: object, moment: object) -> bool:
        """This seat's student asks to go back to before the last student's move (`moment`, as their page showed
        it); once every student at the table has asked for the same moment, the table goes back. Whether it did."""
        with self.lock:
            seat = self.seat_of(token)
            history = self.model.history
            if not history:
                raise Refused("undo", catalog._(NOTHING_TO_UNDO).format(number=self.number))
            if type(moment) is not int or moment != history.number:
                raise Refused("undo", catalog._(MOVED_ON))
            self._undo_asked = {**self._undo_asked, seat: moment}
            students = {place for place, student in enumerate(self._seats) if student is not None}
            agreed = students <= set(self._undo_asked)
            if agreed:
                self._go_back()
            else:
                self.model.changed()
        self._tell()
        return agreed

    def undo(self) -> None:
        """The teacher takes the table back to before the last student's move (the computers' replies go too)."""
        with self.lock:
            if not self.model.history:
                raise Refused("undo", catalog._(NOTHING_TO_UNDO).format(number=self.number))
            self._go_back()
            self._teacher_did = saying(TAKEN_BACK)
        self._tell()

    def _go_back(self) -> None:
        self.model.undo()
        self._undo_asked = {}
        self._last_change = self._turn_since = self.clock()

    # -- the teacher's hand on the table ------------------------------------------------------------------------

    def seated_at(self, seat: object, token: str) -> bool:
        """Whether the student holding `token` sits at `seat` already; refused if another student sits there."""
        with self.lock:
            return self._seated(checks.seat("seat", seat, self.game.rules.players), token)

    def _seated(self, seat: int, token: str) -> bool:
        """seated_at, for a seat number already checked (the caller holds the lock)."""
        held = self._seats[seat]
        if held is not None and held.token != token:
            raise Refused(
                "seat",
                _(
                    "Seat {seat} at table {number} is {name}'s: move {name} first, or choose a seat a computer plays."
                ).format(seat=seat, number=self.number, name=held.name),
            )
        return held is not None

    def sit(self, seat: int, student: Student) -> None:
        """Seat `student` where a computer player sits now."""
        with self.lock:
            checks.instance("student", student, Student, "a Student who joined the class")
            seat = checks.seat("seat", seat, self.game.rules.players)
            if self._seated(seat, student.token):
                return  # sits there already
            self._seats = self._seats[:seat] + (student,) + self._seats[seat + 1 :]
            game = self.game
            if not game.is_over and game.hand.history:  # mid-hand: the computer played this seat until now
                self._sat[seat] = (len(game.hands), len(story(game.view(seat))))
            self.model.changed()
        self._tell()

    def unseat(self, seat: int) -> Student | None:
        """Take the student (if any) from `seat`: a computer player sits there now. Returns who left."""
        with self.lock:
            seat = checks.seat("seat", seat, self.game.rules.players)
            student = self._seats[seat]
            self._seats = self._seats[:seat] + (None,) + self._seats[seat + 1 :]
            self._away.pop(seat, None)
            self._sat.pop(seat, None)
            self.model.changed()
        self._tell()
        return student

    def away(self, token: object) -> None:
        """The browser holding `token` went away: after `absent_after` seconds the computer plays its seat."""
        with self.lock:
            self._away.setdefault(self.seat_of(token), self.clock())
            self.model.changed()
        self._tell()

    def back(self, token: object) -> int:
        """The browser holding `token` is back: its seat is its own again. Returns the seat."""
        with self.lock:
            seat = self.seat_of(token)
            self._away.pop(seat, None)
            self.model.changed()
        self._tell()
        return seat

    def all_away(self) -> None:
        """Every student counts as away from now (a restarted server): each seat is theirs again once they return."""
        with self.lock:
            now = self.clock()
            self._away = {seat: now for seat, student in enumerate(self._seats) if student is not None}

    def pause(self, paused: bool = True) -> None:
        """Pause the table (nobody acts, the computer players wait), or let it go on."""
        with self.lock:
            self._paused = checks.flag("paused", paused)
            self._last_change = self.clock()
            self.model.changed()
        self._tell()

    def open_hands(self, shown: bool = True) -> None:
        """Show every hand to every seat at this table, for a demonstration (each page says so), or hide them again."""
        with self.lock:
            self._hands_open = checks.flag("shown", shown)
            self.model.changed()
        self._tell()

    def deal_again(self) -> None:
        """The hand in play starts again from its deal (the same cards: the game's seed deals them)."""
        with self.lock:
            if self.game.is_over:
                raise Refused(
                    "deal",
                    _("The game at table {number} is over: start a new game instead.").format(number=self.number),
                )
            self.model.deal_again()  # another story from its deal: nothing to undo, no hint
            self._undo_asked = {}
            self._teacher_did = saying(DEALT_AGAIN)
            number = len(self.game.hands)
            self._sat = {seat: sat for seat, sat in self._sat.items() if sat[0] != number}  # nothing before she sat
            self._last_change = self._turn_since = self.clock()
        self._tell()

    def start(self, game: GameState) -> None:
        """A new game at this table, with the same students in the same seats."""
        checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT, seed=1)")
        with self.lock:
            if game.rules.players != len(self._seats):
                raise Refused(
                    "game",
                    _(
                        "Table {number} has {seats} seats, and {game} needs {players}: choose a game for {seats}."
                    ).format(
                        number=self.number,
                        seats=len(self._seats),
                        game=catalog._(game.rules.facts.name),
                        players=game.rules.players,
                    ),
                )
            self._start(game)
            self._teacher_did = saying(NEW_GAME, game=Said(game.rules.facts.name))  # a new game, or the deal of the day
        self._tell()

    def between_hands(self) -> bool:
        """Whether nothing of the hand in play has been played yet (or the game is over): a moment to change it."""
        with self.lock:
            return self.game.is_over or not self.game.hand.history

    def change_game(self, game: GameState, mid_hand: bool = False) -> None:
        """This table plays `game` from now on, its students kept (in their seats, where the game has them); in the
        middle of a hand only with `mid_hand` (the teacher confirmed: the hand ends unplayed)."""
        checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT, seed=1)")
        mid_hand = checks.flag("mid_hand", mid_hand)
        with self.lock:
            students = [student for student in self._seats if student is not None]
            players = game.rules.players
            if len(students) > players:
                raise Refused(
                    "game",
                    _(
                        "Table {number} has {students} students, and {game} seats {players}: move {extra} of them to "
                        "another table first."
                    ).format(
                        number=self.number,
                        students=len(students),
                        game=catalog._(game.rules.facts.name),
                        players=players,
                        extra=len(students) - players,
                    ),
                )
            if not mid_hand and not self.between_hands():
                raise Refused("game", catalog._(MID_HAND).format(number=self.number, hand=len(self.game.hands)))
            kept: list[Student | None] = list(self._seats[:players]) + [None] * max(0, players - len(self._seats))
            for moved in students[len([held for held in kept if held is not None]) :]:
                kept[kept.index(None)] = moved  # a student whose seat the game has not: the first free one
            away = {held.token: when for seat, when in self._away.items() if (held := self._seats[seat]) is not None}
            self._seats = tuple(kept)
            self._away = {seat: away[held.token] for seat, held in enumerate(kept) if held and held.token in away}
            self._seen, self._reviews = {}, {}
            self._start(game)
            self._teacher_did = saying(NEW_GAME, game=Said(game.rules.facts.name))
        self._tell()

    def play_at(self, level: str) -> None:
        """The computer players play at `level` from now (made afresh: what they said of the game so far goes)."""
        with self.lock:
            self.model.sit(self.game, level_of(level))
        self._tell()

    def snapshot(self) -> tuple[int, GameState, tuple[Student | None, ...], bool]:
        """What a saved copy of the table holds, read at one moment: (version, game, seats, paused)."""
        with self.lock:
            return self.version, self.game, self._seats, self._paused
