"""Exercises as data: a question, its answer, hints and a solution; `check()` explains every verdict."""

# The pattern of Kaggle Learn's exercises (check, hint, solution), written afresh: each kind of
# question is one small class that knows how to read an answer and how to explain a wrong one,
# and the engine works out the right answer, so an exercise can never disagree with the rules.

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from .actions import Action, parse_action
from .cards import Card, Suit, parse_card, parse_cards, parse_suit, sort_key
from .dummy import best_five, keep_strength, shortfall
from .errors import IllegalAction, NotationError
from .hand import HandState
from .ranking import bower, effective_suit
from .rules import CUTTHROAT, RuleSet
from .scoring import scoring_row
from .tricks import legal_plays, trick_winner, why_not, why_wins


@dataclass(frozen=True)
class Verdict:
    """The answer to `check()`: right or not, and why, in a sentence or two."""

    correct: bool
    message: str

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        return ("Correct! " if self.correct else "Not quite: ") + _sentence(self.message)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        colour, mark = ("#0a6a2a", "✔ Correct!") if self.correct else ("#a4001d", "✘ Not quite:")
        return (f'<div role="status" style="font-family:sans-serif;border-left:4px solid {colour};padding:0.2em 0.6em">'
                f'<b style="color:{colour}">{mark}</b> {escape(_sentence(self.message))}</div>')


def _sentence(text: str) -> str:
    """Text with its first letter in capitals."""
    return text[:1].upper() + text[1:]


class Text(str):
    """A hint or a solution: a string that a notebook shows without quotes."""

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Exercise:
    """What every kind shares: the hints in order, and check / hint / solution."""

    hints: tuple[str, ...] = field(default=(), kw_only=True)

    @property
    def question(self) -> str:
        raise NotImplementedError

    def answer(self):
        """The right answer, worked out by the engine."""
        raise NotImplementedError

    def read(self, given):
        """The learner's answer as an engine value; raises NotationError when unreadable."""
        raise NotImplementedError

    def explain(self) -> str:
        """Why the right answer is right."""
        raise NotImplementedError

    def is_right(self, given) -> bool:
        return given == self.answer()

    def wrong(self, given) -> str:
        """What is wrong with a wrong answer (by default, the right one and why)."""
        return f"{_words(given)} is not it. {self.explain()}"

    def check(self, given) -> Verdict:
        """Read an answer and say whether it is right, and why."""
        if given is None or given is Ellipsis:
            return Verdict(False, f"Replace the ____ or ... with your answer first. {self.question}")
        try:
            value = self.read(given)
        except (NotationError, ValueError) as error:
            return Verdict(False, f"I could not read {given!r}: {error}")
        if self.is_right(value):
            return Verdict(True, self.explain())
        return Verdict(False, self.wrong(value))

    def hint(self, number: int = 1) -> str:
        """The hints one by one: hint(1), hint(2), ... (the last one repeats)."""
        if not self.hints:
            return Text(f"No hint for this one; think about: {self.question}")
        return Text(self.hints[min(max(number, 1), len(self.hints)) - 1])

    def solution(self) -> str:
        """The answer with its explanation."""
        return Text(f"Answer: {_words(self.answer())}. {self.explain()}")


def _words(value) -> str:
    """An answer written for a person."""
    if isinstance(value, (tuple, list, frozenset, set)):
        return " ".join(map(str, sorted(value, key=sort_key))) if value else "none"
    return str(value)


def _cards(text) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


@dataclass(frozen=True)
class WhichSuit(Exercise):
    """Which suit does this card belong to once trump is fixed? (C2, C3)"""

    card: Card | str
    trump: Suit | str

    def __post_init__(self):
        object.__setattr__(self, "card", parse_card(self.card))
        object.__setattr__(self, "trump", parse_suit(self.trump))

    @property
    def question(self) -> str:
        return f"With {self.trump} trump, which suit does {self.card} belong to?"

    def answer(self) -> Suit:
        return effective_suit(self.card, self.trump)

    def read(self, given) -> Suit:
        return parse_suit(given)

    def explain(self) -> str:
        role = bower(self.card, self.trump)
        if role == "left":
            return (f"{self.card} is the left bower: the jack of the suit of the same colour as trump "
                    f"counts as a {self.trump.noun}, the second-highest trump (C2).")
        if role == "right":
            return f"{self.card} is the right bower, the jack of trump: the highest trump but the joker (C2)."
        if role == "joker":
            return "The joker is always a trump, the highest card of all (C3)."
        return f"{self.card} is an ordinary card: it keeps its own suit, {self.card.suit.plural} (C2)."


@dataclass(frozen=True)
class _CardsAndTrump(Exercise):
    """A question about some cards once trump is fixed: both read from notation."""

    cards: tuple[Card, ...] | str
    trump: Suit | str

    def __post_init__(self):
        object.__setattr__(self, "cards", _cards(self.cards))
        object.__setattr__(self, "trump", parse_suit(self.trump))


@dataclass(frozen=True)
class TrickWinner(_CardsAndTrump):
    """Which card wins this trick? Cards in play order, the first one led (C13)."""

    @property
    def question(self) -> str:
        return f"With {self.trump} trump, {self.cards[0]} is led and then {_words_in_order(self.cards[1:])} played: which card wins?"

    def answer(self) -> Card:
        return self.cards[trick_winner(self.cards, self.trump)]

    def read(self, given) -> Card:
        card = parse_card(given)
        if card not in self.cards:
            raise NotationError(str(given), f"{card} was not played to this trick; choose one of {_words_in_order(self.cards)}.")
        return card

    def explain(self) -> str:
        return why_wins(self.cards, self.trump)


def _words_in_order(cards) -> str:
    return ", ".join(map(str, cards))


@dataclass(frozen=True)
class LegalPlays(Exercise):
    """Which of these cards may be played to the trick? (C12)"""

    hand: tuple[Card, ...] | str
    trick: tuple[Card, ...] | str
    trump: Suit | str

    def __post_init__(self):
        object.__setattr__(self, "hand", _cards(self.hand))
        object.__setattr__(self, "trick", _cards(self.trick))
        object.__setattr__(self, "trump", parse_suit(self.trump))

    @property
    def question(self) -> str:
        led = f"{_words_in_order(self.trick)} played so far" if self.trick else "you lead"
        return f"With {self.trump} trump and {led}, which of {_words(self.hand)} may you play?"

    def answer(self) -> frozenset[Card]:
        return frozenset(legal_plays(self.hand, self.trick, self.trump))

    def read(self, given) -> frozenset[Card]:
        return frozenset(parse_cards(given))

    def explain(self) -> str:
        legal = self.answer()
        if legal == frozenset(self.hand):
            if not self.trick:
                return "The leader may lead any card (C12)."
            led = effective_suit(self.trick[0], self.trump)
            return f"You hold no {led.noun} (trumps counted by their real suit, C2), so any card may be played (C12)."
        refused = min(set(self.hand) - legal, key=sort_key)
        return why_not(refused, self.hand, self.trick, self.trump) + " (C12)"

    def wrong(self, given) -> str:
        legal = self.answer()
        for card in sorted(given - legal, key=sort_key):
            return why_not(card, self.hand, self.trick, self.trump) or self.explain()
        missing = _words(legal - given)
        return f"You left out {missing}, which may be played too. {self.explain()}"


@dataclass(frozen=True)
class Score(Exercise):
    """How many points does this hand score? (T7, F4)"""

    maker_tricks: int
    maker_alone: bool = False
    lone_defender: bool = False
    rules: RuleSet = CUTTHROAT
    who: str = "makers"  # or "defenders": the side the question asks about

    def __post_init__(self):
        if self.who not in ("makers", "defenders"):
            raise NotationError(self.who, "who= is 'makers' or 'defenders'.")
        scoring_row(self.rules, self.maker_tricks, self.maker_alone, self.lone_defender)  # refuses nonsense

    @property
    def question(self) -> str:
        alone = " alone" if self.maker_alone else ""
        defender = ", against a lone defender" if self.lone_defender else ""
        side = "the makers' side" if self.who == "makers" else ("each defender" if self.rules.game == "cutthroat"
                                                                 else "the defenders' side")
        return (f"In {self.rules.game}, the maker{alone} took {self.maker_tricks} trick"
                f"{'s' * (self.maker_tricks != 1)}{defender}: how many points does {side} score?")

    def _row(self):
        return scoring_row(self.rules, self.maker_tricks, self.maker_alone, self.lone_defender)

    def answer(self) -> int:
        row = self._row()
        return row.makers if self.who == "makers" else row.defenders

    def read(self, given) -> int:
        if isinstance(given, bool) or not isinstance(given, (int, str)) or not str(given).strip().isdigit():
            raise NotationError(str(given), "Answer with a whole number of points, such as 2.")
        return int(given)

    def explain(self) -> str:
        row = self._row()
        return (f"The row that applies is '{row.result}' ({row.rule}): the makers score {row.makers} "
                f"and {'each defender' if self.rules.game == 'cutthroat' else 'the defenders'} {row.defenders}.")


@dataclass(frozen=True)
class BestFive(_CardsAndTrump):
    """Which five of the cutthroat maker's ten should be kept? (T5)"""

    @property
    def question(self) -> str:
        return f"With {self.trump} trump, which five of {_words(self.cards)} do you keep?"

    def answer(self) -> tuple[Card, ...]:
        return best_five(self.cards, self.trump).cards

    def read(self, given) -> frozenset[Card]:
        five = frozenset(parse_cards(given))
        if len(five) != 5 or not five <= set(self.cards):
            raise NotationError(str(given), f"Choose five different cards from {_words(self.cards)} (T5).")
        return five

    def is_right(self, given) -> bool:
        # Any five as strong as the engine's by the same measure is right: ties are not mistakes.
        return keep_strength(tuple(given), self.trump) == keep_strength(self.answer(), self.trump)

    def explain(self) -> str:
        return best_five(self.cards, self.trump).reason

    def wrong(self, given) -> str:
        dropped = _words(set(self.answer()) - given)
        why = shortfall(tuple(given), self.answer(), self.trump)
        return f"Better to keep {dropped} instead of {_words(given - set(self.answer()))}: {why}. {self.explain()}"


@dataclass(frozen=True)
class Bid(Exercise):
    """What should this seat do now? The accepted actions and the reason are declared by the author."""

    state: HandState
    accept: tuple[str, ...]
    reason: str

    def __post_init__(self):
        accepted = tuple(parse_action(a) for a in self.accept)
        legal = self.state.legal_actions()
        if not accepted or any(a not in legal for a in accepted):
            raise NotationError(str(self.accept), f"Accepted answers must be legal here: {_words_in_order(legal)}.")
        object.__setattr__(self, "accept", accepted)

    @property
    def question(self) -> str:
        return f"Seat {self.state.to_act} to act: which of {_words_in_order(self.state.legal_actions())}?"

    def answer(self) -> Action:
        return self.accept[0]

    def read(self, given) -> Action:
        action = parse_action(given)
        try:
            self.state.apply(action)  # the engine says whether it is legal here, and why not
        except IllegalAction as error:
            raise NotationError(str(given), error.explanation) from None
        return action

    def is_right(self, given) -> bool:
        return given in self.accept

    def explain(self) -> str:
        return self.reason

    def solution(self) -> str:
        return Text(f"Answer: {' or '.join(map(str, self.accept))}. {self.explain()}")


@dataclass(frozen=True)
class Choice(Exercise):
    """A question with a few named options: the right one and why each wrong one is wrong."""

    ask: str
    options: dict  # option -> why it is right, or why it is wrong
    right: str

    def __post_init__(self):
        if self.right not in self.options:
            raise NotationError(self.right, f"The right option must be one of {list(self.options)}.")

    @property
    def question(self) -> str:
        return f"{self.ask} Options: {', '.join(map(repr, self.options))}."

    def answer(self) -> str:
        return self.right

    def read(self, given) -> str:
        wanted = str(given).strip().lower()
        for option in self.options:
            if option.lower() == wanted:
                return option
        raise NotationError(str(given), f"Answer with one of {', '.join(map(repr, self.options))}.")

    def explain(self) -> str:
        return self.options[self.right]

    def wrong(self, given) -> str:
        return self.options[given]
