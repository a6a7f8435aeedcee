"""The cutthroat maker's choice of five from ten (T5): a teacher's rule for the strongest five."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..engine import checks
from ..engine.cards import Card, Rank, Suit, sort_key
from ..engine.errors import NotationError
from ..engine.language import N_
from ..engine.ranking import is_trump, power
from ..engine.said import Said, saying, words_of
from ..engine.tricks import PLURALS

# What keep_strength compares: trumps, their powers, off-suit aces, minus the side suits, side ranks.
Strength = tuple[int, list[int], int, int, list[int]]
Traits = tuple[bool, int, bool, Suit | None, int]


class Keep(NamedTuple):
    """Five cards to keep and why."""

    cards: tuple[Card, ...]
    reason: str


def _traits(card: Card, trump: Suit) -> Traits:
    """What keep_strength asks of one card: trump or not, its power, ace or not, suit, rank."""
    trump_card = is_trump(card, trump)
    return trump_card, power(card, trump, trump) if trump_card else 0, card.rank is Rank.ACE, card.suit, int(card.rank)


def _strength(traits: Sequence[Traits]) -> Strength:
    """The comparison key of five cards, from their traits."""
    trumps = sorted((t[1] for t in traits if t[0]), reverse=True)
    side = [t for t in traits if not t[0]]
    return (
        len(trumps),
        trumps,
        sum(t[2] for t in side),
        -len({t[3] for t in side}),
        sorted((t[4] for t in side), reverse=True),
    )


def keep_strength(five: Sequence[Card], trump: Suit) -> Strength:
    """Compare fives: most trumps, then the best trumps, off-suit aces, fewest suits, high cards."""
    return _strength([_traits(c, trump) for c in five])


def best_five(cards: str | Sequence[Card | str], trump: Suit | str, *, keeping: Card | str | None = None) -> Keep:
    """The strongest five of the maker's ten by the teacher's rule, with the reason (T5); with `keeping`, the
    strongest five that hold that card (the dealer's up-card, which stays in the hand: C7)."""
    ten, suit = checks.cards("cards", cards), checks.suit("trump", trump)
    if len(ten) < 5 or len(set(ten)) != len(ten):
        raise NotationError("cards", f"Choose five from at least five different cards, not {len(ten)} (T5).")
    kept = None if keeping is None else checks.card("keeping", keeping)
    if kept is not None and kept not in ten:
        raise NotationError("keeping", f"keeping: {kept} is not among the cards {' '.join(map(str, ten))}.")
    ordered = sorted(ten, key=sort_key)
    traits = [_traits(c, suit) for c in ordered]  # once per card, not once per card of each of 252 fives
    fives = [
        f for f in itertools.combinations(range(len(ordered)), 5) if kept is None or any(ordered[i] == kept for i in f)
    ]
    best = max(fives, key=lambda f: _strength([traits[i] for i in f]))
    five = tuple(ordered[i] for i in best)
    return Keep(five, words_of(_keep_said(five, ten, suit)))


def best_card(cards: Iterable[Card], trump: Suit) -> Card:
    """The card a partner gives a lone player who calls for best (R3): the highest trump, else an off-suit ace,
    else the highest card."""
    return max(
        cards,
        key=lambda c: (
            is_trump(c, trump),
            power(c, trump, trump) if is_trump(c, trump) else 0,
            c.rank is Rank.ACE,
            int(c.rank),
            -sort_key(c)[0],
        ),
    )


def keep_said(five: Sequence[Card | str], ten: Sequence[Card | str], trump: Suit | str) -> Said:
    """Why `five` of the cards `ten` are kept with `trump` (T5), as a reason keeps it: in no language until read."""
    return _keep_said(checks.cards("five", five), checks.cards("ten", ten), checks.suit("trump", trump))


def _keep_said(five: Sequence[Card], ten: Sequence[Card], trump: Suit) -> Said:
    """keep_said once its arguments are checked: asked for every five kept in every simulated deal."""
    trumps = sorted((c for c in five if is_trump(c, trump)), key=lambda c: power(c, trump, trump), reverse=True)
    side = [c for c in five if not is_trump(c, trump)]
    aces = [c for c in side if c.rank is Rank.ACE]
    all_trumps = sum(is_trump(c, trump) for c in ten)
    parts: list[Said] = []
    if trumps:
        listed = " ".join(map(str, trumps))
        parts.append(
            saying(N_("keep every trump ({cards})"), cards=listed)
            if len(trumps) == all_trumps
            else saying(N_("keep the {count} best trumps ({cards})"), count=len(trumps), cards=listed)
        )
    if aces:
        listed = " ".join(map(str, aces))
        parts.append(
            saying(N_("the off-suit aces {cards}") if len(aces) > 1 else N_("the off-suit ace {cards}"), cards=listed)
        )
    voids = [s for s in Suit if s is not trump and not any(c.suit is s and not is_trump(c, trump) for c in five)]
    if voids and side:
        suits = saying(PLURALS[voids[0]])
        for void in voids[1:]:
            suits = saying(N_("{first} or {second}"), first=suits, second=saying(PLURALS[void]))
        parts.append(saying(N_("and no {suits}, so you can trump those leads"), suits=suits))
    rest = [c for c in side if c not in aces]
    if rest:
        parts.append(saying(N_("then the highest cards left ({cards})"), cards=" ".join(map(str, rest))))
    joined = ", ".join(f"{{part{i}}}" for i in range(len(parts))) + "."
    return Said(joined, tuple((f"part{i}", part) for i, part in enumerate(parts)), capital=True)
