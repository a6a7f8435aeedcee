"""Bidding practice: a seeded deal at your bid; you choose, the computer's advice follows, the hand is played out."""

from __future__ import annotations

import os
import random
from html import escape
from typing import Any

import ipywidgets as w

from ..engine import checks, language
from ..engine.actions import Action, Verb
from ..engine.cards import sort_key
from ..engine.display import words_html
from ..engine.errors import IllegalAction
from ..engine.faces import suit_words
from ..engine.hand import HandState
from ..engine.language import N_, _
from ..engine.narration import offer, reasons_heard, result_words, seat_words  # reasons_heard: R3
from ..engine.phases import Phase
from ..engine.ranking import suit_in_play
from ..engine.rules import CUTTHROAT, RuleSet
from ..engine.tricks import NOUNS
from ..engine.view import View, acting_seat
from ..play.advice import Option, advise
from ..play.rule_of_thumb import RuleOfThumbPlayer
from . import arguments
from .bids import BidButtons
from .cards import CardStrip, note, say, style_sheet, up_card_place
from .clicks import TiedButton
from .exercise import NO_ANSWERS, answer_setting
from .fallback import Described
from .hand_log import log_html
from .positions import seeded_states
from .trick_list import TrickList

BIDDING = (Phase.ROUND_ONE, Phase.ROUND_TWO, Phase.JOKER_CALL)
# Worlds for the advice: a quarter of them (at least 32) are simulated hands per option
# (advice.bid_options).
ADVICE_WORLDS = 160


def _bidding_position(seed: int, rules: RuleSet, seat: int | None = None) -> HandState:
    """A seeded hand at a bid of `seat` (the seed picks the seat if None, and round one or two if both come)."""
    rng = random.Random(f"bidding {seed}")
    seat = rng.randrange(rules.players) if seat is None else seat
    decisions: list[HandState] = []
    for state in seeded_states(seed, rules):
        if not state.history:
            decisions = []
        if state.to_act == seat and state.phase in BIDDING:
            decisions.append(state)
        if state.is_over and decisions:
            return rng.choice(decisions)
    raise RuntimeError(f"seed {seed} gives seat {seat} no bid")


def _played_by_rule_of_thumb(state: HandState) -> tuple[HandState, dict[int, str]]:
    """Rule-of-thumb players finish the hand, each from its own view; also what each said, by history index."""
    player, reasons = RuleOfThumbPlayer(), {}
    while not state.is_over:
        chosen = player.decide(state.view(acting_seat(state)))
        reasons[len(state.history)] = chosen.reason
        state = state.apply(chosen.action)
    return state, reasons


def _rule_of_thumb_reasons(state: HandState) -> dict[int, str]:
    """Why each action so far was taken, said by a rule-of-thumb player (for the actions it would take too)."""
    player, reasons = RuleOfThumbPlayer(), {}
    for i, (before, action) in enumerate(zip(state.states(), state.history)):
        chosen = player.decide(before.view(acting_seat(before)))
        if chosen.action == action:
            reasons[i] = chosen.reason
    return reasons


def _worth_cell(option: Option) -> str:
    """What an option is worth, in a few words: 'a 41% chance', '0.4 ahead', 'a close call'."""
    if option.unit == "chance of winning":
        worth = _("{percent} chance").format(percent=language.percent(option.value))
    elif option.unit == "points":
        ahead = _("{points} ahead") if option.value > 0 else _("{points} behind")
        worth = _("level") if abs(option.value) < 0.05 else ahead.format(points=language.figure(abs(option.value)))
    else:
        worth = _("not weighed")
    return _("{worth} (a close call)").format(worth=worth) if option.close else worth


def _missing_suit(action: Action, view: View) -> str:
    """Why naming a suit the hand lacks can still be weighed: the dummy's five (T5) or a partner's cards; else ''."""
    suit = action.suit if action.kind is Verb.CALL else None
    if suit is None or any(suit_in_play(card, suit) == suit for card in view.hand):
        return ""
    helper = (
        _("the dummy's five cards, which the maker takes (T5)") if view.rules.facts.dummy else _("your partner's cards")
    )
    return _("You hold no {suit}: naming {suits} counts on {helper}.").format(
        suit=language._(NOUNS[suit]), suits=suit_words(suit), helper=helper
    )


WORTH_HEADS = {"chance of winning": N_("your chance of winning the game"), "points": N_("points against the others")}


def _options_html(options: list[Option], chosen: Action, view: View, show_answer: str = "after a try") -> str:
    """The advice as a table: option, what it is worth, reason; yours and the best marked in words (under the house
    rule "never", your option's row alone: the others' would tell the computer's choice)."""
    rows = []
    for n, option in enumerate(options):
        if show_answer == "never" and option.action != chosen:
            continue
        marks = [word for word, yes in ((_("best"), n == 0), (_("your choice"), option.action == chosen)) if yes]
        label = escape(offer(option.action, view)[0]) + (f" <b>({', '.join(marks)})</b>" if marks else "")
        cell = f"<mark>{label}</mark>" if option.action == chosen else label
        rows.append(
            f"<tr><td>{cell}</td><td style='text-align:right'>{escape(_worth_cell(option))}</td>"
            f"<td>{words_html(option.reason)}</td></tr>"
        )
    unit = options[0].unit if options else "points"
    others = _("; the other options are not shown: {no_answers}").format(no_answers=language._(NO_ANSWERS).lower())
    others = others if show_answer == "never" else ""
    worth = language._(WORTH_HEADS[unit]) if unit in WORTH_HEADS else _("worth")
    heads = "".join(f"<th scope='col'>{escape(words)}</th>" for words in (_("option"), worth, _("reason")))
    advice = _(
        "The computer's advice: what each option is worth to you, on average over many deals that fit what you "
        "know; a close call is too close to tell apart from the best on those hands{others}"
    ).format(others=others)
    head = f"<tr>{heads}</tr>"
    caption = f"<caption style='text-align:left'>{advice}</caption>"
    return f"<table class='euchre-advice' style='border-collapse:collapse'>{caption}{head}{''.join(rows)}</table>"


class BiddingTrainer(Described, w.VBox):
    """Your bid on a seeded deal, then the computer's advice on every option and the hand played out."""

    purpose = N_(
        "Bidding trainer: a seeded deal stops at your bid; choose pass, order up or a suit, and the "
        "computer shows what each choice was worth on average over many deals that fit what you see, then "
        "plays the hand out."
    )

    def __init__(
        self,
        rules: RuleSet = CUTTHROAT,
        seed: int | None = 1,
        seat: int | None = None,
        worlds: int = ADVICE_WORLDS,
        show_answer: str | None = None,
        folder: str | os.PathLike[str] = ".",
        **kwargs: Any,
    ) -> None:
        rules = arguments.rules("rules", rules)
        # The class's house rule: under "never" the computer's choice is not named (your own choice's worth is).
        self.show_answer = answer_setting(show_answer, folder)
        seed = arguments.seed("seed", seed)
        seat = arguments.seat("seat", seat, rules.players, none_means="the seed to choose the seat")
        worlds = checks.worlds("worlds", worlds)
        arguments.start_box(BiddingTrainer, self, kwargs)
        self.rules, self.wanted_seat, self.worlds = rules, seat, worlds
        self.situation, self.bids, self.advice, self.result, self.story = (w.HTML() for _unused in range(5))
        self.up_row, self.hand_row = CardStrip(), CardStrip()
        self.up_label = w.HTML(_("<b>Up-card</b>"))
        self.choices = BidButtons(self.choose)
        self.note = note()
        self.trick_list = TrickList()
        self.new_tie = TiedButton(_("New deal"), _("deal the next seeded hand"), self.new_deal)
        table = w.VBox(
            [
                self.situation,
                w.HBox([self.up_label, self.up_row], layout=w.Layout(align_items="center")),
                w.HBox([w.HTML(_("<b>Your hand</b>")), self.hand_row], layout=w.Layout(align_items="center")),
                self.bids,
                self.choices,
            ]
        )
        table.add_class("euchre-table")
        # New deal sits by the deal, above all that grows once you bid: the next deal then replaces this one where
        # you are looking, instead of appearing above the screen after a long story.
        self.children = [
            style_sheet(),
            table,
            self.note,
            w.HBox([self.new_tie]),
            self.advice,
            self.result,
            self.trick_list,
            self.story,
        ]
        self.deal(seed)

    def deal(self, seed: int | None) -> None:
        """The position of this seed (None: a random one), at your bid."""
        seed = arguments.seed("seed", seed)
        state = _bidding_position(seed, self.rules, self.wanted_seat)
        self.seed, self.state = seed, state
        self.seat = acting_seat(self.state)
        self.reasons = _rule_of_thumb_reasons(self.state)
        self.options: list[Option] = []
        self.chosen: Action | None = None
        self.final: HandState | None = None
        self.redraw()
        say(self.note, _("Your bid: choose with the buttons."))

    @property
    def new_button(self) -> w.Button:
        return self.new_tie.button

    def new_deal(self) -> None:
        self.deal(self.seed + 1)

    def redraw(self) -> None:
        state, seat = self.state, self.seat
        view = state.view(seat)
        game = language._(state.rules.facts.label)
        self.situation.value = (
            _("<b>Deal {number}</b> · {game} · you are seat {seat} · dealer {dealer} · {phase}").format(
                number=escape(str(self.seed)),
                game=escape(game),
                seat=seat,
                dealer=escape(seat_words(state.dealer, view)),
                phase=escape(str(state.phase)),
            )
            + "<br>"
            + _("Earlier bids (yours too, in round two) were made by rule-of-thumb players.")
        )
        words, up, face_down = up_card_place(view)  # turned down in round two: face down (C8)
        self.up_label.value = _("<b>Up-card</b>: {card}").format(card=escape(words))
        self.up_row.show(up, hidden=face_down)
        self.hand_row.show(sorted(view.hand, key=sort_key))
        # The others' reasons wait for your bid: "I count 1 trump" before it would be table talk.
        said = self.reasons if self.chosen is not None else {}
        # Your seat's earlier bids were the computer's (round one, when the deal stops in round two): say so.
        for_you = any(actor == seat for actor, _said in view.said)
        self.bids.value = (
            _("<b>The bidding so far</b>")
            + (_(" (where it says you, the computer bid for you, by its rule of thumb)") if for_you else "")
            + "<br>"
            + log_html(view, said)
        )
        self.choices.show(view.legal if self.chosen is None else (), view, state)
        self.new_tie.draw(self.seed)
        if self.final is None or self.chosen is None:  # set together, once you have bid
            self.advice.value = self.result.value = self.story.value = ""
            self.trick_list.show((), None, view)
            return
        self.advice.value = _options_html(self.options, self.chosen, view, self.show_answer)
        end = self.final.view(seat)
        points = " · ".join(
            f'<span data-points-seat="{s}">{escape(seat_words(s, end))}: <b>{p}</b></span>'
            for s, p in enumerate(self.final.points or ())
        )
        self.result.value = _("<b>Played out by rule-of-thumb players.</b> {result}<br>Points: {points}").format(
            result=escape(result_words(self.final, end)), points=points
        )
        self.trick_list.show(end.tricks, end.trump, end)
        self.story.value = _("<b>The whole hand</b>") + log_html(end, reasons_heard(self.final, seat, self.reasons))

    def thinking(self, busy: bool) -> None:
        """While the computer weighs the options: a note that says so, and no button to press meanwhile."""
        busy = checks.flag("busy", busy)
        if busy:
            say(self.note, _("Thinking… the computer is playing each choice out over many possible deals."))
        for button in (*self.choices.children, self.new_button):
            button.disabled = busy

    def choose(self, action: Action) -> None:
        """Your bid: the engine checks it, the computer advises, rule-of-thumb players finish the hand."""
        action = arguments.action("action", action)
        if self.chosen is not None:
            say(self.note, _("You have bid on this deal already: press New deal for another."), "bad")
            return
        try:
            after = self.state.apply(action, seat=self.seat)
        except IllegalAction as error:
            say(self.note, _("Not allowed: {why} (rule {rule})").format(why=error.explanation, rule=error.rule), "bad")
            return
        self.thinking(True)  # sent to the page at once: weighing the options takes seconds in a browser's Python
        try:
            self.options = advise(self.state, self.seat, worlds=self.worlds, seed=self.seed)
            self.chosen = action
            self.final, later = _played_by_rule_of_thumb(after)
            self.reasons.update(later)
            self.redraw()
        finally:
            self.thinking(False)
        view = self.state.view(self.seat)
        best = self.options[0]
        said = self._verdict_words(action)
        chose = _("You chose {choice}.").format(choice=offer(action, view)[0])
        say(self.note, f"{chose} {said}".strip(), "good" if best.action == action else "")

    def _verdict_words(self, action: Action) -> str:
        """What the computer thinks of your bid: its own choice and why, but under "never" without naming it."""
        view = self.state.view(self.seat)
        best = self.options[0]
        mine = next(o for o in self.options if o.action == action)
        if self.show_answer == "never":
            verdict = (
                _("That is the computer's choice too.")
                if best.action == action
                else _("A close call: the computer prefers another bid by too little to tell apart.")
                if mine.close
                else _("The computer prefers another bid. {no_answers}: think again on the next deal.").format(
                    no_answers=language._(NO_ANSWERS)
                )
            )
            return f"{verdict} {_missing_suit(action, view)}".strip()
        verdict = (
            _("That is the computer's choice too.")
            if best.action == action
            else _("A close call: the computer prefers {choice} by too little to tell apart.").format(
                choice=offer(best.action, view)[0]
            )
            if mine.close
            else _("The computer prefers {choice}.").format(choice=offer(best.action, view)[0]) + f" {best.reason}"
        )
        missing = " ".join(_missing_suit(a, view) for a in dict.fromkeys((action, best.action)))
        return f"{verdict} {missing}".strip()
