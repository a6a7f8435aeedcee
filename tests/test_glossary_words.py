"""Each translated lesson speaks its language's glossary: one word for each of the game's ideas (issue 38, point 3).

Every language with a glossary (`euchre_lesson/locale/<language>/glossary.toml`, English term = the word the lessons
use) is read against its translated lesson cells (`locale/<language>/lessons/*.po`, the msgstr of each cell that is
translated and not fuzzy). A cell fails when
* its English uses a glossary term (whole word, any case, or its plural) and its translation lacks the glossary's
  word for it: compared on a stem (the word less an ending such as a final s, e or es, so that plurals, feminines
  and a verb's forms count), and for a term of several words on its first significant word;
* it says « vous » to the learner in a language whose glossary says « tu » (French);
* it keeps an English game word that the glossary translates, outside a code span, a link's address, an HTML tag
  or a bracketed English gloss such as « talon (*kitty*) ».
"""

import ast
import io
import re
import sys
import tokenize
import tomllib
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "euchre_lesson" / "locale"
sys.path.insert(0, str(ROOT / "scripts"))
from lesson_catalog import CODE_NOTE, read  # noqa: E402  (the script that writes these files reads them)

LANGUAGES = sorted(path.parent.name for path in LOCALE.glob("*/glossary.toml"))

# Each language's small words, which a term of several words skips to find its significant word; and the endings a
# word may drop to give its stem (longest first), so that « preneurs », « commandé », « entame » meet « preneur »,
# « commander », « entamer ». A stem keeps at least three letters, so that short words (« as », « pli ») stay whole.
SMALL_WORDS = {
    "fr": {"le", "la", "les", "l", "un", "une", "des", "de", "du", "d", "en", "à", "au", "aux", "se", "s"},
    "et": set(),
}
# A word whose forms share no stem: French prend, prennent, pris; Estonian's consonant gradation (jagu, jao) and
# changed stems (lööma, lüüa).
STEMS = {
    "fr": {"prendre": "pren|pris"},
    "et": {
        "jagu": "jagu|jao|jag|käsi|käe|kät",  # the glossary's two senses of "hand": a round (jagu), the cards (käsi)
        "trump": "trump|trumb",
        "esimene": "esime",
        "rusikareegel": "rusikareegl|rusikareegel",
        "paarismäng": "paar",  # the game (paarismäng) and a team (paar)
        "euchre": "euchr|kukk|kuku|läbi",  # "the makers are euchred": tellijad kukuvad läbi
        "läbikukkumine": "läbi|kukk|kuku",
        "käsi": "käsi|käe|kät",
        "tühi": "tühi|tühj",
        "mastist": "mast",
        "viik": "viik|viig",
        "teine": "teine|teis",
        "kaardipakk": "pakk|paki",
        "trumbiga": "trump|trumb",
        "läbi": "läbi|kukk",
        "ära": "ära|pan",
        "masti": "mast",
        "kõrvale": "kõrval",
    },
}
ENDINGS = {
    "fr": ("ées", "ée", "és", "er", "ir", "re", "es", "é", "e", "s"),
    "et": ("mine", "ma", "d", "a", "e", "i", "s", "t"),  # a verb's -ma and -mine, a plural's -d, a case's vowel
}
# Languages that join words into one (Estonian ruutumast, "diamond suit"): a stem may stand inside a word.
COMPOUNDING = {"et"}
SHORTEST_STEM = 3
# The words a language's lessons never use to the learner (its glossary says which: French says « tu »).
# « vous », « votre », « vos », and the -ez form of a verb (« Choisissez », « Servez-vous-en »), save « assez »,
# « chez » and « nez ».
FORBIDDEN = {"fr": re.compile(r"(?<![\w-])(vous|votre|vos|(?!assez\b|chez\b|nez\b)\w+ez)(?![\w])", re.I)}

# How a term of the glossaries is written in running English where more than its plural or its -s, -ed and -ing forms
# (a verb's other forms, an object between a verb and its particle), or where it has an everyday sense left out.
ENGLISH_FORMS = {
    "pick up": r"pick(s|ed|ing)? (it |them |the up-card |the card )?up|pick-ups?",
    "order it up": r"order(s|ed|ing)? (it |the (up-)?card |the \S+ )?up",
    "sit out": r"(sit|sits|sitting|sat) out",
    "go alone": r"(go|goes|going|went|gone) alone",
    "going alone": r"(go|goes|going|went|gone) alone",
    "throw away": r"(throw|throws|threw|thrown|throwing) away",
    "name a suit": r"nam(e|es|ed|ing) a suit",
    "follow suit": r"follow(s|ed|ing)? suit",
    "lead": r"lead(s|ing)?|led",
    "deal": r"deal(s|ing)?|(?<!questions )dealt(?! from real)",  # not the practice's "questions dealt from hands"
    "pass": r"pass(es|ed|ing)?(?! to\b| left\b| on\b| \d| it\b| ana\b)",  # not "the deal passes to the left"
    # a camp, not a side of the table
    "side": r"(?<!open )(?<!empty )(?<!fourth )(?<!three )(?<!that )sides?(?! of the table)",
    "clubs": r"(?<!many )(?<!card )clubs",  # the suit, not the players' clubs
    # the word of a hand's result, not the last word of a game's name ("partnership Euchre"; a name read before as a
    # term of its own leaves two spaces)
    "euchre": r"(?<!  )(?<!partnership )(?<!railroad )(?<!three-handed )(?<!two-handed )(?<!cutthroat )"
    r"euchre(s|d|ing)?",
    "stay": r'(?<=\*\*)stay(?=\*\*)|(?<=")stay(?=")|(?<=\*)stay(?=\*)|say(s|ing)? stay',  # the announcement only
}

# The English words a translation may keep, with the reason: they are also words of the language.
ALSO_NATIVE = {
    "fr": {
        "clubs": "« des clubs » are card clubs, the players' societies, in French too",
        "suit": "« suit » is a form of the French verb suivre (« la carte qui suit »)",
    },
    "et": {"joker": "« Joker » with a capital is the card's notation in a row of cards (Joker, J♣), kept like J♥"},
}
# The widgets' buttons a lesson names as the learner sees them: in English until the widgets' words are translated.
BUTTONS = re.compile(
    r"\*\*(Hint|Next hint|New deal|New game|New position|Check|Show the answer|Grade my decisions|Undo|Save|Load)\*\*"
)
# Cells whose English uses a term in another sense, with the reason (language, lesson, cell id, term).
OTHER_SENSES = {
    ("fr", "02_bidding_round_one", "f86c5be9", "throw away"): "the dealer throws away a card: a discard (écarter)",
    ("fr", "08_cutthroat_game", "52f7fbcd", "throw away"): "the dealer's card to throw away: a discard (écarter)",
    ("fr", "08_cutthroat_game", "computer-levels", "throw away"): "throws away a trump when it picks up: a discard",
    (
        "et",
        "03_round_two",
        "ae845238",
        "up-card",
    ): "everyone has passed the up-card: said as everyone passed in round one",
    ("et", "06_playing_tricks", "a540cbfe", "accept"): "a legal card is accepted by the table, not the dealer's accept",
    (
        "et",
        "11_strategy",
        "f6139bac",
        "lesson",
    ): "the lesson below: the text below (allpool), not a lesson of the course",
    (
        "et",
        "13_rule_book",
        "92ba47b9",
        "pass",
    ): "the card passed to the lone player: handed over (annab üle), not a bid",
    ("et", "13_rule_book", "51300776", "round"): "one round of play: a hand (jagu), not a round of bidding",
    ("fr", "15_teachers_guide", "aa73f531", "hand"): "to hand out copies: to give them out (distribuer), not a hand",
    ("et", "14_contents", "class-link-intro", "hand"): "the button Hand in: handing in one's work, not a hand",
    ("et", "15_teachers_guide", "class-progress", "hand"): "the button Hand in: handing in one's work, not a hand",
    ("et", "15_teachers_guide", "lesson-15-intro", "pass"): "a wrong answer passes the turn on: not a bid",
}
# English words a translation keeps on purpose, with the reason (language, lesson, cell id, word).
KEPT_ENGLISH = {
    ("et", "13_rule_book", "3cd789f7", "accept"): "the glossary runs in the English order, from *accept* to *void*",
    ("et", "13_rule_book", "3cd789f7", "void"): "the glossary runs in the English order, from *accept* to *void*",
    (
        "et",
        "13_rule_book",
        "532a8fdc",
        "deck",
    ): "an English gloss with more words in its brackets (*32-card deck*, ...)",
}


class Term(NamedTuple):
    """One English term of a glossary and the words that translate it (a term may have two, one for each sense)."""

    english: str
    words: tuple[str, ...]


def glossary(language: str) -> list[Term]:
    """A language's glossary as terms, the longest first (so that "follow suit" is read before "suit")."""
    entries = tomllib.loads((LOCALE / language / "glossary.toml").read_text(encoding="utf-8"))
    words: dict[str, list[str]] = {}
    for key, word in entries.items():
        english = re.sub(r"\s*\(.*\)$", "", key).strip().lower()  # "game (a kind of Euchre)" is "game"
        english = re.sub(r"^(the|a|an) ", "", english)  # "the dummy" is "dummy"
        words.setdefault(english, []).append(word)
    return sorted((Term(english, tuple(ws)) for english, ws in words.items()), key=lambda t: -len(t.english))


def english_pattern(english: str) -> re.Pattern[str]:
    """A term in running English: the whole word, any case, or its plural (a word: its -s, -ed and -ing forms)."""
    form = ENGLISH_FORMS.get(english, re.escape(english) + ("(?:s|es)?" if " " in english else "(?:s|es|d|ed|ing)?"))
    return re.compile(rf"(?<![\w-])(?:{form})(?![\w-])", re.I)


def stem(language: str, word: str) -> str:
    """A glossary word's stem, as a pattern: its first significant word less an ending."""
    significant = [w for w in re.split(r"[\s']+", word.lower()) if w and w not in SMALL_WORDS[language]]
    first = (significant or [word.lower()])[0]
    if first in STEMS.get(language, {}):
        return STEMS[language][first]
    for ending in ENDINGS[language]:
        if first.endswith(ending) and len(first) - len(ending) >= SHORTEST_STEM:
            return re.escape(first[: -len(ending)])
    return re.escape(first)


def prose(markdown: str) -> str:
    """The words a learner reads: code spans, link addresses and HTML tags taken out."""
    markdown = re.sub(r"`[^`]*`", " ", markdown)
    markdown = re.sub(r"\]\([^)]*\)", "] ", markdown)
    return " ".join(re.sub(r"<[^>]*>", " ", markdown).split())


def quoted(code: str) -> str:
    """The words a code cell prints or says: the strings it hands to print() and its comments, not its names
    (`Suit.SPADES`, `hand`) nor the values it passes the package (`"hearts"`)."""
    printed = [
        argument.value
        for call in ast.walk(ast.parse(code))
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "print"
        for argument in call.args
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str)
    ]
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    return " ".join(printed + [token.string.lstrip("# ") for token in tokens if token.type == tokenize.COMMENT])


def read_words(cell: "Cell", text: str) -> str:
    """What a learner reads of a cell's text: a markdown cell's prose, a translated code cell's quoted words."""
    return quoted(text) if cell.code else prose(text)


def without_glosses(words: str) -> str:
    """A translation's words less its English glosses: « talon (*kitty*) », « de *accept* (accepter) »."""
    return re.sub(r"\((\*[^()*]+\*(, )?)+\)|\*[^*]+\* \([^()]*\)", " ", words)


class Cell(NamedTuple):
    """One translated lesson cell."""

    lesson: str
    id: str
    english: str
    translation: str
    code: bool  # a code cell tagged `translate`: only its strings and comments are words


def cells(language: str) -> list[Cell]:
    """A language's translated lesson cells (translated and not fuzzy: a fuzzy one shows in English)."""
    found = []
    for path in sorted((LOCALE / language / "lessons").glob("*.po")):
        for message in read(path, language):
            if message.id and message.string and not message.fuzzy:
                code = CODE_NOTE in message.auto_comments
                found.append(Cell(path.stem, str(message.context), str(message.id), str(message.string), code))
    return found


def missing_words(language: str, cell: Cell) -> list[str]:
    """The glossary terms a cell's English uses whose word its translation lacks."""
    english, translation, missing = read_words(cell, cell.english), read_words(cell, cell.translation).lower(), []
    for term in glossary(language):
        pattern = english_pattern(term.english)
        if not pattern.search(english):
            continue
        english = pattern.sub(" ", english)  # a longer term read first takes its words: "follow suit" is not "suit"
        if (language, cell.lesson, cell.id, term.english) in OTHER_SENSES:
            continue
        stems = [stem(language, word) for word in term.words]
        start = "" if language in COMPOUNDING else r"(?<![\w-])"
        if not any(re.search(rf"{start}(?:{s})", translation) for s in stems):
            missing.append(f"{term.english!r} (wants {' or '.join(repr(w) for w in term.words)})")
    return missing


def english_left(language: str, cell: Cell) -> list[str]:
    """The English game words a translation keeps where its glossary has a word of its own."""
    translation = BUTTONS.sub(" ", without_glosses(read_words(cell, cell.translation)))
    left = []
    for term in glossary(language):
        if term.english in ALSO_NATIVE.get(language, {}) or any(term.english == w.lower() for w in term.words):
            continue  # "Railroad", "expert", "joker": the glossary keeps the English word
        if any(term.english in w.lower() for w in term.words):
            continue  # "Cutthroat (euchre à trois)"
        found = english_pattern(term.english).search(translation)
        if found and (language, cell.lesson, cell.id, term.english) not in KEPT_ENGLISH:
            left.append(found[0])
    return left


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_glossary_word_is_found_on_its_stem(language):
    assert glossary(language), f"{language}'s glossary is empty"
    if language == "fr":
        assert stem("fr", "preneurs") == stem("fr", "preneur") == "preneur"
        assert stem("fr", "prendre la retourne") == "pren|pris" and stem("fr", "as") == "as"
        assert stem("fr", "second tour") == "second" and stem("fr", "en équipes") == "équip"
        assert without_glosses("le talon (*kitty*) reste") == "le talon   reste"
        assert FORBIDDEN["fr"].search("Servez-vous-en") and not FORBIDDEN["fr"].search("assez de cartes, chez toi")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translated_cell_uses_the_glossary_words_of_its_english(language):
    wrong = [f"{c.lesson} {c.id}: {', '.join(m)}" for c in cells(language) if (m := missing_words(language, c))]
    assert not wrong, f"{len(wrong)} {language} cells lack the glossary's word:\n" + "\n".join(wrong)


@pytest.mark.parametrize("language", sorted(FORBIDDEN))
def test_the_lessons_say_tu_to_the_learner(language):
    wrong = [
        f"{c.lesson} {c.id}: {found[0]!r}"
        for c in cells(language)
        if (found := FORBIDDEN[language].search(c.translation))
    ]
    assert not wrong, f"{len(wrong)} {language} cells say « vous »:\n" + "\n".join(wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translated_cell_keeps_an_english_game_word(language):
    wrong = [f"{c.lesson} {c.id}: {', '.join(w)}" for c in cells(language) if (w := english_left(language, c))]
    assert not wrong, f"{len(wrong)} {language} cells keep an English game word:\n" + "\n".join(wrong)


def test_the_exceptions_are_still_needed():
    """Each exception is still a cell that uses its word (so that the lists cannot go stale)."""
    for (language, lesson, cell_id, term), _reason in OTHER_SENSES.items():
        found = [c for c in cells(language) if (c.lesson, c.id) == (lesson, cell_id)]
        assert found and english_pattern(term).search(prose(found[0].english)), f"drop {lesson} {cell_id} {term!r}"
        assert not re.search(
            rf"(?<![\w-])(?:{'|'.join(stem(language, w) for w in dict(glossary(language))[term])})",
            prose(found[0].translation).lower(),
        ), f"{lesson} {cell_id} now says {term!r}: drop it"
    for (language, lesson, cell_id, word), _reason in KEPT_ENGLISH.items():
        found = [c for c in cells(language) if (c.lesson, c.id) == (lesson, cell_id)]
        assert found and english_pattern(word).search(without_glosses(prose(found[0].translation))), f"drop {word!r}"
