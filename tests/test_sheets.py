"""The printable sheets (issue 28, point 5): a rules card and a score sheet per game, one page each, under the class's
house rules, the rules in the card's plain words by the ids of RULES.md. Printing needs Debian's Chromium (make test
installs it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdf
import pytest

from euchre_lesson.engine.cards import parse_cards
from euchre_lesson.engine.rules import PRESETS
from euchre_lesson.look.faces import face_svg, spoken
from euchre_lesson.teach import sheets
from euchre_lesson.teach.card_words import CARD_WORDS
from euchre_lesson.teach.house_rules import read_house_rules
from euchre_lesson.teach.refusals import ToolRefused

ROOT = Path(__file__).resolve().parent.parent
# Two switches turned on in every game's section, none of them on in its preset.
CLASS_FILE = {game: {"stick_the_dealer": True, "may_name_turned_suit": True} for game in PRESETS}
PAGE_POINTS = {"A4": (595.3, 841.9), "Letter": (612.0, 792.0)}  # width, height in PDF points


def pdf_text(path: Path) -> str:
    """A PDF's text as one line of words (a phrase broken after a hyphen at a line's end is joined again)."""
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(path).pages)
    return re.sub(r"-\s+", "-", " ".join(text.split()))


def the_words(text: str) -> str:
    return re.sub(r"-\s+", "-", " ".join(text.split()))


@pytest.fixture(scope="module")
def class_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("class")
    (folder / "house_rules.json").write_text(json.dumps(CLASS_FILE), encoding="utf-8")
    return folder


@pytest.fixture(scope="module", params=["A4", "Letter"])
def printed(request, class_folder, tmp_path_factory) -> tuple[str, Path]:
    """The sheets for the class, printed on one paper size by the command."""
    out = tmp_path_factory.mktemp(f"sheets-{request.param}")
    sheets.main(["--out", str(out), "--house-rules", str(class_folder / "house_rules.json"), "--paper", request.param])
    return request.param, out


@pytest.mark.slow
@pytest.mark.parametrize("game", list(PRESETS))
def test_each_pdf_is_one_page_of_the_paper_and_names_every_switch_the_class_changed(printed, class_folder, game):
    paper, out = printed
    changed = read_house_rules(class_folder).rules(game).switches_words()
    assert len(changed) == 2, changed
    for kind in ("rules-card", "score-sheet"):
        path = out / f"{kind}-{game}.pdf"
        pages = pypdf.PdfReader(path).pages
        assert len(pages) == 1, f"{path.name}: {len(pages)} pages on {paper}"
        box = pages[0].mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(PAGE_POINTS[paper], abs=1.5), path.name
        text = pdf_text(path)
        for words in changed:
            assert the_words(words) in text, f"{path.name} does not name {words!r}"


@pytest.mark.slow
def test_the_sheets_are_written_for_every_game_with_their_pages(printed):
    _, out = printed
    names = {
        f"{kind}-{game}.{ending}"
        for kind in ("rules-card", "score-sheet")
        for game in PRESETS
        for ending in ("html", "pdf")
    }
    assert names <= {path.name for path in out.iterdir()}


@pytest.mark.slow
def test_the_html_has_print_styles(printed):
    paper, out = printed
    for path in out.glob("*.html"):
        html = path.read_text(encoding="utf-8")
        assert re.search(r"@page\s*\{[^}]*size:\s*" + re.escape(sheets.PAPERS[paper]) + r";[^}]*margin:", html), (
            path.name
        )
        assert re.search(r"table\s*\{[^}]*break-inside:\s*avoid[^}]*page-break-inside:\s*avoid", html), path.name
        assert "@media print" in html and "<table" in html


@pytest.mark.slow
def test_the_rules_card_shows_the_scoring_table_and_the_order_of_the_cards(printed):
    _, out = printed
    text = pdf_text(out / "rules-card-cutthroat.pdf")
    for row in PRESETS["cutthroat"].scoring:
        assert the_words(row.result) in text
    assert "A K Q J 10 9" in text  # the other suits, in words
    assert "JOKER" in pdf_text(out / "rules-card-railroad.pdf")  # the trumps are printed as faces: the joker's
    assert "JOKER" not in text  # Cutthroat's deck has none


def trumps_drawn(card: str, suit: str) -> list[str]:
    """The trumps a rules card draws in a suit's row, strongest first, as their faces name them."""
    row = re.search(rf"{suit}</th><td class='trumps'>(.*?)</td>", card)
    assert row, f"no row of trumps for {suit}"
    return re.findall(r"aria-label='([^']*)'", row[1])


def test_the_rules_card_draws_the_trumps_as_the_lessons_card_faces_strongest_first():
    """Issue 35: the sheets draw the same card faces as the lessons' screens (the bowers first: C2, C3)."""
    cutthroat, railroad = sheets.rules_card(PRESETS["cutthroat"]), sheets.rules_card(PRESETS["railroad"])
    assert trumps_drawn(cutthroat, "hearts") == list(map(spoken, parse_cards("J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥")))
    assert trumps_drawn(railroad, "spades") == list(map(spoken, parse_cards("Joker J♠ J♣ A♠ K♠ Q♠ 10♠ 9♠")))
    assert face_svg("J♦") in cutthroat and face_svg("Joker") in railroad and face_svg("Joker") not in cutthroat


@pytest.mark.slow
def test_the_card_says_the_rules_in_its_plain_words_and_speaks_no_code(printed):
    """Issue 37 (point 9): the card says each rule in its own plain words (card_words.py), by the rule book's ids,
    where it quoted the rule book's sentences before; the book stays the full statement."""
    _, out = printed
    text = pdf_text(out / "rules-card-partnership.pdf")
    for rule in ("F1", "C12", "C13"):
        title, words = CARD_WORDS[rule]
        assert the_words(f"{rule} {title}. {words}") in text, rule
    for card in out.glob("*.pdf"):
        said = pdf_text(card)
        assert not re.search(r"`|=True|_[a-z]+_|\bengine\b|\bpreset\b|Decision|sources", said), card.name


def test_the_card_names_only_rules_of_the_book_and_holds_no_copy_of_the_books_words():
    book = sheets.read_rule_book()
    with pytest.raises(ValueError, match="no rule T5"):
        sheets.rules_card(PRESETS["cutthroat"], book=book.replace("**T5 ", "**T55 "))
    assert "T5 The dummy." in sheets.rules_card(PRESETS["cutthroat"], book=book)
    # ... and neither the module nor the card's words hold a copy of the book's sentences
    source = (ROOT / "euchre_lesson" / "teach" / "sheets.py").read_text(encoding="utf-8")
    words = (ROOT / "euchre_lesson" / "teach" / "card_words.py").read_text(encoding="utf-8")
    for rule in ("C2", "C12", "T5", "R3"):
        for sentence in sheets.rule_sentences(rule, book):
            assert sentence[:40] not in source and sentence[:40] not in words, sentence


def test_a_rule_the_class_changed_is_marked_where_the_card_quotes_it(tmp_path):
    book = sheets.read_rule_book()
    (tmp_path / "house_rules.json").write_text('{"cutthroat": {"stick_the_dealer": true}}', encoding="utf-8")
    rules = sheets.class_house_rules(tmp_path).rules("cutthroat")
    card = sheets.rules_card(rules, book=book)
    throw_in = card[card.index("C9 Throw-in") :]
    assert throw_in[: throw_in.index("</p>")].count("This class: stick the dealer: on (C9)") == 1
    assert "This class:" not in sheets.rules_card(PRESETS["cutthroat"], book=book)


def test_it_never_writes_over_a_file_it_did_not_write(tmp_path):
    files = {"rules-card-cutthroat.html": b"<p>one</p>", "rules-card-cutthroat.pdf": b"%PDF one"}
    sheets.write_sheets(tmp_path, files)
    sheets.write_sheets(tmp_path, {**files, "rules-card-cutthroat.pdf": b"%PDF two"})  # its own files: replaced
    assert (tmp_path / "rules-card-cutthroat.pdf").read_bytes() == b"%PDF two"
    (tmp_path / "rules-card-cutthroat.html").write_text("the teacher's own notes", encoding="utf-8")
    (tmp_path / "score-sheet-twohand.pdf").write_bytes(b"someone else's")
    with pytest.raises(
        ToolRefused,
        match="holds files this tool did not write: rules-card-cutthroat.html, "
        "score-sheet-twohand.pdf. Nothing was written",
    ):
        sheets.write_sheets(tmp_path, {**files, "score-sheet-twohand.pdf": b"%PDF three"})
    assert (tmp_path / "rules-card-cutthroat.html").read_text(encoding="utf-8") == "the teacher's own notes"
    assert (tmp_path / "score-sheet-twohand.pdf").read_bytes() == b"someone else's"
    assert (tmp_path / "rules-card-cutthroat.pdf").read_bytes() == b"%PDF two"


def test_a_link_where_a_sheet_goes_is_refused(tmp_path):
    elsewhere = tmp_path / "private.txt"
    elsewhere.write_text("private", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / "score-sheet-cutthroat.html").symlink_to(elsewhere)
    with pytest.raises(ToolRefused, match="did not write: score-sheet-cutthroat.html"):
        sheets.write_sheets(out, {"score-sheet-cutthroat.html": b"<p></p>"})
    assert elsewhere.read_text(encoding="utf-8") == "private"


def test_a_house_rules_file_of_another_name_or_with_a_mistake_is_refused_in_words(tmp_path):
    other = tmp_path / "class_a.json"
    other.write_text("{}", encoding="utf-8")
    with pytest.raises(ToolRefused, match="must be named house_rules.json"):
        sheets.class_house_rules(other)
    (tmp_path / "house_rules.json").write_text('{"cutthroat": {"stick_the_dealer": 1}}', encoding="utf-8")
    with pytest.raises(ToolRefused, match="The house rules were not read: .*stick_the_dealer"):
        sheets.class_house_rules(tmp_path / "house_rules.json")
    empty = tmp_path / "empty"
    empty.mkdir()
    assert sheets.class_house_rules(empty / "house_rules.json").games == tuple(PRESETS.values())  # no file: the presets


def test_the_command_says_a_refusal_in_one_sentence_with_exit_status_1(tmp_path):
    """The library raises ToolRefused; the command line still ends with its sentence and status 1, no traceback."""
    import os
    import subprocess
    import sys

    other = tmp_path / "class_a.json"
    other.write_text("{}", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "euchre_lesson.teach.sheets",
            "--out",
            str(tmp_path / "out"),
            "--house-rules",
            str(other),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "The house rules file must be named house_rules.json" in done.stderr and not (tmp_path / "out").exists()
