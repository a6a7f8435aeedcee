"""Fuzzing: whatever a learner or teacher types, the engine answers or explains, and no game is harmed.

Every generated input must end in a result or in NotationError / IllegalAction whose message
names the bad part; never another exception type, never a hang, never a changed state.
The number of inputs tried is counted and printed at the end of the test run.
"""

from __future__ import annotations

import json
import random
import string
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_lesson import (
    CUTTHROAT, PARTNERSHIP, IllegalAction, NotationError, deal_hand, load_game, new_game,
    parse_action, parse_card, parse_cards, replay, save_game,
)
from euchre_lesson.game import game_from_record
from fuzzcount import count

FUZZ = settings(max_examples=1500, deadline=timedelta(seconds=2),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
ALL_RULES = [CUTTHROAT, PARTNERSHIP]


def answers_or_explains(call, *args, names=None):
    """Run `call`; a failure must be ours and name the bad part (or `names`, if given)."""
    try:
        return call(*args)
    except NotationError as error:
        assert str(error) and error.part is not None
        if names is not None:  # the text the user gave, quoted back
            assert str(names) in str(error) or repr(names) in str(error), (str(error), names)
        else:  # the bad text quoted back, or each step of its place in a record ("hands[2].deal.kitty")
            quoted = repr(error.part) in str(error)
            assert quoted or all(step in str(error) for step in error.part.split(".")), (str(error), error.part)
    except IllegalAction as error:
        assert error.rule and error.explanation
    return None


# -- cards, suits and tokens ----------------------------------------------------------------

RANK_BITS = ["7", "8", "9", "10", "11", "1", "0", "T", "J", "Q", "K", "A", "X", "JK", "Joker", "", " "]
SUIT_BITS = ["C", "D", "H", "S", "♣", "♦", "♥", "♠", "♡", "X", "Z", "", "hearts", "\ufe0f", " "]
near_miss_cards = st.builds(
    lambda parts, swap: "".join(reversed(parts) if swap else parts),
    st.tuples(st.sampled_from(RANK_BITS), st.sampled_from(SUIT_BITS)), st.booleans())
any_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=20) | st.text(string.printable, max_size=12)


@FUZZ
@given(st.one_of(near_miss_cards, any_text))
def test_card_text(text):
    count("card text")
    card = answers_or_explains(parse_card, text, names=text)
    if card is not None:
        assert parse_card(card.ascii) == card == parse_card(str(card))


@FUZZ
@given(st.lists(st.one_of(near_miss_cards, any_text), max_size=6), st.booleans())
def test_card_lists(items, as_one_string):
    count("card lists")
    cards = answers_or_explains(parse_cards, " ".join(items) if as_one_string else items)
    if cards is not None:
        assert all(parse_card(c.ascii) == c for c in cards)


VERBS = ["pass", "order", "order up", "assist", "accept", "call", "pickup", "pick up", "decline",
         "alone", "stay", "keep", "play", "plya", "", "PLAY", "Call"]
tokens = st.builds(lambda verb, args: " ".join([verb, *args]).strip(),
                   st.sampled_from(VERBS), st.lists(st.one_of(near_miss_cards, st.sampled_from(SUIT_BITS)), max_size=6))


@FUZZ
@given(st.one_of(tokens, any_text))
def test_action_tokens(token):
    count("action tokens")
    action = answers_or_explains(parse_action, token)
    if action is not None:
        assert parse_action(str(action)) == action == parse_action(action.ascii)


# -- tokens played into real hands, in any phase, by any seat ---------------------------------


def a_hand_in_progress(rules, seed: int, steps: int):
    """A seeded random hand, some steps in."""
    rng = random.Random(seed)
    hand = deal_hand(rules, rng.randrange(rules.players), seed=rng)
    for _ in range(steps):
        if hand.is_over:
            break
        hand = hand.apply(rng.choice(hand.legal_actions()))
    return hand


@FUZZ
@given(st.sampled_from(ALL_RULES), st.integers(0, 2**32), st.integers(0, 40),
       st.one_of(tokens, any_text), st.one_of(st.none(), st.integers(-1, 4)))
def test_any_token_by_any_seat_in_any_phase(rules, seed, steps, token, seat):
    count("tokens into hands")
    hand = a_hand_in_progress(rules, seed, steps)
    before = hand.record()
    after = answers_or_explains(lambda: hand.apply(token, seat=seat))
    assert hand.record() == before  # an error, or even a success, never changes the old state
    if after is not None:
        assert after.history[-1] in hand.legal_actions()
        assert seat in (None, hand.to_act)


# -- hand and game records: truncated, corrupted, with bad deals ---------------------------------


def a_record(rules, seed: int, steps: int) -> dict:
    return a_hand_in_progress(rules, seed, steps).record()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8)


def corrupt(data, rng: random.Random, value):
    """Replace, drop or retype one randomly chosen part of a JSON value."""
    if isinstance(data, dict) and data and rng.random() < 0.8:
        key = rng.choice(sorted(data))
        choice = rng.random()
        if choice < 0.2:
            return {k: v for k, v in data.items() if k != key}
        if choice < 0.5:
            return {**data, key: value}
        return {**data, key: corrupt(data[key], rng, value)}
    if isinstance(data, list) and data and rng.random() < 0.8:
        i = rng.randrange(len(data))
        choice = rng.random()
        if choice < 0.2:
            return data[:i] + data[i + 1:]
        if choice < 0.35:
            return data[:i] + [data[i]] + data[i:]  # a duplicate
        if choice < 0.6:
            return data[:i] + [value] + data[i + 1:]
        return data[:i] + [corrupt(data[i], rng, value)] + data[i + 1:]
    return value


def replays_or_explains(record):
    state = answers_or_explains(replay, record)
    if state is not None:
        assert replay(state.record()) == state


@FUZZ
@given(st.sampled_from(ALL_RULES), st.integers(0, 2**32), st.integers(0, 40), st.integers(0, 2**32), json_values)
def test_corrupted_hand_records(rules, seed, steps, corruption_seed, value):
    count("corrupted hand records")
    record = a_record(rules, seed, steps)
    replays_or_explains(corrupt(record, random.Random(corruption_seed), value))


@FUZZ
@given(st.sampled_from(ALL_RULES), st.integers(0, 2**32), st.integers(0, 40), st.floats(0, 1), st.integers(0, 255))
def test_truncated_and_garbled_record_text(rules, seed, steps, where, byte):
    count("truncated hand records")
    text = json.dumps(a_record(rules, seed, steps))
    cut = int(where * len(text))
    replays_or_explains(text[:cut])
    replays_or_explains(text[:cut] + chr(byte) + text[cut + 1:])


CARD_TEXTS = ["7C", "8H", "9S", "TD", "JH", "QC", "KS", "AD", "JK", "XX", "11H"]


@FUZZ
@given(st.sampled_from(ALL_RULES), st.sampled_from([24, 32, 25]), st.integers(0, 2**32),
       st.sampled_from(["duplicate", "drop", "foreign", "swap deck", "move"]), st.integers(0, 99),
       st.sampled_from(CARD_TEXTS))
def test_deals_with_duplicate_missing_or_foreign_cards(rules, deck, seed, damage, where, card):
    count("bad deals")
    from dataclasses import replace

    record = a_record(replace(rules, deck=deck), seed, 0)
    places = [("hands", i) for i in range(rules.players)] + ([("dummy", None)] if rules.has_dummy else []) + [("kitty", None)]
    key, index = places[where % len(places)]
    cards = record["deal"][key][index] if index is not None else record["deal"][key]
    pos = where % len(cards)
    if damage == "duplicate":
        cards.append(cards[pos])
    elif damage == "drop":
        cards.pop(pos)
    elif damage == "foreign":
        cards[pos] = card
    elif damage == "move":  # one place loses a card, another gains it: counts go wrong
        other_key, other_index = places[(where + 1) % len(places)]
        other = record["deal"][other_key][other_index] if other_index is not None else record["deal"][other_key]
        other.append(cards.pop(pos))
    else:  # a deal for one deck under another deck's rules
        record["switches"] = {**record["switches"], "deck": {24: 32, 32: 25, 25: 24}[deck]}
    state = answers_or_explains(replay, record)
    if state is not None:  # only "replacing" a card by itself leaves a good deal
        assert damage == "foreign" and state.record() == replay(state.record()).record()


def a_game_record(seed: int, rules) -> dict:
    rng = random.Random(seed)
    game = new_game(rules, seed=seed)
    for _ in range(rng.randrange(0, 120)):
        if game.is_over:
            break
        game = game.apply(rng.choice(game.legal_actions()))
    return game.record()


GAME_RECORDS = {(seed, rules.game): a_game_record(seed, rules) for seed in range(4) for rules in ALL_RULES}


@FUZZ
@given(st.sampled_from(sorted(GAME_RECORDS)), st.integers(0, 2**32), json_values, st.floats(0, 1))
def test_corrupted_and_truncated_game_records(key, corruption_seed, value, where):
    count("game records")
    record = GAME_RECORDS[key]
    game = answers_or_explains(game_from_record, corrupt(record, random.Random(corruption_seed), value))
    if game is not None:
        assert game_from_record(game.record()) == game
    text = json.dumps(record)
    answers_or_explains(game_from_record, text[: int(where * len(text))])


def test_deeply_nested_json_is_explained_not_a_crash():
    count("nested json")
    for text in ["[" * 100_000, '{"a":' * 100_000]:
        answers_or_explains(replay, text)
        answers_or_explains(game_from_record, text)


# -- saving is atomic; loading a damaged file leaves it as it was ----------------------------------


def test_a_failure_mid_write_leaves_the_previous_save_intact(tmp_path, monkeypatch):
    import euchre_lesson.game as game_module

    path = tmp_path / "class.json"
    first = new_game(CUTTHROAT, seed=1)
    save_game(first, path)
    saved = path.read_bytes()
    later = first.apply(first.legal_actions()[0])

    real_fdopen = game_module.os.fdopen

    class DiskFullHalfway:
        """A file that writes half of what it is given, then fails like a full disk."""

        def __init__(self, file):
            self.file = file

        def write(self, text):
            self.file.write(text[: len(text) // 2])
            self.file.flush()
            raise OSError(28, "No space left on device")

        def __getattr__(self, name):
            return getattr(self.file, name)

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.file.close()

    monkeypatch.setattr(game_module.os, "fdopen", lambda *a, **k: DiskFullHalfway(real_fdopen(*a, **k)))
    try:
        save_game(later, path)
        raise AssertionError("the simulated failure did not happen")
    except OSError as error:
        assert error.errno == 28
    monkeypatch.undo()
    assert path.read_bytes() == saved
    assert sorted(p.name for p in tmp_path.iterdir()) == ["class.json"]  # no half-written leftovers
    assert load_game(path) == first
    save_game(later, path)
    assert load_game(path) == later


def test_an_interrupted_save_between_write_and_rename_keeps_the_old_file(tmp_path, monkeypatch):
    import euchre_lesson.game as game_module

    path = tmp_path / "class.json"
    game = new_game(PARTNERSHIP, seed=2)
    save_game(game, path)
    saved = path.read_bytes()

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(game_module.os, "replace", interrupted)
    try:
        save_game(game.apply(game.legal_actions()[0]), path)
        raise AssertionError("the simulated interruption did not happen")
    except KeyboardInterrupt:
        pass
    assert path.read_bytes() == saved and len(list(tmp_path.iterdir())) == 1


@FUZZ
@given(st.floats(0, 1), st.binary(max_size=8), st.integers(0, 3))
def test_loading_a_damaged_file_explains_and_leaves_it_untouched(tmp_path_factory, where, garbage, seed):
    count("damaged files")
    path = tmp_path_factory.mktemp("saves") / "game.json"
    save_game(new_game(CUTTHROAT, seed=seed), path)
    data = path.read_bytes()
    cut = int(where * len(data))
    path.write_bytes(data[:cut] + garbage + data[cut + len(garbage):])
    damaged, stamp = path.read_bytes(), path.stat().st_mtime_ns
    answers_or_explains(load_game, path)
    assert path.read_bytes() == damaged and path.stat().st_mtime_ns == stamp
