"""A whole game against computer players: bid, pick up, take the dummy, play, score; hints, grades, undo."""

from __future__ import annotations

import itertools
import os
import re
from html import escape

import ipywidgets as w

from ..actions import Action, keep, pickup, play
from ..advice import advise, grade
from ..cards import Card, deck, sort_key
from ..display import seat_roles
from ..errors import WHOLE, IllegalAction, NotationError, excerpt
from ..game import GameState, load_game, new_game, save_game
from ..hand import HandState, Phase, deal_hand
from ..rules import CUTTHROAT, RuleSet
from ..view import View
from .. import checks
from . import arguments
from .bids import BidButtons, offer, said_words, seat_words
from .cards import CardRow, action_button, has_class, note, redraw, say, show_backs, style_sheet
from .clicks import TiedButton
from .computer import LEVEL_WORDS, LEVELS, computer_players
from .hand_log import log_html, result_words, visible_cards
from .scoring import GAME_WORDS, rules_by_game
from .trick_list import TrickList, trick_on_table, trick_words

# Worlds sampled for a hint and for each graded decision: enough to rank the options, quick to click.
HINT_WORLDS = 40
GRADE_WORLDS = 40
# The verb a card click means in each phase where cards are chosen.
CARD_VERBS = {Phase.PLAY: play, Phase.PICKUP: pickup}


def choice_words(action: Action, view: View) -> str:
    """An action named for a sentence: the button's words, and the five cards of a keep."""
    if action.kind == "keep":
        return "keep " + " ".join(map(str, action.cards))
    return offer(action, view)[0]


def learner_decisions(hand: HandState, seat: int) -> list[tuple[HandState, Action]]:
    """Each decision `seat` took in this hand, with the state it was taken in (replayed by the engine)."""
    state, out = deal_hand(hand.rules, hand.dealer, deal=hand.deal), []
    for action, actor in zip(hand.history, hand.actors):
        if actor == seat:
            out.append((state, action))
        state = state.apply(action)
    return out


MOST_SAID = 400  # a note quotes at most this much of an error about a typed path: its start and its end


def path_words(path: str) -> str:
    """A typed path as a note says it: whole when short, else its start and its length."""
    return path if len(path) <= WHOLE else excerpt(path)


def failure_words(path: str, error: Exception) -> str:
    """Why saving or loading failed, in a sentence: the engine's words, or the system's for the path."""
    if isinstance(error, OSError):
        why = f"{path_words(path)}: {error.strerror or 'the system refused'}."
    else:
        why = str(error) if str(error).endswith(".") else f"{error}."
    return why if len(why) <= MOST_SAID else why[:MOST_SAID // 2] + " … " + why[-MOST_SAID // 2:]


def keep_what_is_not_a_game(path: str) -> None:
    """Refuse to save over a file that is there and is not a saved game: a learner's notes are not lost."""
    if not os.path.isfile(path):  # nothing there, or no regular file: save_game says what is wrong
        return
    try:
        load_game(path)
    except NotationError:
        raise NotationError("path", f"{path_words(path)} is there already and is not a saved game: "
                                    f"choose another name, so that it is not lost.") from None


class Table(w.VBox):
    """A game to the target score: you at `seat`, computer players of `level` at the other seats."""

    def __init__(self, rules: RuleSet = CUTTHROAT, seat: int = 0, level: str = "rule of thumb",
                 seed: int | None = 2026, **kwargs):
        rules = arguments.rules("rules", rules)
        seat = arguments.seat("seat", seat, rules.players)
        level, seed = arguments.choice("level", level, LEVELS), arguments.seed("seed", seed)
        arguments.start_box(Table, self, kwargs)
        self.seat = seat
        self._view: tuple[HandState, int, View] | None = None  # the learner's view of the hand shown, kept
        self._echoed = ""  # the path last repeated in a note
        # What the table shows, top to bottom.
        self.header, self.scores, self.result, self.grades, self.story = (w.HTML() for _ in range(5))
        self.seat_labels = [w.HTML() for _ in range(4)]
        self.seat_rows = [CardRow() for _ in range(4)]
        self.seat_boxes = [w.VBox([label, row]) for label, row in zip(self.seat_labels, self.seat_rows)]
        self.up_label, self.dummy_label, self.trick_label, self.you_label = (w.HTML() for _ in range(4))
        self.up_row, self.dummy_row, self.trick_row = CardRow(), CardRow(), CardRow()
        self.dummy_box = w.VBox([self.dummy_label, self.dummy_row])
        self.hand_row = CardRow(on_pick=self._picked)
        self.choices = BidButtons(self._act)
        # Buttons whose click changes the game are made anew for each moment: a double-click acts once.
        self.keep_tie = TiedButton("Keep these five", "keep the five selected cards (T5)", self._keep)
        self.note = note()
        self.trick_list = TrickList()
        # The learner's controls.
        self.hint_button = action_button("Hint", "the best action now and why (the computer's advice)", self.hint)
        self.undo_tie = TiedButton("Undo", "take back your last action and the computer's replies", self.undo)
        self.grade_button = action_button("Grade my decisions", "each of your decisions this hand, graded", self.grade)
        self.next_tie = TiedButton("Next hand", "deal the next hand (the deal passes left, C4)", self.next_hand)
        self.game_input = w.Dropdown(description="Game", tooltip="which game the next new game plays")
        self.level_input = w.Dropdown(options=list(LEVELS), value=level, description="Computer",
                                      tooltip="how the computer players choose")
        self.seed_input = w.IntText(value=seed, description="Seed", tooltip="the same seed deals the same game")
        self.new_button = action_button("New game", "start a new game with this game, computer level and seed", self.new)
        self.path_input = w.Text(value="euchre_game.json", description="File",
                                 tooltip="the file to save the game to or load it from")
        self.save_button = action_button("Save", "save the game record to this file", self.save)
        self.load_button = action_button("Load", "load a saved game record from this file", self.load)
        table = w.VBox([w.HBox(self.seat_boxes, layout=w.Layout(flex_flow="row wrap", justify_content="space-around")),
                        w.HBox([w.VBox([self.up_label, self.up_row]), self.dummy_box,
                                w.VBox([self.trick_label, self.trick_row])],
                               layout=w.Layout(flex_flow="row wrap", justify_content="space-around")),
                        w.VBox([self.you_label, self.hand_row, self.choices, self.keep_tie])])
        table.add_class("euchre-table")
        self.story.layout = w.Layout(max_height="14em", overflow="auto")
        self.children = [
            style_sheet(), self.header, self.scores, table, self.note,
            w.HBox([self.hint_button, self.undo_tie, self.grade_button, self.next_tie],
                   layout=w.Layout(flex_flow="row wrap")),
            self.result, self.grades, self.trick_list, w.HTML("<b>This hand so far</b> (the computer players' reasons show once the hand is over)"), self.story,
            w.HBox([self.game_input, self.level_input, self.seed_input, self.new_button],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.path_input, self.save_button, self.load_button], layout=w.Layout(flex_flow="row wrap")),
        ]
        self._offer_games(rules)
        self.start(new_game(rules, seed=seed), level)

    # -- the game and what the learner sees of it ---------------------------------------------------

    @property
    def hand(self) -> HandState:
        """The hand on the table: the current one, or the one just finished until "Next hand"."""
        return self.game.hands[self.shown]

    @property
    def view(self) -> View:
        """Everything the learner may see of the hand (the engine decides what is hidden)."""
        hand = self.hand
        if self._view is None or self._view[0] is not hand or self._view[1] != self.seat:
            self._view = (hand, self.seat, hand.view(self.seat))
        return self._view[2]

    @property
    def moment(self) -> tuple[GameState, int]:
        """What a click acts on: the game and the hand shown. A button drawn for another moment is stale."""
        return self.game, self.shown

    @property
    def keep_button(self) -> w.Button:
        return self.keep_tie.button

    @property
    def undo_button(self) -> w.Button:
        return self.undo_tie.button

    @property
    def next_button(self) -> w.Button:
        return self.next_tie.button

    @property
    def my_turn(self) -> bool:
        return not self.hand.is_over and self.hand.to_act == self.seat

    def start(self, game: GameState, level: str) -> None:
        """Sit down at this game: computer players at the other seats, who act until it is your turn."""
        checks.instance("game", game, GameState, "a GameState, such as new_game(CUTTHROAT, seed=1)")
        level = arguments.choice("level", level, LEVELS)
        self.game, self.level, self.shown = game, level, len(game.hands) - 1
        self.seat = min(self.seat, game.rules.players - 1)
        self.players = computer_players(level, game.rules.players, game.seed, self.seat)
        self.history: list[tuple[GameState, int]] = []  # (game, hand shown) before each of your actions
        self.reasons: dict[int, dict[int, str]] = {}  # hand number -> history index -> what the player said
        self.selected: set[Card] = set()
        self._graded: tuple[HandState, str] | None = None  # the graded hand and its grades
        self._computers_reply()
        self.redraw()
        say(self.note, self.prompt())

    def _offer_games(self, rules: RuleSet) -> None:
        """The game choices: these rules for their game, the preset for the other."""
        choices = rules_by_game(rules)
        self.game_input.options = [(GAME_WORDS[name], rules) for name, rules in choices.items()]
        self.game_input.value = choices[rules.game]

    def _computers_reply(self) -> None:
        """The computer players act, each from its own view, until it is your turn or the hand ends."""
        game = self.game
        while not game.is_over and len(game.hands) - 1 == self.shown and game.to_act != self.seat:
            seat = game.to_act
            player = self.players[seat]
            action = player.choose(game.hand.view(seat))
            self.reasons.setdefault(self.shown, {})[len(game.hand.history)] = player.explain()
            game = game.apply(action, seat=seat)
        self.game = game

    def prompt(self) -> str:
        """What to do now, in a sentence."""
        hand, view = self.hand, self.view
        if self.game.is_over and self.shown == len(self.game.hands) - 1:
            return "The game is over. Choose a game, level and seed, then press New game."
        if hand.is_over:
            return "The hand is over. Press Grade my decisions to review it, or Next hand to go on."
        if not self.my_turn:
            return f"Waiting for {seat_words(hand.to_act, view)}."
        if hand.phase is Phase.PLAY:
            return "Your turn: click a card to play it (the raised cards may be played)."
        if hand.phase is Phase.PICKUP:
            return f"You take the {hand.up_card}: click the card to discard (the up-card too may go)."
        if hand.phase is Phase.DUMMY:
            return "Choose five of your ten cards to keep (click to select), then press Keep these five (T5)."
        return f"Your turn ({hand.phase}): choose with the buttons."

    # -- drawing ---------------------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw everything from the engine's state, as the learner's view allows."""
        game, hand, view = self.game, self.hand, self.view
        trump = view.trump
        switches = ", ".join(f"{k} = {v}" for k, v in game.rules.switches().items()) or "none changed from the preset"
        facts = [f"hand {self.shown + 1}", f"dealer {seat_words(view.dealer, view)}"]
        if trump is not None:
            facts.append(f"trump {trump} {trump.plural}")
        self.header.value = (f"<b>{escape(GAME_WORDS[game.rules.game])}</b> to {escape(str(game.rules.target))} points"
                             f" · house rules: {escape(switches)} · computer players: {escape(self.level)} "
                             f"({escape(LEVEL_WORDS[self.level])}) · seed {escape(str(game.seed))}<br>"
                             f"{escape(' · '.join(facts))}")
        self.scores.value = self._scores_html()
        self._draw_seats(hand, view)
        self._draw_middle(hand, view)
        self._draw_learner(hand, view)
        over = hand.is_over
        self.undo_tie.draw(self.moment)
        if over and not self.game.is_over:  # a hidden button is made anew only when shown again
            self.next_tie.draw(self.moment)
        else:
            self.next_tie.hide()
        self.grade_button.disabled = not over
        self.result.value = self._result_html() if over else ""
        self.grades.value = self._graded[1] if self._graded and self._graded[0] is hand else ""
        self.trick_list.show(view.tricks, trump, view)
        # The computer players' reasons wait for the end of the hand: "I hold 3 trumps" is table talk.
        self.story.value = log_html(hand, view, self.reasons.get(self.shown, {}) if over else {})

    def _side_name(self, side: tuple[int, ...], view: View) -> str:
        names = [seat_words(seat, view) for seat in side]
        return " and ".join(names)

    def _scores_html(self) -> str:
        game, view = self.game, self.view
        parts = [f'<span data-side="{i}">{escape(self._side_name(side, view).capitalize())}: <b>{score}</b></span>'
                 for i, (side, score) in enumerate(zip(game.sides, game.scores))]
        return f"Scores (to {escape(str(game.rules.target))}): " + " · ".join(parts)

    def _draw_seats(self, hand: HandState, view: View) -> None:
        for seat, (box, label, row) in enumerate(zip(self.seat_boxes, self.seat_labels, self.seat_rows)):
            if seat >= hand.players or seat == self.seat:
                box.layout.display = "none"
                continue
            box.layout.display = ""
            count = len(hand.hands[seat])  # how many cards a seat holds is public; which cards is not
            facts = seat_roles(view, seat) + [f"tricks {view.tricks_won[seat]}", f"{count} card{'s' * (count != 1)}"]
            label.value = (f'<b>{escape(seat_words(seat, view).capitalize())}</b> (computer, {escape(self.level)})'
                           f'<br><span data-seat="{seat}">{escape(" · ".join(facts))}</span>')
            show_backs(row, count)

    def _draw_middle(self, hand: HandState, view: View) -> None:
        trump, up = view.trump, view.up_card
        state = ("turned down (C8)" if view.turned_down else "taken by the dealer" if view.picked_up
                 else "left by the dealer (C7)" if view.picked_up is False else "proposes trump")
        self.up_label.value = f"<b>Up-card</b>: {escape(state)}"
        redraw(self.up_row, [up], trump, disabled=True)
        self.dummy_box.layout.display = "" if hand.rules.has_dummy else "none"
        if hand.rules.has_dummy:
            self._draw_dummy(hand, view)
        trick, number = trick_on_table(view)
        self.trick_label.value = f"<b>{escape(trick_words(trick, view, number))}</b>" if trick else "<b>No trick yet</b>"
        redraw(self.trick_row, trick.cards if trick else (), trump, disabled=True)

    def _draw_dummy(self, hand: HandState, view: View) -> None:
        """The dummy face down, unless you are the maker who took it (T5)."""
        if view.phase is Phase.DUMMY and view.dummy is not None:
            self.dummy_label.value = "<b>The dummy</b>: its five are in your row below"
            redraw(self.dummy_row, ())
        elif view.set_aside:
            self.dummy_label.value = "<b>Laid aside by you</b> (only you see them)"
            redraw(self.dummy_row, view.set_aside, view.trump, disabled=True)
        elif hand.set_aside:
            self.dummy_label.value = f"<b>Laid aside by {escape(seat_words(view.maker, view))}</b>, face down"
            show_backs(self.dummy_row, len(hand.set_aside))
        else:
            self.dummy_label.value = "<b>The dummy</b>, face down"
            show_backs(self.dummy_row, len(hand.deal.dummy))

    def _draw_learner(self, hand: HandState, view: View) -> None:
        facts = seat_roles(view, self.seat) + [f"tricks {view.tricks_won[self.seat]}"]
        self.you_label.value = (f"<b>You, seat {self.seat}</b><br>"
                                f'<span data-seat="{self.seat}">{escape(" · ".join(facts))}</span>')
        legal = view.legal  # empty unless it is your turn
        phase, trump, moment = view.phase, view.trump, self.moment
        if phase is Phase.DUMMY and legal:
            ten = sorted({card for action in legal for card in action.cards}, key=sort_key)
            redraw(self.hand_row, ten, trump, moment, legal=ten, chosen=self.selected)
        elif phase in CARD_VERBS and legal:
            cards = [a.card for a in legal if a.card is not None]
            shown = cards if phase is Phase.PICKUP else sorted(view.hand, key=sort_key)
            redraw(self.hand_row, shown, trump, moment, legal=cards)
        else:  # a click here only explains (it changes nothing), so the buttons stay while the bidding goes on
            redraw(self.hand_row, sorted(view.hand, key=sort_key), trump, disabled=not legal)
        self.choices.show([a for a in legal if a.kind not in ("play", "pickup", "keep")], view, moment)
        if phase is Phase.DUMMY and legal:
            self.keep_tie.draw(moment)
        else:
            self.keep_tie.hide()

    def _result_html(self) -> str:
        out = f"<b>Hand {self.shown + 1} is over.</b> {escape(result_words(self.hand, self.view))}"
        if self.game.is_over and self.shown == len(self.game.hands) - 1:
            names = " and ".join(self._side_name(self.game.sides[i], self.view) for i in self.game.winners)
            out += f"<br><b>Game over after {len(self.game.hands)} hands: {escape(names)} won.</b> Press New game to play again."
        return out

    # -- the learner's actions ---------------------------------------------------------------------------

    def _picked(self, card: Card) -> None:
        """A click on one of your cards: play it, discard it, or select it for the dummy keep."""
        phase = self.hand.phase
        if not self.my_turn:
            say(self.note, f"It is not your turn. {self.prompt()}", "bad")
        elif phase is Phase.DUMMY:
            self.selected ^= {card}
            self.redraw()
            chosen = " ".join(str(c) for c in sorted(self.selected, key=sort_key)) or "none"
            say(self.note, f"Selected {len(self.selected)} of 5: {chosen}.")
        elif phase in CARD_VERBS:
            self._act(CARD_VERBS[phase](card))
        else:
            say(self.note, f"Cards are played once trump is made. {self.prompt()}", "bad")

    def _keep(self) -> None:
        if not self.selected:
            say(self.note, "Select five of your ten cards first (click them), then press Keep these five (T5).", "bad")
            return
        self._act(keep(sorted(self.selected, key=sort_key)))

    def _act(self, action: Action) -> None:
        """Your action, checked by the engine; then the computer players reply until your turn comes back."""
        view = self.view
        try:
            game = self.game.apply(action, seat=self.seat)
        except IllegalAction as error:
            say(self.note, f"Not allowed: {error.explanation} (rule {error.rule})", "bad")
            return
        except NotationError as error:
            say(self.note, f"That is not an action: {error}", "bad")
            return
        self.history.append((self.game, self.shown))
        self._forget_reasons_after(len(self.hand.history))
        self.game, self.selected = game, set()
        self._computers_reply()
        self.redraw()
        done = said_words(str(action), self.seat, view)
        say(self.note, f"{done[0].upper()}{done[1:]}. {self.prompt()}")

    def _forget_reasons_after(self, moment: int) -> None:
        """Drop what computer players said after this moment of the hand shown: after an undo it is another story."""
        kept = {number: said for number, said in self.reasons.items() if number < self.shown}
        kept[self.shown] = {i: said for i, said in self.reasons.get(self.shown, {}).items() if i < moment}
        self.reasons = kept

    def act(self, action: Action | str) -> None:
        """Click the control a learner would click for this action (for tests and lessons)."""
        action = arguments.action("action", action)
        try:
            if action.kind == "keep":
                for card in set(action.cards) ^ self.selected:
                    self.hand_row.button_for(card).click()
                self.keep_button.click()
            elif action.kind in ("play", "pickup"):
                self.hand_row.button_for(action.card).click()
            else:
                self.choices.button_for(action).click()
        except ValueError:
            raise LookupError(f"no control on the table offers {action} now") from None

    def undo(self) -> None:
        """Back to the moment before your last action (the computer's replies since go too)."""
        if not self.history:
            say(self.note, "Nothing to undo: you have not acted since this game started or was loaded.", "bad")
            return
        self.game, self.shown = self.history.pop()
        self.selected = set()
        self.redraw()
        say(self.note, f"Undone: back to before your last action. {self.prompt()}")

    def next_hand(self) -> None:
        if not self.hand.is_over or self.game.is_over:
            say(self.note, f"There is no next hand now. {self.prompt()}", "bad")
            return
        self.shown += 1
        self._computers_reply()
        self.redraw()
        say(self.note, self.prompt())

    def hint(self) -> Action | None:
        """The computer's best action for you now, said with its reason (and returned)."""
        if not self.my_turn:
            say(self.note, f"No decision is yours now. {self.prompt()}", "bad")
            return None
        view = self.view
        options = advise(self.hand, self.seat, worlds=HINT_WORLDS, seed=len(self.hand.history))
        best = options[0]
        say(self.note, f"Hint: {choice_words(best.action, view)}. {best.reason}")
        return best.action

    def grade(self) -> None:
        """Grade each of your decisions in the finished hand against the computer's best."""
        hand = self.hand
        if not hand.is_over:
            say(self.note, "Grades come once the hand is over.", "bad")
            return
        lines = []
        for n, (state, action) in enumerate(learner_decisions(hand, self.seat), 1):
            view = state.view(self.seat)
            words = choice_words(action, view)
            if len(view.legal) == 1:
                lines.append(f"{words}: Best (your only legal choice).")
                continue
            verdict = grade(state, action, worlds=GRADE_WORLDS, seed=n)
            better = "" if verdict.verdict == "Best" else f" Better: {choice_words(verdict.best, view)}. {verdict.explanation}"
            lines.append(f"{words}: {verdict.verdict}.{better}")
        body = "".join(f"<li>{escape(line)}</li>" for line in lines) or "<li>You made no decision this hand.</li>"
        self._graded = (hand, f"<b>Your decisions in hand {self.shown + 1}</b><ol>{body}</ol>")
        self.redraw()
        say(self.note, f"Graded {len(lines)} decision{'s' * (len(lines) != 1)}. {self.prompt()}")

    def new(self) -> None:
        """A new game with the chosen game, level and seed."""
        try:
            game = new_game(self.game_input.value, seed=self.seed_input.value)
        except NotationError as error:
            say(self.note, f"Cannot start that game: {error}", "bad")
            return
        self.start(game, self.level_input.value)
        say(self.note, f"New game, seed {game.seed}. {self.prompt()}")

    def save(self) -> None:
        """Save the game to the file typed in the box; a file there that is not a saved game is never written over."""
        path = self._typed_path()
        if not path:
            return
        try:
            keep_what_is_not_a_game(path)
            save_game(self.game, path)
        except (OSError, ValueError) as error:  # whatever the path or the disk does, the game stays
            say(self.note, f"Not saved. {failure_words(path, error)} Nothing was written; "
                           f"the game in progress is unchanged.", "bad")
            return
        say(self.note, f"Saved the game (hand {len(self.game.hands)}) to {path_words(path)}.", "good")

    def load(self) -> None:
        """Load a saved game; if the file cannot be read, the game in progress stays."""
        path = self._typed_path()
        if not path:
            return
        try:
            game = load_game(path)
        except (OSError, ValueError) as error:
            say(self.note, f"Not loaded. {failure_words(path, error)} The game in progress is unchanged.", "bad")
            return
        self._offer_games(game.rules)
        self.seed_input.value = game.seed
        self.start(game, self.level)
        say(self.note, f"Loaded the game from {path_words(path)}: hand {len(game.hands)}. {self.prompt()}", "good")

    def _typed_path(self) -> str:
        """The path in the box, without the spaces around it; empty (and a note said) if none was typed."""
        path = self._echoed = self.path_input.value.strip()
        if not path:
            say(self.note, "Type a file name first, for example my_game.json.", "bad")
        return path

    # -- checks ----------------------------------------------------------------------------------------------

    def offered(self) -> set[Action]:
        """Every action the controls offer now: bid buttons, raised cards, fives of the selectable cards."""
        out = set(self.choices.actions)
        raised = [card for card in self.hand_row.cards if self.hand_row.marked(card, "legal")]
        if self.keep_tie.layout.display != "none":
            out |= {keep(five) for five in itertools.combinations(raised, 5)}
        elif raised:
            out |= {CARD_VERBS[self.hand.phase](card) for card in raised}
        return out

    def shown_cards(self) -> set[Card]:
        """Every card whose face appears anywhere on the table: on a card, in a label, in a note."""
        texts = []
        stack = [self]
        while stack:
            widget = stack.pop()
            if widget.layout.display == "none":
                continue
            stack.extend(getattr(widget, "children", ()))
            if isinstance(widget, w.Button) and not has_class(widget, "euchre-back"):
                texts += [widget.description, widget.tooltip or ""]
            elif isinstance(widget, w.HTML):
                texts.append(widget.value)
        text = "\n".join(texts)
        for typed in filter(None, (self.path_input.value.strip(), self._echoed)):
            text = text.replace(typed, "").replace(escape(typed), "")  # a path the learner typed may look like cards
        return {card for card in deck(self.game.rules.deck) if str(card) in text}

    def assert_valid(self) -> None:
        """Raise AssertionError if what the table shows disagrees with the game."""
        game, hand, view = self.game, self.hand, self.view
        wanted = set(game.legal_actions()) if self.my_turn else set()
        assert self.offered() == wanted, f"controls offer {sorted(map(str, self.offered() ^ wanted))} wrongly"
        shown = {int(side): int(score) for side, score in re.findall(r'data-side="(\d)">[^<]*<b>(\d+)</b>', self.scores.value)}
        assert shown == dict(enumerate(game.scores)), f"scores shown {shown}, the game has {game.scores}"
        labels = {**{s: self.seat_labels[s].value for s in range(hand.players) if s != self.seat},
                  self.seat: self.you_label.value}
        for seat, label in labels.items():
            tricks = int(re.search(r"tricks (\d+)", label).group(1))
            assert tricks == hand.tricks_won[seat], f"seat {seat} shows {tricks} tricks, has {hand.tricks_won[seat]}"
            if seat != self.seat:
                backs = len(self.seat_rows[seat].children)
                assert backs == len(hand.hands[seat]), f"seat {seat} shows {backs} cards, holds {len(hand.hands[seat])}"
        if view.phase not in (Phase.PICKUP, Phase.DUMMY) or not view.legal:
            assert set(self.hand_row.cards) == set(view.hand), "your row does not show your hand"
        leaked = self.shown_cards() - visible_cards(view)
        assert not leaked, f"the table shows cards hidden from you: {sorted(map(str, leaked))}"
        assert (self.next_tie.layout.display != "none") == (hand.is_over and not game.is_over), \
            "Next hand is offered at the wrong time"
