"""Every rule id a lesson shows, in its prose, a verdict, an error or a widget's note, links to its entry in the rule
book (`13_rule_book.ipynb#C7`); the plain text (str of a verdict, error messages) stays plain."""

import re
from pathlib import Path

import nbformat
import pytest
from test_rule_book import rule_ids
from test_rule_book import rule_link as rule_book_link

from euchre_lesson import CUTTHROAT, IllegalAction, deal_hand
from euchre_lesson.engine.display import hand_html, rule_link, rule_links, words_html
from euchre_lesson.teach.course import exercises
from euchre_lesson.teach.exercises import Verdict
from euchre_lesson.widgets import ExerciseView
from euchre_lesson.widgets.cards import note, say

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[01][0-9]_*.ipynb"))
PAGES = [p for p in LESSONS if not p.name.startswith("13_")]  # the lessons, the contents and the guide
RULE_ID = r"\b[CTFWR][1-9][0-9]?\b"
LINKED = re.compile(r'<a href="13_rule_book\.ipynb#([A-Z]\d+)"[^>]*>([A-Z]\d+)</a>')


def bare_ids(html: str) -> list[str]:
    """Rule ids of an HTML text that are not the text of a link to their own rule-book entry."""
    good = [m for m in LINKED.finditer(html) if m[1] == m[2]]
    for found in reversed(good):
        html = html[: found.start()] + html[found.end() :]
    html = re.sub(r"<style.*?</style>|<[^>]*>", " ", html, flags=re.S)
    return re.findall(RULE_ID, html)


def test_a_rule_id_becomes_a_link_to_its_entry_and_nothing_else_changes():
    assert rule_link("C7").startswith('<a href="13_rule_book.ipynb#C7"') and ">C7</a>" in rule_link("C7")
    assert rule_book_link("C7") == "13_rule_book.ipynb#C7"  # the rule-book lesson's own scheme
    html = words_html("You must follow ♠ <J♠> (C12); see T5, T6 and F4's table. Not C0, X12, CC7 or c7.")
    assert "&lt;J♠&gt;" in html and f"({rule_link('C12')})" in html and f"{rule_link('F4')}&#x27;s" in html
    assert rule_link("T5") in html and rule_link("T6") in html and not bare_ids(html)
    assert "C0," in html and "X12," in html and "CC7" in html and "c7." in html
    untouched = '<style>.a{color:#C1}</style><a href="elsewhere#C7">C7</a><b class="T5">'
    assert rule_links(untouched) == untouched  # a style sheet, a link and a tag are not prose
    assert rule_links("<b>C9</b>") == f"<b>{rule_link('C9')}</b>"


def test_a_link_is_underlined_and_says_where_it_leads():
    link = rule_link("T7")
    assert "text-decoration:underline" in link and 'title="rule T7 in the rule book"' in link


def test_a_verdict_links_its_rules_in_a_notebook_and_stays_plain_as_text():
    verdict = exercises(1).q1.check("♦")
    assert "(C2)" in str(verdict) and "<a" not in str(verdict)
    assert rule_link("C2") in verdict._repr_html_() and not bare_ids(verdict._repr_html_())
    assert "<a" not in Verdict(True, "Right, and no rule named.")._repr_html_()


def test_a_widget_note_links_the_rule_an_error_names_and_the_error_stays_plain():
    hand = deal_hand(CUTTHROAT, 2, seed=2026)
    with pytest.raises(IllegalAction) as refused:
        hand.apply("call ♥")
    assert f"({refused.value.rule})" in str(refused.value) and "<a" not in str(refused.value)
    box = note()
    say(box, str(refused.value), "bad")
    assert rule_link(refused.value.rule) in box.value and not bare_ids(box.value)


def test_the_exercise_view_links_the_rules_of_its_verdict_and_its_answer():
    view = ExerciseView(exercises(6).q2, on_answer=lambda *_: None, show_answer="always")
    view.pick("A♣")
    view.check()
    view.reveal()
    for shown in (view.note.value, view.solution_note.value):
        assert "C12" in shown or "C2" in shown
        assert not bare_ids(shown), shown


def test_the_table_drawn_in_a_cell_links_the_rule_of_a_throw_in():
    hand = deal_hand(CUTTHROAT, 0, seed=9)
    for _ in range(6):
        hand = hand.apply("pass")
    assert rule_link("C9") in hand_html(hand) and not bare_ids(hand_html(hand))


def markdown(path: Path) -> list[str]:
    return [c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown"]


@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_every_rule_id_in_a_lesson_s_prose_links_to_its_entry(path):
    for text in markdown(path):
        text = re.sub(r"`[^`]*`", "", text)  # code is not prose
        links = re.findall(r"\[([^\]]*)\]\(13_rule_book\.ipynb#([^)]*)\)", text)
        for shown, anchor in links:
            if re.fullmatch(RULE_ID, shown):
                assert shown == anchor, f"{path.name}: [{shown}] links to #{anchor}"
        bare = re.findall(RULE_ID, re.sub(r"\[[^\]]*\]\([^)]*\)", "", text))
        assert not bare, f"{path.name}: rule ids {bare} are not links to the rule book, in: {text[:120]!r}"


def test_every_rule_linked_from_the_lessons_exists():
    known = set(rule_ids((ROOT / "RULES.md").read_text(encoding="utf-8")))
    linked = {
        anchor
        for path in PAGES
        for text in markdown(path)
        for anchor in re.findall(r"\]\(13_rule_book\.ipynb#([A-Z]\d+)\)", text)
    }
    assert len(linked) >= 20 and linked <= known, sorted(linked - known)


@pytest.mark.parametrize("path", PAGES, ids=[p.stem for p in PAGES])
def test_the_verdicts_stored_in_a_lesson_link_their_rules(path):
    shown = [
        o["data"]["text/html"]
        for c in nbformat.read(path, as_version=4).cells
        if c.cell_type == "code"
        for o in c.get("outputs", [])
        if "text/html" in o.get("data", {})
    ]
    for html in shown:
        assert not bare_ids(html), f"{path.name}: an output shows a rule id without its link: {html[:200]}"


def test_a_page_away_from_the_lessons_names_the_way_to_the_rule_book(monkeypatch):
    monkeypatch.setenv("EUCHRE_LESSON_RULE_BOOK", '../notebooks/13_rule_book.ipynb"><script>')
    assert rule_link("C7").startswith('<a href="../notebooks/13_rule_book.ipynb&quot;&gt;&lt;script&gt;#C7"')
    monkeypatch.setenv("EUCHRE_LESSON_RULE_BOOK", "")
    assert rule_link("C7").startswith('<a href="13_rule_book.ipynb#C7"')
