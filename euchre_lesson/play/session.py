"""A game at the table without drawing it: your seat, the computer players, undo, hints, grades, save and load.

`TableSession` is what the `Table` widget observes: each thing the learner does is a method here, which
changes the session (or refuses) and tells its listeners what happened as a `News`. It is the learner's front
of the one table model (table_model.py), which the class's table shares: the game, the computer players, Undo,
hints and grades are the model's; the news, the cards selected for the keep, and the files are the learner's.
The words and the drawing are the widget's; the decisions are the engine's. Tests drive the session directly.
"""

from __future__ import annotations

import functools
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Concatenate, ParamSpec, TypeVar

from ..engine import checks
from ..engine.actions import Action, Verb, keep, parse_action
from ..engine.cards import Card, sort_key
from ..engine.errors import WHOLE, IllegalAction, NotationError, excerpt
from ..engine.game import GameState, load_game, load_saved, new_game, save_game
from ..engine.hand import HandState
from ..engine.narration import reasons_heard
from ..engine.phases import Phase
from ..engine.said import Reason, words_of
from ..engine.view import View
from .advice import Option
from .choice import Player
from .coach import Retry, Review
from .seal import Trust, sealer, trust_of
from .table_model import (  # noqa: F401
    ADVICE_WORLDS,
    COACH_RUNS,
    EXPERT_WORLDS,
    GRADE_SECONDS,
    HINT_SECONDS,
    LEVELS,
    NO_MOMENTS,
    Decision,
    Graded,
    Moments,
    Runner,
    TableModel,
    advice_seed,
    computer_seed,
    learner_decisions,
    level_of,
    scores_before,
)

LOG = logging.getLogger(__name__)

# The verbs chosen by clicking your cards: one card (card_verb), or five selected for the keep (T5).
CHOSEN_BY_CARD = frozenset(verb for verb in Verb if verb.carries in ("card", "cards"))


def card_verb(view: View) -> Verb | None:
    """What a click on one of your cards means now: the verb of your legal actions that carry one card (play,
    the pick-up's discard, a call for best's give or discard), or None."""
    return next((action.kind for action in view.legal if action.kind.carries == "card"), None)


def computer_players(level: str, players: int, seed: int | None, learner: int) -> dict[int, Player]:
    """One player of this level for every seat but the learner's, each with its own seed."""
    level = level_of(level)
    return {seat: LEVELS[level](computer_seed(seed, seat)) for seat in range(players) if seat != learner}


def path_words(path: str) -> str:
    """A typed path as a message says it: whole when short, else its start and its length."""
    return path if len(path) <= WHOLE else excerpt(path)


def keep_what_is_not_a_game(path: str) -> None:
    """Refuse to save over a file that is there and is not a saved game: a learner's notes are not lost."""
    if not os.path.isfile(path):  # nothing there, or no regular file: save_game says what is wrong
        return
    try:
        load_game(path)
    except NotationError:
        raise NotationError(
            "path",
            f"{path_words(path)} is there already and is not a saved game: "
            f"choose another name, so that it is not lost.",
        ) from None


class Told(Enum):
    """What happened after something the learner did: the table says it in words."""

    STARTED = "a game started"
    ACTED = "your action was taken and the computer players replied"
    REFUSED = "the rules refuse your action"
    NOT_AN_ACTION = "what you gave is not an action"
    NOT_YOUR_TURN = "it is not your turn"
    NO_CARD_YET = "a card was clicked while bidding"
    SELECTED = "the cards selected for the keep changed"
    NOTHING_SELECTED = "Keep was pressed with no card selected"
    UNDONE = "your last action was taken back"
    NOTHING_TO_UNDO = "there is nothing to undo"
    NEXT_HAND = "the next hand is on the table"
    NO_NEXT_HAND = "there is no next hand now"
    HINT = "the computer's best action for you"
    NO_DECISION = "a hint was asked while no decision is yours"
    GRADED = "your decisions in the hand were graded"
    NOT_COACHED = "the coach could not look at the hand just over"
    NOT_OVER = "grades were asked before the hand is over"
    NEW_GAME = "a new game started"
    CANNOT_START = "a new game could not start"
    NO_PATH = "no file name was given"
    SAVED = "the game was saved"
    NOT_SAVED = "the game could not be saved"
    LOADED = "a saved game was loaded"
    NOT_LOADED = "the file could not be loaded"


# What was refused (nothing changed), and what changed what the table shows.
REFUSALS = frozenset(
    {
        Told.REFUSED,
        Told.NOT_AN_ACTION,
        Told.NOT_YOUR_TURN,
        Told.NO_CARD_YET,
        Told.NOTHING_SELECTED,
        Told.NOTHING_TO_UNDO,
        Told.NO_NEXT_HAND,
        Told.NO_DECISION,
        Told.NOT_OVER,
        Told.CANNOT_START,
        Told.NO_PATH,
        Told.NOT_SAVED,
        Told.NOT_LOADED,
    }
)
CHANGES = frozenset(
    {
        Told.STARTED,
        Told.ACTED,
        Told.SELECTED,
        Told.UNDONE,
        Told.NEXT_HAND,
        Told.GRADED,
        Told.NOT_COACHED,
        Told.NEW_GAME,
        Told.LOADED,
    }
)


@dataclass(frozen=True)
class News:
    """What just happened at the table, with what the words for it need."""

    told: Told
    action: Action | None = None  # the action taken, refused or advised
    view: View | None = None  # your view where it was taken or advised
    error: Exception | None = None  # why it was refused
    path: str = ""  # the file saved or loaded
    said: Reason = ""  # why the advised action is best, kept in no language (a note said again in another)
    unsealed: Exception | None = None  # why a game was saved without a seal
    review: Review | None = None  # the coach's review of the hand graded (shown or not: the learner may have moved on)

    @property
    def reason(self) -> str:
        """Why the advised action is best, in the language chosen where this is read."""
        return words_of(self.said)

    @property
    def refused(self) -> bool:
        return self.told in REFUSALS

    @property
    def changed(self) -> bool:
        return self.told in CHANGES


Args = ParamSpec("Args")
Result = TypeVar("Result")


def locked(
    method: Callable[Concatenate[TableSession, Args], Result],
) -> Callable[Concatenate[TableSession, Args], Result]:
    """The method run holding the session's lock: one thread at a time reads or changes the table."""

    @functools.wraps(method)
    def run(self: TableSession, /, *args: Args.args, **kwargs: Args.kwargs) -> Result:
        with self.lock:
            return method(self, *args, **kwargs)

    return run


class TableSession:
    """A game to the target score: you at `seat`, computer players of `level` at the other seats.

    A front of one `TableModel` (table_model.py), which keeps the game, the computer players and what they said,
    Undo's history, hints and grades: the session adds what is the learner's alone, the news of each click, the
    cards selected for the keep, and the files."""

    # The hand shown stays on the table once it is over, until next_hand. Each method that answers a
    # learner's click returns the News it tells its listeners (see observe). Every method and property
    # holds `lock` (reentrant: a listener may read the session while it tells), so threads (a class's
    # server, a page and a lesson's code) may drive one session; a view drawing it takes the lock too.

    def __init__(self, game: GameState, seat: int = 0, level: str = "rule of thumb"):
        checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT, seed=1)")
        self.seat = checks.seat("seat", seat, game.rules.players)
        self.model = TableModel(game, level_of(level))
        self.lock = self.model.lock
        # The coach after each hand: run by itself once a hand is over, as bound where the table is made (in the
        # background, table_model.COACH_RUNS); None: only when grade is asked for.
        self.coach_runs: Runner | None = COACH_RUNS.get()
        self._coaching: HandState | None = None  # the finished hand the coach is looking at now
        self._coached = threading.Condition(self.lock)  # told each time the coach is done with a hand
        self._not_coached: tuple[HandState | None, str] = (None, "")  # a hand the coach could not look at, and why
        self.graded: Graded | None = None  # the grades of the hand shown last graded (by the coach, or asked for)
        self._view: tuple[HandState, int, View] | None = None  # your view of the hand shown, kept
        self._sit(game, level_of(level))
        self.news = News(Told.STARTED)

    @locked
    def observe(self, listener: Callable[[News], None]) -> None:
        """Call `listener(news)` after each change or refusal (one that fails is logged, and the others still hear)."""
        if not callable(listener):  # what isinstance(listener, Callable) says
            raise checks.refused("listener", listener, "a function of one News")
        self.model.observe(listener)

    def _tell(self, told: Told, **details: Any) -> News:
        news = self.news = News(told, **details)
        work = self._coach_soon() if news.changed else None  # marked first: the news of a hand's end says so
        self.model.tell(news)
        runs = self.coach_runs
        if work is not None and runs is not None:
            runs(work)
        return news

    # -- the coach after each hand, by itself ----------------------------------------------------------------

    def _coach_soon(self) -> Callable[[], None] | None:
        """Once the hand shown is over, the coach looks at your decisions in it by itself (once per hand), without
        holding up your next click: Next hand may be pressed at once, and the review comes when it is done. The
        coach's work, marked as under way, for coach_runs to run; None if there is none to do."""
        hand, number, seat = self.hand, self.shown, self.seat
        if self.coach_runs is None or not hand.is_over or self._coaching is hand or self._not_coached[0] is hand:
            return None
        if self.grades_shown is not None or self.model.graded_for(number, seat) is not None:
            return None
        self._coaching = hand
        edited = self.edited
        return lambda: self._coach(number, hand, seat, edited)

    def _coach(self, number: int, hand: HandState, seat: int, edited: bool) -> None:
        """The coach's work on hand `number` (the grades, within GRADE_SECONDS; the lock is let go while it thinks),
        then the news: the review, whether the learner is still at that hand or has moved on (its positions missed
        are kept either way)."""
        try:
            graded = self.model.grade(number, seat, edited=edited)
        except Exception as error:  # a fault of ours: said at the table, and the game goes on
            LOG.exception("The coach could not look at hand %s", number + 1)
            with self.lock:
                self._not_coached = (hand, f"{type(error).__name__}: {error}")
                self._done_coaching(hand)
                if self.hand is hand:
                    self._tell(Told.NOT_COACHED, error=error)
            return
        with self.lock:
            self._done_coaching(hand)
            if seat != self.seat or number >= len(self.game.hands) or self.game.hands[number] is not hand:
                return  # undone, or another game sat down at meanwhile: these grades are of no hand at the table
            if self.hand is hand:
                self.graded = graded
            self._tell(Told.GRADED, review=self.model.review_for(number, seat))

    def _done_coaching(self, hand: HandState) -> None:
        if self._coaching is hand:
            self._coaching = None
        self._coached.notify_all()

    @property
    @locked
    def coaching(self) -> bool:
        """Whether the coach is looking at the hand shown now: its review comes by itself once done."""
        return self._coaching is not None and self._coaching is self.hand

    @property
    @locked
    def not_coached(self) -> str:
        """Why the coach could not look at the hand shown ('' if it could, or has not tried)."""
        hand, why = self._not_coached
        return why if hand is self.hand else ""

    def wait_for_coach(self, seconds: float = 30.0) -> bool:
        """Wait until the coach is done with the hand it is looking at, if any (for tests and a lesson's code; in the
        browser, which has no threads, the coach works once the code in hand is done); whether it is done."""
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < 10**6:
            raise checks.refused("seconds", seconds, "a number of seconds, such as 10")
        with self._coached:
            return self._coached.wait_for(lambda: self._coaching is None, seconds)

    # -- what the model keeps, read through the session ------------------------------------------------------

    @property
    def game(self) -> GameState:
        """The game at the table."""
        return self.model.game

    @property
    def shown(self) -> int:
        """The number (from 0) of the hand on the table."""
        return self.model.shown

    @property
    def history(self) -> Moments:
        """(game, hand shown) before each of your actions: what Undo goes back to."""
        return self.model.history

    @property
    def reasons(self) -> list[dict[int, Reason]]:
        """Hand number -> place in its history -> what the computer player said."""
        return self.model.reasons

    @property
    def advised(self) -> dict[tuple[int, tuple[Action, ...]], list[Option]]:
        """(hand number, its history) -> a hint's options, which the grade reuses."""
        return self.model.advised

    @property
    def level(self) -> str:
        """The computer players' level."""
        return self.model.level

    @property
    def problems(self) -> list[str]:
        """What went wrong telling a listener (kept, so that one failing listener never stops the others)."""
        return self.model.problems

    @property
    def players(self) -> dict[int, Player]:
        """The computer players, by seat."""
        return self.model.players

    @players.setter
    def players(self, players: dict[int, Player]) -> None:
        self.model.players = players

    # -- the game and what you see of it -------------------------------------------------------------

    @property
    @locked
    def hand(self) -> HandState:
        """The hand on the table: the current one, or the one just finished until `next_hand`."""
        return self.game.hands[self.shown]

    @property
    @locked
    def view(self) -> View:
        """Everything you may see of the hand shown (the engine decides what is hidden)."""
        hand = self.hand
        if self._view is None or self._view[0] is not hand or self._view[1] != self.seat:
            self._view = (hand, self.seat, hand.view(self.seat))
        return self._view[2]

    @property
    @locked
    def moment(self) -> tuple[GameState, int]:
        """What a click acts on: the game and the hand shown. A control drawn for another moment is stale."""
        return self.game, self.shown

    @property
    @locked
    def my_turn(self) -> bool:
        return not self.hand.is_over and self.hand.to_act == self.seat

    @property
    @locked
    def finished(self) -> bool:
        """The game is over and its last hand is on the table."""
        return self.game.is_over and self.shown == len(self.game.hands) - 1

    @property
    @locked
    def selectable(self) -> tuple[Card, ...]:
        """The cards you may select for the keep: your five and the dummy's (T5); none at other moments."""
        if not (self.my_turn and self.hand.phase is Phase.DUMMY):
            return ()
        return tuple(sorted({card for action in self.view.legal for card in action.cards}, key=sort_key))

    @property
    @locked
    def reasons_shown(self) -> dict[int, str]:
        """The computer players' reasons in the hand shown, once it is over (during the hand they are table talk), as
        your seat may hear them: a card passed in a call for best you took no part in is hidden (R3)."""
        hand = self.hand
        return reasons_heard(hand, self.seat, self.reasons[self.shown]) if hand.is_over else {}

    @property
    @locked
    def edited(self) -> bool:
        """The game was loaded from a file changed outside the table (its seal does not match): grades say so."""
        return self.trust is Trust.EDITED

    @property
    @locked
    def grades_shown(self) -> Graded | None:
        """The grades of the hand shown, if it was graded."""
        return self.graded if self.graded is not None and self.graded.hand is self.hand else None

    @property
    @locked
    def review_shown(self) -> Review | None:
        """The coach's review of the hand shown, once graded."""
        return self.model.review_for(self.shown, self.seat) if self.grades_shown is not None else None

    @property
    @locked
    def reviews(self) -> tuple[Review, ...]:
        """The coach's reviews of your hands graded in this game, in order: the game's accuracy."""
        return self.model.reviews_of(self.seat)

    @locked
    def try_again(self, place: int, action: Action | str) -> Retry:
        """The hand shown played again from place `place` of its history (one of your decisions): you take `action`,
        then the computers play it out on the same cards. The game at the table does not change."""
        if not self.hand.is_over:
            raise ValueError("Try again comes once the hand is over: finish this hand first.")
        return self.model.try_again(self.shown, self.seat, place, parse_action(action))

    # -- sitting down, and the computer players ------------------------------------------------------

    def _sit(self, game: GameState, level: str, trust: Trust = Trust.PLAYED) -> None:
        """Sit down at this game: computer players at the other seats, who act until it is your turn.

        Everything that can fail (a level, the players' seeds, their replies) is done before the session
        changes: if it fails, the game in progress stays as it was."""
        seat = min(self.seat, game.rules.players - 1)
        players = computer_players(level, game.rules.players, game.seed, seat)
        shown = len(game.hands) - 1
        game, said = self.model.replies(game, shown, players, {})
        self.model.sit(game, level, players, shown)
        self.model.take(game, said)
        self.seat = seat
        self.trust = trust  # where the game came from: played here, or a file whose seal says what
        self.selected: frozenset[Card] = frozenset()
        self.graded = None  # the grades of the hand shown last graded (by the coach, or asked for)
        with self._coached:  # a hand of the game before is no concern of this one's (its work, if any, is dropped)
            self._coaching = None
            self._coached.notify_all()

    @locked
    def start(self, game: GameState, level: str) -> News:
        """Sit down at this game with computer players of this level."""
        checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT, seed=1)")
        self._sit(game, level_of(level))
        return self._tell(Told.STARTED)

    @locked
    def new(self, rules: Any, seed: int | None, level: str | None = None) -> News:
        """A new game of these rules and seed; if they cannot start one (a seed out of range), the game stays."""
        level = self.level if level is None else level_of(level)
        try:
            self._sit(new_game(rules, seed=seed), level)
        except ValueError as error:  # the rules, the seed or a computer player refused: nothing changed
            return self._tell(Told.CANNOT_START, error=error)
        return self._tell(Told.NEW_GAME)

    # -- your actions ----------------------------------------------------------------------------------

    @locked
    def act(self, action: Action | str) -> News:
        """Your action, checked by the engine; then the computer players reply until your turn comes back."""
        try:
            action = parse_action(action)
        except NotationError as error:
            raise NotationError("action", f"action: {error}") from None
        if not self.my_turn:
            return self._tell(Told.NOT_YOUR_TURN)
        view = self.view
        try:
            game = self.game.apply(action, seat=self.seat)
        except IllegalAction as error:
            return self._tell(Told.REFUSED, action=action, error=error)
        except NotationError as error:
            return self._tell(Told.NOT_AN_ACTION, action=action, error=error)
        try:
            game, said = self.model.replies(
                game, self.shown, self.players, self.model.said_before(len(self.hand.history))
            )
        except IllegalAction as error:  # a reply that would end the last hand a game holds with nobody winning
            return self._tell(Told.REFUSED, action=action, error=error)
        self.model.take(game, said, undoable=True)
        self.selected = frozenset()
        return self._tell(Told.ACTED, action=action, view=view)

    @locked
    def pick(self, card: Card | str) -> News:
        """A click on one of your cards: play it, discard it, give it to a lone partner, or select it (or not) for
        the dummy keep."""
        card = checks.card("card", card)
        phase = self.hand.phase
        if not self.my_turn:
            return self._tell(Told.NOT_YOUR_TURN)
        if phase is Phase.DUMMY:
            if card not in self.selectable:
                raise NotationError(
                    "card", f"card {card} is not one of your ten: choose one of {' '.join(map(str, self.selectable))}."
                )
            self.selected ^= {card}
            return self._tell(Told.SELECTED)
        verb = card_verb(self.view)
        if verb is not None:
            return self.act(Action(verb, card=card))
        return self._tell(Told.NO_CARD_YET)

    @locked
    def keep_selected(self) -> News:
        """Keep the five cards selected (T5); the engine says if they are not five of your ten."""
        if not self.selected:
            return self._tell(Told.NOTHING_SELECTED)
        chosen = sorted(self.selected, key=sort_key)
        return self.act(keep(chosen))

    @locked
    def undo(self) -> News:
        """Back to the moment before your last action (the computer's replies since go too)."""
        if not self.model.undo():
            return self._tell(Told.NOTHING_TO_UNDO)
        self.selected = frozenset()
        return self._tell(Told.UNDONE)

    @locked
    def next_hand(self) -> News:
        """On from a finished hand to the next one, where the computer players act until your turn."""
        if not self.hand.is_over or self.game.is_over:
            return self._tell(Told.NO_NEXT_HAND)
        shown = self.shown + 1
        try:
            game, said = self.model.replies(self.game, shown, self.players, {})
        except IllegalAction as error:  # the computers would end the last hand a game holds with nobody winning
            return self._tell(Told.REFUSED, error=error)
        self.model.take(game, said, number=shown, shown=shown)
        return self._tell(Told.NEXT_HAND)

    # -- the computer's advice ---------------------------------------------------------------------------

    @locked
    def hint(self) -> News:
        """The computer's best action for you now, with its reason (the news's `action` and `reason`)."""
        if not self.my_turn:
            return self._tell(Told.NO_DECISION)
        best: Option = self.model.hint(self.seat)
        return self._tell(Told.HINT, action=best.action, view=self.view, said=best.said)

    @locked
    def grade(self) -> News:
        """Grade each of your decisions in the finished hand against the computer's best, now (the coach does it by
        itself after each hand: this is for a lesson's code, or a table whose coach runs only when asked)."""
        if not self.hand.is_over:
            return self._tell(Told.NOT_OVER)
        self.graded = self.model.grade(self.shown, self.seat, edited=self.edited)
        return self._tell(Told.GRADED)

    # -- files ----------------------------------------------------------------------------------------------

    @locked
    def save(self, path: str | os.PathLike[str]) -> News:
        """Save the game to this file, sealed (see seal.py); a file there that is not a saved game is never written
        over. If the key cannot be had (a folder that cannot be written), the game is saved without a seal."""
        path = _typed("path", path)
        if not path:
            return self._tell(Told.NO_PATH)
        try:
            keep_what_is_not_a_game(path)
            try:
                seal, unsealed = sealer(self.trust), None
            except (OSError, ValueError) as error:
                seal, unsealed = None, error
            save_game(self.game, path, seal=seal)
        except (OSError, ValueError) as error:  # whatever the path or the disk does, the game stays
            return self._tell(Told.NOT_SAVED, error=error, path=path)
        return self._tell(Told.SAVED, path=path, unsealed=unsealed)

    @locked
    def load(self, path: str | os.PathLike[str]) -> News:
        """Load a saved game; if the file cannot be read, the game in progress stays."""
        path = _typed("path", path)
        if not path:
            return self._tell(Told.NO_PATH)
        try:
            game, record = load_saved(path)
            self._sit(game, self.level, trust_of(record))
        except (OSError, ValueError) as error:  # the file, or a computer player, refused: nothing changed
            return self._tell(Told.NOT_LOADED, error=error, path=path)
        return self._tell(Told.LOADED, path=path)


def _typed(name: str, value: object) -> str:
    """A file name as typed, without the spaces around it (empty if none was typed)."""
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str):
        raise checks.refused(name, value, "a file name, such as 'my_game.json'")
    return value.strip()
