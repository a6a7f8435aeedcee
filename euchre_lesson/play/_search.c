/* The double-dummy search of solver.py, compiled: the same alpha-beta, function for function
   (merged, legal, last_winner, last_trick, complete, after, best_of, follow, top_trump_tricks,
   drawn_tricks, quick_bounds, boundary, exact, values: the methods of solver.PythonSearch).

   This file knows no rule of Euchre. bits.py lays the cards out as bits (layout(), which is
   checked there against ranking.py) and solver.py passes that layout in as data: the trump block
   and the blocks of the effective suits. From it this file uses two facts only:
     - a player follows with `hand & block of the led card` when that is not empty, else plays
       any card of the hand;
     - the winner of a trick is the highest bit among the trumps and the led block.
   The Python search in solver.py is the specification: the tests compare the two on thousands of
   positions, node for node on recorded ones, and both against a plain minimax over the engine.

   A value is the makers' tricks from the current trick on; every function is fail-soft in
   (alpha, beta). Comments on the search itself are in solver.py, beside the same lines. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

/* The state of one call of values(). Every field is set afresh at the start of each call, and the
   GIL is held throughout, so nothing carries over from one call to the next. */
static int n, last_pos;           /* players in the hand; the count of cards in a trick before its last */
static u64 hands[4];              /* one mask per position, changed in place and restored */
static int makers[4], nxt_pos[4];
static int maker_pos[4], n_makers, defender_pos[4], n_defenders;
static u64 trumps, blocks[8], suit_of_bit[64];
static int n_blocks;
static long nodes;                /* trick-boundary positions visited */

/* The transposition table: the hands and the leader at a trick boundary -> bounds on the value.
   A new entry replaces whatever held its slot; as the whole key is compared, that loses bounds
   (a few more nodes are searched than in Python) but never gives a wrong one. It is a fixed
   array rather than one per call, to save clearing it; instead each entry carries the number of
   the call that wrote it, and entries of earlier calls never match. */
typedef struct { u64 k0, k1; uint32_t call; uint8_t leader, lo, hi; } Entry;
#define TT_BITS 14
static Entry tt[1u << TT_BITS];
static uint32_t call_number;

#if (defined(__GNUC__) || defined(__clang__)) && !defined(EUCHRE_PLAIN_C_BITS)
static inline int bit_length(u64 x) { return x ? 64 - __builtin_clzll(x) : 0; }
static inline int bit_count(u64 x) { return __builtin_popcountll(x); }
static inline int low_index(u64 x) { return __builtin_ctzll(x); }
#else  /* MSVC (Windows) has no GCC builtins: the same three in plain C (tests/test_portable.py builds these with gcc) */
static inline int bit_length(u64 x) {
    int length = 0;
    if (x >> 32) { length += 32; x >>= 32; }
    if (x >> 16) { length += 16; x >>= 16; }
    if (x >> 8) { length += 8; x >>= 8; }
    if (x >> 4) { length += 4; x >>= 4; }
    if (x >> 2) { length += 2; x >>= 2; }
    if (x >> 1) { length += 1; x >>= 1; }
    return length + (int)x;
}
static inline int bit_count(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
static inline int low_index(u64 x) { return bit_count((x & (~x + 1)) - 1); }  /* x is never 0 here */
#endif
static inline u64 top_bit(u64 x) { return (u64)1 << (bit_length(x) - 1); }
static inline u64 suit_of(u64 c) { return suit_of_bit[low_index(c)]; }

/* True when the next higher card that can still matter is this hand's, of the same suit. */
static inline int merged(u64 in_play, u64 hand, u64 c) {
    u64 above = in_play & -(c << 1);
    above &= -above;
    return (above & hand) && (above & suit_of(c));
}

static int boundary(int leader, u64 in_play, int rem, int alpha, int beta);
static int follow(int pos, int count, u64 led, u64 best, int winner, u64 in_play, int rem, int alpha, int beta);

/* The cards a hand may play: those of the led block if it holds any, else all; a leader (led 0), any. */
static inline u64 legal(u64 hand, u64 led) { return (hand & led) ? hand & led : hand; }

/* The position that wins the last trick: it holds the highest trump or card of the led suit. */
static int last_winner(int leader, u64 rest) {
    u64 top = top_bit(rest & (trumps | suit_of(hands[leader])));
    int p = 0;
    while (!(hands[p] & top)) p++;
    return p;
}

/* 1 if the makers take the last trick, which plays itself: `rest` is the one card of each hand. */
static int last_trick(int leader, u64 rest) { return makers[last_winner(leader, rest)]; }

/* The makers' tricks once position `w` has won the trick just played: that trick, then the rest. */
static int complete(int w, u64 in_play, int rem, int alpha, int beta) {
    int won = makers[w];
    if (rem > 2) return won + boundary(w, in_play, rem - 1, alpha - won, beta - won);
    if (rem == 2) return won + last_trick(w, in_play);
    return won;
}

/* A move: the makers' tricks after position `pos` plays bit `c` to a trick holding `count` cards. */
static int after(int pos, int count, u64 led, u64 best, int winner, u64 in_play, int rem, u64 c, int alpha, int beta) {
    u64 hand = hands[pos];
    int val;
    hands[pos] = hand ^ c;
    if (!count) led = suit_of(c);
    if (c > best && (c & (trumps | led))) {  /* c takes the trick (a lead always does: best is 0) */
        in_play ^= best; best = c; winner = pos;
    } else {
        in_play ^= c;
    }
    if (count == last_pos) val = complete(winner, in_play ^ best, rem, alpha, beta);
    else val = follow(nxt_pos[pos], count + 1, led, best, winner, in_play, rem, alpha, beta);
    hands[pos] = hand;
    return val;
}

/* The best value for the side of `pos` over its cards `first` then `rest`, each low to high (or
   `first` high to low); a card merged with the next one up is skipped (fail-soft alpha-beta). */
static int best_of(int pos, int count, u64 led, u64 best, int winner, u64 in_play, int rem, int alpha, int beta,
                   u64 first, u64 rest, int high_first) {
    u64 hand = hands[pos];
    int maxing = makers[pos], v = maxing ? -1 : rem + 1;
    while (first || rest) {
        u64 c;
        if (first) {
            c = high_first ? top_bit(first) : first & -first;
            first ^= c;
        } else {
            c = rest & -rest;
            rest ^= c;
        }
        if (merged(in_play, hand, c)) continue;
        int val = after(pos, count, led, best, winner, in_play, rem, c, alpha, beta);
        if (maxing) {
            if (val > v) { v = val; if (v > alpha) alpha = v; }
        } else if (val < v) { v = val; if (v < beta) beta = v; }
        if (alpha >= beta) break;
    }
    return v;
}

static int follow(int pos, int count, u64 led, u64 best, int winner, u64 in_play, int rem, int alpha, int beta) {
    u64 moves = legal(hands[pos], led);
    if (!(moves & (moves - 1))) return after(pos, count, led, best, winner, in_play, rem, moves, alpha, beta);
    u64 takes = moves & (trumps | led) & -(best << 1);
    if (count == last_pos && makers[winner] == makers[pos]) takes = 0;
    return best_of(pos, count, led, best, winner, in_play, rem, alpha, beta, takes, moves ^ takes, 0);
}

/* Whether the makers hold the top trump (*makers_top), and the tricks its side is sure of. */
static int top_trump_tricks(u64 trumps_left, int *makers_top) {
    u64 makers_cards = 0;
    for (int i = 0; i < n_makers; i++) makers_cards |= hands[maker_pos[i]];
    *makers_top = (top_bit(trumps_left) & makers_cards) != 0;
    u64 theirs = *makers_top ? trumps_left & ~makers_cards : trumps_left & makers_cards;
    u64 above_theirs = trumps & -((u64)1 << bit_length(theirs));
    const int *side = *makers_top ? maker_pos : defender_pos;
    int side_n = *makers_top ? n_makers : n_defenders, sure = 0;
    for (int i = 0; i < side_n; i++) {
        int k = bit_count(hands[side[i]] & above_theirs);
        if (k > sure) sure = k;
    }
    return sure;
}

/* The leader's sure tricks when leading its top trumps draws every other trump; else 0. */
static int drawn_tricks(int leader, u64 in_play, u64 trumps_left) {
    u64 hand = hands[leader], mine = hand & trumps, theirs = trumps_left ^ mine;
    if (mine < theirs) return 0;
    if (theirs) {
        int boss = bit_count(mine & -((u64)1 << bit_length(theirs)));
        for (int p = 0; p < n; p++)
            if (bit_count(hands[p] & theirs) > boss) return 0;
    }
    u64 others = in_play ^ hand;
    int sure = bit_count(mine);
    for (int b = 0; b < n_blocks - 1; b++)  /* the plain blocks: trump is last */
        if (hand & blocks[b])
            sure += bit_count(hand & blocks[b] & -((u64)1 << bit_length(others & blocks[b])));
    return sure;
}

/* Bounds (*lo, *hi) on the makers' tricks from sure tricks; the second is skipped if the first settles. */
static void quick_bounds(int leader, u64 in_play, int rem, int alpha, int beta, int *lo, int *hi) {
    *lo = 0; *hi = rem;
    u64 trumps_left = in_play & trumps;
    if (trumps_left) {
        int makers_top, sure = top_trump_tricks(trumps_left, &makers_top);
        if (makers_top) {
            *lo = sure;
            if (*lo >= beta) return;
        } else {
            *hi = rem - sure;
            if (*hi <= alpha) return;
        }
    }
    int sure = drawn_tricks(leader, in_play, trumps_left);
    if (makers[leader]) { if (sure > *lo) *lo = sure; }
    else if (rem - sure < *hi) *hi = rem - sure;
}

static int boundary(int leader, u64 in_play, int rem, int alpha, int beta) {
    nodes++;
    /* Two hands to a word: decks have at most 32 cards (values() checks the masks). */
    u64 k0 = hands[0] | hands[1] << 32, k1 = hands[2] | hands[3] << 32;
    u64 h = (k0 * 0x9E3779B97F4A7C15ull) ^ (k1 * 0xC2B2AE3D27D4EB4Full) ^ (u64)leader * 0x165667B19E3779F9ull;
    Entry *e = &tt[h >> (64 - TT_BITS)];  /* the top bits: every bit of the key reaches them */
    int lo, hi;
    if (e->call == call_number && e->k0 == k0 && e->k1 == k1 && e->leader == leader) {
        lo = e->lo; hi = e->hi;
    } else {
        quick_bounds(leader, in_play, rem, alpha, beta, &lo, &hi);
    }
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    if (lo > alpha) alpha = lo;
    if (hi < beta) beta = hi;
    u64 hand = legal(hands[leader], 0), tops = 0;
    for (int i = 0; i < n_blocks; i++) {
        u64 here = in_play & blocks[i];
        if (here & hand) tops |= hand & top_bit(here);
    }
    int v = best_of(leader, 0, 0, 0, leader, in_play, rem, alpha, beta, tops, hand ^ tops, 1);
    e->call = call_number; e->k0 = k0; e->k1 = k1; e->leader = (uint8_t)leader;
    if (v <= alpha) { e->lo = (uint8_t)lo; e->hi = (uint8_t)v; }
    else if (v >= beta) { e->lo = (uint8_t)v; e->hi = (uint8_t)hi; }
    else { e->lo = e->hi = (uint8_t)v; }
    return v;
}

/* The exact makers' tricks after bit `c`, as solver.py's exact() finds them. */
static int exact(int pos, int count, u64 led, u64 best, int winner, u64 in_play, int rem, u64 c, int guess) {
    if (n < 4) return after(pos, count, led, best, winner, in_play, rem, c, -1, rem + 1);
    int v = after(pos, count, led, best, winner, in_play, rem, c, guess - 1, guess + 1);
    if (v == guess) return v;
    int lo = v < guess ? 0 : v, hi = v < guess ? v : rem;
    while (lo < hi) {
        int k = v > lo + 1 ? v : lo + 1;
        if (k > hi) k = hi;
        v = after(pos, count, led, best, winner, in_play, rem, c, k - 1, k);
        if (v < k) hi = v;
        else lo = v;
    }
    return lo;
}

/* Read a tuple or list of at most `most` non-negative ints into `out`; returns how many, or -1. */
static int read_masks(PyObject *seq, u64 *out, int most, const char *what) {
    PyObject *items = PySequence_Fast(seq, what);
    if (!items) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(items);
    if (count < 1 || count > most) {
        PyErr_Format(PyExc_ValueError, "%s: expected 1 to %d items, got %zd", what, most, count);
        Py_DECREF(items);
        return -1;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        out[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(items, i));
        if (PyErr_Occurred()) { Py_DECREF(items); return -1; }
    }
    Py_DECREF(items);
    return (int)count;
}

static PyObject *values(PyObject *self, PyObject *args) {
    PyObject *hands_arg, *makers_arg, *blocks_arg;
    unsigned long long trumps_arg, led, best, in_play, cards;
    int pos, count, winner, rem;
    if (!PyArg_ParseTuple(args, "OOKOiiKKiKiK", &hands_arg, &makers_arg, &trumps_arg, &blocks_arg,
                          &pos, &count, &led, &best, &winner, &in_play, &rem, &cards))
        return NULL;
    u64 hands_in[4] = {0}, makers_in[4] = {0}, blocks_in[8];
    n = read_masks(hands_arg, hands_in, 4, "hands");
    if (n < 0) return NULL;
    if (read_masks(makers_arg, makers_in, 4, "makers") != n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "makers: one flag per hand");
        return NULL;
    }
    n_blocks = read_masks(blocks_arg, blocks_in, 8, "blocks");
    if (n_blocks < 0) return NULL;

    /* Refuse what the search cannot take: the key packs hands in 32 bits, values fit in a byte. */
    u64 all_blocks = 0, all_cards = in_play | cards | best;
    for (int b = 0; b < n_blocks; b++) all_blocks |= blocks_in[b];
    for (int p = 0; p < n; p++) all_cards |= hands_in[p];
    if (n < 2 || all_blocks >> 32 || (trumps_arg & ~all_blocks) || (all_cards & ~all_blocks)
        || pos < 0 || pos >= n || count < 0 || count >= n || winner < 0 || winner >= n
        || rem < 1 || rem > 8 || (cards & ~hands_in[pos])) {
        PyErr_SetString(PyExc_ValueError, "values(): arguments out of range for the search");
        return NULL;
    }

    last_pos = n - 1;
    trumps = trumps_arg;
    memset(suit_of_bit, 0, sizeof suit_of_bit);
    for (int b = 0; b < n_blocks; b++) {
        blocks[b] = blocks_in[b];
        for (u64 m = blocks_in[b]; m; m &= m - 1) suit_of_bit[low_index(m)] = blocks_in[b];
    }
    n_makers = n_defenders = 0;
    for (int p = 0; p < 4; p++) {
        hands[p] = hands_in[p];  /* absent positions stay empty, so the key is the same */
        if (p >= n) continue;
        makers[p] = makers_in[p] != 0;
        nxt_pos[p] = (p + 1) % n;
        if (makers[p]) maker_pos[n_makers++] = p;
        else defender_pos[n_defenders++] = p;
    }
    nodes = 0;
    if (++call_number == 0) {  /* wrapped after 2**32 calls: old entries could match again */
        memset(tt, 0, sizeof tt);
        call_number = 1;
    }

    PyObject *found = PyTuple_New(bit_count(cards));
    if (!found) return NULL;
    int guess = (rem + 1) / 2, i = 0;
    for (u64 m = cards; m; m &= m - 1) {
        guess = exact(pos, count, led, best, winner, in_play, rem, m & -m, guess);
        PyObject *value = PyLong_FromLong(guess);
        if (!value) { Py_DECREF(found); return NULL; }
        PyTuple_SET_ITEM(found, i++, value);
    }
    return Py_BuildValue("(Nl)", found, nodes);
}

static PyMethodDef methods[] = {
    {"values", values, METH_VARARGS,
     "values(hands, makers, trumps, blocks, pos, count, led, best, winner, in_play, tricks_left, cards)"
     " -> (makers' tricks after each bit of cards, lowest bit first; nodes)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_search", "The double-dummy search of solver.py, compiled.", -1, methods,
};

PyMODINIT_FUNC PyInit__search(void) { return PyModule_Create(&module); }
