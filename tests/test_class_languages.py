"""At the class's server each page speaks its own language (issue 38, 4): two students at one table each read it in
their own, the table keeps a seat's view per language, and a language a page sends that is not on the list is
refused in words."""

from __future__ import annotations

import json

import pytest

from euchre_lesson.classroom.students import Student
from euchre_lesson.classroom.table import ClassTable
from euchre_lesson.classroom.web.speech import first_of, page_language
from euchre_lesson.engine.errors import NotationError
from euchre_lesson.engine.game import new_game
from euchre_lesson.engine.language import speaking
from euchre_lesson.engine.rules import CUTTHROAT
from euchre_lesson.engine.view import acting_seat

ANA, BEN = "token-of-ana-xxxxxxxxxxxx", "token-of-ben-xxxxxxxxxxxx"


@pytest.fixture
def table() -> ClassTable:
    table = ClassTable(1, new_game(CUTTHROAT, seed=3), "rule of thumb", pace=0)
    table.sit(0, Student("Ana", ANA))
    table.sit(1, Student("Ben", BEN))
    return table


def words(table: ClassTable, token: str, code: str) -> str:
    """Everything a student's page is sent of the table, in `code`: the seat's view and the table view's picture."""
    with speaking(code):
        seat = table.seat_of(token)
        return json.dumps([table.seat_view(token), table.picture(seat)], ensure_ascii=False)


def test_two_students_at_one_table_each_read_it_in_their_own_language(table):
    english, french, estonian = words(table, ANA, "en"), words(table, ANA, "fr"), words(table, BEN, "et")
    assert french != english and estonian != words(table, BEN, "en")
    assert "Tes cartes" in french and "Sinu kaardid" in estonian and "Tes cartes" not in estonian
    assert "table 1 · donne 1" in french and "laud 1 · jagu 1" in estonian  # the title said "hand 1" in both


def test_a_seat_s_view_made_in_one_language_is_never_served_in_another(table):
    # The table keeps each seat's view until the table changes: kept per language, not per seat only.
    with speaking("fr"):
        french = table.seat_view(ANA)
    with speaking("en"):
        english = table.seat_view(ANA)
    assert french["hand_in_play"]["phase"] == "enchères, premier tour"
    assert english["hand_in_play"]["phase"] == "bidding, round one"
    with speaking("fr"):
        assert table.seat_view(ANA) is french  # made once per change of the table, in each language


@pytest.mark.parametrize(
    "header,code",
    [("fr-FR,fr;q=0.9,en;q=0.8", "fr"), ("de-DE,et;q=0.5", "et"), ("de-DE,de", ""), ("", ""), ("x" * 5000, "")],
)
def test_the_browser_s_accept_language_gives_the_page_its_first_language(header, code):
    assert first_of(header) == code


@pytest.mark.parametrize("sent", ["xx", "", None, 7, {"code": "fr"}, "français"])
def test_a_language_a_page_sends_that_is_not_on_the_list_is_refused_in_words(sent):
    with pytest.raises(NotationError, match="There are lessons in these languages: en \\(English\\), fr"):
        page_language(sent)


def test_a_language_a_page_sends_is_read_as_its_code():
    assert page_language("et-EE") == "et" and page_language("FR") == "fr"


def test_what_the_teacher_does_to_a_table_and_its_refusals_are_read_in_each_student_s_language(table):
    """A paused table, a hand dealt again and a refused hint read in English at a French student's table: the
    table kept its notices and refusals as English sentences."""
    table.pause(True)
    assert "Ton professeur a mis cette table en pause" in words(table, ANA, "fr")
    assert "Õpetaja peatas selle laua" in words(table, BEN, "et")
    table.pause(False)
    table.deal_again()
    assert "Ton professeur a redistribué cette donne" in words(table, ANA, "fr")
    assert "Your teacher dealt this hand again" in words(table, BEN, "en")
    not_hers = BEN if table.seat_of(ANA) == acting_seat(table.game.hand) else ANA
    with speaking("fr"), pytest.raises(ValueError, match="Un indice, c'est pour ton tour"):
        table.hint(not_hers)


class Socket:
    """Solara's wrapper of a page's websocket, as solara_door reads it: Starlette's inside, with its headers."""

    def __init__(self, headers: dict[str, str]):
        self.ws = type("Starlette", (), {"headers": headers})()


@pytest.mark.parametrize(
    ("cookie", "kept", "first"),
    [
        ("euchre-class-language=et; other=1", "et", "et"),  # the language the page kept comes before the header's
        ("", "", "fr"),
        ("euchre-class-language=xx", "xx", "fr"),  # not on the list: the header's
        ('euchre-class-language="et\\"; =;;', "", "fr"),  # a cookie header that cannot be read: as if none
    ],
)
def test_a_page_opens_in_the_language_its_browser_kept_before_the_one_it_asks_for(cookie, kept, first):
    """A reloaded page was drawn in the browser's own language, then in the one kept, a moment later."""
    from solara.server import kernel_context

    from euchre_lesson.classroom.web import solara_door
    from euchre_lesson.classroom.web.speech import LANGUAGE_KEY

    headers = {"cookie": cookie, "accept-language": "fr-FR,fr;q=0.9"}
    page = kernel_context.create_dummy_context()
    with page:
        page.kernel.session.websockets.add(Socket(headers))
        languages = solara_door.page_languages(LANGUAGE_KEY)
    assert languages == (kept, "fr-FR,fr;q=0.9")
    assert first_of(",".join(languages)) == first


def test_the_join_screen_names_its_qr_code_and_a_rule_link_its_rule_in_the_teacher_s_language():
    from euchre_lesson.classroom.web.pages import join_screen
    from euchre_lesson.engine.display import rule_link

    with speaking("fr"):
        assert "<title>code QR de l'adresse http://10.0.0.2:8765/</title>" in join_screen(
            "http://10.0.0.2:8765/", "KQ7P"
        )
        assert 'title="règle C9 dans le livre des règles"' in rule_link("C9")
    with speaking("et"):
        assert 'title="reegel C9 reegliraamatus"' in rule_link("C9")
