"""The lessons translated cell by cell (issue 38, point 2): extracted by cell id, built from current translations only,
faithful to the lesson's rule ids, cards, links and code, and run in the lesson's language."""

from __future__ import annotations

import contextvars
import importlib.util
import os
import subprocess
from pathlib import Path

import nbformat
import pytest
from test_catalog import KEPT  # the package catalog's own rule of what a translation keeps

from euchre_lesson.engine.errors import NotationError
from euchre_lesson.engine.language import LANGUAGES, choose_language, language

ROOT = Path(__file__).resolve().parent.parent
SPEC = importlib.util.spec_from_file_location("lesson_catalog_tool", ROOT / "scripts" / "lesson_catalog.py")
assert SPEC and SPEC.loader
tool = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(tool)

TITLE = "# 1 · Trumps\n\nThe J♥ is the right bower ([C2](13_rule_book.ipynb#C2)); see [lesson 2](02_next.ipynb)."
PLAY = "## Your turn\n\nPlay a card: type `pickup 9h` to take it."
FRENCH_TITLE = (
    "# 1 · Les atouts\n\nLe J♥ est le valet d'atout ([C2](13_rule_book.ipynb#C2)) ; voir [leçon 2](02_next.ipynb)."
)


def lesson(folder: Path, name: str = "01_trumps.ipynb", *, title: str = TITLE, code: str = "1 + 1") -> Path:
    """A small lesson in `folder`: a title, a code cell and a second markdown cell, each with an id."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell(title, id="title"),
        nbformat.v4.new_code_cell(code, id="first-code"),
        nbformat.v4.new_markdown_cell(PLAY, id="your-turn"),
    ]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    nbformat.write(notebook, path)
    return path


@pytest.fixture
def place(tmp_path: Path) -> tuple[Path, Path]:
    """A folder of lessons and a folder of catalogs, away from the real ones."""
    return tmp_path / "notebooks", tmp_path / "locale"


def extract(place: tuple[Path, Path]) -> None:
    assert tool.main(["extract", "--notebooks", str(place[0]), "--locale", str(place[1])]) == 0


def translate(path: Path, locale: Path, cells: dict[str, str], language: str = "fr") -> None:
    """A translator's edit: the msgstr of each cell given, in the language's .po file of the lesson."""
    po = tool.po_path(path, language, locale)
    catalog = tool.read(po, language)
    for message in catalog:
        if message.context in cells:
            message.string = cells[message.context]
            message.flags.discard("fuzzy")
    po.write_bytes(tool.written(catalog))


def checked(place: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = tool.main(["--check", "--notebooks", str(place[0]), "--locale", str(place[1])])
    return code, capsys.readouterr().err


def markdown(notebook: nbformat.NotebookNode) -> dict[str, str]:
    return {cell.id: cell.source for cell in notebook.cells if cell.cell_type == "markdown"}


def test_extraction_keys_each_markdown_cell_by_its_id_and_leaves_code_alone(place):
    path = lesson(place[0])
    extract(place)
    template = tool.read(tool.template_path(path, place[1]))
    assert [(m.context, m.id) for m in template if m.id] == [("title", TITLE), ("your-turn", PLAY)]
    for code in tool.LANGUAGES:  # each language gets its file to translate, every message waiting
        assert [(m.context, m.string) for m in tool.read(tool.po_path(path, code, place[1]), code) if m.id] == [
            ("title", ""),
            ("your-turn", ""),
        ]


def test_a_translated_cell_replaces_its_source_and_an_untranslated_one_stays_english(place):
    path = lesson(place[0])
    extract(place)
    translate(path, place[1], {"title": FRENCH_TITLE})
    built = tool.translated(path, "fr", place[1])
    assert markdown(built) == {"title": FRENCH_TITLE, "your-turn": PLAY}
    assert [cell.id for cell in built.cells] == ["title", tool.LANGUAGE_CELL, "first-code", "your-turn"]
    assert built.cells[2].source == "1 + 1"  # the code cell as it is
    assert 'choose_language("fr")' in built.cells[1].source


def test_a_cell_whose_english_changed_after_translation_falls_back_to_english_and_the_check_names_it(place, capsys):
    path = lesson(place[0])
    extract(place)
    translate(path, place[1], {"title": FRENCH_TITLE})
    assert checked(place, capsys) == (0, "")
    changed = TITLE.replace("right bower", "highest trump")
    lesson(place[0], title=changed)
    # Before anyone extracts again: the build compares the translation's English with the cell's.
    assert markdown(tool.translated(path, "fr", place[1]))["title"] == changed
    code, said = checked(place, capsys)
    assert code == 1 and "fr: 01_trumps.ipynb, cell title: its English changed after it was translated" in said
    extract(place)
    # After: the old translation waits for the translator, marked fuzzy; the lesson shows the English.
    [message] = [m for m in tool.read(tool.po_path(path, "fr", place[1]), "fr") if m.context == "title"]
    assert (message.id, message.string, message.fuzzy) == (changed, FRENCH_TITLE, True)
    assert markdown(tool.translated(path, "fr", place[1]))["title"] == changed
    code, said = checked(place, capsys)
    assert code == 1 and "fr: 01_trumps.ipynb, cell title: its English changed" in said and "fuzzy mark" in said
    # The translator translates it again: the lesson speaks French, the check passes.
    translate(path, place[1], {"title": FRENCH_TITLE.replace("valet d'atout", "plus haut atout")})
    assert markdown(tool.translated(path, "fr", place[1]))["title"].startswith("# 1 · Les atouts")
    assert checked(place, capsys) == (0, "")


def test_a_translation_is_kept_when_its_cell_is_gone_and_comes_back_with_it(place):
    path = lesson(place[0])
    extract(place)
    translate(path, place[1], {"title": FRENCH_TITLE})
    notebook = nbformat.read(path, as_version=4)
    title = notebook.cells.pop(0)
    nbformat.write(notebook, path)
    extract(place)
    catalog = tool.read(tool.po_path(path, "fr", place[1]), "fr")
    assert [m.string for m in catalog.obsolete.values()] == [FRENCH_TITLE]
    notebook.cells.insert(0, title)
    nbformat.write(notebook, path)
    extract(place)
    assert markdown(tool.translated(path, "fr", place[1]))["title"] == FRENCH_TITLE


def unfaithful(english: str, translation: str) -> list[str]:
    """What a translation of a cell dropped or changed: the catalog's placeholders, rule ids and cards (KEPT), and
    the lesson's links, HTML and code (the tool's own check)."""
    found = []
    for kind, pattern in KEPT.items():
        wanted, got = sorted(pattern.findall(english)), sorted(pattern.findall(translation))
        if wanted != got:
            found.append(f"the {kind}s are {wanted}, its translation has {got}")
    return found + list(tool.kept(english, translation))


@pytest.mark.parametrize(
    "dropped,french",
    [
        ("rule id", FRENCH_TITLE.replace("[C2](13_rule_book.ipynb#C2)", "[la règle](13_rule_book.ipynb#C2)")),
        ("card", FRENCH_TITLE.replace("J♥", "valet de cœur")),
        ("placeholder", "Gardez-en cinq (T5)."),
        ("link", FRENCH_TITLE.replace("02_next.ipynb", "02_suivant.ipynb")),
    ],
)
def test_a_translation_that_drops_a_placeholder_rule_id_card_or_link_fails(dropped, french):
    english = TITLE if dropped != "placeholder" else "Keep five of {ten} (T5)."
    assert unfaithful(english, FRENCH_TITLE if dropped != "placeholder" else "Gardez-en cinq de {ten} (T5).") == []
    assert any(dropped in problem for problem in unfaithful(english, french)), unfaithful(english, french)


def test_the_check_names_a_translation_that_changes_a_link_or_the_code_to_type(place, capsys):
    path = lesson(place[0])
    extract(place)
    translate(path, place[1], {"your-turn": "## À vous\n\nJouez une carte : tapez `prendre 9h` pour la prendre."})
    code, said = checked(place, capsys)
    assert code == 1 and "fr: 01_trumps.ipynb, cell your-turn: its translation must keep each code" in said


def test_a_code_cell_tagged_translate_may_have_its_words_translated_and_nothing_else(place, capsys):
    """Lesson 6's code printed English in every language; a code cell tagged `translate` is a message, whose
    translation may change its strings and comments only: one that changes its code is named and never built."""
    code = 'hand = "A♥ 10♥"\nprint("You hold", hand)  # your cards'
    path = lesson(place[0], code=code)
    notebook = nbformat.read(path, as_version=4)
    notebook.cells[1].metadata["tags"] = [tool.TRANSLATE]
    nbformat.write(notebook, path)
    extract(place)
    message = tool.read(tool.template_path(path, place[1])).get(code, context="first-code")
    assert message is not None and message.auto_comments == [tool.CODE_NOTE]
    french = 'hand = "A♥ 10♥"\nprint("Tu as", hand)  # tes cartes'
    translate(path, place[1], {"first-code": french})
    assert tool.translated(path, "fr", place[1]).cells[2].source == french
    assert checked(place, capsys)[0] == 0
    translate(path, place[1], {"first-code": french.replace("print", "input")})
    assert tool.translated(path, "fr", place[1]).cells[2].source == code  # the English, never the unfaithful code
    status, said = checked(place, capsys)
    assert status == 1 and "cell first-code: its translation may change only the code's strings and comments" in said


@pytest.mark.parametrize("language_code", tool.LANGUAGES)
def test_every_translated_cell_of_the_real_lessons_is_faithful(language_code):
    for path in tool.lessons():
        for cell, message in tool.translations(path, language_code).items():
            problems = unfaithful(str(message.id), str(message.string))
            assert not problems, f"{language_code}: {path.name}, cell {cell}: {problems}"


@pytest.mark.slow
def test_the_built_lesson_runs_in_its_language_with_its_links_among_its_language_s_lessons(place):
    speaks = "from euchre_lesson.engine.language import language\nprint(language())"
    path = lesson(place[0], code=speaks)
    extract(place)
    translate(path, place[1], {"title": FRENCH_TITLE})
    assert tool.main(["build", "--language", "fr", "--notebooks", str(place[0]), "--locale", str(place[1])]) == 0
    built = nbformat.read(place[0] / "fr" / path.name, as_version=4)
    nbformat.validate(built)
    [run] = [cell for cell in built.cells if cell.id == "first-code"]
    assert [output.get("text") for output in run.outputs] == ["fr\n"]  # the kernel speaks French
    assert markdown(built)["title"] == FRENCH_TITLE  # `02_next.ipynb`: beside it, in notebooks/fr
    assert tool.main(["--ready", "--language", "fr", "--notebooks", str(place[0])]) == 0
    assert tool.main(["--check", "--notebooks", str(place[0]), "--locale", str(place[1])]) == 0
    translate(path, place[1], {"your-turn": "## À vous\n\nJouez une carte : tapez `pickup 9h` pour la prendre."})
    assert tool.main(["--check", "--notebooks", str(place[0]), "--locale", str(place[1])]) == 1  # built before it


def test_make_translations_builds_no_language_without_a_translated_cell(place, capsys):
    lesson(place[0])
    assert tool.main(["--notebooks", str(place[0]), "--locale", str(place[1])]) == 0  # extract, then build
    said = capsys.readouterr().out
    assert "fr: no lesson cell is translated yet, so no lessons are built" in said
    assert "sq: its lessons are begun, not whole, so they are not built (--language sq does)" in said
    assert not (place[0] / "fr").exists() and tool.po_path(place[0] / "01_trumps.ipynb", "fr", place[1]).exists()


def test_the_lessons_of_a_language_not_built_are_refused_in_words(place, capsys):
    lesson(place[0])
    assert tool.main(["--ready", "--language", "et", "--notebooks", str(place[0])]) == 1
    assert "run make translations LANG=et first" in capsys.readouterr().err
    with pytest.raises(SystemExit, match="not into 'xx'"):
        tool.main(["--ready", "--language", "xx", "--notebooks", str(place[0])])


def test_a_lesson_without_cell_ids_is_refused_in_words(place):
    path = lesson(place[0])
    text = path.read_text(encoding="utf-8").replace('"id": "title",', "")
    path.write_text(text.replace('"nbformat_minor": 5', '"nbformat_minor": 4'), encoding="utf-8")
    with pytest.raises(SystemExit, match=r"01_trumps.ipynb: cells \[0\] have no id.*open and save"):
        tool.extracted(path)


def test_every_lesson_s_cells_have_ids_and_its_templates_and_translations_are_current():
    # The lead re-extracts after changing a lesson: python scripts/lesson_catalog.py extract (README, Languages).
    numbered = tool.lessons()
    assert len(numbered) >= 16
    for path in numbered:
        ids = [cell.get("id") for cell in nbformat.read(path, as_version=4).cells]
        assert all(ids) and len(set(ids)) == len(ids), f"{path.name}: every cell needs an id of its own"
    # And the check of make test: no template older than its lesson, no translation older than its cell or unfaithful
    # to its links, HTML and code, no built lesson (notebooks/fr) older than its lesson or translation.
    found = [str(problem).replace(str(ROOT) + os.sep, "") for problem in tool.problems()]
    assert not found, "\n".join(found)


def test_the_languages_of_the_lessons_are_the_package_s_own_list():
    assert set(tool.LANGUAGES) == set(LANGUAGES) - {"en"}


def test_a_lesson_s_language_cell_chooses_the_language_for_the_rest_of_its_context():
    def cells() -> list[str]:
        choose_language("fr")
        return [language()]

    assert contextvars.copy_context().run(cells) == ["fr"] and language() == "en"
    with pytest.raises(NotationError, match="not in 'xx'"):
        contextvars.copy_context().run(choose_language, "xx")


def make_lessons(*arguments: str) -> str:
    """The commands `make lessons` would run, with the shell's own LANG (a locale) in its environment."""
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "lessons", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "LANG": "C.UTF-8"},
    )
    return next(line for line in done.stdout.splitlines() if "jupyter lab" in line)


@pytest.mark.posix("runs make, which Windows does not have")
def test_make_lessons_with_lang_opens_that_language_s_contents_and_without_it_the_english():
    assert make_lessons().endswith("--LabApp.default_url=/voila/render/14_contents.ipynb notebooks")
    assert make_lessons("LANG=fr").endswith("--LabApp.default_url=/voila/render/fr/14_contents.ipynb notebooks")
    assert make_lessons("LANG=en").endswith("--LabApp.default_url=/voila/render/14_contents.ipynb notebooks")
