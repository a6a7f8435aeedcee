"""Replaying a recorded hand step by step, with the hands open or as one seat saw it."""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from ..engine import checks, language
from ..engine.cards import Card, sort_key
from ..engine.faces import suit_words
from ..engine.hand import HandState, replay
from ..engine.language import N_, _
from ..engine.narration import seat_words, step_words, trick_words
from ..engine.phases import Phase
from ..engine.view import View, cards_known, seat_roles, trick_on_table
from . import arguments
from .cards import CardStrip, action_button, note, say, show_backs, style_sheet, up_card_place
from .fallback import Described


class _Onlooker(View):
    """A seat's view told to someone looking on: what that seat saw, each seat named by its number (nobody is "you":
    a replayed hand was played by others)."""

    __slots__ = ()
    to_onlooker = True


def onlooker(view: View) -> _Onlooker:
    """The same view, told to an onlooker."""
    checks.instance("view", view, View, "a View: the hand as one seat saw it")
    return _Onlooker(*(getattr(view, name) for name in View.__dataclass_fields__))


class _Place(Described, w.HBox):
    """A labelled row of cards on the table."""

    purpose = N_("One place at the table of a replayed hand, with its cards.")

    def __init__(self, *, seat: bool = False) -> None:
        self.label = w.HTML(layout=w.Layout(width="15em"))
        self.row = CardStrip()
        super().__init__([self.label, self.row], layout=w.Layout(align_items="center"))
        self.seat = seat  # a seat's place stays shown with no cards left (in every language); others hide when empty

    def show(self, label: str, cards, trump, *, hidden: bool = False, legal=()) -> None:
        self.label.value = escape(label)
        if hidden:  # backs only: the row never holds the hidden cards, not even in Python
            show_backs(self.row, len(cards))
        else:
            self.row.show(cards, trump, legal=legal)
        self.layout.display = None if cards or self.seat else "none"


class HandReplay(Described, w.VBox):
    """Step through a recorded hand: start, back, forward, end; hands open or as one seat saw it."""

    purpose = N_(
        "Hand replay: step through a recorded hand, bid by bid and card by card, with the hands open or "
        "as one seat saw it."
    )

    def __init__(self, record, seat: int | None = None, **kwargs: Any) -> None:
        # A record (dict or JSON text) or a HandState, replayed by the engine: a bad one raises NotationError.
        states = replay(record.record() if isinstance(record, HandState) else record).states()
        players = states[0].players
        seat = arguments.seat("seat", seat, players, none_means="all hands open")
        arguments.start_box(HandReplay, self, kwargs)
        self.states = states
        last = len(self.states) - 1
        self.start_button = action_button(_("Start"), _("go to the deal"), lambda: self.go(0))
        self.back_button = action_button(_("Back"), _("one action back"), lambda: self.go(self.step - 1))
        self.forward_button = action_button(_("Forward"), _("one action forward"), lambda: self.go(self.step + 1))
        self.end_button = action_button(_("End"), _("go to the end of the hand"), lambda: self.go(last))
        # A number box, not a slider: the handle of ipywidgets' slider has no accessible name (WCAG 4.1.2, axe).
        self.step_slider = w.BoundedIntText(
            value=0, min=0, max=last, description=_("Step"), layout=w.Layout(width="12em")
        )
        self.seat_picker = w.Dropdown(
            options=[(_("Open hands"), None)]
            + [(_("As seat {seat} saw it").format(seat=s), s) for s in range(players)],
            description=_("Show"),
        )
        # By index: ipywidgets reads a value of None as "nothing chosen" and shows an empty box.
        self.seat_picker.index = 0 if seat is None else seat + 1
        self.status = w.HTML()
        self.seats = [_Place(seat=True) for _seat in range(players)]
        self.dummy, self.set_aside = _Place(), _Place()
        self.up_card, self.kitty, self.discard = _Place(), _Place(), _Place()
        # (the card given, the card laid down) for each call for best of the hand, the engine's order (R3)
        self.calls_for_best = tuple((_Place(), _Place()) for _call in states[-1].exchanges)
        self.trick = _Place()
        self.note = note()
        table = w.VBox(self.places)
        table.add_class("euchre-table")
        self.children = [
            style_sheet(),
            w.HBox([self.start_button, self.back_button, self.forward_button, self.end_button]),
            w.HBox([self.step_slider, self.seat_picker]),
            self.status,
            self.note,
            table,
        ]
        self.step_slider.observe(lambda _: self.redraw(), "value")
        self.seat_picker.observe(lambda _: self.redraw(), "value")
        self.redraw()

    @property
    def places(self) -> list[_Place]:
        """Every place of this game's table, in order: no dummy where the game has none (T1, W4, F1)."""
        dummy = [self.dummy, self.set_aside] if self.states[0].rules.has_dummy else []
        exchanged = [place for pair in self.calls_for_best for place in pair]
        return self.seats + dummy + [self.up_card, self.kitty, self.discard] + exchanged + [self.trick]

    @property
    def step(self) -> int:
        return self.step_slider.value

    @property
    def state(self) -> HandState:
        return self.states[self.step]

    def go(self, step: int) -> None:
        """Go to a step; steps outside the hand stop at its start or end."""
        if type(step) is not int:
            raise checks.refused("step", step, "a whole number (a step past either end stops there)")
        self.step_slider.value = max(0, min(step, self.step_slider.max))

    @property
    def table(self) -> View | HandState:
        """The hand as the chosen seat saw it (its View, told to an onlooker), or the state with the hands open."""
        viewer = self.seat_picker.value
        return self.state if viewer is None else onlooker(self.state.view(viewer))

    def said(self) -> str:
        """The action that led to this step, in words, as the chosen seat heard it (the deal at step 0)."""
        return step_words(self.state, self.table)

    def redraw(self) -> None:
        state, viewer, table = self.state, self.seat_picker.value, self.table
        view = table if isinstance(table, View) else None
        trump = state.trump

        def hidden(seen) -> bool:  # face down unless the hands are open or the engine's view shows them
            return view is not None and not seen

        for seat, place in enumerate(self.seats):
            legal = (
                [a.card for a in state.legal_actions()]
                if seat == state.to_act and state.phase is Phase.PLAY and viewer in (None, seat)
                else ()
            )
            place.show(
                self.seat_label(seat),
                sorted(state.hands[seat], key=sort_key),
                trump,
                hidden=hidden(seat == viewer),
                legal=legal,
            )
        self.dummy.show(_("Dummy (open side)"), state.dummy or (), trump, hidden=hidden(view and view.dummy))
        self.set_aside.show(
            _("Laid aside by the maker"), state.set_aside, trump, hidden=hidden(view and view.set_aside)
        )
        words, up, face_down = up_card_place(state)  # turned down: face down (C8); taken: in the dealer's hand
        self.up_card.show(_("Up-card: {card}").format(card=words), up, trump, hidden=face_down)
        self.kitty.show(_("Rest of the kitty"), state.deal.kitty[1:], trump, hidden=hidden(False))
        self.discard.show(
            _("The dealer's discard"),
            [state.discard] if state.discard else [],
            trump,
            hidden=hidden(view and view.discard),
        )
        self.show_calls_for_best(table)
        trick, label = self._trick(table)
        self.trick.show(label, trick, trump)
        who = _("the hands open") if view is None else _("as seat {seat} saw it").format(seat=viewer)
        trump_words = " · " + _("trump {suit}").format(suit=f"{trump} {suit_words(trump)}") if trump else ""
        step = _("Step {step} of {last}").format(step=self.step, last=self.step_slider.max)
        self.status.value = f"<p>{step} · {escape(str(state.phase))}{escape(trump_words)} · {escape(who)}</p>"
        say(self.note, step_words(state, table))

    def show_calls_for_best(self, table: View | HandState) -> None:
        """Each call for best so far: the card given and the card laid down, face up only where the engine's View
        shows them (the card given to giver and lone player, the one laid down to the lone player), or all open (R3)."""
        state = self.state

        def face_down(cards) -> bool:
            return isinstance(table, View) and not set(cards) <= set(table.exchanged)

        for number, (given_place, laid_place) in enumerate(self.calls_for_best):
            giver, lone = state.exchanges[number] if number < len(state.exchanges) else (None, None)
            given, laid = state.given[number : number + 1], state.laid_down[number : number + 1]
            given_place.show(
                _("Given by {giver} to {lone}").format(giver=seat_words(giver, table), lone=seat_words(lone, table))
                if given
                else "",
                given,
                state.trump,
                hidden=face_down(given),
            )
            laid_place.show(
                _("Laid down by {lone}").format(lone=seat_words(lone, table)) if laid else "",
                laid,
                state.trump,
                hidden=face_down(laid),
            )

    def known_cards(self) -> frozenset[Card]:
        """Every card the chosen seat may see face up now (all of them with the hands open)."""
        return cards_known(self.table)

    def shown_trick(self) -> tuple[tuple[Card, ...], str]:
        """The cards of the trick on the table and its words: the trick in play, or the last one taken."""
        return self._trick(self.table)

    @staticmethod
    def _trick(table: View | HandState) -> tuple[tuple[Card, ...], str]:
        trick, number = trick_on_table(table)
        return (trick.cards, trick_words(trick, table, number)) if trick else ((), _("Trick"))

    def seat_label(self, seat: int) -> str:
        """'Seat 1 (dealer, to act) · tricks 2': the seat's roles this hand, from the engine."""
        seat = arguments.seat("seat", seat, self.state.players)
        roles = ", ".join(language._(role) for role in seat_roles(self.state, seat))  # look/seat_picture.py marks
        label = (
            _("Seat {seat} ({roles})").format(seat=seat, roles=roles) if roles else _("Seat {seat}").format(seat=seat)
        )
        return _("{seat} · tricks {count}").format(seat=label, count=self.state.tricks_won[seat])
