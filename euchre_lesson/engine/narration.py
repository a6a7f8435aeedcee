"""The words the table says: actions, tricks and results, told from one seat's point of view or with the hands open.

`table` below is a View (what one seat heard: "you", "your partner", another seat's discard face down) or a
HandState (the hands open: every seat by its number, every card shown). The widgets only lay these words out.
A verb with no words here yet (a new one) is still told, plainly: its token.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from .actions import Action, Verb, parse_action, verb_named
from .cards import Card, fixed_suit
from .phases import Phase
from .rules import GameFacts, RuleSet, ScoreRow
from .scoring import Points
from .tricks import Trick
from .view import View, exchange_cards_unseen, partner_this_hand, public_token, receiver_of

if TYPE_CHECKING:
    from .hand import HandState
    from .view import Table

ORDERED = {"accept": "accepted", "assist": "assisted", "order up": "ordered up"}


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
        return "you"
    if me is not None and seat == table.rules.partner(me):
        return f"your partner (seat {seat})"
    return f"seat {seat}"


def side_words(seats: Iterable[int], table: Table) -> str:
    """A side named seat by seat: 'you and your partner (seat 2)'."""
    return " and ".join(seat_words(seat, table) for seat in seats)


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
    laid = f"the {action.card}" if action else "a card face down"
    return f"{who} took the {table.up_card} and discarded {laid}"


def _alone_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    if actor == table.maker:
        return f"{who} went alone"
    if actor in table.makers:
        maker = seat_words(table.maker, table)
        return f"{who} went alone for the makers, and {maker} {'sit' if maker == 'you' else 'sits'} out"
    return f"{who} chose to defend alone"


def _stay_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    if actor in table.makers and actor != table.maker:
        return f"{who} chose not to go alone"
    if actor != table.maker:
        return f"{who} chose to defend together"
    return f"{who} chose to take the dummy" if table.rules.has_dummy else f"{who} chose to play with help"


def _give_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    to = seat_words(partner_this_hand(table, actor), table)
    return f"{who} gave the {action.card} to {to}" if action else f"{who} passed a card face down to {to}"


def _discard_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    return f"{who} discarded the {action.card}" if action else f"{who} discarded a card face down"


def _call_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    suit = action.suit if action else None  # a call is said aloud, so its suit is always heard
    return f"{who} named {suit.plural} {suit} as trump" if suit else f"{who} named trump"


def _keep_words(action: Action | None, actor: int, table: Table, who: str) -> str:
    if action is None:
        return f"{who} took the dummy and laid five cards aside face down"
    return f"{who} took the dummy, kept {' '.join(map(str, action.cards))} and laid the other five aside"


# What each verb said sounds like, in the past tense: (action or None if face down, actor, table, who) -> words.
SAID: dict[Verb, Callable[[Action | None, int, Table, str], str]] = {
    Verb.PASS: lambda action, actor, table, who: f"{who} passed",
    Verb.ORDER: lambda action, actor, table, who: f"{who} {ORDERED[order_name(actor, table)]} the {table.up_card}",
    Verb.CALL: _call_words,
    Verb.PICKUP: _pickup_words,
    Verb.DECLINE: lambda action, actor, table, who: f"{who} left the {table.up_card}",
    Verb.ALONE: _alone_words,
    Verb.STAY: _stay_words,
    Verb.GIVE: _give_words,
    Verb.DISCARD: _discard_words,
    Verb.KEEP: _keep_words,
    Verb.PLAY: lambda action, actor, table, who: f"{who} played the {action.card if action else 'a card'}",
}


def said_words(action: Action | str, actor: int, table: Table) -> str:
    """What a seat did, in the past tense, as `table` heard it: 'seat 1 took the 9♠ and discarded a card face down'."""
    verb, shown = heard(action, actor, table)
    who = seat_words(actor, table)
    if verb not in SAID:
        return f"{who} chose {shown if shown else f'{verb}, face down'}"
    return SAID[verb](shown, actor, table, who)


# -- the buttons: one legal action of the seat to act ------------------------------------------------------


def _order_offer(action: Action, view: View) -> tuple[str, str]:
    up = view.up_card
    trump = f"{fixed_suit(up.suit).plural} are trump"
    return {
        "accept": (f"Accept the {up}", f"{trump}: you, the dealer, take the {up} and discard (C6, C7)"),
        "assist": (
            f"Assist: the {up} to your partner",
            f"{trump}: your partner, the dealer, may take the {up} (C6, C7)",
        ),
        "order up": (f"Order up the {up}", f"{trump}: the dealer may take the {up} (C6, C7)"),
    }[order_name(view.seat, view)]


def _pass_offer(action: Action, view: View) -> tuple[str, str]:
    if view.phase is Phase.ROUND_ONE:
        return "Pass", f"do not make {fixed_suit(view.up_card.suit).plural} trump; the next player bids (C6)"
    return "Pass", "name no suit; if everyone passes, the hand is thrown in (C8, C9)"


def _call_offer(action: Action, view: View) -> tuple[str, str]:
    suit = fixed_suit(action.suit)
    if view.phase is Phase.JOKER_CALL:
        return (
            f"Name {suit.plural} {suit}",
            f"the joker is turned up: name {suit.plural} as trump and take the joker (C3)",
        )
    return f"Call {suit.plural} {suit}", f"make {suit.plural} trump; you become the maker (C8)"


def _alone_offer(action: Action, view: View) -> tuple[str, str]:
    if view.seat == view.maker:
        return (
            "Go alone",
            "play without your partner or the dummy; a march scores more where the rules say so (C10, T6)",
        )
    if view.seat in view.makers:
        return (
            "Go alone",
            "play for the makers without your partner, the maker, who sits out; a march scores more (C10, F3)",
        )
    return "Defend alone", "defend without your partner, who sits out (C10, T6)"


def _stay_offer(action: Action, view: View) -> tuple[str, str]:
    if view.seat in view.makers and view.seat != view.maker:
        return "Play with your partner", "let your partner, the maker, play the hand with you (C10)"
    if view.seat != view.maker:
        helper = "your partner" if view.rules.facts.partners else "the other defender, for this hand only (T4)"
        return "Defend together", f"defend with {helper} (C10)"
    if view.rules.has_dummy:
        return "Take the dummy", "take the dummy's five and keep the best five of ten (T5)"
    return "Play with your partner", "play with your partner (C10)"


# A button's words for each verb: (action, view of the seat to act) -> (description, tooltip).
OFFERS: dict[Verb, Callable[[Action, View], tuple[str, str]]] = {
    Verb.PASS: _pass_offer,
    Verb.ORDER: _order_offer,
    Verb.CALL: _call_offer,
    Verb.PICKUP: lambda action, view: (
        f"Discard the {action.card}",
        f"take the {view.up_card} and lay the {action.card} away face down (C7)",
    ),
    Verb.DECLINE: lambda action, view: (
        f"Leave the {view.up_card}",
        f"do not take the up-card; {fixed_suit(view.up_card.suit).plural} stay trump (C7)",
    ),
    Verb.ALONE: _alone_offer,
    Verb.STAY: _stay_offer,
    Verb.GIVE: lambda action, view: (
        f"Give the {action.card}",
        f"pass the {action.card} face down to your partner, who goes alone (R3)",
    ),
    Verb.DISCARD: lambda action, view: (
        f"Discard the {action.card}",
        f"lay the {action.card} away face down, out of play, and keep five (R3)",
    ),
    Verb.KEEP: lambda action, view: (
        "Keep these five",
        "keep the five selected cards and lay the other five aside face down (T5)",
    ),
    Verb.PLAY: lambda action, view: (f"Play the {action.card}", f"play the {action.card} to the trick (C12)"),
}


def offer(action: Action, view: View) -> tuple[str, str]:
    """A button's words for one legal action of the seat to act: (description, tooltip)."""
    if action.kind not in OFFERS:
        return str(action), ""
    return OFFERS[action.kind](action, view)


def cards_words(cards: Iterable[Card]) -> str:
    """Cards named in a sentence, in their order: 'the 9♥', 'the A♣, Q♦ and K♥'."""
    names = [str(card) for card in cards]
    if len(names) < 2:
        return f"the {''.join(names)}" if names else "no card"
    return f"the {', '.join(names[:-1])} and {names[-1]}"


def choice_words(action: Action, view: View) -> str:
    """An action said in words, as the seat to act chooses it (a bid, a keep, a card): the button's words, and the
    five cards of a keep. The table's hints and grades and the exercises' choices all say an action this way."""
    if action.kind is Verb.KEEP:
        return f"keep {cards_words(action.cards)}"
    return offer(action, view)[0]


# -- tricks, results and the story of a hand ---------------------------------------------------------------


def trick_words(trick: Trick, table: Table, number: int) -> str:
    """'Trick 2, led by seat 1: 9♠ seat 1, K♠ you; won by you'."""
    played = ", ".join(f"{card} {seat_words(seat, table)}" for card, seat in zip(trick.cards, trick.seats))
    won = f"; won by {seat_words(trick.winner, table)}" if trick.winner is not None else ""
    return f"Trick {number}, led by {seat_words(trick.leader, table)}: {played or 'no card yet'}{won}"


def up_card_words(table: Table) -> str:
    """What became of the up-card, in a few words (C7, C8)."""
    if table.turned_down:
        return "turned down (C8)"
    if table.picked_up:
        return "taken by the dealer"
    return "left by the dealer (C7)" if table.picked_up is False else "proposes trump"


def scorers(facts: GameFacts) -> tuple[str, str]:
    """How a game names its two sides as they score (T7, F4): 'the maker scores', 'each defender scores'."""
    verb = "score" if facts.partners else "scores"
    return f"{facts.makers.noun} {verb}", f"{facts.defenders.noun} {verb}"


def points_words(rules: RuleSet, points: Points) -> str:
    """'the maker scores 1' or 'each defender scores 2'; 'nobody scores' for 0 and 0."""
    makers, defenders = scorers(rules.facts)
    parts = [
        f"{makers} {points.makers}" if points.makers else "",
        f"{defenders} {points.defenders}" if points.defenders else "",
    ]
    return ", ".join(part for part in parts if part) or "nobody scores"


def row_words(rules: RuleSet, row: ScoreRow) -> str:
    """One row of the scoring table as a sentence: 'maker takes all 5 tricks, so the maker scores 3 (T7)'."""
    return f"{row.result}, so {points_words(rules, Points(row.makers, row.defenders))} ({row.rule})"


def result_words(hand: HandState, table: Table) -> str:
    """How a finished hand went: who made what, the tricks, the row of the scoring table, the points."""
    if hand.thrown_in:
        return "Everyone passed twice: the hand is thrown in, nobody scores, and the deal passes left (C9)."
    alone = ", alone" if hand.lone_maker_seat == hand.maker else ""
    if hand.lone_partner:
        alone = f"; {seat_words(hand.lone_maker_seat, table)} went alone"
    side = "the makers" if hand.players == 4 else "the maker"
    tricks = f"{hand.maker_tricks} trick{'s' * (hand.maker_tricks != 1)}"
    got = ", ".join(f"{seat_words(seat, table)} {points}" for seat, points in enumerate(hand.points or ()))
    trump, row = fixed_suit(hand.trump), hand.result
    if row is None:
        raise ValueError("the hand is not over: only a finished hand has a result")
    return (
        f"{seat_words(hand.maker, table).capitalize()} made {trump.plural} {trump} trump{alone}; "
        f"{side} took {tricks}: {row_words(hand.rules, row)}. Points this hand: {got}."
    )


def deal_words(hand: HandState, table: Table) -> str:
    """The start of `hand`: who dealt, the up-card, who spoke first (the dealer, if the joker was turned up)."""
    first = seat_words(hand.states()[0].to_act, table)
    return (
        f"{capital(seat_words(hand.dealer, table))} dealt; the up-card is the {hand.up_card}. "
        f"{capital(first)} {'are' if first == 'you' else 'is'} first to speak."
    )


def step_words(hand: HandState, table: Table) -> str:
    """The last step of `hand` told as the table heard it: the action, the trick it won, the end of the hand."""
    if not hand.history:
        return deal_words(hand, table)
    action, actor = hand.history[-1], hand.actors[-1]
    text = sentence(said_words(action, actor, table))
    if action.kind is Verb.PLAY and not (hand.trick and hand.trick.cards):  # this card finished a trick
        text += " " + sentence(f"{seat_words(hand.tricks[-1].winner, table)} won trick {len(hand.tricks)}")
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
            lead = "led" if seat == trick.leader else "played"
            lines.append((len(lines), f"trick {number}: {seat_words(seat, table)} {lead} the {card}"))
    return lines


HIDDEN = "[hidden]"


def hide_cards(words: str, cards: Iterable[Card]) -> str:
    """The words with each of these cards' names replaced by [hidden]."""
    for card in cards:
        words = words.replace(str(card), HIDDEN)
    return words


def reasons_heard(hand: HandState, seat: int, reasons: dict[int, str]) -> dict[int, str]:
    """The reasons said in `hand` as `seat` may read them once it is over: a card of a call for best this seat took no
    part in is hidden in what was said before the play, since it would tell who held it (R3). A reason for a card
    played may name it: the trick shows it anyway, and not where it came from."""
    secret = exchange_cards_unseen(hand, seat)
    if not secret:
        return dict(reasons)
    before_play = {i for i, action in enumerate(hand.history) if action.kind is not Verb.PLAY}
    return {i: hide_cards(reason, secret) if i in before_play else reason for i, reason in reasons.items()}


def reason_words(reason: str, table: Table) -> str:
    """A player's reason as this table may hear it: the names of cards this seat has not seen are [hidden]."""
    if isinstance(table, View):
        for card in table.unseen:
            reason = reason.replace(str(card), HIDDEN)
    return reason
