"""Exercises as data: a question, its answer, hints and a solution; `check()` explains every verdict."""

# The pattern of Kaggle Learn's exercises (check, hint, solution), written afresh: each kind of
# question is one small class that knows how to read an answer and how to explain a wrong one,
# and the engine works out the right answer, so an exercise can never disagree with the rules.

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from ..engine import checks, language
from ..engine.actions import Action, Verb, parse_action
from ..engine.cards import Card, Rank, Suit, parse_card, parse_cards, parse_suit, sort_key
from ..engine.display import words_html
from ..engine.errors import IllegalAction, NotationError, excerpt
from ..engine.faces import suit_words
from ..engine.hand import HandState
from ..engine.language import N_, _, ngettext
from ..engine.narration import choice_words
from ..engine.ranking import bower, effective_suit, is_trump
from ..engine.rules import CUTTHROAT, RuleSet
from ..engine.scoring import Points, scoring_row
from ..engine.sequence import PHASE_RULES
from ..engine.tricks import legal_plays, trick_winner, why_may, why_not, why_wins
from ..engine.view import acting_seat
from ..play.dummy import Keep, best_five, keep_strength
from .house_rules import show_answer

if TYPE_CHECKING:  # for the type checker alone: nothing here exists at run time
    from typing import TypedDict, Unpack

    class Written(TypedDict, total=False):
        """What the author of any exercise may add, by keyword: its hints, its id, and the rules it exercises."""

        hints: str | Sequence[str]
        id: str
        rule_ids: str | Sequence[str]


# The kinds below keep their cards, suits and actions read (a Card, a Suit), but an author writes them in notation
# ("J♠", "♥", "order"): each such kind tells the type checker so with an __init__ of its own, seen only by the
# checker (TYPE_CHECKING); at run time the dataclass writes __init__ and __post_init__ reads the notation.


@dataclass(frozen=True)
class Verdict:
    """The answer to `check()`: right or not, and why; `answered` is False when there was no answer to judge."""

    correct: bool
    message: str
    answered: bool = True  # False: blank, unreadable or unfinished; a prompt, never a wrong answer
    answer: str = field(default="", compare=False)  # the answer judged, as the exercise writes it: what progress keeps

    def __bool__(self) -> bool:
        return self.correct

    @property
    def lead(self) -> str:
        """The words before the message: 'Correct!', 'Not quite:', or none for a prompt."""
        return (_("Correct!") if self.correct else _("Not quite:")) if self.answered else ""

    def __str__(self) -> str:
        return f"{self.lead} {_sentence(self.message)}".strip()

    __repr__ = __str__

    def _repr_html_(self) -> str:
        # The mark and its words carry the verdict; the colour only repeats it.
        colour, mark = (("#0a6a2a", "✔ ") if self.correct else ("#a4001d", "✘ ")) if self.answered else ("#555", "")
        lead = f'<b style="color:{colour}">{mark}{self.lead}</b> ' if self.answered else ""
        return (
            f'<div role="status" style="font-family:sans-serif;border-left:4px solid {colour};padding:0.2em 0.6em">'
            f"{lead}{words_html(_sentence(self.message))}</div>"
        )


def _sentence(text: str) -> str:
    """Text with its first letter in capitals."""
    return text[:1].upper() + text[1:]


class _Text(str):
    """A hint or a solution: a string that a notebook shows without quotes."""

    def __repr__(self) -> str:
        return str(self)


class Filled(str):
    """A lesson's words with a value put in (a count from the game's facts): English as written, and the
    catalog's words for the message with the same values where shown (`_shown`)."""

    message: str
    values: dict[str, object]

    def __new__(cls, message: str, **values: object) -> Filled:
        checks.instance("message", message, str, "the lesson's words, marked N_(...), with {name} where a value goes")
        try:
            english = message.format(**values)
        except (KeyError, IndexError, ValueError) as error:  # a {name} with no value given, or a stray brace
            raise checks.refused(
                "message", message, f"words whose every {{name}} has a value given by keyword ({error!r})"
            ) from None
        said = super().__new__(cls, english)
        said.message, said.values = message, values
        return said

    def translated(self) -> str:
        """The words in the language chosen where they are shown."""
        return language._(self.message).format(**self.values)


def _shown(words: str) -> str:
    """A lesson's words, marked N_ where the lesson writes them, in the language chosen here (as written where the
    catalog has none; empty stays empty: gettext's empty message is the catalog's header)."""
    if isinstance(words, Filled):
        return words.translated()
    return language._(words) if words else words


class Unfinished(NotationError):
    """An answer that reads but is not whole yet (three cards where five are asked): a prompt, not a mistake."""


MOST_HINTS = 20
# What solution() says where the teacher's house rules never show answers: one sentence, and what still helps.
# A hint for an exercise its author gave none: how to work out an answer of its kind, never the answer itself.
KIND_HINTS = {
    "WhichSuit": N_(
        "Look for a jack: the jack of the suit of trump's colour is the left bower and counts as trump (C2)."
    ),
    "TrickWinner": N_(
        "A trump beats every card of another suit, the right bower highest, then the left (C2); with no "
        "trump played, the highest card of the suit led wins."
    ),
    "LegalPlays": N_(
        "Look at the suit led: if you hold a card of it, you must play one (the left bower belongs to the "
        "trump suit, C2, C12); only if you hold none may you play any card."
    ),
    "PlayableCard": N_(
        "Look at the suit led: if you hold a card of it, you must play one (the left bower belongs to the "
        "trump suit, C2, C12); only if you hold none may you play any card."
    ),
    "Score": N_(
        "Who made trump, did they play alone, and how many tricks did each side take? Then find the first row of "
        "the scoring table that fits."
    ),
    "BestFive": N_(
        "Keep your trumps first, the bowers highest, then your aces; a suit you throw away entirely lets you "
        "trump it later."
    ),
    "Bid": N_(
        "Count the cards that would be trump if you made this suit trump (both bowers count) and your aces: about "
        "three strong trumps, or two with an ace beside them, make a hand worth a bid."
    ),
    "Exercise": N_(
        "Rule out first each answer that breaks a rule this lesson has shown; the rule ids in the lesson "
        "open the rule book at them."
    ),
    "Choice": N_(
        "Rule out first each choice that breaks a rule this lesson has shown; the rule ids in the lesson open "
        "the rule book at them."
    ),
}
ANSWERS_OFF = N_(
    "Your teacher has turned the answers off for these lessons, so try again with the hints and the verdicts."
)
# What every wrong verdict ends with: the answer comes from a right try (or Show the answer), never from a verdict.
TRY_AGAIN = N_("Try again: choose another answer, or ask for a hint.")
MOST_NESTING = 4  # lists inside lists: an answer needs 1 (some cards), a pair of points 1; deeper is a slip
MOST_OPTIONS = 20  # a Choice is a few buttons
RULE_ID = re.compile(r"[CTFWR][1-9][0-9]?")  # an id of RULES.md: C7, T5, F4, W2, R3


@dataclass(frozen=True, repr=False)
class Exercise:
    """What every kind shares: the hints in order, and check / hint / solution."""

    hints: tuple[str, ...] = field(default=(), kw_only=True)
    id: str = field(default="", kw_only=True, compare=False)  # "lesson 3 q1": how progress names it
    rule_ids: tuple[str, ...] = field(default=(), kw_only=True)  # the rules it exercises, besides its kind's own

    several: ClassVar[bool] = False  # True: the answer is several cards, chosen with a picker
    how_many: ClassVar[int | None] = None  # how many cards the picker wants (None: as many as are right)

    def __post_init__(self):
        hints = (self.hints,) if isinstance(self.hints, str) else self.hints  # one hint may be written alone
        if (
            not isinstance(hints, (tuple, list))
            or len(hints) > MOST_HINTS
            or not all(isinstance(h, str) for h in hints)
        ):
            raise checks.refused("hints", self.hints, f"a few hints as text, at most {MOST_HINTS}")
        object.__setattr__(self, "hints", tuple(hints))
        if not isinstance(self.id, str):
            raise checks.refused("id", self.id, "text such as 'lesson 3 q1'")
        ids = (self.rule_ids,) if isinstance(self.rule_ids, str) else self.rule_ids
        if (
            not isinstance(ids, (tuple, list))
            or len(ids) > MOST_HINTS
            or not all(isinstance(i, str) and RULE_ID.fullmatch(i) for i in ids)
        ):
            raise checks.refused("rule_ids", self.rule_ids, "the ids of the rules it exercises, such as ('C7', 'T5')")
        object.__setattr__(self, "rule_ids", tuple(ids))

    @property
    def question(self) -> str:
        raise NotImplementedError

    @property
    def prompt(self) -> str:
        """The question as a view with buttons asks it (no list of options to type)."""
        return self.question

    def choices(self) -> tuple:
        """The answers a view offers as buttons, in an order that does not depend on which is right."""
        raise NotImplementedError

    def kind_rules(self) -> tuple[str, ...]:
        """The rules every question of this kind asks about (a Choice has none: its author declares them)."""
        return ()

    @property
    def rules_exercised(self) -> tuple[str, ...]:
        """The ids of RULES.md this exercise exercises: its kind's own, then those its author declared."""
        return tuple(dict.fromkeys(self.kind_rules() + self.rule_ids))

    def exhibits(self) -> tuple[tuple[str, tuple[Card, ...]], ...]:
        """Cards a view shows beside the question, each row with its label (none by default)."""
        return ()

    def answer(self):
        """The right answer, worked out by the engine."""
        raise NotImplementedError

    def read(self, given):
        """The learner's answer as an engine value; raises NotationError when unreadable."""
        if _nesting(given) > MOST_NESTING:  # refused before any reading, which would recurse into it
            raise NotationError(
                "given",
                _("I could not read that answer: it is lists inside lists more than {most} deep. {question}").format(
                    most=MOST_NESTING, question=self.question
                ),
            )
        return self._read(given)

    def _read(self, given):
        """What read() does for this kind, once the answer is known not to be nested deep."""
        raise NotImplementedError

    def explain(self) -> str:
        """Why the right answer is right."""
        raise NotImplementedError

    def _is_right(self, given) -> bool:
        return given == self.answer()

    def _praise(self, given) -> str:
        """What to say to a right answer (by default, why it is right)."""
        return self.explain()

    def _wrong(self, given) -> str:
        """Why this wrong answer fails, without naming the right one (each kind says more where it can)."""
        return _("{answer} is not it: look again at the question, and at the rules it names.").format(
            answer=_words(given)
        )

    def written(self, given) -> str:
        """An answer (one of `choices()`, or several cards) as a learner would write it for check()."""
        return self._written(self._offered("given", given))

    def label(self, choice) -> str:
        """The words on a choice's button."""
        return self._label(self._offered("choice", choice, several=False))

    def _written(self, given) -> str:
        return _words(given)

    def _label(self, choice) -> str:
        return _words(choice)

    def _offered(self, name: str, value, several: bool = True):
        """`value` if it is one of choices() (or, where they are cards and `several`, some of them); else refused."""
        offered = self.choices()
        if any(type(value) is type(one) and value == one for one in offered):  # True is not 1, (1, 0) not Points
            return value
        cards = [one for one in offered if isinstance(one, Card)]
        if (
            several
            and cards
            and type(value) in (tuple, list, set, frozenset)
            and len(value) <= len(cards)
            and all(type(one) is Card and one in cards for one in value)
        ):
            return value
        shown = ", ".join(self._written(one) for one in offered[:8]) + (", ..." if len(offered) > 8 else "")
        some = ", or a few of them" if several and cards else ""
        raise checks.refused(name, value, f"one of this exercise's choices ({shown}){some}")

    def check(self, given) -> Verdict:
        """Read an answer and say whether it is right, and why; nothing is kept (a view or Progress.check keeps it)."""
        return self.judge(given)

    def judge(self, given) -> Verdict:
        """The verdict on an answer, as check() gives it: remembered nowhere."""
        if given is None or given is Ellipsis:
            return Verdict(
                False,
                _("Replace the ____ or ... with your answer first. {question}").format(question=self.question),
                answered=False,
            )
        if _nesting(given) > MOST_NESTING:
            return Verdict(
                False,
                _("I could not read that answer: it is lists inside lists more than {most} deep. {question}").format(
                    most=MOST_NESTING, question=self.question
                ),
                answered=False,
            )
        try:
            value = self.read(given)
        except Unfinished as error:
            return Verdict(False, str(error), answered=False)
        except IllegalAction as error:  # read, and refused by the rules: a wrong answer, with the rule
            typed = _typed(given)
            refused = _("{answer} is not allowed here: {why} ({rule})").format(
                answer=typed, why=error.explanation, rule=error.rule
            )
            return Verdict(False, _inviting(refused), answer=typed)
        except (NotationError, ValueError) as error:
            return Verdict(
                False,
                _("I could not read {answer}: {error}").format(answer=excerpt(given), error=error),
                answered=False,
            )
        if self._is_right(value):
            return Verdict(True, self._praise(value), answer=self._written(value))
        return Verdict(False, _inviting(self._wrong(value)), answer=self._written(value))

    @property
    def hint_count(self) -> int:
        """How many hints hint() gives before the last one repeats."""
        return len(self.hints) or 1

    def hint(self, number: int = 1) -> str:
        """The hints one by one: hint(1), hint(2), ... (the last one repeats)."""
        number = checks.whole("number", number, 1, right="the number of a hint: a whole number such as 1 or 2")
        # The author's own hints, else the way in to an exercise of its kind.
        hints = self.hints or (language._(KIND_HINTS.get(type(self).__name__, KIND_HINTS["Exercise"])),)
        return _Text(_shown(hints[min(number, len(hints)) - 1]))

    def solution(self) -> str:
        """The answer with its explanation; where the class's house rules never show answers, a sentence saying so."""
        if show_answer() == "never":  # house_rules.json beside the lesson (student copies carry it)
            return _Text(language._(ANSWERS_OFF))
        return self.explained()

    def explained(self) -> str:
        """The answer with its explanation, whatever the class's setting (a view that offers it asks this)."""
        return _Text(_("Answer: {answer}. {why}").format(answer=_words(self.answer()), why=_sentence(self.explain())))

    def fallback_text(self) -> str:
        """What a page that cannot run the notebook shows (GitHub, an old viewer): what this is and how to answer."""
        name = _id_words(self.id) if self.id else _("Exercise")
        how = _(
            "(A click-to-answer exercise: open this notebook in JupyterLab and choose Run ▸ Run All Cells (or press "
            "the ▶▶ button above it), then click an answer and press Check.)"
        )
        return f"{name}: {self.prompt}\n{how}"

    def __repr__(self) -> str:
        # The widget lives a layer up (widgets.ask); a bare `ex.q1` in a notebook says how to answer it.
        return self.fallback_text()


def _id_words(id: str) -> str:
    """An exercise's id as a learner reads it: 'lesson 9 q1' is 'Lesson 9, question 1' ('Leçon 9, question 1')."""
    numbered = re.fullmatch(r"lesson (\d+) q(\d+)", id)
    if numbered is None:
        return _("Exercise {id}").format(id=id)
    return _("Lesson {lesson}, question {question}").format(lesson=numbered[1], question=numbered[2])


def _inviting(message: str) -> str:
    """A wrong answer's words, ending with the invitation to try again (said once, whoever wrote the words)."""
    message = message.strip()
    if "try again" in message.casefold():
        return message
    return f"{message}{'' if message.endswith(('.', '!', '?')) else '.'} {language._(TRY_AGAIN)}"


def _nesting(value, deepest: int = MOST_NESTING) -> int:
    """How many lists deep an answer goes, counted up to one past `deepest` (never recursing)."""
    level, row = 0, [value]
    while level <= deepest:
        lists = [one for one in row if type(one) in (list, tuple, set, frozenset, dict)]
        if not lists:
            break
        level += 1
        row = [item for one in lists for item in (one.values() if type(one) is dict else one)][:1000]
    return level


def _typed(given) -> str:
    """An answer as the learner gave it: text as typed, the items of a list one after another."""
    if isinstance(given, str):
        return given.strip()
    if isinstance(given, (list, tuple, set, frozenset)):
        items = sorted(given, key=str) if isinstance(given, (set, frozenset)) else given
        return " ".join(excerpt(item) if not isinstance(item, str) else item for item in items) or "none"
    return excerpt(given)


def _words(value) -> str:
    """An answer written for a person."""
    if isinstance(value, (tuple, list, frozenset, set)):
        return " ".join(map(str, sorted(value, key=sort_key))) if value else "none"
    return str(value)


def _cards(text) -> tuple[Card, ...]:
    return tuple(parse_cards(list(text) if isinstance(text, (set, frozenset)) else text))


def _sorted(cards) -> tuple[Card, ...]:
    """Cards in the display order, which says nothing about which are right."""
    return tuple(sorted(cards, key=sort_key))


@dataclass(frozen=True, repr=False)
class WhichSuit(Exercise):
    """Which suit does this card belong to once trump is fixed? (C2, C3)"""

    card: Card
    trump: Suit

    if TYPE_CHECKING:

        def __init__(self, card: Card | str, trump: Suit | str, **written: Unpack[Written]) -> None: ...

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "card", parse_card(self.card))
        object.__setattr__(self, "trump", parse_suit(self.trump))

    @property
    def question(self) -> str:
        return _("With {trump} trump, which suit does {card} belong to?").format(trump=self.trump, card=self.card)

    def choices(self) -> tuple[Suit, ...]:
        return tuple(Suit)

    def _label(self, choice: Suit) -> str:
        return f"{choice} {suit_words(choice)}"

    def kind_rules(self) -> tuple[str, ...]:
        return ("C3",) if self.card.is_joker else ("C2",)

    def exhibits(self):
        return ((_("The card"), (self.card,)),)

    def answer(self) -> Suit:
        return effective_suit(self.card, self.trump)

    def _read(self, given) -> Suit:
        return parse_suit(given)

    def explain(self) -> str:
        role = bower(self.card, self.trump)
        if role == "left":
            return _(
                "{card} is the left bower: the jack of the suit of the same colour as trump counts as a {noun}, the "
                "second-highest trump (C2)."
            ).format(card=self.card, noun=_noun(self.trump))
        if role == "right":
            return _("{card} is the right bower, the jack of trump: the highest trump but the joker (C2).").format(
                card=self.card
            )
        if role == "joker":
            return _("The joker is always a trump, the highest card of all (C3).")
        own = effective_suit(self.card, self.trump)  # neither bower nor joker: the card's own suit
        return _("{card} is an ordinary card: it keeps its own suit, {suit} (C2).").format(
            card=self.card, suit=suit_words(own)
        )

    def _wrong(self, given: Suit) -> str:
        # Why the suit given is not the card's, in words that never name the card's suit.
        card, role, noun = self.card, bower(self.card, self.trump), _noun(given)
        if role == "joker":
            return _("The joker is never a {noun}: it has no suit of its own until trump is named (C3).").format(
                noun=noun
            )
        if role == "left" and given is card.suit:
            return _(
                "{card} looks like a {noun}, but a jack of trump's colour does not keep its own suit (C2)."
            ).format(card=card, noun=noun)
        if role == "left":
            return _("{card} is not a {noun}: look at its colour, and at trump's colour (C2).").format(
                card=card, noun=noun
            )
        if role == "right":
            return _("{card} is not a {noun}: it is the jack of the trump suit itself (C2).").format(
                card=card, noun=noun
            )
        if given is self.trump and card.rank is Rank.JACK:
            return _(
                "{card} is not a trump here: it is a jack, but not of trump's colour; only the jacks of trump's colour "
                "change suit (C2)."
            ).format(card=card)
        if given is self.trump:
            return _("{card} is not a trump here: only the jacks of trump's colour change suit (C2).").format(card=card)
        return _("{card} is not a {noun}: only the jacks of trump's colour change suit (C2).").format(
            card=card, noun=noun
        )


@dataclass(frozen=True, repr=False)
class _CardsAndTrump(Exercise):
    """A question about some cards once trump is fixed: both read from notation."""

    cards: tuple[Card, ...]
    trump: Suit

    if TYPE_CHECKING:

        def __init__(self, cards: Sequence[Card] | str, trump: Suit | str, **written: Unpack[Written]) -> None: ...

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "cards", _cards(self.cards))
        object.__setattr__(self, "trump", parse_suit(self.trump))


# Why a trump lost its trick, said with its role where it has one.
TRUMP_ROLES = {
    "left": N_("{card} is a trump (the left bower), but a higher trump was played"),
    "right": N_("{card} is a trump (the right bower), but a higher trump was played"),
    "joker": N_("{card} is a trump (the joker), but a higher trump was played"),
}


@dataclass(frozen=True, repr=False)
class TrickWinner(_CardsAndTrump):
    """Which card wins this trick? Cards in play order, the first one led (C13)."""

    if TYPE_CHECKING:

        def __init__(self, cards: Sequence[Card] | str, trump: Suit | str, **written: Unpack[Written]) -> None: ...

    def __post_init__(self):
        super().__post_init__()
        if not 2 <= len(self.cards) <= 4:  # a led card and at least one more; four seats at most
            raise NotationError(
                "cards",
                f"cards holds {len(self.cards)} cards, but a trick to ask about has 2 to 4, the led card first (C13).",
            )

    @property
    def question(self) -> str:
        return _("With {trump} trump, {led} is led and then {cards} played: which card wins?").format(
            trump=self.trump, led=self.cards[0], cards=_words_in_order(self.cards[1:])
        )

    def choices(self) -> tuple[Card, ...]:
        return self.cards  # play order: part of the question, not of the answer

    def kind_rules(self) -> tuple[str, ...]:
        return ("C13",) + _bower_rules(self.cards, self.trump)

    def answer(self) -> Card:
        return self.cards[trick_winner(self.cards, self.trump)]

    def _read(self, given) -> Card:
        card = parse_card(given)
        if card not in self.cards:
            raise NotationError(
                excerpt(given),
                _("{card} was not played to this trick; choose one of {cards}.").format(
                    card=card, cards=_words_in_order(self.cards)
                ),
            )
        return card

    def explain(self) -> str:
        return why_wins(self.cards, self.trump)

    def _wrong(self, given: Card) -> str:
        # Why the card given loses, never which card wins: what beat it is a kind of card, not a card.
        led = effective_suit(self.cards[0], self.trump)
        trumps = [card for card in self.cards if is_trump(card, self.trump)]
        if is_trump(given, self.trump):
            role = TRUMP_ROLES.get(
                str(bower(given, self.trump)), N_("{card} is a trump, but a higher trump was played")
            )
            why = language._(role).format(card=given)
        elif trumps:
            why = _("{card} is beaten: a trump was played, and any trump beats a card of another suit").format(
                card=given
            )
        elif effective_suit(given, self.trump) is led:
            why = _("{card} is beaten: nobody played a trump, and a higher {noun} was played").format(
                card=given, noun=_noun(led)
            )
        else:
            why = _("{card} cannot win: it is neither a trump nor a {noun}, the suit led").format(
                card=given, noun=_noun(led)
            )
        disguised = {bower(card, self.trump) for card in trumps if card != given}
        said = [_("{why} (C13).").format(why=why)]
        if "left" in disguised:
            said.append(_("Remember that the jack of trump's colour is a trump too (C2)."))
        if "joker" in disguised:  # never "the joker": that would name the card that wins
            said.append(_("Remember that a card of no suit can be a trump too (C3)."))
        return " ".join(said)


# A suit's noun for one card of it ("J♦ is not a heart"), marked here and translated where it is said.
SUIT_NOUNS = {Suit.CLUBS: N_("club"), Suit.DIAMONDS: N_("diamond"), Suit.HEARTS: N_("heart"), Suit.SPADES: N_("spade")}


def _noun(suit: Suit) -> str:
    """One card's suit as a noun, in the language chosen: 'heart' ('cœur', 'ärtu')."""
    return language._(SUIT_NOUNS[suit])


def _words_in_order(cards) -> str:
    return ", ".join(map(str, cards))


def _bower_rules(cards, trump: Suit) -> tuple[str, ...]:
    """C2 when a bower is among the cards, C3 when the joker is: the rules that make them trumps."""
    roles = {bower(card, trump) for card in cards}
    return (("C2",) if roles & {"right", "left"} else ()) + (("C3",) if "joker" in roles else ())


@dataclass(frozen=True, repr=False)
class LegalPlays(Exercise):
    """Which of these cards may be played to the trick? (C12)"""

    hand: tuple[Card, ...]
    trick: tuple[Card, ...]
    trump: Suit

    several: ClassVar[bool] = True

    if TYPE_CHECKING:

        def __init__(
            self,
            hand: Sequence[Card] | str,
            trick: Sequence[Card] | str,
            trump: Suit | str,
            **written: Unpack[Written],
        ) -> None: ...

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "hand", _cards(self.hand))
        object.__setattr__(self, "trick", _cards(self.trick))
        object.__setattr__(self, "trump", parse_suit(self.trump))

    @property
    def question(self) -> str:
        return _("With {trump} trump and {so_far}, which of {cards} may you play?").format(
            trump=self.trump, so_far=self._so_far(), cards=_words(self.hand)
        )

    def _so_far(self) -> str:
        return _("{cards} played so far").format(cards=_words_in_order(self.trick)) if self.trick else _("you lead")

    def choices(self) -> tuple[Card, ...]:
        return _sorted(self.hand)

    def kind_rules(self) -> tuple[str, ...]:
        # Following is judged by the suit each card belongs to once trump is fixed (C2), the joker's too (C3).
        return ("C12",) + (("C2",) if self.trick else ()) + _bower_rules(self.hand + self.trick[:1], self.trump)

    def exhibits(self):
        return ((_("Trick so far"), self.trick),) if self.trick else ()

    def answer(self) -> frozenset[Card]:
        return frozenset(legal_plays(self.hand, self.trick, self.trump))

    def _read(self, given) -> frozenset[Card] | Card:  # some cards; a PlayableCard reads one card
        return frozenset(_cards(given))

    def explain(self) -> str:
        legal = self.answer()
        if legal == frozenset(self.hand):
            if not self.trick:
                return _("The leader may lead any card (C12).")
            led = effective_suit(self.trick[0], self.trump)
            return _(
                "You hold no {noun} (trumps counted by their real suit, C2), so any card may be played (C12)."
            ).format(noun=_noun(led))
        refused = min(set(self.hand) - legal, key=sort_key)
        why = why_not(refused, self.hand, self.trick, self.trump)
        return checks.known(why, "a card outside the legal plays has a reason") + " (C12)"

    def _wrong(self, given) -> str:
        # Why the cards given are not the legal plays, never which cards are: a refused card and why, or a count.
        legal = self.answer()
        for card in sorted(given - legal, key=sort_key):
            return self._refused(card)
        missing = len(legal - given)
        return ngettext(
            "You left out {count} card that may be played too: check each card of your hand against the suit led "
            "(C12).",
            "You left out {count} cards that may be played too: check each card of your hand against the suit led "
            "(C12).",
            missing,
        ).format(count=missing)

    def _refused(self, card: Card) -> str:
        """Why a card may not be played to this trick, without naming the cards that may."""
        led = effective_suit(self.trick[0], self.trump)
        looks = card.suit is led and effective_suit(card, self.trump) is not led  # the left bower of the led suit
        held = [c for c in self.hand if effective_suit(c, self.trump) is led]
        hidden = any(bower(c, self.trump) in ("left", "joker") for c in held)
        said = [
            (
                _("{card} may not be played: you hold a trump, the suit led, so you must follow it (C12).")
                if led is self.trump
                else _("{card} may not be played: you hold a {noun}, the suit led, so you must follow it (C12).")
            ).format(card=card, noun=_noun(led))
        ]
        if looks:
            said.append(
                _("{card} is the left bower: it belongs to trump, not to the {suit}.").format(
                    card=card, suit=suit_words(led)
                )
            )
        if hidden:
            said.append(_("Remember that the jack of trump's colour is a trump (C2)."))
        return " ".join(said)


@dataclass(frozen=True, repr=False)
class PlayableCard(LegalPlays):
    """Which one card of the hand may you play to this trick? Any card the rules allow is right (C12)."""

    several: ClassVar[bool] = False

    if TYPE_CHECKING:

        def __init__(
            self,
            hand: Sequence[Card] | str,
            trick: Sequence[Card] | str,
            trump: Suit | str,
            **written: Unpack[Written],
        ) -> None: ...

    @property
    def question(self) -> str:
        return _("With {trump} trump and {so_far}, which card of {cards} may you play?").format(
            trump=self.trump, so_far=self._so_far(), cards=_words(self.hand)
        )

    def _read(self, given) -> Card:
        card = parse_card(given)
        if card not in self.hand:
            raise NotationError(
                str(given),
                _("{card} is not in your hand; choose one of {cards}.").format(card=card, cards=_words(self.hand)),
            )
        return card

    def _is_right(self, given: Card) -> bool:
        return given in self.answer()

    def _praise(self, given: Card) -> str:
        return _("{card} may be played: {why}").format(card=given, why=why_may(given, self.trick, self.trump))

    def _wrong(self, given: Card) -> str:
        return self._refused(given)

    def explained(self) -> str:
        return _Text(_("Answer: any of {answer}. {why}").format(answer=_words(self.answer()), why=self.explain()))


# Both sides' points as an answer names them, by the game's noun for its defenders (T7, F4, W6).
_PAIRS = {
    "the defenders": N_("makers {makers}, defenders {defenders}"),
    "each defender": N_("makers {makers}, each defender {defenders}"),
    "the opponent": N_("makers {makers}, opponent {defenders}"),
}


@dataclass(frozen=True, repr=False)
class Score(Exercise):
    """How many points does this hand score? (T7, F4)"""

    maker_tricks: int
    maker_alone: bool = False
    lone_defender: bool = False
    rules: RuleSet = CUTTHROAT
    who: str = "makers"  # or "defenders", or "both": the side the question asks about

    def __post_init__(self):
        super().__post_init__()
        if self.who not in ("makers", "defenders", "both"):
            raise NotationError(excerpt(self.who), "who= is 'makers', 'defenders' or 'both'.")
        scoring_row(self.rules, self.maker_tricks, self.maker_alone, self.lone_defender)  # refuses nonsense

    @property
    def _defenders(self) -> str:
        return self.rules.facts.defenders.noun

    @property
    def question(self) -> str:
        facts = self.rules.facts
        side = {"makers": facts.makers.asked, "defenders": facts.defenders.asked, "both": N_("each side")}[self.who]
        asked = (
            _("In {game}, {took}, against a lone defender: how many points does {side} score?")
            if self.lone_defender
            else _("In {game}, {took}: how many points does {side} score?")
        )
        return asked.format(game=language._(facts.said), took=self._took(), side=language._(side))

    def _took(self) -> str:
        """What the maker did: 'the maker alone took 5 tricks'."""
        count = self.maker_tricks
        if self.maker_alone:
            took = ngettext("the maker alone took {count} trick", "the maker alone took {count} tricks", count)
        else:
            took = ngettext("the maker took {count} trick", "the maker took {count} tricks", count)
        return took.format(count=count)

    def _row(self):
        return scoring_row(self.rules, self.maker_tricks, self.maker_alone, self.lone_defender)

    def kind_rules(self) -> tuple[str, ...]:
        return (self._row().rule,)

    def choices(self) -> tuple:
        """Every number of points (or pair of them) the scoring table gives, smallest first."""
        table = self.rules.scoring
        if self.who == "both":
            return tuple(sorted({Points(row.makers, row.defenders) for row in table}))
        return tuple(sorted({0} | {row.makers for row in table} | {row.defenders for row in table}))

    def _label(self, choice) -> str:
        if isinstance(choice, tuple):
            return self._pair(choice)
        return ngettext("{count} point", "{count} points", choice).format(count=choice)

    def _pair(self, points) -> str:
        pair = _PAIRS.get(self._defenders)
        if pair is None:  # a game whose defenders the catalog does not name: said as written
            return f"makers {points[0]}, {self._defenders.removeprefix('the ')} {points[1]}"
        return language._(pair).format(makers=points[0], defenders=points[1])

    def _written(self, given) -> str:
        return " ".join(map(str, given)) if isinstance(given, tuple) else str(given)

    def answer(self) -> int | Points:
        row = self._row()
        return {"makers": row.makers, "defenders": row.defenders, "both": Points(row.makers, row.defenders)}[self.who]

    def _read(self, given) -> int | Points:
        if self.who != "both":
            return _points(given)
        parts = given.replace(",", " ").replace("-", " ").split() if isinstance(given, str) else given
        if not isinstance(parts, (tuple, list)) or len(parts) != 2:
            raise NotationError(
                excerpt(given),
                _("Answer with two whole numbers, the makers' points and the defenders', such as (1, 0) or '1 0'."),
            )
        return Points(*map(_points, parts))

    def explained(self) -> str:
        answer = self.answer()
        return _Text(
            _("Answer: {answer}. {why}").format(
                answer=self._pair(answer) if self.who == "both" else answer, why=self.explain()
            )
        )

    def _wrong(self, given) -> str:
        # Which row of the table gives the points said, and why this hand is not that row: never the right row.
        row = self._row()
        facts = self.rules.facts
        said = self._pair(given) if self.who == "both" else self._label(given)
        sides = {"makers": facts.makers.noun, "defenders": facts.defenders.noun}
        giving = [
            one
            for one in self.rules.scoring
            if one != row and (Points(one.makers, one.defenders) if self.who == "both" else self._side(one)) == given
        ]
        # The row nearest this hand first: one that differs from it only in the tricks taken.
        giving.sort(
            key=lambda one: (
                one.maker_alone not in (None, self.maker_alone) or one.lone_defender not in (None, self.lone_defender)
            )
        )
        here = (_("here {took} against a lone defender") if self.lone_defender else _("here {took}")).format(
            took=self._took()
        )
        if not giving:
            side = N_("the sides") if self.who == "both" else sides[self.who]
            rules = list(dict.fromkeys(one.rule for one in self.rules.scoring))
            tables = rules[0]
            for rule in rules[1:]:
                tables = _("{one} and {other}").format(one=tables, other=rule)
            return _("No row of the {game} scoring table ({tables}) gives {side} {said}: {here}.").format(
                game=language._(facts.name), tables=tables, side=language._(side), said=said, here=here
            )
        return _(
            "{said} is what the row '{result}' gives ({rule}), but {here}: find the first row that fits this hand."
        ).format(said=_sentence(said), result=language._(giving[0].result), rule=giving[0].rule, here=here)

    def _side(self, row) -> int:
        """The points of a row for the side the question asks about."""
        return row.makers if self.who == "makers" else row.defenders

    def explain(self) -> str:
        row, facts = self._row(), self.rules.facts
        applies = (  # a side of two score; Cutthroat's one maker scores
            _("The row that applies is '{result}' ({rule}): {makers} score {points} and {defenders} {defended}.")
            if facts.partners
            else _("The row that applies is '{result}' ({rule}): {makers} scores {points} and {defenders} {defended}.")
        )
        return applies.format(
            result=language._(row.result),
            rule=row.rule,
            makers=language._(facts.makers.noun),
            points=row.makers,
            defenders=language._(self._defenders),
            defended=row.defenders,
        )


def _trumps(number: int) -> str:
    """A number of trumps in words: '1 trump', '3 trumps', 'no trumps'."""
    if not number:
        return _("no trumps")
    return ngettext("{count} trump", "{count} trumps", number).format(count=number)


def _aces(number: int) -> str:
    """A number of aces in words: '1 ace', '2 aces', 'no aces'."""
    if not number:
        return _("no aces")
    return ngettext("{count} ace", "{count} aces", number).format(count=number)


def _off_suit_aces(number: int) -> str:
    """A number of aces outside trump in words: '1 off-suit ace', 'no off-suit aces'."""
    if not number:
        return _("no off-suit aces")
    return ngettext("{count} off-suit ace", "{count} off-suit aces", number).format(count=number)


def _points(given) -> int:
    """A whole number of points, from a number or its digits."""
    if isinstance(given, bool) or not isinstance(given, (int, str)) or not str(given).strip().isdigit():
        raise NotationError(excerpt(given), _("Answer with a whole number of points, such as 2."))
    if len(str(given).strip()) > 3:
        raise NotationError(excerpt(given), _("No hand scores more than a few points; answer with a number such as 2."))
    return int(given)


@dataclass(frozen=True, repr=False)
class BestFive(_CardsAndTrump):
    """Which five of the cutthroat maker's ten should be kept? (T5)"""

    several: ClassVar[bool] = True
    how_many: ClassVar[int | None] = 5

    if TYPE_CHECKING:

        def __init__(self, cards: Sequence[Card] | str, trump: Suit | str, **written: Unpack[Written]) -> None: ...

    @property
    def question(self) -> str:
        return _("With {trump} trump, which five of {cards} do you keep?").format(
            trump=self.trump, cards=_words(self.cards)
        )

    def choices(self) -> tuple[Card, ...]:
        return _sorted(self.cards)

    def kind_rules(self) -> tuple[str, ...]:
        return ("T5",)

    @cached_property
    def best(self) -> Keep:
        """The engine's strongest five and its reason, worked out once (252 fives are compared)."""
        return best_five(self.cards, self.trump)

    def answer(self) -> tuple[Card, ...]:
        return self.best.cards

    def _read(self, given) -> frozenset[Card]:
        five = frozenset(_cards(given))
        strangers = sorted(five - set(self.cards), key=sort_key)
        if strangers:
            raise IllegalAction(
                "T5",
                _("{card} is not among your ten cards; keep five of {cards}.").format(
                    card=strangers[0], cards=_words(self.cards)
                ),
            )
        if len(five) != 5:
            raise Unfinished(
                excerpt(given),
                _("Choose five different cards from {cards}, not {count} (T5).").format(
                    cards=_words(self.cards), count=len(five)
                ),
            )
        return five

    def _is_right(self, given) -> bool:
        # Any five as strong as the computer's by the same measure is right: ties are not mistakes.
        return keep_strength(tuple(given), self.trump) == keep_strength(self.answer(), self.trump)

    def _praise(self, given) -> str:
        if set(given) == set(self.answer()):
            return _("These are the strongest five. {why}").format(why=self.explain())
        return _("Just as strong as the computer's five ({best}) by the teacher's rule: {why}").format(
            best=_words(self.answer()), why=self.explain()
        )

    def explain(self) -> str:
        return self.best.reason

    def _wrong(self, given) -> str:
        # The first measure of the teacher's rule where these five fall short, never the stronger five's cards.
        mine, best = keep_strength(_sorted(given), self.trump), keep_strength(self.answer(), self.trump)
        if mine[0] != best[0]:
            return _(
                "You kept {trumps}, but more of your ten cards are trumps: every trump you keep is a likely trick (T5)."
            ).format(trumps=_trumps(mine[0]))
        if mine[1] != best[1]:
            return _(
                "You kept {trumps}, but not your strongest: a higher trump is among the cards you let go (remember "
                "both bowers, C2)."
            ).format(trumps=_trumps(mine[0]))
        if mine[2] != best[2]:
            return _(
                "You kept {aces} where you could keep more: an ace is likely to win the first lead of its suit (T5)."
            ).format(aces=_off_suit_aces(mine[2]))
        if mine[3] != best[3]:
            return _(
                "Your cards outside trump are spread over {count} suits, where fewer would do: a suit you hold none of "
                "lets you trump its leads (T5)."
            ).format(count=-mine[3])
        return _("Your cards outside trump are lower than they could be: a higher one is among the cards you let go.")


@dataclass(frozen=True, repr=False)
class Bid(Exercise):
    """What should this seat do now? The accepted actions and the reason are declared by the author."""

    state: HandState
    accept: tuple[Action, ...]
    reason: str

    if TYPE_CHECKING:

        def __init__(
            self,
            state: HandState,
            accept: str | Action | Sequence[str | Action],
            reason: str,
            **written: Unpack[Written],
        ) -> None: ...

    def __post_init__(self):
        super().__post_init__()
        checks.instance("state", self.state, HandState, "a HandState, such as deal_hand(CUTTHROAT, 0, seed=1)")
        checks.instance("reason", self.reason, str, "the reason for the right answer, as text")
        accept = (self.accept,) if isinstance(self.accept, (str, Action)) else self.accept
        if not isinstance(accept, (tuple, list)) or len(accept) > MOST_OPTIONS:
            raise checks.refused("accept", self.accept, "the actions that are right, such as ('order',)")
        accepted = tuple(parse_action(a) for a in accept)
        legal = self.state.legal_actions()
        if not accepted or any(a not in legal for a in accepted):
            raise NotationError(str(self.accept), f"Accepted answers must be legal here: {_words_in_order(legal)}.")
        object.__setattr__(self, "accept", accepted)

    @property
    def question(self) -> str:
        said = [_lower(self._label(action)) for action in self.choices()]
        options = said[0]
        for other in said[1:-1]:
            options = _("{one}, {other}").format(one=options, other=other)
        if len(said) > 1:
            options = _("{one} or {other}").format(one=options, other=said[-1])
        return _("Seat {seat} to act: {options}?").format(seat=self.state.to_act, options=options)

    @property
    def prompt(self) -> str:
        state = self.state
        up = (_("the up-card {card} was turned down") if state.turned_down else _("the up-card is {card}")).format(
            card=state.up_card
        )
        return _(
            "You are seat {seat} and the dealer is seat {dealer} ({phase}). You hold {cards}, and {up}. What do you do?"
        ).format(
            seat=state.to_act,
            dealer=state.dealer,
            phase=language._(str(state.phase)),
            cards=_words(state.hands[acting_seat(state)]),
            up=up,
        )

    def exhibits(self):
        state = self.state
        return (
            (_("Your hand"), _sorted(state.hands[acting_seat(state)])),
            (_("Turned down") if state.turned_down else _("The up-card"), (state.up_card,)),
        )

    def choices(self) -> tuple[Action, ...]:
        return tuple(self.state.legal_actions())

    def _label(self, choice: Action) -> str:
        # The table's words for the action, as its bid buttons say it: "Order up the 10♥", "Call hearts ♥".
        return choice_words(choice, self.state.view(acting_seat(self.state)))

    def kind_rules(self) -> tuple[str, ...]:
        return (PHASE_RULES[self.state.phase],)  # the engine's: the rule that says what a seat may do now

    def answer(self) -> Action:
        return self.accept[0]

    def _read(self, given) -> Action:
        if isinstance(given, str):  # a button's words typed ("Order up the 10♥") read as its action
            said = " ".join(given.split()).casefold()
            for choice in self.choices():
                if self._label(choice).casefold() == said:
                    return choice
        action = parse_action(given)  # a token: "order", "order up", "call ♥"
        self.state.apply(action)  # the engine says whether it is legal here, and why not (IllegalAction)
        return action

    def _is_right(self, given) -> bool:
        return given in self.accept

    def _wrong(self, given: Action) -> str:
        # Why this choice fails, from the hand alone: the author's reason speaks of the right choice, so it waits
        # for a right try or Show the answer.
        kind = given.kind
        making = self._suit_made(given)
        if making is not None:
            held = self._holding(making)
            if all(self._suit_made(action) is None for action in self.accept):
                weak = N_("With {suit} trump you would hold {held}: too little to expect three tricks.")
            else:
                weak = N_("With {suit} trump you would hold {held}: another choice here makes a stronger hand.")
            return language._(weak).format(suit=suit_words(making), held=held)
        if kind is Verb.PASS:
            return _(
                "Passing lets a hand worth a bid go by: count the trumps you would hold (both bowers count) "
                "and your aces outside trump."
            )
        if kind is Verb.ALONE:
            return _("Going alone pays only when you can take every trick by yourself: here, help is worth more.")
        if kind is Verb.STAY:
            return _("Playing with help is safe, but this hand is strong enough to win every trick by itself.")
        if kind is Verb.PICKUP and given.card is not None:  # the dealer's discard
            return self._discarding(given.card)
        return _("{choice} is not the best choice here: think again about what the lesson said of it.").format(
            choice=self._label(given)
        )

    def _discarding(self, card: Card) -> str:
        """Why the dealer's discard of this card is not the best, from the card alone."""
        if is_trump(card, self.state.trump):
            return _("{card} is a trump, a likely trick: lay down a card that is worth less.").format(card=card)
        if card.rank is Rank.ACE:
            return _("{card} is an ace, likely to win the first lead of its suit: lay down a card worth less.").format(
                card=card
            )
        return _("{card} is not the card you can best spare: think which suit you could be left without.").format(
            card=card
        )

    def _suit_made(self, action: Action) -> Suit | None:
        """The suit an action makes trump (ordering up the up-card's, calling a suit), else None."""
        if action.kind is Verb.ORDER and self.state.up_card is not None:
            return self.state.up_card.suit
        return action.suit if action.kind is Verb.CALL else None

    def _holding(self, trump: Suit) -> str:
        """The trumps and the aces outside trump the acting seat would hold with this suit trump."""
        hand = list(self.state.hands[acting_seat(self.state)])
        if (
            acting_seat(self.state) == self.state.dealer
            and self.state.up_card is not None
            and not self.state.turned_down
        ):
            hand.append(self.state.up_card)  # a dealer who is ordered up takes the up-card
        trumps = sum(is_trump(card, trump) for card in hand)
        aces = sum(card.rank is Rank.ACE and not is_trump(card, trump) for card in hand)
        return _("{trumps} and {aces} outside trump").format(trumps=_trumps(trumps), aces=_aces(aces))

    def explain(self) -> str:
        return _shown(self.reason)

    def explained(self) -> str:
        said = [self._label(action) for action in self.accept]
        answer = said[0]
        for other in said[1:]:
            answer = _("{one} or {other}").format(one=answer, other=_lower(other))
        return _Text(_("Answer: {answer}. {why}").format(answer=answer, why=self.explain()))


def _lower(words: str) -> str:
    """Words to go inside a sentence: a small first letter ('Order up the 10♥' -> 'order up the 10♥')."""
    return words[:1].lower() + words[1:]


@dataclass(frozen=True, repr=False)
class Choice(Exercise):
    """A question with a few named options: the right one and why each wrong one is wrong."""

    ask: str
    options: dict  # option -> why it is right, or why it is wrong
    right: str

    def __post_init__(self):
        super().__post_init__()
        checks.instance("ask", self.ask, str, "the question, as text")
        options = self.options
        if (
            not isinstance(options, dict)
            or not 2 <= len(options) <= MOST_OPTIONS
            or not all(isinstance(o, str) and isinstance(why, str) for o, why in options.items())
        ):
            raise checks.refused(
                "options",
                options,
                f"a dict of 2 to {MOST_OPTIONS} options, each text to why it is right or wrong, as text",
            )
        if not isinstance(self.right, str) or self.right not in self.options:
            raise NotationError(
                excerpt(self.right),
                f"right={excerpt(self.right)}: the right option must be one of {list(self.options)}.",
            )

    @property
    def question(self) -> str:
        return _("{question} Options: {options}.").format(
            question=_shown(self.ask), options=", ".join(repr(self._label(option)) for option in self.options)
        )

    @property
    def prompt(self) -> str:
        return _shown(self.ask)

    def choices(self) -> tuple[str, ...]:
        """The options in an order of their own (numbers by size, yes before no, else alphabetical).

        Authors often write the right option first; the buttons must not repeat that.
        """
        options = tuple(self.options)
        if all(option.isdigit() for option in options):
            return tuple(sorted(options, key=int))
        if set(options) == {"yes", "no"}:
            return ("yes", "no")
        return tuple(sorted(options, key=str.casefold))

    def answer(self) -> str:
        return self.right

    def _label(self, choice: str) -> str:
        # An option is its answer too: the English words (the key) keep its identity, its button shows them translated.
        return _shown(choice)

    def _read(self, given) -> str:
        wanted = str(given).strip().casefold()
        for option in self.options:  # the option as written, or its words in the language chosen
            if wanted in (option.casefold(), self._label(option).casefold()):
                return option
        raise NotationError(
            excerpt(given),
            _("Answer with one of {options}.").format(options=", ".join(repr(self._label(o)) for o in self.options)),
        )

    def explain(self) -> str:
        return _shown(self.options[self.right])

    def explained(self) -> str:
        return _Text(_("Answer: {answer}. {why}").format(answer=self._label(self.right), why=_sentence(self.explain())))

    def _wrong(self, given) -> str:
        return _shown(self.options[given])
