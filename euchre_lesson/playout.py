"""Fast random hands: deal and play whole hands with uniformly random legal actions.

`HandState` is built for lessons (immutable values, explanations); it plays about a
thousand random hands a second. This module plays the same hands tens of times faster
for statistics and benchmarks: cards are bits of an int, and every card fact comes from
tables computed once per deck by calling the engine's own `deck`, `effective_suit` and
`power`; points come from `score_hand`; the seat facts (defenders, who sits out, who
leads) from `HandState`'s own properties and `opening_leader`. Only the order of the
phases is written again here, each step citing its rule in RULES.md.

Every decision is drawn uniformly from exactly the actions `HandState.legal_actions()`
offers at that moment (tests/test_playout.py replays thousands of hands through the
engine and compares the sets step by step). Random numbers: `int(random() * n)` for a
choice among n (uniform to within n * 2**-53), and for the deal one `getrandbits`
integer with 64 bits to spare, read in mixed radix (uniform to within 2**-64).
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from functools import cache
from typing import NamedTuple

from . import checks
from .cards import Card, Suit, deck, sort_key
from .hand import (
    HAND_SIZE,
    KITTY_SIZES,
    TRICKS_PER_HAND,
    Deal,
    HandState,
    deal_hand,
    opening_leader,
)
from .ranking import effective_suit, power
from .rules import RuleSet
from .scoring import score_hand

SUITS = tuple(Suit)
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}
_KEEPS = tuple(itertools.combinations(range(2 * HAND_SIZE), HAND_SIZE))  # T5: any 5 of the 10
_CALLS = tuple(f"call {suit.value}" for suit in SUITS)


class DeckTables(NamedTuple):
    """Card facts for one deck size; a card is its index in `cards` (bit 1 << index)."""

    cards: tuple[Card, ...]  # in sort_key order, so a sorted keep is ascending indices
    plays: tuple[str, ...]  # [card]: the token "play X" (for traces)
    printed_suit: tuple[int | None, ...]  # suit index of each card, None for the joker
    follows: tuple[tuple[int, ...], ...]  # [trump][suit]: mask of the cards that count as that suit (C2, C3)
    effective: tuple[tuple[int, ...], ...]  # [trump][card]: the suit index a card counts as
    powers: tuple[tuple[tuple[int, ...], ...], ...]  # [trump][led][card]: strength in a trick (C13)
    low: tuple[tuple[int, ...], ...]  # mask of the low `split` bits -> its card indices
    high: tuple[tuple[int, ...], ...]  # the rest of the mask, shifted down -> its card indices
    split: int
    draw_bits: int  # random bits for one deal


def _bit_lists(width: int, offset: int) -> tuple[tuple[int, ...], ...]:
    """For every mask of `width` bits, the set bits (plus offset), ascending."""
    table = [()]
    for bit in range(width):
        table += [members + (bit + offset,) for members in table]
    return tuple(table)


@cache
def deck_tables(size: int) -> DeckTables:
    """The tables of a 24-, 32- or 25-card deck, from the engine's own card rules."""
    cards = tuple(sorted(deck(size), key=sort_key))
    n = len(cards)
    effective = tuple(tuple(_SUIT_INDEX[effective_suit(c, trump)] for c in cards) for trump in SUITS)
    follows = tuple(tuple(sum(1 << i for i in range(n) if effective[t][i] == s) for s in range(4))
                    for t in range(4))
    powers = tuple(tuple(tuple(power(c, trump, led) for c in cards) for led in SUITS) for trump in SUITS)
    split = (n + 1) // 2
    dealt = n - KITTY_SIZES[size] + 1  # the hands (and dummy), then the up-card (C5, T2)
    return DeckTables(
        cards=cards, plays=tuple(f"play {c.ascii}" for c in cards),
        printed_suit=tuple(None if c.is_joker else _SUIT_INDEX[c.suit] for c in cards),
        follows=follows, effective=effective, powers=powers,
        low=_bit_lists(split, 0), high=_bit_lists(n - split, split), split=split,
        draw_bits=math.prod(range(n - dealt + 1, n + 1)).bit_length() + 64)


class SeatPlan(NamedTuple):
    """Who plays, in what order, once the maker and any lone players are known."""

    followers: tuple[tuple[int, ...], ...]  # [leader]: the active seats after the leader, clockwise
    leaders: tuple[int, ...]  # [dealer]: who leads the first trick (C11)
    points: tuple[tuple[int, ...], ...]  # [maker's side tricks]: points per seat (T7, F4)


class RuleTables(NamedTuple):
    """Everything `random_hands` needs for one rule set."""

    rules: RuleSet
    players: int
    deck: DeckTables
    left: tuple[int, ...]  # [seat]: the seat to its left
    defenders: tuple[tuple[int, ...], ...]  # [maker]: asked to go alone in this order (C10)
    partner: tuple[int | None, ...]  # [maker]: the partner whose tricks count for the makers (F2)
    round_two_calls: tuple[tuple[int, ...], ...]  # [turned-down suit]: suits that may be named (C8)
    plans: dict  # (maker, lone maker, lone defender or -1) -> SeatPlan


@cache
def rule_tables(rules: RuleSet) -> RuleTables:
    """Seat and scoring tables for a rule set, read off `HandState` and `score_hand`."""
    players = rules.players
    table = deck_tables(rules.deck)
    # A template hand; the seat facts depend only on dealer, maker and lone players.
    template = deal_hand(rules, 0, seed=0)
    plans, defenders, partner = {}, [], []
    for maker in range(players):
        made = replace(template, maker=maker)
        defenders.append(made.defenders)
        partner.append(next((s for s in made.makers if s != maker), None))
        for lone_maker, lone_defender in itertools.product((False, True), (None,) + made.defenders):
            state = replace(made, lone_maker=lone_maker, lone_defender=lone_defender)
            active = state.active_seats
            followers = tuple(_clockwise_after(state, seat) if seat in active else () for seat in range(players))
            leaders = tuple(opening_leader(replace(state, dealer=d)) for d in range(players))
            row = [score_hand(rules, tricks, lone_maker, lone_defender is not None) for tricks in range(6)]
            points = tuple(tuple(p.makers if s in state.makers else p.defenders for s in range(players))
                           for p in row)
            key = (maker, lone_maker, -1 if lone_defender is None else lone_defender)
            plans[key] = SeatPlan(followers, leaders, points)
    calls = tuple(tuple(i for i, s in enumerate(SUITS) if s is not turned or rules.may_name_turned_suit)
                  for turned in SUITS)
    return RuleTables(rules, players, table, tuple(template.left_of(s) for s in range(players)),
                      tuple(defenders), tuple(partner), calls, plans)


def _clockwise_after(state: HandState, leader: int) -> tuple[int, ...]:
    seats, seat = [], state.next_active(leader)
    while seat != leader:
        seats.append(seat)
        seat = state.next_active(seat)
    return tuple(seats)


class Trace(NamedTuple):
    """One hand with every decision, as the simulator drew it."""

    rules: RuleSet
    dealer: int
    deal: Deal
    decisions: tuple  # (seat, token of an option, the options, index chosen); tokens made on demand
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]

    @property
    def steps(self) -> list[tuple[int, tuple[str, ...], str]]:
        """Each decision: who acted, the legal tokens offered (ASCII notation), the token chosen."""
        return [(seat, tuple(map(token, options)), token(options[k])) for seat, token, options, k in self.decisions]

    @property
    def tokens(self) -> list[str]:
        """The hand's actions in ASCII notation, as a hand record lists them."""
        return [token(options[k]) for _, token, options, k in self.decisions]

    def record(self) -> dict:
        """The hand record of RULES.md (Notation)."""
        return {"rules": self.rules.game, "switches": self.rules.switches(), "dealer": self.dealer,
                "deal": self.deal.record(), "actions": self.tokens}


MOST_HANDS = 10**7  # about two minutes of play: a larger count is a slip of the keyboard


def random_hands(rules: RuleSet, count: int, seed: int = 0) -> list[tuple[int, ...]]:
    """Deal and play `count` random hands; the points per seat of each (all 0 if thrown in)."""
    checks.rules("rules", rules)
    checks.whole("count", count, 0, MOST_HANDS)
    checks.seed("seed", seed)
    t = rule_tables(rules)
    rng = random.Random(seed)
    rnd, bits = rng.random, rng.getrandbits
    return [_hand(t, rnd, bits, None) for _ in range(count)]


def random_hand_tokens(rules: RuleSet, seed: int) -> Trace:
    """One random hand (the first that `random_hands(rules, 1, seed)` plays), step by step."""
    checks.rules("rules", rules)
    checks.seed("seed", seed)
    t = rule_tables(rules)
    rng = random.Random(seed)
    decisions, extra = [], {}
    points = _hand(t, rng.random, rng.getrandbits, (decisions, extra))
    return Trace(rules, extra["dealer"], extra["deal"], tuple(decisions), points, extra["tricks_won"])


def _hand(t: RuleTables, rnd, bits, trace) -> tuple[int, ...]:
    """Play one hand; with `trace` = (decisions, extra), note every decision and the deal."""
    players, left, d = t.players, t.left, t.deck
    low, high, split = d.low, d.high, d.split
    low_mask = (1 << split) - 1
    dealer = int(rnd() * players)  # C4

    # C5, T2: five cards to each seat (and to the cutthroat dummy, packet `players`), one turned up.
    x = bits(d.draw_bits)
    pool = list(range(len(d.cards)))
    hands = []
    for _ in range(players + t.rules.has_dummy):
        hand = 0
        for _ in range(HAND_SIZE):
            x, j = divmod(x, len(pool))
            hand |= 1 << pool.pop(j)
        hands.append(hand)
    up = pool.pop(x % len(pool))
    if trace is not None:
        decisions, extra = trace
        extra["dealer"], extra["deal"] = dealer, _deal(t, hands, up, pool)

    up_suit = d.printed_suit[up]
    maker = -1
    if up_suit is None:
        # C3: the joker turned up; the dealer names any suit and must take the joker.
        maker, trump = dealer, int(rnd() * 4)
        if trace is not None:
            decisions.append((dealer, str, _CALLS, trump))
    else:
        seat = dealer
        for _ in range(players):  # C6: round one from the dealer's left, pass or order
            seat = left[seat]
            order = rnd() < 0.5
            if trace is not None:
                decisions.append((seat, str, ("pass", "order"), order))
            if order:
                maker, trump = seat, up_suit
                break
    if maker >= 0:
        # C7: the dealer takes the up-card and discards one of six, or (when allowed) declines.
        six = hands[dealer] | 1 << up
        options = low[six & low_mask] + high[six >> split]
        may_decline = maker != dealer and not t.rules.dealer_must_pick_up
        k = int(rnd() * (7 if may_decline else 6))
        if k < 6:
            hands[dealer] = six ^ 1 << options[k]
        if trace is not None:
            offered = tuple(f"pickup {d.cards[c].ascii}" for c in options) + (("decline",) if may_decline else ())
            decisions.append((dealer, str, offered, k))
    else:
        # C8: round two from the dealer's left; C9: a throw-in, or stick the dealer.
        calls = t.round_two_calls[up_suit]
        seat = dealer
        for _ in range(players):
            seat = left[seat]
            may_pass = not (t.rules.stick_the_dealer and seat == dealer)
            k = int(rnd() * (len(calls) + may_pass))  # k == len(calls) is the pass
            if trace is not None:
                offered = tuple(_CALLS[s] for s in calls) + (("pass",) if may_pass else ())
                decisions.append((seat, str, offered, k))
            if k < len(calls):
                maker, trump = seat, calls[k]
                break
        else:
            if trace is not None:
                extra["tricks_won"] = (0,) * players
            return (0,) * players

    # C10: the maker may go alone, then each defender in turn until one does.
    lone_maker = rnd() < 0.5
    if trace is not None:
        decisions.append((maker, str, ("stay", "alone"), lone_maker))
    lone_defender = -1
    if t.rules.allow_lone_defender:
        for seat in t.defenders[maker]:
            alone = rnd() < 0.5
            if trace is not None:
                decisions.append((seat, str, ("stay", "alone"), alone))
            if alone:
                lone_defender = seat
                break

    if t.rules.has_dummy and not lone_maker:
        # T5: a maker who is not alone keeps any five of own five and the dummy's five.
        ten_mask = hands[maker] | hands[players]
        ten = low[ten_mask & low_mask] + high[ten_mask >> split]
        k = int(rnd() * len(_KEEPS))
        hands[maker] = sum(1 << ten[i] for i in _KEEPS[k])
        if trace is not None:
            names = [d.cards[c].ascii for c in ten]
            decisions.append((maker, lambda keep: "keep " + " ".join(names[i] for i in keep), _KEEPS, k))

    # C11: the opening leader; T6, F3: partners of lone players sit out; C12, C13: the tricks.
    plan = t.plans[maker, lone_maker, lone_defender]
    followers = plan.followers
    follows, powers = d.follows[trump], d.powers[trump]
    effective = d.effective[trump]
    won = [0] * players
    leader = plan.leaders[dealer]
    for _ in range(TRICKS_PER_HAND):
        hand = hands[leader]
        options = low[hand & low_mask] + high[hand >> split]
        card = options[int(rnd() * len(options))]
        if trace is not None:
            decisions.append((leader, d.plays.__getitem__, options, options.index(card)))
        hands[leader] = hand ^ 1 << card
        led = effective[card]
        strength, suit_mask = powers[led], follows[led]
        best, winner = strength[card], leader
        for seat in followers[leader]:
            hand = hands[seat]
            legal = hand & suit_mask or hand  # C12: follow suit if able
            options = low[legal & low_mask] + high[legal >> split]
            card = options[int(rnd() * len(options))]
            if trace is not None:
                decisions.append((seat, d.plays.__getitem__, options, options.index(card)))
            hands[seat] = hand ^ 1 << card
            if strength[card] > best:
                best, winner = strength[card], seat
        won[winner] += 1
        leader = winner

    partner = t.partner[maker]
    if trace is not None:
        extra["tricks_won"] = tuple(won)
    return plan.points[won[maker] + (won[partner] if partner is not None else 0)]


def _deal(t: RuleTables, hands: list[int], up: int, rest: list[int]) -> Deal:
    """The engine's Deal for the simulator's cards; the kitty is the up-card then the rest."""
    cards = t.deck.cards

    def listed(mask):
        return tuple(cards[i] for i in range(len(cards)) if mask >> i & 1)

    players = t.players
    dummy = listed(hands[players]) if t.rules.has_dummy else None
    return Deal(tuple(listed(h) for h in hands[:players]), dummy, (cards[up],) + tuple(cards[i] for i in rest))
