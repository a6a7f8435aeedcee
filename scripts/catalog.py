"""The one catalog of the learner's words: extract it, carry it into each language, compile it.

    python scripts/catalog.py          # all three steps (make catalog)
    python scripts/catalog.py --check  # say what a fresh extraction or compile would change; change nothing

Every learner-facing string in the package is written `_("...")` (or `N_("...")` in a table, `ngettext(one, many,
n)` where it counts): Babel reads them out of the source into the template `euchre_lesson/locale/euchre_lesson.pot`,
merges the template into each language's `euchre_lesson/locale/<language>/LC_MESSAGES/euchre_lesson.po` (a message
no longer in the source is kept there as obsolete, a new one waits untranslated), and compiles each `.po` into the
`.mo` the package reads at run time with the standard library's gettext (engine/language.py). A translator edits
only the `.po` files; a message left untranslated is shown in English.
"""

from __future__ import annotations

import argparse
import io
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "euchre_lesson"
LOCALE = PACKAGE / "locale"
TEMPLATE = LOCALE / "euchre_lesson.pot"
DOMAIN = "euchre_lesson"
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)  # a file written twice is the same file
# saying_many: engine/said.py; N_many: engine/language.py (a table's counted words)
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "saying_many": (1, 2), "N_many": (1, 2)}
HEADER = (
    "# The words of euchre_lesson for learners (scripts/catalog.py writes this file; translators edit the .po files)."
)
sys.path.insert(0, str(ROOT))  # the package's own list of languages, from its source: no install needed
from euchre_lesson.engine.language import ENGLISH  # noqa: E402
from euchre_lesson.engine.language import LANGUAGES as SPOKEN  # noqa: E402

LANGUAGES = tuple(code for code in SPOKEN if code != ENGLISH)  # the languages with a catalog: all but the source


def extracted() -> Catalog:
    """The template as the source says it today: every marked message, with the files it is written in."""
    template = Catalog(project="euchre_lesson", domain=DOMAIN, fuzzy=False)
    template.header_comment = HEADER
    found = extract_from_dir(
        str(PACKAGE),
        method_map=[("**.py", "python")],
        keywords=KEYWORDS,
        comment_tags=("Translators:",),
    )
    for filename, lineno, message, comments, context in found:
        template.add(
            message, locations=[(f"euchre_lesson/{filename}", lineno)], auto_comments=comments, context=context
        )
    return template


def written(catalog: Catalog) -> bytes:
    """A catalog as its .po or .pot file, without the dates that would change it on every run."""
    out = io.BytesIO()
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    write_po(out, catalog, sort_output=True, width=100, include_previous=False)
    # Nor the version of Babel that wrote it: another machine's Babel writes the same catalog.
    return b"".join(line for line in out.getvalue().splitlines(keepends=True) if not line.startswith(b'"Generated-By'))


def compiled(catalog: Catalog) -> bytes:
    """A language's catalog as the .mo file gettext reads."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: Path, language: str | None = None) -> Catalog:
    with open(path, "rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def carried(language: str, template: Catalog) -> Catalog:
    """A language's catalog with the template merged in (new messages wait untranslated, gone ones obsolete)."""
    path = po_path(language)
    catalog = (
        read(path, language) if path.exists() else Catalog(locale=language, domain=DOMAIN, project="euchre_lesson")
    )
    catalog.update(template, no_fuzzy_matching=True)
    catalog.header_comment, catalog.fuzzy = HEADER, False  # the header is no guess: the .mo must carry its charset
    return catalog


def changes() -> dict[Path, bytes]:
    """Every file of the catalog as a fresh run would write it."""
    template = extracted()
    files = {TEMPLATE: written(template)}
    for language in LANGUAGES:
        catalog = carried(language, template)
        files[po_path(language)] = written(catalog)
        files[po_path(language).with_suffix(".mo")] = compiled(catalog)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="say which files a fresh run would change")
    arguments = parser.parse_args(argv)
    files = changes()
    stale = [path for path, text in files.items() if not path.exists() or path.read_bytes() != text]
    if arguments.check:
        for path in stale:
            print(f"{path.relative_to(ROOT)} differs from a fresh run: run make catalog", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(files[path])
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
