"""Possible worlds: full deals consistent with what one seat has seen, for the expert and advice."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import NamedTuple

from ..engine.actions import Action, Verb, parse_action, verb_named
from ..engine.cards import Card, Rank, Suit, deck, fixed_suit
from ..engine.hand import Deal, HandState, deal_hand
from ..engine.phases import Phase
from ..engine.ranking import bower, effective_suit, is_trump
from ..engine.view import View
from .dummy import best_five
from .rule_of_thumb import RuleOfThumbPlayer


def voids(view: View) -> dict[int, set[Suit]]:
    """Suits each seat has shown it lacks, by failing to follow them (C12)."""
    out: dict[int, set[Suit]] = {seat: set() for seat in range(view.players)}
    if view.trump is None:  # no trick is played before trump is made
        return out
    tricks = view.tricks + ((view.trick,) if view.trick and view.trick.cards else ())
    for trick in tricks:
        led = effective_suit(trick.cards[0], view.trump)
        for card, seat in zip(trick.cards[1:], trick.seats[1:]):
            if effective_suit(card, view.trump) is not led:
                out[seat].add(led)
    return out


class PlayWorlds:
    """Deals in trick play that agree with one view: same cards seen, voids respected, fitted to the bidding.

    The dealer who picked up is taken to have kept the up-card, as any sensible dealer does,
    unless the dealer has shown a void in trump since. Everything that is the same for every
    world of the view is worked out once, here.
    """

    def __init__(self, view: View) -> None:
        if view.phase is not Phase.PLAY:
            raise ValueError(f"sampling a world for trick play needs a hand in play, not {view.phase}")
        self.view = view
        trump, seat = view.trump, view.seat
        known, sizes = view.seen, view.hand_sizes
        self.others = [s for s in range(view.players) if s != seat and s not in view.sitting_out]
        self.fixed: dict[int, list[Card]] = {s: [] for s in self.others}
        lacking = voids(view)
        # The up-card is with the dealer, unless the dealer has shown no trump since or has no card left.
        if (
            view.picked_up
            and view.dealer in self.fixed
            and view.up_card not in view.played
            and trump not in lacking[view.dealer]
            and sizes[view.dealer] > 0
        ):
            self.fixed[view.dealer].append(view.up_card)
        self.need = {s: sizes[s] - len(self.fixed[s]) for s in self.others}
        self.pool = [c for c in deck(view.rules.deck) if c not in known]
        self.eligible = {c: [s for s in self.others if effective_suit(c, trump) not in lacking[s]] for c in self.pool}
        self.no_voids = all(len(seats) == len(self.others) for seats in self.eligible.values())
        self.played = {s: played_by(view, s) for s in self.others}
        self.fitting: Fitting | None = None  # worked out at the first world: a card played alone needs none
        # Another seat made trump and took the dummy (T5): it holds the five the rule of thumb keeps of ten.
        self.dummy_maker = view.maker if view.laid_aside and view.maker in self.fixed else None

    def sample(self, rng: random.Random, tries: int = 200, check: Callable[[], None] | None = None) -> HandState:
        """One world, drawn at random, then fitted to the others' bidding (see Fitting); `check`: as Fitting's."""
        if self.fitting is None:
            self.fitting = Fitting(public_bids(self.view), self, self._cards_when_bid)
        hands = self._hands(rng, tries)
        if self.dummy_maker is not None:
            hands = self._kept(hands, rng)
        hands = self.fitting.fitted(hands, rng, check)
        view = self.view
        return _play_state(
            view, tuple(view.hand if s == view.seat else tuple(hands.get(s, ())) for s in range(view.players))
        )

    def _kept(self, hands: dict[int, list[Card]], rng: random.Random) -> dict[int, list[Card]]:
        """The hands with the dummy-taking maker's made the five the rule of thumb keeps of its ten (T5): those it
        holds and has played, with the five laid aside drawn from the cards out of play. Unchanged if that five
        would drop a card the maker is known to hold or take one it cannot (a void)."""
        maker, view = self.dummy_maker, self.view
        if maker is None:
            return hands
        taken = {c for cards in hands.values() for c in cards}
        out = [c for c in self.pool if c not in taken]
        if len(out) < view.laid_aside:
            return hands
        aside = rng.sample(out, view.laid_aside)
        five = best_five(hands[maker] + self.played[maker] + aside, fixed_suit(view.trump)).cards
        held = [c for c in five if c not in self.played[maker]]
        if (
            len(held) != len(hands[maker])
            or not set(self.fixed[maker]) <= set(held)
            or any(maker not in self.eligible[c] for c in held if c in aside)
        ):
            return hands
        return {**hands, maker: held}

    def _cards_when_bid(
        self, seat: int, hands: dict[int, list[Card]], rng: random.Random, after_pickup: bool
    ) -> list[Card]:
        """`seat`'s cards when it bid: those it holds and has played; before the dealer's pick-up, with the up-card
        swapped for the unseen discard, drawn from the cards out of play."""
        view, up = self.view, self.view.up_card
        held = hands[seat] + self.played[seat]
        if after_pickup or not (view.picked_up and seat == view.dealer and up in held):
            return held
        taken = {c for cards in hands.values() for c in cards}
        spare = [c for c in self.pool if c not in taken]
        return [c for c in held if c != up] + [rng.choice(spare)] if spare else held

    def _hands(self, rng: random.Random, tries: int) -> dict[int, list[Card]]:
        """The other seats' hands in one world drawn at random, voids respected."""
        pool = self.pool
        for _ in range(tries):
            rng.shuffle(pool)
            hands = {s: list(self.fixed[s]) for s in self.others}
            if self.no_voids:  # nobody has shown a void: deal the shuffled cards in turn
                start = 0
                for s in self.others:
                    hands[s] += pool[start : start + self.need[s]]
                    start += self.need[s]
                break
            # Cards that few seats can hold are placed first, so a void never strands a card.
            for card in sorted(pool, key=lambda c: len(self.eligible[c])):
                room = [
                    s for s in self.eligible[card] for _ in range(self.need[s] + len(self.fixed[s]) - len(hands[s]))
                ]
                if room:
                    hands[rng.choice(room)].append(card)
            if all(len(hands[s]) == self.need[s] + len(self.fixed[s]) for s in self.others):
                break
        else:
            raise ValueError("no deal agrees with this view")  # cannot happen for a view of a real hand
        return hands


class BiddingWorlds:
    """Deals before the play that agree with one view and fit the others' bidding so far; the hand's public
    words are replayed into each (see sample_world)."""

    def __init__(self, view: View) -> None:
        if view.phase in (Phase.PLAY, Phase.DONE):
            raise ValueError(f"sampling a world before the play needs a hand in the bidding, not {view.phase}")
        self.view = view
        self.dealt, self.placed, self.pool, self.fixed = before_the_play(view)
        self.others = list(self.fixed)
        self.eligible = {c: self.others for c in self.pool}
        self.fitting = Fitting(public_bids(view), self, self._cards_when_bid)

    def sample(self, rng: random.Random, check: Callable[[], None] | None = None) -> HandState:
        """One world: unseen cards dealt at random, fitted to the bidding, the public words replayed into it
        (`check`: as Fitting's)."""
        rng.shuffle(self.pool)
        rest = iter(self.pool)
        hands = {s: self.fixed[s] + [next(rest) for _ in range(5 - len(self.fixed[s]))] for s in self.others}
        hands = self.fitting.fitted(hands, rng, check)
        taken = {c for cards in hands.values() for c in cards}
        spare = [c for c in self.pool if c not in taken]
        *_, (state, _, _) = said_again(self.view, deal_of(self.view, self.dealt, hands, spare), self.placed)
        return state

    def _cards_when_bid(
        self, seat: int, hands: dict[int, list[Card]], rng: random.Random, after_pickup: bool
    ) -> list[Card]:
        """`seat`'s cards when it bid: as dealt; after the dealer's pick-up, the up-card and the best four (C7)."""
        view = self.view
        if not after_pickup:
            return hands[seat]
        return list(best_five(hands[seat] + [view.up_card], fixed_suit(view.trump), keeping=view.up_card).cards)


def worlds_of(view: View) -> PlayWorlds | BiddingWorlds:
    """The worlds of a view, in trick play or before it: sample(rng) draws one."""
    if view.phase is Phase.DONE:
        raise ValueError("the hand is over: there is nothing left to decide")
    return PlayWorlds(view) if view.phase is Phase.PLAY else BiddingWorlds(view)


def _play_state(view: View, hands: tuple[tuple[Card, ...], ...]) -> HandState:
    """A HandState in trick play with the given hands and everything public from the view."""
    blank = Deal(hands, None, (view.up_card,))
    return HandState(
        rules=view.rules,
        dealer=view.dealer,
        deal=blank,
        phase=Phase.PLAY,
        to_act=view.to_act,
        hands=hands,
        trump=view.trump,
        maker=view.maker,
        picked_up=view.picked_up,
        lone_maker=view.lone_maker,
        lone_partner=view.lone_partner,
        lone_defender=view.lone_defender,
        tricks=view.tricks,
        trick=view.trick,
        tricks_won=view.tricks_won,
    )


def sample_world(view: View, rng: random.Random) -> HandState:
    """A full hand agreeing with the view, in any phase; unseen cards are dealt at random, then fitted to what
    the others bid, taken to bid as the rule of thumb does (see Fitting).

    Before the play, the public words of the hand are replayed into the new deal; what another seat laid
    down or passed face down and this seat did not see (a dealer's discard, a keep, a card given or
    discarded in a call for best) is chosen as the rule-of-thumb player would (C7, T5, R3).
    """
    return worlds_of(view).sample(rng)


def deal_of(view: View, dealt: list[Card], hands: dict[int, list[Card]], spare: list[Card]) -> Deal:
    """The deal with this seat's dealt cards, the others' `hands`, and the `spare` cards in the dummy and kitty."""
    dummy = None
    if view.rules.has_dummy:
        dummy = view.dummy if view.dummy is not None else tuple(spare[:5])
        spare = spare if view.dummy is not None else spare[5:]
    cards = tuple(tuple(dealt) if s == view.seat else tuple(hands[s]) for s in range(view.players))
    return Deal(cards, dummy, (view.up_card, *spare))


def said_again(
    view: View, deal: Deal, placed: list[tuple[int, Card]]
) -> Iterator[tuple[HandState, int | None, str | None]]:
    """(state, actor, token) before each public word of the hand, said again in `deal` (which agrees with the
    view as it was before the play); last (state, None, None), the state after them all."""
    state = deal_hand(view.rules, view.dealer, deal=deal)
    for actor, token in view.said:
        yield state, actor, token
        verb = verb_named(token)
        said: Action | str = token
        if verb is not None and verb.carries is not None:  # face down to this seat: chosen as a player would
            said = _face_down_choice(state, {card for _, card in placed})
        state = state.apply(said)
    yield state, None, None


# -- inference from the bidding: the others are taken to bid as the rule of thumb does -------------------

BIDDING = frozenset({Phase.ROUND_ONE, Phase.ROUND_TWO, Phase.JOKER_CALL, Phase.GOING_ALONE})  # words that tell
MISFIT = 0.1  # a world is kept with this weight for each bid of the others the rule of thumb would not have made
SWAPS = 40  # swaps of cards tried at most to fit one world to the bidding
# What a card adds to a bidder's count (rule_of_thumb.count), by (bower, trump, ace); the top trump most, as going
# alone needs it.
COUNTED = {
    ("joker", True, False): 3,
    ("right", True, False): 3,
    ("left", True, False): 2,
    (None, True, False): 1,
    (None, True, True): 1,
    (None, False, True): 1,
}


class HeardBid(NamedTuple):
    """A public word of another seat, with the view that seat had when it said it (its cards to be filled in)."""

    actor: int
    view: View
    token: str
    after_pickup: bool  # the dealer's word after taking the up-card: said holding it


def before_the_play(view: View) -> tuple[list[Card], list[tuple[int, Card]], list[Card], dict[int, list[Card]]]:
    """What this seat knows of the deal: its dealt five, the cards given to it (giver, card), the cards it has
    not seen, and for each other seat the cards known to have been dealt to it (one it gave this seat, R3)."""
    dealt, placed = dealt_hand(view), cards_given_to(view)
    seen = set(dealt) | {view.up_card} | set(view.dummy or ()) | {card for _, card in placed}
    unseen = [c for c in deck(view.rules.deck) if c not in seen]
    # A card given to this seat was in the giver's hand (the up-card came from the kitty).
    fixed = {
        s: [card for giver, card in placed if giver == s and card != view.up_card]
        for s in range(view.players)
        if s != view.seat
    }
    return dealt, placed, unseen, fixed


def public_bids(view: View) -> list[HeardBid]:
    """The others' words that tell of their cards, each with its seat's view then: from its words said again in a deal
    that depends on nothing hidden (the cards in it are replaced by each world's)."""
    dealt, placed, unseen, fixed = before_the_play(view)
    hands = {s: cards + [unseen.pop() for _ in range(5 - len(cards))] for s, cards in fixed.items()}
    bids = []
    for state, actor, token in said_again(view, deal_of(view, dealt, hands, unseen), placed):
        if actor is not None and token is not None and actor != view.seat and state.phase in BIDDING:
            bids.append(HeardBid(actor, state.view(actor), token, actor == state.dealer and bool(state.picked_up)))
    return bids


class Fitting:
    """The others' hands in a world, fitted to their bidding: kept with weight MISFIT per bid the rule of thumb
    would not have made with them; else unseen cards are swapped between seats (and those out of play), a swap
    that fits worse seldom taken, until they fit or SWAPS have been tried. A world is always found: at worst
    the best fit the walk reached."""

    def __init__(
        self,
        bids: list[HeardBid],
        worlds: PlayWorlds | BiddingWorlds,
        cards_when_bid: Callable[[int, dict[int, list[Card]], random.Random, bool], list[Card]],
    ) -> None:
        # cards_when_bid(seat, hands, rng, after_pickup): that seat's cards when it bid, in a world of `hands`
        self.worlds, self.cards_when_bid = worlds, cards_when_bid
        self.bids = [bid for bid in bids if bid.actor in worlds.others]

    def fitted(
        self, hands: dict[int, list[Card]], rng: random.Random, check: Callable[[], None] | None = None
    ) -> dict[int, list[Card]]:
        """The hands fitted to the bidding; `check()`, if given, is called before each swap and raises to stop."""
        if not self.bids:
            return hands
        missed = {s: self.misfits(s, hands, rng) for s in self.worlds.others}
        total = sum(missed.values())
        if total == 0 or rng.random() < MISFIT**total:
            return hands
        for _ in range(SWAPS):
            if check is not None:  # each swap asks the rule of thumb again: the slowest part of a world
                check()
            trial = self._swapped(hands, [s for s in missed if missed[s]], rng)
            if trial is None:
                continue
            now = dict(missed)
            now.update({s: self.misfits(s, trial[0], rng) for s in trial[1]})
            if sum(now.values()) <= total or rng.random() < MISFIT ** (sum(now.values()) - total):
                hands, missed, total = trial[0], now, sum(now.values())
                if total == 0:
                    break
        return hands

    def _swapped(
        self, hands: dict[int, list[Card]], wrong: list[int], rng: random.Random
    ) -> tuple[dict[int, list[Card]], list[int]] | None:
        """The hands with a card of a seat that misfits swapped for an unseen card that brings it nearer its bid
        (another seat's or one out of play), voids respected; and the seats changed. None if a void forbids."""
        worlds, seat = self.worlds, rng.choice(wrong)
        taken = {c for cards in hands.values() for c in cards}
        theirs: list[tuple[Card, int | None]] = [
            (c, s) for s in worlds.others if s != seat for c in hands[s] if c not in worlds.fixed[s]
        ]
        theirs += [(c, None) for c in worlds.pool if c not in taken]
        mine = [c for c in hands[seat] if c not in worlds.fixed[seat]]
        if not mine or not theirs:
            return None
        worth = self._worth(seat, hands, rng)
        least = min(map(worth, mine))
        mine = [c for c in mine if worth(c) == least]
        theirs = [(c, s) for c, s in theirs if worth(c) > least] or theirs
        card, (other, holder) = rng.choice(mine), rng.choice(theirs)
        if seat not in worlds.eligible[other] or (holder is not None and holder not in worlds.eligible[card]):
            return None
        out = dict(hands)
        out[seat] = [other if c == card else c for c in hands[seat]]
        if holder is not None:
            out[holder] = [card if c == other else c for c in hands[holder]]
        return out, [s for s in (seat, holder) if s is not None]

    def _worth(self, seat: int, hands: dict[int, list[Card]], rng: random.Random) -> Callable[[Card], int]:
        """How much a card would bring `seat` nearer its first bid that misfits: for a word stronger than the
        rule of thumb's (an order, a call, alone), what it adds to the count (the top trump most); for a weaker
        one, the opposite."""
        for bid in self.bids:
            if bid.actor == seat and self.misfits(seat, hands, rng, [bid]):
                said = parse_action(bid.token)
                suit = said.suit or bid.view.trump or bid.view.up_card.suit
                sign = 1 if said.kind in (Verb.ORDER, Verb.CALL, Verb.ALONE) else -1
                return lambda card: (
                    sign * COUNTED.get((bower(card, suit), is_trump(card, suit), card.rank is Rank.ACE), 0)
                )
        return lambda card: 0

    def misfits(
        self, seat: int, hands: dict[int, list[Card]], rng: random.Random, bids: Sequence[HeardBid] | None = None
    ) -> int:
        """How many of `seat`'s bids (or of `bids`) the rule of thumb would not have made with these cards."""
        mine = [bid for bid in bids or self.bids if bid.actor == seat]
        if not mine:
            return 0
        player, cards = RuleOfThumbPlayer(), {}
        for bid in mine:  # before and after a pick-up: each worked out once
            if bid.after_pickup not in cards:
                cards[bid.after_pickup] = tuple(self.cards_when_bid(seat, hands, rng, bid.after_pickup))
        return sum(str(player.choose(replace(bid.view, hand=cards[bid.after_pickup]))) != bid.token for bid in mine)


def played_by(view: View, seat: int) -> list[Card]:
    """The cards `seat` has played this hand."""
    tricks = view.tricks + ((view.trick,) if view.trick else ())
    return [card for trick in tricks for card, who in zip(trick.cards, trick.seats) if who == seat]


def _face_down_choice(state: HandState, needed: set[Card]) -> Action:
    """What the seat to act laid down or passed unseen, chosen by the rule of thumb; never a card this seat saw
    given to it later (R3), which the world must keep where it was."""
    seat = state.to_act
    if seat is None:  # cannot be: a word of the hand is said by the seat to act
        raise ValueError("nobody is to act, so nobody lays a card down")
    choice = RuleOfThumbPlayer().choose(state.view(seat))
    if choice.card not in needed:
        return choice
    return next(action for action in state.legal_actions() if action.card not in needed)


def dealt_hand(view: View) -> list[Card]:
    """The five cards `view`'s seat was dealt, from what it holds and has played and what it did: each exchange
    of the hand undone, the last first (a call for best R3, the keep T5, the pick-up C7)."""
    gave = [action.card for action in _own(view, Verb.GIVE) if action.card is not None]
    discarded = [action.card for action in _own(view, Verb.DISCARD) if action.card is not None]
    received = [card for _, card in cards_given_to(view)]
    held = list(view.hand) + played_by(view, view.seat) + discarded + gave
    for card in received:
        held.remove(card)
    if view.set_aside:  # the maker who took the dummy kept five of the ten (T5)
        held = [card for card in held + list(view.set_aside) if card not in (view.dummy or ())]
    if view.discard is not None:  # the dealer who picked up (C7)
        held = [card for card in held if card != view.up_card] + [view.discard]
    return held


def cards_given_to(view: View) -> list[tuple[int, Card]]:
    """(giver, card) for each card given to `view`'s seat in a call for best (R3)."""
    return [
        (actor, action.card)
        for actor, action in _heard(view, Verb.GIVE)
        if actor != view.seat and action.card is not None  # a card given is always named to its receiver
    ]


def _own(view: View, verb: Verb) -> list[Action]:
    return [action for actor, action in _heard(view, verb) if actor == view.seat]


def _heard(view: View, verb: Verb) -> list[tuple[int, Action]]:
    """(actor, action) for each action of `verb` this seat heard in full (its own, or a card given to it)."""
    return [
        (actor, parse_action(token))
        for actor, token in view.said
        if token.startswith(f"{verb} ") and token.split()[0] == verb
    ]
