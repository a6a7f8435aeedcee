"""The coach under the table after a hand: the accuracy, the costliest decision with the rule and the lesson behind
it, and "Try again from here" on the same cards. The coach's judgements are play/coach.py's; this only draws them."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from ..engine import checks, language
from ..engine.cards import Card
from ..engine.display import RULE_BOOK, rule_book_address, rule_link, words_html
from ..engine.language import N_, _
from ..engine.narration import capital, choice_words
from ..look.clicks import Toggle, action_for
from ..look.faces import faces_for
from ..look.picture import Click
from ..look.prompts import in_names
from ..look.seat_picture import default_names, picture_of
from ..play.coach import (
    WELL,
    Retry,
    Review,
    Reviewed,
    accuracy_words,
    band_words,
    drop_words,
    hands_reviewed,
    nothing_decided,
    retry_told,
    this_hand,
)
from ..play.session import TableSession
from .cards import action_button, say
from .fallback import Described
from .table_view import TableView

# The bands' colours on the page (each also says its name in words, so colour is never the only sign).
BAND_CLASSES = {
    "Best": "euchre-band-best",
    "Good": "euchre-band-good",
    "Inaccuracy": "euchre-band-inaccuracy",
    "Mistake": "euchre-band-mistake",
    "Blunder": "euchre-band-blunder",
}
COACH_CSS = """<style>
.euchre-coach { border-left: 4px solid #1f5fbf; padding: 0.2em 0.8em; margin: 0.4em 0; max-width: 60em; }
.euchre-coach p { margin: 0.3em 0; }
.euchre-band { font-weight: 700; padding: 0 0.3em; border-radius: 0.2em; }
.euchre-band-best, .euchre-band-good { background: #d8f0d8; color: #124d12; }
.euchre-band-inaccuracy { background: #fff1c2; color: #5a4300; }
.euchre-band-mistake { background: #ffd9b3; color: #6b2f00; }
.euchre-band-blunder { background: #ffc9c9; color: #7a0000; }
.euchre-retry-board { max-width: 1000px; }
</style>"""


def _lesson_link(number: int, notebook: str) -> str:
    """A link to the lesson that teaches a decision, beside the rule book wherever the rule book is found."""
    address = rule_book_address()
    folder = address[: -len(RULE_BOOK)] if address.endswith(RULE_BOOK) else ""
    return (
        f'<a href="{escape(folder + notebook, quote=True)}" target="_blank" style="text-decoration:underline">'
        + escape(_("lesson {number}").format(number=number))
        + "</a>"
    )


def _band_html(band: str) -> str:
    """A band's name, marked with its colour (the name says it too)."""
    css = BAND_CLASSES.get(band)
    words = escape(band_words(band))
    return f'<span class="euchre-band {css}">{words}</span>' if css else words


def _behind_html(decision: Reviewed) -> str:
    """The rule and the lesson behind a decision, one link each."""
    number, notebook = decision.lesson
    return _("The rule behind it: {rule} · learn it again in {lesson}.").format(
        rule=rule_link(decision.rule), lesson=_lesson_link(number, notebook)
    )


def _summary_html(review: Review, reviews: tuple[Review, ...]) -> str:
    """The hand's accuracy, and the game's over the hands reviewed."""
    hand = accuracy_words(review.well, len(review.counted), review.accuracy, this_hand())
    counted = [d for r in reviews for d in r.counted]
    if len(reviews) < 2 or not counted:
        return f"<p><b>{escape(hand)}</b></p>"
    well = sum(d.band in WELL for d in counted)
    average = sum(d.accuracy for d in counted) / len(counted)
    game = accuracy_words(well, len(counted), average, hands_reviewed(len(reviews), in_game=True))
    return f"<p><b>{escape(hand)}</b><br>{escape(game)}</p>"


LOOKING = N_("Your coach is looking at your decisions in this hand… You may go on to the next hand meanwhile.")


class Coach(Described, w.VBox):
    """The coach after a hand at a learner's table: the accuracy, the costliest decision and Try again from here."""

    purpose = N_("The coach after each hand: how well you played, your costliest decision, and a second try at it.")

    def __init__(self, session: TableSession) -> None:
        checks.instance("session", session, TableSession, "the table's TableSession")
        super().__init__()
        self.session = session
        self.summary, self.worst, self.outcome = w.HTML(), w.HTML(), w.HTML()
        self.try_button = action_button(
            _("Try again from here"), _("choose again at your costliest decision, on the same cards"), self.try_again
        )
        self.back_button = action_button(
            _("Back to the game"), _("close the second try and return to the table"), self.back
        )
        self.board = TableView()
        self.board.add_class("euchre-board")
        self.board.add_class("euchre-retry-board")
        self.board.on_click(self._clicked)
        self.retry_box = w.VBox([self.board, self.outcome, self.back_button])
        self.retry_box.layout.display = "none"
        self.children = [w.HTML(COACH_CSS), self.summary, self.worst, self.try_button, self.retry_box]
        self.add_class("euchre-coach")
        self.shown: Review | None = None
        self._waiting = (False, "")  # drawn with no review: whether the coach was looking, and its trouble
        self.retry: Retry | None = None
        self.chosen: frozenset[Card] = frozenset()
        self._moment = 0
        self.layout.display = "none"

    # -- drawing -----------------------------------------------------------------------------------------------

    def show(self, review: Review | None, looking: bool = False, trouble: str = "") -> None:
        """Draw this review (None: no review; then, while the coach is `looking` at the hand just over, says so, or
        why it could not look: its `trouble`; else the coach hides); a second try under way stays until Back."""
        if review is not None:
            checks.instance("review", review, Review, "the coach's Review of a hand, or None")
        looking, trouble = checks.flag("looking", looking), checks.instance("trouble", trouble, str, "words, or ''")
        if review is self.shown and (review is not None or (looking, trouble) == self._waiting):
            return
        self.shown, self.retry, self.chosen = review, None, frozenset()
        self._waiting = (looking, trouble)
        self.retry_box.layout.display = "none"
        if review is None:
            self.try_button.layout.display = "none"
            self.worst.value = ""
            if looking:
                self.summary.value = f"<p>{escape(language._(LOOKING), quote=False)}</p>"
            elif trouble:
                could_not = _("Your coach could not look at this hand ({trouble}).").format(trouble=trouble)
                self.summary.value = f"<p>{escape(could_not)}</p>"
            self.layout.display = "" if looking or trouble else "none"
            return
        self.layout.display = ""
        if not review.decisions:
            self.summary.value = f"<p><b>{escape(nothing_decided(), quote=False)}</b></p>"
            self.try_button.layout.display = "none"
            self.worst.value = ""
            return
        self.summary.value = _summary_html(review, self.session.reviews)
        worst = review.worst
        self.try_button.layout.display = "" if worst is not None else "none"
        if worst is None:
            none_below = (
                "<p>" + escape(_("No decision to try again: each was the best or near it."), quote=False) + "</p>"
            )
            self.worst.value = none_below if review.counted else ""
            return
        view = worst.state.view(self.session.seat)
        worst_words = _("Your costliest decision: {chosen} ({band}): it {dropped}. {behind}").format(
            chosen=f"<b>{escape(capital(choice_words(worst.action, view)))}</b>",
            band=_band_html(worst.band),
            dropped=escape(drop_words(worst.drop)),
            behind=_behind_html(worst),
        )
        self.worst.value = f"<p>{worst_words}</p>"

    def _draw_board(self) -> None:
        """The second try's board: the position chosen again, or the hand as it ended this time."""
        review = self.shown
        worst = None if review is None else review.worst
        if worst is None:
            return
        seat, rules = self.session.seat, worst.state.rules
        self.board.faces = faces_for(rules)
        self._moment += 1
        if self.retry is None:
            self.board.picture = dict(picture_of(worst.state.view(seat), moment=self._moment, chosen=self.chosen))
        else:
            self.board.picture = dict(picture_of(self.retry.hand.view(seat), moment=self._moment))

    # -- the learner's clicks ------------------------------------------------------------------------------------

    def try_again(self) -> None:
        """Show the costliest decision's position again, to choose from."""
        self.retry, self.chosen = None, frozenset()
        again = _(
            "Here is the position again, with the same cards. Choose again: the computers then play the hand out."
        )
        self.outcome.value = f"<p>{escape(again, quote=False)}</p>"
        self.retry_box.layout.display = ""
        self._draw_board()

    def back(self) -> None:
        """Close the second try: the table is as it was."""
        self.retry, self.chosen = None, frozenset()
        self.retry_box.layout.display = "none"

    def choose(self, action: object) -> Retry:
        """Choose `action` at the costliest decision: the computers play the hand out from there (for tests too)."""
        review = self.shown
        worst = None if review is None else review.worst
        if worst is None:
            raise ValueError("There is no decision to try again: grade a finished hand first.")
        self.outcome.value = (
            "<p>" + escape(_("The computers are playing the hand out from your new choice…"), quote=False) + "</p>"
        )
        retry = self.session.try_again(worst.place, action)  # type: ignore[arg-type]
        self.retry = retry
        words = retry_told(retry, self.session.game, self.session.shown)
        names = [sitter.name for sitter in default_names(retry.hand.view(self.session.seat))]
        self.outcome.value = in_names(
            f"<p>{words_html(words)}</p><p>"
            + escape(
                _("(One deal, played one way: the coach's figures weigh many deals that fit what you saw.)"),
                quote=False,
            )
            + "</p>",
            names,
        )
        self._draw_board()
        return retry

    def _clicked(self, click: Click) -> None:
        """A click on the second try's board: a card or a button chooses again (a keep: five cards, then its button,
        whose key is the keep itself)."""
        review = self.shown
        worst = None if review is None else review.worst
        if worst is None or self.retry is not None:
            return
        view = worst.state.view(self.session.seat)
        try:
            got = action_for(view, click, moment=self._moment)
            if isinstance(got, Toggle):
                self.chosen ^= {got.card}
                self._draw_board()
            else:
                self.choose(got)
        except ValueError as error:  # the engine's refusal, in its words: the learner chooses again
            _say_in(self.outcome, _("That did not work: {error}").format(error=error))


def _say_in(box: w.HTML, words: str) -> None:
    """Plain words in a box of the coach, marked as a refusal."""
    say(box, words, "bad")
