"""A guided first hand: one friendly deal played at the one table view, each step explained before the learner
clicks, with the advice of the rule of thumb and the computer players' reasons as they play.

The guide decides no rule: the legal choices come from the engine's view, the advice and the computers' reasons
from the rule-of-thumb player, the play from the table model. It only chooses the words around them, and leaves
out one choice a first hand does not need (playing without the dummy): the maker is offered the dummy alone.
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from ..engine import checks
from ..engine.actions import Action, Verb
from ..engine.cards import Card, fixed_suit, sort_key
from ..engine.display import words_html
from ..engine.faces import suit_words
from ..engine.game import GameState, new_game
from ..engine.hand import HandState
from ..engine.language import N_, _
from ..engine.narration import result_words, said_words, sentence
from ..engine.phases import Phase
from ..engine.ranking import bower, effective_suit
from ..engine.rules import CUTTHROAT, with_switches
from ..engine.said import words_of
from ..engine.view import View
from ..look.clicks import Toggle, action_for
from ..look.faces import faces_for
from ..look.picture import Button, Click, Picture
from ..look.prompts import in_names, quoted
from ..look.seat_picture import default_names, picture_of
from ..play.choice import Choice, Player
from ..play.rule_of_thumb import RuleOfThumbPlayer
from ..play.table_model import TableModel
from . import arguments
from .fallback import Described
from .table_view import TableView

# Cutthroat without lone defenders: nobody but the maker is asked whether to play without help (C10).
GUIDED_RULES = with_switches(CUTTHROAT, {"allow_lone_defender": False})
# The friendly deal: East deals, you bid first with three spades and an ace, the Q♠ is turned up, and the dummy
# holds the J♠ and the A♣; played as the guide advises, you take all five tricks (tests/test_guided.py).
GUIDED_SEED, GUIDED_DEALER = 41, 2
YOU = 0
GUIDE = RuleOfThumbPlayer()  # holds no state: the advice for the learner, and the computers' play
AGAIN = "again"  # the key of the button that deals the same hand again, once it is over
# The computers' reasons not shown, as they weigh playing alone (a choice a first hand does not offer).
UNSAID = frozenset({Verb.STAY, Verb.ALONE})
BIDDING = frozenset({Phase.ROUND_ONE, Phase.ROUND_TWO})
# How the guide looks: a panel above the table, across its width, its advice set apart; the story below, quieter.
GUIDE_STYLE = (
    "font-size: 0.95em; line-height: 1.35; padding: 0.25em 0.7em; margin: 0 0 0.3em; "
    "border-left: 0.35em solid #2e7d32; background: #f1f8f1; border-radius: 0.3em; color: #1b1b1b"
)
# A laptop's or a projector's screen (1280 x 720) holds the lesson's first lines, the guide and the whole table, so
# that every button and card of every step is clicked without scrolling (tests/browser/test_guided_hand_on_site.py):
# where the table's words stand beside the felt, the guided table leaves out its bar (one hand, no score yet), its
# cards are bounded by the screen's height a little more, and its prompt is smaller, the guide above saying more.
GUIDED_TABLE_CSS = """<style>
@container euchre-tv (min-width: 1000px) {
  .euchre-guided .euchre-tv .tv-bar { display: none; }
  .euchre-guided .euchre-tv .tv-table {
    --hand-w: min(92px, 7vh);
    --trick-w: min(72px, 4.6vh);
    --small-w: 28px;
    --prompt: 20px;
    grid-template-rows: auto minmax(0, 1fr);
    grid-template-areas: "felt trump" "felt talk";
  }
  .euchre-guided .euchre-tv .tv-hand.is-long { --hand-w: min(68px, 6vh); }
}
</style>"""
ADVICE_STYLE = "margin: 0.4em 0 0; padding-top: 0.4em; border-top: 1px solid #c8e6c9"
LINE_STYLE = "margin: 0.25em 0"
STORY_STYLE = "font-size: 1em; line-height: 1.4; max-width: 62em; color: #333; margin-top: 0.4em"


def _line(html: str) -> str:
    """One paragraph of the guide, close to the next."""
    return f'<p style="{LINE_STYLE}">{html}</p>'


def _said(reason: str) -> str:
    """A player's reason quoted, as the learner's language quotes words said: “I hold three trumps”."""
    return _("“{reason}”").format(reason=reason)


def _suit_words(view: View) -> str:
    return suit_words(view.trump) if view.trump else ""


def _step_words(view: View, names: list[str]) -> str:
    """What this step is, said before the learner clicks (HTML)."""
    phase, up = view.phase, view.up_card
    offered = escape(suit_words(fixed_suit(up.suit)))  # the suit the up-card offers (no joker in this deck)
    dealer = escape(names[view.dealer])
    if phase is Phase.ROUND_ONE:
        return _(
            "<b>The bidding.</b> First the players choose <b>trump</b>, a suit that beats every other suit this "
            "hand. {dealer}, the dealer, turned up the {card} (the <b>up-card</b>), so {suits} are offered first, "
            "and you speak first. To <b>order it up</b> is to say yes: {suits} become trump and you are the "
            "<b>maker</b>, who must win three of the five tricks. To <b>pass</b> is to say no."
        ).format(dealer=dealer, card=up, suits=offered)
    if phase is Phase.ROUND_TWO:
        return _(
            "<b>The bidding, round two.</b> Nobody made {suits} trump, so the {card} is turned down. Now each "
            "player in turn may name another suit as trump, and become its maker, or pass again."
        ).format(suits=offered, card=up)
    if phase is Phase.PICKUP:
        return _(
            "<b>The dealer's card.</b> Trump is made, and you are the dealer: take the up-card, the {card}, and lay "
            "one card away face down (your <b>discard</b>). Click the card to lay away."
        ).format(card=up)
    if phase is Phase.GOING_ALONE:
        return _(
            "<b>The dummy.</b> You are the maker, with {suits} trump. In Cutthroat the empty side of the table "
            "holds a spare hand, the <b>dummy</b>, and the maker takes it: its five cards join yours, and you keep "
            "the best five of the ten. Press Take the dummy."
        ).format(suits=escape(_suit_words(view)))
    if phase is Phase.DUMMY:
        return _(
            "<b>Keep five.</b> You hold ten cards now: your five and the dummy's five (marked). Click five of "
            "them to keep, then press Keep these five; the other five are laid aside, out of play. Trumps win "
            "tricks, and so do aces: keep those."
        ) + _bowers_words(view)
    if phase is Phase.PLAY:
        return _play_words(view, names)
    return _("<b>Your turn.</b> Choose with the buttons or click a card.")


def _bowers_words(view: View) -> str:
    """The two jacks that are trump, said where one of them is among the learner's cards (lesson 1 explains them)."""
    trump, held = view.trump, view.hand + (view.dummy or ())
    if trump is None or not any(bower(card, trump) for card in held):
        return ""
    return " " + _(
        "A jack is marked: the jack of trump is the <b>right bower</b>, the highest trump of all, and the other "
        "jack of the same colour, the <b>left bower</b>, counts as a trump too, the second highest. Lesson 1 tells "
        "more."
    )


def _play_words(view: View, names: list[str]) -> str:
    """A trick, explained: to lead, or to follow."""
    trick, trump = view.trick, view.trump
    number = len(view.tricks) + (0 if trick is None else 1)
    if trump is None or trick is None or not trick.cards:
        first = (
            " "
            + _(
                "A <b>trick</b> is one card from each player in turn, and the best card takes it: the highest "
                "trump, or if no trump is played, the highest card of the suit led. To <b>lead</b> is to play its "
                "first card."
            )
            if number <= 1
            else ""
        )
        lead = _("<b>Trick {number} of 5: your lead.</b>").format(number=number)
        rule = _(
            "Whoever leads may play any card; the others must <b>follow suit</b>, playing the suit led if they can."
        )
        return f"{lead}{first} {rule}"
    leader = names[trick.seats[0]]
    led = escape(suit_words(effective_suit(trick.cards[0], trump)))
    if len(view.legal) == len(view.hand):
        rule = _(
            "You hold no {suits}, so you may play any card: a trump beats every card of another suit, and any other "
            "card simply loses."
        ).format(suits=led)
    else:
        rule = _("You must follow suit: play one of your {suits} (the others cannot be clicked).").format(suits=led)
    turn = _("<b>Trick {number} of 5: your turn.</b> {name} led the {card}.").format(
        number=number, name=escape(leader), card=trick.cards[0]
    )
    return f"{turn} {rule}"


def _advice_words(view: View, action: Action, buttons: list[Button]) -> str:
    """The advised action as the learner would make it: the button's words, or the card or cards to click."""
    if action.kind is Verb.KEEP:
        return _("keep {cards}").format(cards=" ".join(str(card) for card in sorted(action.cards, key=sort_key)))
    if action.card is not None:
        said = _("lay away the {card}") if action.kind is Verb.DISCARD else _("play the {card}")
        return said.format(card=action.card)
    for button in buttons:
        if button["kind"] == "bid" and button["key"] == str(action):
            return _("press {button}").format(button=button["words"])
    return str(action)


class GuidedHand(Described, w.VBox):
    """A first hand of Cutthroat, you against two computer players, with a guide: what each step is before you
    click, the advice and its reason, and each computer's reason as it plays."""

    purpose = N_(
        "A guided first hand of Euchre: you bid and play one hand against two computer players, and each step "
        "is explained before you click."
    )

    def __init__(self, seed: int | None = GUIDED_SEED, **kwargs: Any) -> None:
        game = new_game(GUIDED_RULES, seed=checks.seed("seed", seed), first_dealer=GUIDED_DEALER)
        super().__init__(**kwargs)
        self.seed = game.seed  # None deals a hand at random, and Play it again deals that one
        self.model = TableModel(game)
        self.computers: dict[int, Player] = {seat: GUIDE for seat in range(GUIDED_RULES.players) if seat != YOU}
        self.selected: frozenset[Card] = frozenset()  # the cards selected in the keep step
        self.moment = 0  # counts the drawings: a click on an older one is refused by the view
        self.comment = ""  # what the guide says of the learner's last choice
        self.since = 0  # the place in the hand's history of the learner's last action: the story starts there
        self.guide = w.HTML()
        self.guide.add_class("euchre-guide")
        self.board = TableView(faces=faces_for(GUIDED_RULES))
        self.board.add_class("euchre-table")
        self.board.add_class("euchre-board")
        self.board.add_class("euchre-guided")  # GUIDED_TABLE_CSS: the whole table on a 720-pixel-high screen
        self.board.on_click(self._clicked)
        self.story = w.HTML()
        self.story.add_class("euchre-guide-story")
        self.children = [w.HTML(GUIDED_TABLE_CSS), self.guide, self.board, self.story]
        self._computers_play()
        self.redraw()

    # -- what the table is now ---------------------------------------------------------------------------------

    @property
    def game(self) -> GameState:
        return self.model.game

    @property
    def hand(self) -> HandState:
        """The guided hand: the game's first (once it is over the game has dealt the next, which is not shown)."""
        return self.game.hands[0]

    @property
    def view(self) -> View:
        """Everything you may see of the hand now."""
        return self.hand.view(YOU)

    @property
    def is_over(self) -> bool:
        return self.hand.is_over

    def names(self) -> list[str]:
        return [sitter.name for sitter in default_names(self.view)]

    def advice(self) -> Choice | None:
        """The rule of thumb's choice for you now, with its reason; None when it is not your turn."""
        view = self.view
        return GUIDE.decide(view) if view.legal else None

    def offered(self) -> tuple[Action, ...]:
        """The choices the guide offers now: every legal one, except that the maker is offered only the dummy."""
        view = self.view
        if view.phase is Phase.GOING_ALONE:
            return tuple(action for action in view.legal if action.kind is Verb.STAY)
        return view.legal

    # -- drawing -------------------------------------------------------------------------------------------------

    def redraw(self) -> None:
        self.moment += 1
        picture = self.picture()
        self.board.picture = dict(picture)
        self.guide.value = f'<div style="{GUIDE_STYLE}">{self._guide_html(picture)}</div>'
        story = self._story_html()
        self.story.value = f'<div style="{STORY_STYLE}">{story}</div>' if story else ""

    def picture(self) -> Picture:
        """What the board draws: your seat's picture, with only the offered buttons and the guide's prompt where
        the table's would offer more."""
        view = self.view
        tools = [] if not self.is_over else [_again_button()]
        picture = picture_of(
            view,
            moment=self.moment,
            scores=self.game.scores,
            chosen=self.selected,
            tools=tools,
            title_extra=_("your first hand"),
        )
        offered = {str(action) for action in self.offered()}
        buttons = [b for b in picture["buttons"] if b["kind"] != "bid" or b["key"] in offered]
        if view.phase is Phase.GOING_ALONE and view.legal:
            picture["prompt"] = _("You made trump: press Take the dummy to add the dummy's five cards to yours (T5).")
        elif view.phase in BIDDING and view.legal:  # the guide above says what a bid is: here, only what to press
            bids = [quoted(button["words"]) for button in buttons if button["kind"] == "bid"]
            picture["prompt"] = _("Your bid: press {some} or {last}.").format(some=", ".join(bids[:-1]), last=bids[-1])
        if self.is_over:
            picture["prompt"] = _(
                "The hand is over: you took {count} of the 5 tricks. Press Play it again to deal the same cards."
            ).format(count=self.hand.tricks_won[YOU])
        advice = self.advice()
        if advice is not None and len(self.offered()) > 1:  # beside your cards too: the guide may be out of sight
            advised = _("Our advice: {advice}.").format(advice=_advice_words(view, advice.action, buttons))
            picture["prompt"] += " " + advised
        picture["buttons"] = buttons
        return picture

    def _guide_html(self, picture: Picture) -> str:
        view, names = self.view, self.names()
        parts = [_line(words_html(self.comment))] if self.comment else []
        if self.is_over:
            result = words_html(in_names(result_words(self.hand, view), names))
            parts.append(_line(_("<b>The hand is over.</b> {result}").format(result=result)))
            parts.append(
                _line(
                    _(
                        "That was a whole hand of Euchre, from the deal to the last trick. The words below say it "
                        "again in a few lines, and the lessons after this one teach each step."
                    )
                )
            )
            return "".join(parts)
        advice = self.advice()
        if advice is None:
            return "".join(parts) + _line(_("The computer players are choosing."))
        parts.append(_line(_step_words(view, names)))
        said = _advice_words(view, advice.action, picture["buttons"])
        why = (
            _("the dummy's five cards can only help you")
            if view.phase is Phase.GOING_ALONE
            else _said(in_names(words_of(advice.reason), names))
        )
        advised = _("<b>Our advice:</b> {advice}. <i>Why:</i> {why}").format(
            advice=words_html(said), why=words_html(why)
        )
        parts.append(f'<p style="{ADVICE_STYLE}">{advised}</p>')
        return "".join(parts)

    def _story_html(self) -> str:
        """What the computer players did since your last choice, each with its reason in its own words."""
        hand, view, names = self.hand, self.view, self.names()
        reasons = self.model.reasons[0] if self.model.reasons else {}
        lines = []
        for place in range(self.since, len(hand.history)):
            actor = hand.actors[place]
            if actor == YOU:
                continue
            action = hand.history[place]
            done = sentence(in_names(said_words(action, actor, view), names))
            # The choice to play without the dummy is not offered in a first hand: only what was done is said.
            why = "" if action.kind in UNSAID else words_of(reasons.get(place, ""))
            lines.append(f"<li>{words_html(done)} <i>{words_html(_said(why) if why else '')}</i></li>")
        if not lines:
            return ""
        heading = _("<b>What the computer players did, and why:</b>")
        return f"<p>{heading}</p><ul>{''.join(lines)}</ul>"

    # -- the learner's clicks --------------------------------------------------------------------------------------

    def _clicked(self, click: Click) -> None:
        """A click on the board: a card or a button the picture offered."""
        if click["key"] == AGAIN:
            self.again()
            return
        got = action_for(self.view, click, moment=self.moment)
        if isinstance(got, Toggle):  # a card selected for the keep, or no longer (T5)
            self.selected = self.selected ^ {got.card}
            self.comment = _("Selected {count} of 5.").format(count=len(self.selected))
            self.redraw()
            return
        self.take(got)

    def take(self, action: Action | str) -> None:
        """Make your choice `action` (an Action or its notation, such as "order" or "play A♠"); the computers then
        play until it is your turn again. A choice the guide does not offer now raises ValueError."""
        view, action = self.view, arguments.action("action", action)
        if action not in self.offered():
            choices = ", ".join(map(str, self.offered())) or "none: it is not your turn"
            raise ValueError(f"{action} is not a choice now; the choices are: {choices}.")
        advice = self.advice()
        self.since = len(self.hand.history)
        self.comment = self._comment(action, advice, view)
        self.model.take(self.game.apply(action, seat=YOU), self.model.said_before(self.since), undoable=True)
        self.selected = frozenset()
        self._computers_play()
        self.redraw()

    def _comment(self, action: Action, advice: Choice | None, view: View) -> str:
        done = sentence(in_names(said_words(action, YOU, view), self.names()))
        if advice is None or action == advice.action:
            return f"{done} " + _("Well chosen.")
        return f"{done} " + _("That was not our advice, but it is allowed: the hand goes on with your choice.")

    def _computers_play(self) -> None:
        """The computer players act until it is your turn or the hand is over; the model keeps their reasons."""
        said = self.model.said_before(len(self.hand.history) + 1)
        game, said = self.model.replies(self.game, 0, self.computers, said)
        self.model.take(game, said)

    def follow_advice(self) -> Action:
        """Click what the advice says, as a learner would on the board (for the lesson's tests); the action taken."""
        advice = self.advice()
        if advice is None:
            raise ValueError("No choice is yours now: the hand is over.")
        action = advice.action
        if action.kind is Verb.KEEP:
            for card in sorted(set(action.cards) ^ self.selected, key=sort_key):
                self.board.click_card(str(card))
            self.board.press(next(b["key"] for b in self.board.picture["buttons"] if b["kind"] == "keep"))
        elif action.card is not None:
            self.board.click_card(str(action.card))
        else:
            self.board.press(str(action))
        return action

    def again(self) -> None:
        """Deal the same hand again, from its first bid."""
        self.model.sit(new_game(GUIDED_RULES, seed=self.seed, first_dealer=GUIDED_DEALER), "rule of thumb")
        self.selected, self.comment, self.since = frozenset(), "", 0
        self._computers_play()
        self.redraw()


def _again_button() -> Button:
    return Button(key=AGAIN, words=_("Play it again"), why=_("deal the same cards again"), kind="tool", enabled=True)
