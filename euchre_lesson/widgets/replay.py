"""Replaying a recorded hand step by step, with the hands open or as one seat saw it."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..cards import Card, sort_key
from ..hand import HandState, Phase, deal_hand, replay
from .. import checks
from . import arguments
from .cards import CardRow, action_button, face_up_cards, note, say, show_backs, style_sheet


def hand_states(record) -> list[HandState]:
    """Every state of a hand record (dict, JSON text or HandState), deal first; a bad record raises NotationError."""
    if isinstance(record, HandState):
        record = record.record()
    final = replay(record)  # checks the whole record and names the bad part
    states = [deal_hand(final.rules, final.dealer, deal=final.deal)]
    for action in final.history:
        states.append(states[-1].apply(action))
    return states


def said_words(token: str, seat: int, before: HandState, after: HandState) -> str:
    """An action as a sentence; a token without its card ('pickup', 'keep') was made face down."""
    verb, _, rest = token.partition(" ")
    up = before.up_card
    words = {
        "pass": "passes",
        "order": f"orders up the {up}: {up.suit} {up.suit.plural} are trump" if not up.is_joker else "orders up",
        "call": f"names {rest} as trump",
        "pickup": f"picks up the {up} and discards " + (rest or "a card face down"),
        "decline": f"leaves the {up} where it is",
        "alone": "goes alone",
        "stay": "does not go alone",
        "keep": (f"keeps {rest} and lays the other five aside" if rest
                 else "takes the dummy, keeps five and lays five aside face down"),
        "play": f"plays {rest}",
    }[verb]
    text = f"Seat {seat} {words}."
    if len(after.tricks) > len(before.tricks):
        text += f" Seat {after.tricks[-1].winner} wins trick {len(after.tricks)}."
    if after.is_over:
        text += " The hand is thrown in: everyone passed twice (C9)." if after.thrown_in else \
            f" The hand is over: {after.result.result}; points {list(after.points)} ({after.result.rule})."
    return text


class Place(w.HBox):
    """A labelled row of cards on the table."""

    def __init__(self):
        self.label = w.HTML(layout=w.Layout(width="15em"))
        self.row = CardRow()
        super().__init__([self.label, self.row], layout=w.Layout(align_items="center"))

    def show(self, label: str, cards, trump, *, hidden: bool = False, legal=()) -> None:
        self.label.value = escape(label)
        if hidden:  # backs only: the row never holds the hidden cards, not even in Python
            show_backs(self.row, len(cards))
        else:
            self.row.show(cards, trump, legal=legal, disabled=True)
        self.layout.display = None if cards or label.startswith("Seat") else "none"


class HandReplay(w.VBox):
    """Step through a recorded hand: start, back, forward, end; hands open or as one seat saw it."""

    def __init__(self, record, seat: int | None = None, **kwargs):
        states = hand_states(record)
        players = states[0].players
        seat = arguments.seat("seat", seat, players, none_means="all hands open")
        arguments.start_box(HandReplay, self, kwargs)
        self.states = states
        last = len(self.states) - 1
        self.start_button = action_button("Start", "go to the deal", lambda: self.go(0))
        self.back_button = action_button("Back", "one action back", lambda: self.go(self.step - 1))
        self.forward_button = action_button("Forward", "one action forward", lambda: self.go(self.step + 1))
        self.end_button = action_button("End", "go to the end of the hand", lambda: self.go(last))
        self.step_slider = w.IntSlider(value=0, min=0, max=last, description="Step")
        self.seat_picker = w.Dropdown(options=[("Open hands", None)] + [(f"As seat {s} saw it", s)
                                                                        for s in range(players)],
                                      description="Show")
        # By index: ipywidgets reads a value of None as "nothing chosen" and shows an empty box.
        self.seat_picker.index = 0 if seat is None else seat + 1
        self.status = w.HTML()
        self.seats = [Place() for _ in range(players)]
        self.dummy, self.set_aside = Place(), Place()
        self.up_card, self.kitty, self.discard = Place(), Place(), Place()
        self.trick = Place()
        self.note = note()
        table = w.VBox(self.seats + [self.dummy, self.set_aside, self.up_card, self.kitty, self.discard, self.trick])
        table.add_class("euchre-table")
        self.children = [style_sheet(),
                         w.HBox([self.start_button, self.back_button, self.forward_button, self.end_button]),
                         w.HBox([self.step_slider, self.seat_picker]), self.status, self.note, table]
        self.step_slider.observe(lambda _: self.redraw(), "value")
        self.seat_picker.observe(lambda _: self.redraw(), "value")
        self.redraw()

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

    def said(self) -> str:
        """The action that led to this step, in words, as the chosen seat heard it."""
        state, step = self.state, self.step
        if step == 0:
            return (f"Seat {state.dealer} deals; the up-card is the {state.up_card}. "
                    f"Seat {state.to_act} is first to speak.")
        before, action, actor = self.states[step - 1], state.history[-1], state.actors[-1]
        viewer = self.seat_picker.value
        token = str(action)
        if viewer is not None and action.kind != "play":
            token = state.view(viewer).said[-1][1]  # the engine's public words: no hidden discard or keep
        return said_words(token, actor, before, state)

    def redraw(self) -> None:
        state, viewer = self.state, self.seat_picker.value
        view = state.view(viewer) if viewer is not None else None
        trump = state.trump

        def hidden(seen) -> bool:  # face down unless the hands are open or the engine's view shows them
            return view is not None and not seen

        for seat, place in enumerate(self.seats):
            legal = [a.card for a in state.legal_actions()] \
                if seat == state.to_act and state.phase is Phase.PLAY and viewer in (None, seat) else ()
            place.show(self.seat_label(seat), sorted(state.hands[seat], key=sort_key), trump,
                       hidden=hidden(seat == viewer), legal=legal)
        self.dummy.show("Dummy (open side)", state.dummy or (), trump, hidden=hidden(view and view.dummy))
        self.set_aside.show("Laid aside by the maker", state.set_aside, trump, hidden=hidden(view and view.set_aside))
        up_note = " (turned down)" if state.turned_down else " (left on the kitty)" if state.picked_up is False else ""
        self.up_card.show(f"Up-card{up_note}", [] if state.picked_up else [state.up_card], trump)
        self.kitty.show("Rest of the kitty", state.deal.kitty[1:], trump, hidden=hidden(False))
        self.discard.show("The dealer's discard", [state.discard] if state.discard else [], trump,
                          hidden=hidden(view and view.discard))
        trick, label = self.shown_trick()
        self.trick.show(label, trick, trump)
        who = "the hands open" if view is None else f"as seat {viewer} saw it"
        trump_words = f" · trump {trump} {trump.plural}" if trump else ""
        self.status.value = (f"<p>Step {self.step} of {self.step_slider.max} · {escape(str(state.phase))}"
                             f"{escape(trump_words)} · {escape(who)}</p>")
        say(self.note, self.said())

    def known_cards(self) -> set[Card]:
        """Every card the chosen seat may see face up now (all of them with the hands open)."""
        state, viewer = self.state, self.seat_picker.value
        if viewer is None:
            return set(state.deal.kitty) | {c for hand in state.deal.hands for c in hand} | set(state.deal.dummy or ())
        view = state.view(viewer)
        played = {c for t in view.tricks for c in t.cards} | set(view.trick.cards if view.trick else ())
        return set(view.hand) | set(view.dummy or ()) | set(view.set_aside) | {view.discard, view.up_card} | played

    def shown_trick(self) -> tuple[tuple[Card, ...], str]:
        """The trick in play, or the last one taken when the next has not started."""
        state = self.state
        if state.trick is not None and state.trick.cards:
            return state.trick.cards, f"Trick {len(state.tricks) + 1}, led by seat {state.trick.leader}"
        if state.tricks:
            last = state.tricks[-1]
            return last.cards, f"Trick {len(state.tricks)}, won by seat {last.winner}"
        return (), "Trick"

    def seat_label(self, seat: int) -> str:
        state, notes = self.state, []
        for says, applies in (("dealer", seat == state.dealer), ("maker", seat == state.maker),
                              ("alone", seat == state.maker and state.lone_maker or seat == state.lone_defender),
                              ("sits out", seat in state.sitting_out), ("to act", seat == state.to_act),
                              ("you", seat == self.seat_picker.value)):
            if applies:
                notes.append(says)
        extra = f" ({', '.join(notes)})" if notes else ""
        return f"Seat {seat}{extra} · tricks {state.tricks_won[seat]}"

    def assert_valid(self) -> None:
        state, viewer = self.state, self.seat_picker.value
        assert 0 <= self.step < len(self.states) and self.step_slider.max == len(self.states) - 1
        assert state.history == self.states[-1].history[:self.step], "the step is not a prefix of the hand"
        for seat, place in enumerate(self.seats):
            assert len(place.row.cards) == len(state.hands[seat]), f"seat {seat} shows the wrong number of cards"
            shown_face_up = face_up_cards(place.row)
            assert not shown_face_up or sorted(shown_face_up, key=sort_key) == sorted(state.hands[seat], key=sort_key), \
                f"seat {seat}'s cards are not the engine's"
        places = self.seats + [self.dummy, self.set_aside, self.up_card, self.kitty, self.discard, self.trick]
        shown = {card for place in places for card in face_up_cards(place.row)}
        if viewer is not None:
            view = state.view(viewer)
            assert face_up_cards(self.seats[viewer].row) == sorted(view.hand, key=sort_key), "your hand is hidden"
            assert shown <= self.known_cards(), f"seat {viewer} is shown {shown - self.known_cards()}"
            for seat in range(state.players):
                assert seat == viewer or not face_up_cards(self.seats[seat].row), f"seat {seat}'s hand is shown"
        assert self.trick.row.cards == self.shown_trick()[0], "the trick shown is not the engine's"
        assert escape(self.said()) in self.note.value, "the action shown is stale"
