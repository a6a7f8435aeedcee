"""Endless practice: fresh questions dealt by the engine, the kinds a learner gets wrong asked more often.

Each question is an exercise of `exercises.py` (WhichSuit, TrickWinner, LegalPlays, Score, BestFive,
Bid) built from a seeded random position, so the engine checks and explains it; `question(kind,
seed)` always deals the same one. Each question carries its hints: a nudge that names the rule, then
a clue built from its own cards that never names the answer. A `Practice` draws the kinds by weight
(recent mistakes weigh more, remembered across sessions in the learner's progress), and keeps a streak.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..engine import checks, language
from ..engine.actions import Verb
from ..engine.cards import Card, Rank, Suit, deck, fixed_suit, sort_key
from ..engine.errors import NotationError, excerpt
from ..engine.hand import HandState, deal_hand
from ..engine.language import N_, _, ngettext
from ..engine.narration import capital
from ..engine.phases import Phase
from ..engine.ranking import bower, effective_suit, is_trump
from ..engine.rules import CUTTHROAT, PRESETS, RuleSet
from ..engine.said import Said, saying, saying_many, words_of
from ..engine.tricks import PLURALS
from ..engine.view import acting_seat
from ..play.rule_of_thumb import RuleOfThumbPlayer, count, round_one_count
from .context import current
from .exercises import BestFive, Bid, Exercise, LegalPlays, Score, TrickWinner, Verdict, WhichSuit
from .progress import Progress

MOST_SEED = 2**32  # the seed of each question, drawn from the practice's own seeded generator
POSITION_HANDS = 300  # hands dealt at most to find a wanted position; then any position of the kind will do


# -- positions: real hands, bid by rule of thumb and played at random -------------------------------


def _states(rng: random.Random, rules: RuleSet) -> Iterator[HandState]:
    """Every state of seeded hands, one hand after another: sensible bids, random legal play."""
    bidder = RuleOfThumbPlayer()
    while True:
        state = deal_hand(rules, rng.randrange(rules.players), seed=rng.randrange(MOST_SEED))
        while not state.is_over:
            yield state
            if state.phase is Phase.PLAY:
                state = state.apply(rng.choice(state.legal_actions()))
            else:
                state = state.apply(bidder.choose(state.view(acting_seat(state))))
        yield state


def _position(rng: random.Random, rules: RuleSet, wanted: Callable, good_enough: Callable) -> HandState:
    """The first state that is `wanted` within POSITION_HANDS hands, else the first that is `good_enough`."""
    fallback, hands = None, 0
    for state in _states(rng, rules):
        if wanted(state):
            return state
        if fallback is None and good_enough(state):
            fallback = state
        hands += state.is_over
        if hands >= POSITION_HANDS and fallback is not None:
            return fallback
    raise AssertionError("unreachable: the states never end")


def _mid_trick(state: HandState) -> bool:
    return state.phase is Phase.PLAY and bool(state.trick and state.trick.cards)


def _some_refused(state: HandState) -> bool:
    """Mid-trick, and at least one card of the hand may not be played (C12): a real question."""
    return _mid_trick(state) and len(state.legal_actions()) < len(state.hands[acting_seat(state)])


def _has_trump(cards: Iterable[Card], trump: Suit) -> bool:
    """Whether a trump is among the cards: the bowers and the joker are trumps (C2, C3)."""
    return any(is_trump(card, trump) for card in cards)


PRACTISED = ("cutthroat", "partnership")  # the games of lessons 1-11, unless a practice names others (lesson 12)


def _game(rng: random.Random, games: tuple[str, ...]) -> RuleSet:
    return PRESETS[rng.choice(games)]


# -- one maker per kind of question --------------------------------------------------------------------


def _which_suit(rng: random.Random, games: tuple[str, ...]) -> WhichSuit:
    """A card and a trump suit; half the time a jack, since only jacks change suit (C2)."""
    trump = rng.choice(list(Suit))
    cards = deck(24)
    if rng.random() < 0.5:
        cards = tuple(card for card in cards if card.rank is Rank.JACK)
    card = rng.choice(cards)
    return WhichSuit(card, trump, hints=(HINTS["which_suit"], _suit_clue(card, trump)))


def _trick_winner(rng: random.Random, games: tuple[str, ...]) -> TrickWinner:
    """A finished trick of a real hand; most of the time one with a trump or a bower in it."""
    rules, trumpy = _game(rng, games), rng.random() < 0.7

    def finished(state: HandState) -> bool:
        return (
            bool(state.tricks) and not (state.trick and state.trick.cards) and state.phase in (Phase.PLAY, Phase.DONE)
        )

    state = _position(
        rng, rules, lambda s: finished(s) and (not trumpy or _has_trump(s.tricks[-1].cards, s.trump)), finished
    )
    cards, trump = state.tricks[-1].cards, fixed_suit(state.trump)
    return TrickWinner(cards, trump, hints=(HINTS["trick_winner"], _trick_clue(cards, trump)))


def _legal_plays(rng: random.Random, games: tuple[str, ...]) -> LegalPlays:
    """A hand in the middle of a trick of a real hand; most of the time one where some card is refused."""
    rules, hard = _game(rng, games), rng.random() < 0.75
    state = _position(rng, rules, _some_refused if hard else _mid_trick, _mid_trick)
    trick = checks.known(state.trick, "a position mid-trick has a trick in play")
    trump = fixed_suit(state.trump)
    hints = (HINTS["legal_plays"], _follow_clue(trick.cards, trump))
    return LegalPlays(state.hands[acting_seat(state)], trick.cards, trump, hints=hints)


def _score(rng: random.Random, games: tuple[str, ...]) -> Score:
    """A result to score: the game, the makers' tricks, who went alone, and which side is asked about."""
    rules = _game(rng, games)
    tricks = rng.randrange(6)
    alone = rng.random() < 0.3 and rules.may_go_alone  # nobody goes alone in Two-handed Euchre (W4)
    lone_defender = rules.may_defend_alone and tricks < 3 and rng.random() < 0.3
    who = "makers" if tricks >= 3 else "defenders"
    who = who if rng.random() < 0.8 else ("defenders" if who == "makers" else "makers")  # sometimes a 0
    hints = (*score_hints(rules), _score_clue(rules, tricks, alone, lone_defender, who))
    return Score(tricks, alone, lone_defender, rules, who, hints=hints)


def _best_five(rng: random.Random, games: tuple[str, ...]) -> BestFive:
    """The cutthroat maker's ten cards once the dummy is taken (T5), whatever the games practised: only it has one."""
    state = _position(rng, CUTTHROAT, lambda s: s.phase is Phase.DUMMY, lambda s: s.phase is Phase.DUMMY)
    why = "the dummy is taken by the maker"  # a programmer's words, if the position were not what it is
    ten = tuple(sorted(state.hands[checks.known(state.maker, why)] + checks.known(state.dummy, why), key=sort_key))
    trump = fixed_suit(state.trump)
    return BestFive(ten, trump, hints=(HINTS["best_five"], _keep_clue(ten, trump)))


def _bid(rng: random.Random, games: tuple[str, ...]) -> Bid:
    """A round-one decision the rule of thumb settles clearly: half the time to order up, half to pass."""
    rules, order = _game(rng, games), rng.random() < 0.5
    state = _position(rng, rules, lambda s: _clear_bid(s) == order, lambda s: _clear_bid(s) is not None)
    chosen = RuleOfThumbPlayer().decide(state.view(acting_seat(state)))
    hints = (*bid_hints(rules), _bid_clue(state))
    return Bid(state, accept=(str(chosen.action),), reason=f"{language._(COUNTING)} {chosen.reason}", hints=hints)


def _clear_bid(state: HandState) -> bool | None:
    """True to order up, False to pass, where the rule of thumb's count is at least one point clear of the line;
    else None."""
    if state.phase is not Phase.ROUND_ONE or bower(state.up_card, state.up_card.suit):
        return None  # a bower turned up shifts the count by who would get it: left to the lessons
    margin = round_one_count(state.view(acting_seat(state))).score - state.rules.facts.make_trump_at
    return True if margin >= 1 else False if margin <= -2 else None


COUNTING = N_("The rule of thumb of the lessons counts each trump, each bower once more, and each off-suit ace:")

# Each kind's hints: first the nudge (the rule to think of, with its id: the views link it to the rule book), then a
# clue built from the question's own cards that narrows the choice without naming the answer. The words are those of
# the lesson that first practises the kind: lesson 1 (which_suit, trick_winner), 2 (bid), 4 (best_five),
# 6 (legal_plays), 7 (score).
HINTS = {
    "which_suit": N_("Think of the bowers (C2): once trump is fixed, two jacks change suit, and no other card does."),
    "trick_winner": N_(
        "The highest trump played wins the trick; with no trump in it, the highest card of the suit led wins (C13). "
        "The bowers are trumps (C2)."
    ),
    "legal_plays": N_(
        "You must follow suit if you can (C12): play a card of the suit led. The left bower belongs to the trump "
        "suit, not to its printed suit (C2)."
    ),
    "best_five": N_(
        "Keep every trump first, the bowers too, then your off-suit aces; then keep as few suits as you can, so that "
        "you can trump the others (T5)."
    ),
}
NUMBER_WORDS = (
    N_("one"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
)
COLOURS = {"red": N_("red"), "black": N_("black")}


def _some_of(number: int, thing: str) -> str:
    """'no trumps', 'one trump', 'three trumps': a few of a thing in words (the things of the clues below)."""
    if number == 0:
        none = {
            "trump": N_("no trumps"),
            "off-suit ace": N_("no off-suit aces"),
            "place": N_("no places"),
            "trick": N_("no tricks"),
            "bower": N_("no bowers"),
        }
        return language._(none[thing])
    word = saying(NUMBER_WORDS[number - 1])
    # Each thing's words made only when it is the one asked for (a table of the five would build all five).
    said: dict[str, Callable[[], Said]] = {
        "trump": lambda: saying_many("{number} trump", "{number} trumps", number, number=word),
        "off-suit ace": lambda: saying_many("{number} off-suit ace", "{number} off-suit aces", number, number=word),
        "place": lambda: saying_many("{number} place", "{number} places", number, number=word),
        "trick": lambda: saying_many("{number} trick", "{number} tricks", number, number=word),
        "bower": lambda: saying_many("{number} bower", "{number} bowers", number, number=word),
    }
    return words_of(said[thing]())


def _suits(suit: Suit) -> str:
    """A suit's cards in words: 'hearts'."""
    return language._(PLURALS[suit])


def _suit_clue(card: Card, trump: Suit) -> str:
    """Whether the card is one that may change suit, asked without saying the suit it belongs to."""
    if card.is_joker:
        return _("The joker has no suit of its own: like the bowers, it joins one suit once trump is fixed.")
    if card.rank is not Rank.JACK:
        return _("The {card} is not a jack: does a card that is not a jack ever change suit?").format(card=card)
    return _(
        "The {card} is a jack of a {colour} suit, and trump is {trump_colour}: is it the jack of trump, the jack of "
        "the other {trump_colour} suit, or neither?"
    ).format(card=card, colour=language._(COLOURS[card.colour]), trump_colour=language._(COLOURS[trump.colour]))


def _trick_clue(cards: Sequence[Card], trump: Suit) -> str:
    """How many trumps the trick holds, and what to compare, without naming the card that wins."""
    trumps = [card for card in cards if is_trump(card, trump)]
    if not trumps:
        led = effective_suit(cards[0], trump)
        return _("No trump was played: look only at the {suits}, the suit led, and find the highest of them.").format(
            suits=_suits(led)
        )
    if len(trumps) == 1:
        return _("Exactly one card of this trick is a trump (count the bowers as trumps): find it.")
    played = _some_of(len(trumps), "trump")
    if any(card.is_joker for card in trumps):
        said = _(
            "{trumps} were played: compare them. The order of trump is the card the 25-card deck adds, then the right "
            "bower, the left bower, then the ace of trump and down."
        )
    else:
        said = _(
            "{trumps} were played: compare them. The order of trump is the right bower, the left bower, then the ace "
            "of trump and down."
        )
    return capital(said.format(trumps=played))


def _follow_clue(trick: Sequence[Card], trump: Suit) -> str:
    """The suit led, said from the led card, and where its jack belongs: never a card of the hand."""
    if not trick:
        return _("Nobody has played to this trick yet: is there a suit you must follow?")
    led = effective_suit(trick[0], trump)
    if led is trump:
        return _("The {card} is a trump, so trump was led: count your trumps, the bowers included.").format(
            card=trick[0]
        )
    clue = _("The {card} was led, so {suits} were led: which of your cards are {suits}?").format(
        card=trick[0], suits=_suits(led)
    )
    if led.colour == trump.colour:  # the led suit's jack is the left bower: a trump, not one of them (C2)
        clue += " " + _("Careful: with {trump} trump, the jack of {suits} is not one of them.").format(
            trump=_suits(trump), suits=_suits(led)
        )
    return clue


def _keep_clue(cards: Sequence[Card], trump: Suit) -> str:
    """How many trumps and off-suit aces the maker's ten hold: what to keep first, without naming the cards."""
    held = count(cards, trump)
    clue = _("With {trump} trump, your ten cards hold {trumps} (the bowers count) and {aces}.").format(
        trump=_suits(trump), trumps=_some_of(len(held.trumps), "trump"), aces=_some_of(len(held.aces), "off-suit ace")
    )
    room = 5 - len(held.trumps)  # places left once every trump is kept
    if room < 0:
        return clue + " " + _("You cannot keep every trump: which five are the highest?")
    if room == 0:
        return clue + " " + _("Keep the trumps first: how many places does that leave for anything else?")
    if len(held.aces) > room:
        question = ngettext(
            "Keeping every trump leaves {places}: which ace leaves you the fewest suits?",
            "Keeping every trump leaves {places}: which aces leave you the fewest suits?",
            room,
        )
        return clue + " " + question.format(places=_some_of(room, "place"))
    return clue + " " + _("Keep those first: which suit could you then throw away entirely?")


def _score_clue(rules: RuleSet, tricks: int, alone: bool, lone_defender: bool, who: str) -> str:
    """What happened in the hand, in the words of the table's rows, without the points of any row."""
    maker = language._(rules.facts.makers.noun)
    took = _took(maker, _some_of(tricks, "trick"), alone and rules.facts.partners, alone and not rules.facts.partners)
    if tricks == 5:
        clue = _("{took}: a march.").format(took=took)
    elif tricks >= 3:
        clue = _("{took}: the promise of three is kept, but not all five are taken.").format(took=took)
    elif rules.facts.partners:
        clue = _("{took}, fewer than the three promised: {makers} are euchred.").format(took=took, makers=maker)
    else:
        clue = _("{took}, fewer than the three promised: {maker} is euchred.").format(took=took, maker=maker)
    if lone_defender:
        clue += " " + _("A defender went alone: the rows of a lone defender come first.")
    nouns = {"makers": rules.facts.makers.noun, "defenders": rules.facts.defenders.noun}
    asked = language._(nouns[who]) if who in nouns else _("each side")
    return clue + " " + _("Only one side scores on a hand: then read the points of {side}.").format(side=asked)


def _took(maker: str, tricks: str, one_alone: bool, alone: bool) -> str:
    """'The makers took three tricks, one of them alone': the first words of a scoring clue."""
    if one_alone:
        said = _("{maker} took {tricks}, one of them alone")
    elif alone:
        said = _("{maker} took {tricks}, alone")
    else:
        said = _("{maker} took {tricks}")
    return capital(said.format(maker=maker, tricks=tricks))


def _bid_clue(state: HandState) -> str:
    """The count's parts for this hand (after the pick-up, for the dealer), without their sum or the bid they make."""
    view = state.view(acting_seat(state))
    up, held = state.up_card, round_one_count(view)
    suit = fixed_suit(up.suit)
    trumps = _some_of(len(held.trumps), "trump")
    if held.bowers:
        trumps = _("{trumps}, {bowers} among them").format(trumps=trumps, bowers=_some_of(len(held.bowers), "bower"))
    fields = {"suits": _suits(suit), "card": up, "trumps": trumps, "aces": _some_of(len(held.aces), "off-suit ace")}
    if view.seat == state.dealer:
        return _(
            "With {suits} trump, once you take the {card} and discard your weakest card, you would hold {trumps}, and "
            "{aces}: add them up as the count says."
        ).format(**fields)
    return _("With {suits} trump you would hold {trumps}, and {aces}: add them up as the count says.").format(**fields)


def score_hints(rules: RuleSet) -> tuple[str, ...]:
    """The nudge of a scoring question: which table of the rule book this game scores by."""
    rules = checks.rules("rules", rules)
    tables = list(dict.fromkeys(row.rule for row in rules.scoring))  # each rule once, in the table's order
    return (
        _("Find the first row of the scoring table that fits ({rules} for {game}).").format(
            rules=_(" and ").join(tables), game=language._(rules.facts.name)
        ),
    )


def bid_hints(rules: RuleSet) -> tuple[str, ...]:
    """The nudge of a bidding question: how to count, and what count this game needs to make trump."""
    rules = checks.rules("rules", rules)
    return (
        _(
            "Count as the rule of thumb does (C6): each trump, each bower once more, and each off-suit ace; {game} "
            "needs a count of {count} to make trump."
        ).format(game=language._(rules.facts.name), count=rules.facts.make_trump_at),
    )


class Kind(NamedTuple):
    """One kind of practice question: its name in words and how a question of it is dealt."""

    words: str
    make: Callable[[random.Random, tuple[str, ...]], Exercise]


KINDS = {
    "which_suit": Kind(N_("Which suit is this card?"), _which_suit),
    "trick_winner": Kind(N_("Who wins this trick?"), _trick_winner),
    "legal_plays": Kind(N_("Which cards may be played?"), _legal_plays),
    "score": Kind(N_("Score this hand"), _score),
    "best_five": Kind(N_("Keep the best five"), _best_five),
    "bid": Kind(N_("Bid or pass?"), _bid),
}


@dataclass(frozen=True)
class Question:
    """One practice question: its kind, the seed it was dealt from, and the exercise that checks it."""

    kind: str
    seed: int
    exercise: Exercise = field(repr=False)

    @property
    def words(self) -> str:
        return language._(KINDS[self.kind].words)

    @property
    def prompt(self) -> str:
        """The question in words, with what a learner needs to see (the hand, for a bid)."""
        if isinstance(self.exercise, Bid):
            return _bid_prompt(self.exercise.state)
        return self.exercise.question

    @property
    def setting(self) -> str:
        """What a view with buttons adds to the exercise's own prompt: for a bid, the game and who passed."""
        return _bid_setting(self.exercise.state) if isinstance(self.exercise, Bid) else ""

    def __str__(self) -> str:
        return f"{self.words} {self.prompt}"


def _bid_setting(state: HandState) -> str:
    """The table of a round-one decision: the game, the dealer, who passed."""
    passed = [s for s, a in zip(state.actors, state.history) if a.kind is Verb.PASS]
    setting = _("{game}: seat {dealer} deals.").format(
        game=language._(state.rules.facts.described), dealer=state.dealer
    )
    if passed:
        seats = str(passed[-1])
        if len(passed) > 1:  # "0, 1 and 2": a comma between the first, the language's "and" before the last
            seats = _("{some} and {last}").format(some=", ".join(map(str, passed[:-1])), last=seats)
        setting += " " + ngettext("Seat {seats} passed.", "Seats {seats} passed.", len(passed)).format(seats=seats)
    return setting


def _bid_prompt(state: HandState) -> str:
    """A round-one decision in words: the table, the up-card, who passed, your hand."""
    seat, up = acting_seat(state), state.up_card
    suit = fixed_suit(up.suit)  # a turned-up joker has no round one: the dealer names trump at once (C3)
    fields = {"card": up, "suits": _suits(suit), "hand": " ".join(map(str, state.hands[seat])), "seat": seat}
    if seat == state.dealer:
        asked = _(
            "The up-card is the {card}. You are the dealer, holding {hand}: take the {card} and make {suits} trump, "
            "or pass?"
        )
    else:
        asked = _(
            "The up-card is the {card}. You are seat {seat}, holding {hand}: order it up, making {suits} trump, or "
            "pass?"
        )
    return _bid_setting(state) + " " + asked.format(**fields)


def question(kind: str, seed: int, games: Sequence[str] = PRACTISED) -> Question:
    """The question of this kind dealt from this seed in these games: always the same one."""
    if not isinstance(kind, str) or kind not in KINDS:
        raise NotationError(
            "kind",
            _("kind must be one of {kinds}, not {given}.").format(
                kinds=", ".join(map(repr, KINDS)), given=excerpt(kind)
            ),
        )
    seed = checks.whole("seed", seed, 0, checks.MOST_SEED)
    return Question(kind, seed, KINDS[kind].make(random.Random(seed), _games(games)))


# -- a practice session ----------------------------------------------------------------------------

LOOK_BACK = 8  # a kind's last results that weigh in the choice of the next kind
PER_MISTAKE = 2.0  # each mistake among them makes the kind this much more likely (each kind starts at 1)


def weights(results: dict[str, tuple[bool, ...]], kinds: object) -> dict[str, float]:
    """How likely each kind is to be asked next: 1, and PER_MISTAKE more per recent mistake."""
    kinds = _kinds(tuple(kinds) if isinstance(kinds, dict) else kinds)
    if not isinstance(results, dict) or not all(
        isinstance(kind, str) and isinstance(marks, tuple) and all(type(mark) is bool for mark in marks)
        for kind, marks in results.items()
    ):
        raise checks.refused(
            "results", results, "a dict of each kind to its results in order, a tuple of True (right) and False (wrong)"
        )
    return {kind: 1.0 + PER_MISTAKE * results.get(kind, ())[-LOOK_BACK:].count(False) for kind in kinds}


class Tally(NamedTuple):
    """A kind's first answers this session: right and wrong."""

    right: int = 0
    wrong: int = 0


class Practice:
    """Questions one at a time: `answer(given)` checks one, `next()` deals another; the streak counts first answers."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        progress: Progress | bool | None = None,
        kinds: Sequence[str] = tuple(KINDS),
        games: Sequence[str] = PRACTISED,
    ) -> None:
        seed = checks.seed("seed", seed)
        self.seed = random.SystemRandom().randrange(MOST_SEED) if seed is None else seed
        self.rng = random.Random(self.seed)
        self.kinds, self.games = _kinds(kinds), _games(games)
        self.progress = _progress(progress)
        kept = self.progress.practice_results() if self.progress else {}
        self.results = {kind: kept.get(kind, ()) for kind in KINDS}  # recent first answers, oldest first
        self.tally = {kind: Tally() for kind in self.kinds}
        self.streak = self.best_streak = self.number = 0
        self.next()

    def __repr__(self) -> str:
        return f"Practice(seed={self.seed}): question {self.number}, streak {self.streak}. {self.question}"

    def weights(self) -> dict[str, float]:
        return weights(self.results, self.kinds)

    def next(self) -> Question:
        """Deal the next question: its kind drawn by weight, its position from the practice's seed."""
        weight = self.weights()
        kind = self.rng.choices(self.kinds, weights=[weight[k] for k in self.kinds])[0]
        self.question = question(kind, self.rng.randrange(MOST_SEED), self.games)
        self.number += 1
        self.counted = False  # only the first answer the exercise can judge counts
        self.verdict: Verdict | None = None
        return self.question

    def answer(self, given: object) -> Verdict:
        """Check an answer to the question shown; the first one that can be read counts for the streak."""
        exercise = self.question.exercise
        self.verdict = exercise.judge(given)  # counted here, in the practice results, not as a lesson's exercise
        if not self.counted and self.verdict.answered:  # a blank or unreadable answer is not a try
            self._count(self.verdict.correct)
        return self.verdict

    def hint(self, number: int = 1) -> str:
        """The question's hints one by one: hint(1), hint(2), ... (a whole number; the last one repeats)."""
        return self.question.exercise.hint(number)

    def solution(self) -> str:
        """The answer and why; asked before any answer, it counts as a miss."""
        if not self.counted:
            self._count(False)
        return self.question.exercise.solution()

    def _count(self, right: bool) -> None:
        kind = self.question.kind
        self.counted = True
        right_now, wrong_now = self.tally[kind]
        self.tally[kind] = Tally(right_now + right, wrong_now + (not right))
        self.streak = self.streak + 1 if right else 0
        self.best_streak = max(self.best_streak, self.streak)
        self.results[kind] = (self.results[kind] + (right,))[-LOOK_BACK:]
        if self.progress:
            self.progress.record_practice(kind, right)


def _some(name: str, given: object, known: Iterable[str], what: str) -> tuple[str, ...]:
    """Some of the `known` names, at least one, in their own order; `what` one of them is, in words."""
    names = ", ".join(map(repr, known))
    if isinstance(given, str) or not isinstance(given, (list, tuple, set, frozenset)) or not given:
        raise NotationError(
            name,
            _("{name} must be a list of some of {names}, not {given}.").format(
                name=name, names=names, given=excerpt(given)
            ),
        )
    unknown = [item for item in given if not isinstance(item, str) or item not in known]
    if unknown:
        raise NotationError(
            name,
            _("{given} is not {what}; the {name} are {names}.").format(
                given=excerpt(unknown[0]), what=language._(what), name=name, names=names
            ),
        )
    return tuple(item for item in known if item in given)


def _kinds(kinds: object) -> tuple[str, ...]:
    return _some("kinds", kinds, KINDS, N_("a kind of practice question"))


def _games(games: object) -> tuple[str, ...]:
    return _some("games", games, PRESETS, N_("a game"))


def _progress(value: object) -> Progress | None:
    """Where results are kept: the bound lesson's progress (None), a given Progress, or nowhere (False)."""
    if value is None:
        return current().progress
    if value is False:
        return None
    if isinstance(value, Progress):
        return value
    raise NotationError(
        "progress",
        f"progress must be a Progress, None for the learner's own, or False to keep nothing, not {excerpt(value)}.",
    )
