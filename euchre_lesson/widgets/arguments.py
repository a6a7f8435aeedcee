"""The widgets' arguments, checked where a teacher or a lesson passes them: a wrong one is refused by name."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable
from typing import Any, Literal, overload

import ipywidgets as w
from traitlets import TraitError

from ..engine import checks
from ..engine.actions import Action, parse_action
from ..engine.cards import MOST_CARDS, Card
from ..engine.errors import NotationError, excerpt
from ..engine.rules import PRESETS, RuleSet

PRESET_WORDS = " or ".join(repr(name) for name in PRESETS)
RANDOM_SEEDS = 2**32  # a seed left out (None) is drawn from this many, and shown, so the deal can be had again
LONGEST_NAME = 40  # an argument's name, as the widgets' code spells it: every message quotes it
MOST_CHOICES = 12  # a refusal lists every choice


def _text(name: str, value: object, right: str) -> str:
    """Words the widgets' code hands a check (an argument's name, where a card must be): short text, never a list."""
    if type(value) is str and value.strip() and len(value) <= LONGEST_NAME:
        return value
    raise checks.refused(name, value, right)


def _named(name: object) -> str:
    """The name of the argument being checked: the messages begin with it."""
    return _text("name", name, f"an argument's name, such as 'seat' (text of at most {LONGEST_NAME} characters)")


def rules(name: str, value: object) -> RuleSet:
    """A RuleSet, or a preset's name ('cutthroat', 'partnership')."""
    name = _named(name)
    if isinstance(value, RuleSet):
        return value
    if isinstance(value, str) and value.strip().lower() in PRESETS:
        return PRESETS[value.strip().lower()]
    raise checks.refused(name, value, f"a RuleSet such as CUTTHROAT or PARTNERSHIP, or the name {PRESET_WORDS}")


def rule_sets(name: str, value: object) -> tuple[RuleSet, ...]:
    """RuleSets of different games (a class's house rules, each game once), as a list or tuple."""
    name = _named(name)
    right = "a list of RuleSets of different games, such as [CUTTHROAT, PARTNERSHIP]"
    if not isinstance(value, (list, tuple)) or not all(isinstance(one, RuleSet) for one in value):
        raise checks.refused(name, value, right)
    if len({one.game for one in value}) != len(value):
        raise checks.refused(name, value, right + ", each game once")
    return tuple(value)


def seed(name: str, value: object, *, optional: bool = True) -> int:
    """A seed: a whole number from 0 to 2**64 - 1; None (where optional) draws one at random."""
    name, optional = _named(name), checks.flag("optional", optional)
    if value is None and optional:
        return random.SystemRandom().randrange(RANDOM_SEEDS)
    if value is None:
        raise checks.refused(name, value, "a whole number from 0 to 2**64 - 1")
    return checks.whole(name, value, 0, checks.MOST_SEED, "a whole number from 0 to 2**64 - 1, or None")


@overload
def seat(name: str, value: object, players: int, none_means: Literal[""] = "") -> int: ...
@overload
def seat(name: str, value: object, players: int, none_means: str) -> int | None: ...
def seat(name: str, value: object, players: int, none_means: str = "") -> int | None:
    """A seat from 0 to players - 1; None too where `none_means` says what None does."""
    name, players = _named(name), checks.whole("players", players, 2, 4, "the number of players, 2 to 4")
    if none_means != "":
        none_means = _text("none_means", none_means, "a few words saying what None means, or ''")
    if value is None and none_means:
        return None
    also = f", or None for {none_means}" if none_means else ""
    return checks.whole(name, value, 0, players - 1, f"a seat, a whole number from 0 to {players - 1}{also}")


def choice(name: str, value, choices: Iterable):
    """One of some words or numbers (a level of play, a deck size); True is not 1 here."""
    name = _named(name)
    if (
        not isinstance(choices, (tuple, list, frozenset, set, dict))
        or not 0 < len(choices) <= MOST_CHOICES
        or any(type(c) not in (str, int) or (type(c) is str and len(c) > LONGEST_NAME) for c in choices)
    ):
        raise checks.refused("choices", choices, "a list of the words or whole numbers allowed")
    choices = tuple(choices)
    if any(type(value) is type(c) and value == c for c in choices):
        return value
    raise checks.refused(name, value, "one of " + ", ".join(repr(c) for c in choices))


def action(name: str, value: str | Action) -> Action:
    """An Action, or its text ('pass', 'play J♥')."""
    name = _named(name)
    try:
        return parse_action(value)
    except NotationError as error:
        raise NotationError(name, f"{name}: {error}") from None


def cards(name: str, value: object) -> tuple[Card, ...]:
    """Cards to draw, as Cards or their texts, at most a deck (rows of backs repeat a stand-in: repeats are fine)."""
    name = _named(name)
    if isinstance(value, (str, Card, dict)) or not isinstance(value, Iterable):
        raise checks.refused(name, value, "a list of cards, such as [Card(...), 'J♥']")
    found = tuple(itertools.islice(value, MOST_CARDS + 1))
    if len(found) > MOST_CARDS:
        raise NotationError(name, f"{name} holds more than {MOST_CARDS} cards: a row shows at most a whole deck (C1).")
    return tuple(checks.card(name, item) for item in found)


def card_among(name: str, value: object, among: Iterable[Card], where: str) -> Card:
    """A Card (or its text) that is one of `among`; `where` says where those are ('in your hand')."""
    name, among = _named(name), cards("among", among)
    where = _text("where", where, "a few words saying where the cards are, such as 'in your hand'")
    card = checks.card(name, value)
    if card not in among:
        raise NotationError(name, f"{name} {card} is not {where}: choose one of {' '.join(map(str, among))}.")
    return card


def callback(name: str, value: object) -> Callable[..., Any] | None:
    """A function to call, or None."""
    name = _named(name)
    if value is None or callable(value):
        return value
    raise checks.refused(name, value, "a function to call, or None")


BOX_OPTIONS = frozenset(name for name in w.VBox.class_trait_names() if not name.startswith("_"))


def start_box(cls: type[w.Box], widget: w.Box, options: dict[str, object]) -> None:
    """`super(cls, widget).__init__(**options)`: an unknown or wrong option (layout=5) is refused by name."""
    if not (isinstance(cls, type) and issubclass(cls, w.Box)):
        raise checks.refused("cls", cls, "the widget's own class, a kind of box")
    checks.instance("widget", widget, cls, f"the {cls.__name__} being made")
    if not isinstance(options, dict) or not all(type(key) is str for key in options):
        raise checks.refused("options", options, "the box's options by name, such as {'layout': Layout()}")
    unknown = sorted(set(options) - BOX_OPTIONS)
    if unknown:
        raise NotationError(
            unknown[0],
            f"{cls.__name__} has no option {excerpt(unknown[0])}: its options are its "
            f"arguments and the box's (layout, box_style, ...).",
        )
    try:
        super(cls, widget).__init__(**options)
    except TraitError as error:
        name = next((key for key in options if key in str(error)), "an option")
        raise NotationError(name, f"{cls.__name__}: {name} is wrong: {error}") from None
