"""Finished hands replayed quickly from a game record: the engine's moves, checked by the same rules, on plain values.

A saved game of 20,000 hands holds 440,000 actions, and HandState.apply makes a new state for each. Here one
small step function per phase moves a few plain values instead (cards as their two-letter texts), asking the
same rule questions as the engine (must_call, dealer_may_decline, the suit in play) and walking the same order
of play (sequence.py: who acts next and which phase follows), and the finished hand becomes one HandState at
the end.

It only ever says yes: for anything it does not take on (a joker turned up, a call for best, an action the
engine would refuse, a hand left unfinished) it gives None and the engine replays the hand, so that every
refusal is still the engine's own, in its words. tests/test_quick_replay.py checks that both give the same
hand for thousands of random hands under every rule set, and that neither takes what the other refuses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeAlias, TypeVar, cast

from .actions import SHORT_TOKEN, Action, Verb, parse_action
from .cards import Card, Suit, deck, sort_key
from .errors import NotationError
from .hand import HAND_SIZE, HandState, dealer_may_decline, discard_choices, must_call, nameable_suits
from .phases import Phase
from .ranking import power, suit_in_play
from .rules import RuleSet
from .sequence import (
    TRICKS_PER_HAND,
    Lineup,
    Seating,
    Turn,
    after_answer,
    after_keep,
    after_pickup,
    after_round_one,
    after_round_two,
    lineup_of,
    seating,
)
from .tricks import Trick
from .view import acting_seat

T = TypeVar("T")
# An action as the steps read it: the action, its verb, and what it carries (a card's text, a suit, or the five
# card texts of a keep, as the verb says: each step reads the one its verbs carry).
Known: TypeAlias = tuple[Action, Verb, Any]
KNOWN_TOKENS = 4096  # the tokens remembered: a game reads the same few hundred again and again


class QuickReplay:
    """Hand records of one rule set replayed quickly; what depends only on the rules is worked out once."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.card = {card.ascii: card for card in deck(rules.deck)}  # the engine's card for each text
        # each card's text -> its place in the engine's order of cards (cards.sort_key), which a keep is written in
        self._place = {card.ascii: place for place, card in enumerate(sorted(self.card.values(), key=sort_key))}
        self._actions: dict[str, Known] = {}  # token -> (action, its verb, what it carries, as text)
        self._plays: dict[str, tuple[Action, str]] = {}  # token of a card played -> (the action, the card's text)
        self._answers: dict[tuple[object, ...], Any] = {}  # (a question of sequence.py, what it is told) -> answer
        self._moves: dict[tuple[object, ...], tuple[Turn, Step | None]] = {}  # the same -> (the turn, its step)
        self._seating: dict[tuple[int, Lineup], Seating] = {}  # (dealer, lineup) -> sequence.seating's answer
        self._suits: dict[Suit, dict[str, Suit]] = {}  # trump -> each card's suit in play
        self._same_suit: dict[Suit, dict[str, frozenset[str]]] = {}  # trump -> each card -> its suit's cards
        self._powers: dict[Suit, dict[str, dict[str, int]]] = {}  # trump -> card led -> each card's power

    def __call__(self, start: HandState, actions: object) -> HandState | None:
        """The finished hand after the record's `actions` from `start` (a hand just dealt), exactly as the
        engine's replay makes it; None where this quick way does not say (the engine then replays it)."""
        if start.phase is not Phase.ROUND_ONE or start.history or not isinstance(actions, list):
            return None
        hand = _Hand(self, start)
        step: Step | None
        step, history, actors, remembered = _round_one, hand.history, hand.actors, self._actions
        for number, token in enumerate(actions):  # the bidding, a step an action
            known = remembered.get(token) if type(token) is str else None
            if known is None:
                known = self._action(token)
            if known is None or step is None:
                return None
            seat = hand.to_act
            if not step(hand, known):
                return None
            history.append(known[0])
            actors.append(seat)
            if hand.phase is _PLAYING:  # then the tricks, all the rest of the actions
                return hand.finished() if _play(hand, actions[number + 1 :]) else None
            step = hand.step
        return hand.finished() if hand.phase is Phase.DONE else None

    def _action(self, token: object) -> Known | None:
        """The action a token names, with its verb and what it carries as card texts; None if it names none."""
        if type(token) is not str or len(token) > SHORT_TOKEN:
            return None
        known = self._actions.get(token) or self._keep_written(token)
        if known is None:
            try:
                action = parse_action(token)
            except NotationError:
                return None
            carried = (
                action.card.ascii
                if action.card is not None
                else action.suit
                if action.suit is not None
                else tuple(card.ascii for card in action.cards)
            )
            known = (action, action.kind, carried)
            if len(self._actions) < KNOWN_TOKENS:
                self._actions[token] = known
        return known

    def _play_named(self, token: object) -> tuple[Action, str] | None:
        """The action and the card's text of a token that plays a card, remembered; None for any other token."""
        known = self._action(token)
        if known is None or known[1] is not Verb.PLAY:
            return None
        played = known[0], cast(str, known[2])  # a play carries a card
        if type(token) is str and len(self._plays) < KNOWN_TOKENS:
            self._plays[token] = played
        return played

    def _keep_written(self, token: str) -> Known | None:
        """A keep written as the engine writes one ('keep' and five different card texts in the engine's order),
        read without parse_action, which would read it to the same action: each keep of a game is a new token."""
        words = token.split(" ")
        if len(words) != HAND_SIZE + 1 or words[0] != Verb.KEEP:
            return None
        places = [self._place.get(text, -1) for text in words[1:]]
        # Cards of this deck (-1 for any other text), each after the one before in the engine's order: so five
        # different ones, in order.
        if places[0] < 0 or places != sorted(set(places)):
            return None
        return Action(Verb.KEEP, cards=tuple(map(self.card.__getitem__, words[1:]))), Verb.KEEP, tuple(words[1:])

    def remembered(self, question: Callable[..., T], *told: object) -> T:
        """What `question` of the order of play (sequence.py) answers under these rules, remembered: a game asks
        the same few questions again and again, and the rules need not be hashed for each."""
        key = (question, *told)
        if key not in self._answers:
            self._answers[key] = question(self.rules, *told)
        answer: T = self._answers[key]
        return answer

    def seating(self, dealer: int, lineup: Lineup) -> Seating:
        """Who plays the tricks after whom, for one dealer and lineup (sequence.seating), remembered."""
        key = (dealer, lineup)
        known = self._seating.get(key)
        if known is None:
            known = self._seating[key] = seating(self.rules, dealer, lineup)
        return known

    def suits(self, trump: Suit) -> dict[str, Suit]:
        """Each card's suit in play under `trump`: the bowers' and the joker's are trump's (C2, C3)."""
        if trump not in self._suits:
            self._suits[trump] = {text: suit_in_play(card, trump) for text, card in self.card.items()}
        return self._suits[trump]

    def same_suit(self, trump: Suit) -> dict[str, frozenset[str]]:
        """Under `trump`, for each card the cards of its suit in play: those that follow it when it is led (C12)."""
        if trump not in self._same_suit:
            suits = self.suits(trump)
            self._same_suit[trump] = {
                text: frozenset(other for other in suits if suits[other] is suits[text]) for text in suits
            }
        return self._same_suit[trump]

    def powers(self, trump: Suit) -> dict[str, dict[str, int]]:
        """For each card led under `trump`, each card's power in that trick (C13)."""
        if trump not in self._powers:
            by_suit = {
                led: {text: power(card, trump, led) for text, card in self.card.items()}
                for led in {suit_in_play(card, trump) for card in self.card.values()}
            }
            self._powers[trump] = {text: by_suit[suit_in_play(card, trump)] for text, card in self.card.items()}
        return self._powers[trump]


class _Hand:
    """The moving parts of one hand, as plain values that the steps change in place."""

    __slots__ = (
        "replay",
        "start",
        "rules",
        "dealer",
        "phase",
        "to_act",
        "step",
        "hands",
        "history",
        "actors",
        "trump",
        "maker",
        "picked_up",
        "discard",
        "answers",
        "dummy",
        "set_aside",
        "tricks",
        "tricks_won",
        "order",
        "leads",
        "in_trick",
    )
    replay: QuickReplay
    start: HandState
    rules: RuleSet
    dealer: int
    phase: Phase
    to_act: int  # the seat to act; None once the hand is over (Phase.DONE), when no step reads it
    step: Step | None  # the step of the phase: None at the play (its own loop), once over, and where the engine replays
    hands: list[list[str]]
    history: list[Action]
    actors: list[int]
    trump: Suit | None
    maker: int | None
    picked_up: bool | None
    discard: str | None
    answers: tuple[tuple[int, bool], ...]
    dummy: list[str] | None
    set_aside: Sequence[str]
    tricks: list[Trick]
    tricks_won: list[int]
    order: tuple[tuple[int, ...], ...]  # these three are set when the play begins (_moved): sequence.Seating's
    leads: tuple[int, ...]  # [winner of a trick]: who leads the next (Seating.leads_next); order: Seating.trick_order
    in_trick: int

    def __init__(self, replay: QuickReplay, start: HandState) -> None:
        self.replay, self.start, self.rules, self.dealer = replay, start, start.rules, start.dealer
        self.phase, self.to_act = start.phase, acting_seat(start)
        self.hands = [[card.ascii for card in cards] for cards in start.hands]
        self.dummy = None if start.dummy is None else [card.ascii for card in start.dummy]
        self.history, self.actors = [], []
        self.trump = self.maker = self.picked_up = self.discard = None
        self.answers = ()  # (seat, alone) for each going-alone answer (C10)
        self.set_aside = ()
        self.tricks, self.tricks_won = [], [0] * start.rules.players

    def finished(self) -> HandState:
        """The HandState of the finished hand, as the engine's last apply leaves it."""
        card = self.replay.card
        lone_maker, lone_defender = (None, None) if self.maker is None else _lineup(self)[1:]

        def cards(texts: Iterable[str]) -> tuple[Card, ...]:
            return tuple(map(card.__getitem__, texts))

        return HandState(
            rules=self.rules,
            dealer=self.dealer,
            deal=self.start.deal,
            phase=Phase.DONE,
            to_act=None,
            hands=tuple(map(cards, self.hands)),
            history=tuple(self.history),
            actors=tuple(self.actors),
            trump=self.trump,
            maker=self.maker,
            picked_up=self.picked_up,
            discard=None if self.discard is None else card[self.discard],
            lone_maker=lone_maker is not None,
            lone_partner=lone_maker not in (None, self.maker),
            lone_defender=lone_defender,
            dummy=None if self.dummy is None else cards(self.dummy),
            set_aside=cards(self.set_aside),
            tricks=tuple(self.tricks),
            trick=None,
            tricks_won=tuple(self.tricks_won),
        )


# -- the steps: each takes (action, verb, what it carries) and says whether the engine takes it too ------------


def _moved(hand: _Hand, question: Callable[..., Turn], *told: object) -> bool:
    """The hand at the turn that `question` of the order of play (sequence.py) says follows, asked once per rule set
    (QuickReplay.remembered) and remembered with its step; at the play, who plays to each trick, in order."""
    key = (question, *told)
    move = hand.replay._moves.get(key)
    if move is None:
        turn = hand.replay.remembered(question, *told)
        move = hand.replay._moves[key] = turn, _STEPS.get(turn.phase)
    (hand.phase, hand.to_act), hand.step = move  # type: ignore[assignment]  # a seat to act until DONE, unread then
    if hand.phase is _PLAYING:
        seated = hand.replay.seating(hand.dealer, _lineup(hand))
        hand.order, hand.leads, hand.in_trick = seated.trick_order, seated.leads_next, len(seated.active)
    return True


def _after_keep(rules: RuleSet, dealer: int, lineup: Lineup) -> Turn:
    """What follows the cutthroat maker's keep (sequence.after_keep), for one dealer and lineup."""
    return after_keep(seating(rules, dealer, lineup))


def _lineup(hand: _Hand) -> Lineup:
    """Who goes alone for whom after the answers so far, as sequence.py reads them (C10)."""
    return hand.replay.remembered(lineup_of, hand.maker, hand.answers)  # asked once trump is made


def _round_one(hand: _Hand, known: Known) -> bool:
    _, verb, _ = known
    if verb is Verb.ORDER:
        hand.maker, hand.trump = hand.to_act, hand.start.up_card.suit
    elif verb is not Verb.PASS:
        return False
    return _moved(hand, after_round_one, hand.dealer, hand.to_act, verb is Verb.ORDER)


def _pickup(hand: _Hand, known: Known) -> bool:
    _, verb, card = known
    rules, dealer, maker = hand.rules, hand.dealer, cast(int, hand.maker)  # the pickup follows an order (C7)
    if verb is Verb.DECLINE:
        if not dealer_may_decline(rules, maker, dealer):
            return False
        hand.picked_up = False
        return _moved(hand, after_pickup, dealer, maker)
    up_card, five = hand.start.up_card.ascii, hand.hands[dealer]
    if verb is not Verb.PICKUP or card not in discard_choices(rules, five, up_card):
        return False
    hand.hands[dealer] = [other for other in five + [up_card] if other != card]
    hand.picked_up, hand.discard = True, card
    return _moved(hand, after_pickup, dealer, maker)


def _round_two(hand: _Hand, known: Known) -> bool:
    _, verb, suit = known
    seat = hand.to_act
    if verb is Verb.PASS:
        if must_call(hand.rules, seat, hand.dealer):
            return False
        return _moved(hand, after_round_two, hand.dealer, seat, False)  # the last: thrown in (C9)
    # Round two follows every seat passing in round one, so the up-card's suit was turned down (C8).
    if verb is not Verb.CALL or suit not in nameable_suits(hand.rules, hand.start.up_card.suit):
        return False
    hand.trump, hand.maker = suit, seat
    return _moved(hand, after_round_two, hand.dealer, seat, True)


def _going_alone(hand: _Hand, known: Known) -> bool:
    _, verb, _ = known
    seat = hand.to_act
    if verb is not Verb.ALONE and verb is not Verb.STAY:
        return False
    hand.answers += ((seat, verb is Verb.ALONE),)  # who goes alone for whom is read from them (_lineup)
    return _moved(hand, after_answer, hand.dealer, hand.maker, hand.answers)


def _keep(hand: _Hand, known: Known) -> bool:
    _, verb, chosen = known
    if verb is not Verb.KEEP:
        return False
    maker, dummy = cast(int, hand.maker), cast("list[str]", hand.dummy)  # the keep follows the bidding (T5)
    ten = hand.hands[maker] + dummy  # the maker's five and the dummy's (T5)
    kept = set(chosen)
    if len(chosen) != HAND_SIZE or len(kept) != HAND_SIZE or not kept.issubset(ten):
        return False
    hand.hands[maker] = [card for card in ten if card in kept]
    hand.set_aside = [card for card in ten if card not in kept]
    hand.dummy = None
    return _moved(hand, _after_keep, hand.dealer, _lineup(hand))


def _play(hand: _Hand, tokens: Sequence[object]) -> bool:
    """The tricks (C12, C13), played from the rest of the record's tokens: a finished hand ends with its last."""
    if len(tokens) != TRICKS_PER_HAND * hand.in_trick:  # every seat in play plays a card to each trick
        return False
    replay, hands, in_trick, trick_order, leads_next = hand.replay, hand.hands, hand.in_trick, hand.order, hand.leads
    plays, card_of, tricks, tricks_won = replay._plays, replay.card, hand.tricks, hand.tricks_won
    trump = cast(Suit, hand.trump)  # trump is made before the play
    powers_after, same_suit = replay.powers(trump), replay.same_suit(trump)
    add_action, add_actors = hand.history.append, hand.actors.extend
    seat = leader = hand.to_act
    order = trick_order[leader]  # the seats in play, in the order they play to the trick
    cards: list[str] = []
    led: frozenset[str] = frozenset()  # the cards of the suit led
    powers: dict[str, int] = {}  # each card's power in the trick
    best = winner = seat  # the highest power so far, and who played it: set by the lead
    for token in tokens:
        known = plays.get(token) if type(token) is str else None
        if known is None:
            known = replay._play_named(token)
            if known is None:
                return False
        action, card = known
        held = hands[seat]
        if card not in held:
            return False
        if not cards:  # the lead: the suit to follow, and the highest card so far (C12, C13)
            led, powers = same_suit[card], powers_after[card]
            best, winner = powers[card], seat
        else:
            if card not in led and not led.isdisjoint(held):
                return False  # the suit led must be followed by whoever can (C12)
            if powers[card] > best:  # the highest card of the trick wins it (C13)
                best, winner = powers[card], seat
        held.remove(card)
        cards.append(card)
        add_action(action)
        if len(cards) < in_trick:
            seat = order[len(cards)]
            continue
        tricks.append(Trick(leader, tuple(map(card_of.__getitem__, cards)), order, winner))
        add_actors(order)
        tricks_won[winner] += 1
        seat = leader = leads_next[winner]  # who leads the next trick (sequence.after_trick, tabulated)
        order, cards = trick_order[leader], []
    return True


_PLAYING = Phase.PLAY
# The step of each phase of the bidding; the play has its own loop. A hand over (DONE) takes no step, and
# the joker's call (C3) and the call for best (R3), rare, have none: the engine replays those hands.
Step: TypeAlias = Callable[[_Hand, Known], bool]
_STEPS: dict[Phase, Step] = {
    Phase.ROUND_ONE: _round_one,
    Phase.PICKUP: _pickup,
    Phase.ROUND_TWO: _round_two,
    Phase.GOING_ALONE: _going_alone,
    Phase.DUMMY: _keep,
}
