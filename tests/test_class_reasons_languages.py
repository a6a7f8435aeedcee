"""The computer players' reasons at a class's table are kept in no language and put into words for each page (issue
38, 1): a French page and an English page of one table read the same computer's reason, each in its own language,
whatever language spoke where the computer decided."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable

from euchre_lesson.classroom.students import Student
from euchre_lesson.classroom.table import ClassTable
from euchre_lesson.engine.actions import Action
from euchre_lesson.engine.game import new_game
from euchre_lesson.engine.language import N_, _, speaking
from euchre_lesson.engine.rules import CUTTHROAT, PARTNERSHIP
from euchre_lesson.engine.said import Said, saying, words_of
from euchre_lesson.engine.view import View, acting_seat
from euchre_lesson.play.dummy import best_five, keep_said
from euchre_lesson.play.players import BeginnerPlayer, ExpertPlayer, RuleOfThumbPlayer
from euchre_lesson.play.session import TableSession

ANA, BEN = "token-of-ana-xxxxxxxxxxxx", "token-of-ben-xxxxxxxxxxxx"
ONLY_CARD = "The {card} is my only legal card (C12)."
COMPUTER = 2  # Ana sits at seat 0, Ben at seat 1: the rule of thumb plays seat 2


def one_hand_played(decided_in: str, ana: Callable[[View], Action] | None = None) -> ClassTable:
    """A Cutthroat table of two students and a computer, its first hand played out, every move made in `decided_in`
    (the language speaking where the computer decides: a worker process, the pacer's thread); Ana chooses by `ana`
    if given, else by the rule of thumb, as Ben does."""
    table = ClassTable(1, new_game(CUTTHROAT, seed=3), "rule of thumb", pace=0)
    table.sit(0, Student("Ana", ANA))
    table.sit(1, Student("Ben", BEN))
    with speaking(decided_in):
        while len(table.game.hands) == 1 and not table.game.hand.is_over:
            seat = acting_seat(table.game.hand)
            view = table.game.view(seat)
            if seat == COMPUTER:
                table.step()
            else:
                chosen = ana(view) if seat == 0 and ana is not None else RuleOfThumbPlayer().choose(view)
                table.act((ANA, BEN)[seat], chosen)
    return table


def computer_reasons(table: ClassTable, token: str, code: str) -> list[str]:
    """What the computer said in the last hand, as the page of `token` reading in `code` shows it."""
    with speaking(code):
        review = table.seat_view(token)["last_hand"]
    assert review is not None, "the hand is over: its review is shown"
    return [reason["words"] for reason in review["reasons"] if reason["seat"] == COMPUTER]


def test_a_french_page_and_an_english_page_read_the_same_computer_reason_each_in_its_own_language():
    table = one_hand_played(decided_in="et")  # neither page's language: the words are made where they are read
    french, english = computer_reasons(table, ANA, "fr"), computer_reasons(table, BEN, "en")
    assert len(french) == len(english) >= 5  # the computer bid and played five cards
    last_card = table.game.hands[0].tricks[-1].cards[table.game.hands[0].tricks[-1].seats.index(COMPUTER)]
    assert english[-1] == ONLY_CARD.format(card=last_card)
    with speaking("fr"):
        assert french[-1] == _(ONLY_CARD).format(card=last_card) == f"Ma seule carte permise est {last_card} (C12)."
    assert not any("seule carte" in words for words in english)


def test_two_pages_of_one_student_in_two_languages_each_read_the_reasons_in_their_own():
    table = one_hand_played(decided_in="en")
    estonian, english = computer_reasons(table, ANA, "et"), computer_reasons(table, ANA, "en")
    assert estonian[-1].endswith("on minu ainus lubatud kaart (C12).") and english[-1].endswith("(C12).")
    assert estonian[-1] != english[-1]


def test_the_learner_s_table_reads_the_reasons_in_its_language_as_before():
    with speaking("fr"):
        session = TableSession(new_game(CUTTHROAT, seed=3), level="rule of thumb")
        while not session.game.hands[0].is_over:
            session.act(RuleOfThumbPlayer().choose(session.view))
        heard = session.reasons_shown
    assert heard and any("Ma seule carte permise est" in words for words in heard.values())
    assert all(isinstance(words, str) for words in heard.values())


def test_a_reason_is_kept_in_no_language_and_crosses_to_a_worker_process_and_back():
    said = saying(N_(ONLY_CARD), card="J♥")
    assert pickle.loads(pickle.dumps(said)) == said and isinstance(said, Said)
    with speaking("fr"):
        assert words_of(said) == "Ma seule carte permise est J♥ (C12)." == str(said)
    with speaking("et"):
        assert words_of(said) == "J♥ on minu ainus lubatud kaart (C12)."
    assert words_of(said) == "The J♥ is my only legal card (C12)." and words_of("plain words") == "plain words"


def test_a_reason_within_a_reason_is_put_into_words_too():
    inner = saying(N_(ONLY_CARD), card="9♠")
    outer = saying("{first} {second}", first=inner, second="Plain.")
    with speaking("fr"):
        assert words_of(outer) == "Ma seule carte permise est 9♠ (C12). Plain."


def test_a_student_seated_mid_hand_reads_what_came_before_she_sat_in_her_own_language():
    table = ClassTable(1, new_game(CUTTHROAT, seed=3), "rule of thumb", pace=0)
    table.sit(1, Student("Ben", BEN))
    while len(table.game.hand.history) < 3 or acting_seat(table.game.hand) != 1:  # the computer plays Ana's seat
        seat = acting_seat(table.game.hand)
        if seat == 1:
            table.act(BEN, RuleOfThumbPlayer().choose(table.game.view(seat)))
        else:
            table.step()
    with speaking("fr"):  # the page that seats her speaks French; each page reads in its own
        table.sit(0, Student("Ana", ANA))
    with speaking("fr"):
        french = table.seat_view(ANA)["hand_in_play"]["story"]
    with speaking("en"):
        english = table.seat_view(ANA)["hand_in_play"]["story"]
    assert english[0].startswith("Before you sat: ") and french[0].startswith("Avant que tu t'assoies : ")
    assert any("the computer at your seat" in line for line in english)
    assert any("l'ordinateur à ta place" in line.lower() for line in french), french


def test_the_rule_of_thumb_s_bid_is_said_in_each_reader_s_language_and_in_english_as_before():
    game = new_game(PARTNERSHIP, seed=5)
    said = RuleOfThumbPlayer().decide(game.view(acting_seat(game.hand))).said
    assert isinstance(said, Said)
    assert words_of(said) == (
        "With hearts trump I hold 2 trumps (K♥ 10♥), 1 off-suit ace: a count of 3 (one for each trump, one more for "
        "each bower, one for each off-suit ace). If I order it up, the dealer, an opponent, may take the J♥, a bower: "
        "one less, 2 in all. A count of 5 is needed to order it up, so I pass."
    )
    with speaking("fr"):
        assert words_of(said).startswith("Avec atout cœur, j'ai 2 atouts (K♥ 10♥), 1 as d'une couleur ordinaire")
        assert words_of(said).endswith("Il faut compter 5 pour commander, alors je passe.")
    with speaking("et"):
        assert words_of(said).startswith("Kui ärtu on trump, on mul 2 trumpi (K♥ 10♥), 1 kõrvalmasti äss")
        assert words_of(said).endswith("Tellimiseks on vaja loendit 5, seega passin.")


def test_a_beginner_s_mistake_is_told_in_each_reader_s_language():
    game, said = new_game(PARTNERSHIP, seed=1), None
    beginner = BeginnerPlayer(seed=1)
    for step in range(200):
        view = game.view(acting_seat(game.hand))
        chosen = beginner.decide(view, random.Random(step))
        if "beginner's mistake" in words_of(chosen.said):
            said = chosen.said
            break
        game = game.apply(chosen.action, seat=view.seat)
    assert isinstance(said, Said), "the beginner made a mistake within a game's first 200 decisions"
    with speaking("fr"):
        assert "(Une erreur de débutant : " in words_of(said)
    with speaking("et"):
        assert "(Algaja viga: " in words_of(said)


def test_the_five_kept_are_explained_in_each_reader_s_language():
    ten = ["JH", "JD", "AH", "AC", "9S", "9C", "10D", "QS", "KS", "10C"]
    kept = best_five(ten, "H")
    said = keep_said(kept.cards, ten, "H")
    assert words_of(said) == kept.reason
    assert kept.reason == (
        "Keep every trump (J♥ J♦ A♥), the off-suit ace A♣, and no diamonds or spades, so you can trump those leads, "
        "then the highest cards left (10♣)."
    )
    with speaking("fr"):
        assert words_of(said).startswith(
            "Garde tous les atouts (J♥ J♦ A♥), l'as d'une couleur ordinaire A♣, et aucune carte à "
        )
        assert " ou " in words_of(said)
    with speaking("et"):
        assert words_of(said).startswith("Hoia kõik trumbid (J♥ J♦ A♥), kõrvalmasti äss A♣")


def test_the_expert_s_reason_and_what_its_choice_is_worth_are_read_in_each_reader_s_language():
    game = new_game(CUTTHROAT, seed=2)
    view = game.view(acting_seat(game.hand))
    said = ExpertPlayer(seed=2, worlds=6, seconds=None).decide(view, random.Random(0)).said
    english = words_of(said)
    # the choices in the table's words ("order up the Q♥"), never the engine's notation ("order")
    assert english.startswith(
        "I choose pass: a 30.4% chance of winning on average; next best order up the Q♥ at a 28.2%"
    )
    with speaking("fr"):
        assert words_of(said) == (
            "Je choisis passer : une chance de gagner de 30,4\u202f% en moyenne ; "
            "ensuite commander Q♥ à une chance de gagner de 28,2\u202f%."
        )
    with speaking("et"):
        assert "keskmiselt 30,4% võiduvõimalus" in words_of(said)
