"""What one seat may see of a hand: its own cards and everything played or said in public."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from . import checks
from .actions import Action, Verb
from .cards import Card, Suit, deck
from .errors import NotationError
from .phases import Phase
from .rules import RuleSet, side_of
from .tricks import Trick

if TYPE_CHECKING:
    from .hand import HandState

    # What the public facts below are read from: one seat's View, or the HandState with the hands open.
    Table: TypeAlias = "View | HandState"


@dataclass(frozen=True, slots=True)
class View:
    """One seat's knowledge of a hand; a player decides from this alone."""

    seat: int
    rules: RuleSet
    dealer: int
    phase: Phase
    to_act: int | None
    hand: tuple[Card, ...]
    up_card: Card
    turned_down: Suit | None
    picked_up: bool | None
    said: tuple[tuple[int, str], ...]  # public words in order: bids, pick-up, alone/stay, keep
    trump: Suit | None
    maker: int | None
    makers: tuple[int, ...]
    lone_maker: bool
    lone_defender: int | None
    sitting_out: tuple[int, ...]
    tricks: tuple[Trick, ...]
    trick: Trick | None
    tricks_won: tuple[int, ...]
    legal: tuple[Action, ...]  # empty unless this seat is to act
    discard: Card | None = None  # the dealer's own discard, seen by the dealer only (C7)
    dummy: tuple[Card, ...] | None = None  # the dummy's five, seen by the maker who takes it (T5)
    set_aside: tuple[Card, ...] = ()  # the five the maker laid aside (T5)
    hand_sizes: tuple[int, ...] = ()  # how many cards each seat holds: public, unlike which cards
    dummy_size: int = 0  # how many cards lie in the dummy on the open side, face down until taken (T2, T5)
    laid_aside: int = 0  # how many cards the maker laid aside face down (T5): public, unlike which
    lone_partner: bool = False  # the lone maker is the maker's partner, and the maker sits out (C10)
    exchanged: tuple[Card, ...] = ()  # the cards of a call for best this seat gave, received or laid down (R3)
    scores: tuple[int, ...] = ()  # the game's scores before this hand, by side (GameState.view); () for a hand alone
    contenders: tuple[int, ...] = ()  # the sides still able to win after a tie at the top (T8); () for all

    def __repr__(self) -> str:
        cards = " ".join(map(str, self.hand))
        return f"<View of seat {self.seat}: {self.phase}, holding {cards}, {len(self.legal)} legal actions>"

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far, in order."""
        done = tuple(card for trick in self.tricks for card in trick.cards)
        return done + (self.trick.cards if self.trick else ())

    @property
    def seen(self) -> frozenset[Card]:
        """Every card this seat has seen: its hand, the up-card, the cards played, its own discard, the dummy it
        took, the five it laid aside, and the cards of a call for best it took part in."""
        own = (self.discard,) if self.discard is not None else ()
        return frozenset(
            (*self.hand, self.up_card, *self.played, *own, *(self.dummy or ()), *self.set_aside, *self.exchanged)
        )

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards of the deck this seat has not seen, in deck order."""
        seen = self.seen
        return tuple(card for card in deck(self.rules.deck) if card not in seen)

    @property
    def side(self) -> tuple[int, ...]:
        """The seats on this seat's side this hand, this seat included (see rules.side_of)."""
        return side_of(self.rules, self.seat, self.maker)

    def partner_of(self, seat: int) -> int | None:
        """The seat on the same side this hand: the opposite seat, or the other cutthroat defender."""
        return partner_this_hand(self, checks.seat("seat", seat, self.players))

    @property
    def trick_on_table(self) -> tuple[Trick | None, int]:
        """The trick in the middle of the table and its number (see trick_on_table)."""
        return trick_on_table(self)

    @property
    def lone_maker_seat(self) -> int | None:
        """The seat that goes alone for the makers, if one does (see lone_maker_seat)."""
        return lone_maker_seat(self)

    def roles(self, seat: int) -> list[str]:
        """What `seat` is this hand, in words (see seat_roles)."""
        return seat_roles(self, seat)


# -- public facts, the same read from a HandState (the hands open) or from a View (one seat) ---------------


def lone_maker_seat(table: Table) -> int | None:
    """Who goes alone for the makers, from a HandState or a View: the maker, the maker's partner, or nobody (C10)."""
    if not table.lone_maker or table.maker is None:  # a lone maker is a maker
        return None
    return table.rules.partner(table.maker) if table.lone_partner else table.maker


def acting_seat(table: Table) -> int:
    """The seat to act, from a HandState or a View; a hand that is over has none, and asking for it is a mistake."""
    if table.to_act is None:
        raise ValueError("the hand is over: no seat is to act")
    return table.to_act


def seat_roles(table: Table, seat: int) -> list[str]:
    """What a seat is this hand (in a HandState or View): dealer, maker (alone), lone defender, sitting out, to act."""
    out = ["dealer"] if seat == table.dealer else []
    if seat == table.maker:
        out.append("maker, alone" if lone_maker_seat(table) == seat else "maker")
    elif seat == lone_maker_seat(table):
        out.append("maker's partner, alone")
    if seat == table.lone_defender:
        out.append("defends alone")
    if seat in table.sitting_out:
        out.append("sits out")
    if seat == table.to_act:
        out.append("to act")
    return out


def trick_on_table(table: Table) -> tuple[Trick | None, int]:
    """The trick to show in the middle, with its number: the one in progress, or the last one taken until the
    next card is led (at the first lead, the empty first trick); None before the play."""
    if table.trick is not None and table.trick.cards:
        return table.trick, len(table.tricks) + 1
    if table.tricks:
        return table.tricks[-1], len(table.tricks)
    return table.trick, len(table.tricks) + 1


def cards_known(table: Table) -> frozenset[Card]:
    """The cards `table` may show face up: what a View's seat has seen, or every card of the deal with the hands
    open (a HandState)."""
    if isinstance(table, View):
        return table.seen
    deal = table.deal
    return frozenset((*(card for hand in deal.hands for card in hand), *(deal.dummy or ()), *deal.kitty))


def public_token(action: Action, actor: int, seat: int | None, receiver: int | None = None) -> str:
    """An action as `seat` hears it: a face-down verb (a discard, a keep, a card given) without its cards unless
    `seat` made it or, for a card given, receives it (R3).

    A seat of None hears everything (the hands open).
    """
    if action.kind.face_down and seat is not None and seat not in (actor, receiver):
        return str(action.kind)
    return str(action)


def partner_this_hand(table: Table, seat: int) -> int | None:
    """The seat on `seat`'s side this hand, from a HandState or a View: the opposite seat, or the other cutthroat
    defender; None for a seat alone on its side."""
    return next((other for other in side_of(table.rules, seat, table.maker) if other != seat), None)


def receiver_of(action: Action, actor: int, table: Table) -> int | None:
    """Who receives what `actor` hands over, from a HandState or a View: the lone partner a card is given to
    (R3); None for every other action."""
    return partner_this_hand(table, actor) if action.kind is Verb.GIVE else None


def exchange_cards_seen(state: HandState, seat: int) -> tuple[Card, ...]:
    """The cards of each call for best `seat` took part in: the card given, seen by giver and receiver, and the
    card the lone player laid down, seen by that player alone (R3)."""
    seen = []
    for number, (giver, lone) in enumerate(state.exchanges[: len(state.given)]):
        if seat in (giver, lone):
            seen.append(state.given[number])
        if seat == lone and number < len(state.laid_down):
            seen.append(state.laid_down[number])
    return tuple(seen)


def exchange_cards_unseen(state: HandState, seat: int) -> tuple[Card, ...]:
    """The cards of each call for best `seat` took no part in: known to the giver and the lone player only (R3)."""
    seen = exchange_cards_seen(state, seat)
    return tuple(card for card in (*state.given, *state.laid_down) if card not in seen)


def deciding(view: object) -> View:
    """The view given to choose(): a View of the seat to act, which has a decision to make."""
    view = checks.instance("view", view, View, "the View of the seat to act, state.view(state.to_act)")
    if not view.legal:
        raise NotationError(
            "view",
            f"view must be the view of the seat to act, seat {view.to_act}: "
            f"seat {view.seat} has no decision to make now.",
        )
    return view


def view_of(state: HandState, seat: int) -> View:
    """The view of `state` from `seat`; nothing hidden from that seat is copied into it."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise ValueError(f"seat {seat!r} is not a seat: use 0 to {state.players - 1}.")
    said = tuple(
        (actor, public_token(action, actor, seat, receiver_of(action, actor, state)))
        for action, actor in zip(state.history, state.actors)
        if action.kind is not Verb.PLAY
    )
    is_maker = seat == state.maker and state.rules.has_dummy and not state.lone_maker
    took_dummy = is_maker and state.phase in (Phase.DUMMY, Phase.EXCHANGE, Phase.PLAY, Phase.DONE)
    return View(
        seat=seat,
        rules=state.rules,
        dealer=state.dealer,
        phase=state.phase,
        to_act=state.to_act,
        hand=state.hands[seat],
        up_card=state.up_card,
        turned_down=state.turned_down,
        picked_up=state.picked_up,
        said=said,
        trump=state.trump,
        maker=state.maker,
        makers=state.makers,
        lone_maker=state.lone_maker,
        lone_partner=state.lone_partner,
        lone_defender=state.lone_defender,
        sitting_out=state.sitting_out,
        tricks=state.tricks,
        trick=state.trick,
        tricks_won=state.tricks_won,
        legal=tuple(state.legal_actions()) if seat == state.to_act else (),
        discard=state.discard if seat == state.dealer else None,
        dummy=state.deal.dummy if took_dummy else None,
        set_aside=state.set_aside if is_maker else (),
        hand_sizes=tuple(map(len, state.hands)),
        dummy_size=len(state.dummy or ()),
        laid_aside=len(state.set_aside),
        exchanged=exchange_cards_seen(state, seat),
    )
