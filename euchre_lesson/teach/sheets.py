"""Printable sheets for a class: a one-page rules card and a score sheet for each game, under its house rules.

    python -m euchre_lesson.teach.sheets --out handouts [--house-rules notebooks/house_rules.json] [--paper Letter]

Each sheet is written as an HTML page with print styles and as a PDF printed by Chromium (Debian's
/usr/bin/chromium, driven by Playwright). The rules' words are read from the rule book, RULES.md, at
build time; the switches, the scoring table and the order of the cards come from the engine. The tool
never writes over a file it did not write: it lists what it wrote, with a checksum of each file, in
`.sheets.json` in the output folder, and refuses (writing nothing) where another file is in the way.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import threading
from html import escape
from pathlib import Path

from ..engine import checks, language
from ..engine.cards import DECK_RANKS, Card, Rank, Suit
from ..engine.errors import NotationError, excerpt
from ..engine.faces import suit_words
from ..engine.files import as_text, parse_json, read_regular, replace_files, shown
from ..engine.formats import Format, read
from ..engine.language import LANGUAGES, _, checked_language, speaking
from ..engine.narration import capital, points_words
from ..engine.ranking import is_trump, ranking
from ..engine.rules import ALLOWED, PRESETS, RuleSet, switch_words
from ..engine.said import Listed
from ..engine.scoring import Points
from ..look.faces import face_svg
from .card_words import CARD_WORDS
from .house_rules import HOUSE_RULES_FILE, HouseRules, read_house_rules
from .refusals import ToolRefused, exit_on_refusal

RULE_BOOK = Path(__file__).resolve().parents[2] / "RULES.md"  # beside the package in the checkout
DEFAULT_HOUSE_RULES = Path("notebooks") / HOUSE_RULES_FILE
CHROMIUM = "/usr/bin/chromium"
# Headless, nothing fetched from the network: the flags of the browser tests (tests/browser/labdriver.py).
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PAPERS = {"A4": "210mm 297mm", "Letter": "8.5in 11in"}
MANIFEST = ".sheets.json"
WRITTEN_BY = "python -m euchre_lesson.teach.sheets"
# The list of the sheets this tool wrote, with a checksum of each: written by _write, read by _manifest.
SHEETS_LIST = Format(
    "list of sheets",
    {
        "type": "object",
        "properties": {
            "written_by": {"const": WRITTEN_BY},
            "sheets": {"type": "object", "additionalProperties": {"type": "string", "pattern": "^[0-9a-f]{64}$"}},
        },
        "required": ["sheets"],
    },
)
MOST_SHEET_BYTES = 16 * 2**20  # a sheet's PDF is some tens of kilobytes
MOST_MANIFEST_BYTES = 2**20
STANDARD = HouseRules()  # the standard rules of every game: a class with no house rules file
HAND_ROWS = 18  # rows on a score sheet: a game to 10 takes some 8 to 15 hands

# Each card says its game's rules (rules.facts: hand_rules in the order a hand is played, scoring_rules under the
# scoring table) in the card's plain words (card_words.py), by the rule book's ids; the bowers (C2, and C3 with the
# joker) head the order of the cards. Sentences of the rule book that speak to its readers about the book (the
# sources it was distilled from, the engine, the lessons, the switches by their code names) rather than to players
# about the game: left out of rule_sentences.
BOOK_TALK = (
    "`",
    "the sources say",
    "from the sources",
    "the sources use",
    "the sources copy",
    "A lesson",
    "The engine",
    "The references",
    "The sources",
    "citing C",
)
ABOUT_THE_BOOK = re.compile(r"\s*\((?:[^()]*(?:`|sources|references)[^()]*)\)")  # such words in brackets
DECISION = re.compile(r"^\*\*Decision[^*]*\*\*:?\s*")  # the mark, not the decision: the card says what holds
HEADING_TAIL = re.compile(r"^\s*\([^()]*\):?")  # "**T7 Scoring** (each player keeps a personal score):"


def read_rule_book(path: str | os.PathLike = RULE_BOOK) -> str:
    """The rule book's text; ToolRefused saying where it should be if it cannot be read."""
    path = checks.path("path", path, "the rule book's path, as text or a Path")
    try:
        return as_text(read_regular(path, 2**20, what="the rule book"))
    except (OSError, ValueError) as error:
        raise ToolRefused(
            f"Cannot read the rule book {excerpt(os.fspath(path), 200)}: {str(error)[:300]} The "
            f"sheets quote it; run this from a checkout of the project, where RULES.md sits beside the "
            f"package."
        ) from None


def rule_entry(rule: str, book: str | None = None) -> tuple[str, str]:
    """A rule's title and words, as the rule book writes them from its heading `- **C2 Bowers.**` to the next rule.

    `book` is the rule book's text (None: RULES.md, read now), so the words are never copied anywhere else."""
    book = _book(book)
    if not isinstance(rule, str) or not re.fullmatch(r"[A-Z]\d{1,2}", rule):
        raise ValueError(f"rule must be a rule id of the rule book, such as 'C2', not {excerpt(rule)}.")
    found = re.search(rf"^- \*\*{rule} (?P<title>[^*\n]+?)\.?\*\*(?P<text>.*?)(?=^- \*\*|^#|\Z)", book, re.M | re.S)
    if found is None:
        raise ValueError(f"The rule book has no rule {rule}: its rules are headed like '- **C2 Bowers.**'.")
    return found["title"].strip(), found["text"]


def rule_sentences(rule: str, book: str | None = None) -> tuple[str, ...]:
    """The sentences of a rule that speak to players, in the rule book's words (its tables left to the engine)."""
    lines = [line.strip() for line in rule_entry(rule, book)[1].splitlines() if not line.strip().startswith("|")]
    text = " ".join(line[2:] if line.startswith("- ") else line for line in lines)
    text = HEADING_TAIL.sub("", ABOUT_THE_BOOK.sub("", text))
    sentences = (capital(DECISION.sub("", s.strip())) for s in re.split(r"(?<=[.!?])\s+(?=[A-Z*\"(])", text))
    return tuple(s for s in sentences if s and not any(t in s for t in BOOK_TALK))


def _book(book: object) -> str:
    """The rule book's text: the one given, or RULES.md's."""
    if book is None:
        return read_rule_book()
    if not isinstance(book, str):
        raise ValueError(f"book must be the rule book's text, as read_rule_book() gives it, not {excerpt(book)}.")
    return book


def _inline(text: str) -> str:
    """The rule book's bold and italic marks as HTML, the rest escaped."""
    text = escape(text, quote=False)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", text)
    return re.sub(r"\*([^*]+)\*", r"<em>\1</em>", text)


def _suited(text: str) -> str:
    """Red suits in red, for the cards a card names (the text is HTML already)."""
    return re.sub(r"([0-9JQKA]*[♥♦])", r'<span class="red">\1</span>', text)


# --- what a sheet says --------------------------------------------------------------------------------------


def _cites(name: str, rule: str) -> bool:
    return rule in re.findall(r"[A-Z]\d+", ALLOWED[name].rule)


def _house_rules_html(rules: RuleSet) -> str:
    """The class's house rules: what it changed from the standard rules, each marked again beside its rule."""
    if not rules.switches():
        return '<p class="house">' + _("<b>House rules:</b> none. This class plays the standard rules.") + "</p>"
    said = str(Listed(tuple(escape(w) for w in rules.switches_words())))
    return (
        '<p class="house">'
        + _(
            "<b>Changed from the standard rules:</b> {changes}. Each change is marked beside the rule it changes."
        ).format(changes=said)
        + "</p>"
    )


def _rule_html(book: str, rule: str, rules: RuleSet) -> str:
    """One rule as the card prints it: its id and title, its plain words, and any house rule that changes it."""
    rule_entry(rule, book)  # the id is the rule book's: a card never names a rule the book does not have
    title, said = (language._(words) for words in CARD_WORDS[rule])
    words = _suited(_inline(said.format(target=rules.target)))
    notes = "".join(
        '<span class="here">' + _("This class: {change}.").format(change=escape(switch_words(name, value))) + "</span> "
        for name, value in rules.switches().items()
        if _cites(name, rule)
    )
    return f'<p class="rule"><b class="id">{rule} {escape(title)}.</b> {words} {notes}</p>'


def _order_html(book: str, rules: RuleSet) -> str:
    """The order of the cards under each trump suit, the bowers named, from the engine's ranking (C2, C3)."""
    rows = []
    for trump in Suit:
        trumps = "".join(_card_html(c) for c in ranking(trump, rules.deck) if is_trump(c, trump))
        named = f"{_suit_html(trump)} {escape(suit_words(trump))}"
        rows.append(f"<tr><th scope='row'>{named}</th><td class='trumps'>{trumps}</td></tr>")
    bowers = [_rule_html(book, "C2", rules)] + ([_rule_html(book, "C3", rules)] if rules.deck == 25 else [])
    plain = " ".join(rank.label for rank in sorted(DECK_RANKS[rules.deck], reverse=True) if rank is not Rank.JOKER)
    return (
        "<section><h2>" + _("The order of the cards") + f"</h2>{''.join(bowers)}"
        "<table class='order'><caption>"
        + _(
            "Strongest first. The other suits go {ranks}, but the suit of trump's colour has lost its jack, the left "
            "bower. A trump beats any card of another suit."
        ).format(ranks=plain)
        + "</caption><tr><th scope='col'>"
        + _("trump")
        + "</th><th scope='col'>"
        + _("the trumps, best first")
        + f"</th></tr>{''.join(rows)}</table></section>"
    )


def _card_html(card: Card) -> str:
    """A card's face, as every screen of the lessons draws it (named in words for a screen reader)."""
    return f'<span class="face">{face_svg(card)}</span>'


def _suit_html(suit: Suit) -> str:
    return f'<span class="red">{suit.symbol}</span>' if suit.colour == "red" else suit.symbol


def _with_its_figure(words: str) -> str:
    """Words as HTML whose last word, the figure, never goes to a line of its own: 'the defenders score&nbsp;4'."""
    return "&nbsp;".join(escape(words).rsplit(" ", 1))


def _scoring_html(rules: RuleSet) -> str:
    """The scoring table that applies, in the rule book's words (the engine's rows), first matching row first."""
    rows = "".join(
        f"<tr><td>{escape(language._(row.result))}</td>"
        f"<td>{_with_its_figure(points_words(rules, Points(row.makers, row.defenders)))}</td><td>{row.rule}</td></tr>"
        for row in rules.scoring
    )
    return (
        "<table class='scoring'><caption>"
        + _("The first row that fits the hand applies.")
        + "</caption><tr><th scope='col'>"
        + _("result")
        + "</th><th scope='col'>"
        + _("points")
        + "</th><th scope='col'>"
        + _("rule")
        + f"</th></tr>{rows}</table>"
    )


def rules_card(rules: RuleSet, paper: str = "A4", book: str | None = None) -> str:
    """The one-page rules card of a game under the class's rules, as an HTML page; `book` as for rule_entry."""
    _check(rules, paper)
    book, facts = _book(book), rules.facts
    play = "".join(_rule_html(book, rule, rules) for rule in facts.hand_rules)
    scoring = "".join(_rule_html(book, rule, rules) for rule in facts.scoring_rules)
    body = (
        "<header><h1>"
        + _("{game} · rules card").format(game=escape(language._(facts.name)))
        + "</h1><p>"
        + _(
            "{game}. The first to {target} points wins. Each rule has a code, like C2: look it up in the rule book "
            "for the details."
        ).format(game=escape(language._(facts.described)), target=rules.target)
        + "</p></header>"
        + _house_rules_html(rules)
        + '<div class="columns"><section><h2>'
        + _("How a hand goes")
        + f"</h2>{play}</section><div>{_order_html(book, rules)}<section><h2>"
        + _("Scoring")
        + f"</h2>{_scoring_html(rules)}{scoring}</section></div></div>"
    )
    return _page(_("{game}: rules card").format(game=language._(facts.name)), body, paper)


def _sides(rules: RuleSet) -> tuple[str, ...]:
    """Who keeps a score on the sheet: each player, or each partnership (partners sit opposite, F1)."""
    if rules.facts.partners:
        return (_("Side A (seats 1 and 3)"), _("Side B (seats 2 and 4)"))
    return tuple(_("Player {number}").format(number=seat + 1) for seat in range(rules.players))


def score_sheet(rules: RuleSet, paper: str = "A4") -> str:
    """The score sheet of a game as an HTML page: a row per hand, points and totals per player or side."""
    _check(rules, paper)
    facts, sides = rules.facts, _sides(rules)
    hand = [_("hand"), _("dealer"), _("maker"), _("trump")] + ([_("alone?")] if facts.alone else [])
    hand += [_("maker's tricks")]
    head = (
        "<tr>"
        + "".join(f"<th scope='col' rowspan='2'>{h}</th>" for h in hand)
        + "".join(
            f"<th scope='colgroup' colspan='2' class='name'>{escape(side)}<br><span class='blank'>"
            + _("name:")
            + " </span></th>"
            for side in sides
        )
        + "</tr><tr>"
        + ("<th scope='col'>" + _("points") + "</th><th scope='col'>" + _("total") + "</th>") * len(sides)
        + "</tr>"
    )
    blank = "<td></td>" * (len(hand) - 1 + 2 * len(sides))
    rows = "".join(f"<tr><th scope='row'>{n}</th>{blank}</tr>" for n in range(1, HAND_ROWS + 1))
    changed = rules.switches_words()
    said = str(Listed(tuple(escape(w) for w in changed))) or _("none; this class plays the standard rules")
    body = (
        "<header><h1>"
        + _("{game} · score sheet").format(game=escape(language._(facts.name)))
        + "</h1><p class='fill'>"
        + _("Class:")
        + " <span class='line'></span> "
        + _("Date:")
        + " <span class='line short'></span></p><p class='changes'>"
        + _("<b>Changed from the standard rules:</b> {changes}. The game is won at {target} points.").format(
            changes=said, target=rules.target
        )
        + f"</p></header><table class='sheet'>{head}{rows}</table><section><h2>"
        + _("Points for a hand")
        + f"</h2>{_scoring_html(rules)}</section>"
    )
    return _page(_("{game}: score sheet").format(game=language._(facts.name)), body, paper)


def _check(rules: object, paper: object) -> None:
    if not isinstance(rules, RuleSet):
        raise ValueError(f"rules must be a game's rules (a RuleSet, as class_rules gives), not {excerpt(rules)}.")
    if not isinstance(paper, str) or paper not in PAPERS:
        raise ValueError(f"paper must be {' or '.join(map(repr, PAPERS))}, not {excerpt(paper)}.")


# Every word of a sheet is printed at BODY_POINTS or more, for young readers (issue 37: a 14-year-old reads the card).
BODY_POINTS = 10
STYLE = """
@page { size: %(size)s; margin: 9mm 11mm; }
* { box-sizing: border-box; }
body { font-family: "Liberation Sans", "DejaVu Sans", Arial, sans-serif; font-size: %(body)spt; line-height: 1.3;
       color: #111; margin: 0 auto; max-width: 192mm;
       font-variant-ligatures: none; }  /* "fi" stays two letters, so the PDF's text reads and searches as written */
h1 { font-size: 17pt; margin: 0 0 1mm; }
h2 { font-size: 12pt; margin: 2mm 0 1mm; border-bottom: 0.4mm solid #444; }
header p { margin: 0 0 1.5mm; }
.red { color: #c00000; }
.house { border: 0.4mm solid #444; border-radius: 1.5mm; padding: 1mm 2.5mm; margin: 0 0 1mm; }
.changes { margin: 0 0 1mm; }
.columns { display: grid; grid-template-columns: 1fr 1fr; gap: 5mm; }
.rule { margin: 0 0 1.2mm; }
.rule .id { white-space: nowrap; }
.here { background: #fff2b3; font-weight: bold; padding: 0 0.5mm; }
table { border-collapse: collapse; width: 100%%; break-inside: avoid; page-break-inside: avoid; margin: 1mm 0 1.5mm; }
caption { caption-side: bottom; text-align: left; color: #333; padding-top: 0.8mm; }
th, td { border: 0.25mm solid #777; padding: 0.5mm 1.2mm; text-align: left; vertical-align: top; }
th { background: #eee; }
/* The points may wrap (never before their figure), so the result keeps room in a longer language (French). */
.scoring td:nth-child(2) { min-width: 24mm; }
.order td.trumps { white-space: nowrap; vertical-align: middle; padding: 0.6mm 1mm; }
.order .face { display: inline-block; margin-right: 0.6mm; }
.order .face svg { display: block; width: 6.4mm; height: 8.96mm; }
.order th[scope='row'] { white-space: nowrap; vertical-align: middle; }
.sheet th, .sheet td { height: 8.4mm; text-align: center; vertical-align: middle; }
.sheet tr:first-child th, .sheet tr:nth-child(2) th { height: auto; }
.sheet .blank { font-weight: normal; color: #555; display: block; text-align: left; min-width: 28mm; }
.fill .line { display: inline-block; border-bottom: 0.3mm solid #111; width: 70mm; margin-right: 6mm; }
.fill .line.short { width: 35mm; }
@media print { body { max-width: none; } a { color: inherit; text-decoration: none; } }
@media screen { body { padding: 12mm; } }
"""


def _page(title: str, body: str, paper: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{language.language()}"><head><meta charset="utf-8">'
        f"<title>{escape(title)}</title>"
        f"<style>{STYLE % {'size': PAPERS[paper], 'body': BODY_POINTS}}</style></head><body>{body}</body></html>\n"
    )


def all_sheets(house: HouseRules = STANDARD, paper: str = "A4", book: str | None = None) -> dict[str, str]:
    """Every game's rules card and score sheet under the class's house rules: file name (no ending) to HTML page."""
    if not isinstance(house, HouseRules):
        raise ValueError(f"house must be a class's house rules, as read_house_rules gives, not {excerpt(house)}.")
    book, found = _book(book), {}
    for game in PRESETS:
        rules = house.rules(game)
        found[f"rules-card-{game}"] = rules_card(rules, paper, book)
        found[f"score-sheet-{game}"] = score_sheet(rules, paper)
    return found


# --- printing and writing -----------------------------------------------------------------------------------


def _printed(pages: dict[str, str], paper: str, chromium: str) -> dict[str, bytes]:
    """Each sheet printed to PDF by Chromium, by file name; ToolRefused saying what to install if it cannot be."""
    if not Path(chromium).exists():
        raise ToolRefused(
            f"{shown(chromium)} is missing: the sheets are printed by Debian's Chromium. Install it with "
            f"`apt-get install -y chromium` (make test does), or name another with --chromium."
        )
    try:
        from playwright.sync_api import sync_playwright  # only printing needs it: the test extra has it
    except ImportError:
        raise ToolRefused(
            "The sheets are printed through Playwright, which is not installed: "
            "`pip install playwright` (never `playwright install`; the browser is Debian's)."
        ) from None
    out, failed = {}, []

    def print_all() -> None:
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_FLAGS, headless=True)
                try:
                    page = browser.new_page()
                    for name, html in pages.items():
                        page.set_content(html, wait_until="load")
                        out[f"{name}.pdf"] = page.pdf(format=paper, prefer_css_page_size=True, print_background=True)
                finally:
                    browser.close()
        except Exception as error:  # told to the caller's thread below
            failed.append(error)

    # Playwright's sync API refuses a thread whose asyncio loop runs (a Jupyter kernel's does): print in a thread
    # of its own.
    printer = threading.Thread(target=print_all, name="printing the sheets")
    printer.start()
    printer.join()
    if failed:
        raise failed[0]
    return out


def write_sheets(target: str | os.PathLike, files: dict[str, bytes]) -> list[Path]:
    """Write the files (name: bytes) into `target`, never over one this tool did not write; ToolRefused if one is
    in the way, and then nothing is written."""
    target = _folder(target, "target")
    if not isinstance(files, dict) or not all(
        isinstance(name, str) and isinstance(data, bytes) and _plain(name) for name, data in files.items()
    ):
        raise ValueError(
            f"files must map plain file names to bytes, such as {{'score-sheet-cutthroat.pdf': b'...'}}, "
            f"not {excerpt(files)}."
        )
    try:
        return _write(target, files)
    except OSError as error:
        raise ToolRefused(
            f"Cannot write the sheets into {excerpt(str(target), 200)}: {error.strerror or error}."
        ) from None


def _plain(name: str) -> bool:
    """A file's own name: no folder, nothing hidden, not the tool's list."""
    return bool(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]{0,100}", name)) and name != MANIFEST


def _folder(value: object, argument: str) -> Path:
    """`value` as a Path; a ValueError naming `argument` for anything that is not a path."""
    return checks.path(argument, value, "a folder's path, as text or a Path")


def _write(target: Path, files: dict[str, bytes]) -> list[Path]:
    if os.path.lexists(target) and not target.is_dir():
        raise ToolRefused(f"The output folder {shown(target)} is not a folder. Name a folder for the sheets.")
    written = _manifest(target)
    in_the_way = [name for name in [*files, MANIFEST] if _in_the_way(target / name, written.get(name))]
    if in_the_way:
        raise ToolRefused(
            f"The output folder {shown(target)} holds files this tool did not write: "
            f"{', '.join(in_the_way)}. Nothing was written. Move them away, or choose another folder for "
            "the sheets."
        )
    digests = {**written, **{name: _sha256(data) for name, data in files.items()}}
    listing = {"written_by": WRITTEN_BY, "sheets": dict(sorted(digests.items()))}
    everything = {**files, MANIFEST: (json.dumps(listing, indent=1) + "\n").encode("utf-8")}
    target.mkdir(parents=True, exist_ok=True)
    replace_files(target, everything)  # each whole, all staged first; this tool's own files only, never through a link
    return [target / name for name in files]


def _manifest(target: Path) -> dict[str, str]:
    """The files this tool last wrote into `target` (name to sha256); empty if its list is missing or unreadable."""
    try:
        raw = parse_json(as_text(read_regular(target / MANIFEST, MOST_MANIFEST_BYTES, follow_links=False)), 10, 20)
        return dict(read(SHEETS_LIST, raw)["sheets"])
    except (OSError, ValueError):  # missing, a link, not JSON, not of its format: not this tool's list
        return {}


def _in_the_way(path: Path, digest: str | None) -> bool:
    """Whether a file stands at `path` that this tool did not write, or that was changed since it did."""
    if not os.path.lexists(path):
        return False
    if path.name == MANIFEST:
        return path.is_symlink() or not path.is_file()
    if path.is_symlink() or not path.is_file() or digest is None:
        return True
    try:
        return _sha256(read_regular(path, MOST_SHEET_BYTES, follow_links=False)) != digest
    except (OSError, ValueError):
        return True


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def class_house_rules(path: str | os.PathLike = DEFAULT_HOUSE_RULES) -> HouseRules:
    """The class's house rules from a file named house_rules.json (or the folder holding it); none: the presets.

    ToolRefused says what is wrong with the file, for a teacher printing sheets before class."""
    path = _folder(path, "path")
    try:
        return _class_house_rules(path)
    except OSError as error:
        raise ToolRefused(
            f"Cannot read the house rules {excerpt(str(path), 200)}: {error.strerror or error}."
        ) from None


def _class_house_rules(path: Path) -> HouseRules:
    folder = path if path.is_dir() else path.parent
    if not path.is_dir() and path.name != HOUSE_RULES_FILE:
        raise ToolRefused(
            f"The house rules file must be named {HOUSE_RULES_FILE}, as the lessons read it, "
            f"not {shown(path.name)}: rename it, or name the folder that holds it."
        )
    if not folder.is_dir():
        raise ToolRefused(f"The folder {shown(folder)} of the house rules file does not exist.")
    try:
        return read_house_rules(folder)
    except NotationError as mistake:
        raise ToolRefused(f"The house rules were not read: {mistake}") from None


def main(argv: list[str] | None = None) -> None:
    """The command: `argv` is its words (sys.argv[1:] when None)."""
    if argv is not None and (
        isinstance(argv, str) or not isinstance(argv, (list, tuple)) or not all(isinstance(word, str) for word in argv)
    ):
        raise ValueError(
            f"argv must be a list of the command's words, such as ['--out', 'sheets'], not {excerpt(argv)}."
        )
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True, help="the folder to write the sheets to")
    parser.add_argument(
        "--house-rules",
        type=Path,
        default=DEFAULT_HOUSE_RULES,
        help=f"the class's {HOUSE_RULES_FILE} (default {DEFAULT_HOUSE_RULES}; none there: the standard rules)",
    )
    parser.add_argument("--paper", choices=tuple(PAPERS), default="A4", help="the paper size (default A4)")
    parser.add_argument("--chromium", default=CHROMIUM, help=f"the Chromium that prints (default {CHROMIUM})")
    parser.add_argument(
        "--language",
        default="en",
        help=f"the teacher's language, whose words the sheets use: one of {', '.join(LANGUAGES)} (default en)",
    )
    options = parser.parse_args(argv)
    with exit_on_refusal():  # the one place a refusal ends the command: its sentence, exit status 1
        try:
            chosen = checked_language(options.language)  # the teacher's choice
        except NotationError as wrong:
            raise ToolRefused(f"--language: {wrong}") from None
        with speaking(chosen):
            pages = all_sheets(class_house_rules(options.house_rules), options.paper)
        files = {f"{name}.html": html.encode("utf-8") for name, html in pages.items()}
        files.update(_printed(pages, options.paper, options.chromium))
        written = write_sheets(options.out, dict(sorted(files.items())))
    for path in written:
        print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
