"""Exact double-dummy solver: with every hand open, how many tricks each legal play takes."""

# How, in short. Hands are bits of the layout in bits.py: following suit is `hand & block` and
# the winner of a trick is the highest bit among the trumps and the led suit. The search is
# alpha-beta over the cards in play order, valued in the makers' tricks; it searches only one
# card of each run of equivalent cards (merged()), keeps bounds per position at trick boundaries
# in a table that lives for one solve, starts from bounds of sure tricks (quick_bounds()), and
# finds each exact value with narrow-window tests ("can the makers take k?"). Tests check it
# against a plain minimax over HandState.
#
# The same search is also written in C (_search.c), function for function, built with the
# package when a C compiler is at hand and used when it is, for speed; it is given the bit
# layout as data and knows no rule itself. The Python search below is the specification and
# the fallback; the tests check that the two agree, node for node.

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from types import ModuleType

from ..engine import checks
from ..engine.actions import Action
from ..engine.hand import HandState
from ..engine.phases import Phase
from ..engine.view import acting_seat
from .bits import bit_of, layout, legal_bits, mask, single_bits, winning_index


def _compiled_search() -> ModuleType | None:
    """The search compiled from _search.c, or None when it was installed without a C compiler."""
    try:
        return importlib.import_module("._search", __package__)
    except ImportError:  # the Python search gives the same values
        return None


_search = _compiled_search()

# True when solve() uses the compiled search: it is built, and EUCHRE_PURE_PYTHON=1 is not set.
COMPILED = _search is not None and os.environ.get("EUCHRE_PURE_PYTHON") != "1"

# The Python search calls its `check` (a deadline's) once every CHECK_EVERY positions at trick boundaries: about
# every 0.7 ms here (10 µs a position), so a search past its deadline stops within a few ms even on a busy machine.
# The compiled search, a hundred times faster, is never stopped inside: it ends in a few ms anyway.
CHECK_EVERY = 64


def merged(in_play: int, hand: int, c: int, suit_of: dict[int, int]) -> bool:
    """True when the next higher card that can still matter is this hand's, of the same suit: it stands for c."""
    above = in_play & -(c << 1)
    above &= -above
    return bool(above & hand and above & suit_of[c])


def top_bit(bits: int) -> int:
    """The highest single bit of a mask that is not empty."""
    return 1 << (bits.bit_length() - 1)


class PythonSearch:
    """Alpha-beta over the open hands, in the makers' tricks: the specification _search.c mirrors."""

    # A value is the makers' tricks from the current trick on; every function is fail-soft in
    # (alpha, beta). A player is a position, an index into the seats in play. `hands` is a list
    # of bit masks, one per position, changed in place and restored. `in_play` holds the cards
    # still in hands plus the card now winning the trick. The table `tt` maps the hands and the
    # leader at a trick boundary to bounds (low, high) on the value; it lives for one solve.

    def __init__(self, search: Search):
        bit_layout = search.layout
        self.hands, self.makers = search.hands, search.makers
        n = self.n = len(self.hands)
        self.last_pos = n - 1  # the count of cards already in a trick when its last card is played
        self.nxt = [(p + 1) % n for p in range(n)]
        self.maker_pos = [p for p in range(n) if self.makers[p]]
        self.defender_pos = [p for p in range(n) if not self.makers[p]]
        self.trumps, self.blocks, self.suit_of = bit_layout.trumps, bit_layout.blocks, bit_layout.suit_of
        self.width = len(bit_layout.cards)  # bits per hand in a key
        self.tt: dict[int, int] = {}  # key -> (low << 3 | high)
        self.nodes = 0  # trick-boundary positions visited
        self.check = search.check  # None, or called now and then: it raises to stop the search (a deadline passed)

    # -- the rules on bits, and the end of a trick --------------------------------------------

    def legal(self, hand: int, led: int) -> int:
        """The cards a hand may play: those of the led block if it holds any, else all (C12); a leader, any."""
        return hand & led or hand

    def complete(self, w: int, in_play: int, rem: int, alpha: int, beta: int) -> int:
        """The makers' tricks once position `w` has won the trick just played: that trick, then the rest."""
        won = self.makers[w]
        if rem > 2:
            return won + self.boundary(w, in_play, rem - 1, alpha - won, beta - won)
        if rem == 2:
            return won + self.last_trick(w, in_play)
        return won

    def last_trick(self, leader: int, rest: int) -> int:
        """1 if the makers take the last trick, which plays itself: `rest` is the one card of each hand."""
        return self.makers[self.last_winner(leader, rest)]

    def last_winner(self, leader: int, rest: int) -> int:
        """The position that wins the last trick: it holds the highest trump or card of the led suit."""
        top = top_bit(rest & (self.trumps | self.suit_of[self.hands[leader]]))
        return next(p for p, hand in enumerate(self.hands) if hand & top)

    # -- bounds before any card is tried -----------------------------------------------------------

    def quick_bounds(self, leader: int, in_play: int, rem: int, alpha: int, beta: int) -> tuple[int, int]:
        """Bounds (lo, hi) on the makers' tricks from sure tricks; the second is skipped if the first settles."""
        lo, hi = 0, rem
        trumps_left = in_play & self.trumps
        if trumps_left:
            makers_top, sure = self.top_trump_tricks(trumps_left)
            if makers_top:
                lo = sure
                if lo >= beta:
                    return lo, hi
            else:
                hi = rem - sure
                if hi <= alpha:
                    return lo, hi
        sure = self.drawn_tricks(leader, in_play, trumps_left)
        if self.makers[leader]:
            return max(lo, sure), hi
        return lo, min(hi, rem - sure)

    def top_trump_tricks(self, trumps_left: int) -> tuple[bool, int]:
        """Whether the makers hold the top trump, and the tricks its side is sure of.

        A trump above every trump of the other side wins the trick it falls in for its side (only a
        partner's trump could beat it), and one player's cards fall in different tricks: so the side
        with the top trump takes at least as many tricks as any of its players holds such trumps.
        """
        hands = self.hands
        makers_cards = 0
        for p in self.maker_pos:
            makers_cards |= hands[p]
        makers_top = bool(top_bit(trumps_left) & makers_cards)
        if makers_top:
            theirs, side = trumps_left & ~makers_cards, self.maker_pos  # the defenders' trumps
        else:
            theirs, side = trumps_left & makers_cards, self.defender_pos
        above_theirs = self.trumps & -(1 << theirs.bit_length())
        return makers_top, max((hands[p] & above_theirs).bit_count() for p in side)

    def drawn_tricks(self, leader: int, in_play: int, trumps_left: int) -> int:
        """The leader's sure tricks when leading its top trumps draws every other trump; else 0.

        If the leader's trumps above every other trump are at least as many as the trumps of each
        other player, leading them draws every other trump (trumps must follow trumps); then each of
        the leader's trumps, and each card above every other card of its suit, wins as it is led,
        and the leader keeps the lead.
        """
        hand = self.hands[leader]
        mine = hand & self.trumps
        theirs = trumps_left ^ mine
        if mine < theirs:  # the leader has not got the top trump
            return 0
        if theirs:
            boss = (mine & -(1 << theirs.bit_length())).bit_count()
            if any((h & theirs).bit_count() > boss for h in self.hands):
                return 0
        others = in_play ^ hand
        sure = mine.bit_count()
        for block in self.blocks[:-1]:  # the plain suits: trump is last
            if hand & block:
                sure += (hand & block & -(1 << (others & block).bit_length())).bit_count()
        return sure

    # -- the search --------------------------------------------------------------------------------

    def key(self, leader: int) -> int:
        """The hands and the leader in one int: ints, unlike tuples, are not tracked by the garbage collector."""
        key = 0
        for hand in self.hands:
            key = key << self.width | hand
        return key << 2 | leader

    def boundary(self, leader: int, in_play: int, rem: int, alpha: int, beta: int) -> int:
        """The makers' tricks of the `rem` left when `leader` leads; `in_play` is every hand."""
        self.nodes += 1
        if self.check is not None and not self.nodes % CHECK_EVERY:
            self.check()
        key = self.key(leader)
        bounds = self.tt.get(key)
        lo, hi = self.quick_bounds(leader, in_play, rem, alpha, beta) if bounds is None else divmod(bounds, 8)
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        alpha, beta = max(alpha, lo), min(beta, hi)
        # Lead the cards on top of their suits first, high to low, then the others low to high.
        hand = self.legal(self.hands[leader], 0)
        tops = 0
        for block in self.blocks:
            here = in_play & block
            if here & hand:
                tops |= hand & top_bit(here)
        v = self.best_of(leader, 0, 0, 0, leader, in_play, rem, alpha, beta, tops, hand ^ tops, True)
        self.tt[key] = (lo << 3 | v) if v <= alpha else (v << 3 | hi) if v >= beta else (v << 3 | v)
        return v

    def follow(
        self, pos: int, count: int, led: int, best: int, winner: int, in_play: int, rem: int, alpha: int, beta: int
    ) -> int:
        """The makers' tricks from here when position `pos` plays to a trick holding `count` cards."""
        moves = self.legal(self.hands[pos], led)
        if not moves & (moves - 1):  # one legal card: play it without the bookkeeping of a choice
            return self.after(pos, count, led, best, winner, in_play, rem, moves, alpha, beta)
        # The cheapest card that takes the trick first (over a partner too, as others follow); but
        # last to play, with the partner winning, low cards first.
        takes = moves & (self.trumps | led) & -(best << 1)
        if count == self.last_pos and self.makers[winner] == self.makers[pos]:
            takes = 0
        return self.best_of(pos, count, led, best, winner, in_play, rem, alpha, beta, takes, moves ^ takes, False)

    def best_of(
        self,
        pos: int,
        count: int,
        led: int,
        best: int,
        winner: int,
        in_play: int,
        rem: int,
        alpha: int,
        beta: int,
        first: int,
        rest: int,
        high_first: bool,
    ) -> int:
        """The best value for the side of `pos` over its cards `first` then `rest`, each low to high
        (or `first` high to low); a card merged with the next one up is skipped (fail-soft alpha-beta)."""
        hand, maxing = self.hands[pos], self.makers[pos]
        v = -1 if maxing else rem + 1
        order = (single_bits(first)[::-1] if high_first else single_bits(first)) + single_bits(rest)
        for c in order:
            if merged(in_play, hand, c, self.suit_of):
                continue
            val = self.after(pos, count, led, best, winner, in_play, rem, c, alpha, beta)
            if maxing:
                if val > v:
                    v = val
                    alpha = max(alpha, v)
            elif val < v:
                v = val
                beta = min(beta, v)
            if alpha >= beta:
                break
        return v

    def after(
        self,
        pos: int,
        count: int,
        led: int,
        best: int,
        winner: int,
        in_play: int,
        rem: int,
        c: int,
        alpha: int,
        beta: int,
    ) -> int:
        """A move: the makers' tricks after position `pos` plays bit `c` to a trick holding `count` cards."""
        hands = self.hands
        hand = hands[pos]
        hands[pos] = hand ^ c
        if not count:
            led = self.suit_of[c]
        if c > best and c & (self.trumps | led):  # c takes the trick (a lead always does: best is 0)
            best, winner, in_play = c, pos, in_play ^ best  # in_play keeps only the winning card of a trick
        else:
            in_play ^= c
        if count == self.last_pos:
            val = self.complete(winner, in_play ^ best, rem, alpha, beta)
        else:
            val = self.follow(self.nxt[pos], count + 1, led, best, winner, in_play, rem, alpha, beta)
        hands[pos] = hand
        return val

    def exact(
        self, pos: int, count: int, led: int, best: int, winner: int, in_play: int, rem: int, c: int, guess: int
    ) -> int:
        """The exact makers' tricks after bit `c`."""
        where = (pos, count, led, best, winner, in_play, rem, c)
        if self.n < 4:
            # Two or three players make small trees: one search with the full window is cheapest.
            return self.after(*where, -1, rem + 1)
        # Four: a search with a window around the guess, then null-window tests "do the makers take k?".
        v = self.after(*where, guess - 1, guess + 1)
        if v == guess:
            return v
        lo, hi = (0, v) if v < guess else (v, rem)
        while lo < hi:
            k = min(max(v, lo + 1), hi)  # do the makers take at least k tricks?
            v = self.after(*where, k - 1, k)
            if v < k:
                hi = v
            else:
                lo = v
        return lo

    def values(
        self, pos: int, count: int, led: int, best: int, winner: int, in_play: int, rem: int, cards: int
    ) -> tuple[int, ...]:
        """The exact makers' tricks after each bit of `cards`, lowest first."""
        found = []
        guess = (rem + 1) // 2  # each card's value is the guess for the next
        for c in single_bits(cards):
            guess = self.exact(pos, count, led, best, winner, in_play, rem, c, guess)
            found.append(guess)
        return tuple(found)


class Search:
    """A double-dummy search of one state in trick play; `values()` runs it, compiled or in Python."""

    searcher = PythonSearch  # the Python search to run; the tests put in one that checks each step

    def __init__(self, state: HandState, compiled: bool | None = None, check: Callable[[], None] | None = None):
        if state.phase is not Phase.PLAY:
            where = "over" if state.is_over else f"in {state.phase}"
            raise ValueError(f"solve needs a hand in trick play; this one is {where}")
        if compiled and _search is None:
            raise RuntimeError("the compiled search is not built: reinstall with a C compiler at hand")
        self.compiled = COMPILED if compiled is None else compiled  # None means the default, COMPILED
        self.check = check  # the Python search calls it every CHECK_EVERY positions; it raises to stop
        self.layout = bit_layout = layout(state.trump, state.rules.deck)
        seats = state.active_seats  # clockwise: the order of play
        # From here on a player is a position: an index into `seats`.
        self.makers = [int(s in state.makers) for s in seats]
        self.hands = [mask(bit_layout, state.hands[s]) for s in seats]
        trick = checks.known(state.trick, "a hand in trick play always has a trick")
        self.played = [(seats.index(s), bit_of(bit_layout, c)) for s, c in zip(trick.seats, trick.cards)]
        to_act = acting_seat(state)
        self.to_act = seats.index(to_act)
        self.tricks_left = len(state.hands[to_act])
        self.nodes = 0  # trick-boundary positions visited, after `values()`

    def values(self) -> dict[int, int]:
        """For each legal bit of the player to act: the makers' tricks from here on, with best play."""
        bit_layout, hands, pos = self.layout, self.hands, self.to_act
        trick = [c for _, c in self.played]
        led = best = winner = 0
        if trick:
            led = bit_layout.suit_of[trick[0]]
            i = winning_index(bit_layout, trick)
            best, winner = trick[i], self.played[i][0]
        # The cards that can still matter: those in hands, and the card now winning the trick.
        in_play = best
        for h in hands:
            in_play |= h
        moves = legal_bits(bit_layout, hands[pos], trick)
        roots = [c for c in single_bits(moves) if not merged(in_play, hands[pos], c, bit_layout.suit_of)]
        where = (pos, len(trick), led, best, winner, in_play, self.tricks_left, sum(roots))
        if self.compiled:
            compiled = checks.known(_search, "Search() refuses compiled=True when it is not built")
            found, self.nodes = compiled.values(self.hands, self.makers, bit_layout.trumps, bit_layout.blocks, *where)
        else:
            python = self.searcher(self)
            found, self.nodes = python.values(*where), python.nodes
        out = dict(zip(roots, found))
        # A card merged into the next higher one has its value.
        for c in reversed(single_bits(moves)):
            if c not in out:
                above = in_play & -(c << 1)
                out[c] = out[above & -above]
        return out


def solve(state: HandState, compiled: bool | None = None) -> dict[Action, int]:
    """For each legal play of the player to act: the tricks that player's side takes from here on."""
    if not isinstance(state, HandState):  # a hand in another phase: Search says which
        raise checks.refused("state", state, "a HandState in trick play (solve answers from the first lead on)")
    if compiled is not None:
        checks.flag("compiled", compiled)
    return solve_checked(state, None, compiled)  # compiled=False forces the Python search


def solve_checked(
    state: HandState, check: Callable[[], None] | None, compiled: bool | None = None
) -> dict[Action, int]:
    """solve(), with `check()` called now and then by the Python search: it raises to stop it (a deadline)."""
    search = Search(state, compiled=compiled, check=check)
    values = search.values()  # the makers' tricks, by bit
    bit_layout, rem = search.layout, search.tricks_left
    mine = values if search.makers[search.to_act] else {c: rem - v for c, v in values.items()}
    out = {}
    for card in state.hands[acting_seat(state)]:  # in the order of the hand, as legal_actions() gives them
        c = bit_of(bit_layout, card)
        if c in mine:
            out[bit_layout.plays[c]] = mine[c]
    return out
