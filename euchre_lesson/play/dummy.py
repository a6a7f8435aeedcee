"""The cutthroat maker's choice of five from ten (T5): a teacher's rule for the strongest five."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..engine import checks
from ..engine.cards import Card, Rank, Suit, sort_key
from ..engine.errors import NotationError
from ..engine.language import N_, _, ngettext
from ..engine.ranking import is_trump, power, trumps_in
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


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards)) or _("none")


def shortfall(mine: Sequence[Card], best: Sequence[Card], trump: Suit) -> str:
    """How a five falls short of the best five, by the first measure of `keep_strength` that differs, in the
    language chosen here."""
    ours, theirs = keep_strength(mine, trump), keep_strength(best, trump)
    my_trumps, best_trumps = trumps_in(mine, trump), trumps_in(best, trump)
    my_side = [c for c in mine if not is_trump(c, trump)]
    best_side = [c for c in best if not is_trump(c, trump)]
    if ours[0] != theirs[0]:
        return ngettext(
            "you kept {count} trump ({cards}) where you could keep {best} ({best_cards}): every trump is a likely "
            "trick",
            "you kept {count} trumps ({cards}) where you could keep {best} ({best_cards}): every trump is a likely "
            "trick",
            len(my_trumps),
        ).format(count=len(my_trumps), cards=_cards(my_trumps), best=len(best_trumps), best_cards=_cards(best_trumps))
    if ours[1] != theirs[1]:
        return _("your trumps ({cards}) are weaker than {best_cards}").format(
            cards=_cards(my_trumps), best_cards=_cards(best_trumps)
        )
    if ours[2] != theirs[2]:
        return ngettext(
            "you kept {count} off-suit ace where you could keep {best}: an ace is likely to win its suit's first lead",
            "you kept {count} off-suit aces where you could keep {best}: an ace is likely to win its suit's first lead",
            ours[2],
        ).format(count=ours[2], best=theirs[2])
    if ours[3] != theirs[3]:
        return _(
            "your side cards ({cards}) spread over {suits} suits where {best_cards} spread over {best_suits}: fewer "
            "suits leave you void, free to trump those leads"
        ).format(cards=_cards(my_side), suits=-ours[3], best_cards=_cards(best_side), best_suits=-theirs[3])
    return _("your side cards ({cards}) are lower than {best_cards}").format(
        cards=_cards(my_side), best_cards=_cards(best_side)
    )
