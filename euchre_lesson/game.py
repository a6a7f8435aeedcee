"""A game to the target score: rotating dealers, running scores, the winner (C4, C9, T8, F5)."""

from __future__ import annotations

import json
import os
import random
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from . import checks
from .actions import Action
from .errors import IllegalAction, NotationError
from .hand import HandState, deal_hand, read_json, replay
from .rules import CUTTHROAT, RuleSet, rules_from

RECORD_FORMAT = "euchre_lesson game"


@dataclass(frozen=True, slots=True)
class GameState:
    """A game in progress: every hand so far (the last is the current one) and the scores."""

    rules: RuleSet
    seed: int
    first_dealer: int
    hands: tuple[HandState, ...]
    scores: tuple[int, ...]

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
        return next(i for i, side in enumerate(self.sides) if seat in side)

    @property
    def winners(self) -> tuple[int, ...]:
        """Indices into `scores` of the winners; empty while the game goes on (T8, F5)."""
        top = max(self.scores)
        if top < self.rules.target:
            return ()
        leaders = tuple(i for i, score in enumerate(self.scores) if score == top)
        if len(leaders) == 1 or self.rules.tie_rule == "shared":
            return leaders
        return ()  # level at the top: play on until one is ahead (T8)

    @property
    def winning_seats(self) -> tuple[int, ...]:
        return tuple(seat for side in self.winners for seat in self.sides[side])

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else self.hand.legal_actions()

    def apply(self, action: Action | str, *, seat: int | None = None) -> GameState:
        """Play one action in the current hand; a finished hand is scored and the next one dealt."""
        if self.is_over:
            raise IllegalAction(_winning_rule(self.rules), "The game is over: start a new game to play again.")
        hand = self.hand.apply(action, seat=seat)
        game = replace(self, hands=self.hands[:-1] + (hand,))
        return game._score_and_deal() if hand.is_over else game

    def _score_and_deal(self) -> GameState:
        points = self.hand.points
        game = replace(self, scores=tuple(score + points[side[0]] for score, side in zip(self.scores, self.sides)))
        if game.is_over:
            return game
        return replace(game, hands=game.hands + (game._deal(len(game.hands)),))

    def _deal(self, number: int) -> HandState:
        """Hand `number` of this game: the deal passes left every hand, throw-ins too (C4)."""
        dealer = (self.first_dealer + number) % self.rules.players
        return deal_hand(self.rules, dealer, seed=random.Random(f"{self.seed}:{number}"))

    def record(self) -> dict:
        """The game record: rules, seed, every hand record and the scores."""
        return {"format": RECORD_FORMAT, "rules": self.rules.game, "switches": self.rules.switches(),
                "seed": self.seed, "first_dealer": self.first_dealer,
                "hands": [hand.record() for hand in self.hands],
                "scores": list(self.scores), "winners": list(self.winners)}

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
    game = GameState(rules, seed, first_dealer, (), (0,) * len(sides(rules)))
    return replace(game, hands=(game._deal(0),))


def sides(rules: RuleSet) -> tuple[tuple[int, ...], ...]:
    """Who shares a score: each player alone in cutthroat (T7), partners opposite (F1)."""
    if rules.players == 4:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(rules.players))


def game_from_record(record: dict | str) -> GameState:
    """Rebuild a game from its record, checking every hand and the stored scores."""
    if isinstance(record, str):
        record = read_json(record, "game record")
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise NotationError("format", f"This is not a game record: it should start with "
                                      f'"format": "{RECORD_FORMAT}".')
    for key in ("rules", "seed", "first_dealer", "hands", "scores"):
        if key not in record:
            raise NotationError(key, f"The game record has no {key!r}.")
    rules = rules_from(record["rules"], record.get("switches"))
    game = new_game(rules, seed=record["seed"], first_dealer=record["first_dealer"])
    hands = record["hands"]
    if not isinstance(hands, list) or not hands:
        raise NotationError("hands", "hands must be a non-empty list of hand records.")
    played: list[HandState] = []
    for i, hand_record in enumerate(hands):
        if replace(game, scores=_scores(game, played)).is_over:
            raise NotationError(f"hands[{i}]", f"hands[{i}] follows a hand that already won the game; "
                                               f"nothing is played after the win ({_winning_rule(rules)}).")
        try:
            hand = replay(hand_record)
        except NotationError as error:
            raise NotationError(f"hands[{i}].{error.part}", f"hands[{i}]: {error}") from None
        dealer = (game.first_dealer + i) % rules.players
        if hand.rules != rules or hand.dealer != dealer:
            raise NotationError(f"hands[{i}]", f"hands[{i}] does not belong to this game: it should be dealt "
                                               f"by seat {dealer} under the game's rules (C4).")
        if i < len(hands) - 1 and not hand.is_over:
            raise NotationError(f"hands[{i}]", f"hands[{i}] is unfinished, yet another hand follows it.")
        played.append(hand)
    game = replace(game, hands=tuple(played), scores=_scores(game, played))
    if list(game.scores) != record["scores"]:
        raise NotationError("scores", f"The stored scores {record['scores']} do not match the hands, "
                                      f"which give {list(game.scores)}.")
    if game.hand.is_over and not game.is_over:
        raise NotationError("hands", "hands ends with a finished hand, yet nobody has won: the next hand is missing.")
    return game


def _scores(game: GameState, hands) -> tuple[int, ...]:
    """The running scores after some hands: each side's points added up."""
    return tuple(sum(hand.points[side[0]] for hand in hands if hand.is_over) for side in game.sides)


def _winning_rule(rules: RuleSet) -> str:
    return "T8" if rules.players == 3 else "F5"


def save_game(game: GameState, path: str | os.PathLike) -> Path:
    """Write the game record to `path` atomically: a failure leaves any old file intact."""
    path = Path(path)
    text = game.to_json()
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def load_game(path: str | os.PathLike) -> GameState:
    """Read a saved game; a damaged file raises NotationError saying what is wrong, untouched."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise NotationError("file", f"{path} is not a text file: {error}.") from None
    try:
        return game_from_record(text)
    except NotationError as error:
        raise NotationError(error.part, f"{path} cannot be loaded: {error}") from None
