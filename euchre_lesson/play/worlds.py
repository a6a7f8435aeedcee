"""Possible worlds: full deals consistent with what one seat has seen, for the expert and advice."""

from __future__ import annotations

import random

from ..engine.actions import Verb, parse_action
from ..engine.cards import Card, Suit, deck
from ..engine.hand import Deal, HandState, Phase, deal_hand
from ..engine.ranking import effective_suit
from ..engine.view import View
from .rule_of_thumb import RuleOfThumbPlayer


def voids(view: View) -> dict[int, set[Suit]]:
    """Suits each seat has shown it lacks, by failing to follow them (C12)."""
    out: dict[int, set[Suit]] = {seat: set() for seat in range(view.players)}
    tricks = view.tricks + ((view.trick,) if view.trick and view.trick.cards else ())
    for trick in tricks:
        led = effective_suit(trick.cards[0], view.trump)
        for card, seat in zip(trick.cards[1:], trick.seats[1:]):
            if effective_suit(card, view.trump) is not led:
                out[seat].add(led)
    return out


class PlayWorlds:
    """Deals in trick play that agree with one view: same cards seen, voids respected.

    The dealer who picked up is taken to have kept the up-card, as any sensible dealer does,
    unless the dealer has shown a void in trump since. Everything that is the same for every
    world of the view is worked out once, here.
    """

    def __init__(self, view: View):
        if view.phase is not Phase.PLAY:
            raise ValueError(f"sampling a world for trick play needs a hand in play, not {view.phase}")
        self.view = view
        trump, seat = view.trump, view.seat
        known, sizes = view.seen, view.hand_sizes
        self.others = [s for s in range(view.players) if s != seat and s not in view.sitting_out]
        self.fixed: dict[int, list[Card]] = {s: [] for s in self.others}
        lacking = voids(view)
        # The up-card is with the dealer, unless the dealer has shown no trump since or has no card left.
        if (view.picked_up and view.dealer in self.fixed and view.up_card not in view.played
                and trump not in lacking[view.dealer] and sizes[view.dealer] > 0):
            self.fixed[view.dealer].append(view.up_card)
        self.need = {s: sizes[s] - len(self.fixed[s]) for s in self.others}
        self.pool = [c for c in deck(view.rules.deck) if c not in known]
        self.eligible = {c: [s for s in self.others if effective_suit(c, trump) not in lacking[s]] for c in self.pool}
        self.free = all(len(seats) == len(self.others) for seats in self.eligible.values())

    def sample(self, rng: random.Random, tries: int = 200) -> HandState:
        """One world, drawn at random."""
        pool = self.pool
        for _ in range(tries):
            rng.shuffle(pool)
            hands = {s: list(self.fixed[s]) for s in self.others}
            if self.free:  # nobody has shown a void: deal the shuffled cards in turn
                start = 0
                for s in self.others:
                    hands[s] += pool[start:start + self.need[s]]
                    start += self.need[s]
                break
            # Cards that few seats can hold are placed first, so a void never strands a card.
            for card in sorted(pool, key=lambda c: len(self.eligible[c])):
                room = [s for s in self.eligible[card] for _ in range(self.need[s] + len(self.fixed[s]) - len(hands[s]))]
                if room:
                    hands[rng.choice(room)].append(card)
            if all(len(hands[s]) == self.need[s] + len(self.fixed[s]) for s in self.others):
                break
        else:
            raise ValueError("no deal agrees with this view")  # cannot happen for a view of a real hand
        view = self.view
        return _play_state(view, tuple(view.hand if s == view.seat else tuple(hands.get(s, ()))
                                       for s in range(view.players)))


def sample_play_world(view: View, rng: random.Random) -> HandState:
    """One deal in trick play that agrees with the view (see PlayWorlds)."""
    return PlayWorlds(view).sample(rng)


def _play_state(view: View, hands) -> HandState:
    """A HandState in trick play with the given hands and everything public from the view."""
    blank = Deal(hands, None, (view.up_card,))
    return HandState(rules=view.rules, dealer=view.dealer, deal=blank, phase=Phase.PLAY, to_act=view.to_act,
                     hands=hands, trump=view.trump, maker=view.maker, picked_up=view.picked_up,
                     lone_maker=view.lone_maker, lone_partner=view.lone_partner, lone_defender=view.lone_defender,
                     tricks=view.tricks,
                     trick=view.trick, tricks_won=view.tricks_won)


def sample_world(view: View, rng: random.Random) -> HandState:
    """A full hand agreeing with the view, in any phase; unseen cards are dealt at random.

    Before the play, the public words of the hand are replayed into the new deal; what another seat laid
    down or passed face down and this seat did not see (a dealer's discard, a keep, a card given or
    discarded in a call for best) is chosen as the rule-of-thumb player would (C7, T5, R3).
    """
    if view.phase is Phase.PLAY:
        return sample_play_world(view, rng)
    if view.phase is Phase.DONE:
        raise ValueError("the hand is over: there is nothing left to decide")
    dealt, placed = dealt_hand(view), cards_given_to(view)
    seen = set(dealt) | {view.up_card} | set(view.dummy or ()) | {card for _, card in placed}
    unseen = [c for c in deck(view.rules.deck) if c not in seen]
    rng.shuffle(unseen)
    known = {giver: [card] for giver, card in placed if card != view.up_card}  # the up-card came from the kitty
    hands = [tuple(dealt) if s == view.seat else tuple(known.get(s, []) + [unseen.pop() for _ in
                                                                          range(5 - len(known.get(s, [])))])
             for s in range(view.players)]
    dummy = None
    if view.rules.has_dummy:
        dummy = view.dummy if view.dummy is not None else tuple(unseen.pop() for _ in range(5))
    state = deal_hand(view.rules, view.dealer, deal=Deal(tuple(hands), dummy, (view.up_card, *unseen)))
    for actor, token in view.said:
        verb = Verb._value2member_map_.get(token)
        if verb is not None and verb.carries is not None:  # face down to this seat: chosen as a player would
            token = _face_down_choice(state, {card for _, card in placed})
        state = state.apply(token)
    return state


def _face_down_choice(state: HandState, needed: set[Card]):
    """What the seat to act laid down or passed unseen, chosen by the rule of thumb; never a card this seat saw
    given to it later (R3), which the world must keep where it was."""
    choice = RuleOfThumbPlayer().choose(state.view(state.to_act))
    if choice.card not in needed:
        return choice
    return next(action for action in state.legal_actions() if action.card not in needed)


def dealt_hand(view: View) -> list[Card]:
    """The five cards `view`'s seat was dealt, from what it holds now and what it did: each exchange of the hand
    undone, the last first (a call for best R3, the keep T5, the pick-up C7)."""
    gave = [action.card for action in _own(view, Verb.GIVE)]
    laid = [action.card for action in _own(view, Verb.DISCARD)]
    received = [card for _, card in cards_given_to(view)]
    held = list(view.hand) + laid + gave
    for card in received:
        held.remove(card)
    if view.set_aside:  # the maker who took the dummy kept five of the ten (T5)
        held = [card for card in held + list(view.set_aside) if card not in view.dummy]
    if view.discard is not None:  # the dealer who picked up (C7)
        held = [card for card in held if card != view.up_card] + [view.discard]
    return held


def cards_given_to(view: View) -> list[tuple[int, Card]]:
    """(giver, card) for each card given to `view`'s seat in a call for best (R3)."""
    return [(actor, action.card) for actor, action in _heard(view, Verb.GIVE) if actor != view.seat]


def _own(view: View, verb: Verb) -> list:
    return [action for actor, action in _heard(view, verb) if actor == view.seat]


def _heard(view: View, verb: Verb) -> list:
    """(actor, action) for each action of `verb` this seat heard in full (its own, or a card given to it)."""
    return [(actor, parse_action(token)) for actor, token in view.said
            if token.startswith(f"{verb} ") and token.split()[0] == verb]
