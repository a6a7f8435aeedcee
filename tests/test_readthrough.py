"""The read-through script (scripts/readthrough.py): what a learner reads in a lesson, in the lesson's language."""

import re
import sys
from pathlib import Path

from euchre_lesson.engine.language import speaking

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import readthrough  # noqa: E402

sys.path.remove(str(ROOT / "scripts"))

# A card after an article is read with its gender: "le Q♠" reads « le dame », "le A♦" « le as », "la K♠" « la roi ».
# The package's French names a card after a verb without one (« j'entame A♦ », « Commander 10♥ », « la retourne
# (Q♠) »), so the same words fit every card; "le J♦" and "la Q♠", where a text names one card, are right.
WRONG_GENDER = re.compile(r"\b(?:[Ll]e|du|au) [QA][♠♥♦♣]|\b[Ll]a (?:10|[9JKA])[♠♥♦♣]")


def test_lesson_2_in_french_is_read_as_a_learner_meets_it_every_verdict_in_french():
    with speaking("fr"):
        lines = readthrough.exercise_lines(2)
    verdicts = [line for line in lines if "verdict:" in line]
    assert len(verdicts) == 15  # the six exercises' options: 3, 2, 2, 2, 3, 3
    assert all("Juste !" in line or "Pas tout à fait." in line for line in verdicts), verdicts
    assert not any("Correct!" in line or "Not quite" in line for line in lines)


def test_the_french_words_of_lesson_2_never_give_a_card_the_wrong_gender():
    with speaking("fr"):
        lines = readthrough.exercise_lines(2) + readthrough.trainer_lines(1, worlds=8)
    said = "\n".join(lines)
    assert "Commander J♣" in said and "la retourne (J♣)" in said
    assert not WRONG_GENDER.findall(said), WRONG_GENDER.findall(said)


def test_the_built_lesson_s_prose_and_outputs_are_read_in_order():
    lines = readthrough.notebook_lines(ROOT / "notebooks" / "fr" / "02_bidding_round_one.ipynb")
    assert lines[0].startswith("\n## markdown") and "# 2 · La donne et les enchères" in lines[0]
    assert any("Ma seule carte permise" in line or "je passe" in line for line in lines)


def test_a_lesson_without_exercises_is_read_whole_and_english_is_the_default_language(capsys, monkeypatch):
    """The rule book stopped the read-through with a refusal, and a read-through without --language read French."""
    assert readthrough.exercise_lines(13) == []
    monkeypatch.setattr("sys.argv", ["readthrough.py", "13"])
    readthrough.main()
    assert "# 13 · The rule book" in capsys.readouterr().out
