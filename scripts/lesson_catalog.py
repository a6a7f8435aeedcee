"""The lessons in the learners' languages, cell by cell: extract their words, carry them into each language, build.

    python scripts/lesson_catalog.py extract               # each lesson's template, merged into each language
    python scripts/lesson_catalog.py build --language fr   # notebooks/fr: the French lessons, executed
    python scripts/lesson_catalog.py                       # both (make translations): every language translated
    python scripts/lesson_catalog.py --check               # say what is stale or unfaithful; change nothing

The English notebooks are the source. `extract` reads the text of each markdown cell of each numbered lesson
`notebooks/NN_name.ipynb` into the template `euchre_lesson/locale/lessons/NN_name.pot`, one message per cell: its
msgctxt is the cell's id, its msgid the cell's English. It merges the template into each language's
`euchre_lesson/locale/<language>/lessons/NN_name.po`, which a translator edits (the msgstr). A cell whose English
changed after it was translated keeps its old translation there, marked fuzzy (`#, fuzzy`; `git diff` of the
template shows what changed in the English), until the translator translates it again and takes the mark off; a
cell gone keeps its translation as obsolete (`#~`). Nothing a translator wrote is ever dropped.

`build` writes `notebooks/<language>/NN_name.ipynb` for every lesson: each markdown cell replaced by its
translation, or left in English where there is none or where the translation is older than the cell's English
(never a stale translation); the code cells as they are, with one code cell before the first that makes the
kernel speak the language (`choose_language`, engine/language.py: the package's words, verdicts and refusals);
then each notebook is run from a fresh kernel in its own folder, as `make notebooks` runs the English ones, and
kept with its outputs. Its links to other lessons (`02_bidding_round_one.ipynb`) are relative, so they stay
among the lessons of its language.

Code cells are not translated: the strings in them are the package's own values as often as words to read
(`"rule of thumb"`, `"hearts"`, `"pickup 9h"`), and no rule tells one kind from the other; the words a code cell
shows come from the package's catalog (scripts/catalog.py), in the kernel's language. The exception is a code cell
tagged `translate`, whose author says its quoted strings and comments are words to read (lesson 6's "You hold …
and spades are trump."): it is a message like a markdown cell, and its translation may change only its strings and
comments, never its code (the check compares the two cells' Python tokens).
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
import tempfile
import time
import tokenize
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

import nbformat
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LOCALE = ROOT / "euchre_lesson" / "locale"
LESSON = re.compile(r"^[0-9][0-9]_.+\.ipynb$")
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)  # a file written twice is the same file
HEADER = (
    "# The words of one euchre_lesson lesson, cell by cell (scripts/lesson_catalog.py writes this file; translators "
)
HEADER += "edit the .po files)."
sys.path.insert(0, str(ROOT))  # the package's own list of languages, from its source: no install needed
from euchre_lesson.engine.language import ENGLISH, WHOLE_LESSONS  # noqa: E402
from euchre_lesson.engine.language import LANGUAGES as SPOKEN  # noqa: E402

LANGUAGES = tuple(code for code in SPOKEN if code != ENGLISH)  # the languages with lessons besides English
TRANSLATE = "translate"  # the tag of a code cell whose strings and comments are words to translate
CODE_NOTE = "Python code: translate only the words in quotes and after #, nothing else."
WORDS_TOKENS = {tokenize.STRING, tokenize.COMMENT, getattr(tokenize, "FSTRING_MIDDLE", tokenize.STRING)}
LANGUAGE_CELL = "lesson-language"  # the id of the code cell the build adds: the kernel speaks the lesson's language
PROGRESS = "EUCHRE_LESSON_PROGRESS"  # the folder of a learner's answers (teach/progress.py): a fresh one per build
CELL_SECONDS = 600  # the longest one cell of a lesson may run while a build executes it
# What a translation of a cell must carry over unchanged, besides the placeholders, rule ids and cards of the
# package's catalog: its links (to a rule, a glossary entry, another lesson), its HTML (the rule book's anchors)
# and its code (what a learner types).
MARKUP = {
    "link": re.compile(r"\]\(([^)\s]+)"),
    "HTML tag": re.compile(r"<[^<>\n]+>"),
    "code": re.compile(r"```.*?```|`[^`\n]+`", re.S),
}


class Problem(NamedTuple):
    """One thing the check found wrong, in words that name the file, the lesson and the cell."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def lessons(notebooks: Path = NOTEBOOKS) -> list[Path]:
    """The numbered lessons, in order (the rule book, contents and guide among them)."""
    return sorted(path for path in notebooks.glob("*.ipynb") if LESSON.match(path.name))


def template_path(lesson: Path, locale: Path = LOCALE) -> Path:
    return locale / "lessons" / lesson.with_suffix(".pot").name


def po_path(lesson: Path, language: str, locale: Path = LOCALE) -> Path:
    return locale / language / "lessons" / lesson.with_suffix(".po").name


def read_lesson(path: Path) -> nbformat.NotebookNode:
    """A lesson, refused in words if a cell has no id (an old notebook: opening and saving it in Jupyter adds them)."""
    notebook = nbformat.read(path, as_version=4)
    missing = [number for number, cell in enumerate(notebook.cells) if not cell.get("id")]
    if missing:
        raise SystemExit(
            f"{path.name}: cells {missing} have no id, and a translation is kept by the cell's id: open and save "
            "the lesson in JupyterLab (nbformat 4.5 or later), then run this again."
        )
    return notebook


def words(cell: nbformat.NotebookNode) -> str | None:
    """The learner-facing text of a cell to translate: a markdown cell's source, or a code cell's tagged `translate`
    (None for other code, or an empty cell)."""
    tagged = cell.cell_type == "code" and TRANSLATE in cell.get("metadata", {}).get("tags", ())
    if not (cell.cell_type == "markdown" or tagged) or not cell.source.strip():
        return None
    return str(cell.source)


def code_of(source: str) -> list[tuple[int, str]] | None:
    """A code cell's Python tokens but its strings and comments (None if it is not Python that reads)."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return None
    return [(token.type, token.string) for token in tokens if token.type not in WORDS_TOKENS]


def extracted(lesson: Path) -> Catalog:
    """A lesson's template: one message per markdown cell, in the lesson's order, keyed by the cell's id."""
    template = Catalog(project="euchre_lesson", domain=lesson.stem, fuzzy=False)
    template.header_comment = HEADER
    for cell in read_lesson(lesson).cells:
        text = words(cell)
        if text is not None:
            template.add(text, context=cell.id, auto_comments=[CODE_NOTE] if cell.cell_type == "code" else ())
    return template


def written(catalog: Catalog) -> bytes:
    """A catalog as its .po or .pot file: the cells in the lesson's order, one line of the file per line of text."""
    out = io.BytesIO()
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    write_po(out, catalog, width=0, include_previous=False, sort_output=False)
    # Nor the version of Babel that wrote it: another machine's Babel writes the same catalog.
    return b"".join(line for line in out.getvalue().splitlines(keepends=True) if not line.startswith(b'"Generated-By'))


def read(path: Path, language: str | None = None) -> Catalog:
    with open(path, "rb") as file:
        return read_po(file, locale=language, domain=path.stem)


def by_cell(catalog: Catalog) -> dict[str, Message]:
    """A language's messages by cell id: the current ones, and the obsolete where no current one has that id."""
    found = {str(message.context): message for message in catalog.obsolete.values() if message.context}
    found.update({str(message.context): message for message in catalog if message.id and message.context})
    return found


def carried(lesson: Path, language: str, template: Catalog, locale: Path = LOCALE) -> Catalog:
    """A language's catalog of a lesson with its template merged in, by cell id.

    A cell whose English is as translated keeps its translation; a cell whose English changed keeps the old
    translation marked fuzzy (the lesson shows the English until a translator renews it); a new cell waits
    untranslated; a translated cell that is gone stays as obsolete."""
    path = po_path(lesson, language, locale)
    old = by_cell(read(path, language)) if path.exists() else {}
    catalog = Catalog(locale=language, domain=lesson.stem, project="euchre_lesson", fuzzy=False)
    catalog.header_comment = HEADER
    for message in template:
        if not message.id:
            continue
        cell = str(message.context)
        before = old.pop(cell, None)
        if before is None or not before.string:
            catalog.add(message.id, context=cell, auto_comments=message.auto_comments)
        elif before.id == message.id:
            catalog.add(
                message.id, before.string, context=cell, flags=before.flags, auto_comments=message.auto_comments
            )
        else:  # the English changed: the translation waits for the translator (the template's history says how)
            catalog.add(message.id, before.string, context=cell, flags=("fuzzy",), auto_comments=message.auto_comments)
    for cell, gone in old.items():
        if gone.string:
            catalog.obsolete[(str(gone.id), cell)] = Message(gone.id, gone.string, context=cell, flags=gone.flags)
    return catalog


def changes(
    notebooks: Path = NOTEBOOKS, locale: Path = LOCALE, languages: Iterable[str] = LANGUAGES
) -> dict[Path, bytes]:
    """Every template and language file of the lessons as a fresh extraction writes it."""
    files = {}
    for lesson in lessons(notebooks):
        template = extracted(lesson)
        files[template_path(lesson, locale)] = written(template)
        for language in languages:
            files[po_path(lesson, language, locale)] = written(carried(lesson, language, template, locale))
    return files


def translations(lesson: Path, language: str, locale: Path = LOCALE) -> dict[str, Message]:
    """A language's translated messages of a lesson, by cell id (fuzzy ones among them: the build checks)."""
    path = po_path(lesson, language, locale)
    if not path.exists():
        return {}
    return {cell: message for cell, message in by_cell(read(path, language)).items() if message.string}


def current(message: Message | None, english: str) -> bool:
    """Whether a translation may stand for a cell: made from the cell's English as it is now, and not marked fuzzy."""
    return message is not None and bool(message.string) and not message.fuzzy and message.id == english


def language_cell(language: str) -> nbformat.NotebookNode:
    """The code cell that makes a lesson's kernel speak `language` from there on."""
    source = f'from euchre_lesson.engine.language import choose_language\n\nchoose_language("{language}")'
    return nbformat.v4.new_code_cell(source, id=LANGUAGE_CELL)


def translated(lesson: Path, language: str, locale: Path = LOCALE) -> nbformat.NotebookNode:
    """A lesson in `language`, not yet run: each markdown cell translated where a current translation exists."""
    notebook = read_lesson(lesson)
    if any(cell.id == LANGUAGE_CELL for cell in notebook.cells):
        raise SystemExit(f"{lesson.name}: a cell has the id {LANGUAGE_CELL!r}, which the build gives its own cell.")
    known = translations(lesson, language, locale)
    for cell in notebook.cells:
        english, message = words(cell), known.get(cell.id)
        faithful = cell.cell_type != "code" or (
            message is not None and code_of(str(message.string)) == code_of(english)
        )
        if english is not None and current(message, english) and faithful:  # else the English (the check says why)
            cell.source = str(message.string)
        if cell.cell_type == "code":
            cell.outputs, cell.execution_count = [], None
            cell.metadata.pop("execution", None)
    first_code = next((n for n, cell in enumerate(notebook.cells) if cell.cell_type == "code"), len(notebook.cells))
    notebook.cells.insert(first_code, language_cell(language))
    return notebook


def executed(notebook: nbformat.NotebookNode, folder: Path, scratch: Path) -> nbformat.NotebookNode:
    """The notebook run from a fresh kernel in `folder`, with its outputs (as nbconvert --execute does), its answers
    kept in the folder `scratch`/progress (as make notebooks keeps them in a fresh one, never the learner's own)."""
    from jupyter_client import KernelManager
    from nbclient import NotebookClient

    # Where it can, the kernel is reached through files in `scratch`, not TCP ports: on a busy machine a port found
    # free was taken by another kernel before this one bound it, and the build waited for the dead kernel for good.
    manager = KernelManager(transport="ipc", ip=str(scratch / "kernel")) if os.name == "posix" else None
    client = NotebookClient(notebook, km=manager, timeout=CELL_SECONDS, resources={"metadata": {"path": str(folder)}})
    client.execute(env={**os.environ, PROGRESS: str(scratch / "progress")})
    return notebook


def built_path(lesson: Path, language: str) -> Path:
    return lesson.parent / language / lesson.name


def build(language: str, notebooks: Path = NOTEBOOKS, locale: Path = LOCALE) -> list[Path]:
    """Write and run every lesson in `language` into notebooks/<language>/; the paths written."""
    made = []
    with tempfile.TemporaryDirectory(prefix="euchre-build-") as scratch:
        (Path(scratch) / "progress").mkdir()
        for lesson in lessons(notebooks):
            path = built_path(lesson, language)
            path.parent.mkdir(parents=True, exist_ok=True)
            started = time.monotonic()
            notebook = executed(translated(lesson, language, locale), path.parent, Path(scratch))
            nbformat.write(notebook, path)
            made.append(path)
            print(f"built {path.relative_to(notebooks.parent)} in {time.monotonic() - started:.0f} s")
    return made


def cells(notebook: nbformat.NotebookNode) -> list[tuple[str, str, str]]:
    """What a built notebook must hold whatever its outputs: each cell's kind, id and source."""
    return [(cell.cell_type, cell.id, cell.source) for cell in notebook.cells]


def kept(english: str, translation: str, code: bool = False) -> Iterator[str]:
    """What a translation of a cell dropped or changed among its links, HTML and code, in words; of a code cell, also
    anything but its strings and comments."""
    if code and code_of(translation) != code_of(english):
        yield "its translation may change only the code's strings and comments, and must stay Python that runs"
    for kind, pattern in MARKUP.items():
        wanted, got = sorted(pattern.findall(english)), sorted(pattern.findall(translation))
        if wanted != got:
            yield f"its translation must keep each {kind} as the English has it: {wanted}, not {got}"


def problems(notebooks: Path = NOTEBOOKS, locale: Path = LOCALE, languages: Iterable[str] = LANGUAGES) -> list[Problem]:
    """Everything stale or unfaithful: files a fresh extraction would change, translations older than their cell,
    translations that change a link, HTML or code, and built lessons older than their source or translation."""
    found = [
        Problem(str(path), "differs from a fresh extraction of the lessons: run make translations")
        for path, text in changes(notebooks, locale, languages).items()
        if not path.exists() or path.read_bytes() != text
    ]
    for lesson in lessons(notebooks):
        source = read_lesson(lesson)
        for language in languages:
            known = translations(lesson, language, locale)
            where = f"{language}: {lesson.name}, cell {{}}"
            for cell in source.cells:
                english, message = words(cell), known.get(cell.id)
                if english is None or message is None:
                    continue
                if not current(message, english):
                    found.append(
                        Problem(
                            where.format(cell.id),
                            "its English changed after it was translated (the lesson shows the English): translate "
                            f"it again in {po_path(lesson, language, locale)} and take off its fuzzy mark",
                        )
                    )
                translation, code = str(message.string), cell.cell_type == "code"
                found.extend(Problem(where.format(cell.id), what) for what in kept(english, translation, code))
            built = built_path(lesson, language)
            if built.parent.is_dir() and (
                not built.exists()
                or cells(nbformat.read(built, as_version=4)) != cells(translated(lesson, language, locale))
            ):
                found.append(
                    Problem(
                        str(built),
                        f"is older than its lesson or its translation: run make translations LANG={language}",
                    )
                )
    return found


def translated_anything(language: str, notebooks: Path = NOTEBOOKS, locale: Path = LOCALE) -> bool:
    """Whether any cell of any lesson has a translation into `language`."""
    return any(translations(lesson, language, locale) for lesson in lessons(notebooks))


def chosen_languages(asked: str | None) -> tuple[str, ...]:
    """The languages a command works on: the one asked for (as LANGUAGES writes it), else all of them."""
    if asked is None:
        return LANGUAGES
    if asked not in LANGUAGES:
        raise SystemExit(f"There are lessons to translate into {', '.join(LANGUAGES)}; not into {asked!r}.")
    return (asked,)


def ready(language: str | None, notebooks: Path = NOTEBOOKS) -> int:
    """0 when the lessons in `language` are built (make lessons LANG=fr opens them); else 1, saying what to run."""
    if language is None:
        print("Say which language's lessons to open: --language fr, say.", file=sys.stderr)
        return 1
    (language,) = chosen_languages(language)
    missing = [lesson.name for lesson in lessons(notebooks) if not built_path(lesson, language).exists()]
    if missing:
        print(
            f"The lessons in {language!r} are not built yet ({missing[0]} is missing from notebooks/{language}): "
            f"run make translations LANG={language} first.",
            file=sys.stderr,
        )
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("step", nargs="?", choices=("extract", "build"), help="one step (neither: both)")
    parser.add_argument("--language", help="one language, as LANGUAGES writes it (fr); the build needs none")
    parser.add_argument("--check", action="store_true", help="say what is stale or unfaithful; change nothing")
    parser.add_argument("--ready", action="store_true", help="say whether the lessons in --language are built")
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS, help="the folder of the English lessons")
    parser.add_argument("--locale", type=Path, default=LOCALE, help="the folder of the catalogs")
    arguments = parser.parse_args(argv)
    languages = chosen_languages(arguments.language)
    notebooks, locale = arguments.notebooks.resolve(), arguments.locale.resolve()
    if arguments.ready:
        return ready(arguments.language, notebooks)
    if arguments.check:
        found = problems(notebooks, locale, languages)
        for problem in found:
            print(problem, file=sys.stderr)
        return 1 if found else 0
    if arguments.step in (None, "extract"):
        for path, text in changes(notebooks, locale, LANGUAGES).items():
            if not path.exists() or path.read_bytes() != text:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(text)
                print(f"wrote {path}")
    if arguments.step in (None, "build"):
        for language in languages:
            if arguments.language is None and language not in WHOLE_LESSONS:
                print(
                    f"{language}: its lessons are begun, not whole, so they are not built (--language {language} does)"
                )
                continue
            if arguments.language is None and not translated_anything(language, notebooks, locale):
                print(f"{language}: no lesson cell is translated yet, so no lessons are built")
                continue
            build(language, notebooks, locale)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
