"""A mistaken position: a decision the coach graded a Mistake or a Blunder, kept to be asked again in a review.

A position is the hand record up to the decision (RULES.md, Notation: the rules, the dealer, the deal and the actions
before it), the seat that chose, and the game's scores before the hand (the chance of winning the game that the
advice weighs depends on them). That is enough to deal the same position again and to grade a new choice with the
same advice (play/advice.py) as the coach graded the first: the same worlds, seeded by the decision's place in the
hand. It is kept in the review card (teach/progress.py, REVIEW_CARD's "position"), named by a digest of itself
('position 3fa2c91b0d4e'), so that a card whose position was changed in the file is told apart from its name.

No rule card is made beside it: a choice the coach grades is a legal one, so no rule was broken, and the rule behind
its phase (a bid's, a lead's) would bring back a lesson's exercise on the rule itself, not on the choice that cost.
The position's own card asks the choice again, and shows that rule one link away.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from ..engine import checks
from ..engine.actions import Action, parse_action
from ..engine.errors import NotationError, excerpt
from ..engine.formats import Format, first_wrong
from ..engine.game import sides
from ..engine.hand import HandState, replay
from ..engine.language import _
from ..engine.narration import capital, choice_words
from ..engine.records import HAND_RECORD_SCHEMA
from ..engine.view import View, acting_seat
from ..play import table_model
from ..play.advice import Grade, advise, grade
from ..play.coach import WELL, Review, band_words
from ..play.table_model import advice_seed

POSITION_ID = re.compile(r"position ([0-9a-f]{12})")  # what a position's review card is named by
MISSED_BANDS = frozenset({"Mistake", "Blunder"})  # the coach's bands whose decision comes back in a review
MOST_SCORE = 1000  # a score in a position: games are to 5 to 32 points, so this is room enough, and bounds a damage
SCORE = {"type": "integer", "minimum": -MOST_SCORE, "maximum": MOST_SCORE, "description": "a whole score"}
POSITION = Format(
    "position",
    {
        "description": "a position (an object with hand, seat, scores and contenders)",
        "type": "object",
        "properties": {
            "hand": HAND_RECORD_SCHEMA,
            "seat": {"type": "integer", "minimum": 0, "maximum": 7, "description": "a seat of the game"},
            "scores": {"type": "array", "items": SCORE, "maxItems": 8, "description": "the scores, one per side"},
            "contenders": {
                "type": "array",
                "items": SCORE,
                "maxItems": 8,
                "description": "the sides still able to win",
            },
        },
        "required": ["hand", "seat", "scores", "contenders"],
        "additionalProperties": False,
    },
    example='{"hand": {"rules": "partnership", "switches": null, "dealer": 0, "deal": {...}, "actions": ["pass"]}, '
    '"seat": 2, "scores": [0, 0], "contenders": []}',
)


@dataclass(frozen=True)
class Position:
    """A decision to take again: the hand up to it (a hand record), the seat to choose, the scores before the hand."""

    hand: dict[str, Any]
    seat: int
    scores: tuple[int, ...]
    contenders: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        checks.instance("hand", self.hand, dict, "a hand record, as HandState.record() gives")
        checks.whole("seat", self.seat, 0, 7)
        for name in ("scores", "contenders"):
            value = getattr(self, name)
            if not isinstance(value, (tuple, list)) or len(value) > 8 or not all(_score(one) for one in value):
                raise checks.refused(name, value, "a tuple of whole scores, one per side")
            object.__setattr__(self, name, tuple(value))  # a list read from the file is kept as a tuple

    @property
    def item(self) -> str:
        """The review card's name: 'position ' and a digest of the position itself."""
        text = json.dumps(self.record(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
        return f"position {hashlib.sha256(text.encode()).hexdigest()[:12]}"

    def record(self) -> dict[str, Any]:
        """The position as the progress file keeps it (POSITION)."""
        return {"hand": self.hand, "seat": self.seat, "scores": list(self.scores), "contenders": list(self.contenders)}

    def state(self) -> HandState:
        """The hand dealt again up to the decision."""
        return replay(self.hand)

    def view(self) -> View:
        """What the seat saw when it chose, with the game's scores: what the advice weighs, and what is shown."""
        return replace(self.state().view(self.seat), scores=self.scores, contenders=self.contenders)


def _score(value: object) -> bool:
    return type(value) is int and -MOST_SCORE <= value <= MOST_SCORE


def position_at(state: HandState, seat: int, scores: tuple[int, ...], contenders: tuple[int, ...] = ()) -> Position:
    """The position where `seat` is to choose in `state`, at the game's `scores` before the hand."""
    checks.instance("state", state, HandState, "a HandState where the seat is to act")
    seat = checks.whole("seat", seat, 0, 7)
    if state.is_over or acting_seat(state) != seat:
        raise ValueError(f"Seat {seat} is not to act in this position, so there is no decision to keep.")
    for name, value in (("scores", scores), ("contenders", contenders)):
        if not isinstance(value, (tuple, list)):
            raise checks.refused(name, value, "a tuple of whole scores, one per side")
    return Position(state.record(), seat, tuple(scores), tuple(contenders))


def position_from(value: object) -> Position:
    """A position read from a progress file, checked: its shape, its hand replayed, its seat to act; else a
    ValueError that says what is wrong."""
    wrong = first_wrong(POSITION, value)
    if wrong is not None:
        where = f"its {wrong[0]} " if wrong else ""
        raise ValueError(f"{where}is not {_said(wrong)}")
    found: dict[str, Any] = value  # type: ignore[assignment]  # its shape is POSITION's, checked just above
    try:
        state = replay(found["hand"])
    except (NotationError, ValueError) as refused:
        raise ValueError(f"its hand cannot be dealt again: {refused}") from None
    position = Position(found["hand"], found["seat"], tuple(found["scores"]), tuple(found["contenders"]))
    if state.is_over or acting_seat(state) != position.seat:
        raise ValueError(f"its seat {position.seat} is not to act in its hand")
    if len(position.scores) != len(sides(state.rules)):
        raise ValueError(f"its scores {excerpt(list(position.scores))} are not one per side of {state.rules.game}")
    return position


def _said(wrong: tuple) -> str:
    properties = POSITION.schema["properties"]
    if wrong and wrong[0] in properties:
        return str(properties[wrong[0]]["description"])
    return str(POSITION.schema["description"])


def missed_in(review: Review, scores: tuple[int, ...], contenders: tuple[int, ...] = ()) -> tuple[Position, ...]:
    """The positions of a coach's review graded a Mistake or a Blunder, the hand played at `scores`."""
    checks.instance("review", review, Review, "the coach's Review of a hand")
    return tuple(
        position_at(decision.state, review.seat, scores, contenders)
        for decision in review.decisions
        if decision.band in MISSED_BANDS
    )


# -- asking it again -------------------------------------------------------------------------------------------


class Judged(NamedTuple):
    """A choice at a position, graded: right when Best or Good, its words, and the advice's grade."""

    right: bool
    words: str
    choice: str  # the choice, in words: what the review keeps as the answer
    grade: Grade


def judge_position(position: Position, action: Action | str, seconds: float | None = None) -> Judged:
    """A choice at `position` graded by the advice that graded the first (the same worlds, the same seed): right
    when Best or Good. A wrong choice is told why, never which choice is best (it is asked again)."""
    checks.instance("position", position, Position, "a Position, as a review card keeps it")
    view = position.view()
    action = parse_action(action) if isinstance(action, str) else action
    graded = grade(view, action, worlds=table_model.ADVICE_WORLDS, seed=advice_seed(position.state()), seconds=seconds)
    chosen = choice_words(action, view)
    named, band = capital(chosen), band_words(graded.verdict)
    if graded.verdict in WELL:
        words = _("{chosen}: {band}. {explanation}").format(chosen=named, band=band, explanation=graded.explanation)
        return Judged(True, words, chosen, graded)
    if graded.verdict not in MISSED_BANDS | {"Inaccuracy"}:  # not graded: no time for a single deal
        return Judged(
            False,
            _("{chosen} could not be weighed in the time there was. Try again.").format(chosen=named),
            chosen,
            graded,
        )
    return Judged(
        False,
        _(
            "{chosen}: {band}. Over the deals that fit what you see, it does worse for your side than another choice "
            "here. Think again about what each choice gives the others, and try another."
        ).format(chosen=named, band=band),
        chosen,
        graded,
    )


def best_words(position: Position, seconds: float | None = None) -> str:
    """The best choice at `position` and why, in words (Show the answer)."""
    checks.instance("position", position, Position, "a Position, as a review card keeps it")
    view = position.view()
    best = advise(view, worlds=table_model.ADVICE_WORLDS, seed=advice_seed(position.state()), seconds=seconds)[0]
    return _("The best choice here: {choice}. {reason}").format(
        choice=choice_words(best.action, view), reason=best.reason
    )


def legal_choices(position: Position) -> tuple[tuple[Action, str], ...]:
    """Each legal choice at `position`, with its words, as the review's buttons show them."""
    checks.instance("position", position, Position, "a Position, as a review card keeps it")
    view = position.view()
    return tuple((action, capital(choice_words(action, view))) for action in view.legal)
