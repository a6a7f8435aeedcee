"""Issue 38, point 5: Albanian, Javanese, Georgian and Hausa have their catalogs begun: the rule book's section
headings (their cells of lesson 13) and the table's words and prompts, every string not yet translated in English."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from euchre_lesson.engine.language import LOCALE, _, speaking

BEGUN = ("sq", "jv", "ka", "ha")
# The rule book's sections (lesson 13's cells, by id): the parts every rule is filed under, and the glossary.
SECTIONS = {
    "ecef0acb": "common",
    "70842c3c": "cutthroat",
    "0e2dcf3a": "partnership",
    "0cfadbd5": "two-handed",
    "26662915": "railroad",
    "059ee6ee": "glossary",
}
# The table's prompts a player meets in every hand.
PROMPTS = (
    "Your lead: click any of your cards to lead it (C12).",
    "Your turn: you hold no {suits}{trumps}, so you may play any card (C12).",
    "Not your turn: {name} is {doing}.",
    "Waiting for {name} {doing}.",
    "Round two: name a suit as trump, or {pass_} (C8).",
    "Trick {number}: {name} led {card}",
    "Trick {number}: {name} won it with {card}",
    "Game over: {sides} won.",
    "the {card}, the right bower",
    "the {card}, the left bower",
)


def catalog(language: str, lesson: str | None = None):
    where = LOCALE / language / ("lessons" if lesson else "LC_MESSAGES") / (lesson or "euchre_lesson.po")
    with where.open("rb") as file:
        return read_po(file)


@pytest.mark.parametrize("language", BEGUN)
def test_the_rule_book_s_section_headings_are_translated_with_their_anchors(language):
    cells = {message.context: message for message in catalog(language, "13_rule_book.po") if message.id}
    for cell, anchor in SECTIONS.items():
        said = cells[cell].string  # Railroad Euchre keeps its name: the section's words under it are translated
        assert said.startswith(f'## <a id="{anchor}"></a>') and said != cells[cell].id, cell


@pytest.mark.parametrize("language", BEGUN)
def test_the_table_s_prompts_are_translated(language):
    translated = {message.id: message.string for message in catalog(language) if message.id}
    missing = [prompt for prompt in PROMPTS if not translated.get(prompt)]
    assert not missing, f"{language} lacks {missing}"


@pytest.mark.parametrize("language", BEGUN)
def test_a_string_not_yet_translated_falls_back_to_english(language):
    with speaking(language):
        assert _("A message no catalog holds, {x}.") == "A message no catalog holds, {x}."
        left = [m.id for m in catalog(language) if m.id and not m.string and isinstance(m.id, str)]
        assert left and all(_(message) == message for message in left[:50]), "an empty message is never shown"
