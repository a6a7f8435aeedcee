"""The rule-of-thumb player: bids and plays by the classic advice a teacher gives, and says which advice it used."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import NamedTuple

from ..engine import checks
from ..engine.actions import (
    ALONE,
    ORDER,
    PASS,
    STAY,
    Action,
    Verb,
    discard,
    give,
    keep,
    pickup,
    play,
)
from ..engine.cards import Card, Rank, Suit, fixed_suit
from ..engine.language import N_
from ..engine.narration import order_name
from ..engine.phases import Phase
from ..engine.ranking import bower, effective_suit, is_trump, power, suit_in_play
from ..engine.rules import RuleSet
from ..engine.said import Reason, Said, saying, saying_many, words_of
from ..engine.scoring import scoring_row
from ..engine.tricks import PLURALS, trick_winner
from ..engine.view import View, deciding
from .choice import Choice
from .dummy import best_card, best_five, keep_said

# -- counting a hand, the way a teacher would ---------------------------------------------


class Count(NamedTuple):
    """What a hand holds for a given trump: trumps, bowers (and the joker), off-suit aces, voids."""

    trumps: tuple[Card, ...]
    bowers: tuple[Card, ...]
    aces: tuple[Card, ...]
    voids: tuple[Suit, ...]

    @property
    def score(self) -> int:
        """Trumps, plus the bowers again, plus off-suit aces."""
        return len(self.trumps) + len(self.bowers) + len(self.aces)

    def describe(self) -> str:
        """The count in words, in the language chosen here: '2 trumps (J♥ A♥), 1 bower, 1 off-suit ace'."""
        return words_of(self.said())

    def said(self) -> Said:
        """The count as a reason keeps it, in no language until read (engine/said.py)."""
        trumps = len(self.trumps)
        parts = [
            saying_many(
                "{count} trump ({cards})", "{count} trumps ({cards})", trumps, cards=" ".join(map(str, self.trumps))
            )
            if self.trumps
            else saying_many("{count} trump", "{count} trumps", trumps)
        ]
        if self.bowers:
            parts.append(saying_many("{count} bower", "{count} bowers", len(self.bowers)))
        if self.aces:
            parts.append(saying_many("{count} off-suit ace", "{count} off-suit aces", len(self.aces)))
        return saying(
            ", ".join(f"{{part{i}}}" for i in range(len(parts))), **{f"part{i}": p for i, p in enumerate(parts)}
        )


def count(hand: Sequence[Card], trump: Suit) -> Count:
    """Count a hand against a trump suit (C2, C3: bowers and the joker are trumps)."""
    trumps = tuple(sorted((c for c in hand if is_trump(c, trump)), key=lambda c: -power(c, trump, trump)))
    side = [c for c in hand if not is_trump(c, trump)]
    held = {suit_in_play(c, trump) for c in hand}  # unchecked: counted for every bid of every simulated deal
    return Count(
        trumps,
        tuple(c for c in trumps if bower(c, trump)),
        tuple(c for c in side if c.rank is Rank.ACE),
        tuple(s for s in Suit if s is not trump and s not in held),
    )


# How high a count must be to make trump is a fact of each game: view.rules.facts.make_trump_at.
COUNT_WORDS = N_("one for each trump, one more for each bower, one for each off-suit ace")
GO_ALONE_AT = 7
DEFEND_ALONE_AT = 8
BEST_CARD_WORTH = 1  # a lone player who calls for best (R3) counts on one more good card


def round_one_count(view: View) -> Count:
    """The count a seat bids on in round one: the dealer's is of the hand once it takes the up-card and discards."""
    trump, hand = fixed_suit(view.up_card.suit), view.hand  # a joker turned up: no round one (C3)
    if view.seat == view.dealer:  # the up-card stays in the dealer's hand (C7)
        hand = best_five(hand + (view.up_card,), trump, keeping=view.up_card).cards
    return count(hand, trump)


def alone_at(rules: RuleSet, need: int) -> int:
    """The count needed to go alone: one less where the partner's best card comes too (R3)."""
    return need - BEST_CARD_WORTH if rules.call_for_best else need


class RuleOfThumbPlayer:
    """Plays by the classic advice a teacher gives, and says which piece of advice it used: it holds no state."""

    name = "rule of thumb"

    def decide(self, view: View, rng: random.Random | None = None) -> Choice:
        """The action for this view, with its reason (`rng` is accepted as every player's is, and never rolled)."""
        action, reason = _CHOOSERS[deciding(view).phase](view)
        if action not in view.legal:  # a fault of this module, said here rather than as the engine's refusal
            raise RuntimeError(f"the rule of thumb chose {action}, which is not legal here")
        return Choice(action, reason)

    def choose(self, view: View, rng: random.Random | None = None) -> Action:
        """The action alone, for code that plays without words."""
        return self.decide(view, rng).action


def _role_adjustment(view: View, seat: int) -> tuple[int, str]:
    """Who may take the up-card if it is ordered (C7): a bower into a partner's hand helps, into an opponent's hurts;
    with the message that says so ('' for the dealer, whose count is of the hand after the pick-up)."""
    special = bower(view.up_card, view.up_card.suit) is not None
    if seat == view.dealer:
        return 0, ""
    if seat == view.rules.partner(view.dealer):
        return (
            (1, N_("If I assist, my partner the dealer may take the {card}, a bower: one more, {total} in all."))
            if special
            else (0, N_("If I assist, my partner the dealer may take the {card} or leave it."))
        )
    return (
        (-1, N_("If I order it up, the dealer, an opponent, may take the {card}, a bower: one less, {total} in all."))
        if special
        else (0, N_("If I order it up, the dealer may take the {card} or leave it."))
    )


# What a seat says in round one once it has counted, by the order's name (narration.order_name) and its choice.
ROUND_ONE_ENDS = {
    ("accept", True): N_("A count of {need} is needed to accept, so I accept."),
    ("accept", False): N_("A count of {need} is needed to accept, so I pass."),
    ("assist", True): N_("A count of {need} is needed to assist, so I assist."),
    ("assist", False): N_("A count of {need} is needed to assist, so I pass."),
    ("order up", True): N_("A count of {need} is needed to order it up, so I order it up."),
    ("order up", False): N_("A count of {need} is needed to order it up, so I pass."),
}


def _round_one(view: View) -> tuple[Action, Reason]:
    trump, up = fixed_suit(view.up_card.suit), view.up_card
    counted = round_one_count(view)
    bonus, whose = _role_adjustment(view, view.seat)
    need = view.rules.facts.make_trump_at
    total = counted.score + bonus
    held = (
        N_(
            "With {suits} trump, once I take the {card} and discard my weakest card, I hold {hand}: a count of "
            "{score} ({how})."
        )
        if view.seat == view.dealer
        else N_("With {suits} trump I hold {hand}: a count of {score} ({how}).")
    )
    parts = [
        saying(
            held,
            suits=saying(PLURALS[trump]),
            card=up,
            hand=counted.said(),
            score=counted.score,
            how=saying(COUNT_WORDS),
        ),
        *([saying(whose, card=up, total=total)] if whose else []),
        saying(ROUND_ONE_ENDS[order_name(view.seat, view), total >= need], need=need),
    ]
    reason = saying(" ".join(f"{{part{i}}}" for i in range(len(parts))), **{f"part{i}": p for i, p in enumerate(parts)})
    return (ORDER if total >= need else PASS), reason


def _round_two(view: View) -> tuple[Action, Reason]:
    options = [a for a in view.legal if a.kind is Verb.CALL]  # a call names its suit
    best = max(options, key=lambda a: count(view.hand, fixed_suit(a.suit)).score)
    suit = fixed_suit(best.suit)
    counted = count(view.hand, suit)
    need = view.rules.facts.make_trump_at
    suits, hand = saying(PLURALS[suit]), counted.said()
    if counted.score >= need:
        return best, saying(
            N_("{suits} is my best suit: {hand}, a count of {score}, and {need} is enough."),
            suits=Said(PLURALS[suit], capital=True),
            hand=hand,
            score=counted.score,
            need=need,
        )
    if PASS not in view.legal:
        return best, saying(
            N_("Stick the dealer: I must name a suit, and {suits} is my best ({hand})."), suits=suits, hand=hand
        )
    return PASS, saying(
        N_("My best suit, {suits}, counts only {score} ({hand}); I need {need}, so I pass."),
        suits=suits,
        score=counted.score,
        hand=hand,
        need=need,
    )


def _joker_call(view: View) -> tuple[Action, Reason]:
    # Each legal action is a call, naming its suit.
    best = max(view.legal, key=lambda a: count(view.hand + (view.up_card,), fixed_suit(a.suit)).score)
    suit = fixed_suit(best.suit)
    return best, saying(
        N_("The joker is turned up, so I must name trump: {suits}, my strongest suit with the joker."),
        suits=saying(PLURALS[suit]),
    )


def _pickup(view: View) -> tuple[Action, Reason]:
    kept = best_five(view.hand + (view.up_card,), fixed_suit(view.trump), keeping=view.up_card).cards
    dropped = next(c for c in view.hand if c not in kept)
    return pickup(dropped), saying(
        N_("I take the {card}, a trump, and discard the {dropped}: keep trumps and aces, and make a void where I can."),
        card=view.up_card,
        dropped=dropped,
    )


def _going_alone(view: View) -> tuple[Action, Reason]:
    counted = count(view.hand, fixed_suit(view.trump))
    right = any(bower(c, view.trump) in ("right", "joker") for c in counted.trumps)
    need = alone_at(view.rules, GO_ALONE_AT)
    best = view.rules.call_for_best  # the partner's best card comes to a lone player (R3)
    hand = counted.said()
    if view.seat == view.maker:
        dummy_march = _dummy_over_lone(view.rules)
        if dummy_march is not None:
            return STAY, dummy_march
        if counted.score >= need and right:
            return ALONE, saying(
                N_("I go alone with my partner's best card to come: {hand}, and the top trump is mine.")
                if best
                else N_("I go alone: {hand}, and the top trump is mine."),
                hand=hand,
            )
        return STAY, saying(
            N_("I play with help: {hand} is not enough to go alone (a count of {score}; going alone needs {need})."),
            hand=hand,
            score=counted.score,
            need=need,
        )
    if view.seat in view.makers:
        if counted.score >= need and right:
            return ALONE, saying(
                N_(
                    "I go alone for our side with my partner's best card to come, and my partner sits out: {hand}, "
                    "and the top trump is mine."
                )
                if best
                else N_("I go alone for our side, and my partner sits out: {hand}, and the top trump is mine."),
                hand=hand,
            )
        return STAY, saying(
            N_("I let my partner, the maker, play with me: {hand} is not enough to go alone."), hand=hand
        )
    if counted.score >= alone_at(view.rules, DEFEND_ALONE_AT) and right:
        return ALONE, saying(
            N_("I defend alone with my partner's best card to come: {hand} should stop the makers by myself.")
            if best
            else N_("I defend alone: {hand} should stop the makers by myself."),
            hand=hand,
        )
    return STAY, saying(
        N_("I defend with my partner: {hand}.")
        if view.rules.facts.partners
        else N_("I defend with the other defender: {hand}."),  # T4: two defenders, no partner
        hand=hand,
    )


@cache  # asked at every maker's choice of every simulated deal: the answer is the rule set's
def _dummy_over_lone(rules: RuleSet) -> Said | None:
    """Why the maker takes the dummy whatever the hand, where a lone march scores no more than a march with it (T7);
    None where going alone can pay more, or there is no dummy."""
    if not rules.has_dummy:
        return None
    lone, helped = scoring_row(rules, 5, maker_alone=True), scoring_row(rules, 5)
    if lone.makers > helped.makers:
        return None
    if lone.makers == helped.makers:
        return saying(
            N_("A lone march scores {points} here, the same as a march with the dummy ({rule}), so I take the dummy."),
            points=lone.makers,
            rule=lone.rule,
        )
    return saying(
        N_(
            "A lone march scores only {points} here, less than the {helped} of a march with the dummy ({rule}), so I "
            "take the dummy."
        ),
        points=lone.makers,
        helped=helped.makers,
        rule=lone.rule,
    )


def _exchange(view: View) -> tuple[Action, Reason]:
    """R3: give a lone partner my best card; as the lone player, keep the best five of six."""
    trump = fixed_suit(view.trump)
    if view.legal[0].kind is Verb.GIVE:
        card = best_card(view.hand, trump)
        what = saying(N_("my highest trump") if is_trump(card, trump) else N_("my best card, having no trump"))
        return give(card), saying(
            N_("My partner goes alone and calls for my best card: I give the {card}, {what}."), card=card, what=what
        )
    kept = best_five(view.hand, trump)
    why = keep_said(kept.cards, view.hand, trump)
    dropped = next(c for c in view.hand if c not in kept.cards)
    received = view.exchanged[-1] if view.exchanged else None
    keeps = saying(N_("I keep the best five and discard the {card}."), card=dropped)
    if received:
        got = saying(N_("I received the {card} from my partner."), card=received)
        return discard(dropped), saying("{got} {keeps} {why}", got=got, keeps=keeps, why=why)
    return discard(dropped), saying("{keeps} {why}", keeps=keeps, why=why)


def kept(hand: Sequence[Card], dummy: Sequence[Card], trump: Suit) -> Action:
    """The five the maker keeps of its hand and the dummy's (T5): the strongest by the teacher's rule."""
    return keep(best_five(tuple(hand) + tuple(dummy), trump).cards)


def _keep(view: View) -> tuple[Action, Reason]:
    dummy = checks.known(view.dummy, "the maker who keeps five sees the dummy it took (T5)")
    ten, trump = view.hand + dummy, fixed_suit(view.trump)
    chosen = best_five(ten, trump)
    return keep(chosen.cards), keep_said(chosen.cards, ten, trump)


def _lowest(cards: Sequence[Card], trump: Suit, led: Suit | None) -> Card:
    """The cheapest card: off-suit before trump, low before high."""
    return min(cards, key=lambda c: (is_trump(c, trump), power(c, trump, led), c.rank))


def _play(view: View) -> tuple[Action, Reason]:
    trump = fixed_suit(view.trump)
    cards = [a.card for a in view.legal if a.card is not None]  # every one: a play carries its card
    trick = checks.known(view.trick, "while a card is to be played a trick is on the table, empty before the lead")
    if not trick.cards:
        return _lead(view, cards)
    led = effective_suit(trick.cards[0], trump)
    best = trick_winner(trick.cards, trump)
    winner, winning = trick.seats[best], trick.cards[best]
    if len(cards) == 1:
        return play(cards[0]), saying(N_("The {card} is my only legal card (C12)."), card=cards[0])
    if winner == view.partner_of(view.seat):
        card = _lowest(cards, trump, led)
        return play(card), saying(
            N_("My partner is winning this trick with the {winning}, so I play my lowest card, the {card}."),
            winning=winning,
            card=card,
        )
    beaters = [c for c in cards if power(c, trump, led) > power(winning, trump, led)]
    if beaters:
        card = min(beaters, key=lambda c: power(c, trump, led))
        return play(card), saying(
            N_("The {card} is the cheapest card that beats the {winning}."), card=card, winning=winning
        )
    card = _lowest(cards, trump, led)
    if effective_suit(card, trump) is led:
        return play(card), saying(
            N_("I must follow {suit} and cannot beat the {winning}, so I play my lowest, the {card}."),
            suit=led,
            winning=winning,
            card=card,
        )
    return play(card), saying(
        N_("I cannot beat the {winning}, so I throw my lowest card, the {card}."), winning=winning, card=card
    )


def _lead(view: View, cards: list[Card]) -> tuple[Action, Reason]:
    trump = fixed_suit(view.trump)
    trumps = sorted((c for c in cards if is_trump(c, trump)), key=lambda c: -power(c, trump, trump))
    if view.seat in view.makers and trumps and (len(trumps) >= 2 or bower(trumps[0], trump)):
        alone = view.rules.facts.makers.noun == "the maker"  # Cutthroat and Two-handed; "the makers" with partners
        return play(trumps[0]), saying(
            N_("The maker leads trump to draw the defenders' trumps: I lead the {card}.")
            if alone
            else N_("The makers lead trump to draw the defenders' trumps: I lead the {card}."),
            card=trumps[0],
        )
    aces = [c for c in cards if c.rank is Rank.ACE and not is_trump(c, trump)]
    if aces:
        return play(aces[0]), saying(
            N_("I lead the {card}: an off-suit ace is likely to win before anyone is void."), card=aces[0]
        )
    off = [c for c in cards if not is_trump(c, trump)]
    if off:
        shortest = min(off, key=lambda c: (sum(effective_suit(o, trump) is c.suit for o in off), c.rank))
        return play(shortest), saying(
            N_("I lead the {card} from my shortest suit, keeping my trumps for later."), card=shortest
        )
    return play(trumps[-1]), saying(N_("I hold only trumps, so I lead my lowest, the {card}."), card=trumps[-1])


_CHOOSERS: dict[Phase, Callable[[View], tuple[Action, Reason]]] = {
    Phase.ROUND_ONE: _round_one,
    Phase.ROUND_TWO: _round_two,
    Phase.JOKER_CALL: _joker_call,
    Phase.PICKUP: _pickup,
    Phase.GOING_ALONE: _going_alone,
    Phase.DUMMY: _keep,
    Phase.EXCHANGE: _exchange,
    Phase.PLAY: _play,
}
