"""Fast random hands: deal and play whole hands with uniformly random legal actions.

`HandState` is built for lessons (immutable values, explanations); it plays about a
thousand random hands a second. This module plays the same hands tens of times faster
for statistics and benchmarks, and decides no rule itself:

- it deals with hand.py's own `shuffled` and `deal_out`, so `random_hands(rules, 1, seed)`
  deals what `deal_hand(rules, dealer, seed=seed)` deals (the dealer is drawn after the
  shuffle);
- it walks the order of play of sequence.py, the engine's own: which phase comes and who
  acts next are the Turns its step functions give (worked out once per rule set, into
  tables, for speed), from the deal to the last trick;
- it asks hand.py's questions of the options (`nameable_suits`, `must_call`,
  `dealer_may_decline`, `discard_choices`, `keep_choices`) and reads the points off
  `HandState` itself;
- it plays the tricks on the bit layout of bits.py, which is checked against ranking.py.

One small step function per phase, as pgx writes its games: each draws the phase's
decisions and returns the Turn that follows. Every decision is drawn uniformly from exactly
the actions `HandState.legal_actions()` offers at that moment (tests/test_playout.py replays
thousands of hands through the engine and compares the sets step by step); the tokens of a
traced hand are `Action.ascii`. Random numbers: `floor(random() * n)` for a choice among n
(uniform to within n * 2**-53; floor gives what int gives, and is the quicker call), and no
draw for a card that is the only one a seat may play; the shuffle is `random.shuffle`'s, draw
for draw.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from math import floor
from operator import itemgetter
from typing import Any, NamedTuple, TypeAlias, cast

# The order of play and the questions of the options are read as sequence.<step> and engine.<question>,
# so that a change there reaches here.
from ..engine import checks, sequence
from ..engine import hand as engine
from ..engine.actions import ALONE, DECLINE, ORDER, PASS, STAY, Action, Verb, call, discard, give, pickup
from ..engine.cards import Card, Suit, deck, sort_key
from ..engine.hand import HAND_SIZE, Deal, HandState, shuffled
from ..engine.phases import Phase
from ..engine.rules import RuleSet
from ..engine.sequence import TRICKS_PER_HAND, Lineup, Turn
from .bits import BitLists, Layout, bit_lists, cards_of, layout

ROUND_ONE = (ORDER, PASS)  # C6: index 0 orders the up-card (drawn when random() < 0.5)
ANNOUNCE = (STAY, ALONE)  # C10: index 1 goes alone
# The phases a step compares with, named once here: an Enum member looked up in its class costs more than a name.
_EXCHANGE, _PLAY, _DONE = Phase.EXCHANGE, Phase.PLAY, Phase.DONE
# Takes a seat's (or the dummy's) cards from the shuffled pack: an itemgetter of the seat's positions in it.
Taker: TypeAlias = Callable[[Sequence[int]], tuple[int, ...]]


class Places(NamedTuple):
    """Where each seat's cards lie in the shuffled pack, for one dealer (C5, T2)."""

    takers: tuple[Taker, ...]  # [seat]: takes that seat's cards from the pack (an itemgetter of its positions)
    dummy_taker: Taker | None  # the same for the dummy's cards (cutthroat only)
    up: int  # the position of the up-card
    discards: tuple[int, ...]  # what the dealer may lay away after taking the up-card (C7)


class Plan(NamedTuple):
    """Everything that is settled once the announcements are made, from sequence.py and HandState."""

    turn: Turn  # what follows the announcements: the dummy, a call for best or the play
    after_keep: Turn  # what follows the cutthroat maker's keep (T5)
    exchanges: tuple[tuple[Turn, Turn], ...]  # the turns after each give and each lay-down of a call for best (R3)
    makers: tuple[int, int]  # the makers' seats; a cutthroat maker's second is the spare count, always 0
    followers: tuple[tuple[int, ...], ...]  # [leader]: the seats in play after the leader, clockwise
    leads_next: tuple[int, ...]  # [winner of a trick]: who leads the next trick (C13), as sequence.Seating says
    points: tuple[tuple[int, ...], ...]  # [makers' tricks]: points per seat (T7, F4)


class Ask(NamedTuple):
    """A node of the announcements' tree: a seat is asked whether to go alone (C10)."""

    turn: Turn  # the seat asked; a Plan's first item is its turn too, so either one's [0] is the turn that follows
    stay: Announcements  # the tree after "stay"
    alone: Announcements  # the tree after "alone"


# The announcements' tree: Asks down to the Plan once all have answered (C10). The steps tell them apart with
# type(plan) is Ask.
Announcements: TypeAlias = "Ask | Plan"


class Calls(NamedTuple):
    """A bidder's options in naming trump, and the layout under each suit named (None for a pass)."""

    options: tuple[Action, ...]
    layouts: tuple[Layout | None, ...]


def _calls(rules: RuleSet, turned_down: Suit | None, stuck: bool) -> Calls:
    """The suits that may be named (C3, C8), and a pass unless the bidder must call (C9)."""
    options = tuple(call(suit) for suit in engine.nameable_suits(rules, turned_down)) + ((PASS,) * (not stuck))
    return Calls(options, tuple(None if o is PASS else layout(o.suit, rules.deck) for o in options))


class BidTurn(NamedTuple):
    """One bid of the bidding, all before it passes: who bids, the options, and the turn after making trump."""

    seat: int
    options: tuple[Action, ...]  # round one: ROUND_ONE; round two: the suits that may be named, and a pass if allowed
    layouts: tuple[Layout | None, ...]  # [option]: the bit layout under the trump it makes; None for a pass
    after_bid: Turn  # the turn after this bidder orders up or names a suit (C7, C10)


class Bidding(NamedTuple):
    """A hand's bidding from its first turn, walked once through sequence.py: each bid while all pass, and then."""

    bids: tuple[BidTurn, ...]  # round one, then round two (C6, C8); none when the joker is turned up (C3)
    after_passes: Turn  # the turn after every bid was a pass (C9), or the first turn if there is no bidding


_BIDDING_STEPS = {Phase.ROUND_ONE: sequence.after_round_one, Phase.ROUND_TWO: sequence.after_round_two}


def _bidding(
    rules: RuleSet, dealer: int, up: int, up_layout: Layout | None, calls: tuple[Calls, Calls] | None
) -> Bidding:
    """Walk the order of play from the first turn of a hand with up-card `up`, while every bid is a pass."""
    turn = sequence.first_turn(rules, dealer, deck(rules.deck)[up])
    bids: list[BidTurn] = []
    while turn.phase in _BIDDING_STEPS and turn.seat is not None and len(bids) <= 2 * rules.players:
        seat, step = turn.seat, _BIDDING_STEPS[turn.phase]
        options: tuple[Action, ...]
        layouts: tuple[Layout | None, ...]
        if turn.phase is Phase.ROUND_ONE:
            options, layouts = ROUND_ONE, (up_layout, None)
        else:  # a round two follows a turned-down card, never the joker (C3): its calls are there
            options, layouts = checks.known(calls, "a card turned down has its calls")[
                engine.must_call(rules, seat, dealer)
            ]
        bids.append(BidTurn(seat, options, layouts, step(rules, dealer, seat, True)))
        turn = step(rules, dealer, seat, False)
    return Bidding(tuple(bids), turn)


class RuleTables(NamedTuple):
    """Everything `random_hands` needs for one rule set, worked out once."""

    rules: RuleSet
    players: int
    pack: tuple[int, ...]  # the deck as indices into `cards`, in the order every deal shuffles
    cards: tuple[Card, ...]
    places: tuple[Places, ...]  # [dealer]
    bidding: tuple[tuple[Bidding, ...], ...]  # [dealer][up-card]: the bidding, from the first turn (C3, C6, C8, C9)
    joker_call: tuple[Turn, ...]  # [dealer]: the turn after the dealer names trump for the joker (C3)
    joker_calls: Calls  # the dealer's options when the joker is turned up (C3)
    # [dealer][maker]: the dealer's options at the pick-up, places in the pack to lay away and, where the dealer
    # may leave the up-card, DECLINE (C7)
    pickups: tuple[tuple[tuple[int | Action, ...], ...], ...]
    keeps: tuple[tuple[int, ...], ...]  # every five of the ten, as places among the ten (T5)
    announcements: tuple[
        tuple[Announcements, ...], ...
    ]  # [dealer][maker]: the tree of who is asked to go alone, its leaves Plans (C10)
    lists: BitLists
    thrown_in: tuple[int, ...]  # the points of a hand thrown in: none (C9)


@cache
def rule_tables(rules: RuleSet) -> RuleTables:
    """The tables of a rule set, from the order of play (sequence.py) and the engine's questions of the options."""
    players, cards = rules.players, deck(rules.deck)
    pack = tuple(range(len(cards)))
    seats = range(players)
    places = tuple(_places(rules, dealer, pack) for dealer in seats)
    calls = {suit: (_calls(rules, suit, False), _calls(rules, suit, True)) for suit in Suit}
    up_layouts = [None if c.suit is None else layout(c.suit, rules.deck) for c in cards]
    up_calls = [None if c.suit is None else calls.get(c.suit) for c in cards]
    decline = (DECLINE,)
    return RuleTables(
        rules,
        players,
        pack,
        cards,
        places,
        tuple(tuple(_bidding(rules, dealer, up, up_layouts[up], up_calls[up]) for up in pack) for dealer in seats),
        tuple(sequence.after_joker_call(rules, dealer) for dealer in seats),
        _calls(rules, None, True),
        tuple(
            tuple(
                places[dealer].discards + decline * engine.dealer_may_decline(rules, maker, dealer) for maker in seats
            )
            for dealer in seats
        ),
        engine.keep_choices(range(2 * HAND_SIZE)),
        tuple(tuple(_announcements(rules, dealer, maker, ()) for maker in seats) for dealer in seats),
        bit_lists(rules.deck),
        (0,) * players,
    )


def _places(rules: RuleSet, dealer: int, pack: tuple[int, ...]) -> Places:
    """Deal the positions of the pack themselves, with the engine's deal_out, to learn who gets which."""
    hands, dummy, kitty = engine.deal_out(rules, dealer, pack)
    return Places(
        tuple(itemgetter(*seat) for seat in hands),
        itemgetter(*dummy) if dummy else None,
        kitty[0],
        engine.discard_choices(rules, hands[dealer], kitty[0]),
    )


def _announcements(rules: RuleSet, dealer: int, maker: int, said: tuple[tuple[int, bool], ...]) -> Announcements:
    """Who is asked whether to go alone, in turn, as sequence.after_answer asks, down to the Plan once all have
    answered (C10)."""
    turn = sequence.after_answer(rules, dealer, maker, said)
    if turn.phase is Phase.GOING_ALONE:
        seat = checks.known(turn.seat, "a seat is asked in the going-alone phase")
        return Ask(
            turn,
            _announcements(rules, dealer, maker, said + ((seat, False),)),
            _announcements(rules, dealer, maker, said + ((seat, True),)),
        )
    lineup = sequence.lineup_of(rules, maker, said)
    seated = sequence.seating(rules, dealer, lineup)
    exchanges = tuple(
        (sequence.after_exchange(seated, done, True), sequence.after_exchange(seated, done, False))
        for done in range(len(seated.exchanges))
    )
    first, second = (sequence.makers_of(rules, maker) + (rules.players,))[:2]
    return Plan(
        turn,
        sequence.after_keep(seated),
        exchanges,
        (first, second),
        tuple(seats[1:] for seats in seated.trick_order),
        seated.leads_next,
        tuple(_points(rules, dealer, lineup, tricks) for tricks in range(TRICKS_PER_HAND + 1)),
    )


def _points(rules: RuleSet, dealer: int, lineup: Lineup, maker_tricks: int) -> tuple[int, ...]:
    """The points per seat, as HandState scores them, when the makers take `maker_tricks` (T7, F4)."""
    maker, lone_maker, lone_defender = lineup
    won = [0] * rules.players
    won[maker] = maker_tricks
    won[sequence.defenders_of(rules, maker)[0]] = TRICKS_PER_HAND - maker_tricks
    finished = HandState(
        rules,
        dealer,
        Deal((), None, ()),
        Phase.DONE,
        None,
        (),
        maker=maker,
        lone_maker=lone_maker is not None,
        lone_partner=lone_maker not in (None, maker),
        lone_defender=lone_defender,
        tricks_won=tuple(won),
    )
    return checks.known(finished.points, "a finished hand has its points")


# A decision as a traced hand keeps it: (seat, option -> Action, the options, index chosen). The options are what
# the step drew from: actions, places in the pack, bits of cards, or fives of the ten.
Decision: TypeAlias = tuple[int, Callable[[Any], Action], Sequence[Any], int]


class Trace(NamedTuple):
    """One hand with every decision, as the simulator drew it."""

    rules: RuleSet
    dealer: int
    deal: Deal
    decisions: tuple[Decision, ...]  # actions made on demand
    points: tuple[int, ...]
    tricks_won: tuple[int, ...]

    @property
    def steps(self) -> list[tuple[int, tuple[str, ...], str]]:
        """Each decision: who acted, the legal tokens offered (ASCII notation), the token chosen."""
        return [
            (seat, tuple(action(o).ascii for o in options), action(options[k]).ascii)
            for seat, action, options, k in self.decisions
        ]

    @property
    def tokens(self) -> list[str]:
        """The hand's actions in ASCII notation, as a hand record lists them."""
        return [action(options[k]).ascii for _, action, options, k in self.decisions]

    def record(self) -> dict[str, Any]:
        """The hand record of RULES.md (Notation), as HandState writes it."""
        return engine.hand_record(self.rules, self.dealer, self.deal, self.tokens)


class _Recorder:
    """Told every decision of a traced hand, and its deal and tricks."""

    def __init__(self) -> None:
        self.decisions: list[Decision] = []
        self.dealer: int | None = None  # these three are told by _hand, before the first decision
        self.pack: list[int] | None = None
        self.tricks_won: tuple[int, ...] | None = None

    def __call__(self, seat: int, action: Callable[[Any], Action], options: Sequence[Any], k: int) -> None:
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
    why = "_hand tells the recorder its deal"
    dealer, pack = checks.known(recorder.dealer, why), checks.known(recorder.pack, why)
    tricks_won = checks.known(recorder.tricks_won, why)
    deal = Deal(*engine.deal_out(rules, dealer, [tables.cards[i] for i in pack]))
    return Trace(rules, dealer, deal, tuple(recorder.decisions), points, tricks_won)


# -- one hand, phase by phase: each step draws its phase's decisions and returns the turn that follows --------


class _Hand:
    """The moving parts of one hand: the pack, the dealer, and once trump is made the maker, hands and plan."""

    __slots__ = ("dealer", "hands", "layout", "maker", "pack", "plan", "up")
    dealer: int
    hands: list[int]  # [seat]: the cards held, as bits of `layout`
    layout: Layout  # the bit layout under trump
    maker: int
    pack: list[int]  # the shuffled pack, as indices into RuleTables.cards
    plan: Announcements  # the announcements' tree, then the Plan at its end
    up: int  # the up-card, as an index into RuleTables.cards

    def trump_made(self, tables: RuleTables, maker: int, bit_layout: Layout) -> None:
        """The hands on the bit layout of trump, and the tree of the announcements that follow (C10)."""
        bits = itemgetter(*self.pack)(bit_layout.dealt)  # the pack as bits of the layout
        self.maker, self.layout = maker, bit_layout
        self.hands = [sum(take(bits)) for take in tables.places[self.dealer].takers]
        self.plan = tables.announcements[self.dealer][maker]


def _hand(tables: RuleTables, rng: random.Random, recorder: _Recorder | None) -> tuple[int, ...]:
    """Play one hand; with `recorder`, tell it every decision."""
    random_fraction = rng.random
    hand = _Hand()
    pack = hand.pack = shuffled(rng, tables.pack)  # C5: the deal's own shuffle, so a seed deals what deal_hand deals
    dealer = hand.dealer = floor(random_fraction() * tables.players)  # C4
    if recorder is not None:
        recorder.dealer, recorder.pack, recorder.tricks_won = dealer, pack, (0,) * tables.players
    up = hand.up = pack[tables.places[dealer].up]
    phase, seat = _bid(tables.bidding[dealer][up], hand, tables, random_fraction, recorder)
    steps, play, done = _STEPS, _PLAY, _DONE
    while phase is not play:
        if phase is done:
            return tables.thrown_in  # C9
        # A turn before the hand is over always has a seat to act: no check here, in the hot loop.
        phase, seat = steps[phase](tables, hand, seat, random_fraction, recorder)  # type: ignore[arg-type]
    return _tricks(tables, hand, seat, random_fraction, recorder)  # type: ignore[arg-type]  # as above


Fraction: TypeAlias = Callable[[], float]  # rng.random: a number in [0, 1)


def _same(action: Action) -> Action:
    return action


def _joker_call(
    tables: RuleTables, hand: _Hand, dealer: int, random_fraction: Fraction, recorder: _Recorder | None
) -> Turn:
    """C3: the dealer names trump for the joker, from the suits that may be named."""
    options, layouts = tables.joker_calls
    k = floor(random_fraction() * len(options))
    if recorder is not None:
        recorder(dealer, _same, options, k)
    hand.trump_made(tables, dealer, cast(Layout, layouts[k]))  # the dealer must name a suit: no pass, no None
    return tables.joker_call[dealer]


def _bid(
    bidding: Bidding, hand: _Hand, tables: RuleTables, random_fraction: Fraction, recorder: _Recorder | None
) -> Turn:
    """C6, C8, C9: each bidder in turn passes, orders the up-card or names a suit, as the hand's Bidding says."""
    for seat, options, layouts, after_bid in bidding.bids:
        k = floor(random_fraction() * len(options))
        if recorder is not None:
            recorder(seat, _same, options, k)
        made = layouts[k]
        if made is not None:
            hand.trump_made(tables, seat, made)
            return after_bid
    return bidding.after_passes


def _pickup(
    tables: RuleTables, hand: _Hand, dealer: int, random_fraction: Fraction, recorder: _Recorder | None
) -> Turn:
    """C7: the dealer takes the up-card and lays one card away, or, where allowed, leaves it."""
    pack, options = hand.pack, tables.pickups[dealer][hand.maker]
    k = floor(random_fraction() * len(options))
    if recorder is not None:
        recorder(dealer, lambda o: o if o is DECLINE else pickup(tables.cards[pack[o]]), options, k)
    laid_away = options[k]
    if type(laid_away) is int:  # a place in the pack, not DECLINE
        hands, dealt = hand.hands, hand.layout.dealt
        hands[dealer] = (hands[dealer] | dealt[hand.up]) ^ dealt[pack[laid_away]]
    # The turn after trump, sequence.after_pickup's: the announcements' tree starts there (its node's first item
    # and its leaf's, a Plan's, are both that turn).
    return hand.plan[0]


def _going_alone(
    tables: RuleTables, hand: _Hand, seat: int, random_fraction: Fraction, recorder: _Recorder | None
) -> Turn:
    """C10: who is asked, in the order of play's order, until everyone has answered."""
    plan = hand.plan
    while type(plan) is Ask:  # a node: a seat is asked
        turn, stay, alone = plan
        k = random_fraction() < 0.5
        if recorder is not None:
            recorder(cast(int, turn.seat), _same, ANNOUNCE, k)
        plan = alone if k else stay
    hand.plan = plan
    return plan[0]  # the tree's leaf: its turn


def _keep(tables: RuleTables, hand: _Hand, maker: int, random_fraction: Fraction, recorder: _Recorder | None) -> Turn:
    """T5: the maker keeps any five of the ten."""
    low, high, split, low_mask = tables.lists
    bit_layout, hands = hand.layout, hand.hands
    dealt = bit_layout.dealt.__getitem__
    take_dummy = cast(Taker, tables.places[hand.dealer].dummy_taker)  # a keep is made only where there is a dummy
    both = hands[maker] | sum(map(dealt, take_dummy(hand.pack)))
    ten = low[both & low_mask] + high[both >> split]
    k = floor(random_fraction() * len(tables.keeps))
    if recorder is not None:
        cards = cards_of(bit_layout, both)
        recorder(
            maker,
            lambda five: Action(Verb.KEEP, cards=tuple(sorted((cards[i] for i in five), key=sort_key))),
            tables.keeps,
            k,
        )
    hands[maker] = sum(ten[i] for i in tables.keeps[k])
    return cast(Plan, hand.plan).after_keep  # the announcements are over: hand.plan is their Plan


def _card_action(verb: Callable[[Card], Action], bit_layout: Layout) -> Callable[[int], Action]:
    """The action of `verb` (give or discard) with the card of a bit, for a traced hand."""
    return lambda bit: verb(cards_of(bit_layout, bit)[0])


def _call_for_best(
    tables: RuleTables, hand: _Hand, giver: int, random_fraction: Fraction, recorder: _Recorder | None
) -> Turn:
    """R3: the partner sitting out gives any card; the lone player lays any of the six down."""
    low, high, split, low_mask = tables.lists
    bit_layout, hands = hand.layout, hand.hands
    for after_give, after_laid in cast(Plan, hand.plan).exchanges:  # the announcements are over
        lone = cast(int, after_give.seat)  # the lone player lays a card down next
        for seat, verb in ((giver, give), (lone, discard)):
            held = hands[seat]
            options = low[held & low_mask] + high[held >> split]
            card = options[floor(random_fraction() * len(options))]
            if recorder is not None:
                recorder(seat, _card_action(verb, bit_layout), options, options.index(card))
            hands[seat] = held ^ card
            if seat == giver:
                hands[lone] |= card
        if after_laid.phase is not _EXCHANGE:
            return after_laid
        giver = cast(int, after_laid.seat)  # the giver of the next call for best
    raise AssertionError("a call for best is followed by the play")  # sequence.after_exchange ends in the play


def _tricks(
    tables: RuleTables, hand: _Hand, leader: int, random_fraction: Fraction, recorder: _Recorder | None
) -> tuple[int, ...]:
    """C12, C13 on bits: five tricks, each card drawn from those that follow suit; the points (T7, F4).

    A card that is the only one a seat may play (a single card of the suit led, or the last card) is played
    without a draw: a choice among one is no choice.
    """
    low, high, split, low_mask = tables.lists
    bit_layout, hands, plan = hand.layout, hand.hands, cast(Plan, hand.plan)  # the announcements are over
    trumps, suit_of, followers, leads_next = bit_layout.trumps, bit_layout.suit_of, plan.followers, plan.leads_next
    won = [0] * (tables.players + 1)  # tricks per seat, and a spare count that stays 0: see Plan.makers
    for _ in range(TRICKS_PER_HAND):
        held = best = hands[leader]
        if held & (held - 1):  # more than one card
            options = low[held & low_mask] + high[held >> split]
            best = options[floor(random_fraction() * len(options))]
        if recorder is not None:
            _record_card(recorder, tables, bit_layout, leader, held, best)
        hands[leader] = held ^ best
        led = suit_of[best]
        contenders, winner = trumps | led, leader
        for seat in followers[leader]:
            held = hands[seat]
            card = legal = held & led or held  # follow suit if able
            if legal & (legal - 1):  # more than one card
                options = low[legal & low_mask] + high[legal >> split]
                card = options[floor(random_fraction() * len(options))]
            if recorder is not None:
                _record_card(recorder, tables, bit_layout, seat, legal, card)
            hands[seat] = held ^ card
            if card & contenders > best:  # the highest trump or card of the led suit wins
                best, winner = card, seat
        won[winner] += 1
        leader = leads_next[winner]  # who leads the next trick: the winner (sequence.after_trick, tabulated)
    if recorder is not None:
        recorder.tricks_won = tuple(won[: tables.players])
    maker, partner = plan.makers
    return plan.points[won[maker] + won[partner]]


def _record_card(recorder: _Recorder, tables: RuleTables, bit_layout: Layout, seat: int, legal: int, card: int) -> None:
    """Tell the recorder of a card played: the cards `legal` to play, as bits, and the `card` chosen."""
    low, high, split, low_mask = tables.lists
    options = low[legal & low_mask] + high[legal >> split]
    recorder(seat, bit_layout.plays.__getitem__, options, options.index(card))


# The step of each phase before the play, as pgx writes a game: the play has its own loop, _tricks.
Step: TypeAlias = Callable[[RuleTables, _Hand, int, Fraction, _Recorder | None], Turn]
_STEPS: dict[Phase, Step] = {
    Phase.JOKER_CALL: _joker_call,
    Phase.PICKUP: _pickup,
    Phase.GOING_ALONE: _going_alone,
    Phase.DUMMY: _keep,
    Phase.EXCHANGE: _call_for_best,
}
