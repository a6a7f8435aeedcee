"""Pictures made by hand, one for each game and step the table view must draw well (look/picture.py's shape)."""

from __future__ import annotations

from typing import Any

from euchre_lesson.look.picture import Button, CardPicture, Picture, Pile, Played, Score, SeatPicture

RANKS = {"9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace", "7": "seven", "8": "eight"}
SUITS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
FOLLOW = "You must follow suit: {} were led and you hold one."


def spoken(card_id: str) -> str:
    """'the jack of hearts' for 'J♥', 'the joker' for 'Joker'."""
    if card_id == "Joker":
        return "the joker"
    return f"the {RANKS[card_id[:-1]]} of {SUITS[card_id[-1]]}"


def card(card_id: str, **marks: Any) -> CardPicture:
    """A face-up card, marked as given (not legal, no reason, nothing else, unless said)."""
    shown = CardPicture(
        id=card_id,
        spoken=spoken(card_id),
        legal=False,
        why_not=None,
        chosen=False,
        bower="",
        trump=False,
        from_dummy=False,
    )
    shown.update(marks)  # type: ignore[typeddict-item]
    return shown


def seat(seat_number: int, place: str, name: str, **about: Any) -> SeatPicture:
    """A seat at the table: nobody's dealer or maker, no tricks, five cards face down, unless said."""
    shown: dict[str, Any] = dict(
        seat=seat_number,
        place=place,
        name=name,
        side=seat_number,
        dealer=False,
        maker=False,
        alone=False,
        out=False,
        to_act=False,
        tricks=0,
        away=False,
        computer=place != "bottom",
        cards=[],
        backs=5,
        roles="",
    )
    shown.update(about)
    return shown  # type: ignore[return-value]


def button(key: str, words: str, kind: str = "bid", why: str = "", enabled: bool = True) -> Button:
    return Button(key=key, words=words, why=why or words, kind=kind, enabled=enabled)  # type: ignore[typeddict-item]


def picture(title: str, players: int, seats: list[SeatPicture], scores: list[Score], **rest: Any) -> Picture:
    """A whole picture: no trick, no up-card, no dummy, nothing to do, unless said."""
    shown: dict[str, Any] = dict(
        moment=7,
        title=title,
        players=players,
        seats=seats,
        dummy=None,
        up_card=None,
        trick=None,
        trump=None,
        trump_words="",
        scores=scores,
        target=10,
        prompt="",
        mood="",
        buttons=[],
        keep=0,
        your_turn=False,
        four_colour=False,
    )
    shown.update(rest)
    return shown  # type: ignore[return-value]


def played(seat_number: int, place: str, card_id: str, **marks: Any) -> Played:
    return Played(seat=seat_number, place=place, card=card(card_id, **marks))  # type: ignore[typeddict-item]


HINT = button("hint", "Hint", "tool", "A hint: what a careful player would do, and why")
UNDO = button("undo", "Undo", "tool", "Take back your last move")


def cutthroat_bidding() -> Picture:
    """Cutthroat, round one: Ben deals, the K♣ is up, the dummy lies face down where a fourth player would sit."""
    hand = [card(c) for c in ("9♠", "J♣", "A♣", "10♥", "Q♦")]
    return picture(
        "Cutthroat Euchre · hand 3 · to 15 points",
        3,
        [
            seat(0, "bottom", "You", cards=hand, backs=0, to_act=True),
            seat(1, "left", "Ann", roles=""),
            seat(2, "right", "Ben", dealer=True, roles="dealer"),
        ],
        [
            Score(side=0, words="You", points=6),
            Score(side=1, words="Ann", points=9),
            Score(side=2, words="Ben", points=4),
        ],
        target=15,
        dummy=Pile(words="The dummy, face down", cards=[], backs=5),
        up_card=Pile(words="Up-card", cards=[card("K♣")], backs=0),
        prompt="Round one: order the K♣ up to Ben and clubs are trump, or pass.",
        buttons=[
            button("order", "Order it up", why="Clubs become trump and Ben picks up the K♣"),
            button("pass", "Pass", why="Let Ann decide"),
            HINT,
        ],
        your_turn=True,
    )


def partnership_discard() -> Picture:
    """Partnership: you deal, Ann ordered the K♦ up, and you must lay one of your six cards aside."""
    ids = ("J♦", "K♦", "A♠", "9♣", "10♥", "Q♥")
    bowers = {"J♦": "right"}
    hand = [card(c, legal=True, trump=c[-1] == "♦", bower=bowers.get(c, "")) for c in ids]
    return picture(
        "Partnership Euchre · hand 1 · to 10 points",
        4,
        [
            seat(0, "bottom", "You", cards=hand, backs=0, dealer=True, to_act=True, side=0, roles="dealer"),
            seat(1, "left", "Ann", side=1, maker=True, roles="maker"),
            seat(2, "top", "Cy", side=0, computer=True, roles="your partner"),
            seat(3, "right", "Dev", side=1),
        ],
        [Score(side=0, words="You and Cy", points=2), Score(side=1, words="Ann and Dev", points=3)],
        trump="♦",
        trump_words="Trump: diamonds, made by Ann",
        prompt="You are the dealer: click one of your six cards to lay it aside.",
        mood="",
        buttons=[HINT, UNDO],
        your_turn=True,
    )


def cutthroat_keep() -> Picture:
    """Cutthroat, the keep step: you took the dummy; keep five of your ten (three chosen so far)."""
    own = [card(c, legal=True, chosen=c in ("J♠", "A♠"), trump=c[-1] == "♠") for c in ("J♠", "A♠", "9♥", "10♦", "K♣")]
    own[0]["bower"] = "right"
    dummy = [
        card(c, legal=True, from_dummy=True, chosen=c == "J♣", trump=c[-1] in "♠" or c == "J♣")
        for c in ("J♣", "Q♠", "9♣", "A♥", "Q♦")
    ]
    dummy[0]["bower"] = "left"
    return picture(
        "Cutthroat Euchre · hand 4 · to 15 points",
        3,
        [
            seat(0, "bottom", "You", cards=own + dummy, backs=0, maker=True, to_act=True, roles="maker"),
            seat(1, "left", "Ann", dealer=True, roles="dealer"),
            seat(2, "right", "Ben"),
        ],
        [
            Score(side=0, words="You", points=8),
            Score(side=1, words="Ann", points=5),
            Score(side=2, words="Ben", points=11),
        ],
        target=15,
        trump="♠",
        trump_words="Trump: spades, made by you",
        prompt="Keep five of these ten: click a card to keep it, again to let it go. The other five are laid aside.",
        keep=5,
        buttons=[button("keep", "Keep these five", "keep", "Choose five cards first", enabled=False), HINT],
        your_turn=True,
    )


def partnership_trick() -> Picture:
    """Partnership, trick 2 in play: Ann led a heart, Cy and Dev followed; you hold hearts, so you must follow."""
    why = FOLLOW.format("hearts")
    hand = [
        card("A♥", legal=True),
        card("9♥", legal=True),
        card("J♦", why_not=why, trump=True, bower="left"),
        card("K♠", why_not=why),
    ]
    return picture(
        "Partnership Euchre · hand 2 · to 10 points",
        4,
        [
            seat(0, "bottom", "You", cards=hand, backs=0, to_act=True, side=0, tricks=1),
            seat(1, "left", "Ann", side=1, backs=4, maker=True, roles="maker"),
            seat(2, "top", "Cy", side=0, backs=3, dealer=True, roles="dealer", tricks=0),
            seat(3, "right", "Dev", side=1, backs=3),
        ],
        [Score(side=0, words="You and Cy", points=4), Score(side=1, words="Ann and Dev", points=7)],
        trump="♥",
        trump_words="Trump: hearts, made by Ann",
        trick={
            "number": 2,
            "cards": [
                played(1, "left", "K♥", trump=True),
                played(2, "top", "10♥", trump=True),
                played(3, "right", "Q♥", trump=True),
            ],
            "winner": None,
            "words": "Trick 2: Ann led the K♥",
        },
        prompt="Your turn: hearts were led, so play a heart.",
        buttons=[HINT],
        your_turn=True,
    )


def railroad_finished() -> Picture:
    """Railroad: Dev goes alone (Ann sits out); trick 3 is complete and Cy won it with the joker."""
    hand = [card("A♣"), card("9♠")]
    return picture(
        "Railroad Euchre · hand 5 · to 10 points",
        4,
        [
            seat(0, "bottom", "You", cards=hand, backs=0, side=0, tricks=1),
            seat(1, "left", "Ann", side=1, backs=0, out=True, roles="sits out"),
            seat(2, "top", "Cy", side=0, backs=2, tricks=1),
            seat(
                3,
                "right",
                "Dev",
                side=1,
                backs=2,
                maker=True,
                alone=True,
                dealer=True,
                tricks=1,
                roles="dealer · maker, alone",
            ),
        ],
        [Score(side=0, words="You and Cy", points=8), Score(side=1, words="Ann and Dev", points=6)],
        trump="♠",
        trump_words="Trump: spades, made by Dev, alone",
        trick={
            "number": 3,
            "cards": [
                played(3, "right", "A♠", trump=True),
                played(0, "bottom", "10♠", trump=True),
                played(2, "top", "Joker", trump=True, bower="joker"),
            ],
            "winner": 2,
            "words": "Trick 3: Cy won it with the joker",
        },
        prompt="Cy won the trick with the joker. Cy leads next.",
        mood="good",
        buttons=[button("next", "Next trick", "tool", "Gather the trick and go on")],
    )


def twohanded_trick() -> Picture:
    """Two-handed: Bea (opposite, the only other player) led the A♦; you may play anything but must follow."""
    why = FOLLOW.format("diamonds")
    hand = [card("K♦", legal=True), card("J♥", legal=True, trump=True, bower="left"), card("Q♣", why_not=why)]
    return picture(
        "Two-handed Euchre · hand 2 · to 10 points",
        2,
        [
            seat(0, "bottom", "You", cards=hand, backs=0, to_act=True, tricks=2, dealer=True, roles="dealer"),
            seat(1, "top", "Bea", backs=2, maker=True, tricks=0, roles="maker"),
        ],
        [Score(side=0, words="You", points=3), Score(side=1, words="Bea", points=5)],
        trump="♦",
        trump_words="Trump: diamonds, made by Bea",
        trick={"number": 4, "cards": [played(1, "top", "A♦", trump=True)], "winner": None, "words": "Trick 4: Bea led"},
        prompt="Your turn: diamonds were led. Play a diamond (the J♥ is a diamond now).",
        buttons=[HINT, UNDO],
        your_turn=True,
    )


PICTURES = {
    "cutthroat_bidding": cutthroat_bidding,
    "partnership_discard": partnership_discard,
    "cutthroat_keep": cutthroat_keep,
    "partnership_trick": partnership_trick,
    "railroad_finished": railroad_finished,
    "twohanded_trick": twohanded_trick,
}


def crowded_round_two() -> Picture:
    """The most a step says and offers: round two of Railroad with long names, a long prompt, every bid and five of
    the host's tools; the dealer's partner goes alone... words that run to three lines."""
    hand = [card(c) for c in ("9♠", "J♣", "A♣", "10♥", "Q♦")] + []
    hand[4]["why_not"] = "Bid first: the cards are played once trump is made."
    tools = [
        HINT,
        UNDO,
        button("next", "Next hand", "tool", "Deal the next hand", enabled=False),
        button("open", "Show every hand", "tool", "Turn every hand face up, to talk it over"),
        button("new", "New game", "tool", "Start a new game"),
    ]
    return picture(
        "Railroad Euchre · hand 12 · to 10 points · the computer plays carefully",
        4,
        [
            seat(0, "bottom", "You", cards=hand, backs=0, to_act=True, side=0, tricks=0),
            seat(1, "left", "Computer (west)", side=1, roles=""),
            seat(2, "top", "Computer (north), your partner", side=0, roles="your partner"),
            seat(3, "right", "Computer (east)", side=1, dealer=True, roles="dealer"),
        ],
        [
            Score(side=0, words="You and Computer (north)", points=9),
            Score(side=1, words="Computer (west) and Computer (east)", points=9),
        ],
        up_card=Pile(words="Up-card, the 9♣, turned down: clubs may not be named now", cards=[], backs=1),
        trump_words="",
        prompt=(
            "Round two: everyone passed the 9♣, so name any suit but clubs as trump, alone if you wish, or pass; "
            "if you pass, Computer (east) must name one (stick the dealer)."
        ),
        buttons=[
            button("pass", "Pass"),
            button("S", "Name ♠ trump"),
            button("H", "Name ♥ trump"),
            button("D", "Name ♦ trump"),
            button("S!", "Name ♠ trump, alone"),
            button("H!", "Name ♥ trump, alone"),
            button("D!", "Name ♦ trump, alone"),
            *tools,
        ],
        your_turn=True,
    )


PICTURES["crowded_round_two"] = crowded_round_two


def onlooker_open() -> Picture:
    """A teacher's "Show every hand" on a projector: an onlooker at Ana's place, every hand face up (bowers in
    them), nothing to click; Ana leads trick 1."""
    trump = "♠"
    bowers = {"J♠": "right", "J♣": "left"}

    def hand(ids: tuple[str, ...]) -> list[CardPicture]:
        return [card(c, trump=c[-1] == trump or c == "J♣", bower=bowers.get(c, "")) for c in ids]

    return picture(
        "Partnership Euchre · to 10 points · table 1 · hand 1",
        4,
        [
            seat(0, "bottom", "Ana", cards=hand(("9♣", "A♣", "K♦", "9♥", "J♠")), backs=0, side=0),
            seat(1, "left", "West", cards=hand(("K♣", "J♣", "Q♥", "A♥", "Q♦")), backs=0, side=1),
            seat(2, "top", "North", cards=hand(("Q♠", "9♦", "10♦", "10♠", "A♠")), backs=0, side=0, maker=True),
            seat(3, "right", "East", cards=hand(("Q♣", "10♥", "K♥", "9♠", "J♦")), backs=0, side=1, dealer=True),
        ],
        [Score(side=0, words="Ana and North", points=0), Score(side=1, words="West and East", points=0)],
        trump=trump,
        trump_words="Trump: spades, made by North",
        prompt="Your teacher is showing every hand at this table. Waiting for Ana to lead.",
    )


PICTURES["onlooker_open"] = onlooker_open
