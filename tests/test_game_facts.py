"""Each game's facts are its one home: every word the lessons say about a game is built from them alone."""

import re

import pytest

from euchre_lesson.engine.narration import points_words, scorers
from euchre_lesson.engine.rules import GAMES, PRESETS, GameFacts, Side
from euchre_lesson.engine.scoring import Points
from euchre_lesson.teach.exercises import Score
from euchre_lesson.teach.practice import bid_hints, score_hints

WORDS = ("name", "label", "described", "said")


def every_word(facts: GameFacts) -> dict[str, str]:
    """Every word a game needs, from its facts alone: names, the sides as they score and as they are asked."""
    makers, defenders = scorers(facts)
    return {
        **{field: getattr(facts, field) for field in WORDS},
        "makers": facts.makers.noun,
        "makers asked": facts.makers.asked,
        "defenders": facts.defenders.noun,
        "defenders asked": facts.defenders.asked,
        "makers score": makers,
        "defenders score": defenders,
        "make trump at": str(facts.make_trump_at),
    }


def missing(facts: GameFacts) -> list[str]:
    """The words a game's facts lack: blank, not text, or a count that is no count."""
    bad = [name for name, word in every_word(facts).items() if not isinstance(word, str) or not word.strip()]
    if type(facts.make_trump_at) is not int or not 1 <= facts.make_trump_at <= 10:
        bad.append("make trump at")
    return bad


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_every_word(game):
    facts = GAMES[game]
    assert missing(facts) == []
    assert PRESETS[game].facts is facts, "a rule set reaches its game's facts"


@pytest.mark.parametrize("field", [*WORDS, "makers", "defenders"])
def test_a_game_whose_facts_lack_a_word_is_found_out(field):
    facts = GAMES["railroad"]
    blank = Side("", "") if field in ("makers", "defenders") else ""
    assert missing(facts._replace(**{field: blank}))
    assert missing(facts._replace(make_trump_at=None)) == ["make trump at"]


def test_no_two_games_share_a_name():
    for field in WORDS:
        assert len({getattr(facts, field) for facts in GAMES.values()}) == len(GAMES), field


def test_the_words_are_those_the_lessons_show():
    """The lessons' stored answers read these words: the facts must give them back exactly."""
    assert scorers(GAMES["cutthroat"]) == ("the maker scores", "each defender scores")
    assert scorers(GAMES["partnership"]) == scorers(GAMES["railroad"]) == ("the makers score", "the defenders score")
    assert scorers(GAMES["twohand"]) == ("the maker scores", "the opponent scores")
    assert Score(5, True, rules=PRESETS["cutthroat"]).question == (
        "In Cutthroat, the maker alone took 5 tricks: how many points does the maker score?"
    )
    assert Score(1, False, True, PRESETS["cutthroat"], "defenders").question == (
        "In Cutthroat, the maker took 1 trick, against a lone defender: how many points does each defender score?"
    )
    assert Score(5, True, rules=PRESETS["partnership"]).explain().endswith("the makers score 4 and the defenders 0.")


@pytest.mark.parametrize("game", GAMES)
def test_the_words_of_a_game_are_built_from_its_facts(game):
    rules, facts = PRESETS[game], GAMES[game]
    makers, defenders = scorers(facts)
    assert points_words(rules, Points(1, 2)) == f"{makers} 1, {defenders} 2"
    verb = "score" if facts.players == 4 else "scores"  # two players share each side of a four-hand game (F1)
    assert makers == f"{facts.makers.noun} {verb}" and defenders == f"{facts.defenders.noun} {verb}"
    asked = {who: Score(3, rules=rules, who=who).question for who in ("makers", "defenders")}
    assert asked["makers"].startswith(f"In {facts.said}, ") and facts.makers.asked in asked["makers"]
    assert facts.defenders.asked in asked["defenders"]
    assert Score(0, rules=rules, who="both").explain().endswith(f"and {facts.defenders.noun} 2.")
    (bid,) = bid_hints(rules)
    assert facts.name in bid and f"a count of {facts.make_trump_at}" in bid
    (score,) = score_hints(rules)
    tables = {row.rule for row in rules.scoring}
    assert facts.name in score and set(re.findall(r"\b[TFWR]\d\b", score)) == tables


def test_railroads_scoring_hint_names_both_its_tables():
    """Railroad scores by F4 with R4's row for a lone defender against a lone maker: the hint names both."""
    (hint,) = score_hints(PRESETS["railroad"])
    assert "F4 and R4 for Railroad Euchre" in hint
