"""The words the table says: actions, tricks and results, told from one seat's point of view or with the hands open.

`table` below is a View (what one seat heard: "you", "your partner", another seat's discard face down) or a
HandState (the hands open: every seat by its number, every card shown). The widgets only lay these words out.
A verb with no words here yet (a new one) is still told, plainly: its token.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from . import language
from .actions import Action, Verb, parse_action, verb_named
from .cards import Card, fixed_suit
from .faces import suit_words
from .language import N_, _, ngettext
from .phases import Phase
from .rules import GameFacts, RuleSet, ScoreRow
from .said import Reason, words_of
from .scoring import Points
from .tricks import Trick
from .view import View, exchange_cards_unseen, partner_this_hand, public_token, receiver_of

if TYPE_CHECKING:
    from .hand import HandState
    from .view import Table


def listener(table: Table) -> int | None:
    """The seat whose point of view this is; None with the hands open."""
    return table.seat if isinstance(table, View) else None


def capital(words: str) -> str:
    """The words with a capital first letter (the rest as it is: 'Your partner (seat 2)')."""
    return words[:1].upper() + words[1:]


def sentence(words: str) -> str:
    """Words as a sentence: a capital first letter and a full stop."""
    return f"{capital(words)}."


def seat_words(seat: int | None, table: Table) -> str:
    """'you', 'your partner (seat 2)' or 'seat 1', from the seat whose view this is; 'seat 1' with the hands open,
    and in a view told to an onlooker (a replay: what the seat saw, but that seat was not the listener)."""
    me = None if getattr(table, "to_onlooker", False) else listener(table)
    if seat == me:
        return _("you")
    if me is not None and seat == table.rules.partner(me):
        return _("your partner (seat {seat})").format(seat=seat)
    return _("seat {seat}").format(seat=seat)


def side_words(seats: Iterable[int], table: Table) -> str:
    """A side named seat by seat: 'you and your partner (seat 2)'."""
    return _(" and ").join(seat_words(seat, table) for seat in seats)


def order_name(actor: int, table: Table) -> str:
    """The name of an order in round one (C6, F2): the dealer accepts, the dealer's partner assists, others order up."""
    if actor == table.dealer:
        return "accept"
    if actor == table.rules.partner(table.dealer):
        return "assist"
    return "order up"


# -- what a seat did, as the table heard it --------------------------------------------------------------


def heard(action: Action | str, actor: int, table: Table) -> tuple[Verb, Action | None]:
    """The verb of an action, and the action itself unless it went face down for this table (C7, T5).

    `action` is an Action (hidden here if it is another seat's discard or keep) or a token as a View's
    `said` holds it (a face-down verb stands alone there).
    """
    if isinstance(action, Action):
        token = public_token(action, actor, listener(table), receiver_of(action, actor, table))
    else:
        token = action
    verb = verb_named(token)
    if verb is not None and verb.carries is not None:
        return verb, None
    action = parse_action(token)
    return action.kind, action


def _pickup_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    if action is None:
        return _("{who} took the {up} and discarded a card face down").format(who=who, up=table.up_card)
    return _("{who} took the {up} and discarded the {card}").format(who=who, up=table.up_card, card=action.card)


def _alone_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    if actor == table.maker:
        return _("{who} went alone").format(who=who)
    if actor in table.makers:
        if table.maker == listener(table) and not getattr(table, "to_onlooker", False):
            return _("{who} went alone for the makers, and you sit out").format(who=who)
        maker = seat_words(table.maker, table)
        return _("{who} went alone for the makers, and {maker} sits out").format(who=who, maker=maker)
    return _("{who} chose to defend alone").format(who=who)


def _stay_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    if actor in table.makers and actor != table.maker:
        return _("{who} chose not to go alone").format(who=who)
    if actor != table.maker:
        return _("{who} chose to defend together").format(who=who)
    if table.rules.has_dummy:
        return _("{who} chose to take the dummy").format(who=who)
    return _("{who} chose to play with help").format(who=who)


def _give_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    to = seat_words(partner_this_hand(table, actor), table)
    if action is None:
        return _("{who} passed a card face down to {to}").format(who=who, to=to)
    return _("{who} gave the {card} to {to}").format(who=who, card=action.card, to=to)


def _discard_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    if action is None:
        return _("{who} discarded a card face down").format(who=who)
    return _("{who} discarded the {card}").format(who=who, card=action.card)


def _call_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    suit = action.suit if action else None  # a call is said aloud, so its suit is always heard
    if suit is None:
        return _("{who} named trump").format(who=who)
    return _("{who} named {suits} {suit} as trump").format(who=who, suits=suit_words(suit), suit=suit)


def _keep_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    if action is None:
        return _("{who} took the dummy and laid five cards aside face down").format(who=who)
    kept = " ".join(map(str, action.cards))
    return _("{who} took the dummy, kept {cards} and laid the other five aside").format(who=who, cards=kept)


def _order_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    said = {
        "accept": _("{who} accepted the {up}"),
        "assist": _("{who} assisted the {up}"),
        "order up": _("{who} ordered up the {up}"),
    }[order_name(actor, table)]
    return said.format(who=who, up=table.up_card)


def _card_played_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    if action is None:
        return _("{who} played a card").format(who=who)
    return _("{who} played the {card}").format(who=who, card=action.card)


# What each verb said sounds like, in the past tense: (action or None if face down, actor, table, who) -> words.
SAID: dict[Verb, Callable[[Action | None, int, Table, str], str]] = {
    Verb.PASS: lambda action, actor, table, who: _("{who} passed").format(who=who),
    Verb.ORDER: _order_words,
    Verb.CALL: _call_words,
    Verb.PICKUP: _pickup_words,
    Verb.DECLINE: lambda action, actor, table, who: _("{who} left the {up}").format(who=who, up=table.up_card),
    Verb.ALONE: _alone_words,
    Verb.STAY: _stay_words,
    Verb.GIVE: _give_words,
    Verb.DISCARD: _discard_words,
    Verb.KEEP: _keep_words,
    Verb.PLAY: _card_played_words,
}


def said_words(action: Action | str, actor: int, table: Table) -> str:
    """What a seat did, in the past tense, as `table` heard it: 'seat 1 took the 9♠ and discarded a card face down'."""
    verb, shown = heard(action, actor, table)
    who = seat_words(actor, table)
    if verb not in SAID:
        if shown:
            return _("{who} chose {action}").format(who=who, action=shown)
        return _("{who} chose {verb}, face down").format(who=who, verb=verb)
    return SAID[verb](shown, actor, table, who)


# -- the buttons: one legal action of the seat to act ------------------------------------------------------


def _order_offer(action: Action, view: View) -> tuple[str, str]:
    up, suits = view.up_card, suit_words(fixed_suit(view.up_card.suit))
    words, why = {
        "accept": (_("Accept the {up}"), _("{suits} are trump: you, the dealer, take the {up} and discard (C6, C7)")),
        "assist": (
            _("Assist: the {up} to your partner"),
            _("{suits} are trump: your partner, the dealer, may take the {up} (C6, C7)"),
        ),
        "order up": (_("Order up the {up}"), _("{suits} are trump: the dealer may take the {up} (C6, C7)")),
    }[order_name(view.seat, view)]
    return words.format(up=up), why.format(up=up, suits=suits)


def _pass_offer(action: Action, view: View) -> tuple[str, str]:
    if view.phase is Phase.ROUND_ONE:
        suits = suit_words(fixed_suit(view.up_card.suit))
        return _("Pass"), _("do not make {suits} trump; the next player bids (C6)").format(suits=suits)
    return _("Pass"), _("name no suit; if everyone passes, the hand is thrown in (C8, C9)")


def _call_offer(action: Action, view: View) -> tuple[str, str]:
    suit = fixed_suit(action.suit)
    suits = suit_words(suit)
    if view.phase is Phase.JOKER_CALL:
        return (
            _("Name {suits} {suit}").format(suits=suits, suit=suit),
            _("the joker is turned up: name {suits} as trump and take the joker (C3)").format(suits=suits),
        )
    return (
        _("Call {suits} {suit}").format(suits=suits, suit=suit),
        _("make {suits} trump; you become the maker (C8)").format(suits=suits),
    )


def _alone_offer(action: Action, view: View) -> tuple[str, str]:
    if view.seat == view.maker:
        return (
            _("Go alone"),
            _("play without your partner or the dummy; a march scores more where the rules say so (C10, T6)"),
        )
    if view.seat in view.makers:
        return (
            _("Go alone"),
            _("play for the makers without your partner, the maker, who sits out; a march scores more (C10, F3)"),
        )
    return _("Defend alone"), _("defend without your partner, who sits out (C10, T6)")


def _stay_offer(action: Action, view: View) -> tuple[str, str]:
    if view.seat in view.makers and view.seat != view.maker:
        return _("Play with your partner"), _("let your partner, the maker, play the hand with you (C10)")
    if view.seat != view.maker:
        if view.rules.facts.partners:
            return _("Defend together"), _("defend with your partner (C10)")
        return _("Defend together"), _("defend with the other defender, for this hand only (T4) (C10)")
    if view.rules.has_dummy:
        return _("Take the dummy"), _("take the dummy's five and keep the best five of ten (T5)")
    return _("Play with your partner"), _("play with your partner (C10)")


def _pickup_offer(action: Action, view: View) -> tuple[str, str]:
    return (
        _("Discard the {card}").format(card=action.card),
        _("take the {up} and lay the {card} away face down (C7)").format(up=view.up_card, card=action.card),
    )


def _decline_offer(action: Action, view: View) -> tuple[str, str]:
    suits = suit_words(fixed_suit(view.up_card.suit))
    return (
        _("Leave the {up}").format(up=view.up_card),
        _("do not take the up-card; {suits} stay trump (C7)").format(suits=suits),
    )


# A button's words for each verb: (action, view of the seat to act) -> (description, tooltip).
OFFERS: dict[Verb, Callable[[Action, View], tuple[str, str]]] = {
    Verb.PASS: _pass_offer,
    Verb.ORDER: _order_offer,
    Verb.CALL: _call_offer,
    Verb.PICKUP: _pickup_offer,
    Verb.DECLINE: _decline_offer,
    Verb.ALONE: _alone_offer,
    Verb.STAY: _stay_offer,
    Verb.GIVE: lambda action, view: (
        _("Give the {card}").format(card=action.card),
        _("pass the {card} face down to your partner, who goes alone (R3)").format(card=action.card),
    ),
    Verb.DISCARD: lambda action, view: (
        _("Discard the {card}").format(card=action.card),
        _("lay the {card} away face down, out of play, and keep five (R3)").format(card=action.card),
    ),
    Verb.KEEP: lambda action, view: (
        _("Keep these five"),
        _("keep the five selected cards and lay the other five aside face down (T5)"),
    ),
    Verb.PLAY: lambda action, view: (
        _("Play the {card}").format(card=action.card),
        _("play the {card} to the trick (C12)").format(card=action.card),
    ),
}


def offer(action: Action, view: View) -> tuple[str, str]:
    """A button's words for one legal action of the seat to act: (description, tooltip)."""
    if action.kind not in OFFERS:
        return str(action), ""
    return OFFERS[action.kind](action, view)


def cards_words(cards: Iterable[Card]) -> str:
    """Cards named in a sentence, in their order: 'the 9♥', 'the A♣, Q♦ and K♥'."""
    names = [str(card) for card in cards]
    if not names:
        return _("no card")
    if len(names) == 1:
        return _("the {card}").format(card=names[0])
    return _("the {cards} and {last}").format(cards=", ".join(names[:-1]), last=names[-1])


def choice_words(action: Action, view: View) -> str:
    """An action said in words, as the seat to act chooses it (a bid, a keep, a card): the button's words, and the
    five cards of a keep. The table's hints and grades and the exercises' choices all say an action this way."""
    if action.kind is Verb.KEEP:
        return _("keep {cards}").format(cards=cards_words(action.cards))
    return offer(action, view)[0]


# -- tricks, results and the story of a hand ---------------------------------------------------------------


def trick_words(trick: Trick, table: Table, number: int) -> str:
    """'Trick 2, led by seat 1: 9♠ seat 1, K♠ you; won by you'."""
    played = ", ".join(f"{card} {seat_words(seat, table)}" for card, seat in zip(trick.cards, trick.seats))
    won = _("; won by {who}").format(who=seat_words(trick.winner, table)) if trick.winner is not None else ""
    leader = seat_words(trick.leader, table)
    return _("Trick {number}, led by {leader}: {played}{won}").format(
        number=number, leader=leader, played=played or _("no card yet"), won=won
    )


def up_card_words(table: Table) -> str:
    """What became of the up-card, in a few words (C7, C8)."""
    if table.turned_down:
        return _("turned down (C8)")
    if table.picked_up:
        return _("taken by the dealer")
    return _("left by the dealer (C7)") if table.picked_up is False else _("proposes trump")


# How each side's noun of the rules (rules.Side) scores, marked here and translated where it is said.
SCORING = {
    "the makers": N_("the makers score"),
    "the defenders": N_("the defenders score"),
    "the maker": N_("the maker scores"),
    "each defender": N_("each defender scores"),
    "the opponent": N_("the opponent scores"),
}
# The rows of the scoring tables (rules.ScoreRow.result), marked here and translated where a row is said.
RESULTS = (
    N_("a defender went alone, and that side takes 3 or 4"),
    N_("a defender went alone, and that side takes all 5"),
    N_("a lone defender euchres a lone maker"),
    N_("a lone defender takes 3 or 4"),
    N_("a lone defender takes all 5"),
    N_("a lone maker takes all 5"),
    N_("maker takes 3 or 4 tricks"),
    N_("maker takes all 5 tricks"),
    N_("makers take 3 or 4 tricks (alone or not)"),
    N_("makers take all 5, no maker alone"),
    N_("no defender alone, the maker is euchred (takes 0 to 2)"),
    N_("no defender alone, the makers are euchred"),
    N_("the maker is euchred (0–2 tricks)"),
    N_("the maker takes 3 or 4 tricks"),
    N_("the maker takes all 5"),
)


def scorers(facts: GameFacts) -> tuple[str, str]:
    """How a game names its two sides as they score (T7, F4): 'the maker scores', 'each defender scores'."""
    verb = "score" if facts.partners else "scores"
    said = f"{facts.makers.noun} {verb}", f"{facts.defenders.noun} {verb}"
    return language._(said[0]), language._(said[1])  # a side the table does not know is said as written


def points_words(rules: RuleSet, points: Points) -> str:
    """'the maker scores 1' or 'each defender scores 2'; 'nobody scores' for 0 and 0."""
    makers, defenders = scorers(rules.facts)
    parts = [
        f"{makers} {points.makers}" if points.makers else "",
        f"{defenders} {points.defenders}" if points.defenders else "",
    ]
    return ", ".join(part for part in parts if part) or _("nobody scores")


def row_words(rules: RuleSet, row: ScoreRow) -> str:
    """One row of the scoring table as a sentence: 'maker takes all 5 tricks, so the maker scores 3 (T7)'."""
    points = points_words(rules, Points(row.makers, row.defenders))
    return _("{result}, so {points} ({rule})").format(result=language._(row.result), points=points, rule=row.rule)


def result_words(hand: HandState, table: Table) -> str:
    """How a finished hand went: who made what, the tricks, the row of the scoring table, the points."""
    if hand.thrown_in:
        return _("Everyone passed twice: the hand is thrown in, nobody scores, and the deal passes left (C9).")
    alone = _(", alone") if hand.lone_maker_seat == hand.maker else ""
    if hand.lone_partner:
        alone = _("; {who} went alone").format(who=seat_words(hand.lone_maker_seat, table))
    side = _("the makers") if hand.players == 4 else _("the maker")
    tricks = ngettext("{count} trick", "{count} tricks", hand.maker_tricks).format(count=hand.maker_tricks)
    got = ", ".join(f"{seat_words(seat, table)} {points}" for seat, points in enumerate(hand.points or ()))
    trump, row = fixed_suit(hand.trump), hand.result
    if row is None:
        raise ValueError("the hand is not over: only a finished hand has a result")
    return _("{maker} made {suits} {suit} trump{alone}; {side} took {tricks}: {row}. Points this hand: {got}.").format(
        maker=seat_words(hand.maker, table).capitalize(),
        suits=suit_words(trump),
        suit=trump,
        alone=alone,
        side=side,
        tricks=tricks,
        row=row_words(hand.rules, row),
        got=got,
    )


def deal_words(hand: HandState, table: Table) -> str:
    """The start of `hand`: who dealt, the up-card, who spoke first (the dealer, if the joker was turned up)."""
    first_seat = hand.states()[0].to_act
    dealt = _("{dealer} dealt; the up-card is the {up}.").format(
        dealer=capital(seat_words(hand.dealer, table)), up=hand.up_card
    )
    if first_seat == listener(table) and not getattr(table, "to_onlooker", False):
        return dealt + " " + _("You are first to speak.")
    return dealt + " " + _("{first} is first to speak.").format(first=capital(seat_words(first_seat, table)))


def step_words(hand: HandState, table: Table) -> str:
    """The last step of `hand` told as the table heard it: the action, the trick it won, the end of the hand."""
    if not hand.history:
        return deal_words(hand, table)
    action, actor = hand.history[-1], hand.actors[-1]
    text = sentence(said_words(action, actor, table))
    if action.kind is Verb.PLAY and not (hand.trick and hand.trick.cards):  # this card finished a trick
        winner = seat_words(hand.tricks[-1].winner, table)
        text += " " + sentence(_("{who} won trick {number}").format(who=winner, number=len(hand.tricks)))
    return f"{text} {result_words(hand, table)}" if hand.is_over else text


def story(table: Table) -> list[tuple[int, str]]:
    """The hand so far, one line per action with its place in the history: what was said, then every card.

    The bidding and the announcements all come before the first card is led (C13), so a View, which keeps
    what was said apart from the tricks, still tells them in order.
    """
    said = (
        table.said
        if isinstance(table, View)
        else [
            (actor, str(action)) for action, actor in zip(table.history, table.actors) if action.kind is not Verb.PLAY
        ]
    )
    lines = [(i, said_words(token, actor, table)) for i, (actor, token) in enumerate(said)]
    tricks = table.tricks + ((table.trick,) if table.trick is not None and table.trick.cards else ())
    for number, trick in enumerate(tricks, 1):
        for card, seat in zip(trick.cards, trick.seats):
            told = (
                _("trick {number}: {who} led the {card}")
                if seat == trick.leader
                else _("trick {number}: {who} played the {card}")
            )
            lines.append((len(lines), told.format(number=number, who=seat_words(seat, table), card=card)))
    return lines


# The word put where a card's name may not be read: marked here, said in the reader's language where it is hidden.
HIDDEN = N_("[hidden]")


def hide_cards(words: str, cards: Iterable[Card]) -> str:
    """The words with each of these cards' names replaced by [hidden] (in the language chosen)."""
    hidden = language._(HIDDEN)
    for card in cards:
        words = words.replace(str(card), hidden)
    return words


def reasons_heard(hand: HandState, seat: int, reasons: Mapping[int, Reason]) -> dict[int, str]:
    """The reasons said in `hand` as `seat` may read them once it is over: a card of a call for best this seat took no
    part in is hidden in what was said before the play, since it would tell who held it (R3). A reason for a card
    played may name it: the trick shows it anyway, and not where it came from. Each is put into words here, in the
    language of whoever reads it (a computer player's reason is kept in none: `Said`)."""
    words = {i: words_of(reason) for i, reason in reasons.items()}
    secret = exchange_cards_unseen(hand, seat)
    if not secret:
        return words
    before_play = {i for i, action in enumerate(hand.history) if action.kind is not Verb.PLAY}
    return {i: hide_cards(reason, secret) if i in before_play else reason for i, reason in words.items()}


def reason_words(reason: str, table: Table) -> str:
    """A player's reason as this table may hear it: the names of cards this seat has not seen are [hidden]."""
    if isinstance(table, View):
        reason = hide_cards(reason, table.unseen)
    return reason
