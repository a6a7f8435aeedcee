"""The endless practice asks in the learner's language: its questions, their settings and every hint built from the
question's own cards (issue 38), with English word for word as it was."""

from __future__ import annotations

import re

import pytest

from euchre_lesson.engine.language import speaking
from euchre_lesson.teach import practice

# Words of the English questions and clues that the translations do not have (a card, J♥, and a rule id stay; Estonian
# says "trump" too).
ENGLISH = re.compile(r"\b(the|were|with|your|which|keep|bowers?|tricks?|seat|deals|passed|aces?)\b", re.I)


def said(kind: str, seed: int) -> list[str]:
    """What a learner reads of one question: the question, its setting, and its hints one by one."""
    asked = practice.question(kind, seed, tuple(practice.PRESETS))
    return [str(asked), asked.setting, *(asked.exercise.hint(number) for number in range(1, 4))]


@pytest.mark.parametrize("language", ["fr", "et"])
@pytest.mark.parametrize("kind", list(practice.KINDS))
def test_every_question_and_hint_of_a_kind_is_in_the_learner_s_language(kind, language):
    for seed in range(25):
        english = said(kind, seed)
        with speaking(language):
            translated = said(kind, seed)
        for theirs, ours in zip(translated, english):
            assert not ENGLISH.search(theirs) and (language == "et" or "trump" not in theirs), f"{language}: {theirs!r}"
            assert theirs == ours == "" or theirs != ours


def test_a_count_of_things_agrees_in_each_language():
    with speaking("fr"):
        assert practice._some_of(0, "trick") == "aucun pli" and practice._some_of(3, "trump") == "trois atouts"
    with speaking("et"):
        assert practice._some_of(1, "place") == "üks koht" and practice._some_of(2, "bower") == "kaks trumbipoissi"
    assert practice._some_of(0, "trump") == "no trumps" and practice._some_of(1, "off-suit ace") == "one off-suit ace"


def test_the_practice_widget_s_tally_speaks_the_learner_s_language():
    from euchre_lesson.widgets.practice import tally_html

    with speaking("fr"):
        html = tally_html(practice.Practice(seed=3, progress=False))
    assert "Cette séance" in html and "comme d'habitude" in html and "De quelle couleur est cette carte" in html
    assert not ENGLISH.search(re.sub(r"<[^>]*>", " ", html))
