"""The printed sheets follow the teacher's choice of language (issue 38, 4): `--language fr` (make sheets LANG=fr)
writes them in French, and a code not on the list is refused in words before anything is written."""

from __future__ import annotations

import pytest

from euchre_lesson.engine.language import speaking
from euchre_lesson.teach import sheets


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
