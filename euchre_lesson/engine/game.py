"""A game to the target score: rotating dealers, running scores, the winner (C4, C9, T8, F5, W6, R5)."""

from __future__ import annotations

import gc
import itertools
import json
import operator
import os
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeGuard, overload

from . import checks
from .actions import Action
from .cards import Card
from .errors import FileRefused, IllegalAction, NotationError, excerpt
from .files import as_text, read_regular, replaceable, write_atomically
from .files import shown as _shown
from .formats import read
from .hand import Deal, HandState, deal_hand, read_json, replay, replayed_actions, shuffled_deal, start_of_hand
from .language import _
from .quick_replay import QuickReplay
from .records import GAME_RECORD, MAX_HANDS, RECORD_FORMAT
from .rules import CUTTHROAT, RuleSet, rules_from, side_of
from .view import View

MAX_RECORD_BYTES = 40_000_000  # 2,000 bytes a hand: about twice what the largest hands take
STARTING_SCORES = range(-999, 1000)  # what a game set up by hand may start from
# A record's "seal" is a place for a signature of the record that a layer above may write (save_game's `seal`) and
# check (load_saved gives the record read): the engine itself neither makes nor reads one.
# Where each derived field of a record comes from, for the message when a stored one disagrees.
DERIVED_FROM = {
    "scores": "starting_scores and the hands' points",
    "winners": "the scores",
    "dealt_by_hand": "the deals of the seed",
}


WIDTH = 32  # hands in each leaf of a PlayedHands tree, and branches in each fork

# What decides every deal of a game (C4): its rules, seed and first dealer.
Origin = tuple[RuleSet, int, int]
# What a hand began with (PlayedHands.then's `start`): ((rules, starting scores), its scores, its contenders).
Start = tuple[tuple[RuleSet, tuple[int, ...]], tuple[int, ...], tuple[int, ...]]
# A tree of small tuples: HandStates (or Starts) in its leaves, a fork's branches above them, as deep as it needs.
Tree = tuple[Any, ...]


class PlayedHands(Sequence[HandState]):
    """The hands of a game, oldest first, read as a tuple is; the last is the one in play.

    The finished hands sit in a tree of small tuples that a game state shares with the state before it:
    an action replaces only the last hand, and a new hand copies one path of the tree, so neither costs
    more late in a long game than early. Each seat's points of the finished hands are kept as they come, and
    the numbers of the hands dealt by hand, for the game (rules, seed, first dealer) that knows them. Beside
    the hands, in a tree of the same shape, the scores each hand began with, where the game said them (then's
    `start`): the scores a hand's players knew are then looked up, not worked out again from the first hand.
    """

    __slots__ = ("_tree", "_depth", "_size", "_last", "_points", "_by_hand", "_origin", "_starts", "_last_start")
    # The slots' types (set once, in __init__, through object.__setattr__).
    _tree: Tree
    _depth: int
    _size: int
    _last: HandState | None
    _points: tuple[int, ...]
    _by_hand: tuple[int, ...]
    _origin: Origin | None
    _starts: Tree
    _last_start: Start | None

    def __init__(
        self,
        tree: Tree,
        depth: int,
        size: int,
        last: HandState | None,
        points: tuple[int, ...],
        by_hand: tuple[int, ...] = (),
        origin: Origin | None = None,
        starts: Tree = (),
        last_start: Start | None = None,
    ) -> None:
        for name, value in (
            ("_tree", tree),
            ("_depth", depth),
            ("_size", size),  # size: the hands in the tree
            ("_last", last),
            ("_points", points),  # each seat's points from the tree's hands
            ("_by_hand", by_hand),  # dealt by hand, for this game
            ("_origin", origin),
            ("_starts", starts),  # the scores each hand began with
            ("_last_start", last_start),
        ):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"A game's hands are not changed in place ({name}): then and with_last make new ones.")

    def __reduce__(self) -> tuple[type[PlayedHands], tuple[Any, ...]]:
        # copied and pickled through __init__, as nothing can be set afterwards
        return PlayedHands, (
            self._tree,
            self._depth,
            self._size,
            self._last,
            self._points,
            self._by_hand,
            self._origin,
            self._starts,
            self._last_start,
        )

    @classmethod
    def of(cls, hands: Sequence[HandState]) -> PlayedHands:
        """The hands of a tuple or list, in their order."""
        played = cls((), 0, 0, None, ())
        for hand in hands:
            played = played.then(checks.instance("hands", hand, HandState, "a tuple of HandStates"))
        return played

    def then(self, hand: HandState, *, by_hand: bool = False, start: Start | None = None) -> PlayedHands:
        """These hands and one more, which becomes the last: dealt from the game's seed, unless `by_hand`.

        `start`, if known, is what the new hand began with: ((rules, the game's starting scores), its scores,
        its contenders)."""
        numbers = self._by_hand + (len(self),) if by_hand else self._by_hand
        if self._last is None:
            return PlayedHands((), 0, 0, hand, (0,) * hand.players, numbers, self._origin, (), start)
        tree, depth, size, last, starts = self._tree, self._depth, self._size, self._last, self._starts
        finished = last.points  # None while that hand is in play
        points = self._points if finished is None else _seat_plus(self._points, finished)
        if size == WIDTH ** (depth + 1):  # the tree is full: it becomes the first branch of a taller one
            tree, starts, depth = (tree,), (starts,), depth + 1
        return PlayedHands(
            _pushed(tree, depth, size, last),
            depth,
            size + 1,
            hand,
            points,
            numbers,
            self._origin,
            _pushed(starts, depth, size, self._last_start),
            start,
        )

    def with_last(self, hand: HandState) -> PlayedHands:
        """These hands with the last one replaced by `hand` (the same hand one action later)."""
        return PlayedHands(
            self._tree,
            self._depth,
            self._size,
            hand,
            self._points,
            self._by_hand,
            self._origin,
            self._starts,
            self._last_start,
        )

    def known_for(self, origin: Origin, by_hand: tuple[int, ...]) -> PlayedHands:
        """These hands, knowing that those numbered `by_hand` were not dealt by the game `origin`'s seed."""
        return PlayedHands(
            self._tree,
            self._depth,
            self._size,
            self._last,
            self._points,
            by_hand,
            origin,
            self._starts,
            self._last_start,
        )

    def start_of(self, number: int) -> Start | None:
        """What hand `number` began with, as then's `start` said it; None if nobody said."""
        number = operator.index(number) % len(self)
        if number == self._size:
            return self._last_start
        start: Start | None = _item(self._starts, self._depth, number)
        return start

    def dealt_by_hand(self, origin: Origin) -> tuple[int, ...] | None:
        """The numbers of the hands the seed of the game `origin` did not deal; None if not known for that game."""
        return self._by_hand if self._origin == origin else None

    @property
    def seat_points(self) -> tuple[int, ...]:
        """Each seat's points from every hand that is over, the last one included."""
        finished = None if self._last is None else self._last.points  # None while the last hand is in play
        return self._points if finished is None else _seat_plus(self._points, finished)

    def __len__(self) -> int:
        return self._size + (self._last is not None)

    @overload
    def __getitem__(self, number: int) -> HandState: ...
    @overload
    def __getitem__(self, number: slice) -> tuple[HandState, ...]: ...
    def __getitem__(self, number: int | slice) -> HandState | tuple[HandState, ...]:
        if isinstance(number, slice):
            return tuple(self)[number]
        count, number = len(self), operator.index(number)
        if not -count <= number < count:
            raise IndexError(f"hand number {number} is not in a game of {count} hands")
        number %= count
        if number == self._size:
            return checks.known(self._last, "a game with hands has a last one")  # count > 0 and number < count
        hand: HandState = _item(self._tree, self._depth, number)
        return hand

    def __iter__(self) -> Iterator[HandState]:
        yield from _leaves(self._tree, self._depth)
        if self._last is not None:
            yield self._last

    def __reversed__(self) -> Iterator[HandState]:
        return reversed(tuple(self))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (PlayedHands, tuple)):
            return self is other or (len(self) == len(other) and tuple(self) == tuple(other))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Sequence[HandState]) -> tuple[HandState, ...]:
        return tuple(self) + tuple(other)

    def __repr__(self) -> str:
        return repr(tuple(self))


def _pushed(node: Tree, depth: int, size: int, hand: HandState | Start | None) -> Tree:
    """The tree `node` of `size` hands, `depth` forks above its leaves, with `hand` added last: one path is copied."""
    if depth == 0:
        return node + (hand,)
    below = WIDTH**depth  # the hands a full branch holds
    if size % below == 0:  # every branch is full: a new one
        return node + (_pushed((), depth - 1, 0, hand),)
    return node[:-1] + (_pushed(node[-1], depth - 1, size % below, hand),)


def _item(node: Tree, depth: int, number: int) -> Any:
    """What a tree `depth` forks above its leaves holds at place `number`."""
    for level in range(depth, 0, -1):
        node = node[number // WIDTH**level % WIDTH]
    return node[number % WIDTH]


def _leaves(node: Tree, depth: int) -> Iterator[HandState]:
    """The hands of a tree, in order."""
    if depth == 0:
        yield from node
    else:
        for branch in node:
            yield from _leaves(branch, depth - 1)


_NO_TIE: tuple[int, ...] = ()  # contenders when no tie at the top narrows them: every side may win


def _seat_plus(points: tuple[int, ...], more: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip(points, more))


@dataclass(frozen=True, slots=True)
class GameState:
    """A game in progress: every hand so far (the last is the current one) and the scores."""

    rules: RuleSet
    seed: int
    first_dealer: int
    hands: PlayedHands  # a tuple of HandStates is taken too, and kept as PlayedHands
    scores: tuple[int, ...]
    contenders: tuple[int, ...] = ()  # after a tie at the top, the sides that tied: only they may win (T8); () all

    def __post_init__(self) -> None:
        if type(self.hands) is not PlayedHands:
            checks.instance("hands", self.hands, (tuple, list), "a tuple of HandStates")
            object.__setattr__(self, "hands", PlayedHands.of(self.hands))
        if self.hands.dealt_by_hand(self._origin) is None:  # hands put in by hand, or a seed changed by hand
            by_hand = tuple(number for number, hand in enumerate(self.hands) if not self._from_seed(number, hand))
            object.__setattr__(self, "hands", self.hands.known_for(self._origin, by_hand))

    @property
    def _origin(self) -> Origin:
        """What decides every deal of this game (C4): which hands its seed dealt is known for these."""
        return self.rules, self.seed, self.first_dealer

    @property
    def hand(self) -> HandState:
        """The hand being played (or, once the game is won, the last hand)."""
        return self.hands[-1]

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else self.hand.to_act

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return sides(self.rules)

    def side_of(self, seat: int) -> int:
        """The index into `scores` of the side `seat` scores with."""
        return self.sides.index(side_of(self.rules, checks.seat("seat", seat, self.rules.players)))

    @property
    def winners(self) -> tuple[int, ...]:
        """Indices into `scores` of the winners; empty while the game goes on (T8, F5)."""
        return winners(self.rules, self.scores, self.contenders)

    @property
    def winning_seats(self) -> tuple[int, ...]:
        return tuple(seat for side in self.winners for seat in self.sides[side])

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else self.hand.legal_actions()

    def view(self, seat: int) -> View:
        """What `seat` may see of the current hand, and the game's scores, which are public."""
        view: View = self.hand.view(seat)
        return replace(view, scores=self.scores, contenders=self.contenders)

    def apply(self, action: Action | str, *, seat: int | None = None) -> GameState:
        """Play one action in the current hand; a finished hand is scored and the next one dealt."""
        if self.is_over:
            raise IllegalAction(_winning_rule(self.rules), _("The game is over: start a new game to play again."))
        hand = self.hand.apply(action, seat=seat)
        if hand.is_over and len(self.hands) >= MAX_HANDS:
            self._check_room_after(hand)
        game = replace(self, hands=self.hands.with_last(hand))  # the finished hands are shared, not copied
        return game._score_and_deal() if hand.is_over else game

    def _check_room_after(self, hand: HandState) -> None:
        """A game holds at most MAX_HANDS hands, as a saved game does: the hand that would need one more is refused."""
        scores, contenders = scored(self.rules, self.scores, self.contenders, hand)
        if not winners(self.rules, scores, contenders):
            raise IllegalAction(
                _winning_rule(self.rules),
                _(
                    "This game has reached {most:,} hands, the most a game (and its saved file) holds, and {last!r} "
                    "would end hand {number:,} with nobody winning, so a hand more would be needed. Start a new "
                    "game to play on."
                ).format(most=MAX_HANDS, last=str(hand.history[-1]), number=len(self.hands)),
            )

    @property
    def starting_scores(self) -> tuple[int, ...]:
        """The scores before the first hand: zeros, unless the game was set up by hand."""
        return _plus(self.scores, side_points(self.rules, self.hands.seat_points), sign=-1)

    def scores_before(self, number: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The scores and contenders before hand `number` (from 0): what its players knew while it was played."""
        number = checks.whole("number", number, 0, len(self.hands) - 1, "the number of a hand of this game, from 0")
        if number == len(self.hands) - 1 and not self.hand.is_over:
            return self.scores, self.contenders
        said = self.hands.start_of(number)  # kept as the hands were dealt, for these rules and starting scores
        if said is not None and said[0] == self._scoring_origin:
            return said[1], said[2]
        scores, contenders = self.starting_scores, _NO_TIE  # hands put together by hand, or scores changed by hand
        for hand in itertools.islice(self.hands, number):
            scores, contenders = scored(self.rules, scores, contenders, hand)
        return scores, contenders

    @property
    def _scoring_origin(self) -> tuple[RuleSet, tuple[int, ...]]:
        """What the scores of every hand follow from: the rules and the starting scores."""
        return self.rules, self.starting_scores

    @property
    def dealt_by_hand(self) -> tuple[int, ...]:
        """Places in `hands` of the hands the seed did not deal (put in with deal_hand(..., deal=...))."""
        why = "known for this game since __post_init__ (or new_game, or a record) put it together"
        return checks.known(self.hands.dealt_by_hand(self._origin), why)

    @property
    def set_by_hand(self) -> str:
        """What in this game did not come from its seed, in words a caller can show; empty if nothing."""
        said = []
        numbers = [number + 1 for number in self.dealt_by_hand]
        if numbers:
            said.append(
                f"{'Hands' if len(numbers) > 1 else 'Hand'} {_listed_in_words(numbers)} "
                f"{'were' if len(numbers) > 1 else 'was'} dealt by hand, not from seed {self.seed}."
            )
        if any(self.starting_scores):
            said.append(
                f"The game started from scores {', '.join(map(str, self.starting_scores))}, set by hand, not from 0."
            )
        return " ".join(said)

    def _score_and_deal(self) -> GameState:
        scores, contenders = scored(self.rules, self.scores, self.contenders, self.hand)
        game = replace(self, scores=scores, contenders=contenders)
        if game.is_over:
            return game
        start = (game._scoring_origin, scores, contenders)
        return replace(game, hands=game.hands.then(game._deal(len(game.hands)), start=start))

    def _deal(self, number: int) -> HandState:
        """Hand `number` of this game: the deal passes left every hand, throw-ins too (C4)."""
        return deal_hand(self.rules, self._dealer(number), seed=self._shuffler(number))

    def _dealer(self, number: int) -> int:
        return (self.first_dealer + number) % self.rules.players

    def _shuffler(self, number: int) -> random.Random:
        """The generator that shuffles hand `number`: one per hand, so each deal depends only on the seed."""
        return random.Random(f"{self.seed}:{number}")

    def _seed_deal(self, number: int) -> Deal:
        return shuffled_deal(self.rules, self._dealer(number), self._shuffler(number))

    def _from_seed(self, number: int, hand: HandState) -> bool:
        """Whether `hand` is hand `number` as the seed deals it: same rules, dealer and cards."""
        return hand.rules == self.rules and hand.dealer == self._dealer(number) and hand.deal == self._seed_deal(number)

    def record(self) -> dict[str, Any]:
        """The game record: rules, seed, every hand record, and the results derived from them."""
        return {
            "format": RECORD_FORMAT,
            "rules": self.rules.game,
            "switches": self.rules.switches(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "starting_scores": list(self.starting_scores),
            "hands": [hand.record() for hand in self.hands],
            "scores": list(self.scores),
            "winners": list(self.winners),
            "dealt_by_hand": list(self.dealt_by_hand),
        }

    def to_json(self) -> str:
        return json.dumps(self.record(), indent=1, ensure_ascii=False)

    def _repr_html_(self) -> str:
        from .display import game_html

        return game_html(self)

    def __repr__(self) -> str:
        from .display import game_text

        return game_text(self)


def new_game(rules: RuleSet = CUTTHROAT, *, seed: int | None = None, first_dealer: int | None = None) -> GameState:
    """A new game; the seed decides the first dealer (C4) and every deal."""
    checks.rules("rules", rules)
    if seed is None:
        seed = random.SystemRandom().randrange(2**32)
    checks.seed("seed", seed)
    if first_dealer is None:
        first_dealer = random.Random(f"{seed}:dealer").randrange(rules.players)
    checks.seat("first_dealer", first_dealer, rules.players)
    zeros = (0,) * len(sides(rules))
    game = GameState(rules, seed, first_dealer, PlayedHands.of(()), zeros)
    return replace(game, hands=game.hands.then(game._deal(0), start=((rules, zeros), zeros, ())))


def in_contention(rules: RuleSet, scores: tuple[int, ...], contenders: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The sides that may still win (T8, F5): `contenders` (all, if empty) until one of them reaches the target;
    from then on only those of them level at the top. A side below the target when a tie arose never wins."""
    field = contenders or tuple(range(len(scores)))
    top = max(scores[i] for i in field)
    return field if top < rules.target else tuple(i for i in field if scores[i] == top)


def winners(rules: RuleSet, scores: tuple[int, ...], contenders: tuple[int, ...] = ()) -> tuple[int, ...]:
    """The winning sides: the one ahead at or past the target; level ones play on, or share where the table
    shares (T8, F5); none while the game goes on."""
    leaders = in_contention(rules, scores, contenders)
    if scores[leaders[0]] < rules.target:
        return ()
    return leaders if len(leaders) == 1 or rules.tie_rule == "shared" else ()


def scored(
    rules: RuleSet, scores: tuple[int, ...], contenders: tuple[int, ...], hand: HandState
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The scores and the contenders after `hand` (unchanged while it is in progress): a tie at the top keeps
    only the tied sides in contention (T8)."""
    points = hand.points  # None while the hand is in progress
    if points is None:
        return scores, contenders
    return scored_points(rules, scores, contenders, side_points(rules, points))


def scored_points(
    rules: RuleSet, scores: tuple[int, ...], contenders: tuple[int, ...], points: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The scores and the contenders after a hand that gave each side `points` (T8, as scored)."""
    before = in_contention(rules, scores, contenders)  # a tie set up by hand counts too
    after = _plus(scores, points)
    still = in_contention(rules, after, before if scores[before[0]] >= rules.target else ())
    return after, (still if after[still[0]] >= rules.target else ())


@lru_cache(maxsize=64)  # asked for every hand scored; a rule set is immutable
def sides(rules: RuleSet) -> tuple[tuple[int, ...], ...]:
    """Who shares a score, in seat order: each player alone in cutthroat and two-hand (T7, W6), partners opposite
    (F1)."""
    return tuple(sorted({side_of(rules, seat) for seat in range(rules.players)}))


def game_from_record(record: dict[str, Any] | str) -> GameState:
    """Rebuild a game from its record: every hand replayed and checked against the seed, every result recomputed."""
    with _no_cycle_collection():
        return _game_of(_record_object(record))


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while a game record is read and its hands are built.

    A saved game of 20,000 hands is millions of small objects (its JSON, then tuples and states), none of which
    refer back to one another: the collector would walk them all again and again as they pile up (a third of
    the load time) and find nothing. It runs again afterwards, as it was (if a caller had paused it, it stays so).
    """
    was_running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_running:
            # What was just built goes to the oldest generation at once (freeze, then unfreeze), rather than
            # being walked as young objects first: a third of a second for the largest game. Only where
            # nobody else has frozen objects, for unfreeze thaws them all.
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def _game_of(record: dict[str, Any]) -> GameState:
    """The game of a record with a game record's fields (game_from_record)."""
    rules = rules_from(record["rules"], record.get("switches"))
    game = new_game(rules, seed=record["seed"], first_dealer=record["first_dealer"])
    start = _starting_scores(game, record.get("starting_scores", [0] * len(game.sides)))
    hands = record["hands"]  # hand records, as the record's format says
    if len(hands) > MAX_HANDS:
        raise NotationError(
            "hands",
            f"The record holds {len(hands):,} hands, too many for a game record, which "
            f"holds at most {MAX_HANDS:,} (a game to 10 rarely lasts 50 hands).",
        )
    played, (scores, contenders), dealt = _replay_hands(game, hands, start, _permitted(record.get("dealt_by_hand")))
    game = replace(game, hands=played, scores=scores, contenders=contenders)  # played: PlayedHands, kept as it is
    _check_results(record, {"scores": list(scores), "winners": list(game.winners), "dealt_by_hand": dealt})
    if game.hand.is_over and not game.is_over:
        raise NotationError("hands", "hands ends with a finished hand, yet nobody has won: the next hand is missing.")
    return game


def _record_object(record: dict[str, Any] | str) -> dict[str, Any]:
    """The record as an object of a game record's format (records.GAME_RECORD), its size checked before it is read."""
    if isinstance(record, str):
        if len(record) > MAX_RECORD_BYTES:
            raise NotationError(
                "record",
                f"The game record is too long: {len(record):,} characters, and a saved "
                f"game is at most {MAX_RECORD_BYTES:,} ({MAX_HANDS:,} hands).",
            )
        record = read_json(record, "game record")
    checked: dict[str, Any] = read(GAME_RECORD, record)  # GAME_RECORD is an object
    return checked


def _starting_scores(game: GameState, scores: object) -> tuple[int, ...]:
    """The scores a record says the game started from: one whole number per side, zeros unless set by hand."""
    if not _whole_numbers(scores, len(game.sides)) or not all(score in STARTING_SCORES for score in scores):
        raise NotationError(
            "starting_scores",
            f"starting_scores must list {len(game.sides)} whole numbers from "
            f"{STARTING_SCORES[0]} to {STARTING_SCORES[-1]}, one per side, "
            f"not {excerpt(scores)}.",
        )
    return tuple(scores)


def _permitted(listed: object) -> set[int]:
    """The hands a record says were dealt by hand; whether it says so exactly is checked with the results."""
    return {number for number in listed if type(number) is int} if isinstance(listed, list) else set()


def _replay_hands(
    game: GameState, records: list[dict[str, Any]], scores: tuple[int, ...], permitted: set[int]
) -> tuple[PlayedHands, tuple[tuple[int, ...], tuple[int, ...]], list[int]]:
    """Every hand replayed in order and checked against the seed; the scores are kept up as it goes (linear)."""
    played = PlayedHands.of(()).known_for(game._origin, ())
    dealt_by_hand: list[int] = []
    contenders: tuple[int, ...] = ()
    header, quick, origin = _seed_header(game.rules), QuickReplay(game.rules), (game.rules, scores)
    for number, hand_record in enumerate(records):
        if winners(game.rules, scores, contenders):
            raise _after_the_win(game, number, scores)
        hand, seeded = _replayed(game, number, hand_record, header, quick)
        if not seeded:
            _check_dealt_by_hand(game, number, hand, permitted)
            dealt_by_hand.append(number)
        if number < len(records) - 1 and not hand.is_over:
            raise NotationError(f"hands[{number}]", f"hands[{number}] is unfinished, yet another hand follows it.")
        played = played.then(hand, by_hand=not seeded, start=(origin, scores, contenders))
        scores, contenders = scored(game.rules, scores, contenders, hand)
    return played, (scores, contenders), dealt_by_hand


def _replayed(
    game: GameState, number: int, record: dict[str, Any], header: dict[str, Any], quick: QuickReplay
) -> tuple[HandState, bool]:
    """Hand `number` replayed from its record, and whether the seed dealt it.

    A record that writes the game's rules, the dealer and the seed's cards exactly as the game's own records
    do is the seed's hand: its cards are not read and checked again, only its actions are replayed, the quick
    way if it can (a finished hand), else by the engine, which also says what is wrong with a hand.
    """
    try:
        deal = _seed_deal_written(game, number, record, header)
        if deal is not None:
            start = start_of_hand(game.rules, game._dealer(number), deal)
            return quick(start, record["actions"]) or replayed_actions(start, record["actions"]), True
        hand = replay(record)
    except NotationError as error:
        raise NotationError(f"hands[{number}].{error.part}", f"hands[{number}]: {error}") from None
    return hand, game._from_seed(number, hand)


def _seed_header(rules: RuleSet) -> dict[str, Any]:
    """The rules and switches as the game's own hand records write them."""
    return {"rules": rules.game, "switches": rules.switches()}


def _seed_deal_written(game: GameState, number: int, record: dict[str, Any], header: dict[str, Any]) -> Deal | None:
    """The seed's deal of hand `number`, if `record` (of a hand record's format) is a hand record of it written
    exactly as the game writes one."""
    dealer = game._dealer(number)
    if not (
        record["rules"] == header["rules"]
        and _same_switches(record.get("switches", {}), header["switches"])
        and type(record["dealer"]) is int
        and record["dealer"] == dealer
    ):
        return None
    deal = game._seed_deal(number)
    return deal if record["deal"] == deal.record() else None  # lists of card texts: == is exact


def _same_switches(switches: object, written: dict[str, Any]) -> bool:
    """Whether a record's switches are exactly `written`: 1 is not true, as == alone would say."""
    return switches == written and all(type(switches[name]) is type(value) for name, value in written.items())


def _after_the_win(game: GameState, number: int, scores: tuple[int, ...]) -> NotationError:
    rule = _winning_rule(game.rules)
    if number == 0:
        return NotationError(
            "starting_scores",
            f"The starting_scores {list(scores)} already win the game, so no hand can be played ({rule}).",
        )
    return NotationError(
        f"hands[{number}]",
        f"hands[{number}] follows a hand that already won the game; nothing is played after the win ({rule}).",
    )


def _check_dealt_by_hand(game: GameState, number: int, hand: HandState, permitted: set[int]) -> None:
    """A hand the seed did not deal belongs to the game only if it has the game's rules and the record lists it."""
    if hand.rules != game.rules:
        raise NotationError(
            f"hands[{number}]",
            f"hands[{number}] does not belong to this game: it is played under other rules than the game's (C4).",
        )
    if number in permitted:
        return
    place, right = _first_difference(hand, game._dealer(number), game._seed_deal(number))
    raise NotationError(
        f"hands[{number}].{place}",
        f"hands[{number}] is not the hand seed {game.seed} deals: its {place} should be {right} "
        f"(C4, C5). A hand dealt by hand belongs to the record only when dealt_by_hand lists it.",
    )


def _first_difference(hand: HandState, dealer: int, deal: Deal) -> tuple[str, str]:
    """Where a hand first differs from the seed's deal, and what the seed puts there."""
    if hand.dealer != dealer:
        return "dealer", f"seat {dealer}"
    places: dict[str, tuple[Card, ...] | None] = {f"deal.hands[{seat}]": cards for seat, cards in enumerate(deal.hands)}
    places.update({"deal.dummy": deal.dummy, "deal.kitty": deal.kitty})
    mine: dict[str, tuple[Card, ...] | None] = {
        f"deal.hands[{seat}]": cards for seat, cards in enumerate(hand.deal.hands)
    }
    mine.update({"deal.dummy": hand.deal.dummy, "deal.kitty": hand.deal.kitty})
    place = next(place for place in places if places[place] != mine[place])
    right = checks.known(
        places[place], "the hand has the game's rules (checked first): both deals have a dummy or neither"
    )
    return place, " ".join(map(str, right))


def _check_results(record: dict[str, Any], right: dict[str, list[int]]) -> None:
    """Each derived field of a record must be exactly what the hands give (a missing dealt_by_hand means none)."""
    for field, value in right.items():
        stored = record.get(field, [])
        if not (_whole_numbers(stored, len(value)) and stored == value):
            raise NotationError(
                field,
                f"The stored {field} {excerpt(stored)} do not match {DERIVED_FROM[field]}: {field} should be {value}.",
            )


def _whole_numbers(value: object, count: int) -> TypeGuard[list[int]]:
    """Whether `value` is a list of `count` whole numbers (JSON numbers without a point; not true or false)."""
    return isinstance(value, list) and len(value) == count and all(type(item) is int for item in value)


def side_points(rules: RuleSet, points: tuple[int, ...]) -> tuple[int, ...]:
    """Each side's points (in `sides` order) from each seat's: partners score the same."""
    return tuple(points[side[0]] for side in sides(rules))


def _plus(scores: tuple[int, ...], points: tuple[int, ...], sign: int = 1) -> tuple[int, ...]:
    """The running scores after a hand that gave each side `points` (before it, with sign -1)."""
    return tuple(score + sign * gained for score, gained in zip(scores, points))


def _listed_in_words(numbers: list[int], most: int = 6) -> str:
    """1, 2 and 5; a long list is cut short: 1, 2, 3, 4, 5, 6 and 94 more."""
    if len(numbers) > most:
        return f"{', '.join(map(str, numbers[:most]))} and {len(numbers) - most:,} more"
    if len(numbers) == 1:
        return str(numbers[0])
    return f"{', '.join(map(str, numbers[:-1]))} and {numbers[-1]}"


def _winning_rule(rules: RuleSet) -> str:
    return rules.winning_rule


# -- saving and loading: regular files only, never through a link, never more than a record can be -----


def save_game(
    game: GameState, path: str | os.PathLike[str], *, seal: Callable[[dict[str, Any]], str] | None = None
) -> Path:
    """Write the game record to `path` atomically: a failure leaves any old file intact and nothing else behind.

    `seal`, if given, makes the text stored in the record's "seal" field from the record without it."""
    checks.instance("game", game, GameState, "a GameState, as new_game and load_game give")
    if seal is not None and not callable(seal):  # what isinstance(seal, Callable) says
        raise checks.refused("seal", seal, "a function of the record giving the text of its seal")
    path = _file_name(path)
    _saving(path, replaceable)  # a path that cannot be saved to is refused before the record is made and sealed
    record = game.record()
    if seal is not None:
        record["seal"] = checks.instance("seal", seal(record), str, "a function of the record giving text")
    text = json.dumps(record, indent=1, ensure_ascii=False)
    _saving(path, lambda name: write_atomically(name, text))
    return path


def _saving(path: Path, step: Callable[[Path], object]) -> None:
    """step(path), a file refused said as the reason a save cannot be made."""
    try:
        step(path)
    except FileRefused as refused:
        raise NotationError("path", f"Cannot save to {_shown(path)}: {refused}.") from None


def _file_name(path: object) -> Path:
    """`path` as a Path, if it is a file name at all (text or a path object, no NUL character)."""
    text = os.fspath(path) if isinstance(path, os.PathLike) else path
    if not isinstance(text, str):
        raise checks.refused("path", path, "a file name such as 'my_game.json' (text or a pathlib.Path)")
    if not text:
        raise NotationError("path", "path is empty: give a file name such as 'my_game.json'.")
    if "\0" in text:
        raise NotationError(
            "path",
            f"path {excerpt(text)} holds a NUL character (\\0), which no file name can hold: type the name again.",
        )
    return Path(text)


def load_game(path: str | os.PathLike[str]) -> GameState:
    """Read a saved game from a regular file; anything wrong is a NotationError naming the file and the problem."""
    return load_saved(path)[0]


def load_saved(path: str | os.PathLike[str]) -> tuple[GameState, dict[str, Any]]:
    """A saved game, as load_game reads it, and the record it was read from (with its seal, if it has one)."""
    path = _file_name(path)
    text = _read_text(path)
    try:
        with _no_cycle_collection():  # its JSON too
            record = read_json(text, "game record")
            return game_from_record(record), record
    except NotationError as error:
        raise NotationError(error.part, f"The file {_shown(path)} cannot be loaded: {error}") from None


def _read_text(path: Path) -> str:
    """The text of a regular file of at most MAX_RECORD_BYTES; a pipe, a device or a folder is not read at all."""
    try:
        return as_text(read_regular(path, MAX_RECORD_BYTES, what=f"a saved game (about {MAX_HANDS:,} hands)"))
    except FileRefused as refused:
        raise _unloadable(path, str(refused)) from None


def _unloadable(path: Path, why: str) -> NotationError:
    return NotationError("file", f"The file {_shown(path)} cannot be loaded: {why}.")
