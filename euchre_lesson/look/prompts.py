"""The words of a seat's picture: who is who in a sentence, the prompt at every step, why a card may not be clicked,
the trick, trump and the end of a hand, all told with the players' names (never a seat number alone).

Every rule fact is the engine's: the legal actions come from the view, a card that does not follow suit is
explained by engine/tricks.why_not, a button's words are narration.offer's, the points narration.row_words's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from ..engine import language
from ..engine.actions import Verb
from ..engine.cards import Card, Suit, fixed_suit
from ..engine.faces import suit_words
from ..engine.game import sides, winners
from ..engine.language import N_, _, ngettext
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
    Phase.ROUND_ONE: N_("to bid"),
    Phase.JOKER_CALL: N_("to name trump for the turned-up joker (C3)"),
    Phase.PICKUP: N_("to take the up-card and lay a card aside (C7)"),
    Phase.ROUND_TWO: N_("to name a suit as trump or pass"),
    Phase.GOING_ALONE: N_("to say whether to go alone (C10)"),
    Phase.DUMMY: N_("to take the dummy and keep five of ten cards (T5)"),
    Phase.PLAY: N_("to play"),
}
# The viewer's own name at the table, as default_names writes it in each language.
YOU = N_("You")


def is_you(names: Sequence[Sitter], seat: int | None) -> bool:
    """Whether `seat` is the viewer's, named "You" (in English or in the language chosen)."""
    return seat is not None and names[seat].name in (YOU, _("You"))


def who(names: Sequence[Sitter], seat: int | None, start: bool = False) -> str:
    """A seat's name in a sentence: "You" at its start, "you" inside it, a name as it is."""
    if seat is None:
        return _("nobody")
    if not is_you(names, seat):
        return names[seat].name
    return _("You") if start else _("you")


def person(names: Sequence[Sitter], seat: int | None, yours: str, theirs: str, **fields: object) -> str:
    """One of two sentences, already translated, as `seat` is the viewer's or not ("you play", "{name} plays"),
    with `{name}` the seat's name and the other fields filled in: the verb agrees in every language."""
    return (yours if is_you(names, seat) else theirs).format(name=who(names, seat), **fields)


def card_words(card: Card, trump: Suit | None) -> str:
    """A card in a sentence, with its role in trump: "the J♠, the right bower", "the Joker", "the K♥"."""
    role = bower(card, trump)
    if card.is_joker:
        return _("the Joker, the highest trump")
    if role == "right":
        return _("the {card}, the right bower").format(card=card)
    if role == "left":
        return _("the {card}, the left bower").format(card=card)
    return _("the {card}").format(card=card)


def trick_told(view: View, names: Sequence[Sitter], trick: Trick, number: int) -> str:
    """ "Trick 3: Ann won it with the J♠, the right bower"; "Trick 2: Ben led the 9♠"; "Trick 1: you lead"."""
    if trick.winner is not None:
        card = card_words(trick.cards[trick.seats.index(trick.winner)], view.trump)
        return _("Trick {number}: {name} won it with {card}").format(
            number=number, name=who(names, trick.winner), card=card
        )
    if not trick.cards:
        return person(
            names, trick.leader, _("Trick {number}: you lead"), _("Trick {number}: {name} leads"), number=number
        )
    card = card_words(trick.cards[0], view.trump)
    return _("Trick {number}: {name} led {card}").format(number=number, name=who(names, trick.leader), card=card)


def trump_words(view: View, names: Sequence[Sitter]) -> str:
    """ "Trump: spades ♠, made by Ann, who plays alone", or "" before trump is made."""
    if view.trump is None:
        return ""
    out = _("Trump: {suits} {suit}, made by {name}").format(
        suits=suit_words(view.trump), suit=view.trump, name=who(names, view.maker)
    )
    lone = lone_maker_seat(view)
    if lone is not None and lone == view.maker:
        out += person(names, lone, _(", who play alone"), _(", who plays alone"))
    elif lone is not None:
        out += person(names, lone, _("; you play alone for the makers"), _("; {name} plays alone for the makers"))
    if view.lone_defender is not None:
        out += person(names, view.lone_defender, _("; you defend alone"), _("; {name} defends alone"))
    return out


def doing(view: View, names: Sequence[Sitter], seat: int) -> str:
    """What `seat` is about to do, in a few words: "to bid", "to lead", "to give a card to Cy (R3)"."""
    if view.phase is Phase.PLAY:
        return _("to lead") if view.trick is None or not view.trick.cards else _("to play")
    if view.phase is Phase.EXCHANGE:
        if seat in (lone_maker_seat(view), view.lone_defender):
            return _("to lay one card down after the call for best (R3)")
        partner = who(names, view.partner_of(seat))
        return _("to give {name} their best card (a call for best, R3)").format(name=partner)
    return language._(DOING[view.phase]) if view.phase in DOING else _("to act")


def sitting_out(view: View, names: Sequence[Sitter]) -> str:
    """Why the viewer sits this hand out: "North plays alone", "Ann defends alone" (C10)."""
    lone = view.partner_of(view.seat)
    if lone == view.lone_defender:
        return person(names, lone, _("you defend alone"), _("{name} defends alone"))
    return person(names, lone, _("you play alone"), _("{name} plays alone"))


def context(view: View, names: Sequence[Sitter]) -> str:
    """What the table says before naming whose turn it is: the up-card in round one, trump once it is made."""
    if view.seat in view.sitting_out and is_you(names, view.seat):
        return _("You sit this hand out while {alone} (C10). ").format(alone=sitting_out(view, names))
    if view.phase is Phase.ROUND_ONE:
        suits = suit_words(fixed_suit(view.up_card.suit))
        return _("The up-card, the {up}, proposes {suits}. ").format(up=view.up_card, suits=suits)
    if view.phase is Phase.JOKER_CALL:
        return _("The Joker was turned up (C3). ")
    if view.phase in (Phase.PICKUP, Phase.GOING_ALONE, Phase.DUMMY, Phase.EXCHANGE):
        suits = suit_words(fixed_suit(view.trump))
        return person(names, view.maker, _("You made {suits} trump. "), _("{name} made {suits} trump. "), suits=suits)
    return ""


def waiting(view: View, names: Sequence[Sitter]) -> str:
    """While another seat is to act: "The up-card, the K♣, proposes clubs. Waiting for Ann to bid."."""
    seat = view.to_act
    waited = _("Waiting for {name} {doing}.").format(
        name=who(names, seat, start=True), doing=doing(view, names, seat or 0)
    )
    return f"{context(view, names)}{waited}"


def pressed(view: View, verb: Verb) -> str:
    """The words on the button of the first legal action of `verb`, quoted as a prompt names a button."""
    return next(quoted(offer(action, view)[0]) for action in view.legal if action.kind is verb)


def quoted(words: str) -> str:
    """A button's words quoted as a prompt names it: "Pass" (« Passer » in French)."""
    return _('"{words}"').format(words=words)


def your_turn(view: View, names: Sequence[Sitter], chosen: int) -> str:
    """What to click now and why, when the seat is to act (`chosen`: how many cards are selected for the keep)."""
    verbs = {action.kind for action in view.legal}
    up, phase = view.up_card, view.phase
    if phase is Phase.ROUND_ONE:
        suits = suit_words(fixed_suit(up.suit))
        dealer = _("You are the dealer. ") if view.seat == view.dealer else ""
        order = _(
            "Round one: the up-card, the {up}, proposes {suits} as trump. Press {order} to make {suits} trump, or "
            "{pass_} (C6)."
        )
        return dealer + order.format(up=up, suits=suits, order=pressed(view, Verb.ORDER), pass_=quoted(_("Pass")))
    if phase is Phase.JOKER_CALL:
        return _("The Joker was turned up, so you, the dealer, name trump: press a suit; the Joker is yours (C3).")
    if phase is Phase.PICKUP:
        if Verb.DECLINE in verbs:
            return _(
                "You are the dealer: click one of your six cards to lay it aside; the up-card, the {up}, stays in your "
                "hand, or press {leave} (C7)."
            ).format(up=up, leave=pressed(view, Verb.DECLINE))
        return _(
            "You are the dealer: click one of your six cards to lay it aside; the up-card, the {up}, stays in your "
            "hand (C7)."
        ).format(up=up)
    if phase is Phase.ROUND_TWO and Verb.PASS not in verbs:
        return _("Stick the dealer: everyone else passed, so you must name trump: press a suit (C9).")
    if phase is Phase.ROUND_TWO:
        if view.turned_down is not None:
            return _("Round two: name a suit as trump, or {pass_}; {suits} were turned down (C8).").format(
                pass_=quoted(_("Pass")), suits=suit_words(view.turned_down)
            )
        return _("Round two: name a suit as trump, or {pass_} (C8).").format(pass_=quoted(_("Pass")))
    if phase is Phase.GOING_ALONE:
        return alone_prompt(view, names)
    if phase is Phase.DUMMY:
        return _(
            "You made trump and take the dummy: click five of your ten cards to keep them (the dummy's five are "
            "marked), then press {keep}; the other five are laid aside (T5). Selected {chosen} of 5."
        ).format(keep=quoted(_("Keep these five")), chosen=chosen)
    if Verb.GIVE in verbs:
        lone = who(names, view.partner_of(view.seat), start=True)
        return _("{name} plays alone and calls for your best card: click the card to give (R3).").format(name=lone)
    if Verb.DISCARD in verbs:
        partner = who(names, view.partner_of(view.seat), start=True)
        if view.exchanged:
            return _(
                "{name}, your partner, gave you the {card}: click one of your six cards to lay it down, "
                "out of play (R3)."
            ).format(name=partner, card=view.exchanged[-1])
        return _(
            "{name}, your partner, gave you a card: click one of your six cards to lay it down, out of play (R3)."
        ).format(name=partner)
    if phase is Phase.PLAY:
        return play_prompt(view)
    return _("Your turn: choose with the buttons.")


def alone_prompt(view: View, names: Sequence[Sitter]) -> str:
    """Going alone, for the maker, the maker's partner or a defender (C10)."""
    alone, stay = pressed(view, Verb.ALONE), pressed(view, Verb.STAY)
    if view.seat == view.maker:
        suits = suit_words(fixed_suit(view.trump))
        return _("You made {suits} trump: press {alone}, or {stay} (C10).").format(suits=suits, alone=alone, stay=stay)
    made = context(view, names).strip()
    if view.seat in view.makers:
        press = _("Press {alone} to play for the makers without your partner, or {stay} (C10).")
    else:
        press = _("Press {alone}, or {stay} (C10).")
    return f"{made} {press.format(alone=alone, stay=stay)}"


def play_prompt(view: View) -> str:
    """The play: lead anything, follow suit when you can (C12)."""
    trump = fixed_suit(view.trump)
    if view.trick is None or not view.trick.cards:
        return _("Your lead: click any of your cards to lead it (C12).")
    led = effective_suit(view.trick.cards[0], trump)
    trumps = _(" (trump)") if led is trump else ""
    if not any(effective_suit(card, trump) is led for card in view.hand):  # all legal may mean all follow
        return _("Your turn: you hold no {suits}{trumps}, so you may play any card (C12).").format(
            suits=suit_words(led), trumps=trumps
        )
    return _("Your turn: follow suit, {suits} {suit}{trumps}: click one of the cards you may play (C12).").format(
        suits=suit_words(led), suit=led, trumps=trumps
    )


def hand_over(view: View, names: Sequence[Sitter], scores: Sequence[int], then: Sequence[str] = ()) -> str:
    """The end of a hand: thrown in, or who made trump, the tricks taken, the points; the game's end if it is;
    then the buttons that go on (`then`: their words)."""
    if view.maker is None:
        said = _("Everyone passed twice: the hand is thrown in, nobody scores, and the deal passes left (C9).")
    else:
        tricks = sum(view.tricks_won[seat] for seat in view.makers)
        row = scoring_row(view.rules, tricks, view.lone_maker, view.lone_defender is not None)
        makers = sorted(view.makers, key=lambda seat: seat != view.seat)  # the viewer first: "you and North"
        side = _(" and ").join(who(names, seat) for seat in makers)
        said = ngettext(
            "The hand is over: {side} took {count} trick with {suits} trump: {row}.",
            "The hand is over: {side} took {count} tricks with {suits} trump: {row}.",
            tricks,
        ).format(side=side, count=tricks, suits=suit_words(fixed_suit(view.trump)), row=row_words(view.rules, row))
    won = winners(view.rules, tuple(scores), view.contenders) if scores else ()
    if won:
        sides_won = _(" and ").join(side_names(view, names, side) for side in won)
        said += " " + _("Game over: {sides} won.").format(sides=sides_won)
    if then:
        said += " " + _("Press {buttons}.").format(buttons=_(" or ").join(quoted(words) for words in then))
    return said


def side_names(view: View, names: Sequence[Sitter], side: int) -> str:
    """A side by its players' names, the viewer first: "You and North", "Ann"."""
    seats = sorted(sides(view.rules)[side], key=lambda seat: seat != view.seat)
    return capital(_(" and ").join(who(names, seat, start=number == 0) for number, seat in enumerate(seats)))


def card_why_not(view: View, names: Sequence[Sitter], card: Card) -> str:
    """Why one of the viewer's cards may not be clicked now, in a sentence."""
    if view.phase is Phase.DONE:
        return _("The hand is over.")
    if view.seat in view.sitting_out and is_you(names, view.seat):
        return _("You sit this hand out: {alone} (C10).").format(alone=sitting_out(view, names))
    if not view.legal:
        seat = view.to_act
        return person(
            names,
            seat,
            _("Not your turn: you are {doing}."),
            _("Not your turn: {name} is {doing}."),
            doing=doing(view, names, seat or 0),
        )
    if view.phase is Phase.PICKUP and card == view.up_card:
        return _("The up-card, the {card}, stays in your hand: lay aside one of your own five cards (C7).").format(
            card=card
        )
    if view.phase is Phase.PLAY and view.trick is not None and view.trump is not None:
        because = why_not(card, view.hand, view.trick.cards, view.trump)
        if because:
            return f"{because.rstrip('.')} (C12)."
    if view.phase in (Phase.ROUND_ONE, Phase.ROUND_TWO, Phase.JOKER_CALL):
        return _("Cards are played once trump is made: bid with the buttons first.")
    if view.phase is Phase.GOING_ALONE:
        return _("Answer with the buttons first: whether to go alone (C10).")
    return _("Not now: choose with the buttons.")


# The narration names a seat by its number ('seat 2', 'your partner (seat 3)'); a page names its players
PARTNER_AT = re.compile(r"\b([Yy]our partner) \(seat (\d+)\)")
SEAT_AT = re.compile(r"\b[Ss]eat (\d+)\b")


def _told(template: str) -> re.Pattern[str]:
    """The pattern of a translated 'seat {seat}' in the narration's words, whatever case its first letter has."""
    head, _middle, tail = re.escape(template).partition(re.escape("{seat}"))
    return re.compile(rf"(?i:{head[:1]}){head[1:]}(\d+){tail}") if head else re.compile(rf"(\d+){tail}")


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

    words = SEAT_AT.sub(seat, PARTNER_AT.sub(partner, words))
    partner_told, seat_told = _("your partner (seat {seat})"), _("seat {seat}")
    if partner_told == "your partner (seat {seat})":
        return words

    def partner_named(found: re.Match[str]) -> str:
        number = int(found.group(1))
        if number >= len(names):
            return found.group(0)
        named = _("your partner {name}").format(name=names[number])
        return capital(named) if found.group(0)[:1].isupper() else named

    return _told(seat_told).sub(seat, _told(partner_told).sub(partner_named, words))
