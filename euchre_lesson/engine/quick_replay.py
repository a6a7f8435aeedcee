"""Finished hands replayed quickly from a game record: the engine's moves, checked by the same rules, on plain values.

A saved game of 20,000 hands holds 440,000 actions, and HandState.apply makes a new state for each. Here one
small step function per phase moves a few plain values instead (cards as their two-letter texts), asking the
same rule questions as the engine (bidders, must_call, asked_to_go_alone, opening_leader, the suit in play),
and the finished hand becomes one HandState at the end.

It only ever says yes: for anything it does not take on (a joker turned up, a call for best, an action the
engine would refuse, a hand left unfinished) it gives None and the engine replays the hand, so that every
refusal is still the engine's own, in its words. tests/test_quick_replay.py checks that both give the same
hand for thousands of random hands under every rule set, and that neither takes what the other refuses.
"""

from __future__ import annotations

from .actions import SHORT_TOKEN, Action, Verb, parse_action
from .cards import deck, sort_key
from .errors import NotationError
from .hand import (HAND_SIZE, TRICKS_PER_HAND, HandState, asked_to_go_alone, bidders, dealer_may_decline,
                   discard_choices, must_call, nameable_suits, opening_leader)
from .phases import Phase
from .ranking import power, suit_in_play
from .rules import RuleSet
from .tricks import Trick

KNOWN_TOKENS = 4096  # the tokens remembered: a game reads the same few hundred again and again


class QuickReplay:
    """Hand records of one rule set replayed quickly; what depends only on the rules is worked out once."""

    def __init__(self, rules: RuleSet):
        self.rules = rules
        self.card = {card.ascii: card for card in deck(rules.deck)}  # the engine's card for each text
        self._actions: dict[str, tuple] = {}  # token -> (action, its verb, what it carries, as text)
        self._asked: dict[tuple, int | None] = {}  # (maker, answers so far) -> who is asked to go alone next
        self._seating: dict[tuple, tuple] = {}  # who goes alone -> (who leads, who plays after whom, seats in play)
        self._suits: dict = {}  # trump -> each card's suit in play
        self._powers: dict = {}  # trump -> card led -> each card's power in its trick

    def __call__(self, start: HandState, actions) -> HandState | None:
        """The finished hand after the record's `actions` from `start` (a hand just dealt), exactly as the
        engine's replay makes it; None where this quick way does not say (the engine then replays it)."""
        if start.phase is not Phase.ROUND_ONE or start.history or not isinstance(actions, list):
            return None
        hand = _Hand(self, start)
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
            phase = hand.phase
            if phase is Phase.PLAY:  # then the tricks, all the rest of the actions
                return hand.finished() if _play(hand, actions[number + 1:]) else None
            step = _STEPS.get(phase)
        return hand.finished() if hand.phase is Phase.DONE else None

    def _action(self, token) -> tuple | None:
        """The action a token names, with its verb and what it carries as card texts; None if it names none."""
        if type(token) is not str or len(token) > SHORT_TOKEN:
            return None
        known = self._actions.get(token) or self._keep_written(token)
        if known is None:
            try:
                action = parse_action(token)
            except NotationError:
                return None
            carried = (action.card.ascii if action.card is not None else action.suit if action.suit is not None
                       else tuple(card.ascii for card in action.cards))
            known = (action, action.kind, carried)
            if len(self._actions) < KNOWN_TOKENS:
                self._actions[token] = known
        return known

    def _keep_written(self, token: str) -> tuple | None:
        """A keep written as the engine writes one ('keep' and five different card texts in the engine's order),
        read without parse_action, which would read it to the same action: each keep of a game is a new token."""
        words = token.split(" ")
        if len(words) != HAND_SIZE + 1 or words[0] != Verb.KEEP or not all(text in self.card for text in words[1:]):
            return None
        cards = tuple(self.card[text] for text in words[1:])
        if len(set(words)) != len(words) or list(cards) != sorted(cards, key=sort_key):
            return None
        return Action(Verb.KEEP, cards=cards), Verb.KEEP, tuple(words[1:])

    def asked(self, maker: int, answers: tuple) -> int | None:
        """Who is asked next whether to go alone (C10): the engine's answer, remembered."""
        key = (maker, answers)
        if key not in self._asked:
            self._asked[key] = asked_to_go_alone(self.rules, maker, answers)
        return self._asked[key]

    def seating(self, hand: _Hand) -> tuple:
        """Who leads the first trick, who plays after each seat, and how many play (C11, T6, F3): the engine's."""
        key = (hand.dealer, hand.maker, hand.lone_maker, hand.lone_partner, hand.lone_defender)
        if key not in self._seating:
            seated = HandState(self.rules, hand.dealer, hand.start.deal, Phase.PLAY, None, (), maker=hand.maker,
                               lone_maker=hand.lone_maker, lone_partner=hand.lone_partner,
                               lone_defender=hand.lone_defender)
            active = seated.active_seats
            self._seating[key] = (opening_leader(seated), {seat: seated._next_active(seat) for seat in active},
                                  len(active))
        return self._seating[key]

    def suits(self, trump) -> dict:
        """Each card's suit in play under `trump`: the bowers' and the joker's are trump's (C2, C3)."""
        if trump not in self._suits:
            self._suits[trump] = {text: suit_in_play(card, trump) for text, card in self.card.items()}
        return self._suits[trump]

    def powers(self, trump) -> dict:
        """For each card led under `trump`, each card's power in that trick (C13)."""
        if trump not in self._powers:
            by_suit = {led: {text: power(card, trump, led) for text, card in self.card.items()}
                       for led in {suit_in_play(card, trump) for card in self.card.values()}}
            self._powers[trump] = {text: by_suit[suit_in_play(card, trump)] for text, card in self.card.items()}
        return self._powers[trump]


class _Hand:
    """The moving parts of one hand, as plain values that the steps change in place."""

    __slots__ = ("replay", "start", "rules", "dealer", "phase", "to_act", "hands", "history", "actors", "trump",
                 "maker", "picked_up", "discard", "lone_maker", "lone_partner", "lone_defender", "answers",
                 "dummy", "set_aside", "tricks", "tricks_won", "next_seat", "in_trick", "suit_of")

    def __init__(self, replay: QuickReplay, start: HandState):
        self.replay, self.start, self.rules, self.dealer = replay, start, start.rules, start.dealer
        self.phase, self.to_act = start.phase, start.to_act
        self.hands = [[card.ascii for card in cards] for cards in start.hands]
        self.dummy = None if start.dummy is None else [card.ascii for card in start.dummy]
        self.history, self.actors = [], []
        self.trump = self.maker = self.picked_up = self.discard = self.lone_defender = None
        self.lone_maker = self.lone_partner = False
        self.answers = ()  # (seat, alone) for each going-alone answer (C10)
        self.set_aside = ()
        self.tricks, self.tricks_won = [], [0] * start.rules.players

    def finished(self) -> HandState:
        """The HandState of the finished hand, as the engine's last apply leaves it."""
        card = self.replay.card

        def cards(texts):
            return None if texts is None else tuple(map(card.__getitem__, texts))

        return HandState(rules=self.rules, dealer=self.dealer, deal=self.start.deal, phase=Phase.DONE, to_act=None,
                         hands=tuple(map(cards, self.hands)), history=tuple(self.history), actors=tuple(self.actors),
                         trump=self.trump, maker=self.maker, picked_up=self.picked_up,
                         discard=None if self.discard is None else card[self.discard], lone_maker=self.lone_maker,
                         lone_partner=self.lone_partner, lone_defender=self.lone_defender, dummy=cards(self.dummy),
                         set_aside=cards(self.set_aside), tricks=tuple(self.tricks), trick=None,
                         tricks_won=tuple(self.tricks_won))


# -- the steps: each takes (action, verb, what it carries) and says whether the engine takes it too ------------


def _next_bidder(hand: _Hand) -> int | None:
    """The seat that bids after the one to act, or None after the dealer (C6, C8)."""
    order = bidders(hand.rules, hand.dealer)
    later = order.index(hand.to_act) + 1
    return order[later] if later < len(order) else None


def _round_one(hand: _Hand, known) -> bool:
    _, verb, _ = known
    if verb is Verb.ORDER:
        hand.maker, hand.trump = hand.to_act, hand.start.up_card.suit
        hand.phase, hand.to_act = Phase.PICKUP, hand.dealer
        return True
    if verb is not Verb.PASS:
        return False
    later = _next_bidder(hand)
    if later is None:
        hand.phase, hand.to_act = Phase.ROUND_TWO, bidders(hand.rules, hand.dealer)[0]
    else:
        hand.to_act = later
    return True


def _pickup(hand: _Hand, known) -> bool:
    _, verb, card = known
    rules, dealer = hand.rules, hand.dealer
    if verb is Verb.DECLINE:
        if not dealer_may_decline(rules, hand.maker, dealer):
            return False
        hand.picked_up = False
        return _after_trump(hand)
    up_card, five = hand.start.up_card.ascii, hand.hands[dealer]
    if verb is not Verb.PICKUP or card not in discard_choices(rules, five, up_card):
        return False
    hand.hands[dealer] = [other for other in five + [up_card] if other != card]
    hand.picked_up, hand.discard = True, card
    return _after_trump(hand)


def _round_two(hand: _Hand, known) -> bool:
    _, verb, suit = known
    seat = hand.to_act
    if verb is Verb.PASS:
        if must_call(hand.rules, seat, hand.dealer):
            return False
        later = _next_bidder(hand)
        if later is None:  # thrown in (C9)
            hand.phase, hand.to_act = Phase.DONE, None
        else:
            hand.to_act = later
        return True
    # Round two follows every seat passing in round one, so the up-card's suit was turned down (C8).
    if verb is not Verb.CALL or suit not in nameable_suits(hand.rules, hand.start.up_card.suit):
        return False
    hand.trump, hand.maker = suit, seat
    return _after_trump(hand)


def _after_trump(hand: _Hand) -> bool:
    asked = hand.replay.asked(hand.maker, ())
    if asked is None:
        return _after_announcements(hand)
    hand.phase, hand.to_act = Phase.GOING_ALONE, asked
    return True


def _going_alone(hand: _Hand, known) -> bool:
    _, verb, _ = known
    seat = hand.to_act
    if verb is not Verb.ALONE and verb is not Verb.STAY:
        return False
    alone = verb is Verb.ALONE
    if alone and (seat == hand.maker or seat == hand.rules.partner(hand.maker)):  # one of the makers (C10, F3)
        hand.lone_maker, hand.lone_partner = True, seat != hand.maker
    elif alone:
        hand.lone_defender = seat
    hand.answers += ((seat, alone),)
    asked = hand.replay.asked(hand.maker, hand.answers)
    if asked is None:
        return _after_announcements(hand)
    hand.to_act = asked
    return True


def _after_announcements(hand: _Hand) -> bool:
    if hand.rules.has_dummy and not hand.lone_maker:
        hand.phase, hand.to_act = Phase.DUMMY, hand.maker
        return True
    return _start_play(hand)


def _keep(hand: _Hand, known) -> bool:
    _, verb, chosen = known
    if verb is not Verb.KEEP:
        return False
    ten = hand.hands[hand.maker] + hand.dummy  # the maker's five and the dummy's (T5)
    if len(chosen) != HAND_SIZE or len(set(chosen)) != HAND_SIZE or any(card not in ten for card in chosen):
        return False
    hand.hands[hand.maker] = [card for card in ten if card in chosen]
    hand.set_aside = [card for card in ten if card not in chosen]
    hand.dummy = None
    return _start_play(hand)


def _start_play(hand: _Hand) -> bool:
    """The play begins (C11); a lone player's call for best would come first, which the engine replays (R3)."""
    if hand.rules.call_for_best and (hand.lone_maker or hand.lone_defender is not None):
        return False
    replay = hand.replay
    leader, hand.next_seat, hand.in_trick = replay.seating(hand)
    hand.suit_of = replay.suits(hand.trump)
    hand.phase, hand.to_act = Phase.PLAY, leader
    return True


def _play(hand: _Hand, tokens) -> bool:
    """The tricks (C12, C13), played from the rest of the record's tokens: a finished hand ends with its last."""
    replay, hands, suit_of, next_seat, in_trick = hand.replay, hand.hands, hand.suit_of, hand.next_seat, hand.in_trick
    remembered, card_of, tricks, tricks_won = replay._actions, replay.card, hand.tricks, hand.tricks_won
    powers_after = replay.powers(hand.trump)
    add_action, add_actor = hand.history.append, hand.actors.append
    seat = leader = hand.to_act
    cards, seats, led = [], [], None
    for token in tokens:
        known = remembered.get(token) if type(token) is str else None
        if known is None:
            known = replay._action(token)
        if known is None or len(tricks) == TRICKS_PER_HAND:
            return False
        action, verb, card = known
        held = hands[seat]
        if verb is not _PLAY or card not in held:
            return False
        if not cards:
            led = suit_of[card]
        elif suit_of[card] is not led and any(suit_of[other] is led for other in held):
            return False  # the suit led must be followed by whoever can (C12)
        held.remove(card)
        cards.append(card)
        seats.append(seat)
        add_action(action)
        add_actor(seat)
        if len(cards) < in_trick:
            seat = next_seat[seat]
            continue
        powers = powers_after[cards[0]]  # the trick is complete: the highest card wins it (C13)
        strength = [powers[card] for card in cards]
        seat = leader_next = seats[strength.index(max(strength))]
        tricks.append(Trick(leader, tuple(map(card_of.__getitem__, cards)), tuple(seats), leader_next))
        tricks_won[leader_next] += 1
        leader, cards, seats = leader_next, [], []
    return len(tricks) == TRICKS_PER_HAND


_PLAY = Verb.PLAY
# The step of each phase of the bidding; the play has its own loop. A hand over (DONE) takes no step, and
# the joker's call (C3) and the call for best (R3), rare, are never reached: the engine replays those hands.
_STEPS = {Phase.ROUND_ONE: _round_one, Phase.PICKUP: _pickup, Phase.ROUND_TWO: _round_two,
          Phase.GOING_ALONE: _going_alone, Phase.DUMMY: _keep}
