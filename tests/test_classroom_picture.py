"""The class's table view, without a browser: each student's picture is drawn from their own seat's view, in names,
and every click on it is checked by the table (the student's own seat, the moment their page drew, a card they hold
and may play, a button offered them) before anything is played."""

from __future__ import annotations

import random
import re

import pytest

from euchre_lesson.classroom.students import Student
from euchre_lesson.classroom.table import ClassTable
from euchre_lesson.engine.cards import deck
from euchre_lesson.engine.game import new_game
from euchre_lesson.engine.phases import Phase
from euchre_lesson.look.clicks import Toggle
from euchre_lesson.look.prompts import in_names
from euchre_lesson.teach.house_rules import HouseRules

GAMES = {rules.game: rules for rules in HouseRules().games}
NAMES = ("Ana", "Ben", "Cy", "Dee")


def seated(game: str, seed: int, seats) -> tuple[ClassTable, dict[int, str]]:
    """A table of `game` with students (Ana at seat 0, Ben at seat 1, ...) at `seats`, computers elsewhere."""
    table = ClassTable(1, new_game(GAMES[game], seed=seed), "random", pace=0)
    tokens = {seat: f"token-of-{NAMES[seat]}-xxxxxxxxxxxx" for seat in seats}
    for seat, token in tokens.items():
        table.sit(seat, Student(NAMES[seat], token))
    return table, tokens


def click(picture, card: str | None = None, key: str | None = None) -> dict:
    """A click as the table view sends it, on `picture`."""
    return {"moment": picture["moment"], "card": card, "key": key}


def bottom(picture) -> dict:
    return next(seat for seat in picture["seats"] if seat["place"] == "bottom")


def cards_in(picture, rules) -> set[str]:
    """Every card of the deck that the picture names anywhere."""
    text = repr(picture)
    return {str(card) for card in deck(rules.deck) if f"'{card}'" in text or f"the {card}" in text}


def test_a_student_s_picture_is_their_own_seat_with_every_player_named():
    table, _ = seated("partnership", 3, (0, 1))
    picture = table.picture(1)
    assert bottom(picture)["seat"] == 1 and bottom(picture)["name"] == "You" and picture["moment"] == table.version
    names = {seat["seat"]: seat["name"] for seat in picture["seats"]}
    assert names[0] == "Ana" and names[1] == "You" and names[2] != names[3]
    assert [seat["computer"] for seat in picture["seats"]] == [False, False, True, True]
    assert not [name for name in names.values() if re.search(r"\d", name)], "never a seat number"
    hands = {seat["seat"]: (len(seat["cards"]), seat["backs"]) for seat in picture["seats"]}
    assert hands[1] == (5, 0) and all(hands[seat][0] <= 1 for seat in (0, 2, 3)), "the others' cards face down"
    assert cards_in(picture, GAMES["partnership"]) <= set(map(str, table.game.view(1).seen))


def test_the_story_and_the_review_call_every_seat_by_its_name():
    table, tokens = seated("cutthroat", 5, (0, 1, 2))
    while len(table.game.hands) < 2:  # a whole hand, then a bid of the next: every line names someone
        seat = table.game.to_act
        table.act(tokens[seat], table.game.view(seat).legal[0])
    view = table.seat_view(tokens[0])
    lines = [*view["hand_in_play"]["story"], *view["last_hand"]["story"], view["last_hand"]["result"]]
    assert lines and not [line for line in lines if re.search(r"\bseat \d", line, re.I)], lines
    assert any("Ben" in line for line in lines) and any(line.startswith("you ") for line in lines)


def test_seat_words_become_names():
    names = ["you", "West", "Ann", "East"]
    assert (
        in_names("seat 1 passed; your partner (seat 2) ordered up", names) == "West passed; your partner Ann ordered up"
    )
    assert in_names("Seat 3 made spades trump", names) == "East made spades trump"
    assert in_names("seat 9 left", names) == "seat 9 left" and in_names("seat 1 passed", None) == "seat 1 passed"


def test_a_click_acts_for_the_student_s_own_seat_at_the_moment_drawn_and_is_refused_otherwise():
    table, tokens = seated("cutthroat", 5, (0, 1))  # seat 1 bids first (see the engine's deal for seed 5)
    ana, ben = tokens[0], tokens[1]
    drawn = table.picture(1)
    order = next(button["key"] for button in drawn["buttons"] if button["key"] == "order")
    with pytest.raises(ValueError, match="^It is not your turn: "):
        table.click(ana, click(drawn, key=order))  # Ana's token: not her turn, whatever the click says
    with pytest.raises(ValueError, match="no button with the key 'shout'"):
        table.click(ben, click(drawn, key="shout"))
    with pytest.raises(ValueError, match="seat"):
        table.click("a-forged-token-xxxxxxxx", click(drawn, key=order))
    table.pause()
    with pytest.raises(ValueError, match="paused"):
        table.click(ben, click(drawn, key=order))
    table.pause(False)
    stale = table.picture(1)  # the pause moved the moment on
    before = (table.version, len(table.game.hand.history))
    with pytest.raises(ValueError, match="moved on since your page drew it"):
        table.click(ben, click(drawn, key=order))
    assert (table.version, len(table.game.hand.history)) == before, "a refused click changes nothing"
    assert str(table.click(ben, click(stale, key=order))) == "order"
    assert table.game.hand.history[-1].kind.name.lower() == "order"


def test_a_card_is_played_only_if_it_is_held_and_playable_now():
    table, tokens = seated("cutthroat", 5, (0, 1, 2))
    chance = random.Random(1)
    while table.game.hand.phase is not Phase.PLAY:
        seat = table.game.to_act
        legal = table.game.view(seat).legal
        table.act(tokens[seat], next((a for a in legal if str(a) == "alone"), chance.choice(legal)))
    seat = table.game.to_act
    picture = table.picture(seat)
    mine = bottom(picture)["cards"]
    other = next(card for card in table.game.hand.hands[(seat + 1) % 3])
    with pytest.raises(ValueError, match="is not one of your cards"):
        table.click(tokens[seat], click(picture, card=str(other)))
    playable = next(card["id"] for card in mine if card["legal"])
    table.click(tokens[seat], click(picture, card=playable))
    assert (
        playable not in map(str, table.game.view(seat).hand) and str(table.game.hand.history[-1]) == f"play {playable}"
    )


def test_the_keep_step_selects_cards_on_the_page_until_keep_is_pressed():
    table, tokens = seated("cutthroat", 5, (0, 1, 2))
    while table.game.hand.phase is not Phase.DUMMY:  # seat 1 orders up and takes the dummy (T5)
        seat = table.game.to_act
        legal = table.game.view(seat).legal
        chosen = next((a for a in legal if str(a) == "stay"), next((a for a in legal if str(a) != "pass"), legal[0]))
        table.act(tokens[seat], chosen)
    maker = table.game.to_act
    chosen: list = []
    for _ in range(5):
        picture = table.picture(maker, chosen=chosen)
        card = next(card["id"] for card in bottom(picture)["cards"] if card["legal"] and not card["chosen"])
        found = table.click(tokens[maker], click(picture, card=card))
        assert isinstance(found, Toggle) and table.game.hand.phase is Phase.DUMMY, "a selection plays nothing"
        chosen.append(found.card)
    picture = table.picture(maker, chosen=chosen)
    assert sum(card["chosen"] for card in bottom(picture)["cards"]) == 5 and picture["keep"] == 5
    keep = next(button for button in picture["buttons"] if button["kind"] == "keep")
    assert keep["enabled"]
    table.click(tokens[maker], click(picture, key=keep["key"]))
    assert table.game.hand.phase is not Phase.DUMMY and set(map(str, table.game.view(maker).hand)) == set(
        map(str, chosen)
    )


def test_the_teacher_s_projector_shows_no_hand_until_every_hand_is_shown():
    table, _ = seated("partnership", 3, (0, 1))
    projected = table.picture(0, onlooker=True)
    assert all(seat["backs"] == 5 and not seat["cards"] for seat in projected["seats"]), "no hand face up"
    assert not projected["your_turn"] and not [button for button in projected["buttons"] if button["kind"] != "tool"]
    assert {seat["name"] for seat in projected["seats"]} >= {"Ana", "Ben"}
    table.open_hands()
    shown = table.picture(0, onlooker=True)
    assert all(len(seat["cards"]) == 5 for seat in shown["seats"]) and "showing every hand" in shown["prompt"]
    student = table.picture(1)
    assert all(len(seat["cards"]) == 5 for seat in student["seats"]), "the students see them too, and are told"
    assert "showing every hand" in student["prompt"]


def test_a_seat_s_review_is_made_once_per_finished_hand_and_again_with_its_grades(monkeypatch):
    """The last hand's review does not change while the next is played: a table makes it once (it was a third of a
    page's redraw), and again once its student asks for grades."""
    from euchre_lesson.classroom import table as table_module

    table, tokens = seated("cutthroat", 5, (0, 1, 2))
    while len(table.game.hands) < 2:
        seat = table.game.to_act
        table.act(tokens[seat], table.game.view(seat).legal[0])
    made, honest = [], table_module.review_seen
    monkeypatch.setattr(table_module, "review_seen", lambda *args: made.append(args[1]) or honest(*args))
    first = table.seat_view(tokens[0])["last_hand"]
    for _ in range(3):  # three moves of hand 2: the review of hand 1 is the one made
        seat = table.game.to_act
        table.act(tokens[seat], table.game.view(seat).legal[0])
        assert table.seat_view(tokens[0])["last_hand"] is first
    assert made == [0] and first["number"] == 1 and first["grades"] is None
    table.grade(tokens[0])
    graded = table.seat_view(tokens[0])["last_hand"]
    assert made == [0, 0] and graded["grades"] and graded["story"] == first["story"]
