"""Long games stay fast (issue 24, point 6): an action copies none of the hands already played, what
save_game writes always loads, and a hand record's text is capped as a saved game's file is.

Nothing here is timed: bench/long_games.py prints the times. These tests count what is kept instead.
"""

from __future__ import annotations

import dataclasses as dc
import json
import random
import tracemalloc

import pytest
from test_records import thrown_in_record

from euchre_lesson import CUTTHROAT, IllegalAction, NotationError, deal_hand, load_game, new_game, replay, save_game
from euchre_lesson.engine import game as game_module
from euchre_lesson.engine.game import game_from_record


def bytes_kept(game, actions: int) -> int:
    """The memory held by `actions` successive states of `game` kept alive, as the table keeps them for undo."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        states = [game]
        for _ in range(actions):
            states.append(states[-1].apply(states[-1].legal_actions()[0]))  # a pass: the hands are thrown in
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def test_the_states_kept_for_undo_do_not_grow_with_the_hands_already_played():
    """300 actions kept at hand 1,500 take about as much memory as at hand 1 (it was 1,500 hands' copies each)."""
    short = new_game(CUTTHROAT, seed=7, first_dealer=0)
    long = game_from_record(thrown_in_record(1500))
    assert len(long.hands) == 1500 and not long.hand.history
    early, late = bytes_kept(short, 300), bytes_kept(long, 300)
    assert late < 1.5 * early + 20_000, f"300 states kept {late:,} bytes at hand 1,500 and {early:,} at hand 1"


def test_an_action_leaves_the_hands_already_played_as_they_were():
    game = game_from_record(thrown_in_record(40))
    after = game
    for _ in range(2 * 3 + 1):  # hand 40 thrown in, and the first pass of hand 41
        after = after.apply("pass")
    assert len(game.hands) == 40 and len(after.hands) == 41
    assert all(a is b for a, b in zip(game.hands[:-1], after.hands))  # the same hands, not copies
    assert after.hands[39].thrown_in and not game.hands[39].is_over
    assert tuple(after.hands)[:39] == tuple(game.hands)[:39] and after.hands[-1] is after.hand
    assert game.hands == tuple(game.hands) and list(reversed(after.hands))[0] is after.hand


def test_the_hands_of_a_game_read_as_a_tuple_does():
    game = game_from_record(thrown_in_record(70))
    hands = tuple(game.hands)
    assert len(game.hands) == 70 and game.hands[-1] is hands[-1] and game.hands[0] is hands[0]
    assert game.hands[5:9] == hands[5:9] and game.hands[-70] is hands[0]
    assert [hand.dealer for hand in game.hands] == [hand.dealer for hand in hands]
    assert game.hands.index(hands[33]) == 33 and hands[12] in game.hands and game.hands.count(hands[1]) == 1
    with pytest.raises(IndexError):
        game.hands[70]
    same = dc.replace(game, hands=hands)  # a tuple of hands is still taken, as tests and lessons build games
    assert same == game and same.hands == game.hands and same.starting_scores == game.starting_scores


def test_the_starting_scores_of_a_long_game_are_kept_as_hands_are_scored():
    record = thrown_in_record(300)
    record["starting_scores"], record["scores"] = [3, 1, 4], [3, 1, 4]
    game = game_from_record(record)
    assert game.starting_scores == (3, 1, 4) and "started from scores 3, 1, 4" in game.set_by_hand


def test_a_game_at_the_hand_limit_saves_and_loads_and_is_refused_a_hand_more(tmp_path, monkeypatch):
    """What save_game writes always loads: the game stops at the number of hands a saved game holds."""
    monkeypatch.setattr(game_module, "MAX_HANDS", 12)
    game = new_game(CUTTHROAT, seed=7, first_dealer=0)
    while not (len(game.hands) == 12 and len(game.hand.history) == 5):  # thrown in, to the last pass of hand 12
        game = game.apply("pass")
    with pytest.raises(IllegalAction) as info:
        game.apply("pass")  # it would throw hand 12 in and deal hand 13
    assert "12" in str(info.value) and "new game" in str(info.value)
    assert game.apply(game.legal_actions()[-1]).hand.trump is not None  # any other action plays on within hand 12
    path = save_game(game, tmp_path / "long.json")
    assert load_game(path) == game
    record = game.record()
    record["hands"].append(record["hands"][0])
    with pytest.raises(NotationError, match="12"):
        game_from_record(record)


def test_a_game_record_at_the_hand_limit_loads():
    record = thrown_in_record(game_module.MAX_HANDS // 20)
    game = game_from_record(json.dumps(record))
    assert len(game.hands) == game_module.MAX_HANDS // 20 and game.record() == game_from_record(game.record()).record()


def test_replay_refuses_a_hand_record_text_over_its_cap_before_reading_it():
    from euchre_lesson.engine.hand import MAX_HAND_RECORD_CHARS

    text = json.dumps(deal_hand(CUTTHROAT, 0, seed=3).record())
    assert replay(text + " " * 1000).phase is not None
    long = text + " " * MAX_HAND_RECORD_CHARS  # still valid JSON: spaces may follow a value
    with pytest.raises(NotationError) as info:
        replay(long)
    message = str(info.value)
    assert "too long" in message and f"{MAX_HAND_RECORD_CHARS:,}" in message and f"{len(long):,}" in message
    assert info.value.part == "record"


def test_a_seed_hand_written_otherwise_still_loads_and_a_changed_one_is_still_refused():
    """The quick way in (a hand written exactly as the game writes it) changes nothing about what loads."""
    record = thrown_in_record(5)
    record["hands"][1]["deal"]["hands"][0] = [card.lower() for card in record["hands"][1]["deal"]["hands"][0]]
    record["hands"][2]["switches"] = None  # no switches, said otherwise
    game = game_from_record(record)
    assert game.dealt_by_hand == () and game.record()["hands"][1] == thrown_in_record(5)["hands"][1]
    for change, names in [
        (lambda hands: hands[1].update(dealer=True), ["hands[1]", "dealer"]),  # no seat, though True == 1
        (lambda hands: hands[3].update(switches={"stick_the_dealer": 1}), ["hands[3]", "stick_the_dealer"]),
        (lambda hands: hands[3]["actions"].__setitem__(2, "play JH"), ["hands[3].actions[2]"]),
        (lambda hands: hands[3].update(comment="mine"), ["hands[3]", "'comment'"]),
    ]:
        broken = thrown_in_record(5)
        change(broken["hands"])
        with pytest.raises(NotationError) as info:
            game_from_record(broken)
        assert all(name in str(info.value) or name in info.value.part for name in names), str(info.value)


def test_the_tree_of_hands_holds_each_hand_at_its_place_across_its_levels():
    """Past 32 and 1,024 hands the tree grows a level: every hand is still found where it was put."""
    from euchre_lesson.engine.game import PlayedHands

    hands = [deal_hand(CUTTHROAT, number % 3, seed=number) for number in range(1100)]
    played = PlayedHands.of(())
    for size, hand in enumerate(hands, start=1):
        played = played.then(hand)
        assert len(played) == size and played[-1] is hand and played[size // 2] is hands[size // 2]
        if size in (1, 31, 32, 33, 64, 1023, 1024, 1025, 1056, 1100):
            assert all(a is b for a, b in zip(played, hands[:size], strict=True))
            assert played[0] is hands[0] and played[-size] is hands[0]
    assert PlayedHands.of(hands) == tuple(hands) and played.with_last(hands[0])[-1] is hands[0]


def test_what_was_set_by_hand_is_known_without_dealing_every_hand_again(monkeypatch):
    """The table's header asks set_by_hand at every redraw: it dealt all the game's hands again each time."""
    game = game_from_record(thrown_in_record(300))
    dealt = []
    real = game_module.shuffled_deal
    monkeypatch.setattr(game_module, "shuffled_deal", lambda *args: dealt.append(args) or real(*args))
    for _ in range(7):  # hand 300 thrown in, and hand 301 dealt
        game = game.apply("pass")
    assert game.set_by_hand == "" and game.dealt_by_hand == () and len(game.hands) == 301
    assert len(dealt) <= 2, f"{len(dealt)} hands dealt again"
    other = dc.replace(game, seed=8)  # another seed deals none of these hands: each is found dealt by hand
    assert other.dealt_by_hand == tuple(range(301)) and "dealt by hand" in other.set_by_hand
    mixed = dc.replace(game, hands=tuple(game.hands[:-1]) + (deal_hand(CUTTHROAT, 0, seed=99),))
    assert mixed.dealt_by_hand == (300,) and mixed.apply("pass").dealt_by_hand == (300,)
    assert game_from_record(mixed.record()).dealt_by_hand == (300,)


def test_the_scores_before_a_hand_are_looked_up_not_scored_again_from_the_first_hand(monkeypatch):
    """A grade asks what the players knew before the hand shown: it scored every earlier hand again."""
    from euchre_lesson.play import session as session_module

    record = thrown_in_record(300)
    record["starting_scores"], record["scores"] = [3, 1, 4], [3, 1, 4]
    game = game_from_record(record)
    played = dc.replace(new_game(CUTTHROAT, seed=5, first_dealer=0), scores=(0, 9, 9))  # ties at the top (T8)
    rng = random.Random(3)
    while len(played.hands) < 40 and not played.is_over:
        played = played.apply(rng.choice(played.legal_actions()))
    counted = []
    for module in (game_module, session_module):
        if hasattr(module, "scored"):
            real = module.scored
            monkeypatch.setattr(module, "scored", lambda *args, real=real: counted.append(1) or real(*args))
    for one in (game, played):
        for number in (len(one.hands) - 2, len(one.hands) - 1, 0):
            session_module.scores_before(one, number)
    assert counted == [], f"{len(counted)} hands scored again"
    monkeypatch.undo()
    for one in (game, played, dc.replace(played, hands=tuple(played.hands))):  # the last: nothing kept, scored
        scores, contenders = one.starting_scores, ()
        for number, hand in enumerate(one.hands):
            assert session_module.scores_before(one, number) == (scores, contenders), number
            scores, contenders = game_module.scored(one.rules, scores, contenders, hand)
    assert game.scores_before(299) == ((3, 1, 4), ())
    with pytest.raises(ValueError, match="number"):
        game.scores_before(300)


def test_an_action_and_an_undo_at_the_table_share_the_undo_history_rather_than_copy_it():
    """The table's undo history was a tuple copied whole on every action and every undo."""
    from euchre_lesson.play.session import TableSession

    session = TableSession(new_game(CUTTHROAT, seed=4, first_dealer=0), seat=0, level="random")
    kept = []
    while len(session.history) < 12:
        if session.my_turn:
            before, moment = session.history, (session.game, session.shown)
            session.act(session.view.legal[0])
            assert session.history.earlier is before and session.history[-1] == moment
            kept.append(moment)
        else:
            session.next_hand()
    assert tuple(session.history) == tuple(kept) and len(session.history) == 12 and session.history
    earlier = session.history.earlier
    session.undo()
    assert session.history is earlier and len(session.history) == 11 and session.game is kept[-1][0]
    while session.history:
        session.undo()
    assert session.history == () and session.undo().told.name == "NOTHING_TO_UNDO"


def test_loading_leaves_the_cycle_collector_as_it_found_it_even_when_the_record_is_refused():
    """The load pauses Python's cycle collector while it builds the hands (bench/long_games.py): only meanwhile."""
    import gc

    record, broken = thrown_in_record(30), thrown_in_record(30)
    broken["hands"][4]["actions"][1] = "play JH"
    assert gc.isenabled()
    try:
        assert len(game_from_record(record).hands) == 30 and gc.isenabled() and gc.get_freeze_count() == 0
        with pytest.raises(NotationError):
            game_from_record(broken)
        assert gc.isenabled()
        gc.disable()  # a caller that paused it itself keeps it paused
        game_from_record(record)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_an_action_at_the_table_keeps_the_earlier_hands_reasons_without_copying_them():
    """The computer players' reasons were a dict of every hand's, copied whole on every action and Next hand."""
    from euchre_lesson.play.session import TableSession

    session = TableSession(new_game(CUTTHROAT, seed=4, first_dealer=0), seat=0, level="rule of thumb")
    actions = 0
    while session.shown < 4 or not session.my_turn:
        if session.my_turn:
            kept, earlier = session.reasons, [session.reasons[n] for n in range(session.shown)]
            session.act(session.view.legal[0])
            actions += 1
            assert session.reasons is kept, "the reasons were copied"
            assert all(session.reasons[n] is said for n, said in enumerate(earlier)), "an earlier hand's were copied"
        else:
            session.next_hand()
    assert actions and any(session.reasons[n] for n in range(session.shown)), "the computers said something"
