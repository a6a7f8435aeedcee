"""The one catalog of the learner's words: fresh, faithful to its placeholders, rules and cards, and chosen per page."""

from __future__ import annotations

import ast
import importlib.util
import re
import threading
from pathlib import Path

import pytest
from test_glossary_words import FORBIDDEN

from euchre_lesson.engine.errors import IllegalAction, NotationError
from euchre_lesson.engine.hand import deal_hand
from euchre_lesson.engine.language import LANGUAGES, checked_language, language, speaking
from euchre_lesson.engine.rules import CUTTHROAT

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "euchre_lesson"
SPEC = importlib.util.spec_from_file_location("catalog_tool", ROOT / "scripts" / "catalog.py")
assert SPEC and SPEC.loader
tool = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(tool)

# What a translation must carry over unchanged: a placeholder, a rule id of RULES.md, a card, a notation to type.
KEPT = {
    "placeholder": re.compile(r"\{[^{}]*\}"),
    "rule id": re.compile(r"\b[CTFWR][1-9][0-9]?\b"),
    "card": re.compile(r"(?:10|[2-9JQKA])[♠♥♦♣]|\bJoker\b"),
    "notation": re.compile(r"\b(?:pickup|give|discard) X\b|\bdealer_must_pick_up\b"),
}


def test_the_committed_catalog_is_what_a_fresh_extraction_and_compile_write():
    # A string marked in the source and not in the template, a template not merged into a language, or a .mo older
    # than its .po: each is a file scripts/catalog.py would change.
    stale = [path for path, text in tool.changes().items() if not path.exists() or path.read_bytes() != text]
    assert not stale, f"run make catalog: {[str(path.relative_to(ROOT)) for path in stale]}"


def test_the_languages_with_a_catalog_are_the_package_s_own_list():
    assert set(tool.LANGUAGES) == set(LANGUAGES) - {"en"}


@pytest.mark.parametrize("language_code", tool.LANGUAGES)
def test_a_translation_keeps_every_placeholder_rule_id_card_and_notation(language_code):
    translated = [m for m in tool.read(tool.po_path(language_code), language_code) if m.id and any(forms(m.string))]
    for message in translated:
        english = forms(message.id)[-1]  # a counted message: each form carries what the English plural carries
        for form in forms(message.string):
            for kind, pattern in KEPT.items():
                wanted, got = sorted(pattern.findall(english)), sorted(pattern.findall(form))
                assert wanted == got, (
                    f"{language_code}: the {kind}s of {english!r} are {wanted}, its translation {form!r} has {got}"
                )


def forms(text: str | tuple[str, ...]) -> tuple[str, ...]:
    """A message's text, or each of a counted message's forms (one, many; as many as the language counts)."""
    return (text,) if isinstance(text, str) else tuple(text)


def test_the_faithfulness_check_fails_on_a_dropped_placeholder():
    english, french = "Keep five of {ten} (T5).", "Gardez-en cinq (T5)."
    assert KEPT["placeholder"].findall(english) != KEPT["placeholder"].findall(french)


def test_french_and_estonian_translate_every_message_of_the_catalog():
    for language_code in ("fr", "et"):
        catalog = tool.read(tool.po_path(language_code), language_code)
        missing = [m.id for m in catalog if m.id and not all(forms(m.string))]
        assert not missing, f"{language_code} lacks {len(missing)} translations, the first {missing[:3]}"


def test_the_table_says_tu_to_the_learner_as_the_lessons_do():
    # The glossary and the lessons say « tu » (a teacher to a 14-year-old): the table's words, prompts, story and
    # refusals too, never « vous », « votre », « vos » or an imperative in -ez.
    catalog = tool.read(tool.po_path("fr"), "fr")
    wrong = [
        f"{forms(m.id)[0]!r}: {found[0]!r} in {form!r}"
        for m in catalog
        if m.id
        for form in forms(m.string)
        if (found := FORBIDDEN["fr"].search(form))
    ]
    assert not wrong, f"{len(wrong)} French messages say « vous »:\n" + "\n".join(wrong)


def refusal(words_of: str) -> str:
    hand = deal_hand(CUTTHROAT, dealer=0, seed=1)
    with speaking(words_of), pytest.raises(IllegalAction) as refused:
        hand.apply("pickup 9h", seat=hand.to_act)
    return refused.value.explanation


def test_a_refusal_is_in_the_language_chosen_and_its_rule_and_cards_stay():
    english, french, estonian = refusal("en"), refusal("fr"), refusal("et")
    assert english.startswith("pickup 9♥ is not possible now")
    assert french.startswith("pickup 9♥ n'est pas possible maintenant")
    assert estonian.startswith("pickup 9♥ ei ole praegu võimalik")


def test_a_language_whose_catalog_is_begun_falls_back_to_english_never_to_an_empty_message():
    assert refusal("ha") == refusal("en")


def test_each_context_speaks_its_own_language():
    # Two students' pages at the class's server: two threads, each choosing its language in its own context.
    heard: dict[str, str] = {}

    def page(code: str) -> None:
        with speaking(code):
            heard[code] = refusal(language())

    threads = [threading.Thread(target=page, args=(code,)) for code in ("fr", "et")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert heard == {"fr": refusal("fr"), "et": refusal("et")} and language() == "en"


@pytest.mark.parametrize("given,code", [("fr", "fr"), ("FR", "fr"), ("fr-CA", "fr"), ("et_EE", "et"), (" en ", "en")])
def test_a_language_is_read_from_its_code_or_a_browser_s_tag(given, code):
    assert checked_language(given) == code


@pytest.mark.parametrize("given", ["xx", "", None, 3, "français"])
def test_a_language_without_lessons_is_refused_in_words(given):
    with pytest.raises(NotationError, match="There are lessons in these languages: en \\(English\\), fr"):
        checked_language(given)


def marking_modules() -> list[Path]:
    """The package's modules that mark words for the catalog."""
    return [
        path
        for path in sorted(PACKAGE.rglob("*.py"))
        if re.search(r"^from [.\w]*language import .*\b_\b", path.read_text(encoding="utf-8"), re.M)
    ]


def test_some_modules_mark_their_words():
    assert len(marking_modules()) >= 2


@pytest.mark.parametrize("path", marking_modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_a_marked_message_is_written_whole_and_the_marker_never_hidden(path):
    # `_(f"...")` or `_(words)` cannot be extracted: the catalog would lack it. And a module that binds `_` again
    # (`for _ in ...`, `_, x = ...`) hides the marker in that function, which then fails when it speaks.
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_"):
            assert len(node.args) == 1 and isinstance(node.args[0], ast.Constant), (
                f"{path.name}:{node.lineno}: _() takes one message written whole (no f-string): format it after"
            )
        if isinstance(node, ast.Name) and node.id == "_" and isinstance(node.ctx, ast.Store):
            raise AssertionError(f"{path.name}:{node.lineno} binds _ again, hiding the catalog's marker")
