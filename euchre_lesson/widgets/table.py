"""A whole game against computer players, drawn: a TableSession plays it; this widget shows it and forwards clicks."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as w

from ..engine import checks, language
from ..engine.actions import Action, Verb
from ..engine.cards import Card, sort_key
from ..engine.display import words_html
from ..engine.errors import IllegalAction, NotationError
from ..engine.game import GameState, new_game
from ..engine.language import N_, _, ngettext
from ..engine.narration import result_words, said_words, sentence, side_words
from ..engine.rules import CUTTHROAT, RuleSet
from ..engine.view import View
from ..look.clicks import Toggle, action_for
from ..look.faces import faces_for
from ..look.picture import Button, Click, Mood, Picture
from ..look.prompts import in_names
from ..look.seat_picture import default_names, open_hands_of, picture_of
from ..play.advice import hint_words
from ..play.coach import Review, decision_words
from ..play.seal import Trust
from ..play.session import CHOSEN_BY_CARD, News, TableSession, Told, path_words
from ..play.table_model import Graded
from ..teach.context import current as lesson_context
from ..teach.positions import missed_in
from . import arguments
from .cards import action_button, note, say, style_sheet
from .clicks import DOUBLE_CLICK, TiedButton, closed_after
from .coach import Coach, _band_html
from .computer import EXPERT_WORLDS, LEVEL_WORDS, LEVELS
from .fallback import Described
from .hand_log import log_html
from .page import bound, current
from .projector import PROJECTOR, projector_style_sheet
from .scoring import rules_by_game
from .table_view import TableView
from .trick_list import TrickList

# Actions chosen by clicking your cards (a keep: five selected, then Keep); the others have buttons.
CARD_CHOSEN = CHOSEN_BY_CARD
MOST_SAID = 400  # a note quotes at most this much of an error about a typed path: its start and its end


def _failure_words(path: str, error: Exception) -> str:
    """Why saving or loading failed, in a sentence: the engine's words, or the system's for the path."""
    if isinstance(error, OSError):
        why = _("{path}: {why}.").format(path=path_words(path), why=error.strerror or _("the system refused"))
    else:
        why = str(error) if str(error).endswith(".") else f"{error}."
    return why if len(why) <= MOST_SAID else why[: MOST_SAID // 2] + " … " + why[-MOST_SAID // 2 :]


# What the table says of a game's seal (see play/seal.py), once loaded; nothing for a game played or kept as saved.
TRUST_WORDS = {
    Trust.EDITED: N_(
        "This game was changed outside the table after it was saved: its hands, moves or scores are not "
        "what the table saved. You may play on, but its grades and scores are marked as from an edited game."
    ),
    Trust.UNCHECKED: N_(
        "This file has no seal (it was saved by an older version, by save_game in code, or from a game "
        "that had none), so whether it was changed outside the table cannot be checked."
    ),
    Trust.ELSEWHERE: N_(
        "This game was sealed by another user or on another computer, so whether it was changed "
        "outside the table cannot be checked here."
    ),
}
EDITED_MARK = N_("from an edited game")


def _loaded_words(table: Table, news: News) -> str:
    trust = table.session.trust
    said = language._(TRUST_WORDS[trust]) if trust in TRUST_WORDS else ""
    loaded = _("Loaded the game from {path}: hand {number}.").format(
        path=path_words(news.path), number=len(table.game.hands)
    )
    return f"{loaded} {said} {table.prompt()}"


def _saved_words(table: Table, news: News) -> str:
    said = _("Saved the game (hand {number}) to {path}.").format(
        number=len(table.game.hands), path=path_words(news.path)
    )
    if news.unsealed is not None:
        said += " " + _(
            "It was saved without a seal, so a later load cannot tell whether it was changed: {why}"
        ).format(why=_failure_words(str(news.unsealed), news.unsealed))
    return said


def _done_words(table: Table, news: News) -> str:
    """Your action in the past tense, then what to do now."""
    return f"{sentence(said_words(_action(news), table.seat, _view(news)))} {table.prompt()}"


# What a piece of news carries depends on what it tells (an action taken carries the action and your view, a
# refusal its error): these read it for the words that need it, and say so if it is missing.


def _action(news: News) -> Action:
    if news.action is None:
        raise ValueError(f"the news that {news.told.value} carries no action")
    return news.action


def _view(news: News) -> View:
    if news.view is None:
        raise ValueError(f"the news that {news.told.value} carries no view")
    return news.view


def _error(news: News) -> Exception:
    if news.error is None:
        raise ValueError(f"the news that {news.told.value} carries no error")
    return news.error


def _refused_words(table: Table, news: News) -> str:
    """The rules' refusal of your action, with the rule."""
    error = _error(news)
    if not isinstance(error, IllegalAction):
        raise ValueError(f"the news that {news.told.value} carries {error!r}, not a refusal by the rules")
    return _("Not allowed: {why} (rule {rule})").format(why=error.explanation, rule=error.rule)


def _banded(band: str, line: str) -> str:
    """A decision's line with its band's name marked in colour (the words say the band too)."""
    name, found, rest = line.partition(f": {band}")
    return f"{words_html(name)}: {_band_html(band)}{words_html(rest)}" if found else words_html(line)


def _cards_words(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in sorted(cards, key=sort_key)) or _("none")


def _coached_words(table: Table, news: News) -> str:
    """The coach is done with the hand shown: how many decisions it looked at, then what to do now."""
    graded = table.session.grades_shown
    count = 0 if graded is None else len(graded.decisions)
    if not count:
        return _("You made no decision this hand, so your coach has nothing to review. {prompt}").format(
            prompt=table.prompt()
        )
    looked = ngettext(
        "Your coach looked at your {count} decision.", "Your coach looked at your {count} decisions.", count
    )
    return f"{looked.format(count=count)} {table.prompt()}"


# What the note says for each thing the session tells; it is marked bad when the session refused.
NOTES: dict[Told, Callable[[Table, News], str]] = {
    Told.STARTED: lambda t, n: t.prompt(),
    Told.ACTED: _done_words,
    Told.REFUSED: _refused_words,
    Told.NOT_AN_ACTION: lambda t, n: _("That is not an action: {error}").format(error=n.error),
    Told.NOT_YOUR_TURN: lambda t, n: _("It is not your turn. {prompt}").format(prompt=t.prompt()),
    Told.NO_CARD_YET: lambda t, n: _("Cards are played once trump is made. {prompt}").format(prompt=t.prompt()),
    Told.SELECTED: lambda t, n: _("Selected {count} of 5: {cards}.").format(
        count=len(t.selected), cards=_cards_words(t.selected)
    ),
    Told.NOTHING_SELECTED: lambda t, n: _(
        "Select five of your ten cards first (click them), then press Keep these five (T5)."
    ),
    Told.UNDONE: lambda t, n: _("Undone: back to before your last action. {prompt}").format(prompt=t.prompt()),
    Told.NOTHING_TO_UNDO: lambda t, n: _("Nothing to undo: you have not acted since this game started or was loaded."),
    Told.NEXT_HAND: lambda t, n: t.prompt(),
    Told.NO_NEXT_HAND: lambda t, n: _("There is no next hand now. {prompt}").format(prompt=t.prompt()),
    Told.HINT: lambda t, n: hint_words(_action(n), _view(n), n.said),  # its reason put into words now
    Told.NO_DECISION: lambda t, n: _("No decision is yours now. {prompt}").format(prompt=t.prompt()),
    Told.GRADED: _coached_words,
    Told.NOT_COACHED: lambda t, n: _(
        "Your coach could not look at this hand, through no fault of yours ({error}). {prompt}"
    ).format(error=_error(n), prompt=t.prompt()),
    Told.NOT_OVER: lambda t, n: _("Grades come once the hand is over."),
    Told.NEW_GAME: lambda t, n: _("New game, seed {seed}. {prompt}").format(seed=t.game.seed, prompt=t.prompt()),
    Told.CANNOT_START: lambda t, n: _("Cannot start that game: {error}").format(error=n.error),
    Told.NO_PATH: lambda t, n: _("Type a file name first, for example my_game.json."),
    Told.SAVED: _saved_words,
    Told.NOT_SAVED: lambda t, n: _("Not saved. {why} Nothing was written; the game in progress is unchanged.").format(
        why=_failure_words(n.path, _error(n))
    ),
    Told.LOADED: _loaded_words,
    Told.NOT_LOADED: lambda t, n: _("Not loaded. {why} The game in progress is unchanged.").format(
        why=_failure_words(n.path, _error(n))
    ),
}
GOOD_NEWS = frozenset({Told.SAVED, Told.LOADED})


# What the table shows of its session, read through the table (as lessons and tests do), and what each is.
SESSION_FACTS = {
    "game": "The game in progress.",
    "hand": "The hand on the table: the current one, or the one just finished until Next hand.",
    "view": "Everything the learner may see of the hand (the engine decides what is hidden).",
    "seat": "Your seat.",
    "level": "How the computer players choose.",
    "shown": "The number of the hand on the table, from 0.",
    "history": "(game, hand shown) before each of your actions: what Undo goes back to.",
    "selected": "The cards selected for the dummy keep.",
    "players": "The computer players, by seat.",
    "my_turn": "Whether a decision is yours now.",
    "moment": "What a click acts on: a control drawn for another moment is stale.",
    "reasons": "What the computer players said: hand number -> history index -> words.",
}


def _of_session(name: str, doc: str) -> property:
    """A table attribute that is the session's, read through the table (as lessons and tests do)."""

    def refuse(_table, value) -> None:
        raise NotationError(
            name,
            f"The table's {name} is its session's and is not set here: change the game "
            f"through table.session (a TableSession), or make a new Table.",
        )

    return property(lambda table: getattr(table.session, name), refuse, doc=doc)


def _reads_session(cls: type) -> type:
    """The class with each of SESSION_FACTS as a property read through its `session`, never set on it."""
    for name, doc in SESSION_FACTS.items():
        setattr(cls, name, _of_session(name, doc))
    return cls


class Board(TableView):
    """The Table's board: the one table view, knowing a click from the page (a person) from one made in code."""

    purpose = N_("The Euchre table's board: the seats around the felt, the cards on it, your hand and your bids.")

    heard: float | None = None  # when the page's click being handled now arrived; None for a click in code

    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        self.heard = time.monotonic()
        try:
            super()._handle_custom_msg(content, buffers)
        finally:
            self.heard = None


@_reads_session
class Table(Described, w.VBox):
    """A game to the target score, you at `seat`: its `session` plays it; the table draws it and forwards clicks."""

    purpose = N_(
        "The Euchre table: play a whole game against computer players by clicking your bids and cards, "
        "with a hint, undo, a coach after every hand, and save and load."
    )

    def __init__(
        self,
        rules: RuleSet = CUTTHROAT,
        seat: int = 0,
        level: str = "rule of thumb",
        seed: int | None = 2026,
        games: list[RuleSet] | tuple[RuleSet, ...] = (),
        projector: bool = False,
        **kwargs: Any,
    ) -> None:
        rules = arguments.rules("rules", rules)
        # The rules the Game menu offers for the other games (a class's house rules); the others' presets if none.
        self.games = {game.game: game for game in arguments.rule_sets("games", games)}
        seat = arguments.seat("seat", seat, rules.players)
        level, seed = arguments.choice("level", level, LEVELS), arguments.seed("seed", seed)
        arguments.start_box(Table, self, kwargs)
        self.session = TableSession(new_game(rules, seed=seed), seat, level)
        self._grades_drawn: tuple[object, str] = (None, "")  # the grades last drawn, and their HTML
        self._make_board()
        self._make_controls(level, seed)
        self._lay_out()
        self._offer_games(rules)
        self.hands_open = False  # a demonstration's open hands: every seat's cards face up (see open_hands)
        self.show_projector(checks.flag("projector", projector))
        self.session.observe(self._heard)
        self._heard(self.session.news)

    def _make_board(self) -> None:
        """What the table shows of the game, top to bottom: the board is the one table view (look/table.js)."""
        self.header, self.scores, self.result, self.grades, self.story = (w.HTML() for _unused in range(5))
        # `scores` says the scores in words for a lesson's code to read; the board shows them on the page.
        self.board = Board()  # the seats, the up-card, the dummy, the trick, your hand, the bids and Keep
        self.board.add_class("euchre-table")
        self.board.add_class("euchre-board")
        self.page = current()  # a click on the board draws on the page the table was made on, in any context
        self.page.follows_language(self)  # a language chosen on this page redraws the table, its note too
        self.lesson = lesson_context()  # where the positions missed go: the lesson's progress, bound when made
        self._carded: Review | None = None  # the coach's review whose positions missed were kept
        self.board.on_click(self._heeded(self._clicked))
        self._faces_of: object = None  # the deck and language whose faces the board holds (sent once for each)
        self._drawn: tuple[object, int, float] = (None, 0, 0.0)  # the moment drawn: its key, number and time
        self._last_click: tuple[float, object] = (-math.inf, None)  # the page's last click taken: when, on what
        self.note = note()
        self.note.add_class("euchre-on-board")  # in projector mode the board says it (see projector.py)
        self.projected = False  # projector mode: the note's news is said on the board, beside the felt
        self._news: tuple[str, Mood] = ("", "")  # the note's words without the prompt (the board says it), its mood
        # What the session told last and its mood, kept in no language: the note is said again from it in another.
        self._told: tuple[News, Mood] | None = None
        self.trick_list = TrickList()
        self.coach = Coach(self.session)  # after a hand graded: the accuracy, the costliest decision, a second try

    def _make_controls(self, level: str, seed: int) -> None:
        """The learner's controls."""
        # Buttons whose click changes the game are made anew for each moment: a double-click acts once.
        heeded = self._heeded
        self.hint_button = action_button(
            _("Hint"), _("the best action now and why (the computer's advice)"), heeded(self.hint)
        )
        self.undo_tie = TiedButton(
            _("Undo"), _("take back your last action and the computer's replies"), heeded(self.undo)
        )
        self.next_tie = TiedButton(
            _("Next hand"), _("deal the next hand (the deal passes left, C4)"), heeded(self.next_hand)
        )
        self.game_input = w.Dropdown(description=_("Game"), tooltip=_("which game the next new game plays"))
        self.level_input = w.Dropdown(
            options=[(language._(name), name) for name in LEVELS],
            value=level,
            description=_("Computer"),
            tooltip=_("how the computer players choose"),
        )
        self.seed_input = w.IntText(value=seed, description=_("Seed"), tooltip=_("the same seed deals the same game"))
        self.new_button = action_button(
            _("New game"), _("start a new game with this game, computer level and seed"), heeded(self.new)
        )
        self.path_input = w.Text(
            value="euchre_game.json", description=_("File"), tooltip=_("the file to save the game to or load it from")
        )
        self.save_button = action_button(_("Save"), _("save the game record to this file"), heeded(self.save))
        self.load_button = action_button(_("Load"), _("load a saved game record from this file"), heeded(self.load))
        # For a class watching one screen: every hand face up, offered only in projector mode (see show_projector).
        self.open_hands_input = w.Checkbox(
            value=False,
            description=_("Show every hand (a demonstration)"),
            indent=False,
            layout=w.Layout(display="none", width="auto"),
        )
        self.open_hands_input.observe(self._hands_opened, "value")

    def _heeded(self, call: Callable) -> Callable:
        """`call` as a click runs it: if it raises, the note says why (the session changed nothing), since an error
        in a click handler would only reach a log the learner never sees."""

        def click(*args) -> None:
            problems = self.session.problems  # a new list once a listener fails (the session tells the others on)
            try:
                call(*args)
            except (ValueError, LookupError) as error:
                say(self.note, _("That did not work: {error}").format(error=error), "bad")
            except Exception as error:  # a fault of ours, not the learner's: still said, never a silent click
                say(
                    self.note,
                    _(
                        "That did not work, through no fault of yours ({kind}: {error}). "
                        "The game is as it was; please tell your teacher."
                    ).format(kind=type(error).__name__, error=error),
                    "bad",
                )
            else:
                if self.session.problems is not problems:  # the click was taken, but showing it failed somewhere
                    say(
                        self.note,
                        _(
                            "Something went wrong after that, through no fault of yours ({problem}): "
                            "please tell your teacher."
                        ).format(problem=self.session.problems[-1]),
                        "bad",
                    )

        return click

    def _lay_out(self) -> None:
        """The board, its note and the host's tools under it; then what is not the board, as before."""
        self.story.layout = w.Layout(max_height="14em", overflow="auto")
        story_title = w.HTML(_("<b>This hand so far</b> (the computer players' reasons show once the hand is over)"))
        # What projector mode leaves out: a class watching one screen has the table and its buttons on it; the
        # coach's review below it is the learner's at their own screen.
        for extra in (story_title, self.story, self.trick_list, self.grades, self.coach):
            extra.add_class("euchre-extra")
        self.file_row = w.HBox(
            [self.path_input, self.save_button, self.load_button],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.children = [
            style_sheet(),
            projector_style_sheet(),
            self.header,
            self.board,
            self.note,
            w.HBox(
                [self.hint_button, self.undo_tie, self.next_tie, self.open_hands_input],
                layout=w.Layout(flex_flow="row wrap", align_items="center"),
            ),
            self.result,
            self.grades,
            self.coach,
            self.trick_list,
            story_title,
            self.story,
            w.HBox(
                [
                    w.HBox(
                        [self.game_input, self.level_input, self.seed_input, self.new_button],
                        layout=w.Layout(flex_flow="row wrap", align_items="center"),
                    ),
                    self.file_row,
                ],
                layout=w.Layout(flex_flow="row wrap"),
            ),  # one line where the screen is wide enough
        ]

    def show_projector(self, on: bool = True) -> None:
        """Large type, the table and its buttons on one 1280 by 720 screen, and the choice to open every hand."""
        on = checks.flag("on", on)
        (self.add_class if on else self.remove_class)(PROJECTOR)
        self.open_hands_input.layout.display = "" if on else "none"
        self.projected = on
        if not on:
            self.open_hands_input.value = False  # the learner's own view again: no hand but theirs face up
        self.redraw()

    def open_hands(self, on: bool = True) -> None:
        """Every seat's cards face up, and the dummy's, for a demonstration; off: only what your seat may see."""
        self.open_hands_input.value = checks.flag("on", on)  # its observer redraws

    def _hands_opened(self, change: dict) -> None:
        self.hands_open = change["new"]
        self.redraw()

    @property
    def undo_button(self) -> w.Button:
        return self.undo_tie.button

    @property
    def next_button(self) -> w.Button:
        return self.next_tie.button

    def start(self, game: GameState, level: str) -> None:
        """Sit down at this game: computer players at the other seats, who act until it is your turn."""
        self.session.start(game, level)

    def _offer_games(self, rules: RuleSet) -> None:
        """The game choices: every game's preset or the rules given for it in `games`, but these rules for their own."""
        choices = rules_by_game(rules) | {game: given for game, given in self.games.items() if game != rules.game}
        self.game_input.options = [(language._(game.facts.label), game) for game in choices.values()]
        self.game_input.value = choices[rules.game]

    def _heard(self, news: News) -> None:
        """Draw what the session tells: the table when it changed, and the note in words (the session tells holding
        its lock, so no other thread changes the game while it is drawn)."""
        if news.told is Told.LOADED:  # the next new game plays the loaded game's rules and seed
            self._offer_games(self.game.rules)
            self.seed_input.value = self.game.seed
        if news.told is Told.GRADED:
            self._keep_missed(news.review)
            if self.session.grades_shown is None:  # the learner has moved on: the coach's review of that hand waits
                return  # in the game's accuracy and the positions kept; the table and its note are not changed
        mood: Mood = "bad" if news.refused or news.told is Told.NOT_COACHED else ""
        mood = "good" if news.told in GOOD_NEWS else mood
        with closed_after(), bound(self.page):  # the coach tells from its own thread: drawn on the table's page
            if news.told is Told.SELECTED:  # a selection only marks a card (or unmarks it): nothing else changed
                self._draw_board()
            elif news.changed:
                self.redraw()
            self._told = (news, mood)
            self._say_told()
            if self.projected:  # the note is not shown: the board says it above its prompt
                self._draw_board()

    def _say_told(self) -> None:
        """The note: what the session told last (a hint, a refusal, the coach's words), in the language chosen now."""
        if self._told is None:
            return
        news, mood = self._told
        words = NOTES[news.told](self, news)
        say(self.note, words, mood)
        self._news = (words.removesuffix(self._prompt()).strip(), mood)

    def redraw_in_language(self) -> None:
        """Draw the table again in the language chosen now, the note already shown too (a hint asked before the
        learner chose the language is said again in it)."""
        with self.session.lock, closed_after(), bound(self.page):
            self._draw()  # the board first: the note ends with the prompt it draws
            self._say_told()
            if self.projected:
                self._draw_board()

    def _keep_missed(self, review: Review | None) -> None:
        """The hand's decisions graded a Mistake or a Blunder become review cards in the lesson's progress (once per
        hand graded): each position comes back in a review."""
        review = self.session.review_shown if review is None else review
        if review is None or review is self._carded:
            return
        self._carded = review
        scores, contenders = self.game.scores_before(review.number - 1)
        self.lesson.missed_positions(missed_in(review, scores, contenders))

    def prompt(self) -> str:
        """What to do now, in a sentence."""
        with self.session.lock:
            return self._prompt()

    def _prompt(self) -> str:
        if self.session.finished:
            return _("The game is over. Choose a game, level and seed, then press New game.")
        if self.hand.is_over and self.session.coaching:
            return _(
                "The hand is over. Your coach is looking at your decisions… Press Next hand whenever you like: "
                "the review comes when it is ready."
            )
        if self.hand.is_over and self.session.grades_shown is not None:
            return _("The hand is over: your coach's review is below. Press Next hand to go on.")
        if self.hand.is_over:
            return _("The hand is over. Press Next hand to go on.")
        return str(self.board.picture.get("prompt") or "")  # what to do now, as the board says it

    # -- drawing ---------------------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw everything from the session, as the learner's view allows (holding its lock: one moment drawn)."""
        with self.session.lock:
            self._draw()

    def _draw(self) -> None:
        game, view, session = self.game, self.view, self.session
        self.header.value = self._header_html(game, view)
        self.scores.value = self._scores_html()
        self._draw_board()
        over = self.hand.is_over
        self.undo_tie.draw(self.moment)
        if over and not game.is_over:  # a hidden button is made anew only when shown again
            self.next_tie.draw(self.moment)
        else:
            self.next_tie.hide()
        # Below the board, the narration's words call each seat by the name the board gives it ("West", not "seat 1").
        names = [sitter.name for sitter in default_names(view)]
        self.result.value = in_names(self._result_html(), names) if over else ""
        self.grades.value = in_names(self._grades_html(session.grades_shown), names)
        self.coach.show(session.review_shown, looking=over and session.coaching, trouble=session.not_coached)
        self.trick_list.show(view.tricks, view.trump, view, names)
        self.story.value = in_names(log_html(view, session.reasons_shown), names)

    def _header_html(self, game: GameState, view: View) -> str:
        switches = "; ".join(game.rules.switches_words()) or _("none changed from the preset")
        return _(
            "<b>{game}</b> to {target} points"
            '<span class="euchre-extra"> · house rules: {switches} · computer players: '
            '{level} <span class="euchre-level-words">({level_words})</span></span>'
            " · seed {seed}"
        ).format(
            game=escape(language._(game.rules.facts.label)),
            target=escape(str(game.rules.target)),
            switches=words_html(switches),
            level=escape(language._(self.level)),
            level_words=escape(language._(LEVEL_WORDS[self.level]).format(worlds=EXPERT_WORLDS)),
            seed=escape(str(game.seed)),
        ) + self._origin_html(game)  # the board shows the hand, dealer, trump

    def _origin_html(self, game: GameState) -> str:
        """What the table knows of where the game came from: an edited file, a seal it cannot check, set by hand."""
        trust, lines = self.session.trust, []
        if trust in TRUST_WORDS:
            lead = _("<b>Edited game.</b>") + " " if trust is Trust.EDITED else ""
            lines.append(
                f'<span class="euchre-origin" data-trust="{trust.name.lower()}">{lead}'
                f"{escape(language._(TRUST_WORDS[trust]))}</span>"
            )
        if game.set_by_hand:
            lines.append(f'<span class="euchre-origin">{escape(game.set_by_hand)}</span>')
        return "".join(f"<br>{line}" for line in lines)

    def _scores_html(self) -> str:
        game, view = self.game, self.view
        parts = [
            f'<span data-side="{i}">{escape(side_words(side, view).capitalize())}: <b>{score}</b></span>'
            for i, (side, score) in enumerate(zip(game.sides, game.scores))
        ]
        mark = f", {language._(EDITED_MARK)}" if self.session.edited else ""
        return _("Scores (to {target}{mark}): ").format(target=escape(str(game.rules.target)), mark=mark) + " · ".join(
            parts
        )

    def _draw_board(self) -> None:
        """The board: the picture of your seat's view now (every hand face up while hands are open)."""
        rules = self.game.rules
        faces_of = (rules.deck, language.language())  # a face names its card in words: new words, new faces
        if self._faces_of != faces_of:  # a card's faces travel once per deck, not with every picture
            self.board.faces, self._faces_of = faces_for(rules), faces_of
        self.board.picture = dict(self._picture())

    def _picture(self) -> Picture:
        """What the board draws: `picture_of` the seat's view, with the moment a click acts on and the keep's choice."""
        view, key = self.view, self.moment
        drawn_key, number, at = self._drawn
        if not (isinstance(drawn_key, tuple) and drawn_key[0] is key[0] and drawn_key[1] == key[1]):
            self._drawn = drawn_key, number, at = key, number + 1, time.monotonic()
        return picture_of(
            view,
            moment=number,
            scores=self.game.scores,
            open_hands=open_hands_of(self.hand) if self.hands_open else None,
            chosen=self.selected,
            note=self._news[0] if self.projected else "",
            mood=self._news[1] if self.projected else "",
            title_extra=_("hand {number}").format(number=self.shown + 1)
            + (f", {language._(EDITED_MARK)}" if self.session.edited else ""),
        )

    def _result_html(self) -> str:
        out = _("<b>Hand {number} is over.</b> {result}").format(
            number=self.shown + 1, result=words_html(result_words(self.hand, self.view))
        )
        if self.session.finished:
            names = _(" and ").join(side_words(self.game.sides[i], self.view) for i in self.game.winners)
            hands = len(self.game.hands)
            over = ngettext(
                "<b>Game over after {count} hand: {sides} won.</b> Press New game to play again.",
                "<b>Game over after {count} hands: {sides} won.</b> Press New game to play again.",
                hands,
            )
            out += "<br>" + over.format(count=hands, sides=escape(names))
        return out

    def _grades_html(self, graded: Graded | None) -> str:
        """Your graded decisions, one line each with its band (drawn once per grading: each line asks for a view)."""
        if graded is None:
            return ""
        if self._grades_drawn[0] is not graded:
            review = self.session.review_shown
            lines = [] if review is None else [(d.band, decision_words(d, self.seat)) for d in review.decisions]
            body = "".join(f"<li>{_banded(band, line)}</li>" for band, line in lines)
            mark = f" ({language._(EDITED_MARK)})" if graded.edited else ""
            title = _("Your decisions in hand {number}{mark}").format(number=graded.number, mark=mark)
            listed = f"<b>{title}</b><ol>{body}</ol>" if body else ""
            self._grades_drawn = (graded, listed)  # none made: the coach says so in words
        return self._grades_drawn[1]

    # -- the learner's controls: each forwards to the session ------------------------------------------------

    def act(self, action: Action | str) -> None:
        """Click on the board what a learner would click for this action (for tests and lessons)."""
        action = arguments.action("action", action)
        with self.session.lock:  # the picture read is the one clicked
            self._click_for(action)

    def _click_for(self, action: Action) -> None:
        board = self.board
        try:
            if action.kind is Verb.KEEP:
                for card in sorted(set(action.cards) ^ self.selected, key=sort_key):
                    board.click_card(str(card))
                board.press(self.key_for(action))
            elif action.kind in CARD_CHOSEN and action.card is not None:  # such verbs carry a card
                board.click_card(str(action.card))
            else:
                board.press(self.key_for(action))
        except LookupError:
            raise LookupError(f"no control on the table offers {action} now") from None

    def key_for(self, action: Action | str) -> str:
        """The key of the board's button that takes this action now (LookupError if none does)."""
        action = arguments.action("action", action)
        moment = self.board.picture.get("moment", 0)
        for button in self._buttons():
            if button["kind"] == "keep" and action.kind is Verb.KEEP:
                return button["key"]
            if button["kind"] == "bid":
                click = Click(moment=moment, card=None, key=button["key"])
                if action_for(self.view, click, moment=moment) == action:
                    return button["key"]
        raise LookupError(f"no button offers {action}")

    def _buttons(self) -> list[Button]:
        return list(self.board.picture.get("buttons") or [])

    def _clicked(self, click: Click) -> None:
        """A click on the board: a card (to play, discard, give, or select for the keep), a bid, or Keep."""
        with self.session.lock, bound(self.page):
            if self._second_of_double(click):
                return
            got = action_for(self.view, click, moment=self._drawn[1])
            if isinstance(got, Toggle):  # a card selected for the keep, or no longer (T5)
                self.session.pick(got.card)
            else:
                self.session.act(got)

    def _second_of_double(self, click: Click) -> bool:
        """Whether a click from the page is the second of a double-click: soon after the last one taken, on the
        same card or button, or on a board drawn anew since (the table changed under the pointer). Else it is
        taken, and remembered."""
        now, (at, on), target = self.board.heard, self._last_click, (click["card"], click["key"])
        if now is None:  # a click made in code (a lesson, a test) is never a double-click
            return False
        if now - at < DOUBLE_CLICK and (on == target or self._drawn[2] >= at):
            return True
        self._last_click = (now, target)
        return False

    def undo(self) -> None:
        """Back to the moment before your last action (the computer's replies since go too)."""
        self.session.undo()

    def next_hand(self) -> None:
        self.session.next_hand()

    def hint(self) -> Action | None:
        """The computer's best action for you now, said with its reason (and returned)."""
        return self.session.hint().action

    def grade(self) -> None:
        """Grade each of your decisions in the finished hand now (the coach does it by itself once a hand is over:
        this is for a lesson's code)."""
        self.session.grade()

    def new(self) -> None:
        """A new game with the chosen game, level and seed."""
        self.session.new(self.game_input.value, self.seed_input.value, self.level_input.value)

    def save(self) -> None:
        """Save the game to the file typed in the box; a file there that is not a saved game is never written over."""
        self.session.save(self.path_input.value)

    def load(self) -> None:
        """Load a saved game from the file typed in the box; if it cannot be read, the game in progress stays."""
        self.session.load(self.path_input.value)
