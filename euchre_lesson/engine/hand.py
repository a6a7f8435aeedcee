"""One hand of Euchre as an immutable state machine with explicit phases."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from functools import cache, lru_cache
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

from . import checks
from .actions import ALONE, DECLINE, ORDER, PASS, STAY, Action, Verb, call, discard, give, parse_action, pickup, play
from .cards import Card, Suit, deck, fixed_suit, parse_cards, sort_key
from .errors import IllegalAction, JsonRefused, NotationError, excerpt
from .files import parse_json
from .formats import read
from .language import _
from .phases import Phase
from .records import HAND_RECORD
from .rules import RuleSet, ScoreRow, rules_from
from .scoring import scoring_row

# The order of play (who acts next, the verbs of each phase, the phase after) is sequence.py's; the hand walks it.
# PHASE_RULES is named here too, for the callers that have always found it in hand.py.
from .sequence import (
    PHASE_RULES,
    PHASE_VERBS,
    TRICKS_PER_HAND,  # noqa: F401 (named here too, for the callers that find it in hand.py)
    Lineup,
    Seating,
    Turn,
    after_answer,
    after_card,
    after_exchange,
    after_joker_call,
    after_keep,
    after_pickup,
    after_round_one,
    after_round_two,
    after_trick,
    bidders,
    defenders_of,
    first_turn,
    lineup_of,
    makers_of,
    seating,
)
from .tricks import Trick, playable, why_not, winning_index
from .view import View, acting_seat, lone_maker_seat, view_of

T = TypeVar("T")  # what a pack holds: cards, or the places of cards (the fast playouts deal those)

HAND_SIZE = 5


class Deal(NamedTuple):
    """The cards as dealt: a hand per seat, the dummy (cutthroat only), the kitty."""

    hands: tuple[tuple[Card, ...], ...]
    dummy: tuple[Card, ...] | None
    kitty: tuple[Card, ...]

    @property
    def up_card(self) -> Card:
        return self.kitty[0]

    def record(self) -> dict[str, Any]:
        """The `deal` object of a hand record, in ASCII notation."""
        out: dict[str, Any] = {"hands": [[c.ascii for c in hand] for hand in self.hands]}
        if self.dummy is not None:
            out["dummy"] = [c.ascii for c in self.dummy]
        out["kitty"] = [c.ascii for c in self.kitty]
        return out


def _either(choices: Iterable[str]) -> str:
    """Choices said one or another ("pass or order"), the "or" in the language chosen (a sentence of its own: a
    language whose catalog is begun says the whole refusal in English, not an English one with its "or")."""
    words = ""
    for choice in choices:
        words = _("{one} or {other}").format(one=words, other=choice) if words else choice
    return words


@dataclass(frozen=True, slots=True)
class HandState:
    """Everything about one hand at one moment; `apply` returns the next moment."""

    rules: RuleSet
    dealer: int
    deal: Deal
    phase: Phase
    to_act: int | None
    hands: tuple[tuple[Card, ...], ...]
    history: tuple[Action, ...] = ()
    actors: tuple[int, ...] = ()  # who took each action of `history`
    trump: Suit | None = None
    maker: int | None = None
    picked_up: bool | None = None
    discard: Card | None = None
    lone_maker: bool = False  # a maker goes alone: the maker, or the maker's partner (C10, F3)
    lone_partner: bool = False  # that lone maker is the maker's partner, and the maker sits out (C10)
    lone_defender: int | None = None
    dummy: tuple[Card, ...] | None = None
    set_aside: tuple[Card, ...] = ()
    given: tuple[Card, ...] = ()  # the partners' best cards passed to lone players, exchange by exchange (R3)
    laid_down: tuple[Card, ...] = ()  # the card each lone player then laid down, out of play (R3)
    tricks: tuple[Trick, ...] = ()
    trick: Trick | None = None
    tricks_won: tuple[int, ...] = ()

    # -- seats -------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    def left_of(self, seat: int) -> int:
        return (seat + 1) % self.players

    @property
    def up_card(self) -> Card:
        return self.deal.up_card

    @property
    def makers(self) -> tuple[int, ...]:
        """The maker and, in the four-hand game, the maker's partner (T4, F2)."""
        return () if self.maker is None else makers_of(self.rules, self.maker)

    @property
    def defenders(self) -> tuple[int, ...]:
        """The seats against the makers, clockwise from the maker (T4, F2)."""
        return () if self.maker is None else defenders_of(self.rules, self.maker)

    @property
    def lone_maker_seat(self) -> int | None:
        """The seat that goes alone for the makers: the maker, or the maker's partner instead (C10, F3)."""
        return lone_maker_seat(self)

    @property
    def seating(self) -> Seating:
        """Who sits out, who plays after whom and who leads, for the lineup so far (sequence.seating)."""
        maker = self.maker  # before trump is made nobody goes alone, whoever the maker will be: every seat plays
        lineup = Lineup(0) if maker is None else Lineup(maker, lone_maker_seat(self), self.lone_defender)
        return seating(self.rules, self.dealer, lineup)

    @property
    def sitting_out(self) -> tuple[int, ...]:
        """Partners of lone players, who lay their cards face down (T6, F3)."""
        return self.seating.sitting_out

    def next_active(self, seat: int) -> int:
        """The next seat clockwise that is in play: sitting-out seats are skipped (C11)."""
        return self.seating.next_seat[checks.seat("seat", seat, self.players)]

    @property
    def active_seats(self) -> tuple[int, ...]:
        return self.seating.active

    @property
    def turned_down(self) -> Suit | None:
        """The suit of the up-card once everyone passed it in round one (C8)."""
        passes = 0
        for action in self.history:
            if action.kind is not Verb.PASS:
                break
            passes += 1
        return self.up_card.suit if passes >= self.players else None

    # -- the result --------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    @property
    def thrown_in(self) -> bool:
        """Everyone passed twice: no trump, no points, next dealer (C9)."""
        return self.is_over and self.maker is None

    @property
    def maker_tricks(self) -> int:
        return sum(self.tricks_won[s] for s in self.makers)

    @property
    def result(self) -> ScoreRow | None:
        """The row of the scoring table that this finished hand scores under."""
        if not self.is_over or self.thrown_in:
            return None
        return _scoring_row(self.rules, self.maker_tricks, self.lone_maker, self.lone_defender is not None)

    @property
    def points(self) -> tuple[int, ...] | None:
        """Points per seat for the finished hand; partners both show their side's points."""
        if not self.is_over:
            return None
        if self.maker is None:  # thrown in (C9)
            return (0,) * self.players
        return _points(self.rules, self.maker, self.tricks_won, self.lone_maker, self.lone_defender is not None)

    # -- the rules API -----------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now."""
        return _LEGAL[self.phase](self)

    def apply(self, action: Action | str, *, seat: int | None = None) -> HandState:
        """The state after `action`; raises IllegalAction or NotationError and changes nothing."""
        if seat is not None:
            checks.seat("seat", seat, self.players)
        action = parse_action(action)
        phase = self.phase
        if phase is Phase.DONE or (seat is not None and seat != self.to_act) or action.kind not in PHASE_VERBS[phase]:
            raise self._refusal(action, seat)
        after = _APPLY[phase](self, action)
        if after is self:  # no phase returns the state it was given; if one did, it must not be written into
            after = _changed(self)
        # The phase made a new state that nobody else holds yet: the action goes into its history there, rather
        # than every field being copied once more (a long saved game replays hundreds of thousands of actions).
        object.__setattr__(after, "history", self.history + (action,))
        object.__setattr__(after, "actors", self.actors + (self.to_act,))
        return after

    def _refusal(self, action: Action, seat: int | None) -> IllegalAction:
        """Why `action` by `seat` is out of turn or out of place now, with the rule of the phase."""
        rule = PHASE_RULES[self.phase]
        if self.is_over:
            return IllegalAction(
                rule, _("The hand is over, so {action} is not possible. Deal the next hand.").format(action=action)
            )
        if seat is not None and seat != self.to_act:
            return IllegalAction(
                rule,
                _("It is not seat {seat}'s turn: seat {to_act} is to act ({phase}) and may {options}.").format(
                    seat=seat, to_act=self.to_act, phase=self.phase, options=self.options()
                ),
            )
        return IllegalAction(
            rule,
            _("{action} is not possible now: this is {phase}, and seat {to_act} may {options}.").format(
                action=action, phase=self.phase, to_act=self.to_act, options=self.options()
            ),
        )

    def options(self) -> str:
        """The legal actions now, said in words (each action in the notation a program types: order, call ♠)."""
        if self.phase is Phase.DUMMY:
            return _("keep any five of {cards}").format(cards=" ".join(map(str, self._ten())))
        if self.phase is Phase.PLAY:
            return _("play {cards}").format(cards=_either(str(a.card) for a in self.legal_actions()))
        return _either(map(str, self.legal_actions()))

    def view(self, seat: int) -> View:
        """What `seat` may see now: its own cards and everything public (for players)."""
        return view_of(self, checks.seat("seat", seat, self.players))

    def states(self) -> tuple[HandState, ...]:
        """Every state of this hand from the deal to this one, replayed by the engine: states()[i] comes before
        history[i]. A state set up without a history (a sampled world) is its own whole history."""
        if not self.history:
            return (self,)
        out = [deal_hand(self.rules, self.dealer, deal=self.deal)]
        for action in self.history:
            out.append(out[-1].apply(action))
        return tuple(out)

    # -- records -----------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The hand record of RULES.md (Notation), enough to replay this state."""
        return hand_record(self.rules, self.dealer, self.deal, [a.ascii for a in self.history])

    def to_json(self) -> str:
        return json.dumps(self.record(), ensure_ascii=False)

    # -- helpers for the phases ----------------------------------------------

    def _with_hand(self, seat: int, cards: Iterable[Card]) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(cards) if s == seat else hand for s, hand in enumerate(self.hands))

    def _ten(self) -> tuple[Card, ...]:
        """The cutthroat maker's own five and the dummy's five (T5)."""
        why = "asked in the cutthroat keep (T5), after trump is made"
        return self.hands[checks.known(self.maker, why)] + checks.known(self.dummy, why)

    @property
    def exchanges(self) -> tuple[tuple[int, int], ...]:
        """(giver, lone player) for each call for best of this hand, the lone maker's first (R3)."""
        return () if self.maker is None else self.seating.exchanges

    @property
    def exchanging(self) -> tuple[int, int] | None:
        """The (giver, lone player) of the call for best in progress; None outside that phase (R3)."""
        if self.phase is not Phase.EXCHANGE:
            return None
        return self.exchanges[len(self.laid_down)]

    def _repr_html_(self) -> str:
        from .display import hand_html

        return hand_html(self)

    def __repr__(self) -> str:
        from .display import hand_text

        return hand_text(self)


def hand_record(rules: RuleSet, dealer: int, deal: Deal, actions: list[str]) -> dict[str, Any]:
    """The hand record of RULES.md (Notation): the rules, the dealer, the deal and the actions' tokens."""
    return {
        "rules": rules.game,
        "switches": rules.switches(),
        "dealer": dealer,
        "deal": deal.record(),
        "actions": actions,
    }


# The row a result scores under, looked up once per rule set and result: every hand of a saved game is scored.
_scoring_row = lru_cache(maxsize=1024)(scoring_row)


@lru_cache(maxsize=4096)  # every hand of a saved game is scored, twice as it loads: a pure function of a few values
def _points(
    rules: RuleSet, maker: int, tricks_won: tuple[int, ...], lone_maker: bool, lone_defender: bool
) -> tuple[int, ...]:
    """Points per seat for a finished hand that `maker` made: partners both show their side's points (T7, F4)."""
    makers = makers_of(rules, maker)
    row = _scoring_row(rules, sum(tricks_won[seat] for seat in makers), lone_maker, lone_defender)
    return tuple(row.makers if seat in makers else row.defenders for seat in range(rules.players))


_FIELDS = tuple(field.name for field in fields(HandState))
_values_of = attrgetter(*_FIELDS)
_PLACE = {name: place for place, name in enumerate(_FIELDS)}


def _changed(state: HandState, **changes: Any) -> HandState:
    """`state` with some fields changed: dataclasses.replace, cut down for the one class it is used on, for every
    action of every hand comes through here (a long saved game replays hundreds of thousands)."""
    values = list(_values_of(state))
    for name, value in changes.items():
        values[_PLACE[name]] = value
    return HandState(*values)


def _moved(state: HandState, turn: Turn, **changes: Any) -> HandState:
    """`state` with `changes`, at the turn that the order of play (sequence.py) says follows; a play that begins
    begins with an empty trick led by the one to act."""
    if turn.phase is Phase.PLAY and "trick" not in changes:
        changes["trick"] = Trick(checks.known(turn.seat, "a turn in the play has a seat to act: the leader"), (), ())
    return _changed(state, phase=turn.phase, to_act=turn.seat, **changes)


# -- the questions of the options, asked by HandState below and by the fast playouts (playout.py) -----------


def nameable_suits(rules: RuleSet, turned_down: Suit | None) -> tuple[Suit, ...]:
    """The suits that may be named: all but the one turned down in round one, unless the table allows it (C3, C8)."""
    return tuple(suit for suit in Suit if suit is not turned_down or rules.may_name_turned_suit)


def must_call(rules: RuleSet, seat: int, dealer: int) -> bool:
    """Must this seat name a suit in round two? The dealer must, where the table sticks the dealer (C9)."""
    return rules.stick_the_dealer and seat == dealer


def dealer_may_decline(rules: RuleSet, maker: int, dealer: int) -> bool:
    """May the dealer leave the up-card? Not a dealer who made trump, nor under the club rule (C3, C7)."""
    return maker != dealer and not rules.dealer_must_pick_up


def discard_choices(rules: RuleSet, hand: Iterable[T], up_card: T) -> tuple[T, ...]:
    """What the dealer who takes the up-card may lay away: one of the original five, for the up-card stays (C7)."""
    return tuple(hand)


def keep_choices(ten: Iterable[T]) -> tuple[tuple[T, ...], ...]:
    """Every five the cutthroat maker may keep of the ten, in the order of the ten (T5)."""
    return tuple(itertools.combinations(ten, HAND_SIZE))


def _answers(state: HandState) -> tuple[tuple[int, bool], ...]:
    """The going-alone answers given so far, as (seat, alone) (C10)."""
    return tuple(
        (seat, action.kind is Verb.ALONE)
        for action, seat in zip(state.history, state.actors)
        if action.kind in (Verb.ALONE, Verb.STAY)
    )


# -- each phase: its legal actions and how an action changes the state -----------


def _round_one_legal(state: HandState) -> list[Action]:
    return [PASS, ORDER]


def _round_one_apply(state: HandState, action: Action) -> HandState:
    seat = acting_seat(state)
    turn = after_round_one(state.rules, state.dealer, seat, action.kind is Verb.ORDER)
    if action.kind is Verb.ORDER:
        return _moved(state, turn, trump=state.up_card.suit, maker=seat)
    return _moved(state, turn)


def _joker_call_legal(state: HandState) -> list[Action]:
    return [call(suit) for suit in nameable_suits(state.rules, None)]


def _joker_call_apply(state: HandState, action: Action) -> HandState:
    return _moved(state, after_joker_call(state.rules, state.dealer), trump=action.suit, maker=state.dealer)


def _maker(state: HandState) -> int:
    """The maker, in a phase after trump is made (the pickup, going alone, the keep, the call for best, the play)."""
    return checks.known(state.maker, "asked only in a phase after trump is made")


def _pickup_legal(state: HandState) -> list[Action]:
    options = [pickup(card) for card in discard_choices(state.rules, state.hands[state.dealer], state.up_card)]
    return options + [DECLINE] if dealer_may_decline(state.rules, _maker(state), state.dealer) else options


def _pickup_apply(state: HandState, action: Action) -> HandState:
    maker = _maker(state)
    if action.kind is Verb.DECLINE:
        if not dealer_may_decline(state.rules, maker, state.dealer):
            why = _("you made trump yourself") if maker == state.dealer else _("this table plays dealer_must_pick_up")
            raise IllegalAction(
                "C7",
                _(
                    "The dealer must take the up-card {card} here ({why}): choose a card to discard with pickup X."
                ).format(card=state.up_card, why=why),
            )
        return _moved(state, after_pickup(state.rules, state.dealer, maker), picked_up=False)
    five = state.hands[state.dealer]
    if action.card not in discard_choices(state.rules, five, state.up_card):
        raise IllegalAction("C7", _why_not_discarded(action.card, state.up_card, five))
    kept = tuple(card for card in five + (state.up_card,) if card != action.card)
    return _moved(
        state,
        after_pickup(state.rules, state.dealer, maker),
        hands=state._with_hand(state.dealer, kept),
        picked_up=True,
        discard=action.card,
    )


def _why_not_discarded(card: Card | None, up_card: Card, five: tuple[Card, ...]) -> str:
    """Why the dealer may not lay `card` away: it is the up-card, which stays (C7, and C3 for the joker), or not
    one of the dealer's cards."""
    held = " ".join(map(str, five))
    if card == up_card:
        joker = " " + _("The turned-up joker is the dealer's to keep too (C3).") if card.is_joker else ""
        return (
            _(
                "The up-card {card} stays with the dealer who takes it: discard one of your own five cards instead: "
                "{held}."
            ).format(card=card, held=held)
            + joker
        )
    return _("You can only discard one of your own five cards, and {card} is not one of them: {held}.").format(
        card=card, held=held
    )


def _round_two_legal(state: HandState) -> list[Action]:
    passes = [] if must_call(state.rules, acting_seat(state), state.dealer) else [PASS]
    return passes + [call(s) for s in nameable_suits(state.rules, state.turned_down)]


def _round_two_apply(state: HandState, action: Action) -> HandState:
    seat = acting_seat(state)
    if action.kind is Verb.PASS:
        if must_call(state.rules, seat, state.dealer):
            raise IllegalAction(
                "C9",
                _("Stick the dealer: the dealer may not pass in round two and must name a suit: {options}.").format(
                    options=state.options()
                ),
            )
        return _moved(state, after_round_two(state.rules, state.dealer, seat, False))
    if action.suit not in nameable_suits(state.rules, state.turned_down):
        raise IllegalAction(
            "C8",
            _("{suit} was turned down in round one, so it cannot be named now; name another suit: {options}.").format(
                suit=state.turned_down, options=state.options()
            ),
        )
    return _moved(state, after_round_two(state.rules, state.dealer, seat, True), trump=action.suit, maker=seat)


def _going_alone_legal(state: HandState) -> list[Action]:
    return [ALONE, STAY]


def _going_alone_apply(state: HandState, action: Action) -> HandState:
    maker = _maker(state)
    said = _answers(state) + ((acting_seat(state), action.kind is Verb.ALONE),)
    _sides, lone_maker, lone_defender = lineup_of(state.rules, maker, said)
    return _moved(
        state,
        after_answer(state.rules, state.dealer, maker, said),
        lone_maker=lone_maker is not None,
        lone_partner=lone_maker not in (None, maker),
        lone_defender=lone_defender,
    )


def _dummy_legal(state: HandState) -> list[Action]:
    ten = sorted(state._ten(), key=sort_key)
    return [Action(Verb.KEEP, cards=five) for five in keep_choices(ten)]


def _dummy_apply(state: HandState, action: Action) -> HandState:
    ten = state._ten()
    chosen = action.cards
    if len(set(chosen)) != HAND_SIZE or len(chosen) != HAND_SIZE:
        raise IllegalAction(
            "T5",
            _("Keep exactly five different cards, not {count}: choose five of {ten}.").format(
                count=len(chosen), ten=" ".join(map(str, ten))
            ),
        )
    strangers = [c for c in chosen if c not in ten]
    if strangers:
        raise IllegalAction(
            "T5",
            _("{card} is not among your ten cards; keep five of {ten}.").format(
                card=strangers[0], ten=" ".join(map(str, ten))
            ),
        )
    aside = tuple(card for card in ten if card not in chosen)
    kept = tuple(card for card in ten if card in chosen)
    return _moved(
        state, after_keep(state.seating), hands=state._with_hand(_maker(state), kept), dummy=None, set_aside=aside
    )


def _exchange_legal(state: HandState) -> list[Action]:
    giver, lone = state.exchanges[len(state.laid_down)]  # the call for best in progress (state.exchanging)
    if state.to_act == giver:
        return [give(card) for card in state.hands[giver]]
    return [discard(card) for card in state.hands[lone]]


def _exchange_apply(state: HandState, action: Action) -> HandState:
    giver, lone = state.exchanges[len(state.laid_down)]  # the call for best in progress (state.exchanging)
    seat, card = acting_seat(state), action.card
    verb = Verb.GIVE if seat == giver else Verb.DISCARD
    if action.kind is not verb:
        raise IllegalAction("R3", _exchange_turn_words(state, seat, giver, lone))
    if card not in state.hands[seat]:
        raise IllegalAction(
            "R3",
            _("{card} is not in your hand; {verb} one of {cards}.").format(
                card=card, verb=verb, cards=" ".join(map(str, state.hands[seat]))
            ),
        )
    rest = tuple(c for c in state.hands[seat] if c != card)
    turn = after_exchange(state.seating, len(state.laid_down), verb is Verb.GIVE)
    if verb is Verb.GIVE:
        hands = tuple(
            rest if s == giver else state.hands[lone] + (card,) if s == lone else h for s, h in enumerate(state.hands)
        )
        return _moved(state, turn, hands=hands, given=state.given + (card,))
    return _moved(state, turn, hands=state._with_hand(lone, rest), laid_down=state.laid_down + (card,))


def _exchange_turn_words(state: HandState, seat: int, giver: int, lone: int) -> str:
    """Whose move it is in a call for best, in a sentence (R3)."""
    if seat == giver:
        return _(
            "Seat {lone} goes alone and calls for your best card: give one of yours to them with give X, from {cards}."
        ).format(lone=lone, cards=" ".join(map(str, state.hands[giver])))
    return _(
        "You received your partner's best card: lay one of your six cards down with discard X, from {cards}."
    ).format(cards=" ".join(map(str, state.hands[lone])))


def _trick(state: HandState) -> Trick:
    """The trick in progress, in the play."""
    return checks.known(state.trick, "a hand in the play always has a trick in progress")


def _play_legal(state: HandState) -> list[Action]:
    return [
        play(card) for card in playable(state.hands[acting_seat(state)], _trick(state).cards, fixed_suit(state.trump))
    ]


def _play_apply(state: HandState, action: Action) -> HandState:
    seat, card, trick, trump = acting_seat(state), action.card, _trick(state), fixed_suit(state.trump)
    card = checks.known(card, "a play names its card (parse_action)")
    hand = state.hands[seat]
    problem = why_not(card, hand, trick.cards, trump)
    if problem:
        raise IllegalAction("C14" if card not in hand else "C12", problem)
    hands = state._with_hand(seat, (c for c in hand if c != card))
    trick = Trick(trick.leader, trick.cards + (card,), trick.seats + (seat,))
    turn = after_card(state.seating, seat, len(trick.cards))
    if turn is not None:
        return _changed(state, hands=hands, trick=trick, to_act=turn.seat)
    winner = trick.seats[winning_index(trick.cards, trump)]
    won = tuple(n + (s == winner) for s, n in enumerate(state.tricks_won))
    tricks = state.tricks + (trick._replace(winner=winner),)
    turn = after_trick(winner, len(tricks))
    return _moved(
        state,
        turn,
        hands=hands,
        tricks=tricks,
        tricks_won=won,
        trick=None if turn.phase is Phase.DONE else Trick(winner, (), ()),
    )


_LEGAL: dict[Phase, Callable[[HandState], list[Action]]] = {
    Phase.ROUND_ONE: _round_one_legal,
    Phase.JOKER_CALL: _joker_call_legal,
    Phase.PICKUP: _pickup_legal,
    Phase.ROUND_TWO: _round_two_legal,
    Phase.GOING_ALONE: _going_alone_legal,
    Phase.DUMMY: _dummy_legal,
    Phase.EXCHANGE: _exchange_legal,
    Phase.PLAY: _play_legal,
    Phase.DONE: lambda state: [],
}
_APPLY: dict[Phase, Callable[[HandState, Action], HandState]] = {
    Phase.ROUND_ONE: _round_one_apply,
    Phase.JOKER_CALL: _joker_call_apply,
    Phase.PICKUP: _pickup_apply,
    Phase.ROUND_TWO: _round_two_apply,
    Phase.GOING_ALONE: _going_alone_apply,
    Phase.DUMMY: _dummy_apply,
    Phase.EXCHANGE: _exchange_apply,
    Phase.PLAY: _play_apply,
}


# -- dealing ----------------------------------------------------------------


def deal_hand(
    rules: RuleSet, dealer: int, *, seed: int | random.Random | None = None, deal: Deal | dict[str, Any] | None = None
) -> HandState:
    """A new hand: shuffled from `seed`, or the given `deal` (a record's deal object)."""
    checks.rules("rules", rules)
    checks.seat("dealer", dealer, rules.players)
    checks.seed("seed", seed, generator=True)
    if deal is not None:
        checks.instance("deal", deal, (Deal, dict), "a Deal, or a record's deal object (a dict), or None to shuffle")
        if seed is not None:
            raise NotationError(
                "seed", "Give deal_hand a seed to shuffle with or a deal, not both: a given deal is not shuffled."
            )
    if deal is None:
        deal = shuffled_deal(rules, dealer, seed)
    elif not isinstance(deal, Deal):
        deal = deal_from_record(deal, rules)
    else:
        deal = deal_from_record(deal._asdict(), rules)
    return start_of_hand(rules, dealer, deal)


def start_of_hand(rules: RuleSet, dealer: int, deal: Deal) -> HandState:
    """The hand at its deal, before anyone speaks; `deal` is trusted (checked by deal_hand, or a shuffle's)."""
    turn = first_turn(rules, dealer, deal.up_card)
    return HandState(
        rules=rules,
        dealer=dealer,
        deal=deal,
        phase=turn.phase,
        to_act=turn.seat,
        hands=deal.hands,
        dummy=deal.dummy,
        tricks_won=(0,) * rules.players,
    )


def shuffled_deal(rules: RuleSet, dealer: int, seed: int | random.Random | None) -> Deal:
    """Shuffle with a seeded generator and deal clockwise from the dealer's left (C5, T2)."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    return Deal(*deal_out(rules, dealer, shuffled(rng, deck(rules.deck))))


def shuffled(rng: random.Random, pack: Iterable[T]) -> list[T]:
    """The pack in random order: the one shuffle of every deal, so that a seed always deals the same cards.

    This is random.shuffle's Fisher-Yates, draw for draw (tests/test_playout.py checks it), written
    out with its bit counts worked out once: the fast playouts deal through it too, and it is most
    of their time.
    """
    getrandbits = rng.getrandbits
    pack = list(pack)
    for i, n, k in _swaps(len(pack)):
        j = getrandbits(k)
        while j >= n:  # k bits can say more than n - 1: draw again, as random.shuffle does
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


@cache
def _swaps(size: int) -> tuple[tuple[int, int, int], ...]:
    """For each place of a pack from the last down to the second: (place, choices, bits to draw)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def deal_out(
    rules: RuleSet, dealer: int, pack: Sequence[T]
) -> tuple[tuple[tuple[T, ...], ...], tuple[T, ...] | None, tuple[T, ...]]:
    """Hands, dummy and kitty from a shuffled pack (of cards, or of anything standing for them): five
    to each seat clockwise from the dealer's left, then five to the dummy; the rest is the kitty (C5, T2)."""
    players = rules.players
    hands: list[tuple[T, ...]] = [()] * players
    for packet, seat in enumerate(bidders(rules, dealer)):  # packet i goes to the i-th seat dealt to
        hands[seat] = tuple(pack[packet * HAND_SIZE : (packet + 1) * HAND_SIZE])
    dummy = tuple(pack[players * HAND_SIZE : (players + 1) * HAND_SIZE]) if rules.has_dummy else None
    return tuple(hands), dummy, tuple(pack[HAND_SIZE * (players + rules.has_dummy) :])


def kitty_size(rules: RuleSet) -> int:
    """The cards left after five to each hand and the dummy: with 24 cards, 4 for three or four players,
    14 for two (C5, T2, W2)."""
    return rules.deck - HAND_SIZE * (rules.players + rules.has_dummy)


def deal_from_record(obj: object, rules: RuleSet) -> Deal:
    """A Deal from a record's `deal` object, checked card by card against the deck (C1, C5)."""
    if not isinstance(obj, dict):
        raise NotationError(
            "deal", f"deal must be an object with hands, kitty (and dummy in cutthroat), not {excerpt(obj)}."
        )
    expected = {"hands", "kitty"} | ({"dummy"} if rules.has_dummy else set())
    missing = sorted(expected - obj.keys())
    # In the deal's own order, for a key may be anything in a dict made in Python, and 1 and "x" do not sort.
    extra = [key for key in obj if key not in expected and not (key == "dummy" and obj[key] is None)]
    if missing:
        raise NotationError(
            f"deal.{missing[0]}",
            f"deal.{missing[0]} is missing: a {rules.game} deal lists {', '.join(sorted(expected))}.",
        )
    if extra:
        place = f"deal.{extra[0]}" if isinstance(extra[0], str) else f"deal[{excerpt(extra[0])}]"
        raise NotationError(
            place, f"{place} is not part of a {rules.game} deal, which lists {', '.join(sorted(expected))}."
        )
    hands = obj["hands"]
    if not isinstance(hands, (list, tuple)) or len(hands) != rules.players:
        raise NotationError("deal.hands", f"deal.hands must list {rules.players} hands for {rules.game}, one per seat.")
    places = {f"deal.hands[{i}]": hand for i, hand in enumerate(hands)}
    if rules.has_dummy:
        places["deal.dummy"] = obj["dummy"]
    parsed = {}
    for place, cards in places.items():
        parsed[place] = _cards_at(place, cards)
        if len(parsed[place]) != HAND_SIZE:
            raise NotationError(place, f"{place} has {len(parsed[place])} cards; every hand is dealt {HAND_SIZE} (C5).")
    kitty = _cards_at("deal.kitty", obj["kitty"])
    if len(kitty) != kitty_size(rules):
        raise NotationError(
            "deal.kitty",
            f"deal.kitty has {len(kitty)} cards; with the {rules.deck}-card deck "
            f"{rules.game} leaves {kitty_size(rules)} (C5, W2).",
        )
    parsed["deal.kitty"] = kitty
    full = set(deck(rules.deck))
    seen: dict[Card, str] = {}
    for place, cards in parsed.items():
        for card in cards:
            if card not in full:
                raise NotationError(place, f"{place} holds {card}, which is not in the {rules.deck}-card deck (C1).")
            if card in seen:
                raise NotationError(place, f"{card} is dealt twice: in {seen[card]} and in {place}.")
            seen[card] = place
    hands = tuple(tuple(parsed[f"deal.hands[{i}]"]) for i in range(rules.players))
    dummy = tuple(parsed["deal.dummy"]) if rules.has_dummy else None
    return Deal(hands, dummy, tuple(kitty))


def _cards_at(place: str, cards: object) -> list[Card]:
    if not isinstance(cards, (list, tuple)):
        raise NotationError(place, f"{place} must be a list of cards, not {excerpt(cards)}.")
    try:
        return parse_cards(list(cards))
    except NotationError as error:
        raise NotationError(place, f"In {place}: {error}") from None


# -- replaying a record -------------------------------------------------------


MAX_NESTING = 20  # a game record nests 6 deep; json itself would fail near 1,000 with a RecursionError
MAX_NUMBER_DIGITS = 100  # a record's numbers are seats, scores and seeds (at most 20 digits)
# The largest hands' records take about 1,000 characters; what is far longer is no hand record (a saved game
# allows 2,000 a hand: game.MAX_RECORD_BYTES).
MAX_HAND_RECORD_CHARS = 100_000


def read_json(text: str, what: str) -> Any:
    """Parse a record's JSON text; anything unreadable (nested too deep, a number too long, a field written twice)
    is a NotationError saying so."""
    try:
        return parse_json(text, MAX_NESTING, MAX_NUMBER_DIGITS)
    except JsonRefused as refused:
        raise NotationError(refused.part, f"The {what} {refused}.") from None


def replay(record: dict[str, Any] | str) -> HandState:
    """Rebuild a hand from its record (a dict or JSON text); every problem names its place."""
    if isinstance(record, str):
        if len(record) > MAX_HAND_RECORD_CHARS:
            raise NotationError(
                "record",
                f"The hand record is too long: {len(record):,} characters, and a hand "
                f"record is at most {MAX_HAND_RECORD_CHARS:,} (the largest hands take "
                f"about 1,000).",
            )
        record = read_json(record, "hand record")
    checked = check_hand_fields(record)  # the record itself, now known to have a hand record's fields
    rules = rules_from(checked["rules"], checked.get("switches"))
    if checked["deal"] is None:  # deal_hand reads deal=None as "shuffle": a record must carry its cards
        raise NotationError(
            "deal",
            "The hand record's deal is null: a record carries its deal (hands, kitty and, "
            "in cutthroat, the dummy) and is never dealt at random.",
        )
    return replayed_actions(deal_hand(rules, checked["dealer"], deal=checked["deal"]), checked["actions"])


def check_hand_fields(record: object) -> dict[str, Any]:
    """A hand record is an object with the fields of one (records.HAND_RECORD): every field it needs, each of its
    shape, and none that no hand record has."""
    checked: dict[str, Any] = read(HAND_RECORD, record)
    return checked


def replayed_actions(state: HandState, actions: object) -> HandState:
    """`state` after the actions of a record, in order; a token that cannot be played names its place."""
    if not isinstance(actions, list):
        raise NotationError("actions", f"actions must be a list of tokens, not {excerpt(actions)}.")
    for i, token in enumerate(actions):
        try:
            state = state.apply(token)
        except (IllegalAction, NotationError) as error:
            raise NotationError(
                f"actions[{i}]", f"actions[{i}] ({excerpt(token)}) cannot be replayed: {error}"
            ) from None
    return state
