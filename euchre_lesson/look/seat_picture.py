"""A seat's Picture of its table, built from the engine's view of that seat: what a host sends the one table view
at every redraw (see picture.py for the shape).

Everything comes from the View (GameState.view(seat) or HandState.view(seat)), so the picture holds only what
that seat may see: a card face down is a count, never a card. The one exception is asked for by name: a
demonstration's open hands (`OpenHands`), every seat's cards face up.

A host, at each redraw and each click (clicks.py reads a click back):

    picture = picture_of(view, names=names, moment=moment, chosen=selected, tools=[tool(HINT, "Hint", "...")])
    got = action_for(view, click, moment=moment)  # an Action to take, or a Toggle: select or unselect, redraw
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from typing import Literal, NamedTuple

from ..engine import checks, language
from ..engine.actions import Verb
from ..engine.cards import Card, sort_key
from ..engine.display import card_name
from ..engine.game import sides
from ..engine.hand import HandState
from ..engine.language import N_, _, ngettext
from ..engine.narration import capital, heard, offer
from ..engine.phases import Phase
from ..engine.ranking import bower, is_trump, power
from ..engine.rules import side_of
from ..engine.sequence import bidders
from ..engine.view import View, lone_maker_seat, seat_roles, trick_on_table
from .picture import Button, CardPicture, Mood, Picture, Pile, Place, Played, Score, SeatPicture, TrickPicture
from .prompts import YOU, Sitter, card_why_not, hand_over, side_names, trick_told, trump_words, waiting, who, your_turn

# Where each seat sits, clockwise from the viewer's left (the order of play, C4), by the number of players: the
# partner opposite in the four-hand games; in Cutthroat the dummy lies where a fourth player would sit (T1).
PLACES: dict[int, tuple[Place, ...]] = {
    4: ("left", "top", "right", "bottom"),
    3: ("left", "right", "bottom"),
    2: ("top", "bottom"),
}
# A card's role in the trump suit, as ranking.bower names it (C2, C3).
ROLES: dict[str | None, Literal["right", "left", "joker", ""]] = {
    "right": "right",
    "left": "left",
    "joker": "joker",
    None: "",
}
# A computer's name, by where it sits as the viewer sees it.
COMPASS: dict[Place, str] = {"left": N_("West"), "top": N_("North"), "right": N_("East"), "bottom": N_("South")}
# A seat's roles as the engine's view names them (view.seat_roles), marked here and translated where drawn.
ROLE_WORDS = (
    N_("dealer"),
    N_("maker"),
    N_("maker, alone"),
    N_("maker's partner, alone"),
    N_("defends alone"),
    N_("sits out"),
    N_("to act"),
    N_("your partner"),
)
# The view's own words, by the key table.js reads them with (its English where a picture has none).
LABELS = {
    "you": YOU,
    "dealer": N_("Dealer"),
    "maker": N_("Maker"),
    "alone": N_("Alone"),
    "sits_out": N_("Sits out"),
    "away": N_("Away"),
    "your_turn": N_("Your turn"),
    "to_play": N_("To play"),
    "trick": N_("trick"),
    "tricks": N_("tricks"),
    "no_trump": N_("No trump yet"),
    "your_cards": N_("Your cards"),
    "from_dummy": N_("From the dummy"),
    "chosen": N_("Chosen: {chosen} of {keep}"),
    "right_bower": N_("right bower"),
    "left_bower": N_("left bower"),
    "middle": N_("The middle of the table"),
    "your_hand": N_("Your hand"),
    "what_to_do": N_("What to do"),
    "scores": N_("Scores, to {target} points"),
    "joker_bower": N_("best bower"),
}
# The host's tools, by the key its button sends back.
HINT, UNDO, GRADE, NEXT_HAND, NEW_GAME = "hint", "undo", "grade", "next hand", "new game"


class OpenHands(NamedTuple):
    """Every seat's cards face up, for a demonstration: the hands, the dummy, the five laid aside (T5)."""

    hands: tuple[tuple[Card, ...], ...]
    dummy: tuple[Card, ...] | None = None
    laid_aside: tuple[Card, ...] = ()


def open_hands_of(hand: HandState) -> OpenHands:
    """A hand's cards, all of them, for a demonstration with every hand open."""
    return OpenHands(hand.hands, hand.dummy, hand.set_aside)


def places(view: View) -> dict[int, Place]:
    """Each seat's place as the viewer sits: the viewer at the bottom, the next seat in play on the left."""
    return dict(zip(bidders(view.rules, view.seat), PLACES[view.players]))


def default_names(
    view: View, people: Mapping[int, str] | None = None, away: Collection[int] = (), onlooker: bool = False
) -> list[Sitter]:
    """Each seat's name as the viewer sees it: "You", a person's name from `people`, else a computer named by
    where it sits ("West", "North", "East"; "South" at the bottom for an onlooker)."""
    people = people or {}
    seated = places(view)
    return [
        Sitter(language._(YOU), False, seat in away)
        if seat == view.seat and not onlooker
        else Sitter(people[seat], False, seat in away)
        if seat in people
        else Sitter(language._(COMPASS[seated[seat]]), True, False)
        for seat in range(view.players)
    ]


def sitters(view: View, names: Sequence[Sitter | str] | None, onlooker: bool = False) -> list[Sitter]:
    """The names given for a picture, checked: a Sitter (or a name alone) for each seat; default_names if None."""
    if names is None:
        return default_names(view, onlooker=onlooker)
    if isinstance(names, str) or len(names) != view.players:
        raise ValueError(f"names must name each of the {view.players} seats in seat order, not {names!r}")
    out = [Sitter(name) if isinstance(name, str) else name for name in names]
    if not all(isinstance(name, Sitter) and isinstance(name.name, str) and name.name.strip() for name in out):
        raise ValueError(f'each name must be a Sitter("Ann") or a name, not empty: {names!r}')
    return out


def tool(key: str, words: str, why: str, enabled: bool = True) -> Button:
    """One of the host's buttons (Hint, Undo, Next hand): `key` comes back when pressed."""
    return Button(key=key, words=words, why=why, kind="tool", enabled=enabled)


def in_hand_order(cards: Sequence[Card], view: View) -> list[Card]:
    """Cards as a hand is held: by suit, the bowers with trump once it is made, weakest to strongest in each."""
    trump = view.trump
    if trump is None:
        return sorted(cards, key=sort_key)
    return sorted(
        cards,
        key=lambda card: (True, 0, power(card, trump, trump)) if is_trump(card, trump) else (False, *sort_key(card)),
    )


def card_picture(
    card: Card,
    view: View,
    *,
    legal: bool = False,
    why_not: str | None = None,
    chosen: bool = False,
    dummy: bool = False,
) -> CardPicture:
    """One card face up, marked as it is now."""
    return CardPicture(
        id=str(card),
        spoken=card_name(card, view.trump),
        legal=legal,
        why_not=None if legal else why_not,
        chosen=chosen,
        bower=ROLES[bower(card, view.trump)],
        trump=is_trump(card, view.trump),
        from_dummy=dummy,
    )


def _keep_step(view: View) -> bool:
    """The viewer is the maker choosing five of ten (T5)."""
    return view.phase is Phase.DUMMY and bool(view.legal) and view.dummy is not None


def your_cards(view: View, names: Sequence[Sitter], chosen: Collection[Card]) -> list[CardPicture]:
    """The viewer's cards, each with whether a click acts now and, if not, why; in the keep step the maker's own
    five first, then the dummy's five, marked."""
    if _keep_step(view):
        own = [card_picture(card, view, legal=True, chosen=card in chosen) for card in in_hand_order(view.hand, view)]
        dummy = in_hand_order(view.dummy or (), view)
        return own + [card_picture(card, view, legal=True, chosen=card in chosen, dummy=True) for card in dummy]
    clickable = {action.card for action in view.legal if action.kind.carries == "card"}
    held = list(view.hand)
    if view.phase is Phase.PICKUP and view.legal:
        held.append(view.up_card)  # the dealer's sixth card while choosing what to lay aside (C7)
    return [
        card_picture(card, view, legal=card in clickable, why_not=card_why_not(view, names, card))
        for card in in_hand_order(held, view)
    ]


def up_card_holder(view: View) -> int | None:
    """The seat everyone knows holds the up-card: the dealer who took it, until it is played or the dealer lays
    cards face down again (the dummy's keep, a call for best), after which nobody but the dealer knows (T5, R3)."""
    if not view.picked_up or view.up_card in view.played:
        return None
    said = [heard(token, actor, view)[0] for actor, token in view.said if actor == view.dealer]
    return None if any(verb.face_down and verb is not Verb.PICKUP for verb in said) else view.dealer


def _seat(
    view: View,
    seat: int,
    place: Place,
    names: Sequence[Sitter],
    mine: list[CardPicture],
    open_hands: OpenHands | None,
    onlooker: bool,
) -> SeatPicture:
    """One seat: who, its roles, its tricks, its cards (face up if yours or open, else how many)."""
    count = view.hand_sizes[seat] if view.hand_sizes else len(view.hand)
    cards: list[CardPicture] = []
    if seat == view.seat and not onlooker:
        cards, count = mine, 0
    elif open_hands is not None:
        cards, count = [card_picture(card, view) for card in in_hand_order(open_hands.hands[seat], view)], 0
    elif seat == up_card_holder(view):
        cards, count = [card_picture(view.up_card, view)], count - 1
    roles = seat_roles(view, seat)
    if seat != view.seat and seat == view.rules.partner(view.seat) and not onlooker:
        roles.insert(0, "your partner")
    return SeatPicture(
        seat=seat,
        place=place,
        name=names[seat].name,
        side=sides(view.rules).index(side_of(view.rules, seat)),
        dealer=seat == view.dealer,
        maker=seat == view.maker,
        alone=seat in (lone_maker_seat(view), view.lone_defender),
        out=seat in view.sitting_out,
        to_act=seat == view.to_act,
        tricks=view.tricks_won[seat] if view.tricks_won else 0,
        away=names[seat].away,
        computer=names[seat].computer,
        cards=cards,
        backs=count,
        roles=" · ".join(language._(role) for role in roles),
        tricks_words=tricks_won_words(view.tricks_won[seat] if view.tricks_won else 0),
        backs_words=ngettext("{count} card face down", "{count} cards face down", count).format(count=count),
    )


def tricks_won_words(count: int) -> str:
    """A seat's tricks this hand, for screen readers: '2 tricks won'."""
    return ngettext("{count} trick won", "{count} tricks won", count).format(count=count)


def counted(pile: Pile | None) -> Pile | None:
    """A pile with its cards face down counted in words, for screen readers: '5 cards'."""
    if pile is None:
        return None
    return {**pile, "backs_words": ngettext("{count} card", "{count} cards", pile["backs"]).format(count=pile["backs"])}


def up_card_pile(view: View) -> Pile | None:
    """The up-card: face up in round one, turned down after it (C8); none once the dealer takes it (it is drawn in
    the dealer's hand), nor while the dealer at this seat chooses what to lay aside (it is in the hand, C7)."""
    up = view.up_card
    if view.turned_down is not None:
        return Pile(words=_("Up-card, the {up}, turned down (C8)").format(up=up), cards=[], backs=1)
    if view.picked_up or (view.phase is Phase.PICKUP and view.legal):
        return None
    if view.picked_up is False:
        left = _("Up-card, the {up}, left by the dealer (C7)").format(up=up)
        return Pile(words=left, cards=[card_picture(up, view)], backs=0)
    return Pile(words=_("Up-card"), cards=[card_picture(up, view)], backs=0)


def dummy_pile(view: View, names: Sequence[Sitter], open_hands: OpenHands | None) -> Pile | None:
    """Cutthroat's dummy on the open side, face down until the maker takes it; then the five laid aside (T2, T5)."""
    if not view.rules.has_dummy:
        return None
    maker = who(names, view.maker)
    aside = _("Laid aside: out of play this hand (T5).")
    if _keep_step(view):
        return Pile(words=_("The dummy: its five are in your hand, marked"), cards=[], backs=0)
    if view.set_aside:
        cards = [card_picture(card, view, why_not=aside) for card in in_hand_order(view.set_aside, view)]
        return Pile(words=_("Laid aside by you (only you see them)"), cards=cards, backs=0)
    if view.laid_aside and open_hands is not None:
        cards = [card_picture(card, view) for card in in_hand_order(open_hands.laid_aside, view)]
        return Pile(words=_("Laid aside by {name} (hands open)").format(name=maker), cards=cards, backs=0)
    if view.laid_aside:
        words = _("Laid aside by {name}, face down").format(name=maker)
        return Pile(words=words, cards=[], backs=view.laid_aside)
    if open_hands is not None and open_hands.dummy:
        cards = [card_picture(card, view) for card in in_hand_order(open_hands.dummy, view)]
        return Pile(words=_("The dummy (hands open)"), cards=cards, backs=0)
    return Pile(words=_("The dummy, face down"), cards=[], backs=view.dummy_size)


def trick_picture(view: View, names: Sequence[Sitter], seated: Mapping[int, Place]) -> TrickPicture | None:
    """The trick in the middle, or the last one taken until the next card is led; None before the play."""
    trick, number = trick_on_table(view)
    if trick is None:
        return None
    played = [
        Played(seat=seat, place=seated[seat], card=card_picture(card, view))
        for card, seat in zip(trick.cards, trick.seats)
    ]
    return TrickPicture(number=number, cards=played, winner=trick.winner, words=trick_told(view, names, trick, number))


def bid_buttons(view: View, chosen: Collection[Card]) -> list[Button]:
    """A button for every legal action that is not a card's: the bids in the engine's words, and Keep these five
    (its key the keep's notation once five are chosen, enabled only then)."""
    buttons = [
        Button(key=str(action), words=words, why=why, kind="bid", enabled=True)
        for action in view.legal
        if action.kind.carries not in ("card", "cards")
        for words, why in [offer(action, view)]
    ]
    keeps = [action for action in view.legal if action.kind is Verb.KEEP]
    if keeps:
        words, why = offer(keeps[0], view)
        keep = next((action for action in keeps if set(action.cards) == set(chosen)), None)
        count = len(keeps[0].cards)
        if keep is None:
            why = _("select {count} cards first ({chosen} selected): {why}").format(
                count=count, chosen=len(chosen), why=why
            )
        buttons.append(
            Button(key=str(keep or Verb.KEEP), words=words, why=capital(why), kind="keep", enabled=bool(keep))
        )
    return buttons


def scores_of(view: View, names: Sequence[Sitter], scores: Sequence[int]) -> list[Score]:
    """The game's scores by side, each side named by its players."""
    return [Score(side=side, words=side_names(view, names, side), points=points) for side, points in enumerate(scores)]


def prompt_of(
    view: View, names: Sequence[Sitter], chosen: Collection[Card], scores: Sequence[int], tools: Sequence[Button]
) -> str:
    """What to do now and why, at every step; once the hand is over, the host's tools that go on."""
    if view.phase is Phase.DONE:
        then = [button["words"] for button in tools if button["enabled"] and button["key"] not in (HINT, UNDO)]
        return hand_over(view, names, scores, then)
    if view.legal:
        return your_turn(view, names, len(chosen))
    return waiting(view, names)


def chosen_of(view: View, chosen: Collection[Card]) -> frozenset[Card]:
    """The cards selected in the keep step, checked to be among the maker's ten (T5); none at any other step."""
    if not _keep_step(view):
        return frozenset()
    chosen = frozenset(chosen)
    strangers = chosen - {card for action in view.legal for card in action.cards}
    if strangers:
        raise ValueError(f"chosen cards must be among the maker's ten, and {sorted(map(str, strangers))} are not")
    return chosen


def picture_of(
    view: View,
    *,
    names: Sequence[Sitter | str] | None = None,
    moment: int = 0,
    scores: Sequence[int] | None = None,
    four_colour: bool = False,
    open_hands: OpenHands | None = None,
    chosen: Collection[Card] = (),
    tools: Sequence[Button] = (),
    note: str = "",
    mood: Mood = "",
    title_extra: str = "",
    onlooker: bool = False,
) -> Picture:
    """Everything `view`'s seat sees of its table now, as the one table view draws it.

    - `names`: each seat's Sitter (or name) as the viewer sees it, in seat order, the viewer "You" (except for an
      onlooker); default_names if None.
    - `moment`: the host's count of what is drawn: a click made on another moment is stale.
    - `scores`: the game's scores by side, if not the view's own (a host showing a finished hand passes the
      scores after it).
    - `open_hands`: every seat's cards, for a demonstration.
    - `chosen`: the cards selected in the keep step (T5); ignored at any other step.
    - `tools`: the host's buttons (see `tool`).
    - `note`: words said before the prompt (a refusal, a hint), read as `mood` ("", "good" or "bad").
    - `onlooker`: drawn for someone watching from `view`'s place (a teacher, a projector), who sees no hand unless
      hands are open, and may click nothing.
    """
    view = checks.instance("view", view, View, "the View of one seat: game.view(seat) or hand.view(seat)")
    if onlooker:  # what the seat alone knows is not drawn, nor may anything be clicked
        view = replace(view, hand=(), legal=(), discard=None, dummy=None, set_aside=(), exchanged=())
    names = sitters(view, names, onlooker)
    if mood not in ("", "good", "bad"):
        raise ValueError(f'mood must be "", "good" or "bad", not {mood!r}')
    chosen = chosen_of(view, chosen)
    scores = tuple(view.scores if scores is None else scores)
    seated = places(view)
    mine = your_cards(view, names, chosen)
    prompt = prompt_of(view, names, chosen, scores, tools)
    return Picture(
        moment=moment,
        title=title_of(view, title_extra),
        players=view.players,
        seats=[_seat(view, seat, seated[seat], names, mine, open_hands, onlooker) for seat in range(view.players)],
        dummy=counted(dummy_pile(view, names, open_hands)),
        up_card=counted(up_card_pile(view)),
        trick=trick_picture(view, names, seated),
        trump=None if view.trump is None else str(view.trump),
        trump_words=trump_words(view, names),
        scores=scores_of(view, names, scores),
        target=view.rules.target,
        prompt=f"{note} {prompt}" if note else prompt,
        mood=mood,
        buttons=bid_buttons(view, chosen) + list(tools),
        keep=len(view.legal[0].cards) if _keep_step(view) else 0,
        your_turn=bool(view.legal),
        four_colour=four_colour,
        labels=labels_of(view),
    )


def title_of(view: View, extra: str = "") -> str:
    """The picture's title: the game, the points it is played to, and the host's `extra` words if any."""
    target = ngettext("to {count} point", "to {count} points", view.rules.target).format(count=view.rules.target)
    return " · ".join(filter(None, (language._(view.rules.facts.name), target, extra)))


def labels_of(view: View) -> dict[str, str]:
    """The view's own words (LABELS) in the language chosen, the target of the game's points among them."""
    labels = {key: language._(words) for key, words in LABELS.items()}
    labels["target"] = _("to {target}").format(target=view.rules.target)
    return labels
