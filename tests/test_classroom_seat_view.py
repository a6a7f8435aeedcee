"""What a student's browser is sent holds no card that seat has not seen, over whole hands of every game.

Every seat_view of the students' seats is collected after every action of seeded games (the students choose from
what they were sent, computer players fill the other seats), with the refusals a student hears when acting out of
turn, and every card named in them is checked against what the engine's view says that seat has seen.
"""

from __future__ import annotations

import json
import random

import pytest

from euchre_lesson.classroom import seat_view as seat_view_module
from euchre_lesson.classroom.students import Student
from euchre_lesson.classroom.table import ClassTable
from euchre_lesson.engine.cards import deck
from euchre_lesson.engine.game import new_game
from euchre_lesson.engine.phases import Phase
from euchre_lesson.teach.house_rules import HouseRules

GAMES = {rules.game: rules for rules in HouseRules().games}
HANDS = 6  # whole hands of each game, per seed


def cards_named(message, rules) -> set[str]:
    """The cards of the deck named anywhere in a message (a seat view as JSON, or a refusal)."""
    text = message if isinstance(message, str) else json.dumps(message, ensure_ascii=False)
    return {str(card) for card in deck(rules.deck) if str(card) in text}


def cards_known(game, seat: int) -> set[str]:
    """What `seat` legitimately knows now, from the engine's views: the hand in play, and the last finished one."""
    known = set(map(str, game.view(seat).seen))
    finished = [hand for hand in game.hands if hand.is_over][-1:]
    for hand in finished:
        known |= set(map(str, hand.view(seat).seen))
    return known


def students_at(table: ClassTable, seats) -> dict[int, str]:
    tokens = {seat: f"token-of-seat-{seat}-xxxxxxxx" for seat in seats}
    for seat, token in tokens.items():
        table.sit(seat, Student(f"Student {seat}", token))
    return tokens


def play_and_check(game_name: str, seed: int, hands: int = HANDS, ask: bool = False) -> dict:
    """Play `hands` hands; after every action check every student seat's view and refusal (and, if `ask`, the hint
    each student asks for on their turn and the grades each asks for once a hand is over). What was seen, counted."""
    rules = GAMES[game_name]
    table = ClassTable(1, new_game(rules, seed=seed), "random", pace=0)
    tokens = students_at(table, range(0, rules.players, 2) if rules.players > 2 else (0,))
    rng, seen = random.Random(seed), {"views": 0, "dummy": 0, "exchanged": 0, "refusals": 0, "hints": 0, "grades": 0}

    def asked(seat: int, token: str) -> str:
        """What this seat's student hears on asking for a hint (on their turn) and grades (once a hand is over)."""
        said = []
        if ask and table.game.to_act == seat:
            said.append(table.hint(token))
            seen["hints"] += 1
        if ask and any(hand.is_over for hand in table.game.hands):
            said += table.grade(token)
            seen["grades"] += 1
        return " ".join(said)

    def check() -> None:
        game = table.game
        for seat, token in tokens.items():
            heard = asked(seat, token)
            leaked = cards_named(heard, rules) - cards_known(game, seat)
            assert not leaked, f"seat {seat} was told {sorted(leaked)} in a hint or a grade, which it has not seen"
            view = table.seat_view(token)
            leaked = cards_named(view, rules) - cards_known(game, seat)
            assert not leaked, f"seat {seat} was sent {sorted(leaked)}, which it has not seen"
            seen["views"] += 1
            seen["dummy"] += view["hand_in_play"]["dummy"] is not None
            seen["exchanged"] += bool(view["hand_in_play"]["exchanged"])
            if game.to_act is not None and game.to_act != seat:  # out of turn: the refusal names no hidden card
                legal = [str(action) for action in game.legal_actions()]
                with pytest.raises(ValueError) as refused:
                    table.act(token, legal[0])
                assert "not your turn" in str(refused.value)
                assert not cards_named(str(refused.value), rules) - cards_known(game, seat)
                seen["refusals"] += 1

    while not table.game.is_over and sum(hand.is_over for hand in table.game.hands) < hands:
        check()
        if table.step() is None:
            seat = table.game.to_act
            table.act(tokens[seat], rng.choice(table.seat_view(tokens[seat])["hand_in_play"]["legal"]))
    check()
    return seen


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_no_seat_is_sent_a_card_it_has_not_seen(game_name):
    seen = {}
    for seed in (1, 2, 3):
        for kind, count in play_and_check(game_name, seed).items():
            seen[kind] = seen.get(kind, 0) + count
    assert seen["views"] > 100 and seen["refusals"] > 20
    if GAMES[game_name].has_dummy:
        assert seen["dummy"], "no student took the dummy: the test saw no moment where a view holds it"
    if GAMES[game_name].call_for_best:
        assert seen["exchanged"], "no student took part in a call for best"


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_no_hint_grade_or_review_names_a_card_the_seat_has_not_seen(game_name, monkeypatch):
    """Hints and grades are the computer's advice to one seat: worked out from that seat's view alone."""
    from euchre_lesson.play import table_model

    monkeypatch.setattr(table_model, "ADVICE_WORLDS", 6)  # fewer worlds, to be quick: what a seat knows is the same
    seen = play_and_check(game_name, 4, hands=2, ask=True)
    assert seen["hints"] > 5 and seen["grades"] > 2


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_the_coach_that_comes_by_itself_names_no_card_the_seat_has_not_seen(game_name, monkeypatch):
    """Issue 37, 5: each hand's end starts the coach for every student (here at once): every view after it holds each
    seat's own review, and no card that seat has not seen."""
    from euchre_lesson.play import table_model

    monkeypatch.setattr(table_model, "ADVICE_WORLDS", 6)  # fewer worlds, to be quick: what a seat knows is the same
    token = table_model.COACH_RUNS.set(table_model.at_once)
    try:
        reviewed = []
        original = seat_view_module.coach_seen

        def counted(*args, **kwargs):
            reviewed.append(args[0].number)
            return original(*args, **kwargs)

        monkeypatch.setattr(seat_view_module, "coach_seen", counted)
        monkeypatch.setattr("euchre_lesson.classroom.table.coach_seen", counted)
        play_and_check(game_name, 5, hands=2)
    finally:
        table_model.COACH_RUNS.reset(token)
    assert {1, 2} <= set(reviewed), "every student's view after a hand held its coach, unasked"


def test_the_check_catches_a_leaky_hint(monkeypatch):
    """The check fails once a hint names a card the seat has not seen: here, a card of the dummy."""
    from euchre_lesson.play import table_model

    honest = table_model.hint_words

    def leaky(action, view, reason):
        return honest(action, view, reason) + " (the dummy holds " + " ".join(map(str, view.unseen)) + ")"

    monkeypatch.setattr(table_model, "ADVICE_WORLDS", 6)
    monkeypatch.setattr(table_model, "hint_words", leaky)
    with pytest.raises(AssertionError, match="in a hint or a grade, which it has not seen"):
        play_and_check("cutthroat", 4, hands=1, ask=True)


def test_the_check_catches_a_leak(monkeypatch):
    """The check fails once a view says more than the seat saw: here, the dummy sent to every seat."""
    honest = seat_view_module.hand_seen

    def leaky(view, names=None):
        out = honest(view, names)
        if view.phase in (Phase.PLAY, Phase.DONE) and view.dummy is None and view.dummy_size:
            out["dummy"] = ["every card of the dummy, for a defender", *map(str, view.unseen)]
        return out

    monkeypatch.setattr(seat_view_module, "hand_seen", leaky)
    with pytest.raises(AssertionError, match="which it has not seen"):
        play_and_check("cutthroat", 1)


def test_a_seat_view_is_plain_json_and_shows_the_hidden_cards_as_counts():
    table = ClassTable(1, new_game(GAMES["cutthroat"], seed=5), "rule of thumb", pace=0)
    token = students_at(table, (0,))[0]
    view = table.seat_view(token)
    assert json.loads(json.dumps(view)) == view
    players = view["players"]
    assert [p["cards"] for p in players] == [5, 5, 5] and len(view["hand_in_play"]["hand"]) == 5
    assert view["hand_in_play"]["dummy"] is None and view["hand_in_play"]["dummy_size"] == 5
    assert players[0]["name"] == "Student 0" and players[0]["called"] == "you" and players[1]["computer"]


def declared(shape) -> set[str]:
    """The keys a TypedDict declares."""
    return set(shape.__required_keys__ | shape.__optional_keys__)


def test_every_payload_sent_has_exactly_the_keys_its_type_declares(tmp_path):
    """The pages read the payloads through their declared types (mypy checks pages.py against them): the dicts
    built must be those types, key for key, or the check would pass on a shape nobody sends."""
    from euchre_lesson.classroom import teacher
    from euchre_lesson.classroom.classroom import Classroom

    shapes = seat_view_module
    room = Classroom(tmp_path / "class", pace=0.0)
    try:
        desk = room.teacher(room.teacher_code)
        desk.new_table("cutthroat", seed=5)
        token = room.join("Ana", room.join_code).token
        waiting = room.seat_view(token)
        assert set(waiting) == declared(shapes.WaitingView) and waiting["waiting"] is True
        assert all(set(offered) == declared(shapes.TableOffered) for offered in waiting["tables"])
        room.choose_table(token, 1)
        table = room.tables[0]
        while not any(hand.is_over for hand in table.game.hands):
            if table.step() is None:
                room.act(token, room.seat_view(token)["hand_in_play"]["legal"][0])
        room.grade(token)
        view = room.seat_view(token)
        hand = view["hand_in_play"]
        assert set(view) == declared(shapes.SeatedView) and view["waiting"] is False
        assert set(hand) == declared(shapes.HandSeen) and set(hand["choices"]) == declared(shapes.Choices)
        assert all(set(player) == declared(shapes.PlayerSeen) for player in view["players"])
        assert set(view["undo"]) == declared(shapes.Undo)
        last = view["last_hand"]
        assert last is not None and set(last) == declared(shapes.Review) and last["grades"]
        assert all(set(reason) == declared(shapes.ReasonSeen) for reason in last["reasons"])
        tricks = [trick for trick in table.game.hands[0].view(0).tricks]
        seen = shapes.trick_seen(tricks[0], 1)
        assert set(seen) == declared(shapes.TrickSeen) and set(seen["cards"][0]) == declared(shapes.PlayedCard)
        desk.open_hands(1, True)
        assert all(set(open_hand) == declared(shapes.OpenHand) for open_hand in room.seat_view(token)["open_hands"])
        overview = desk.overview()
        assert set(overview) == declared(teacher.Overview)
        assert set(overview["tables"][0]) == declared(teacher.TableAtAGlance)
        assert all(set(seat) == declared(teacher.SeatHeld) for seat in overview["tables"][0]["seats"])
        assert all(set(entry) == declared(teacher.RosterEntry) for entry in desk.roster())
    finally:
        room.close()
