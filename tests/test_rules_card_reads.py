"""Issue 37, point 9: a rules card a 14-year-old can read: every word at 10 pt or more, plain short sentences, and
still one page, for every game, on A4 and Letter, with a class's house rules marked (the longest card)."""

from __future__ import annotations

import dataclasses
import html
import io
import re

import pypdf
import pytest

from euchre_lesson.engine.language import speaking
from euchre_lesson.engine.rules import PRESETS
from euchre_lesson.teach import sheets
from euchre_lesson.teach.card_words import CARD_WORDS
from euchre_lesson.teach.house_rules import HouseRules

# Two house rules in every game, each marked beside its rule: the card is at its longest.
CLASS = HouseRules(
    tuple(dataclasses.replace(rules, stick_the_dealer=True, may_name_turned_suit=True) for rules in PRESETS.values())
)
# What the rule book says to its readers, never to a player at the table.
BOOK_WORDS = ("the sources", "Decision", "engine", "switch", "preset", "the option", "`", "=True", "distilled")
LONGEST_SENTENCE = 20  # words
HARDEST_GRADE = 6  # Flesch-Kincaid: a school year's reading, well below a 14-year-old's (about 8 or 9)

# Every word of the page that is not inside a card's face (a drawing), with the size it is set in, in points.
SIZES = """() => {
  const sizes = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim() || node.parentElement.closest('svg')) continue;
    const points = parseFloat(getComputedStyle(node.parentElement).fontSize) * 0.75;  // 96 px to 72 pt an inch
    sizes.push([node.textContent.trim().slice(0, 40), points]);
  }
  return sizes;
}"""


def syllables(word: str) -> int:
    """A word's syllables, counted as groups of vowels (a silent final e left out): the usual estimate."""
    word = word.lower()
    groups = len(re.findall(r"[aeiouy]+", word))
    return max(1, groups - (word.endswith("e") and not word.endswith(("le", "ee")) and groups > 1))


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if re.search(r"[A-Za-z]", s)]


def reading_grade(text: str) -> float:
    """The Flesch-Kincaid grade: 0.39 words per sentence + 11.8 syllables per word - 15.59."""
    words = re.findall(r"[A-Za-z][A-Za-z'-]*", text)
    return 0.39 * len(words) / len(sentences(text)) + 11.8 * sum(map(syllables, words)) / len(words) - 15.59


def card_rules(game: str) -> tuple[str, ...]:
    """The rules a game's card says, by id: a hand's, the scoring's, and the bowers (with the joker in its deck)."""
    rules = PRESETS[game]
    return rules.facts.hand_rules + rules.facts.scoring_rules + ("C2",) + (("C3",) if rules.deck == 25 else ())


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=sheets.CHROMIUM, args=sheets.CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.mark.parametrize("code", ["en", "fr", "et"])  # a French card is longer: Railroad's spilled onto a second page
@pytest.mark.parametrize("paper", list(sheets.PAPERS))
@pytest.mark.parametrize("game", list(PRESETS))
def test_every_word_of_the_card_is_10_points_or_more_and_the_card_is_one_page(browser, game, paper, code):
    page = browser.new_page()
    try:
        with speaking(code):
            card = sheets.rules_card(CLASS.rules(game), paper)
        page.set_content(card, wait_until="load")
        page.emulate_media(media="print")
        sizes = page.evaluate(SIZES)
        printed = page.pdf(format=paper, prefer_css_page_size=True, print_background=True)
    finally:
        page.close()
    assert len(sizes) > 50, sizes
    small = [(words, round(points, 1)) for words, points in sizes if points < sheets.BODY_POINTS - 0.01]
    assert not small, f"set below {sheets.BODY_POINTS} pt: {small[:5]}"
    assert sheets.BODY_POINTS >= 10
    assert len(pypdf.PdfReader(io.BytesIO(printed)).pages) == 1, f"{game} on {paper} in {code}: more than one page"


@pytest.mark.parametrize("game", list(PRESETS))
def test_the_card_says_each_rule_in_short_plain_sentences(game):
    card = sheets.rules_card(CLASS.rules(game))
    text = html.unescape(re.sub(r"<svg.*?</svg>|<style>.*?</style>|<[^>]+>", " ", card, flags=re.S))
    text = re.sub(r"\s+", " ", text)
    said = " ".join(CARD_WORDS[rule][1].format(target=PRESETS[game].target) for rule in card_rules(game))
    for rule in card_rules(game):
        title, words = CARD_WORDS[rule]
        assert f"{rule} {title}." in text and sentences(words.format(target=PRESETS[game].target))[0] in text
    long = [s for s in sentences(said) if len(s.split()) > LONGEST_SENTENCE]
    assert not long, long
    assert reading_grade(said) <= HARDEST_GRADE, f"{game}: grade {reading_grade(said):.1f}"
    found = [w for w in BOOK_WORDS if w.lower() in text.lower()]
    assert not found, f"the {game} card says {found}"


def test_the_reading_grade_tells_a_book_s_sentence_from_a_card_s():
    """The measure can fail: the rule book's own sentences for the same rules read at a harder grade."""
    book = sheets.read_rule_book()
    quoted = " ".join(" ".join(sheets.rule_sentences(rule, book)) for rule in card_rules("cutthroat"))
    assert reading_grade(quoted) > HARDEST_GRADE or max(len(s.split()) for s in sentences(quoted)) > LONGEST_SENTENCE
    assert reading_grade("The cat sat on the mat. It was warm.") < 2


def test_every_rule_a_card_says_has_plain_words_and_is_a_rule_of_the_book():
    book = sheets.read_rule_book()
    every = {rule for game in PRESETS for rule in card_rules(game)}
    assert every == set(CARD_WORDS)
    for rule in every:
        sheets.rule_entry(rule, book)  # raises where the book has no such rule
    with pytest.raises(ValueError, match="no rule C9"):
        sheets.rules_card(PRESETS["cutthroat"], book=book.replace("**C9 ", "**C99 "))
