"""The beginner: plays like the rule of thumb, but makes, now and then, the mistakes a new player makes.

Its mistakes are a table (MISTAKES): what the mistake is, the steps of a hand where it can be made, and how often it
is made where it can be. At each choice the beginner takes the rule of thumb's choice, then goes down the table:
each mistake that could be made here is made if the dice say so, and the first one made is played. It says so in
its reason, in plain words, so a learner who watches it sees the mistake and what would have been better.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from ..engine import checks
from ..engine.actions import ORDER, PASS, Action, Verb, keep, pickup, play
from ..engine.cards import Card, Rank, Suit, fixed_suit, sort_key
from ..engine.language import N_
from ..engine.phases import Phase
from ..engine.ranking import bower, effective_suit, is_trump, power
from ..engine.said import Reason, saying
from ..engine.tricks import PLURALS, trick_winner
from ..engine.view import View, deciding
from .choice import Choice
from .rule_of_thumb import RuleOfThumbPlayer, count, round_one_count

Slip = Callable[[View, Action], tuple[Action, Reason] | None]  # the mistake's action and its reason, or None


class Mistake(NamedTuple):
    """A beginner's mistake: what it is, where it can be made, how often it is made there, and how it is made."""

    what: str
    phases: tuple[Phase, ...]
    often: float  # the chance it is made, where it can be
    slip: Slip  # given the view and the rule of thumb's action: the mistaken action and its reason, or None


def _bid_suit(view: View, sound: Action) -> Suit | None:
    """The suit a bid makes trump: the up-card's in round one, the suit named in round two."""
    if sound == ORDER:
        return fixed_suit(view.up_card.suit)
    return fixed_suit(sound.suit) if sound.kind is Verb.CALL and sound.suit is not None else None


def _bid_count(view: View, trump: Suit) -> int:
    """The rule of thumb's count of the hand for `trump` (the dealer's after the pick-up in round one)."""
    if deciding(view).phase is Phase.ROUND_ONE:
        return round_one_count(view).score
    return count(view.hand, trump).score


def _order_on_two_trumps(view: View, sound: Action) -> tuple[Action, Reason] | None:
    """Orders up with two trumps, where the count says pass."""
    trumps = round_one_count(view).trumps
    if sound != PASS or ORDER not in view.legal or len(trumps) != 2:
        return None
    trump = fixed_suit(view.up_card.suit)
    return ORDER, saying(
        N_(
            "I have two trumps, the {first} and the {second}, and I want to play: I take {suits}. (A beginner's "
            "mistake: two trumps alone rarely win three tricks. Count first: a count of {need} is needed, and mine "
            "is {score}.)"
        ),
        first=trumps[0],
        second=trumps[1],
        suits=saying(PLURALS[trump]),
        need=view.rules.facts.make_trump_at,
        score=round_one_count(view).score,
    )


def _forget_the_left_bower(view: View, sound: Action) -> tuple[Action, Reason] | None:
    """Counts trumps by the suits printed on the cards, so the left bower is left out, and passes."""
    trump = _bid_suit(view, sound)
    if trump is None or PASS not in view.legal:
        return None
    left = next((card for card in view.hand if bower(card, trump) == "left"), None)
    need, counted = view.rules.facts.make_trump_at, _bid_count(view, trump)
    if left is None or not need <= counted < need + 2:  # the left bower counts twice: a trump and a bower
        return None
    return PASS, saying(
        N_(
            "I count my {suits} and find too few, so I pass. (A beginner's mistake: the {left} is the left bower, "
            "the second-best trump; counted right, my hand makes {counted}, and {need} is enough.)"
        ),
        suits=saying(PLURALS[trump]),
        left=left,
        counted=counted,
        need=need,
    )


def _pass_a_good_hand(view: View, sound: Action) -> tuple[Action, Reason] | None:
    """Passes a hand just good enough to make trump: not sure of itself."""
    trump = _bid_suit(view, sound)
    need = view.rules.facts.make_trump_at
    if trump is None or PASS not in view.legal or not need <= _bid_count(view, trump) <= need + 1:
        return None
    return PASS, saying(
        N_(
            "I am not sure my hand is good enough for {suits}, so I pass. (A beginner's mistake: its count is "
            "{counted}, and {need} is enough.)"
        ),
        suits=saying(PLURALS[trump]),
        counted=_bid_count(view, trump),
        need=need,
    )


def _discard_the_lowest(view: View, sound: Action) -> tuple[Action, Reason] | None:
    """The dealer lays away its lowest card, even a trump, rather than making a void."""
    trump = fixed_suit(view.trump)
    options = [action.card for action in view.legal if action.kind is Verb.PICKUP and action.card is not None]
    if sound.kind is not Verb.PICKUP or not options:
        return None
    lowest = min(options, key=lambda card: (card.rank, is_trump(card, trump), sort_key(card)))
    if lowest == sound.card:
        return None
    return pickup(lowest), saying(
        N_(
            "I take the {card} and discard my lowest card, the {lowest}. (A beginner's mistake: the {sound} was the "
            "card to lay away: keep trumps and aces, and make a void where you can.)"
        ),
        card=view.up_card,
        lowest=lowest,
        sound=sound.card,
    )


def _keep_the_high_cards(view: View, sound: Action) -> tuple[Action, Reason] | None:
    """The maker keeps the highest-ranked five of its ten, trumps or not."""
    dummy = checks.known(view.dummy, "the maker who keeps five sees the dummy it took (T5)")
    trump = fixed_suit(view.trump)
    ten = view.hand + dummy
    high = sorted(ten, key=lambda card: (-int(card.rank), not is_trump(card, trump), sort_key(card)))[:5]
    chosen = keep(high)
    if chosen == sound:
        return None
    return chosen, saying(
        N_(
            "I keep my five highest cards, {cards}. (A beginner's mistake: trumps win tricks, so the rule of thumb "
            "keeps {sound}.)"
        ),
        cards=" ".join(map(str, chosen.cards)),
        sound=" ".join(map(str, sound.cards)),
    )


def _table(view: View) -> tuple[Suit, list[Card], list[Card]]:
    """Trump, the cards on the table this trick, and the cards this seat may play."""
    trick = checks.known(view.trick, "while a card is to be played a trick is on the table, empty before the lead")
    return fixed_suit(view.trump), list(trick.cards), [a.card for a in view.legal if a.card is not None]


def _win_the_partners_trick(view: View, sound: Action) -> tuple[Action, Reason] | None:
    """Beats a trick its partner is already winning."""
    trump, cards, mine = _table(view)
    if not cards:
        return None
    trick = checks.known(view.trick, "a trick is on the table")
    best = trick_winner(cards, trump)
    partner, winning, led = view.partner_of(view.seat), cards[best], effective_suit(cards[0], trump)
    beaters = [c for c in mine if power(c, trump, led) > power(winning, trump, led)]
    if partner is None or trick.seats[best] != partner or not beaters:
        return None
    card = min(beaters, key=lambda c: power(c, trump, led))
    return play(card), saying(
        N_(
            "I play the {card} to win this trick myself. (A beginner's mistake: my partner was already winning it "
            "with the {winning}; play low and save the {card} for a trick we would lose.)"
        )
        if view.rules.facts.partners
        else N_(  # Cutthroat's partner for one hand
            "I play the {card} to win this trick myself. (A beginner's mistake: the other defender was already "
            "winning it with the {winning}; play low and save the {card} for a trick we would lose.)"
        ),
        card=card,
        winning=winning,
    )


def _forget_to_lead_trump(view: View, sound: Action) -> tuple[Action, Reason] | None:
    """As a maker, leads a card of another suit where the rule of thumb leads trump."""
    trump, cards, mine = _table(view)
    if cards or sound.card is None or not is_trump(sound.card, trump) or view.seat not in view.makers:
        return None
    others = [c for c in mine if not is_trump(c, trump)]
    if not others:
        return None
    card = max(others, key=lambda c: (c.rank, sort_key(c)))
    return play(card), saying(
        N_(
            "I lead the {card}, my best card that is not a trump. (A beginner's mistake: I made trump, so I should "
            "lead trump, the {sound}, to pull out the other players' trumps.)"
        ),
        card=card,
        sound=sound.card,
    )


def _keep_the_aces(view: View, sound: Action) -> tuple[Action, Reason] | None:
    """Keeps its off-suit aces for later, leading a small card instead."""
    trump, cards, mine = _table(view)
    if cards or sound.card is None or is_trump(sound.card, trump) or sound.card.rank is not Rank.ACE:
        return None
    small = [c for c in mine if not is_trump(c, trump) and c.rank is not Rank.ACE]
    if not small:
        return None
    card = min(small, key=lambda c: (c.rank, sort_key(c)))
    return play(card), saying(
        N_(
            "I keep my {sound} for later and lead the {card}. (A beginner's mistake: an ace led early wins before "
            "anyone runs out of its suit; later, someone may trump it.)"
        ),
        sound=sound.card,
        card=card,
    )


def _throw_a_high_card(view: View, sound: Action) -> tuple[Action, Reason] | None:
    """Plays a high card into a trick it cannot win."""
    trump, cards, mine = _table(view)
    if not cards or len(mine) < 2:
        return None
    led = effective_suit(cards[0], trump)
    winning = cards[trick_winner(cards, trump)]
    if any(power(c, trump, led) > power(winning, trump, led) for c in mine):
        return None
    card = max(mine, key=lambda c: (is_trump(c, trump), power(c, trump, trump), c.rank, sort_key(c)))
    if card == sound.card:
        return None
    return play(card), saying(
        N_(
            "I play the {card}, though it cannot beat the {winning}. (A beginner's mistake: when a trick is lost, "
            "throw the lowest card, the {sound}, and keep the high ones for tricks they can win.)"
        ),
        card=card,
        winning=winning,
        sound=sound.card,
    )


BIDS = (Phase.ROUND_ONE, Phase.ROUND_TWO)

# The mistakes, in the order they are tried; "often" is the chance of each where it can be made. Each gives away
# a trick or a point now and then, so a first game against beginners can be won (bench/tournament.py measures it).
MISTAKES: tuple[Mistake, ...] = (
    Mistake("orders up with only two trumps", (Phase.ROUND_ONE,), 0.5, _order_on_two_trumps),
    Mistake("forgets that the left bower is a trump", BIDS, 0.5, _forget_the_left_bower),
    Mistake("passes a hand just good enough to make trump", BIDS, 0.3, _pass_a_good_hand),
    Mistake("discards its lowest card, even a trump", (Phase.PICKUP,), 0.5, _discard_the_lowest),
    Mistake("keeps the dummy's high cards rather than its trumps", (Phase.DUMMY,), 0.5, _keep_the_high_cards),
    Mistake("wins a trick its partner was already winning", (Phase.PLAY,), 0.5, _win_the_partners_trick),
    Mistake("forgets to lead trump after making it", (Phase.PLAY,), 0.6, _forget_to_lead_trump),
    Mistake("keeps its off-suit aces for later", (Phase.PLAY,), 0.4, _keep_the_aces),
    Mistake("throws a high card into a trick it cannot win", (Phase.PLAY,), 0.5, _throw_a_high_card),
)


class BeginnerPlayer:
    """Plays like the rule of thumb but makes a beginner's mistakes now and then (MISTAKES), and says so."""

    name = "beginner"

    def __init__(self, seed: int | None = None):
        self.seed = checks.seed("seed", seed)

    def decide(self, view: View, rng: random.Random | None = None) -> Choice:
        """The action for this view, with its reason: the rule of thumb's, or a mistake the dice chose."""
        phase = deciding(view).phase
        sound = RuleOfThumbPlayer().decide(view)
        dice = rng if rng is not None else random.Random(self.seed)
        for mistake in MISTAKES:
            if phase not in mistake.phases:
                continue
            slip = mistake.slip(view, sound.action)
            if slip is None or dice.random() >= mistake.often:  # rolled only where the mistake can be made
                continue
            if slip[0] not in view.legal:  # a fault of this module, said here rather than as the engine's refusal
                raise RuntimeError(f"the beginner chose {slip[0]}, which is not legal here")
            return Choice(*slip)
        return sound

    def choose(self, view: View, rng: random.Random | None = None) -> Action:
        """The action alone, for code that plays without words."""
        return self.decide(view, rng).action
