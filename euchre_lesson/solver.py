"""Exact double-dummy solver: with every hand open, how many tricks each legal play takes."""

# How, in short. A hand is an int, one bit per card; for each trump and deck the bits are laid
# out in blocks of effective suits, trump on top and each block in trick order, all read off
# ranking.py and checked against it, so following suit is `hand & block` and the winner of a
# trick is the highest bit among the trumps and the led suit. The search is alpha-beta over the
# cards in play order, valued in the makers' tricks; it searches only one card of each run of
# equivalent cards, keeps bounds per position at trick boundaries in a table that lives for one
# solve, starts from bounds of sure tricks, and finds each exact value with narrow-window tests
# ("can the makers take k?"). Tests check it against a plain minimax over HandState.
#
# The same search is also written in C (_search.c), built with the package when a C compiler
# is at hand and used when it is, for speed; it is given the bit layout as data and knows no
# rule itself. The Python search below stays the reference and the fallback, and only it
# takes the audit hooks the tests use. The tests check that the two agree.

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache

from .actions import Action, play
from .cards import Card, Suit, deck
from .hand import HandState, Phase
from .ranking import effective_suit, is_trump, power

try:
    from . import _search
except ImportError:  # installed without a C compiler: the Python search gives the same values
    _search = None

# True when solve() uses the compiled search: it is built, and EUCHRE_PURE_PYTHON=1 is not set.
COMPILED = _search is not None and os.environ.get("EUCHRE_PURE_PYTHON") != "1"


@dataclass(frozen=True, eq=False)
class Tables:
    """One deck under one trump as bits: card i is bit 1 << i, each effective suit a block of bits."""

    trump: Suit
    deck_size: int
    cards: tuple[Card, ...]  # cards[i] is the card on bit 1 << i
    bit: dict  # Card -> its bit
    bit_by_id: dict  # id() of this deck's own card objects -> its bit: see bit_of()
    suit_of: dict  # bit -> the block of its effective suit (all the bits of that suit)
    trumps: int  # the trump block: the bowers and the joker included
    blocks: tuple[int, ...]  # every block, trump last
    plays: dict  # bit -> the action of playing that card


@cache
def tables(trump: Suit, deck_size: int = 24) -> Tables:
    """The bit layout for one trump and deck, derived from the engine's ranking and checked against it."""
    cards = deck(deck_size)
    suits = sorted({effective_suit(card, trump) for card in cards}, key=lambda s: (s is trump, s.value))
    # Blocks of effective suits, trump on top, each block weakest to strongest: then
    # "the highest bit among the trumps and the led suit wins" says what C13 says.
    layout = tuple(sorted(cards, key=lambda c: (suits.index(effective_suit(c, trump)),
                                                power(c, trump, effective_suit(c, trump)))))
    bit = {card: 1 << i for i, card in enumerate(layout)}
    block = {suit: sum(bit[c] for c in cards if effective_suit(c, trump) is suit) for suit in suits}
    table = Tables(trump, deck_size, layout, bit, {id(c): bit[c] for c in cards},
                   {bit[c]: block[effective_suit(c, trump)] for c in cards},
                   block[trump], tuple(block[suit] for suit in suits), {bit[c]: play(c) for c in cards})
    _check_against_power(table, suits)
    return table


def _check_against_power(table: Tables, suits) -> None:
    """Refuse a layout that disagrees with ranking.py for any led suit: the rules live there only."""
    trump, bit = table.trump, table.bit
    if any(is_trump(c, trump) != bool(bit[c] & table.trumps) for c in table.cards):
        raise AssertionError(f"the trump block disagrees with is_trump() for {trump}")
    for led in suits:
        contenders = table.trumps | next(table.suit_of[bit[c]] for c in table.cards
                                         if effective_suit(c, trump) is led)
        if any((power(c, trump, led) >= 0) != bool(bit[c] & contenders) for c in table.cards):
            raise AssertionError(f"the blocks disagree with power() when {led} is led")
        ranked = sorted((c for c in table.cards if bit[c] & contenders), key=lambda c: power(c, trump, led))
        if [bit[c] for c in ranked] != sorted(bit[c] for c in ranked):
            raise AssertionError(f"the bit order disagrees with power() when {led} is led")


def bit_of(table: Tables, card: Card) -> int:
    """The bit of a card."""
    # A card hashes slowly (its suit is an Enum), and dealt cards are the very objects of the
    # cached deck, so they are found by identity first; any other equal card by value.
    return table.bit_by_id.get(id(card)) or table.bit[card]


def mask(table: Tables, cards) -> int:
    """The bits of some cards."""
    bits, by_id = 0, table.bit_by_id
    for card in cards:
        bits |= by_id.get(id(card)) or table.bit[card]  # as bit_of() does, without the call
    return bits


def cards_of(table: Tables, bits: int) -> list[Card]:
    """The cards on some bits, weakest first."""
    return [table.cards[i] for i in range(bits.bit_length()) if bits >> i & 1]


def legal_bits(table: Tables, hand: int, trick: list[int]) -> int:
    """The bits of a hand that may be played to a trick (one bit per card played): follow suit if able (C12)."""
    return (hand & table.suit_of[trick[0]] or hand) if trick else hand


def winning_index(table: Tables, trick: list[int]) -> int:
    """Index, in play order, of the card now winning a trick: the highest trump or card of the led suit (C13)."""
    contenders = table.trumps | table.suit_of[trick[0]]
    return trick.index(max(c for c in trick if c & contenders))


class Search:
    """A double-dummy search of one state in trick play; `values()` runs it, compiled or in Python."""

    def __init__(self, state: HandState, audit=None, compiled: bool | None = None):
        if state.phase is not Phase.PLAY:
            where = "over" if state.is_over else f"in {state.phase}"
            raise ValueError(f"solve needs a hand in trick play; this one is {where}")
        if compiled and _search is None:
            raise RuntimeError("the compiled search is not built: reinstall with a C compiler at hand")
        # None means the default, COMPILED. The audit hooks live in the Python search only.
        self.compiled = (COMPILED if compiled is None else compiled) and audit is None
        self.table = table = tables(state.trump, state.rules.deck)
        out = state.sitting_out
        seats = [s for s in range(state.players) if s not in out]  # clockwise: the order of play
        makers = state.makers
        # From here on a player is a position: an index into `seats`.
        self.makers = [int(s in makers) for s in seats]
        self.hands = [mask(table, state.hands[s]) for s in seats]
        trick = state.trick
        self.played = [(seats.index(s), bit_of(table, c)) for s, c in zip(trick.seats, trick.cards)]
        self.to_act = seats.index(state.to_act)
        self.tricks_left = len(state.hands[state.to_act])
        self.audit = audit  # told each legal-move set and trick winner the search uses, for the tests
        self.nodes = 0  # trick-boundary positions visited, after `values()`

    def values(self) -> dict[int, int]:
        """For each legal bit of the player to act: the makers' tricks from here on, with best play."""
        table, hands, pos = self.table, self.hands, self.to_act
        hand = hands[pos]
        trick = [c for _, c in self.played]
        led = best = winner = 0
        if trick:
            led = table.suit_of[trick[0]]
            i = winning_index(table, trick)
            best, winner = trick[i], self.played[i][0]
        # The cards that can still matter: those in hands, and the card now winning the trick.
        in_play = best
        for h in hands:
            in_play |= h
        moves = legal_bits(table, hand, trick)
        if self.audit:
            self.audit.moves(self, pos, hand, trick, moves)
        roots = [c for c in _bits(moves) if not _merged(table, in_play, hand, c)]
        where = (pos, len(trick), led, best, winner, in_play, self.tricks_left, sum(roots))
        if self.compiled:
            found, self.nodes = _search.values(self.hands, self.makers, table.trumps, table.blocks, *where)
        else:
            found, self.nodes = _Searcher(self).values(*where)
        out = dict(zip(roots, found))
        # A card merged into the next higher one has its value.
        for c in reversed(_bits(moves)):
            if c not in out:
                above = in_play & -(c << 1)
                out[c] = out[above & -above]
        return out


def _bits(bits: int) -> list[int]:
    """The single bits of a mask, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low)
        bits ^= low
    return out


def _merged(table: Tables, in_play: int, hand: int, c: int) -> bool:
    """True when the next higher card that can still matter is this hand's, of the same suit."""
    above = in_play & -(c << 1)
    above &= -above
    return bool(above & hand and above & table.suit_of[c])


class _Searcher:
    """Alpha-beta over the open hands, written as closures over locals because it is the hot loop."""

    # A value is the makers' tricks from the current trick on; every function is fail-soft in
    # (alpha, beta). `hands` is a list of bit masks, one per position, changed in place and
    # restored. `in_play` holds the cards still in hands plus the card now winning the trick: two
    # cards of one hand with no card of `in_play` between them in their block are equivalent, and
    # only the higher one is searched. The transposition table `tt` maps the hands and the leader
    # at a trick boundary to bounds (low, high) on the value; it lives for one solve. Quick
    # bounds from sure tricks settle many positions before any card is tried. `boundary` leads,
    # `follow` plays the cards between, and `last` the card that completes a trick.

    def __init__(self, search: Search):
        table = search.table
        suit_of, trumps = table.suit_of, table.trumps
        hands, makers = search.hands, search.makers
        n = len(hands)
        last_pos = n - 1  # the count of cards already in a trick when its last card is played
        nxt_pos = [(p + 1) % n for p in range(n)]
        maker_pos = [p for p in range(n) if makers[p]]
        defender_pos = [p for p in range(n) if not makers[p]]
        blocks = table.blocks
        plain_blocks = blocks[:-1]
        tt = {}
        width = len(table.cards)  # bits per hand in a key
        nodes = 0
        audit = search.audit
        trick_start = {}  # for the audit only: the hands as the trick with `rem` tricks left began
        if audit:
            start = list(hands)
            for p, c in search.played:
                start[p] |= c
            trick_start[search.tricks_left] = start

        def last_trick(leader, rest):
            """1 if the makers take the last trick, which plays itself: `rest` is the one card of each hand."""
            top = rest & (trumps | suit_of[hands[leader]])
            top = 1 << (top.bit_length() - 1)  # the card that wins it
            if audit:
                order = [(leader + i) % n for i in range(n)]
                audit.trick(search, [hands[p] for p in order], next(i for i, p in enumerate(order) if hands[p] == top))
            for p in maker_pos:
                if hands[p] & top:
                    return 1
            return 0

        def boundary(leader, in_play, rem, alpha, beta):
            """The makers' tricks of the `rem` left when `leader` leads; `in_play` is every hand."""
            nonlocal nodes
            nodes += 1
            # The key packs the hands and the leader into one int: ints, unlike tuples, are not
            # tracked by the garbage collector, so a search does not set off collections.
            if n == 4:
                key = (((hands[0] << width | hands[1]) << width | hands[2]) << width | hands[3]) << 2 | leader
            elif n == 3:
                key = ((hands[0] << width | hands[1]) << width | hands[2]) << 2 | leader
            else:
                key = (hands[0] << width | hands[1]) << 2 | leader
            bounds = tt.get(key)
            if bounds is None:
                lo, hi = 0, rem
                trumps_left = in_play & trumps
                if trumps_left:
                    # A trump above every trump of the other side wins the trick it falls in for its
                    # side (only a partner's trump could beat it), and one player's cards fall in
                    # different tricks: so the side with the top trump takes at least as many tricks
                    # as any of its players holds such trumps.
                    top = 1 << (trumps_left.bit_length() - 1)
                    makers_cards = 0
                    for p in maker_pos:
                        makers_cards |= hands[p]
                    makers_hold_top = top & makers_cards
                    if makers_hold_top:
                        theirs, side = trumps_left & ~makers_cards, maker_pos  # the defenders' trumps
                    else:
                        theirs, side = trumps_left & makers_cards, defender_pos
                    above_theirs = trumps & -(1 << theirs.bit_length())
                    sure = 0
                    for p in side:
                        k = (hands[p] & above_theirs).bit_count()
                        if k > sure:  # noqa: PLR1730 (here, a call of max() costs more than the test)
                            sure = k
                    if makers_hold_top:
                        lo = sure
                        if lo >= beta:
                            return lo
                    else:
                        hi = rem - sure
                        if hi <= alpha:
                            return hi
                # If the leader's trumps above every other trump are at least as many as the trumps
                # of each other player, leading them draws every other trump (trumps must follow
                # trumps); then each of the leader's trumps, and each card above every other card
                # of its suit, wins as it is led, and the leader keeps the lead.
                hand = hands[leader]
                mine = hand & trumps
                theirs = trumps_left ^ mine
                drawn = mine >= theirs  # no trumps left, or the leader holds the top one
                if drawn and theirs:
                    boss = (mine & -(1 << theirs.bit_length())).bit_count()
                    for p in range(n):
                        if (hands[p] & theirs).bit_count() > boss:
                            drawn = False
                            break
                if drawn:
                    others = in_play ^ hand
                    sure = mine.bit_count()
                    for block in plain_blocks:
                        if hand & block:
                            sure += (hand & block & -(1 << (others & block).bit_length())).bit_count()
                    if makers[leader]:
                        if sure > lo:  # noqa: PLR1730
                            lo = sure
                    elif rem - sure < hi:
                        hi = rem - sure
            else:
                lo, hi = bounds >> 3, bounds & 7
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            a = alpha = alpha if alpha > lo else lo  # noqa: FURB136
            b = beta = beta if beta < hi else hi  # noqa: FURB136
            hand = hands[leader]
            if audit:
                trick_start[rem] = list(hands)
                audit.moves(search, leader, hand, [], hand)
            # Lead the cards on top of their suits first, high to low, then the others low to high.
            tops = 0
            for block in blocks:
                here = in_play & block
                if here & hand:
                    tops |= hand & 1 << (here.bit_length() - 1)
            lows = hand ^ tops
            maxing = makers[leader]
            v = -1 if maxing else rem + 1
            nxt = nxt_pos[leader]
            while tops or lows:
                if tops:
                    c = 1 << (tops.bit_length() - 1)
                    tops ^= c
                else:
                    c = lows & -lows
                    lows ^= c
                    above = in_play & -(c << 1)
                    if above & -above & hand:
                        continue  # the next higher card of its suit is this hand's too, and stands for it
                hands[leader] = hand ^ c
                val = second(nxt, 1, suit_of[c], c, leader, in_play, rem, alpha, beta)
                hands[leader] = hand
                if maxing:
                    if val > v:
                        v = val
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                break
                elif val < v:
                    v = val
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
            tt[key] = (lo << 3 | v) if v <= a else (v << 3 | hi) if v >= b else (v << 3 | v)
            return v

        def follow(pos, count, led, best, winner, in_play, rem, alpha, beta):
            """The makers' tricks from here when position `pos`, not last, plays to a trick holding `count` cards."""
            hand = hands[pos]
            moves = hand & led or hand
            if audit:
                audit.moves(search, pos, hand, _trick_so_far(pos, count, rem), moves)
            nxt = nxt_pos[pos]
            then = follow if count + 1 < last_pos else last
            if not moves & (moves - 1):
                # One legal card: play it without the bookkeeping of a choice.
                hands[pos] = hand ^ moves
                if moves > best and moves & (trumps | led):
                    val = then(nxt, count + 1, led, moves, pos, in_play ^ best, rem, alpha, beta)
                else:
                    val = then(nxt, count + 1, led, best, winner, in_play ^ moves, rem, alpha, beta)
                hands[pos] = hand
                return val
            # The cheapest card that takes the trick first (over a partner too, as others follow).
            m = moves & (trumps | led) & -(best << 1)
            rest = moves ^ m
            takes = m  # while the cards in `m` are those that take the trick
            maxing = makers[pos]
            v = -1 if maxing else 9
            while True:
                if not m:
                    if not rest:
                        return v
                    m, rest, takes = rest, 0, 0
                c = m & -m
                m ^= c
                above = in_play & -(c << 1)
                above &= -above
                if above & hand and above & suit_of[c]:
                    continue  # the next higher card is this hand's too, and stands for this one
                hands[pos] = hand ^ c
                if takes:
                    val = then(nxt, count + 1, led, c, pos, in_play ^ best, rem, alpha, beta)
                else:
                    val = then(nxt, count + 1, led, best, winner, in_play ^ c, rem, alpha, beta)
                hands[pos] = hand
                if maxing:
                    if val > v:
                        v = val
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                return v
                elif val < v:
                    v = val
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            return v

        def last(pos, count, led, best, winner, in_play, rem, alpha, beta):
            """The makers' tricks from here when position `pos` plays the last card of a trick."""
            hand = hands[pos]
            moves = hand & led or hand
            beat = moves & (trumps | led) & -(best << 1)  # the cards that would take the trick
            maxing = makers[pos]
            if makers[winner] == maxing:
                m, rest = moves, 0  # the partner has the trick: low cards first
            else:
                m, rest = beat, moves ^ beat  # the cheapest card that takes it first
            if audit:
                audit.moves(search, pos, hand, _trick_so_far(pos, count, rem), moves)
            v = -1 if maxing else 9
            while True:
                if not m:
                    if not rest:
                        return v
                    m, rest = rest, 0
                c = m & -m
                m ^= c
                above = in_play & -(c << 1)
                above &= -above
                if above & hand and above & suit_of[c]:
                    continue  # the next higher card is this hand's too, and stands for this one
                w = pos if c & beat else winner
                if audit:
                    audit.trick(search, _trick_so_far(pos, count, rem) + [c], (w - pos + count) % n)
                won = makers[w]
                hands[pos] = hand ^ c
                if rem > 2:
                    val = won + boundary(w, in_play ^ best ^ c, rem - 1, alpha - won, beta - won)
                elif rem == 2:
                    val = won + last_trick(w, in_play ^ best ^ c)
                else:
                    val = won
                hands[pos] = hand
                if maxing:
                    if val > v:
                        v = val
                        if v > alpha:
                            alpha = v
                            if alpha >= beta:
                                return v
                elif val < v:
                    v = val
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            return v

        second = follow if last_pos > 1 else last  # who plays the second card of a trick

        def _trick_so_far(pos, count, rem):
            """For the audit: the cards played to this trick, in order, before `pos` plays."""
            start = trick_start[rem]
            return [start[p] ^ hands[p] for p in ((pos - count + i) % n for i in range(count))]

        def after(pos, count, led, best, winner, in_play, rem, c, alpha, beta):
            """The makers' tricks after position `pos` plays bit `c` to a trick holding `count` cards."""
            hand = hands[pos]
            hands[pos] = hand ^ c
            takes = not count or c > best and c & (trumps | led)
            then = follow if count + 1 < last_pos else last
            if not count:
                val = second(nxt_pos[pos], 1, suit_of[c], c, pos, in_play, rem, alpha, beta)
            elif count == last_pos:
                w = pos if takes else winner
                if audit:
                    audit.trick(search, _trick_so_far(pos, count, rem) + [c], (w - pos + count) % n)
                won = makers[w]
                if rem > 2:
                    val = won + boundary(w, in_play ^ best ^ c, rem - 1, alpha - won, beta - won)
                else:
                    val = won + last_trick(w, in_play ^ best ^ c) if rem == 2 else won
            elif takes:
                val = then(nxt_pos[pos], count + 1, led, c, pos, in_play ^ best, rem, alpha, beta)
            else:
                val = then(nxt_pos[pos], count + 1, led, best, winner, in_play ^ c, rem, alpha, beta)
            hands[pos] = hand
            return val

        def exact(pos, count, led, best, winner, in_play, rem, c, guess):
            """The exact makers' tricks after bit `c`."""
            if n < 4:
                # Two or three players make small trees: one search with the full window is cheapest.
                return after(pos, count, led, best, winner, in_play, rem, c, -1, rem + 1)
            # Four: a search with a window around the guess, then null-window tests "do the makers take k?".
            v = after(pos, count, led, best, winner, in_play, rem, c, guess - 1, guess + 1)
            if v == guess:
                return v
            lo, hi = (0, v) if v < guess else (v, rem)
            while lo < hi:
                k = min(max(v, lo + 1), hi)  # do the makers take at least k tricks?
                v = after(pos, count, led, best, winner, in_play, rem, c, k - 1, k)
                if v < k:
                    hi = v
                else:
                    lo = v
            return lo

        def values(pos, count, led, best, winner, in_play, rem, cards):
            """The exact makers' tricks after each bit of `cards`, lowest first, and the nodes visited."""
            found = []
            guess = (rem + 1) // 2  # each card's value is the guess for the next
            for c in _bits(cards):
                guess = exact(pos, count, led, best, winner, in_play, rem, c, guess)
                found.append(guess)
            return tuple(found), nodes

        self.values = values


def solve(state: HandState, compiled: bool | None = None) -> dict[Action, int]:
    """For each legal play of the player to act: the tricks that player's side takes from here on."""
    search = Search(state, compiled=compiled)  # compiled=False forces the Python search
    values = search.values()  # the makers' tricks, by bit
    table, rem = search.table, search.tricks_left
    mine = values if search.makers[search.to_act] else {c: rem - v for c, v in values.items()}
    out = {}
    for card in state.hands[state.to_act]:  # in the order of the hand, as legal_actions() gives them
        c = bit_of(table, card)
        if c in mine:
            out[table.plays[c]] = mine[c]
    return out
