"""Every glossary term a lesson uses is defined in that lesson or an earlier one, or linked to its glossary entry
where the lesson first uses it (issue 13, point 4).

What a lesson *uses*: its prose (markdown cells, headings left out), the words of its exercises (the question,
the hints, the answer with its reason, and every option's reason) and the stored output its page shows (a table's
heading and hands, a printed line; issue 37, point 4), read in the order of the lesson.
What *defines* a term: the term in bold, `**term**`, in a sentence that goes on to explain it (at least five more
words). What *links* it: the use is the text of a link to the term's entry, `[term](13_rule_book.ipynb#glossary-...)`.
"""

import ast
import re
from pathlib import Path

import ipywidgets as w
import nbformat
import pytest
from test_learner_words import html_words, learner_cells, texts_of
from test_rule_book import GLOSSARY, RULE_BOOK

from euchre_lesson.teach.course import exercises, lesson_numbers
from euchre_lesson.teach.exercises import Choice

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
# In the course's order (teach/course.py): the lessons that have exercises, 0 to 12.
LESSONS = [next(NOTEBOOKS.glob(f"{number:02d}_*.ipynb")) for number in lesson_numbers()]

# How each term is written in running text: its forms, as a pattern (case does not matter unless it is marked).
# Where a word has an everyday meaning too, the pattern leaves that out ("the side of the table", "passes to").
FORMS = {
    "trump": r"trump(s|ed|ing)?",
    "bower": r"bowers?",
    "right bower": r"right bowers?",
    "left bower": r"left bowers?",
    "up-card": r"up-cards?",
    "kitty": r"kitty",
    "order up": r"order(s|ed|ing)?( it| the (up-)?card)? up",
    "assist": r"assist(s|ed|ing)?",
    "accept": r"accept(s|ing)?",
    "maker": r"makers?",
    "lone maker": r"lone makers?",
    "defender": r"defenders?",
    "dummy": r"dumm(y|ies)",
    "going alone": r"(go|goes|going|went|gone) alone",
    "lone defender": r"lone defenders?",
    "sit out": r"(sit|sits|sitting|sat) out",
    "euchre": r"(?-i:euchres?)",  # in small letters: the game's own name, Euchre, is not the scoring word
    "euchred": r"euchred",
    "march": r"march(es)?",
    "void": r"voids?",
    "ruff": r"ruff(s|ed|ing)?",
    "follow suit": r"follow(s|ed|ing)? suit",
    "throw-in": r"throw-ins?|thrown in",
    "stick the dealer": r"stick[- ]the[- ]dealer",
    "deal": r"deal(s|t|ing)?",
    "dealer": r"dealers?",
    "trick": r"tricks?",
    "lead": r"lead(s|ing)?|led",
    "seat": r"seats?",
    "left": r"left(?! bower| over)",
    "clockwise": r"clockwise",
    "partner": r"partners?",
    "side": r"(?<!open )(?<!empty )(?<!fourth )sides?(?! of the table)",
    "hand": r"hands?",
    "game": r"games?",
    "point": r"points?",
    "tie": r"ties?|tied",
    "cutthroat": r"cutthroat",
    "partnership": r"partnerships?",
    "two-handed": r"two-handed",
    "railroad": r"railroad",
    "joker": r"jokers?",
    "benny": r"benny",
    "calling for best": r"call(s|ing)? for best",
    "deck": r"decks?",
    "32-card deck": r"32-card decks?",
    "suit": r"suits?",
    "printed suit": r"printed suits?",
    "off-suit": r"off-suits?|plain suits?",
    "bidding": r"bid(s|ding|der|ders)?",
    "pass": r"pass(es|ed|ing)?(?! to\b| left\b| on\b| \d)",
    "round one": r"round one",
    "round two": r"round two",
    "turned-down suit": r"turned-down suits?",
    "pick-up": r"pick-ups?|pick(s|ed|ing)? (it |the up-card |the card )?up",
    "discard": r"discard(s|ed|ing)?",
    "house rule": r"house rules?",
}
PATTERNS = {term: re.compile(rf"(?<![\w-])(?:{form})(?![\w-])", re.I) for term, form in FORMS.items()}
LINK = re.compile(r"\[([^\]]*)\]\(([^)]*)\)")


def test_every_glossary_term_has_its_forms():
    assert set(FORMS) == set(GLOSSARY), sorted(set(FORMS) ^ set(GLOSSARY))
    assert PATTERNS["left"].search("on your left") and not PATTERNS["left"].search("the four left over")
    assert PATTERNS["euchre"].search("a euchre pays") and not PATTERNS["euchre"].search("Euchre is a game")
    assert PATTERNS["order up"].search("I order it up") and PATTERNS["going alone"].search("goes alone")
    assert not PATTERNS["side"].search("the open side of the table") and PATTERNS["side"].search("your side")


class Text:
    """One piece of a lesson as read: plain words (code, tags and link addresses taken out), its glossary links
    as spans of those words with the anchor each leads to, and its definitions."""

    def __init__(self, markdown: str, prose: bool = True):
        markdown = re.sub(r"`[^`]*`", " ", markdown)  # code is not prose
        if prose:
            markdown = "\n".join(line for line in markdown.split("\n") if not line.startswith("#"))  # headings
        markdown = re.sub(r"<[^>]*>", " ", markdown)
        # A link to a lesson names it by its title ("Next lesson: [Lesson 3 · Round two, the throw-in ...](03_...)"):
        # the title says what that lesson will explain, it does not use the words here.
        markdown = re.sub(r"\[Lesson \d+ · [^\]]*\]\(\d\d_[^)]*\.ipynb\)", " ", markdown)
        self.links, words, at = [], [], 0
        for found in LINK.finditer(markdown):
            words.append(markdown[at : found.start()])
            start = sum(map(len, words))
            words.append(found[1])
            self.links.append((start, start + len(found[1]), found[2].partition(f"{RULE_BOOK.name}#")[2]))
            at = found.end()
        words.append(markdown[at:])
        self.words = "".join(words)
        self.defines = set(defined(self.words)) if prose else set()

    def uses(self, term: str):
        """Where the term is used: each use, and whether it is the text of a link to the term's entry."""
        for found in PATTERNS[term].finditer(self.words):
            linked = any(
                start <= found.start() and found.end() <= end and anchor == GLOSSARY[term]
                for start, end, anchor in self.links
            )
            yield found[0], linked


def defined(words: str):
    """The terms a text defines: in bold, then explained in the same sentence."""
    for found in re.finditer(r"\*\*([^*]+)\*\*", words):
        shown = re.sub(r"^(the|a|an) ", "", found[1].strip(" .,:;!?"), flags=re.I)
        start = max(
            words.rfind(". ", 0, found.start()),
            words.rfind("\n\n", 0, found.start()),
            words.rfind("\n*", 0, found.start()),
        )
        ends = [i for i in (words.find(". ", found.end()), words.find("\n\n", found.end())) if i >= 0]
        sentence = words[start + 1 : min(ends, default=len(words))].replace(found[0], " ")
        if len(re.findall(r"[A-Za-z]{2,}", sentence)) < 5:
            continue
        for term, pattern in PATTERNS.items():
            if pattern.fullmatch(shown):
                yield term


def exercise_words(question) -> str:
    """What an exercise says: its question, hints, answer and reason, and every option's reason."""
    parts = [question.prompt, *question.hints, str(question.solution())]
    if isinstance(question, Choice):
        parts += [f"{option}: {why}" for option, why in question.options.items()]
    return "\n\n".join(parts)


def lesson_texts(path: Path) -> list[Text]:
    """A lesson's prose and exercises, in the order a learner reads them."""
    number, texts = int(path.name[:2]), []
    shown = {cell.get("id") for cell in learner_cells(path)}  # outside the parts "For programmers", which pages hide
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "markdown":
            texts.append(Text(cell.source))
        code = cell.source if cell.cell_type == "code" else ""
        for name in re.findall(r'ask\(ex\.(q\d+)\)|ask\("lesson \d+ (q\d+)"\)', code):
            name = "".join(name)
            texts.append(Text(exercise_words(getattr(exercises(number), name)), prose=False))
            code = ""  # the exercise's stored output is its question, read above
        if code and cell.get("id") in shown:
            texts += [Text(words, prose=False) for words in outputs(cell)]  # a table's heading, a printed line
            made = made_by(code)
            if isinstance(made, w.Widget):  # its labels, menus and notes, as the learner first sees them
                texts.append(Text("\n".join(texts_of(made)), prose=False))
    return texts


def made_by(code: str) -> object:
    """What a lesson's code cell shows: the value of its last line, the cells above it run (each runs on its own)."""
    tree = ast.parse(code)
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return None
    names: dict = {}
    exec(compile(ast.Module(tree.body[:-1], []), "a lesson's cell", "exec"), names)
    return eval(compile(ast.Expression(tree.body[-1].value), "a lesson's cell", "eval"), names)


def outputs(cell) -> list[str]:
    """The words a code cell's stored output shows a learner: a table's heading and hands, a printed line."""
    texts = []
    for output in cell.get("outputs", ()):
        data = output.get("data", {})
        if "text/html" in data:
            texts.append(html_words("".join(data["text/html"])))
        elif "text/plain" in data or output.get("text"):
            texts.append("".join(data.get("text/plain", output.get("text", ""))))
    return texts


@pytest.fixture(scope="module")
def lessons():
    return {int(path.name[:2]): lesson_texts(path) for path in LESSONS}


def test_a_definition_is_a_bold_term_with_its_explanation():
    assert set(defined("the **kitty** is what is left, face down.")) == {"kitty"}
    assert not set(defined("**kitty**.")) and not set(defined("the **best kitty ever** is here, believe me"))
    text = Text("You [ruff](13_rule_book.ipynb#glossary-ruff) it; then ruff again. A [void](#elsewhere).")
    assert list(text.uses("ruff")) == [("ruff", True), ("ruff", False)] and list(text.uses("void")) == [("void", False)]


# Terms a lesson uses before explaining them, still to mend: none. (Lesson 8's table offered the games of lesson 12
# and the joker's deck in its menus before any word on them; the lesson now links them above its table.)
KNOWN: dict[int, set[str]] = {}


def test_the_known_findings_are_still_found(lessons):
    """Each known finding is still there (so the list cannot go stale)."""
    for number, terms in KNOWN.items():
        for term in terms:
            uses = [use for text in lessons[number] for use in text.uses(term)]
            assert uses and not uses[0][1], f"lesson {number} now links or no longer uses {term!r}: drop it from KNOWN"


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_term_a_lesson_uses_is_defined_by_then_or_linked_where_first_used(path, lessons):
    number = int(path.name[:2])
    known = set().union(*(text.defines for n, texts in lessons.items() if n <= number for text in texts))
    missing = []
    for term in set(GLOSSARY) - KNOWN.get(number, set()):
        uses = [use for text in lessons[number] for use in text.uses(term)]
        if uses and term not in known and not uses[0][1]:
            missing.append(f"{term!r} (first as {uses[0][0]!r})")
    assert not missing, (
        f"{path.name} uses, without defining it here or earlier (**term** and its explanation) "
        f"or linking its first use to the glossary: {', '.join(missing)}"
    )


# Words of the course that are not the game's, so not in the glossary: each with its form, the first lesson that
# may use it, and the words that explain it in that lesson (None: it is set in bold there). As for the glossary's
# terms, the explanation may come anywhere in that lesson. "expert", "rule of thumb" and "stay" were used before
# they were explained (issue 37, point 4).
COURSE_WORDS = {
    "rule of thumb": (r"\brule[- ]of[- ]thumb\b", 2, r"rule of thumb, a \*count\* of its hand"),
    "expert": (r"\bexperts?\b", 8, None),
    # the announcement (a maker, a seat or a player stays; alone or stay), not the everyday word
    "stay": (
        r"\b(?:maker|seat \d|defender|player|partner)s? stay(?:s|ed)?\b|\b(?:and|then) stays\b|\bor \**stay\b",
        5,
        r"or \*\*stay\*\*, playing",
    ),
}


def test_each_course_word_is_explained_in_the_first_lesson_that_uses_it(lessons):
    for word, (form, earliest, explained) in COURSE_WORDS.items():
        pattern = re.compile(form, re.I)
        number = next(
            number for number, texts in sorted(lessons.items()) if any(pattern.search(t.words) for t in texts)
        )
        assert number >= earliest, f"{word!r} is first used in lesson {number}, before lesson {earliest} explains it"
        words = [" ".join(text.words.split()) for text in lessons[earliest]]
        if explained:
            assert any(re.search(explained, text, re.I) for text in words), f"lesson {earliest} explains {word!r}"
        else:
            assert any(word in bold_words(text) for text in words), f"lesson {earliest} sets {word!r} in bold"


def bold_words(words: str) -> set[str]:
    """The words a text sets in bold."""
    return {found.strip().lower() for found in re.findall(r"\*\*([^*]+)\*\*", words)}
