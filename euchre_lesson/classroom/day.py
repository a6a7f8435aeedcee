"""The deal of the day: every table plays the same seeded deals, and a comparison shows deal by deal what each
table bid and scored, as duplicate bridge does (each seat against the same seat at the other tables). Tables of
different games each play their own game from the day's seed, and are compared game by game."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import checks
from ..engine.game import GameState
from ..engine.hand import HandState
from ..engine.narration import result_words


@dataclass(frozen=True)
class DealOfTheDay:
    """The seed every table of `tables` plays its game from (the seed deals every hand, and picks the first dealer);
    `game`, the game of the first of them (the class file names one)."""

    game: str
    seed: int
    tables: tuple[int, ...]

    def plays(self, game: GameState) -> bool:
        """Whether `game` is this deal of the day's (a table that started another game since has another seed)."""
        return game.seed == self.seed

    def record(self) -> dict:
        return {"game": self.game, "seed": self.seed, "tables": list(self.tables)}


def bid_and_score(hand: HandState, names: tuple[str, ...]) -> dict:
    """What one table bid and scored on one deal: the maker, trump, alone or not, the tricks, each seat's points."""
    points = checks.known(hand.points, "only a hand that is over is compared: it is scored")
    if hand.thrown_in:
        return {
            "thrown_in": True,
            "maker": None,
            "maker_name": None,
            "trump": None,
            "alone": False,
            "tricks": 0,
            "points": list(points),
            "words": result_words(hand, hand),
        }
    maker = checks.known(hand.maker, "a hand played out has a maker")
    return {
        "thrown_in": False,
        "maker": maker,
        "maker_name": names[maker],
        "trump": str(hand.trump),
        "alone": hand.lone_maker,
        "tricks": hand.maker_tricks,
        "points": list(points),
        "words": result_words(hand, hand),
    }  # the hand is over: its result is public, told with the hands open


def comparison(day: DealOfTheDay, tables: dict[int, tuple[GameState, tuple[str, ...]]]) -> list[dict]:
    """Game by game, deal by deal, what each table of the day bid and scored, and each seat's points against the
    average for that seat on that deal at the tables of that game. `tables`: number -> (its game, the name at each
    seat). Each row names its game ("game": its name, as "Cutthroat Euchre")."""
    played = {
        number: (game, names) for number, (game, names) in tables.items() if number in day.tables and day.plays(game)
    }
    by_game: dict[str, dict[int, tuple[GameState, tuple[str, ...]]]] = {}
    for number, (game, names) in sorted(played.items()):
        by_game.setdefault(game.rules.facts.name, {})[number] = (game, names)
    return [{"game": name, **row} for name, games in by_game.items() for row in one_game(games)]


def one_game(games: dict[int, tuple[GameState, tuple[str, ...]]]) -> list[dict]:
    """Deal by deal, what each of these tables (all of one game) bid and scored, and each seat against the average."""
    finished = {number: [hand for hand in game.hands if hand.is_over] for number, (game, _) in games.items()}
    rows = []
    for deal in range(max(map(len, finished.values()), default=0)):
        played = {
            number: bid_and_score(hands[deal], games[number][1])
            for number, hands in finished.items()
            if deal < len(hands)
        }
        seats = len(next(iter(played.values()))["points"])
        average = [sum(result["points"][seat] for result in played.values()) / len(played) for seat in range(seats)]
        rows.append(
            {
                "deal": deal + 1,
                "tables": played,
                "average": average,
                "versus_average": {
                    number: [round(result["points"][seat] - average[seat], 2) for seat in range(seats)]
                    for number, result in played.items()
                },
            }
        )
    return rows
