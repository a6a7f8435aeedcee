"""Fast random hands: deal and play whole hands with uniformly random legal actions.

`HandState` is built for lessons (immutable values, explanations); it plays about a
thousand random hands a second. This module plays the same hands tens of times faster
for statistics and benchmarks, and decides no rule itself:

- it deals with hand.py's own `shuffled` and `deal_out`, so `random_hands(rules, 1, seed)`
  deals what `deal_hand(rules, dealer, seed=seed)` deals (the dealer is drawn after the
  shuffle);
- it asks hand.py's phase questions (`bidders`, `dealer_names_trump_at_once`,
  `nameable_suits`, `must_call`, `dealer_may_decline`, `discard_choices`, `keep_choices`,
  `calls_for_best`) once per rule set, and reads who is asked to go alone and in what order,
  who sits out, who calls for whose best card, who leads (`opening_leader`) and the points
  off `HandState` itself, walking a real hand through the announcements for each maker (so
  who is asked must not depend on the dealer or on the round in which trump was made: the
  step-by-step test would see it if it did);
- it plays the tricks on the bit layout of bits.py, which is checked against ranking.py.

What is written here is the order of the phases, one small step function each, as pgx
writes its games. Every decision is drawn uniformly from exactly the actions
`HandState.legal_actions()` offers at that moment (tests/test_playout.py replays thousands
of hands through the engine and compares the sets step by step); the tokens of a traced
hand are `Action.ascii`. Random numbers: `int(random() * n)` for a choice among n (uniform
to within n * 2**-53); the shuffle is `random.shuffle`'s, draw for draw.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from functools import cache
from operator import itemgetter
from typing import NamedTuple

from ..engine import checks
from ..engine.actions import ALONE, DECLINE, ORDER, PASS, STAY, Action, Verb, call, discard, give, pickup
from .bits import BitLists, Layout, bit_lists, cards_of, layout
from ..engine.cards import Card, Suit, deck, sort_key
from ..engine import hand as engine  # the phase questions, read as engine.<question> so that a change there reaches here
from ..engine.hand import HAND_SIZE, TRICKS_PER_HAND, Deal, HandState, Phase, deal_hand, opening_leader, shuffled
from ..engine.rules import RuleSet

ROUND_ONE = (PASS, ORDER)  # C6: index 1 orders the up-card
ANNOUNCE = (STAY, ALONE)  # C10: index 1 goes alone


class Places(NamedTuple):
    """Where each seat's cards lie in the shuffled pack, for one dealer (C5, T2)."""

    takers: tuple  # [seat]: takes that seat's cards from the pack (an itemgetter of its positions)
    dummy_taker: object  # the same for the dummy's cards
    up: int  # the position of the up-card
    discards: tuple[int, ...]  # what the dealer may lay away after taking the up-card (C7)


class Plan(NamedTuple):
    """Everything that is settled once the announcements are made: read off HandState."""

    keeps: bool  # the maker takes the dummy and keeps five (T5)
    exchanges: tuple[tuple[int, int], ...]  # (giver, lone player) of each call for best, in order (R3)
    makers: tuple[int, int]  # the makers' seats; a cutthroat maker's second is the spare count, always 0
    followers: tuple[tuple[int, ...], ...]  # [leader]: the seats in play after the leader, clockwise
    leaders: tuple[int, ...]  # [dealer]: who leads the first trick (C11)
    points: tuple[tuple[int, ...], ...]  # [makers' tricks]: points per seat (T7, F4)


class Calls(NamedTuple):
    """A bidder's options in naming trump, and the layout under each suit named (None for a pass)."""

    options: tuple[Action, ...]
    layouts: tuple[Layout | None, ...]


def _calls(rules: RuleSet, turned_down: Suit | None, stuck: bool) -> Calls:
    """The suits that may be named (C3, C8), and a pass unless the bidder must call (C9)."""
    options = tuple(call(suit) for suit in engine.nameable_suits(rules, turned_down)) + ((PASS,) * (not stuck))
    return Calls(options, tuple(None if o is PASS else layout(o.suit, rules.deck) for o in options))


class RuleTables(NamedTuple):
    """Everything `random_hands` needs for one rule set, worked out once."""

    rules: RuleSet
    players: int
    pack: tuple[int, ...]  # the deck as indices into `cards`, in the order every deal shuffles
    cards: tuple[Card, ...]
    joker_up: tuple[bool, ...]  # [card]: the dealer names trump at once (C3)
    up_layout: tuple  # [card]: the layout under its suit as trump, for an up-card ordered up (C6)
    places: tuple[Places, ...]  # [dealer]
    bidders: tuple[tuple[int, ...], ...]  # [dealer]
    joker_calls: Calls  # the dealer's options when the joker is turned up (C3)
    calls: tuple  # [card][must call]: a round-two bidder's options once that card was turned down (C8, C9)
    declines: tuple[tuple[bool, ...], ...]  # [dealer][maker]: the dealer may leave the up-card (C7)
    keeps: tuple[tuple[int, ...], ...]  # every five of the ten, as places among the ten (T5)
    announcements: tuple  # [maker]: the tree of who is asked to go alone, its leaves Plans (C10)
    lists: BitLists


@cache
def rule_tables(rules: RuleSet) -> RuleTables:
    """The tables of a rule set, from the engine's own phase questions and HandState."""
    players, cards = rules.players, deck(rules.deck)
    pack = tuple(range(len(cards)))
    places = tuple(_places(rules, dealer, pack) for dealer in range(players))
    calls = {suit: (_calls(rules, suit, False), _calls(rules, suit, True)) for suit in Suit}
    declines = tuple(tuple(engine.dealer_may_decline(rules, maker, dealer) for maker in range(players))
                     for dealer in range(players))
    return RuleTables(rules, players, pack, cards, tuple(map(engine.dealer_names_trump_at_once, cards)),
                      tuple(None if c.is_joker else layout(c.suit, rules.deck) for c in cards), places,
                      tuple(engine.bidders(rules, dealer) for dealer in range(players)), _calls(rules, None, True),
                      tuple(calls.get(c.suit) for c in cards), declines, engine.keep_choices(range(2 * HAND_SIZE)),
                      _announcement_trees(rules), bit_lists(rules.deck))


def _places(rules: RuleSet, dealer: int, pack: tuple[int, ...]) -> Places:
    """Deal the positions of the pack themselves, with the engine's deal_out, to learn who gets which."""
    hands, dummy, kitty = engine.deal_out(rules, dealer, pack)
    return Places(tuple(itemgetter(*seat) for seat in hands), itemgetter(*dummy) if dummy else None,
                  kitty[0], engine.discard_choices(rules, hands[dealer], kitty[0]))


def _announcement_trees(rules: RuleSet) -> tuple:
    """For each maker, who HandState asks whether to go alone and where each answer leads (C10)."""
    return tuple(_announcements(_trump_made_by(rules, maker)) for maker in range(rules.players))


def _trump_made_by(rules: RuleSet, maker: int) -> HandState:
    """A hand, dealt by seat 0, in which `maker` has ordered the up-card up and the dealer taken it."""
    seed = next(s for s in itertools.count() if not deal_hand(rules, 0, seed=s).up_card.is_joker)
    state = deal_hand(rules, 0, seed=seed)
    while state.to_act != maker:
        state = state.apply(PASS)
    state = state.apply(ORDER)
    return state.apply(state.legal_actions()[0])


def _announcements(state: HandState):
    """(seat asked, tree after "stay", tree after "alone"), down to the Plan once all have answered."""
    if state.phase is Phase.GOING_ALONE:
        return (state.to_act, _announcements(state.apply(STAY)), _announcements(state.apply(ALONE)))
    makers = (state.makers + (state.players,))[:2]
    return Plan(state.phase is Phase.DUMMY, engine.calls_for_best(state), makers,
                tuple(_clockwise_after(state, seat) for seat in range(state.players)),
                tuple(opening_leader(replace(state, dealer=d)) for d in range(state.players)),
                tuple(_points(state, tricks) for tricks in range(TRICKS_PER_HAND + 1)))


def _clockwise_after(state: HandState, leader: int) -> tuple[int, ...]:
    """The seats in play after `leader`, in the order they play to its trick (C11, T6, F3)."""
    if leader in state.sitting_out:
        return ()
    seats, seat = [], state.next_active(leader)
    while seat != leader:
        seats.append(seat)
        seat = state.next_active(seat)
    return tuple(seats)


def _points(state: HandState, maker_tricks: int) -> tuple[int, ...]:
    """The points per seat, as HandState scores them, when the makers take `maker_tricks` (T7, F4)."""
    won = [0] * state.players
    won[state.maker] = maker_tricks
    won[state.defenders[0]] = TRICKS_PER_HAND - maker_tricks
    return replace(state, phase=Phase.DONE, to_act=None, tricks_won=tuple(won)).points


class Trace(NamedTuple):
    """One hand with every decision, as the simulator drew it."""

    rules: RuleSet
    dealer: int
    deal: Deal
    decisions: tuple  # (seat, option -> Action, the options, index chosen); actions made on demand
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]

    @property
    def steps(self) -> list[tuple[int, tuple[str, ...], str]]:
        """Each decision: who acted, the legal tokens offered (ASCII notation), the token chosen."""
        return [(seat, tuple(action(o).ascii for o in options), action(options[k]).ascii)
                for seat, action, options, k in self.decisions]

    @property
    def tokens(self) -> list[str]:
        """The hand's actions in ASCII notation, as a hand record lists them."""
        return [action(options[k]).ascii for _, action, options, k in self.decisions]

    def record(self) -> dict:
        """The hand record of RULES.md (Notation)."""
        return {"rules": self.rules.game, "switches": self.rules.switches(), "dealer": self.dealer,
                "deal": self.deal.record(), "actions": self.tokens}


class _Recorder:
    """Told every decision of a traced hand, and its deal and tricks."""

    def __init__(self):
        self.decisions, self.dealer, self.pack, self.tricks_won = [], None, None, None

    def __call__(self, seat: int, action, options, k: int) -> None:
        self.decisions.append((seat, action, options, k))


MOST_HANDS = 10**7  # about two minutes of play: a larger count is a slip of the keyboard


def random_hands(rules: RuleSet, count: int, seed: int = 0) -> list[tuple[int, ...]]:
    """Deal and play `count` random hands; the points per seat of each (all 0 if thrown in)."""
    checks.rules("rules", rules)
    checks.whole("count", count, 0, MOST_HANDS)
    checks.seed("seed", seed)
    tables = rule_tables(rules)
    rng = random.Random(seed)
    return [_hand(tables, rng, None) for _ in range(count)]


def random_hand_tokens(rules: RuleSet, seed: int) -> Trace:
    """One random hand (the first that `random_hands(rules, 1, seed)` plays), step by step."""
    checks.rules("rules", rules)
    checks.seed("seed", seed)
    tables = rule_tables(rules)
    recorder = _Recorder()
    points = _hand(tables, random.Random(seed), recorder)
    deal = Deal(*engine.deal_out(rules, recorder.dealer, [tables.cards[i] for i in recorder.pack]))
    return Trace(rules, recorder.dealer, deal, tuple(recorder.decisions), points, recorder.tricks_won)


# -- one hand, phase by phase ---------------------------------------------------------------------


def _hand(tables: RuleTables, rng, recorder) -> tuple[int, ...]:
    """Play one hand; with `recorder`, tell it every decision."""
    random_fraction = rng.random
    pack = shuffled(rng, tables.pack)  # C5: the deal's own shuffle, so a seed deals what deal_hand deals
    dealer = int(random_fraction() * tables.players)  # C4
    if recorder is not None:
        recorder.dealer, recorder.pack, recorder.tricks_won = dealer, pack, (0,) * tables.players
    places = tables.places[dealer]
    up = pack[places.up]
    if tables.joker_up[up]:
        maker, bit_layout, picks_up = dealer, _joker_call(tables, random_fraction, dealer, recorder), True
    else:
        maker, bit_layout, picks_up = _bidding(tables, random_fraction, dealer, up, recorder)
    if maker is None:
        return (0,) * tables.players  # C9: thrown in
    dealt = bit_layout.dealt.__getitem__
    hands = [sum(map(dealt, take(pack))) for take in places.takers]
    if picks_up:
        _pickup(tables, bit_layout, random_fraction, hands, pack, dealer, maker, recorder)
    plan = tables.announcements[maker]
    while type(plan) is tuple:  # C10: who is asked, in HandState's order, until a Plan is reached
        seat, stay, alone = plan
        k = random_fraction() < 0.5
        if recorder is not None:
            recorder(seat, _same, ANNOUNCE, k)
        plan = alone if k else stay
    if plan.keeps:
        _keep(tables, bit_layout, random_fraction, hands, sum(map(dealt, places.dummy_taker(pack))), maker, recorder)
    for giver, lone in plan.exchanges:
        _call_for_best(tables, bit_layout, random_fraction, hands, giver, lone, recorder)
    return _tricks(tables, bit_layout, random_fraction, hands, plan, dealer, recorder)


def _same(action: Action) -> Action:
    return action


def _joker_call(tables: RuleTables, random_fraction, dealer: int, recorder) -> Layout:
    """C3: the dealer names trump for the joker, from the suits that may be named."""
    options, layouts = tables.joker_calls
    k = int(random_fraction() * len(options))
    if recorder is not None:
        recorder(dealer, _same, options, k)
    return layouts[k]


def _bidding(tables: RuleTables, random_fraction, dealer: int, up: int, recorder):
    """C6: each bidder passes or orders the up-card; then C8, C9: round two. (maker, layout, picks up)."""
    seats = tables.bidders[dealer]
    for seat in seats:
        order = random_fraction() < 0.5
        if recorder is not None:
            recorder(seat, _same, ROUND_ONE, order)
        if order:
            return seat, tables.up_layout[up], True
    for seat in seats:
        options, layouts = tables.calls[up][engine.must_call(tables.rules, seat, dealer)]
        k = int(random_fraction() * len(options))
        if recorder is not None:
            recorder(seat, _same, options, k)
        if layouts[k] is not None:
            return seat, layouts[k], False
    return None, None, False


def _pickup(tables: RuleTables, bit_layout: Layout, random_fraction, hands: list[int], pack: list[int], dealer: int,
            maker: int, recorder) -> None:
    """C7: the dealer takes the up-card and lays one card away, or, where allowed, leaves it."""
    places = tables.places[dealer]
    options = places.discards + ((DECLINE,) if tables.declines[dealer][maker] else ())
    k = int(random_fraction() * len(options))
    if recorder is not None:
        recorder(dealer, lambda o: o if o is DECLINE else pickup(tables.cards[pack[o]]), options, k)
    if options[k] is not DECLINE:
        hands[dealer] = (hands[dealer] | bit_layout.dealt[pack[places.up]]) ^ bit_layout.dealt[pack[options[k]]]


def _keep(tables: RuleTables, bit_layout: Layout, random_fraction, hands: list[int], dummy: int, maker: int,
          recorder) -> None:
    """T5: the maker keeps any five of the ten."""
    low, high, split, low_mask = tables.lists
    both = hands[maker] | dummy
    ten = low[both & low_mask] + high[both >> split]
    k = int(random_fraction() * len(tables.keeps))
    if recorder is not None:
        cards = cards_of(bit_layout, both)
        recorder(maker, lambda five: Action(Verb.KEEP, cards=tuple(sorted((cards[i] for i in five), key=sort_key))),
             tables.keeps, k)
    hands[maker] = sum(ten[i] for i in tables.keeps[k])


def _call_for_best(tables: RuleTables, bit_layout: Layout, random_fraction, hands: list[int], giver: int, lone: int,
                   recorder) -> None:
    """R3: the partner sitting out gives any card; the lone player lays any of the six down."""
    low, high, split, low_mask = tables.lists
    for seat, verb in ((giver, give), (lone, discard)):
        hand = hands[seat]
        options = low[hand & low_mask] + high[hand >> split]
        card = options[int(random_fraction() * len(options))]
        if recorder is not None:
            recorder(seat, lambda bit, verb=verb: verb(cards_of(bit_layout, bit)[0]), options, options.index(card))
        hands[seat] = hand ^ card
        if seat == giver:
            hands[lone] |= card


def _tricks(tables: RuleTables, bit_layout: Layout, random_fraction, hands: list[int], plan: Plan, dealer: int,
            recorder) -> tuple[int, ...]:
    """C12, C13 on bits: five tricks, each card drawn from those that follow suit; the points (T7, F4)."""
    low, high, split, low_mask = tables.lists
    trumps, suit_of, followers = bit_layout.trumps, bit_layout.suit_of, plan.followers
    won = [0] * (tables.players + 1)  # tricks per seat, and a spare count that stays 0: see Plan.makers
    leader = plan.leaders[dealer]
    for _ in range(TRICKS_PER_HAND):
        hand = hands[leader]
        options = low[hand & low_mask] + high[hand >> split]
        best = options[int(random_fraction() * len(options))]
        if recorder is not None:
            recorder(leader, bit_layout.plays.__getitem__, options, options.index(best))
        hands[leader] = hand ^ best
        led = suit_of[best]
        contenders, winner = trumps | led, leader
        for seat in followers[leader]:
            hand = hands[seat]
            legal = hand & led or hand  # follow suit if able
            options = low[legal & low_mask] + high[legal >> split]
            card = options[int(random_fraction() * len(options))]
            if recorder is not None:
                recorder(seat, bit_layout.plays.__getitem__, options, options.index(card))
            hands[seat] = hand ^ card
            if card & contenders > best:  # the highest trump or card of the led suit wins
                best, winner = card, seat
        won[winner] += 1
        leader = winner
    if recorder is not None:
        recorder.tricks_won = tuple(won[:tables.players])
    maker, partner = plan.makers
    return plan.points[won[maker] + won[partner]]
