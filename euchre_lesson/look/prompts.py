"""The words of a seat's picture: who is who in a sentence, the prompt at every step, why a card may not be clicked,
the trick, trump and the end of a hand, all told with the players' names (never a seat number alone).

Every rule fact is the engine's: the legal actions come from the view, a card that does not follow suit is
explained by engine/tricks.why_not, a button's words are narration.offer's, the points narration.row_words's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..engine.actions import Verb
from ..engine.cards import Card, Suit, fixed_suit
from ..engine.game import sides, winners
from ..engine.narration import capital, offer, row_words
from ..engine.phases import Phase
from ..engine.ranking import bower, effective_suit
from ..engine.scoring import scoring_row
from ..engine.tricks import Trick, why_not
from ..engine.view import View, lone_maker_seat


class Sitter(NamedTuple):
    """Who sits at a seat, as the viewer names them: "You", a student's first name, "West" for a computer."""

    name: str
    computer: bool = False
    away: bool = False  # a class student whose page went away


# What a seat is doing while others wait, by phase (the play's own words say lead or play).
DOING = {
    Phase.ROUND_ONE: "bid",
    Phase.JOKER_CALL: "name trump for the turned-up joker (C3)",
    Phase.PICKUP: "take the up-card and lay a card aside (C7)",
    Phase.ROUND_TWO: "name a suit as trump or pass",
    Phase.GOING_ALONE: "say whether to go alone (C10)",
    Phase.DUMMY: "take the dummy and keep five of ten cards (T5)",
    Phase.PLAY: "play",
}


def who(names: Sequence[Sitter], seat: int | None, start: bool = False) -> str:
    """A seat's name in a sentence: "You" at its start, "you" inside it, a name as it is."""
    if seat is None:
        return "nobody"
    name = names[seat].name
    return name if start or name != "You" else "you"


def agree(names: Sequence[Sitter], seat: int | None, verb: str) -> str:
    """A verb in the present agreeing with a seat's name: "you play", "Ann plays"; "you are", "Ann is"."""
    you = seat is not None and names[seat].name == "You"
    if verb == "is":
        return "are" if you else "is"
    return verb[:-1] if you else verb  # the verb given as the third person says: "plays", "leads", "defends"


def card_words(card: Card, trump: Suit | None) -> str:
    """A card in a sentence, with its role in trump: "the J♠, the right bower", "the Joker", "the K♥"."""
    role = bower(card, trump)
    if card.is_joker:
        return "the Joker, the highest trump"
    return f"the {card}, the {role} bower" if role else f"the {card}"


def trick_told(view: View, names: Sequence[Sitter], trick: Trick, number: int) -> str:
    """ "Trick 3: Ann won it with the J♠, the right bower"; "Trick 2: Ben led the 9♠"; "Trick 1: you lead"."""
    if trick.winner is not None:
        card = trick.cards[trick.seats.index(trick.winner)]
        return f"Trick {number}: {who(names, trick.winner)} won it with {card_words(card, view.trump)}"
    if not trick.cards:
        return f"Trick {number}: {who(names, trick.leader)} {agree(names, trick.leader, 'leads')}"
    return f"Trick {number}: {who(names, trick.leader)} led {card_words(trick.cards[0], view.trump)}"


def trump_words(view: View, names: Sequence[Sitter]) -> str:
    """ "Trump: spades ♠, made by Ann, who plays alone", or "" before trump is made."""
    if view.trump is None:
        return ""
    out = f"Trump: {view.trump.plural} {view.trump}, made by {who(names, view.maker)}"
    lone = lone_maker_seat(view)
    if lone is not None and lone == view.maker:
        out += f", who {agree(names, lone, 'plays')} alone"
    elif lone is not None:
        out += f"; {who(names, lone)} {agree(names, lone, 'plays')} alone for the makers"
    if view.lone_defender is not None:
        out += f"; {who(names, view.lone_defender)} {agree(names, view.lone_defender, 'defends')} alone"
    return out


def doing(view: View, names: Sequence[Sitter], seat: int) -> str:
    """What `seat` is about to do, in a few words: "to bid", "to lead", "to give a card to Cy (R3)"."""
    if view.phase is Phase.PLAY:
        return "to lead" if view.trick is None or not view.trick.cards else "to play"
    if view.phase is Phase.EXCHANGE:
        if seat in (lone_maker_seat(view), view.lone_defender):
            return "to lay one card down after the call for best (R3)"
        return f"to give {who(names, view.partner_of(seat))} their best card (a call for best, R3)"
    return f"to {DOING.get(view.phase, 'act')}"


def sitting_out(view: View, names: Sequence[Sitter]) -> str:
    """Why the viewer sits this hand out: "North plays alone", "Ann defends alone" (C10)."""
    lone = view.partner_of(view.seat)
    return f"{who(names, lone)} {agree(names, lone, 'defends' if lone == view.lone_defender else 'plays')} alone"


def context(view: View, names: Sequence[Sitter]) -> str:
    """What the table says before naming whose turn it is: the up-card in round one, trump once it is made."""
    if view.seat in view.sitting_out and names[view.seat].name == "You":
        return f"You sit this hand out while {sitting_out(view, names)} (C10). "
    if view.phase is Phase.ROUND_ONE:
        return f"The up-card, the {view.up_card}, proposes {fixed_suit(view.up_card.suit).plural}. "
    if view.phase is Phase.JOKER_CALL:
        return "The Joker was turned up (C3). "
    if view.phase in (Phase.PICKUP, Phase.GOING_ALONE, Phase.DUMMY, Phase.EXCHANGE):
        return f"{who(names, view.maker, start=True)} made {fixed_suit(view.trump).plural} trump. "
    return ""


def waiting(view: View, names: Sequence[Sitter]) -> str:
    """While another seat is to act: "The up-card, the K♣, proposes clubs. Waiting for Ann to bid."."""
    seat = view.to_act
    return f"{context(view, names)}Waiting for {who(names, seat, start=True)} {doing(view, names, seat or 0)}."


def pressed(view: View, verb: Verb) -> str:
    """The words on the button of the first legal action of `verb`, quoted as a prompt names a button."""
    return next(f'"{offer(action, view)[0]}"' for action in view.legal if action.kind is verb)


def your_turn(view: View, names: Sequence[Sitter], chosen: int) -> str:
    """What to click now and why, when the seat is to act (`chosen`: how many cards are selected for the keep)."""
    verbs = {action.kind for action in view.legal}
    up, phase = view.up_card, view.phase
    if phase is Phase.ROUND_ONE:
        suit = fixed_suit(up.suit)
        dealer = "You are the dealer. " if view.seat == view.dealer else ""
        return (
            f"{dealer}Round one: the up-card, the {up}, proposes {suit.plural} as trump. Press "
            f'{pressed(view, Verb.ORDER)} to make {suit.plural} trump, or "Pass" (C6).'
        )
    if phase is Phase.JOKER_CALL:
        return "The Joker was turned up, so you, the dealer, name trump: press a suit; the Joker is yours (C3)."
    if phase is Phase.PICKUP:
        leave = f", or press {pressed(view, Verb.DECLINE)}" if Verb.DECLINE in verbs else ""
        return (
            f"You are the dealer: click one of your six cards to lay it aside; the up-card, the {up}, "
            f"stays in your hand{leave} (C7)."
        )
    if phase is Phase.ROUND_TWO and Verb.PASS not in verbs:
        return "Stick the dealer: everyone else passed, so you must name trump: press a suit (C9)."
    if phase is Phase.ROUND_TWO:
        down = f"; {view.turned_down.plural} were turned down" if view.turned_down is not None else ""
        return f'Round two: name a suit as trump, or "Pass"{down} (C8).'
    if phase is Phase.GOING_ALONE:
        return alone_prompt(view, names)
    if phase is Phase.DUMMY:
        return (
            f"You made trump and take the dummy: click five of your ten cards to keep them (the dummy's five are "
            f'marked), then press "Keep these five"; the other five are laid aside (T5). Selected {chosen} of 5.'
        )
    if Verb.GIVE in verbs:
        lone = who(names, view.partner_of(view.seat), start=True)
        return f"{lone} plays alone and calls for your best card: click the card to give (R3)."
    if Verb.DISCARD in verbs:
        got = f"the {view.exchanged[-1]}" if view.exchanged else "a card"
        partner = who(names, view.partner_of(view.seat), start=True)
        return f"{partner}, your partner, gave you {got}: click one of your six cards to lay it down, out of play (R3)."
    if phase is Phase.PLAY:
        return play_prompt(view)
    return "Your turn: choose with the buttons."


def alone_prompt(view: View, names: Sequence[Sitter]) -> str:
    """Going alone, for the maker, the maker's partner or a defender (C10)."""
    alone, stay = pressed(view, Verb.ALONE), pressed(view, Verb.STAY)
    if view.seat == view.maker:
        return f"You made {fixed_suit(view.trump).plural} trump: press {alone}, or {stay} (C10)."
    made = context(view, names).strip()
    if view.seat in view.makers:
        return f"{made} Press {alone} to play for the makers without your partner, or {stay} (C10)."
    return f"{made} Press {alone}, or {stay} (C10)."


def play_prompt(view: View) -> str:
    """The play: lead anything, follow suit when you can (C12)."""
    trump = fixed_suit(view.trump)
    if view.trick is None or not view.trick.cards:
        return "Your lead: click any of your cards to lead it (C12)."
    led = effective_suit(view.trick.cards[0], trump)
    trumps = " (trump)" if led is trump else ""
    if not any(effective_suit(card, trump) is led for card in view.hand):  # all legal may mean all follow
        return f"Your turn: you hold no {led.plural}{trumps}, so you may play any card (C12)."
    return f"Your turn: follow suit, {led.plural} {led}{trumps}: click one of the cards you may play (C12)."


def hand_over(view: View, names: Sequence[Sitter], scores: Sequence[int], then: Sequence[str] = ()) -> str:
    """The end of a hand: thrown in, or who made trump, the tricks taken, the points; the game's end if it is;
    then the buttons that go on (`then`: their words)."""
    if view.maker is None:
        said = "Everyone passed twice: the hand is thrown in, nobody scores, and the deal passes left (C9)."
    else:
        tricks = sum(view.tricks_won[seat] for seat in view.makers)
        row = scoring_row(view.rules, tricks, view.lone_maker, view.lone_defender is not None)
        makers = sorted(view.makers, key=lambda seat: seat != view.seat)  # the viewer first: "you and North"
        side = " and ".join(who(names, seat) for seat in makers)
        said = (
            f"The hand is over: {side} took {tricks} trick{'s' * (tricks != 1)} with "
            f"{fixed_suit(view.trump).plural} trump: {row_words(view.rules, row)}."
        )
    won = winners(view.rules, tuple(scores), view.contenders) if scores else ()
    if won:
        said += f" Game over: {' and '.join(side_names(view, names, side) for side in won)} won."
    if then:
        said += " Press " + " or ".join(f'"{words}"' for words in then) + "."
    return said


def side_names(view: View, names: Sequence[Sitter], side: int) -> str:
    """A side by its players' names, the viewer first: "You and North", "Ann"."""
    seats = sorted(sides(view.rules)[side], key=lambda seat: seat != view.seat)
    return capital(" and ".join(who(names, seat, start=number == 0) for number, seat in enumerate(seats)))


def card_why_not(view: View, names: Sequence[Sitter], card: Card) -> str:
    """Why one of the viewer's cards may not be clicked now, in a sentence."""
    if view.phase is Phase.DONE:
        return "The hand is over."
    if view.seat in view.sitting_out and names[view.seat].name == "You":
        return f"You sit this hand out: {sitting_out(view, names)} (C10)."
    if not view.legal:
        seat = view.to_act
        return f"Not your turn: {who(names, seat)} {agree(names, seat, 'is')} {doing(view, names, seat or 0)}."
    if view.phase is Phase.PICKUP and card == view.up_card:
        return f"The up-card, the {card}, stays in your hand: lay aside one of your own five cards (C7)."
    if view.phase is Phase.PLAY and view.trick is not None and view.trump is not None:
        because = why_not(card, view.hand, view.trick.cards, view.trump)
        if because:
            return f"{because.rstrip('.')} (C12)."
    if view.phase in (Phase.ROUND_ONE, Phase.ROUND_TWO, Phase.JOKER_CALL):
        return "Cards are played once trump is made: bid with the buttons first."
    if view.phase is Phase.GOING_ALONE:
        return "Answer with the buttons first: whether to go alone (C10)."
    return "Not now: choose with the buttons."


# The narration names a seat by its number ('seat 2', 'your partner (seat 3)'); a page names its players
PARTNER_AT = re.compile(r"\b([Yy]our partner) \(seat (\d+)\)")
SEAT_AT = re.compile(r"\b[Ss]eat (\d+)\b")


def in_names(words: str, names: Sequence[str] | None) -> str:
    """The narration's words with each seat called by its name as the viewer names it: 'seat 2 passed' -> 'West
    passed', 'your partner (seat 3) played' -> 'your partner Ann played'; as they are without names."""
    if not names:
        return words

    def partner(found: re.Match[str]) -> str:
        seat = int(found.group(2))
        return f"{found.group(1)} {names[seat]}" if seat < len(names) else found.group(0)

    def seat(found: re.Match[str]) -> str:
        number = int(found.group(1))
        return names[number] if number < len(names) else found.group(0)

    return SEAT_AT.sub(seat, PARTNER_AT.sub(partner, words))
