"""The printed sheets follow the teacher's choice of language (issue 38, 4): `--language fr` (make sheets LANG=fr)
writes them in French, and a code not on the list is refused in words before anything is written."""

from __future__ import annotations

import re
from html import unescape

import pytest

from euchre_lesson.engine.cards import Suit
from euchre_lesson.engine.language import _, speaking
from euchre_lesson.engine.rules import PRESETS, rules_from
from euchre_lesson.teach import sheets
from euchre_lesson.teach.card_words import CARD_WORDS


def test_the_sheets_made_in_french_say_it_and_use_its_words():
    with speaking("fr"):
        french = sheets.all_sheets()["score-sheet-cutthroat"]
    english = sheets.all_sheets()["score-sheet-cutthroat"]
    assert '<html lang="fr">' in french and "le preneur marque" in french
    assert '<html lang="en">' in english and "le preneur marque" not in english


def test_a_language_the_lessons_do_not_have_is_refused_in_words_and_nothing_is_written(tmp_path):
    with pytest.raises(SystemExit, match="--language: There are lessons in these languages: en \\(English\\)"):
        sheets.main(["--out", str(tmp_path / "sheets"), "--language", "xx"])
    assert not (tmp_path / "sheets").exists()


@pytest.mark.parametrize("code", ["fr", "et"])
@pytest.mark.parametrize("game", ["cutthroat", "partnership", "twohand", "railroad"])
def test_a_rules_card_in_french_or_estonian_says_its_rules_suits_and_scoring_rows_in_that_language(code, game):
    """The card said its rules' titles and sentences, the suits of its order table and its scoring rows in English."""
    rules = PRESETS[game]
    with speaking(code):
        card = unescape(sheets.rules_card(rules))
    printed = (*rules.facts.hand_rules, *rules.facts.scoring_rules)
    english = [words.format(target=rules.target) for rule in printed for words in CARD_WORDS[rule]]
    english += [row.result for row in rules.scoring] + [suit.plural for suit in Suit]
    assert [words for words in english if re.search(rf"\b{re.escape(words)}\b", card)] == []
    with speaking(code):
        assert all(f"{rule} {_(CARD_WORDS[rule][0])}." in card for rule in printed)


def test_the_house_rules_a_sheet_lists_are_listed_as_the_language_lists_them():
    rules = rules_from("cutthroat", {"stick_the_dealer": True, "target": 15})
    with speaking("fr"):
        french = [unescape(sheets.rules_card(rules)), unescape(sheets.score_sheet(rules))]
    assert all("(T8, F5) ; le donneur obligé : oui (C9)" in sheet for sheet in french)
    assert "(T8, F5); stick the dealer: on (C9)" in unescape(sheets.score_sheet(rules))
