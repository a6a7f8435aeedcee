"""The words the widgets and the engine's display build from parts speak the learner's language (issue 38, point 1):
the bidding trainer's advice table, the hand log, a hidden card, a hand's display, a refused move's options, and who
passed in practice; English word for word as it was."""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape

import pytest

from euchre_lesson.engine.actions import parse_action
from euchre_lesson.engine.cards import Suit, parse_cards
from euchre_lesson.engine.errors import IllegalAction
from euchre_lesson.engine.game import new_game
from euchre_lesson.engine.language import speaking
from euchre_lesson.engine.narration import hide_cards, reason_words
from euchre_lesson.engine.rules import CUTTHROAT, PARTNERSHIP
from euchre_lesson.engine.tricks import why_wins
from euchre_lesson.play.advice import Option
from euchre_lesson.teach import practice
from euchre_lesson.teach.exercises import _id_words
from euchre_lesson.widgets.bidding import _missing_suit, _options_html, _worth_cell
from euchre_lesson.widgets.hand_log import log_html


def bare(html: str) -> str:
    return unescape(re.sub(r"<[^>]*>", " ", html))


def options() -> list[Option]:
    return [
        Option(parse_action("order"), 0.84, 0.2, "points", "I hold three trumps."),
        Option(parse_action("pass"), -0.75, 0.2, "points", "I pass.", close=True),
    ]


def test_the_advice_table_speaks_the_learner_s_language_and_english_as_before():
    view = new_game(CUTTHROAT, seed=1).hand.view(1)
    english = bare(_options_html(options(), parse_action("pass"), view))
    assert "option" in english and "points against the others" in english and "(best)" in english
    assert "0.8 ahead" in english and "0.8 behind (a close call)" in english and "(your choice)" in english
    assert english.count("The computer's advice: what each option is worth to you") == 1
    with speaking("fr"):
        french = bare(_options_html(options(), parse_action("pass"), view))
    assert "0,8 d'avance" in french and "0,8 de retard (serré)" in french and "ton choix" in french
    assert "points face aux autres" in french and "Le conseil de l'ordinateur" in french
    with speaking("et"):
        estonian = bare(_options_html(options(), parse_action("pass"), view))
    assert "0,8 ees" in estonian and "0,8 taga (napp otsus)" in estonian and "sinu valik" in estonian
    for words in (french, estonian):
        assert not re.search(r"\b(ahead|behind|close call|best|your choice|reason|advice)\b", words), words


def test_a_worth_in_each_unit_is_said_in_the_learner_s_language():
    chance = Option(parse_action("order"), 0.41, 0.1, "chance of winning", "")
    level = Option(parse_action("order"), 0.01, 0.1, "points", "")
    unweighed = Option(parse_action("order"), 0.0, 0.0, "no time", "")
    assert [_worth_cell(o) for o in (chance, level, unweighed)] == ["41% chance", "level", "not weighed"]
    with speaking("fr"):
        assert [_worth_cell(o) for o in (chance, level, unweighed)] == [
            "41\u202f% de chances",
            "à égalité",
            "non évaluée",
        ]
    with speaking("et"):
        assert [_worth_cell(o) for o in (chance, level, unweighed)] == ["41% võimalus", "võrdne", "hindamata"]


def test_naming_a_suit_the_hand_lacks_is_explained_in_the_learner_s_language():
    state = new_game(CUTTHROAT, seed=1).hand
    view = state.view(state.to_act)
    held = {card.suit for card in view.hand}
    missing = next(suit for suit in Suit if suit not in held and not any(c.rank == "J" for c in view.hand))
    call = parse_action(f"call {missing.symbol}")
    english = _missing_suit(call, view)
    assert english == f"You hold no {missing.noun}: naming {missing.plural} counts on the dummy's five cards, " + (
        "which the maker takes (T5)."
    )
    with speaking("fr"):
        assert _missing_suit(call, view).startswith("Tu n'as aucun ") and "le preneur prend (T5)" in _missing_suit(
            call, view
        )
    with speaking("et"):
        assert _missing_suit(call, view).startswith("Sul pole ühtki kaarti mastist ")


def test_the_hand_log_with_nothing_said_speaks_the_learner_s_language():
    view = new_game(CUTTHROAT, seed=1).hand.view(0)
    assert not view.said  # a new game's first hand: nothing said yet
    assert log_html(view, {}) == "<i>Nothing has been said yet.</i>"
    with speaking("fr"):
        assert log_html(view, {}) == "<i>Rien n'a encore été dit.</i>"
    with speaking("et"):
        assert log_html(view, {}) == "<i>Veel pole midagi öeldud.</i>"


def test_a_hidden_card_is_said_in_the_reader_s_language_where_it_is_hidden():
    card = parse_cards("9♦")[0]
    assert hide_cards("I lay away the 9♦.", [card]) == "I lay away the [hidden]."
    with speaking("et"):
        assert hide_cards("panen ära kaardi 9♦", [card]) == "panen ära kaardi [peidetud]"
    view = new_game(CUTTHROAT, seed=1).hand.view(0)
    unseen = view.unseen[0]
    with speaking("fr"):
        assert reason_words(f"j'écarte le {unseen}", view) == "j'écarte le [cachée]"


def test_a_hand_s_display_speaks_the_learner_s_language_and_english_as_before():
    hand = new_game(CUTTHROAT, seed=1).hand
    english = bare(hand._repr_html_())
    assert "(to act) · tricks 0" in english and "dummy (open side)" in english and "up-card" in english
    assert "  up-card: " in repr(hand) and "tricks 0" in repr(hand)
    for language, marks in (("fr", ("(à jouer)", "plis : 0", "mort (côté ouvert)", "retourne")),
                            ("et", ("(käik)", "tihid: 0", "surnud käsi (avatud pool)", "avatud kaart"))):  # fmt: skip
        with speaking(language):
            html, text = bare(hand._repr_html_()), repr(hand)
            game = bare(new_game(PARTNERSHIP, seed=2)._repr_html_())
        assert all(mark in html for mark in marks), html
        assert not re.search(r"\b(seat|tricks|to act|dummy|up-card|dealer|target)\b", html + text + game)


def test_a_refused_move_names_its_options_in_the_learner_s_language():
    hand = new_game(CUTTHROAT, seed=1).hand
    wrong = (hand.to_act + 1) % hand.players

    def refusal() -> str:
        with pytest.raises(IllegalAction) as refused:
            hand.apply("order", seat=wrong)
        return str(refused.value)

    assert "and may pass or order (C6)." in refusal()
    with speaking("fr"):
        assert "qui peut pass ou order (C6)." in refusal()
    with speaking("et"):
        assert "kes võib pass või order (C6)." in refusal()
    with speaking("ha"):  # a begun catalog without the refusal: all of it in English, its "or" too
        assert "and may pass or order (C6)." in refusal()


def test_practice_lists_the_seats_that_passed_with_commas_and_one_and():
    def setting() -> str:
        return practice.question("bid", 4, tuple(practice.PRESETS)).setting

    assert setting().endswith("seat 3 deals. Seats 0, 1 and 2 passed.")
    with speaking("fr"):
        assert setting().endswith("Les places 0, 1 et 2 ont passé.")
    with speaking("et"):
        assert setting().endswith("Kohad 0, 1 ja 2 passisid.")


def test_the_progress_board_speaks_the_learner_s_language_and_english_as_before():
    from euchre_lesson.teach.progress import LessonProgress
    from euchre_lesson.widgets.progress import _board_html, _board_text, _review_words

    lines = (LessonProgress(0, 0, 3, "q1"), LessonProgress(1, 1, 1, None), LessonProgress(2, 2, 6, "q3"))
    practice_done = {"which_suit": (True, False, True)}

    def board() -> str:
        return bare(_board_html(lines, practice_done)) + _board_text(lines, practice_done) + _review_words(3)

    english = board()
    assert "Lesson 0 · Welcome to Euchre" in english and "0 of 3 exercises done; start with q1." in english
    assert "Exercises done in each lesson" in english and "3 to review today: questions you missed" in english
    with speaking("fr"):
        french = board()
    assert "Leçon 0 · Bienvenue dans l'euchre" in french and "3 à revoir aujourd'hui" in french
    with speaking("et"):
        estonian = board()
    assert "Õppetund 1 · Kaardid ja trumbipoisid" in estonian and "Täna korrata 3" in estonian
    for words in (french, estonian):
        assert not re.search(r"\b(Next|Lesson|lesson|exercises?|done|Endless|review|right)\b", words), words


def test_a_replay_s_seats_and_empty_trick_speak_the_learner_s_language():
    from euchre_lesson.widgets.replay import HandReplay

    hand = new_game(CUTTHROAT, seed=1).hand  # its first to act is not its dealer
    seat = hand.to_act
    assert HandReplay(hand.record()).seat_label(seat) == f"Seat {seat} (to act) · tricks 0"
    with speaking("fr"):
        replay = HandReplay(hand.record())
        assert replay.seat_label(seat) == f"Place {seat} (à jouer) · plis : 0"
        assert replay.shown_trick() == ((), "Pli")
    with speaking("et"):
        assert HandReplay(hand.record()).seat_label(seat) == f"Koht {seat} (käik) · tihid: 0"


def test_the_up_card_s_place_says_what_became_of_it_in_the_learner_s_language():
    from euchre_lesson.widgets.cards import face, up_card_place

    hand = new_game(CUTTHROAT, seed=1).hand
    while not hand.turned_down:
        hand = hand.apply("pass")
    card = hand.up_card
    assert up_card_place(hand) == (f"the {card}, turned down (C8)", (card,), True)
    with speaking("fr"):
        assert up_card_place(hand)[0] == f"le {card}, refusée (C8)"
    with speaking("et"):
        assert up_card_place(hand)[0] == f"{card}, tagurpidi pööratud (C8)"
        assert face(parse_cards("Joker")[0]) == "Joker"  # a card's notation, as J♥ is, in every language


def test_the_scoring_table_speaks_the_learner_s_language():
    from euchre_lesson.widgets.scoring import _table_html

    english = bare(_table_html(CUTTHROAT, CUTTHROAT.scoring[1]))
    assert "Cutthroat scoring ( T7 ); the first row that matches applies" in english and "3 or 4" in english
    with speaking("fr"):
        french = bare(_table_html(CUTTHROAT, CUTTHROAT.scoring[1]))
    with speaking("et"):
        estonian = bare(_table_html(CUTTHROAT, CUTTHROAT.scoring[1]))
    assert "plis du preneur" in french and "3 ou 4" in french and "la première ligne qui correspond" in french
    assert "tellija tihid" in estonian and "3 või 4" in estonian and "kehtib esimene sobiv rida" in estonian
    for words in (french, estonian):
        assert not re.search(r"\b(scoring|result|maker|alone|defender|yes|no|or|row)\b", words), words


def test_a_finished_game_s_line_speaks_the_learner_s_language():
    game = new_game(CUTTHROAT, seed=3)
    for step in range(3000):  # every choice in turn, not always a pass: a game that ends
        if game.is_over:
            break
        legal = game.legal_actions()
        game = game.apply(legal[step % len(legal)])
    assert repr(game).startswith(f"Game over after {len(game.hands)} hands: seat ")
    with speaking("fr"):
        assert repr(game).startswith(f"Partie finie après {len(game.hands)} donnes ; gagnant : place ")
    with speaking("et"):
        assert repr(game).startswith(f"Mäng on läbi pärast {len(game.hands)} jagu, võitja: koht ")


def test_a_class_s_house_rules_are_named_in_the_reader_s_language():
    """The sheets, the app and a table's settings listed house rules in English in every language."""
    rules = replace(PARTNERSHIP, stick_the_dealer=True, deck=25)
    assert rules.switches_words() == ("the deck: 25 cards (C1)", "stick the dealer: on (C9)")
    with speaking("fr"):
        assert rules.switches_words() == ("le jeu de cartes : 25 cartes (C1)", "le donneur obligé : oui (C9)")
    with speaking("et"):
        assert rules.switches_words() == ("kaardipakk: 25 kaarti (C1)", "jagaja kohustus: sees (C9)")


def test_a_trick_s_losers_and_an_exercise_s_name_are_listed_as_the_language_lists_them():
    trick = parse_cards("K♣ J♣ A♣ 9♦")
    assert "(K♣ is a lower club; A♣ is a lower club; 9♦ " in why_wins(trick, Suit.SPADES)
    with speaking("fr"):
        assert "(K♣ est un trèfle plus faible ; A♣ est un trèfle plus faible ; 9♦ " in why_wins(trick, Suit.SPADES)
        assert _id_words("lesson 9 q1") == "Leçon 9, question 1"  # was « Exercice lesson 9 q1 »


def test_a_card_face_down_is_named_as_one_card_in_the_learner_s_language():
    from euchre_lesson.widgets.cards import CardRow, show_backs

    for code, words in (("en", "a card face down"), ("fr", "une carte face cachée"), ("et", "üks kaart tagurpidi")):
        with speaking(code):
            row = CardRow()
            show_backs(row, 2)
            assert [button.tooltip for button in row.children] == [words, words]


def test_the_app_s_house_rules_line_lists_them_as_the_language_lists_them():
    from euchre_lesson.engine.rules import rules_from
    from euchre_lesson.widgets.app_parts import house_rules_line

    rules = rules_from("cutthroat", {"stick_the_dealer": True, "target": 15})
    with speaking("fr"):
        french = unescape(re.sub(r"<[^>]*>", "", house_rules_line([rules]).value))
    assert "(3 joueurs, avec le mort) : score pour gagner" in french and "(T8, F5) ; le donneur obligé" in french
    assert "(T8, F5); stick the dealer" in unescape(re.sub(r"<[^>]*>", "", house_rules_line([rules]).value))
