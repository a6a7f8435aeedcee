"""The order of play of one hand, written once: who acts next, what verbs they may use, and the phase after.

Small pure step functions, one for each phase, over the few facts that decide the order (the rules, the dealer,
who made trump, who goes alone): each says the Turn that follows. The engine (hand.py), the quick replay of saved
games (quick_replay.py) and the fast playouts (play/playout.py) all walk a hand through these same functions;
each keeps the cards its own way, but none decides on its own who acts next or which phase comes. (The two fast
ones play the tricks in a loop of their own, for speed: who plays to a trick, in order, is the Seating's, and so
is who leads the next trick, as after_trick says; the playouts tabulate the bidding's turns once per rule set.
The double-dummy solver, play/solver.py, takes its seats from the Seating too, through HandState.)
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from . import checks
from .actions import Verb
from .cards import Card
from .phases import Phase
from .rules import RuleSet, side_of

TRICKS_PER_HAND = 5

# Which verbs each phase accepts, and the rule that governs whose turn it is.
PHASE_VERBS: dict[Phase, tuple[Verb, ...]] = {
    Phase.ROUND_ONE: (Verb.PASS, Verb.ORDER),
    Phase.JOKER_CALL: (Verb.CALL,),
    Phase.PICKUP: (Verb.PICKUP, Verb.DECLINE),
    Phase.ROUND_TWO: (Verb.PASS, Verb.CALL),
    Phase.GOING_ALONE: (Verb.ALONE, Verb.STAY),
    Phase.DUMMY: (Verb.KEEP,),
    Phase.EXCHANGE: (Verb.GIVE, Verb.DISCARD),
    Phase.PLAY: (Verb.PLAY,),
    Phase.DONE: (),
}
PHASE_RULES: dict[Phase, str] = {
    Phase.ROUND_ONE: "C6",
    Phase.JOKER_CALL: "C3",
    Phase.PICKUP: "C7",
    Phase.ROUND_TWO: "C8",
    Phase.GOING_ALONE: "C10",
    Phase.DUMMY: "T5",
    Phase.EXCHANGE: "R3",
    Phase.PLAY: "C13",
    Phase.DONE: "C13",
}


class Turn(NamedTuple):
    """A phase and the seat to act in it (None once the hand is over)."""

    phase: Phase
    seat: int | None


OVER = Turn(Phase.DONE, None)


class Lineup(NamedTuple):
    """Who plays for whom once trump is made: the maker, the seat alone for the makers, the lone defender."""

    maker: int
    lone_maker: int | None = None  # the maker, or the maker's partner instead (C10, F3)
    lone_defender: int | None = None


class Seating(NamedTuple):
    """Who plays the tricks, for one dealer and lineup: worked out once, read at every card."""

    sitting_out: tuple[int, ...]  # partners of lone players, who lay their cards face down (T6, F3)
    active: tuple[int, ...]  # the seats in play, in seat order
    next_seat: tuple[int, ...]  # [seat]: the next seat in play clockwise, sitting-out seats skipped (C11)
    leader: int  # who leads the first trick (C11)
    dummy: bool  # the cutthroat maker takes the dummy before the play (T5)
    exchanges: tuple[tuple[int, int], ...]  # (giver, lone player) of each call for best, in order (R3)
    leads_next: tuple[int, ...]  # [winner of a trick]: who leads the next trick, as after_trick says (C13)
    trick_order: tuple[tuple[int, ...], ...]  # [leader]: the seats in play in the order they play to its trick (C11)


# -- the questions the order asks --------------------------------------------------------------------------


def bidders(rules: RuleSet, dealer: int) -> tuple[int, ...]:
    """Who bids, in order, in each round, and who is dealt to, in order: every seat once, clockwise from
    the dealer's left, the dealer last (C5, C6, C8)."""
    return _clockwise_after(rules.players, dealer)


@cache
def _clockwise_after(players: int, seat: int) -> tuple[int, ...]:
    """Every seat once, clockwise from `seat`'s left, `seat` last: worked out once, for every bid asks it."""
    return tuple((seat + i) % players for i in range(1, players + 1))


def dealer_names_trump_at_once(up_card: Card) -> bool:
    """A joker turned up: the dealer names trump, with no bidding (C3)."""
    return up_card.is_joker


def defenders_of(rules: RuleSet, maker: int) -> tuple[int, ...]:
    """The seats against the makers, clockwise from the maker (T4, F2)."""
    clockwise = [(maker + i) % rules.players for i in range(1, rules.players)]
    return tuple(seat for seat in clockwise if seat != rules.partner(maker))


def makers_of(rules: RuleSet, maker: int) -> tuple[int, ...]:
    """The maker and, in the four-hand game, the maker's partner (T4, F2)."""
    partner = rules.partner(maker)
    return (maker,) if partner is None else (maker, partner)


def going_alone_order(rules: RuleSet, maker: int) -> tuple[int, ...]:
    """Who may be asked whether to go alone, in order: the maker; in the four-hand game the maker's partner,
    unless the table keeps to the club rule; then, where defenders may go alone, each defender clockwise from
    the maker (C10). Nobody, where two play one against one (W4)."""
    if not rules.may_go_alone:
        return ()
    partner = rules.partner(maker)
    makers = (maker,) if partner is None or not rules.partner_may_go_alone else (maker, partner)
    return makers + (defenders_of(rules, maker) if rules.allow_lone_defender else ())


def asked_to_go_alone(rules: RuleSet, maker: int, said: tuple[tuple[int, bool], ...]) -> int | None:
    """Who is asked next whether to go alone, after the answers `said` as (seat, alone); None when done.

    Each seat of going_alone_order in turn, but never a seat whose side already has a lone player: at most
    one of each side goes alone (C10).
    """
    answered = {seat for seat, _ in said}
    alone_sides = {side_of(rules, seat, maker) for seat, alone in said if alone}
    waiting = (
        seat
        for seat in going_alone_order(rules, maker)
        if seat not in answered and side_of(rules, seat, maker) not in alone_sides
    )
    return next(waiting, None)


def lineup_of(rules: RuleSet, maker: int, said: tuple[tuple[int, bool], ...]) -> Lineup:
    """Who goes alone after the answers `said` as (seat, alone): a maker's seat or a defender's (C10)."""
    makers = makers_of(rules, maker)
    alone = [seat for seat, lone in said if lone]
    return Lineup(
        maker, next((s for s in alone if s in makers), None), next((s for s in alone if s not in makers), None)
    )


@cache
def seating(rules: RuleSet, dealer: int, lineup: Lineup) -> Seating:
    """Who sits out, who plays after whom, who leads, and what comes before the play, for one lineup."""
    maker, lone_maker, lone_defender = lineup
    out: list[int] = []
    if lone_maker is not None and rules.partner(maker) is not None:
        out += [seat for seat in makers_of(rules, maker) if seat != lone_maker]
    if lone_defender is not None:
        out += [seat for seat in defenders_of(rules, maker) if seat != lone_defender]

    def after(seat: int) -> int:
        seat = (seat + 1) % rules.players
        while seat in out:
            seat = (seat + 1) % rules.players
        return seat

    def trick_order(leader: int) -> tuple[int, ...]:
        if leader in out:
            return ()
        seats = [leader]
        while (seat := after(seats[-1])) != leader:
            seats.append(seat)
        return tuple(seats)

    lone = [seat for seat in (lone_maker, lone_defender) if seat is not None]
    if rules.opening_lead == "dealer_left" or not lone:
        leader = after(dealer)
    else:
        leader = lone[1] if len(lone) == 2 else after(lone[0])  # two lone players: the lone defender leads
    exchanges = (
        ()
        if not rules.call_for_best
        else tuple((partner, seat) for seat in lone for partner in side_of(rules, seat, maker) if partner != seat)
    )
    return Seating(
        tuple(sorted(out)),
        tuple(s for s in range(rules.players) if s not in out),
        tuple(map(after, range(rules.players))),
        leader,
        rules.has_dummy and lone_maker is None,
        exchanges,
        tuple(
            checks.known(after_trick(winner, 1).seat, "a trick follows the first") for winner in range(rules.players)
        ),
        tuple(map(trick_order, range(rules.players))),
    )


# -- one step for each phase: the turn that follows --------------------------------------------------------


def first_turn(rules: RuleSet, dealer: int, up_card: Card) -> Turn:
    """The hand just dealt: the dealer names trump for a turned-up joker (C3), else round one (C6)."""
    if dealer_names_trump_at_once(up_card):
        return Turn(Phase.JOKER_CALL, dealer)
    return Turn(Phase.ROUND_ONE, bidders(rules, dealer)[0])


def after_round_one(rules: RuleSet, dealer: int, seat: int, ordered: bool) -> Turn:
    """An order sends the dealer to the pick-up (C7); after the dealer's pass, round two (C8)."""
    if ordered:
        return Turn(Phase.PICKUP, dealer)
    later = _next_bidder(rules, dealer, seat)
    return Turn(Phase.ROUND_ONE, later) if later is not None else Turn(Phase.ROUND_TWO, bidders(rules, dealer)[0])


def after_joker_call(rules: RuleSet, dealer: int) -> Turn:
    """The dealer named trump and takes the joker up (C3, C7)."""
    return Turn(Phase.PICKUP, dealer)


def after_pickup(rules: RuleSet, dealer: int, maker: int) -> Turn:
    """Trump is fixed: the announcements (C10)."""
    return after_trump(rules, dealer, maker)


def after_round_two(rules: RuleSet, dealer: int, seat: int, called: bool) -> Turn:
    """A suit named makes trump (C8); after the dealer's pass the hand is thrown in (C9)."""
    if called:
        return after_trump(rules, dealer, seat)
    later = _next_bidder(rules, dealer, seat)
    return Turn(Phase.ROUND_TWO, later) if later is not None else OVER


def after_trump(rules: RuleSet, dealer: int, maker: int) -> Turn:
    """Trump is fixed (and any pick-up done): ask who goes alone (C10), where anyone may (W4)."""
    return after_answer(rules, dealer, maker, ())


@cache  # asked at every announcement of every hand a saved game replays: a pure function of a few small values
def after_answer(rules: RuleSet, dealer: int, maker: int, said: tuple[tuple[int, bool], ...]) -> Turn:
    """The next seat asked whether to go alone (C10); once all have answered, what comes before the play."""
    asked = asked_to_go_alone(rules, maker, said)
    if asked is not None:
        return Turn(Phase.GOING_ALONE, asked)
    return after_announcements(seating(rules, dealer, lineup_of(rules, maker, said)), maker)


def after_announcements(seated: Seating, maker: int) -> Turn:
    """The cutthroat maker takes the dummy (T5), unless alone; then the calls for best and the play."""
    return Turn(Phase.DUMMY, maker) if seated.dummy else after_keep(seated)


def after_keep(seated: Seating) -> Turn:
    """Each lone player calls for the partner's best card, where the table plays so (R3); then the play (C11)."""
    return Turn(Phase.EXCHANGE, seated.exchanges[0][0]) if seated.exchanges else Turn(Phase.PLAY, seated.leader)


def after_exchange(seated: Seating, done: int, gave: bool) -> Turn:
    """In the call for best number `done`: the giver gave, so the lone player lays a card down; or that was laid
    down, so the next call for best, or the play (R3)."""
    if gave:
        return Turn(Phase.EXCHANGE, seated.exchanges[done][1])
    if done + 1 < len(seated.exchanges):
        return Turn(Phase.EXCHANGE, seated.exchanges[done + 1][0])
    return Turn(Phase.PLAY, seated.leader)


def after_card(seated: Seating, seat: int, cards_in_trick: int) -> Turn | None:
    """The next seat in play plays to the trick (C11); None once every seat in play has played to it."""
    if cards_in_trick < len(seated.active):
        return Turn(Phase.PLAY, seated.next_seat[seat])
    return None


def after_trick(winner: int, tricks: int) -> Turn:
    """The winner of a trick leads the next (C13); the fifth trick ends the hand."""
    return OVER if tricks == TRICKS_PER_HAND else Turn(Phase.PLAY, winner)


def _next_bidder(rules: RuleSet, dealer: int, seat: int) -> int | None:
    """The seat that bids after `seat`, or None after the dealer (C6, C8)."""
    order = bidders(rules, dealer)
    later = order.index(seat) + 1
    return order[later] if later < len(order) else None
