"""The house rules as one frozen value: presets, switches and scoring tables."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any, NamedTuple

from . import language
from .cards import DECK_SIZES
from .errors import NotationError, excerpt
from .language import N_, N_many


class ScoreRow(NamedTuple):
    """One row of a scoring table: when it applies, and who scores what."""

    result: str
    maker_tricks: tuple[int, ...]
    maker_alone: bool | None  # None: either way
    lone_defender: bool | None
    makers: int
    defenders: int  # in cutthroat: to each defender
    rule: str


LONE_DEFENDER_EUCHRE = 2  # what a lone defender's euchre scores in T7 and F4


def _lone_vs_lone(points: int) -> tuple[ScoreRow, ...]:
    """R4: a lone defender who takes 3 or 4 tricks against a lone maker scores `points` (all 5 is the lone
    defender's march); a row only where the table pays other than T7 and F4 do."""
    if points == LONE_DEFENDER_EUCHRE:
        return ()
    return (ScoreRow("a lone defender euchres a lone maker", (1, 2), True, True, 0, points, "R4"),)


def _lone_march(rules: RuleSet, plain: int, rule: str) -> tuple[ScoreRow, ...]:
    """A lone maker's march where the switch pays it other than a plain march (T7 pays them alike), before it."""
    if rules.lone_maker_march_points == plain:
        return ()
    return (ScoreRow("a lone maker takes all 5", (5,), True, None, rules.lone_maker_march_points, 0, rule),)


# The rows of each table below say word for word what the rule book's table says, in its order; no two rows
# of a table match the same hand, save a switch's row, which comes before the row it changes.


def _cutthroat_table(rules: RuleSet) -> tuple[ScoreRow, ...]:
    """T7, first matching row wins."""
    return (
        ScoreRow("maker takes 3 or 4 tricks", (3, 4), None, None, 1, 0, "T7"),
        *_lone_march(rules, 3, "T7"),
        ScoreRow("maker takes all 5 tricks", (5,), None, None, 3, 0, "T7"),
        *_lone_vs_lone(rules.lone_vs_lone_euchre_points),
        ScoreRow(
            "a defender went alone, and that side takes 3 or 4", (1, 2), None, True, 0, LONE_DEFENDER_EUCHRE, "T7"
        ),
        ScoreRow("a defender went alone, and that side takes all 5", (0,), None, True, 0, 4, "T7"),
        ScoreRow("no defender alone, the maker is euchred (takes 0 to 2)", (0, 1, 2), None, False, 0, 2, "T7"),
    )


def _partnership_table(rules: RuleSet) -> tuple[ScoreRow, ...]:
    """F4 (Railroad's too, with R4), first matching row wins."""
    return (
        ScoreRow("makers take 3 or 4 tricks (alone or not)", (3, 4), None, None, 1, 0, "F4"),
        ScoreRow("makers take all 5, no maker alone", (5,), False, None, 2, 0, "F4"),
        ScoreRow("a lone maker takes all 5", (5,), True, None, rules.lone_maker_march_points, 0, "F4"),
        *_lone_vs_lone(rules.lone_vs_lone_euchre_points),
        ScoreRow("a lone defender takes 3 or 4", (1, 2), None, True, 0, LONE_DEFENDER_EUCHRE, "F4"),
        ScoreRow("a lone defender takes all 5", (0,), None, True, 0, 4, "F4"),
        ScoreRow("no defender alone, the makers are euchred", (0, 1, 2), None, False, 0, 2, "F4"),
    )


def _two_hand_table(rules: RuleSet) -> tuple[ScoreRow, ...]:
    """W6, first matching row wins: nobody goes alone (W4)."""
    return (
        ScoreRow("the maker takes 3 or 4 tricks", (3, 4), None, None, 1, 0, "W6"),
        ScoreRow("the maker takes all 5", (5,), None, None, 2, 0, "W6"),
        ScoreRow("the maker is euchred (0–2 tricks)", (0, 1, 2), None, None, 0, 2, "W6"),
    )


class Side(NamedTuple):
    """How the words of a game name one side of a hand: as it scores, and as a question asks about it."""

    noun: str  # "the maker scores 1", "each defender scores 2"
    asked: str  # "how many points does the makers' side score?"


class GameFacts(NamedTuple):
    """What makes one game of the rule book: its players, its dummy, whether anyone goes alone, its scoring
    table, the rules that name its players and its winner, and the words and advice the lessons use for it."""

    players: int
    dummy: bool  # T1: the open side of the three-hand table
    alone: bool  # W4: two players are already one against one
    scoring: Callable[[RuleSet], tuple[ScoreRow, ...]]  # the game's scoring table under a rule set
    players_rule: str
    winning_rule: str
    name: str  # "Cutthroat Euchre"
    label: str  # a button's few words: "Cutthroat (3 players, dummy)"
    described: str  # a sentence's: "Cutthroat (three players, each for themselves)"
    said: str  # how a question names it: "In Cutthroat, the maker took 3 tricks" (as the lessons' answers read)
    makers: Side
    defenders: Side
    make_trump_at: int  # the rule of thumb's count to make trump (lessons 2 and 3)
    hand_rules: tuple[str, ...] = ()  # the rules of a hand of it, in the order played (its rules card quotes them)
    scoring_rules: tuple[str, ...] = ()  # the rules that score it and name its winner

    @property
    def partners(self) -> bool:
        """Whether two players share each side (F1), so that a side's noun is plural: 'the makers score'."""
        return self.players == 4


# How high a count must be to make trump by the rule of thumb: the cutthroat maker also takes the dummy's five
# (T5); the two-hand maker plays one opponent, whose five come from the nineteen cards the maker cannot see (W2).
_PARTNERS = dict(
    makers=Side(N_("the makers"), N_("the makers' side")),
    defenders=Side(N_("the defenders"), N_("the defenders' side")),
)
GAMES = {
    "cutthroat": GameFacts(
        3,
        True,
        True,
        _cutthroat_table,
        "T1",
        "T8",
        name=N_("Cutthroat Euchre"),
        label=N_("Cutthroat (3 players, dummy)"),
        described=N_("Cutthroat (three players, each for themselves)"),
        said=N_("Cutthroat"),
        makers=Side(N_("the maker"), N_("the maker")),
        defenders=Side(N_("each defender"), N_("each defender")),
        make_trump_at=4,
        hand_rules=("T1", "T2", "C6", "C7", "C8", "C9", "T4", "T5", "T6", "C12", "C13"),
        scoring_rules=("T7", "T8"),
    ),
    "partnership": GameFacts(
        4,
        False,
        True,
        _partnership_table,
        "F1",
        "F5",
        name=N_("Partnership Euchre"),
        label=N_("Partnership (4 players)"),
        described=N_("Partnership Euchre (four players, partners opposite)"),
        said=N_("partnership Euchre"),
        **_PARTNERS,
        make_trump_at=5,
        hand_rules=("F1", "C5", "F2", "C7", "C8", "C9", "F3", "C11", "C12", "C13"),
        scoring_rules=("F5",),
    ),
    "twohand": GameFacts(
        2,
        False,
        False,
        _two_hand_table,
        "W1",
        "W6",
        name=N_("Two-handed Euchre"),
        label=N_("Two-handed (2 players)"),
        described=N_("Two-handed Euchre (two players)"),
        said=N_("Two-handed Euchre"),
        makers=Side(N_("the maker"), N_("the maker")),
        defenders=Side(N_("the opponent"), N_("the opponent")),
        make_trump_at=4,
        hand_rules=("W1", "W2", "W3", "C8", "C9", "W4", "W5", "C12", "C13"),
        scoring_rules=("W6",),
    ),
    "railroad": GameFacts(
        4,
        False,
        True,
        _partnership_table,
        "R1",
        "R5",
        name=N_("Railroad Euchre"),
        label=N_("Railroad (4 players, joker)"),
        described=N_("Railroad Euchre (four players, partners opposite, with the joker)"),
        said=N_("Railroad Euchre"),
        **_PARTNERS,
        make_trump_at=5,
        hand_rules=("F1", "R1", "F2", "C7", "C8", "C9", "F3", "R2", "R3", "C12", "C13"),
        scoring_rules=("R4", "R5"),
    ),
}
PLAYERS = {name: game.players for name, game in GAMES.items()}
OPENING_LEADS = ("left_of_lone", "dealer_left")
TIE_RULES = ("play_on", "shared")


@dataclass(frozen=True)
class Allowed:
    """What one RuleSet field may hold: values of one exact type (a bool is no number here), and its rule;
    and how a learner reads it: its words, as lesson 10 names it, and the words of its values."""

    kind: type
    values: tuple[object, ...] | range
    rule: str
    words: str  # "stick the dealer" (marked N_: said in the learner's language)
    unit: tuple[str, str] = ("", "")  # what a number counts, for one and for many: ("{count} card", "{count} cards")
    named: tuple[tuple[str, str], ...] = ()  # a text value and its words: ("shared", "the leaders share the win")

    def allows(self, value: object) -> bool:
        # the type first: `[] in PLAYERS` would raise, and True == 1 would pass for a number
        return type(value) is self.kind and value in self.values

    def value_words(self, value: object) -> str:
        """One value in words, in the language chosen: 'on', '25 cards', 'the dealer's left always leads'."""
        if self.kind is bool:
            return language._(N_("on") if value else N_("off"))
        named: dict[object, str] = dict(self.named)
        if value in named:
            return language._(named[value])
        if self.unit[0] and isinstance(value, int):
            return language.ngettext(*self.unit, value).format(count=value)
        return str(value)

    def __str__(self) -> str:
        if isinstance(self.values, range):
            words = f"a whole number from {self.values.start} to {self.values.stop - 1}"
        else:
            shown = [repr(v) for v in self.values]
            words = f"{', '.join(shown[:-1])} or {shown[-1]}"
        return f"{words} ({self.rule})"


CARDS = N_many("{count} card", "{count} cards")  # what a number counts, in ngettext's two forms
POINTS = N_many("{count} point", "{count} points")

# Every field of RuleSet, with its rule and its words (those of lesson 10's table of house rules). The ranges
# are what a class could want; they also keep a widget from building a million-entry list of possible scores.
ALLOWED = {
    "game": Allowed(
        str,
        tuple(GAMES),
        ", ".join(game.players_rule for game in GAMES.values()),
        N_("the game"),
        named=tuple((name, game.name) for name, game in GAMES.items()),
    ),
    "deck": Allowed(int, DECK_SIZES, "C1", N_("the deck"), CARDS),
    "target": Allowed(int, range(1, 101), "T8, F5", N_("the game is won at"), POINTS),
    "dealer_must_pick_up": Allowed(bool, (True, False), "C7", N_("the dealer must take the up-card")),
    "may_name_turned_suit": Allowed(bool, (True, False), "C8", N_("the turned-down suit may be named")),
    "stick_the_dealer": Allowed(bool, (True, False), "C9", N_("stick the dealer")),
    "allow_lone_defender": Allowed(bool, (True, False), "C10", N_("lone defenders")),
    "partner_may_go_alone": Allowed(bool, (True, False), "C10", N_("the maker's partner going alone")),
    "opening_lead": Allowed(
        str,
        OPENING_LEADS,
        "C11",
        N_("the opening lead"),
        named=(
            ("left_of_lone", N_("the lone player's left leads")),
            ("dealer_left", N_("the dealer's left always leads")),
        ),
    ),
    "lone_maker_march_points": Allowed(int, range(0, 11), "T7, F4", N_("a lone maker's march"), POINTS),
    "tie_rule": Allowed(
        str,
        TIE_RULES,
        "T8",
        N_("a tie at the top"),
        named=(("play_on", N_("level at the top plays on")), ("shared", N_("the leaders share the win"))),
    ),
    "call_for_best": Allowed(bool, (True, False), "R3", N_("calling for best")),
    "lone_vs_lone_euchre_points": Allowed(
        int, range(0, 11), "R4", N_("a lone defender's euchre of a lone maker"), POINTS
    ),
}


def switch_words(name: str, value: object) -> str:
    """A switch and its value as a learner reads them, with its rule: 'stick the dealer: on (C9)'."""
    allowed = ALLOWED[name]
    return language._("{setting}: {value} ({rule})").format(
        setting=language._(allowed.words), value=allowed.value_words(value), rule=allowed.rule
    )


@dataclass(frozen=True)
class RuleSet:
    """Every rule a class may change, named as in RULES.md."""

    game: str = "cutthroat"
    deck: int = 24
    target: int = 10
    dealer_must_pick_up: bool = False  # C7
    may_name_turned_suit: bool = False  # C8
    stick_the_dealer: bool = False  # C9
    allow_lone_defender: bool = True  # C10
    partner_may_go_alone: bool = True  # C10: False, only the player who fixed trump may go alone for the makers
    opening_lead: str = "left_of_lone"  # C11
    lone_maker_march_points: int = 3  # T7 (F4 pays 4)
    tie_rule: str = "play_on"  # T8
    call_for_best: bool = False  # R3: a lone player receives the partner's best card and lays one down
    lone_vs_lone_euchre_points: int = LONE_DEFENDER_EUCHRE  # R4: a lone defender euchres a lone maker

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise NotationError(problems[0][0], problems[0][1])

    @property
    def facts(self) -> GameFacts:
        """This game's facts: its players, its scoring table, the words that name it and its sides."""
        return GAMES[self.game]

    @property
    def players(self) -> int:
        return GAMES[self.game].players

    def partner(self, seat: int) -> int | None:
        """The seat opposite in the four-hand games (F1); Cutthroat and Two-handed have no partner (T1, W1)."""
        return (seat + 2) % 4 if self.players == 4 else None

    @property
    def has_dummy(self) -> bool:
        """Only the three-hand table has an open side with a dummy (T1)."""
        return GAMES[self.game].dummy

    @property
    def may_go_alone(self) -> bool:
        """Whether anyone announces going alone: not in Two-handed Euchre, already one against one (C10, W4)."""
        return GAMES[self.game].alone

    @property
    def may_defend_alone(self) -> bool:
        """Whether a defender may go alone: where anyone may, and the table allows it (C10, W4)."""
        return self.may_go_alone and self.allow_lone_defender

    @property
    def winning_rule(self) -> str:
        """The rule that says who wins this game (T8, F5, W6, R5)."""
        return GAMES[self.game].winning_rule

    @property
    def scoring(self) -> tuple[ScoreRow, ...]:
        """The scoring table of this game, with this rule set's points (lone march, lone against lone)."""
        return GAMES[self.game].scoring(self)

    @property
    def name(self) -> str:
        return self.game

    def switches(self) -> dict[str, Any]:
        """The settings that differ from this game's preset, as a record writes them."""
        base = PRESETS[self.game]
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "game" and getattr(self, f.name) != getattr(base, f.name)
        }

    def switches_words(self) -> tuple[str, ...]:
        """The settings that differ from this game's preset, in words: ('stick the dealer: on (C9)',)."""
        return tuple(switch_words(name, value) for name, value in self.switches().items())


def _problems(rules: RuleSet) -> list[tuple[str, str]]:
    """What is wrong with a rule set's fields, if anything."""
    return [
        (f.name, f"The rule {f.name}={excerpt(getattr(rules, f.name))} is not possible: use {ALLOWED[f.name]}.")
        for f in fields(rules)
        if not ALLOWED[f.name].allows(getattr(rules, f.name))
    ]


def side_of(rules: RuleSet, seat: int, maker: int | None = None) -> tuple[int, ...]:
    """Who is on `seat`'s side, `seat` included, in seat order: partners sit opposite (F1); in cutthroat each
    plays for themselves (T1), except that the two defenders of a hand play together against the maker (T4)."""
    partner = rules.partner(seat)
    if partner is not None:
        return (seat, partner) if seat < partner else (partner, seat)
    if maker is None or seat == maker:
        return (seat,)
    return tuple(other for other in range(rules.players) if other != maker)


CUTTHROAT = RuleSet()
PARTNERSHIP = RuleSet(game="partnership", lone_maker_march_points=4)
TWO_HANDED = RuleSet(game="twohand", dealer_must_pick_up=True)  # W3
RAILROAD = RuleSet(
    game="railroad", deck=25, lone_maker_march_points=4, call_for_best=True, lone_vs_lone_euchre_points=4
)  # R1, F4, R3, R4
PRESETS = {"cutthroat": CUTTHROAT, "partnership": PARTNERSHIP, "twohand": TWO_HANDED, "railroad": RAILROAD}
SWITCH_NAMES = tuple(f.name for f in fields(RuleSet) if f.name != "game")


def with_switches(rules: RuleSet, switches: dict[str, Any]) -> RuleSet:
    """`rules` with some switches (name: value) changed; NotationError names a wrong one."""
    if not isinstance(switches, dict):  # [], 0, "" and false are mistakes too, not "no switches"
        raise NotationError("switches", f"switches must be an object of name: value, not {excerpt(switches)}.")
    unknown = [k for k in switches if k not in SWITCH_NAMES]
    if unknown:
        raise NotationError(
            "switches", f"{excerpt(unknown[0])} is not a switch; switches are {', '.join(SWITCH_NAMES)}."
        )
    return replace(rules, **switches)


def rules_from(name: str, switches: dict[str, Any] | None = None) -> RuleSet:
    """A preset by name, with the switches of a record applied (Notation); None means no switches."""
    if not isinstance(name, str) or name not in PRESETS:
        raise NotationError("rules", f"rules {excerpt(name)} is not a preset: use {ALLOWED['game']}.")
    try:
        return with_switches(PRESETS[name], {} if switches is None else switches)
    except NotationError as error:
        if error.part == "switches":
            raise
        raise NotationError(f"switches.{error.part}", f"In switches: {error}") from None
