"""What one seat's browser is sent: a plain, JSON-ready dict of only what that seat may see.

Everything here is read from the engine's view of that seat (GameState.view, engine/view.py), never from the whole
state: the seat's own hand, the cards played, what was said as that seat heard it, the dummy and the five laid
aside for the maker alone, a card passed in a call for best for the two players concerned. A face-down card is
sent as a count, never as a card. The words are the engine's narration, told to that seat.

Each payload is declared below as a TypedDict, the one shape the pages read (classroom/web/pages.py): a key
renamed here and not there fails in mypy, not in a browser.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, TypedDict

from ..engine.actions import Verb
from ..engine.cards import Card
from ..engine.errors import NotationError, excerpt
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.narration import (
    choice_words,
    reason_words,
    reasons_heard,
    result_words,
    seat_words,
    story,
    up_card_words,
)
from ..engine.said import Reason
from ..engine.tricks import Trick
from ..engine.view import View
from ..look.prompts import in_names
from ..play.coach import WELL, accuracy_words, decision_words, hands_reviewed, nothing_decided, this_hand, worst_words
from ..play.coach import Review as HandReview

# -- the shapes sent ------------------------------------------------------------------------------------------------


class SeatSeen(TypedDict):
    """Who holds a seat, as every seat may see it."""

    name: str | None  # the student's first name; None for a computer player
    computer: bool  # a computer plays the seat now
    away: bool  # its student's browser went away


class PlayerSeen(SeatSeen):
    """A seat as one seat sees it: who, how many cards (not which), its roles this hand."""

    seat: int
    called: str  # 'you', 'seat 2', 'your partner (seat 3)'
    cards: int
    roles: list[str]


class PlayedCard(TypedDict):
    seat: int
    card: str


class TrickSeen(TypedDict):
    """A trick as every seat sees it."""

    number: int
    leader: int
    winner: int | None
    cards: list[PlayedCard]


class Said(TypedDict):
    """A choice offered as a button of words (a bid)."""

    action: str
    words: str


class Choices(TypedDict):
    """A seat's choices as its page offers them."""

    by_card: dict[str, str]  # a card's name -> the action clicking it takes
    said: list[Said]
    keep_from: list[str]  # the cards to keep from (the dummy, T5)
    keep: int  # how many to keep; 0 when no keep is asked


class HandSeen(TypedDict):
    """The hand in play as one seat may see it."""

    phase: str
    dealer: int
    to_act: int | None
    your_turn: bool
    hand: list[str]
    legal: list[str]
    up_card: str
    up_card_is: str
    trump: str | None
    maker: int | None
    tricks: list[TrickSeen | None]
    trick: TrickSeen | None
    tricks_won: list[int]
    your_discard: str | None
    dummy: list[str] | None
    laid_aside: list[str]
    exchanged: list[str]
    dummy_size: int
    laid_aside_size: int
    story: list[str]
    choices: Choices


class ReasonSeen(TypedDict):
    """A computer player's reason, as this seat may hear it."""

    seat: int
    who: str
    words: str


class Review(TypedDict):
    """The last finished hand, as one seat may review it."""

    number: int
    story: list[str]
    result: str
    reasons: list[ReasonSeen]
    grades: list[str] | None


class ChoiceSeen(TypedDict):
    """One choice offered again at the costliest decision: the key a click sends back, and its words."""

    key: str
    words: str


class WorstSeen(TypedDict):
    """The costliest decision of a hand, as its own seat's coach shows it, with the rule and lesson behind it."""

    words: str
    band: str
    rule: str
    lesson: int
    notebook: str
    choices: list[ChoiceSeen]  # what Try again from here offers (empty where the choices are too many to list)


class CoachSeen(TypedDict):
    """The coach after a hand, for its own seat alone: each decision banded, the accuracy, the costliest decision,
    and how a second try went."""

    number: int
    lines: list[str]
    bands: list[str]
    summary: str
    worst: WorstSeen | None
    retry: str | None


class Undo(TypedDict):
    """The undo asked at the table: the moment it goes back to, and who asked (public)."""

    moment: int | None
    you_asked: bool
    asked: list[str]
    waiting_for: list[str]


class Own(TypedDict):
    """What is one seat's alone: the hint it asked for, its grades, and the undo asked at its table."""

    hint: str | None
    grades: Sequence[str] | None
    undo: Undo


class OpenHand(TypedDict):
    seat: int
    cards: list[str]


class SeatView(TypedDict):
    """Everything one seat may see of its table."""

    seat: int
    game: str
    game_name: str
    hand_number: int
    paused: bool
    players: list[PlayerSeen]
    scores: list[int]
    sides: list[list[int]]
    game_over: bool
    winners: list[int]
    hand_in_play: HandSeen
    last_hand: Review | None
    hint: str | None
    undo: Undo
    open_hands: list[OpenHand] | None
    coach: CoachSeen | None
    coaching: str  # the coach at work on this seat's last finished hand, in words ('' when its review is there)


class SeatedView(SeatView):
    """A student's page at a table: the seat's view, with the student's name and table."""

    name: str
    table: int
    waiting: Literal[False]


class TableOffered(TypedDict):
    """A table a waiting student may choose."""

    table: int
    game: str
    free_seats: int


class WaitingView(TypedDict):
    """A student's page before a seat: the tables to choose from."""

    name: str
    table: None
    waiting: Literal[True]
    tables: list[TableOffered]


StudentView = SeatedView | WaitingView  # `waiting` tells them apart


# -- making them -----------------------------------------------------------------------------------------------------


def card_names(cards: Iterable[Card]) -> list[str]:
    """Cards as the table names them: '9♠', 'Joker'."""
    return [str(card) for card in cards]


def named(card: Card | None) -> str | None:
    """A card's name, or None for no card."""
    return None if card is None else str(card)


def trick_seen(trick: Trick | None, number: int) -> TrickSeen | None:
    """A trick as every seat sees it: who led, each card with its seat, who won."""
    if trick is None:
        return None
    return TrickSeen(
        number=number,
        leader=trick.leader,
        winner=trick.winner,
        cards=[PlayedCard(seat=seat, card=str(card)) for card, seat in zip(trick.cards, trick.seats)],
    )


def players_seen(view: View, seats: tuple[SeatSeen, ...], names: Sequence[str] | None = None) -> list[PlayerSeen]:
    """Each seat as this seat sees it: who sits there, how many cards it holds (not which), its roles this hand."""
    return [
        PlayerSeen(
            seat=seat,
            called=in_names(seat_words(seat, view), names),
            name=seats[seat]["name"],
            computer=seats[seat]["computer"],
            away=seats[seat]["away"],
            cards=view.hand_sizes[seat] if view.hand_sizes else 0,
            roles=view.roles(seat),
        )
        for seat in range(view.players)
    ]


def choices_seen(view: View) -> Choices:
    """This seat's choices as its page offers them: a card to click for each action of one card (a play, the
    dealer's discard), a button of words for each other one (a bid), and the cards to keep from (the dummy, T5)."""
    by_card: dict[str, str] = {}
    said: list[Said] = []
    keep_from: list[str] = []
    keep = 0
    for action in view.legal:
        if action.kind.carries == "card":
            by_card[str(action.card)] = str(action)
        elif action.kind is Verb.KEEP:
            keep = len(action.cards)
            keep_from += [str(card) for card in action.cards if str(card) not in keep_from]
        else:
            said.append(Said(action=str(action), words=choice_words(action, view)))
    return Choices(by_card=by_card, said=said, keep_from=keep_from, keep=keep)


def hand_seen(view: View, names: Sequence[str] | None = None) -> HandSeen:
    """The hand in play as this seat may see it (its story in `names`, if given)."""
    return HandSeen(
        phase=str(view.phase),
        dealer=view.dealer,
        to_act=view.to_act,
        your_turn=bool(view.legal),
        hand=card_names(view.hand),
        legal=[str(action) for action in view.legal],
        up_card=str(view.up_card),
        up_card_is=up_card_words(view),
        trump=None if view.trump is None else str(view.trump),
        maker=view.maker,
        tricks=[trick_seen(trick, number) for number, trick in enumerate(view.tricks, 1)],
        trick=trick_seen(view.trick, len(view.tricks) + 1) if view.trick and view.trick.cards else None,
        tricks_won=list(view.tricks_won),
        your_discard=named(view.discard),  # the dealer's own discard (C7)
        dummy=None if view.dummy is None else card_names(view.dummy),  # the maker who took it (T5)
        laid_aside=card_names(view.set_aside),  # the maker's own five laid aside (T5)
        exchanged=card_names(view.exchanged),  # a call for best this seat took part in (R3)
        dummy_size=view.dummy_size,
        laid_aside_size=view.laid_aside,
        story=[in_names(words, names) for _, words in story(view)],
        choices=choices_seen(view),
    )


def finished_hand(game: GameState) -> tuple[int, HandState] | None:
    """The last hand that is over, with its number from 1: shown for the end-of-hand review."""
    if game.hand.is_over:
        return len(game.hands), game.hand
    if len(game.hands) > 1:
        return len(game.hands) - 1, game.hands[-2]
    return None


def said_in(reasons: Sequence[Mapping[int, Reason]], number: int) -> Mapping[int, Reason]:
    """What the computer players said in hand `number` (from 0): by place in its history."""
    return reasons[number] if 0 <= number < len(reasons) else {}


def review_seen(
    game: GameState,
    seat: int,
    reasons: Sequence[Mapping[int, Reason]],
    grades: Sequence[str] | None = None,
    names: Sequence[str] | None = None,
) -> Review | None:
    """The last finished hand as this seat may review it: its story as this seat saw it, its result, the computer
    players' reasons as this seat may hear them (a card this seat never saw is [hidden] in them), and this seat's
    own grades if it asked for them."""
    last = finished_hand(game)
    if last is None:
        return None
    number, hand = last
    view = hand.view(seat)
    heard = reasons_heard(hand, seat, dict(said_in(reasons, number - 1)))
    return Review(
        number=number,
        story=[in_names(words, names) for _, words in story(view)],
        result=in_names(result_words(hand, view), names),
        reasons=[
            ReasonSeen(
                seat=hand.actors[i],
                who=in_names(seat_words(hand.actors[i], view), names),
                words=in_names(reason_words(words, view), names),
            )
            for i, words in sorted(heard.items())
        ],
        grades=None if grades is None else list(grades),
    )


# a seat that asked for nothing, at a table where nobody asked to undo
NOTHING_OWN = Own(hint=None, grades=None, undo=Undo(moment=None, you_asked=False, asked=[], waiting_for=[]))


def every_hand(game: GameState) -> list[OpenHand]:
    """Every player's hand, each as its own seat sees it: what a demonstration shows the whole table."""
    return [OpenHand(seat=seat, cards=card_names(game.view(seat).hand)) for seat in range(game.rules.players)]


def _check_arguments(
    game: object, seat: object, seats: object, reasons: object, own: object, names: object, review: object
) -> None:
    """A ValueError in words for an argument of seat_view of the wrong kind (never a TypeError from deep inside)."""
    if not isinstance(game, GameState):
        raise NotationError("game", f"game must be a GameState, such as new_game(CUTTHROAT), not {excerpt(game)}.")
    players = game.rules.players
    if type(seat) is not int or not 0 <= seat < players:
        raise NotationError("seat", f"seat must be a seat of the game, 0 to {players - 1}, not {excerpt(seat)}.")
    if (
        not isinstance(seats, (tuple, list))
        or len(seats) != players
        or not all(isinstance(one, Mapping) and set(SeatSeen.__annotations__) <= set(one) for one in seats)
    ):
        raise NotationError(
            "seats",
            f"seats must say who holds each of the {players} seats (name, computer, away), not {excerpt(seats)}.",
        )
    if not isinstance(reasons, Sequence) or not all(isinstance(said, Mapping) for said in reasons):
        raise NotationError("reasons", f"reasons must be, per hand, what the computers said, not {excerpt(reasons)}.")
    if not isinstance(own, Mapping) or not set(Own.__annotations__) <= set(own):
        raise NotationError("own", f"own must be the seat's own hint, grades and undo, not {excerpt(own)}.")
    if names is not None and (
        isinstance(names, str) or not isinstance(names, Sequence) or not all(isinstance(n, str) for n in names)
    ):
        raise NotationError("names", f"names must be each seat's name, as text, or None; not {excerpt(names)}.")
    if review is not None and not isinstance(review, Mapping):
        raise NotationError("review", f"review must be the last hand's review, or None; not {excerpt(review)}.")


def seat_view(
    game: GameState,
    seat: int,
    seats: tuple[SeatSeen, ...],
    reasons: Sequence[Mapping[int, Reason]],
    paused: bool = False,
    own: Own = NOTHING_OWN,
    hands_open: bool = False,
    names: Sequence[str] | None = None,
    review: Review | None = None,
    reviewed: bool = False,
    coach: CoachSeen | None = None,
    coaching: str = "",
) -> SeatView:
    """Everything `seat` may see of the table, as plain data: `seats` says who sits where (public), `reasons` what
    the computer players said, by hand and place in its history (heard only once the hand is over), `own` what is
    this seat's alone: the hint it asked for, its grades, and the undo asked at the table (who asked is public);
    while the teacher shows every hand for a demonstration (`hands_open`), every player's hand. With `names` (each
    seat as this seat names it), the words call each seat by its name, never by its number alone. With `reviewed`,
    the last hand's review is `review`, made by the caller (a table keeps one per finished hand: its story does not
    change while the next hand is played)."""
    _check_arguments(game, seat, seats, reasons, own, names, review)
    view = game.view(seat)
    return SeatView(
        seat=seat,
        game=game.rules.game,
        game_name=game.rules.facts.name,
        hand_number=len(game.hands),
        paused=paused,
        players=players_seen(view, seats, names),
        scores=list(view.scores),
        sides=[list(side) for side in game.sides],
        game_over=game.is_over,
        winners=list(game.winners),
        hand_in_play=hand_seen(view, names),
        last_hand=review if reviewed else review_seen(game, seat, reasons, own["grades"], names),
        hint=own["hint"],
        undo=own["undo"],
        open_hands=every_hand(game) if hands_open else None,
        coach=coach,
        coaching=coaching,
    )


MOST_CHOICES = 8  # Try again from here lists the choices at most this many (a dummy's keeps are 252: not listed)


def coach_seen(
    review: HandReview,
    reviews: Sequence[HandReview],
    names: Sequence[str] | None = None,
    retry: str | None = None,
) -> CoachSeen:
    """The coach's review of one seat's hand, for that seat's page alone, in its names: each decision banded, the
    hand's accuracy and the game's, the costliest decision with its rule, lesson and choices, and a second try."""
    seat = review.seat
    summary = accuracy_words(review.well, len(review.counted), review.accuracy, this_hand())
    if not review.decisions:
        summary = nothing_decided()
    counted = [d for r in reviews for d in r.counted]
    if len(reviews) > 1 and counted and review.decisions:
        average = sum(d.accuracy for d in counted) / len(counted)
        well = sum(d.band in WELL for d in counted)
        summary += " " + accuracy_words(well, len(counted), average, hands_reviewed(len(reviews)))
    worst, seen = review.worst, None
    if worst is not None:
        view = worst.state.view(seat)
        legal = view.legal if len(view.legal) <= MOST_CHOICES else ()
        number, notebook = worst.lesson
        seen = WorstSeen(
            words=in_names(worst_words(worst, view), names),
            band=worst.band,
            rule=worst.rule,
            lesson=number,
            notebook=notebook,
            choices=[ChoiceSeen(key=str(a), words=in_names(choice_words(a, view), names)) for a in legal],
        )
    return CoachSeen(
        number=review.number,
        lines=[in_names(decision_words(d, seat), names) for d in review.decisions],
        bands=[d.band for d in review.decisions],
        summary=summary,
        worst=seen,
        retry=retry,
    )
