"""What one seat may see of a hand: its own cards and everything played or said in public."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import Card, Suit
from .hand import Phase
from .rules import RuleSet
from .tricks import Trick


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

    def partner_of(self, seat: int) -> int | None:
        """The seat on the same side this hand: the opposite seat, or the other cutthroat defender."""
        if self.players == 4:
            return self.rules.partner(seat)
        if self.maker is None or seat == self.maker:
            return None
        return next(s for s in range(3) if s not in (seat, self.maker))


def _public(action: Action, actor: int, seat: int) -> str:
    """An action as the table saw it: a discard face down, a keep without its cards."""
    if action.kind == "pickup" and actor != seat:
        return "pickup"
    if action.kind == "keep" and actor != seat:
        return "keep"
    return str(action)


def view_of(state, seat: int) -> View:
    """The view of `state` from `seat`; nothing hidden from that seat is copied into it."""
    if type(seat) is not int or not 0 <= seat < state.players:
        raise ValueError(f"seat {seat!r} is not a seat: use 0 to {state.players - 1}.")
    said = tuple((actor, _public(action, actor, seat))
                 for action, actor in zip(state.history, state.actors) if action.kind != "play")
    is_maker = seat == state.maker and state.rules.has_dummy and not state.lone_maker
    took_dummy = is_maker and state.phase in (Phase.DUMMY, Phase.PLAY, Phase.DONE)
    return View(
        seat=seat, rules=state.rules, dealer=state.dealer, phase=state.phase, to_act=state.to_act,
        hand=state.hands[seat], up_card=state.up_card, turned_down=state.turned_down,
        picked_up=state.picked_up, said=said, trump=state.trump, maker=state.maker, makers=state.makers,
        lone_maker=state.lone_maker, lone_defender=state.lone_defender, sitting_out=state.sitting_out,
        tricks=state.tricks, trick=state.trick, tricks_won=state.tricks_won,
        legal=tuple(state.legal_actions()) if seat == state.to_act else (),
        discard=state.discard if seat == state.dealer else None,
        dummy=state.deal.dummy if took_dummy else None,
        set_aside=state.set_aside if is_maker else (),
    )
