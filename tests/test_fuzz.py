"""Fuzzing: whatever a learner or teacher types, the engine answers or explains, and no game is harmed.

Every generated input must end in a result or in NotationError / IllegalAction whose message
names the bad part; never another exception type, never a hang, never a changed state.
The number of inputs tried is counted and printed at the end of the test run.
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import json
import os
import pkgutil
import random
import signal
import string
import sys
import tempfile
import warnings
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from fuzzcount import TALLY, count
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_bad_input import ENTRY_POINTS, LONGEST_MESSAGE, hostile_answer

import euchre_lesson
import euchre_lesson.teach
import euchre_lesson.widgets
from euchre_lesson import (
    CUTTHROAT,
    JOKER,
    PARTNERSHIP,
    IllegalAction,
    NotationError,
    Phase,
    Rank,
    Suit,
    deal_hand,
    deck,
    load_game,
    new_game,
    parse_action,
    parse_card,
    parse_cards,
    parse_suit,
    replay,
    save_game,
)
from euchre_lesson.engine.game import game_from_record
from euchre_lesson.engine.rules import PRESETS

FUZZ = settings(
    max_examples=1500,
    deadline=timedelta(seconds=2),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def every_switch_turned(rules):
    """The rule set with every switch of RULES.md set the other way (C7-C11, T7, T8, R3, R4)."""
    return replace(
        rules,
        dealer_must_pick_up=not rules.dealer_must_pick_up,
        may_name_turned_suit=not rules.may_name_turned_suit,
        stick_the_dealer=not rules.stick_the_dealer,
        allow_lone_defender=not rules.allow_lone_defender,
        partner_may_go_alone=not rules.partner_may_go_alone,
        call_for_best=not rules.call_for_best,
        opening_lead={"left_of_lone": "dealer_left", "dealer_left": "left_of_lone"}[rules.opening_lead],
        tie_rule={"play_on": "shared", "shared": "play_on"}[rules.tie_rule],
        lone_maker_march_points=5,
        lone_vs_lone_euchre_points=6 - rules.lone_vs_lone_euchre_points,
    )


# Every preset (C1 and the decks are drawn where a deal is made), as it is and with every switch turned.
ALL_RULES = [rules for preset in PRESETS.values() for rules in (preset, every_switch_turned(preset))]


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
    st.tuples(st.sampled_from(RANK_BITS), st.sampled_from(SUIT_BITS)),
    st.booleans(),
)
any_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=20) | st.text(string.printable, max_size=12)


@FUZZ
@given(st.one_of(near_miss_cards, any_text))
def test_card_text(text):
    count("card text")
    card = answers_or_explains(parse_card, text, names=text)
    if card is not None:
        assert parse_card(card.ascii) == card == parse_card(str(card))
        assert not look_alikes(text), f"{text!r} was read as {card}"


@FUZZ
@given(st.lists(st.one_of(near_miss_cards, any_text), max_size=6), st.booleans())
def test_card_lists(items, as_one_string):
    count("card lists")
    cards = answers_or_explains(parse_cards, " ".join(items) if as_one_string else items)
    if cards is not None:
        assert all(parse_card(c.ascii) == c for c in cards)


VERBS = [
    "pass",
    "order",
    "order up",
    "assist",
    "accept",
    "call",
    "pickup",
    "pick up",
    "decline",
    "alone",
    "stay",
    "keep",
    "play",
    "plya",
    "",
    "PLAY",
    "Call",
    "give",
    "discard",
    "Give",
    "discrad",
]
tokens = st.builds(
    lambda verb, args: " ".join([verb, *args]).strip(),
    st.sampled_from(VERBS),
    st.lists(st.one_of(near_miss_cards, st.sampled_from(SUIT_BITS)), max_size=6),
)


@FUZZ
@given(st.one_of(tokens, any_text))
def test_action_tokens(token):
    count("action tokens")
    action = answers_or_explains(parse_action, token)
    if action is not None:
        assert parse_action(str(action)) == action == parse_action(action.ascii)
        assert not look_alikes(token), f"{token!r} was read as {action}"


def look_alikes(text: str) -> list[str]:
    """The letters and digits of a text from outside ASCII: the notation has none."""
    return [c for c in text if c.isalnum() and not c.isascii()]


# -- look-alike letters: refused by name, never read as the letter they resemble ---------------------

GOOD_TEXTS = (
    [(parse_card, card.ascii) for card in deck(32) + (JOKER,)]
    + [(parse_card, str(c)) for c in deck(24)]
    + [(parse_suit, word) for word in ("C", "d", "H", "s", "clubs", "Diamonds", "HEARTS", "spade")]
    + [
        (parse_action, token)
        for token in (
            "pass",
            "order up",
            "assist",
            "call H",
            "pickup 9C",
            "pick up TD",
            "keep KD AD AH 9S TS",
            "play JH",
            "go alone",
            "stay",
            "decline",
        )
    ]
)
# Letters that case-map into ASCII ('ſ'.upper() is 'S', the Kelvin sign lower-cases to 'k', 'ı'.upper()
# is 'I', 'ﬆ'.upper() is 'ST'), then letters and digits that only look alike.
KNOWN_LOOK_ALIKES = "ſ\u212aıﬆﬀǰİ" + "ＡＣＤＨＪＫＱＳＴａｃｄｈｓ０１９" + "АСНЅКТаеорсѕ" + "𝐀𝐒𝐉𝟗¹⁰²ⅠⅩ"
look_alike = st.sampled_from(KNOWN_LOOK_ALIKES) | st.characters(
    categories=["Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Nl", "No"]
).filter(lambda c: not c.isascii())


@FUZZ
@given(st.sampled_from(GOOD_TEXTS), st.integers(0, 99), look_alike, st.booleans())
def test_look_alike_letters_are_refused_by_name(good, where, odd, lower):
    count("look-alike letters")
    parse, text = good
    text = text.lower() if lower else text
    places = [i for i, c in enumerate(text) if c.isalnum()]
    i = places[where % len(places)]
    bad = text[:i] + odd + text[i + 1 :]
    try:
        parse(bad)
    except NotationError as error:
        assert f"U+{ord(odd):04X}" in str(error) and repr(bad) in str(error), (bad, str(error))
    else:
        raise AssertionError(f"{bad!r} was read as if it were {text!r}")


# -- wrong types and values at every public entry point ------------------------------------------------


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


hostile_values = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(),
    st.complex_numbers(),
    st.binary(max_size=12),
    st.decimals(),
    st.fractions(),
    st.integers(),
    st.integers(min_value=2**63),
    st.builds(lambda e: -(10**e), st.integers(19, 6000)),
    st.text(max_size=20),
    st.text(alphabet=KNOWN_LOOK_ALIKES + "JHS ", max_size=6),
    st.lists(st.none() | st.integers() | st.text(max_size=3), max_size=8),
    st.tuples(st.integers(), st.text()),
    st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
    st.sets(st.integers(), max_size=3),
    st.builds(object),
    st.builds(nested, st.integers(1, 3000)),
    # the right kind of thing in the wrong place
    st.sampled_from(
        [
            *Suit,
            *Rank,
            JOKER,
            *Phase,
            CUTTHROAT,
            PARTNERSHIP,
            random.Random(1),
            parse_action("pass"),
            deal_hand(CUTTHROAT, 0, seed=1),
            new_game(PARTNERSHIP, seed=1),
            euchre_lesson.RandomPlayer(1),
        ]
    ),
)
QUICK_ENTRY_POINTS = [entry for entry in ENTRY_POINTS if not entry.slow]


@FUZZ
@given(st.sampled_from(QUICK_ENTRY_POINTS), hostile_values)
def test_wrong_types_and_values_at_every_entry_point(entry, value):
    """Each public function answers, or refuses with a short ValueError naming the argument."""
    count("wrong types")
    problem = hostile_answer(entry, value, fine=True)
    assert problem is None, f"{entry.function}({entry.argument}=...): {problem}"


# -- huge inputs: a short excerpt and the length, never the whole input ----------------------------

HUGE_TEXT = {
    "parse_card": parse_card,
    "parse_suit": parse_suit,
    "parse_action": parse_action,
    "parse_cards": parse_cards,
    "apply": None,  # a hand in progress's apply: see the test
    "legal_plays": lambda v: euchre_lesson.legal_plays(v, [], "H"),
    "best_five": lambda v: euchre_lesson.best_five(v, "H"),
}
HUGE_LIST = {
    "parse_cards": parse_cards,
    "keep": lambda v: euchre_lesson.Action("keep", cards=v),
    "trick_winner": lambda v: euchre_lesson.trick_winner(v, "S"),
    "legal_plays": lambda v: euchre_lesson.legal_plays("9H", v, "H"),
    "play_out": lambda v: euchre_lesson.play_out(deal_hand(CUTTHROAT, 0, seed=1), v),
}
FILLERS = ["JH ", "x", "ſ", "♥", "play ", "10", "J", "keep KD AD AH 9S TS ", "\x00", " ", "ＪＨ", "[", "9♣,"]


@settings(FUZZ, max_examples=60, deadline=timedelta(seconds=20))
@given(st.sampled_from(sorted(HUGE_TEXT)), st.sampled_from(FILLERS), st.integers(200, 10**6), st.booleans())
def test_huge_inputs_are_quoted_by_an_excerpt_and_their_length(random_state, name, filler, size, as_list):
    count("huge inputs")
    if as_list:
        call, value = HUGE_LIST.get(name, parse_cards), [filler.strip() or filler] * size
    else:
        call, value = HUGE_TEXT[name], (filler * (size // len(filler) + 1))[:size]
        call = call or random_state(CUTTHROAT, 1, 9).apply
    blank = not as_list and not value.strip()  # no cards at all: an empty hand may be fine, and is not quoted
    try:
        call(value)
    except ValueError as error:
        message = str(error)
        assert len(message) <= LONGEST_MESSAGE, f"{name}: a message of {len(message):,} characters"
        assert blank or f"{len(value):,}" in message, (name, message)
    else:
        assert blank, f"{name} accepted {len(value):,} {'items' if as_list else 'characters'}"


# -- tokens played into real hands, in any phase, by any seat ---------------------------------


@FUZZ
@given(
    st.sampled_from(ALL_RULES),
    st.integers(0, 2**32),
    st.integers(0, 40),
    st.one_of(tokens, any_text),
    st.one_of(st.none(), st.integers(-1, 4)),
)
def test_any_token_by_any_seat_in_any_phase(random_state, rules, seed, steps, token, seat):
    count("tokens into hands")
    hand = random_state(rules, seed, steps)
    before = hand.record()
    after = answers_or_explains(lambda: hand.apply(token, seat=seat))
    assert hand.record() == before  # an error, or even a success, never changes the old state
    if after is not None:
        assert after.history[-1] in hand.legal_actions()
        assert seat in (None, hand.to_act)


# -- hand and game records: truncated, corrupted, with bad deals ---------------------------------


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)


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
            return data[:i] + data[i + 1 :]
        if choice < 0.35:
            return data[:i] + [data[i]] + data[i:]  # a duplicate
        if choice < 0.6:
            return data[:i] + [value] + data[i + 1 :]
        return data[:i] + [corrupt(data[i], rng, value)] + data[i + 1 :]
    return value


def replays_or_explains(record):
    state = answers_or_explains(replay, record)
    if state is not None:
        assert replay(state.record()) == state


@FUZZ
@given(st.sampled_from(ALL_RULES), st.integers(0, 2**32), st.integers(0, 40), st.integers(0, 2**32), json_values)
def test_corrupted_hand_records(random_state, rules, seed, steps, corruption_seed, value):
    count("corrupted hand records")
    record = random_state(rules, seed, steps).record()
    replays_or_explains(corrupt(record, random.Random(corruption_seed), value))


@FUZZ
@given(st.sampled_from(ALL_RULES), st.integers(0, 2**32), st.integers(0, 40), st.floats(0, 1), st.integers(0, 255))
def test_truncated_and_garbled_record_text(random_state, rules, seed, steps, where, byte):
    count("truncated hand records")
    text = json.dumps(random_state(rules, seed, steps).record())
    cut = int(where * len(text))
    replays_or_explains(text[:cut])
    replays_or_explains(text[:cut] + chr(byte) + text[cut + 1 :])


CARD_TEXTS = ["7C", "8H", "9S", "TD", "JH", "QC", "KS", "AD", "JK", "XX", "11H"]


@FUZZ
@given(
    st.sampled_from(ALL_RULES),
    st.sampled_from([24, 32, 25]),
    st.integers(0, 2**32),
    st.sampled_from(["duplicate", "drop", "foreign", "swap deck", "move"]),
    st.integers(0, 99),
    st.sampled_from(CARD_TEXTS),
)
def test_deals_with_duplicate_missing_or_foreign_cards(random_state, rules, deck, seed, damage, where, card):
    count("bad deals")
    from dataclasses import replace

    record = random_state(replace(rules, deck=deck), seed, 0).record()
    places = (
        [("hands", i) for i in range(rules.players)]
        + ([("dummy", None)] if rules.has_dummy else [])
        + [("kitty", None)]
    )
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


GAME_RECORDS = {(seed, n): a_game_record(seed, rules) for seed in range(4) for n, rules in enumerate(ALL_RULES)}


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
    import euchre_lesson.engine.game as game_module

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
    import euchre_lesson.engine.game as game_module

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
    path.write_bytes(data[:cut] + garbage + data[cut + len(garbage) :])
    damaged, stamp = path.read_bytes(), path.stat().st_mtime_ns
    answers_or_explains(load_game, path)
    assert path.read_bytes() == damaged and path.stat().st_mtime_ns == stamp


def test_a_saved_game_loads_where_os_lacks_the_unix_flags(tmp_path, monkeypatch):
    """Windows' os has no O_NONBLOCK, O_NOFOLLOW, O_NOCTTY or O_CLOEXEC: Load and Save must still work."""
    from euchre_lesson.play.session import TableSession

    path = tmp_path / "class.json"
    game = new_game(CUTTHROAT, seed=3)
    save_game(game, path)
    for flag in ["O_NONBLOCK", "O_NOFOLLOW", "O_NOCTTY", "O_CLOEXEC"]:
        monkeypatch.delattr(euchre_lesson.engine.game.os, flag, raising=False)
    assert load_game(path) == game
    session = TableSession(new_game(PARTNERSHIP, seed=1))
    news = session.load(path)
    assert news.told.name == "LOADED", news
    assert session.game.hands[0].deal == game.hands[0].deal  # the saved game, its computers then playing on
    monkeypatch.setenv("EUCHRE_LESSON_KEYS", str(tmp_path / "keys"))  # the table's Save makes its key, too
    saved = session.save(tmp_path / "again.json")
    assert saved.told.name == "SAVED", saved
    assert load_game(tmp_path / "again.json") == session.game


def test_a_replays_seat_label_refuses_a_seat_that_is_not_one():
    """Found by the introspective fuzz: seat_label("1") was a TypeError, seat_label(7) an IndexError."""
    replay_widget = euchre_lesson.widgets.HandReplay(_a_hand_played_out())
    assert replay_widget.seat_label(1).startswith("Seat 1")
    for seat in ["1", 1.5, 7, -1, None, nested(10_000), 10**400]:
        try:
            replay_widget.seat_label(seat)
        except NotationError as error:
            assert "seat" in str(error) and "0 to 2" in str(error), str(error)
        else:
            raise AssertionError(f"seat_label({seat!r}) was answered")


# -- every public callable of teach and widgets, found by introspection, fed hostile arguments ------------
#
# Issue 24, 10. The callables are not listed by hand: a package's public names are its __all__ where it
# declares one (euchre_lesson.widgets does: its submodules are the widgets' workings), else each of its
# modules' names without a leading underscore (euchre_lesson.teach, whose modules the lessons import
# directly); a class gives its constructor and its public methods (those of the project's own classes),
# tried on an object made from good arguments and on every exercise the lessons ask. Each parameter in turn
# gets every HOSTILE_ARGUMENTS value, the others a good value (GOOD_ARGUMENTS by name, else its default);
# an object made from a hostile value must then answer its methods that need no argument. The answer must
# be a normal return or one of the project's refusals: a ValueError (NotationError, IllegalAction, ...)
# with a message of at most LONGEST_MESSAGE characters, or the student-copies command's SystemExit with a
# message. Never TypeError, AttributeError, KeyError, IndexError, OverflowError, RecursionError,
# ZeroDivisionError, and never more than CALL_SECONDS for one call.

FUZZED_PACKAGES = [euchre_lesson.teach, euchre_lesson.widgets]
CALL_SECONDS = 20  # no call may take longer than this; a good call takes well under a second


def fuzzed_modules():
    """Each package itself where it declares __all__, then each of its public modules."""
    for package in FUZZED_PACKAGES:
        if hasattr(package, "__all__"):
            yield package  # first, so a name it gathers is reported by the name the lessons use
        for found in pkgutil.iter_modules(package.__path__):
            if not found.name.startswith("_"):
                yield importlib.import_module(f"{package.__name__}.{found.name}")


def public_names(module) -> list[str]:
    """The module's __all__, or the names it defines (not imports) without a leading underscore."""
    if hasattr(module, "__all__"):
        return list(module.__all__)
    return [
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and getattr(value, "__module__", None) == module.__name__
    ]


def public_methods(cls: type) -> list[str]:
    """The public methods the project's own classes give `cls` (not those of ipywidgets, tuple or object)."""
    found = []
    for name in dir(cls):
        owner = next((c for c in cls.__mro__ if name in vars(c)), None)
        if name.startswith("_") or owner is None or not owner.__module__.startswith("euchre_lesson"):
            continue
        if inspect.isfunction(inspect.getattr_static(cls, name)):
            found.append(name)
    return found


def public_callables() -> list[tuple[str, object, list[str]]]:
    """(dotted name, function or class, its public methods) for every public callable, in a fixed order."""
    found, seen = [], set()
    for module in fuzzed_modules():
        for name in public_names(module):
            value = getattr(module, name)
            if id(value) in seen or not callable(value):
                continue
            seen.add(id(value))
            if inspect.isclass(value) and issubclass(value, BaseException):
                continue  # the project's errors and warnings: raised, not called
            methods = public_methods(value) if inspect.isclass(value) else []
            found.append((f"{module.__name__}.{name}", value, methods))
    return found


def _one_lesson_folder() -> str:
    """A folder in the current (temporary) folder holding one small numbered lesson."""
    import nbformat

    folder = Path("lessons")
    folder.mkdir(exist_ok=True)
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]), folder / "01_sum.ipynb")
    return str(folder)


def _small_project() -> str:
    """A project in the current (temporary) folder: a lesson, the rule book, the rule book's text and the app."""
    import nbformat

    root = Path("project")
    for name in ("notebooks/01_sum.ipynb", "notebooks/13_rule_book.ipynb", "app/euchre_table.ipynb"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")]), root / name)
    (root / "RULES.md").write_text("# Rules\n")
    return str(root)


def _open_file() -> int:
    """A file handle open for reading, on a small file in the current (temporary) folder."""
    Path("small.txt").write_text("some text")
    return os.open("small.txt", os.O_RDONLY)


def _a_hand_played_out() -> dict:
    from euchre_lesson import RuleOfThumbPlayer, play_out

    return play_out(deal_hand(CUTTHROAT, 0, seed=1), [RuleOfThumbPlayer()] * 3).record()


# A good value for each parameter name the public callables need one for (or where a seeded value is better
# than the default, as for `seed`); a name shared by callables that want different things is settled per
# callable in GOOD_FOR. A parameter found with no good value fails the test, asking for one here.
def _a_link():
    return euchre_lesson.teach.class_report.Link("http://127.0.0.1:9/", "ACDE", "Ann")


GOOD_ARGUMENTS = {
    "button": lambda: euchre_lesson.widgets.page.PageButton(description="Deal"),
    "buttons": lambda: [],
    "drawn_at": lambda: 0.0,
    "reporter": lambda: euchre_lesson.teach.class_report.ClassReporter(lambda link, answers: None),
    "post": lambda: lambda link, answers: None,
    "busy": lambda: False,
    "players": lambda: 3,
    "count": lambda: 2,
    "text": lambda: "Your turn.",
    "description": lambda: "Deal",
    "tooltip": lambda: "Deal a new hand",
    "on_click": lambda: lambda: None,
    "rules": lambda: CUTTHROAT,
    "dealer": lambda: 0,
    "seat": lambda: 0,
    "hand": lambda: "JH AS",
    "up_card": lambda: "AC",
    "seed": lambda: 1,
    "lesson": lambda: 1,
    "game": lambda: "cutthroat",
    "handle": _open_file,
    "limit": lambda: 100,
    "correct": lambda: True,
    "message": lambda: "Right.",
    "card": lambda: parse_card("JD"),
    "trump": lambda: Suit.HEARTS,
    "cards": lambda: tuple(parse_cards("9D JH")),
    "trick": lambda: tuple(parse_cards("9D")),
    "maker_tricks": lambda: 3,
    "state": lambda: deal_hand(CUTTHROAT, 0, seed=1),
    "accept": lambda: ("pass",),
    "reason": lambda: "Too weak to bid.",
    "ask": lambda: "Which one?",
    "options": lambda: {"one": "It is one.", "two": "It is two."},
    "right": lambda: "one",
    "words": lambda: "a kind",
    "make": lambda: lambda rng, games: None,
    "kind": lambda: "which_suit",
    "exercise": lambda: euchre_lesson.teach.exercises.WhichSuit("JD", "H"),
    "results": lambda: {},
    "kinds": lambda: ("which_suit",),
    "done": lambda: 0,
    "total": lambda: 4,
    "next": lambda: "q1",
    "name": lambda: "q1",
    "tries": lambda: 1,
    "answer": lambda: "H",
    "when": lambda: 1.0e9,
    "answers": lambda: {},
    "practice": lambda: {},
    "mine": lambda: euchre_lesson.teach.progress.Kept({}, {}),
    "theirs": lambda: euchre_lesson.teach.progress.Kept({}, {}),
    "exercise_id": lambda: "lesson 1 q1",
    "verdict": lambda: euchre_lesson.teach.exercises.Verdict(True, "Right."),
    "kept": lambda: euchre_lesson.teach.progress.Kept({}, {}),
    "item": lambda: "rule C2",
    "now": lambda: 1.0e9,
    "due": lambda: 1.0e9,
    "missed": lambda: 1.0e9,
    "problems": lambda: (),
    "data": lambda: b"",
    "given": lambda: "H",
    "choice": lambda: "H",
    "value": lambda: "H",
    "number": lambda: 1,
    "notebook": lambda: __import__("nbformat").v4.new_notebook(),
    "source": _one_lesson_folder,
    "target": lambda: "student_lessons",
    "argv": lambda: [_one_lesson_folder(), "student_lessons"],
    "mark": lambda: "legal",
    "widget": lambda: __import__("ipywidgets").HTML(),
    "record": _a_hand_played_out,
    "step": lambda: 1,
    "table": lambda: deal_hand(CUTTHROAT, 0, seed=1),
    "action": lambda: parse_action("pass"),
    "level": lambda: "rule of thumb",
    "worlds": lambda: 2,
    "on_answer": lambda: None,
    "progress": lambda: False,
    # the widgets' own workings
    "choices": lambda: ("H", "D"),
    "among": lambda: tuple(parse_cards("9D JH")),
    "where": lambda: "in your hand",
    "cls": lambda: __import__("ipywidgets").VBox,
    "on_choose": lambda: lambda action: None,
    "actions": lambda: (parse_action("pass"),),
    "view": lambda: deal_hand(CUTTHROAT, 0, seed=1).view(1),
    "wanted": lambda: ("euchre-card", "euchre-red"),
    "box": lambda: __import__("ipywidgets").HTML(),
    "row": lambda: euchre_lesson.widgets.cards.CardRow(),
    "key": lambda: "deal 1",
    "on_screen": lambda: (),
    "moment": lambda: "deal 1",
    "reasons": lambda: {0: "Too weak to bid."},
    "session": lambda: euchre_lesson.teach.practice.Practice(1, progress=False),
    "tricks": lambda: (),
    # the one table view (widgets/table_view.py)
    "card_id": lambda: "J♥",
    "callback": lambda: lambda click: None,
    "picture": lambda: {},  # nothing drawn yet
    # the page's one style sheet per text (the card faces' rules)
    "css": lambda: "<style>.euchre-fuzz { color: #111; }</style>",
    # the printable sheets
    "rule": lambda: "C2",
    "files": lambda: {"score-sheet-cutthroat.html": b"<p></p>"},
    # the positions missed at the table, asked again in the review (teach/positions.py)
    "position": lambda: euchre_lesson.teach.positions.position_at(deal_hand(CUTTHROAT, 0, seed=1), 1, (0, 0, 0)),
    "positions": lambda: (),
    "scores": lambda: (0, 0, 0),
    "contenders": lambda: (),
}
GOOD_FOR = {
    "BestFive": {"cards": lambda: "JH JD AH KH QH 9S TS"},
    "deal_for": {"hand": lambda: "9C TC JC QC KC"},
    "answer_setting": {"show_answer": lambda: "never", "folder": lambda: "."},  # the trainers' house rule
    "Table.start": {"game": lambda: new_game(CUTTHROAT, seed=1)},
    "Table.act": {"action": lambda: "pass"},
    "Coach": {"session": lambda: euchre_lesson.play.session.TableSession(new_game(CUTTHROAT, seed=1))},
    "Coach.show": {"review": lambda: None},
    "Coach.choose": {"action": lambda: "pass"},
    "ProgressBoard": {"progress": lambda: None},
    "LanguageChoice": {"progress": lambda: None, "here": lambda: "en"},
    "LanguageChoice.choose": {"language": lambda: "fr"},
    "LanguageChoice.button": {"code": lambda: "fr"},
    "Page.follows_language": {"view": lambda: euchre_lesson.widgets.table.Table(CUTTHROAT, seed=1)},
    "LanguageChoice.show": {"code": lambda: "fr"},
    "LanguageChosen": {"code": lambda: "fr", "when": lambda: 1.0e9},
    "Progress.keep_language": {"language": lambda: "fr"},
    "Review": {"progress": lambda: None},
    "ReviewWidget": {"progress": lambda: None},
    "review.scheduled": {"card": lambda: euchre_lesson.teach.progress.ReviewCard(1.0e9, 1.0e9), "right": lambda: True},
    "Progress.keep_card": {"card": lambda: euchre_lesson.teach.progress.ReviewCard(1.0e9, 1.0e9)},
    "review.due_today": {"cards": lambda: {}},
    "missed_in": {"review": lambda: euchre_lesson.play.coach.Review(1, 0, (), 0.0)},
    "position_at": {"seat": lambda: 1},
    "Position": {"hand": lambda: deal_hand(CUTTHROAT, 0, seed=1).record(), "seat": lambda: 1},
    "Judged": {"grade": lambda: None, "choice": lambda: "pass"},
    "PositionView": {
        "answer": lambda: lambda action: euchre_lesson.teach.exercises.Verdict(True, "Right."),
        "solution": lambda: None,
    },
    "HandIn": {"progress": lambda: None},
    "ClassProgress": {"folder": lambda: "."},
    "ClassProgressView": {"folder": lambda: "."},
    "export_csv": {"path": lambda: "class.csv"},
    # reporting to a class's server: a loopback port nothing listens on, so a good call is refused at once
    "class_report.Link": {"server": lambda: "http://127.0.0.1:9/", "join": lambda: "ACDE", "name": lambda: "Ann"},
    "class_report.server_address": {"address": lambda: "127.0.0.1:9"},
    "class_report.read_link": {"folder": lambda: "."},
    "class_report.unlink_lessons": {"folder": lambda: "."},
    "class_report.link_lessons": {
        "folder": lambda: ".",
        "server": lambda: "http://127.0.0.1:9/",
        "code": lambda: "ACDE",
    },
    "ClassReporter.answered": {"folder": lambda: ".", "changed": lambda: {}, "everything": lambda: dict},
    "ClassReporter.report": {"link": _a_link},
    "lesson_report": {"link": _a_link},
    "ClassReporter.wait": {"seconds": lambda: 0.01},
    "joining.typed_code": {"what": lambda: "join code"},
    "joining.name_key": {"name": lambda: "Ann"},
    "joining.distinct_name": {"name": lambda: "Ava", "others": lambda: ["Ava", "Bo"]},
    "joining.alphabets": {"name": lambda: "M\u0430ria"},
    "joining.look_alikes": {"names": lambda: ["Ann", "\u0410nn 2"]},
    "canonical_id": {"key": lambda: "lesson 1 q1"},
    "class_key": {"folder": lambda: "."},
    "make_class_key": {"folder": lambda: "."},
    "joining.join_key": {"code": lambda: "AC-DE"},
    "LessonContext": {"progress": lambda: euchre_lesson.teach.progress.Progress(tempfile.mkdtemp())},
    "context.bind": {"progress": lambda: None},
    "context.bound": {"progress": lambda: None},
    "context.learners_progress": {"progress": lambda: None},
    "class_progress.link_lessons": {
        "server": lambda: "http://127.0.0.1:9/",
        "code": lambda: "ACDE",
        "progress": lambda: None,
    },
    "class_progress.linked": {"progress": lambda: None},
    "class_progress.unlink_lessons": {"progress": lambda: None},
    "class_progress.together": {
        "one": lambda: euchre_lesson.teach.class_progress.Tries(True, 1),
        "other": lambda: euchre_lesson.teach.class_progress.Tries(False, 2, False),
    },
    "ClassLink": {"progress": lambda: None},
    "card_among": {"value": lambda: "JH"},
    "start_box": {"widget": lambda: __import__("ipywidgets").VBox(), "options": lambda: {}},
    "find_position": {"wanted": lambda: lambda state: state.phase.name == "PLAY"},
    # The hand-out (teach/handout.py) and the students' branch.
    "handout.lessons": {"folder": _one_lesson_folder},
    "handout.student_files": {"folder": _one_lesson_folder},
    "handout.language_folders": {"folder": _one_lesson_folder},
    "handout.site_files": {"root": _small_project},
    "handout.app_files": {"root": _small_project},
    "handout.write_folder": {"files": lambda: {"app/a.txt": b"x"}, "target": lambda: "app-folder"},
    "handout.student_bytes": {"path": lambda: _one_lesson_folder() + "/01_sum.ipynb"},
    "student_copies.build_branch": {"branch": lambda: "students"},
    # The app's parts (widgets/app_parts.py).
    "house_rules_line": {"rule_sets": lambda: [CUTTHROAT]},
    "BrowserFiles": {"table": lambda: euchre_lesson.widgets.Table()},
    "ProjectorSwitch": {"app": lambda: __import__("ipywidgets").VBox(), "table": lambda: euchre_lesson.widgets.Table()},
}


HOSTILE_ARGUMENTS = {
    "None": None,
    "True": True,
    "bytes": b"JH",
    "a dict": {"JH": 1},
    "an object": object(),
    "a list of cards": ["JH", "JD"],
    "a Random": random.Random(1),
    "a card": parse_card("JH"),
    "a suit": Suit.HEARTS,
    "10**400": 10**400,
    "-10**400": -(10**400),
    "2**64": 2**64,
    "-1": -1,
    "1.5": 1.5,
    "NaN": float("nan"),
    "inf": float("inf"),
    "-inf": float("-inf"),
    "[[[...]]] 10,000 deep": nested(10_000),
    "'1\\u0660'": "1\u0660",
    "'l'": "l",
    "full-width '１２'": "\uff11\uff12",
    "'J♡' (a look-alike heart)": "J\u2661",
    "'JＨ' (a full-width H)": "J\uff28",
    "100,000 characters": "J" * 100_000,
    "''": "",
    "'2'": "2",
}


class TooLong(BaseException):
    """A call ran past CALL_SECONDS (a BaseException, so no `except Exception` in the code can swallow it)."""


@contextlib.contextmanager
def at_most(seconds: float):
    """Stop the call inside after `seconds` (where the system has alarms: not Windows)."""

    def stop(signum, frame):
        raise TooLong

    if not hasattr(signal, "SIGALRM"):
        yield
        return
    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _said(error: BaseException) -> str:
    try:
        return f"{type(error).__name__}: {str(error)[:120]}"
    except Exception:  # str() of some errors fails too (a KeyError holding a 400-digit number)
        return type(error).__name__


STANDARD_STREAMS = (0, 1, 2)  # file descriptors: a callable given True (1) for a file handle may close one


def misbehaviour(call, abstract: bool = False) -> str | None:
    """None when `call()` returns or refuses as the project does; otherwise what it did instead."""
    kept = {fd: os.dup(fd) for fd in STANDARD_STREAMS}
    try:
        return _misbehaviour(call, abstract)
    finally:
        for fd, copy in kept.items():
            try:
                os.fstat(fd)
            except OSError:
                os.dup2(copy, fd)
                return f"closed the process's file descriptor {fd}"
            finally:
                with contextlib.suppress(OSError):
                    os.close(copy)


def _misbehaviour(call, abstract: bool) -> str | None:
    try:
        with (
            at_most(CALL_SECONDS),
            warnings.catch_warnings(),
            contextlib.redirect_stdout(io.StringIO()),
            contextlib.redirect_stderr(io.StringIO()),
        ):  # argparse's usage, say
            warnings.simplefilter("ignore")  # the project's warnings (house rules, progress) are answers too
            result = call()
            if inspect.isgenerator(result):  # a generator does its work, and meets its errors, when asked
                next(result, None)
    except TooLong:
        return f"took more than {CALL_SECONDS} s"
    except ValueError as error:
        try:
            message = str(error)
        except Exception:
            return f"{type(error).__name__} whose message cannot be shown"
        if not message.strip():
            return f"{type(error).__name__} without a message"
        if len(message) > LONGEST_MESSAGE:
            return f"{type(error).__name__} of {len(message):,} characters"
        return None
    except SystemExit as error:  # the student-copies command: a message, or argparse's usage (code 2)
        return None if (isinstance(error.code, str) and error.code.strip()) or error.code == 2 else _said(error)
    except NotImplementedError as error:
        return None if abstract else _said(error)
    except Exception as error:  # TypeError, AttributeError, KeyError, IndexError, OverflowError, RecursionError, ...
        return _said(error)
    return None


def fuzzed_parameters(call) -> list[inspect.Parameter]:
    """The parameters a caller can pass (not *args or **kwargs); one value for a class made from a builtin."""
    try:
        found = inspect.signature(call).parameters.values()
    except ValueError:  # no signature: a class built on str or tuple takes one value
        return [inspect.Parameter("value", inspect.Parameter.POSITIONAL_ONLY)]
    return [p for p in found if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]


def good_arguments(owner: str, parameters) -> dict:
    """What makes a good value for each parameter: GOOD_FOR the callable, GOOD_ARGUMENTS by name, else its default."""
    short = owner.split(".", 2)[-1] if owner.startswith("euchre_lesson.") else owner
    short = ".".join(short.split(".")[-2:]) if "." in short else short
    good = {}
    for parameter in parameters:
        made = {**GOOD_ARGUMENTS, **GOOD_FOR.get(short, {}), **GOOD_FOR.get(short.split(".")[-1], {})}
        if parameter.name in made:
            good[parameter.name] = made[parameter.name]
        elif parameter.default is not parameter.empty:
            good[parameter.name] = lambda default=parameter.default: default
        else:
            raise AssertionError(
                f"{owner}: no good value for its parameter {parameter.name!r}; add one to GOOD_ARGUMENTS"
            )
    return good


def calling(call, parameters, good: dict, hostile: dict | None = None):
    """`call` with the `hostile` values and fresh good ones: positional-only ones by place, the rest by name."""
    bad = hostile or {}

    def called():
        arguments = {name: bad[name] if name in bad else make() for name, make in good.items()}
        places = [arguments[p.name] for p in parameters if p.kind == p.POSITIONAL_ONLY]
        return call(*places, **{p.name: arguments[p.name] for p in parameters if p.kind != p.POSITIONAL_ONLY})

    return called


def fuzz_one(name: str, make_call, abstract: bool = False, asked: str = "") -> dict[tuple[str, str], str]:
    """What goes wrong, by (callable and parameter, input), for each hostile value in each parameter of make_call()."""
    call = make_call()
    parameters = fuzzed_parameters(call)
    try:
        good = good_arguments(name, parameters)
    except AssertionError as missing:  # a finding of its own: this callable was not fuzzed at all
        return {(f"{name}(good arguments)", asked): str(missing)}
    found = {}
    count("public callables")
    problem = misbehaviour(calling(call, parameters, good), abstract)
    if problem:
        found[f"{name}(good arguments)", asked] = problem
    for parameter in parameters:
        for kind, value in HOSTILE_ARGUMENTS.items():
            count("public callables")
            made = []
            problem = misbehaviour(
                lambda: made.append(calling(call, parameters, good, {parameter.name: value})()),  # noqa: B023 (called within this iteration)
                abstract,
            )
            place, given = f"{name}({parameter.name})", kind + asked
            if problem:  # again on a fresh object: the earlier hostile calls may have left this one broken
                fresh = misbehaviour(calling(make_call(), parameters, good, {parameter.name: value}), abstract)
                found[place, given] = fresh or f"{problem}, but only after earlier hostile calls"
            elif made and inspect.isclass(call):  # an object made from a hostile value must work as well as any
                found.update(still_works(place, given, made[0], abstract))
    return found


def still_works(place: str, given: str, made, abstract: bool) -> dict[tuple[str, str], str]:
    """What goes wrong calling each public method of `made` that needs no argument."""
    found = {}
    for method in public_methods(type(made)):
        if all(p.default is not p.empty for p in fuzzed_parameters(getattr(made, method))):
            count("public callables")
            problem = misbehaviour(getattr(made, method), abstract)
            if problem:
                found[f"{place} then .{method}()", given] = problem
    return found


def lessons_exercises() -> list:
    """Every exercise every lesson asks (course.exercises), so their own answers are fuzzed too."""
    from euchre_lesson.teach.course import exercises
    from euchre_lesson.teach.progress import lessons

    return [exercise for lesson in lessons() for exercise in vars(exercises(lesson)).values()]


def fuzz_public_callables() -> dict[tuple[str, str], str]:
    """Every finding over every public callable and method, by (callable and parameter, input)."""
    callables = public_callables()
    classes = [value for _, value, _ in callables if inspect.isclass(value)]
    asked = lessons_exercises()
    found = {}
    for name, value, methods in callables:
        # A class with public subclasses may leave methods to them: NotImplementedError is its answer there.
        abstract = inspect.isclass(value) and any(other is not value and issubclass(other, value) for other in classes)
        found.update(fuzz_one(name, lambda value=value: value, abstract))
        if not methods:
            continue
        for exercise in (e for e in asked if type(e) is value):  # immutable: one object serves every call
            for method in methods:
                found.update(
                    fuzz_one(
                        f"{name}.{method}", lambda m=method, e=exercise: getattr(e, m), asked=f", to {exercise.id}"
                    )
                )
        try:
            make = calling(value, fuzzed_parameters(value), good_arguments(name, fuzzed_parameters(value)))
        except AssertionError:  # reported by fuzz_one above
            continue
        for method in methods:

            def bound(method=method, make=make):
                return getattr(make(), method)

            try:
                bound()
            except Exception as error:
                found[f"{name}(good arguments)", ""] = f"{_said(error)}, so its methods were not tried"
                break
            found.update(fuzz_one(f"{name}.{method}", bound, abstract))
    return found


@contextlib.contextmanager
def module_names_kept():
    """Every euchre_lesson module's names as they were, afterwards (report_answers, say, sets one)."""
    kept = {name: dict(vars(module)) for name, module in sys.modules.items() if name.startswith("euchre_lesson")}
    try:
        yield
    finally:
        for name, names in kept.items():
            module = sys.modules[name]
            for added in set(vars(module)) - set(names):
                delattr(module, added)
            vars(module).update(names)


# Findings not yet fixed: each is a callable and the parameter that misbehaves, or a callable with no good value in
# GOOD_ARGUMENTS yet (so not fuzzed at all). The test asserts that each still does, so the set cannot go stale:
# when a fix lands, the test fails until its entry is taken out. Issue 24 left none.
PENDING: set[str] = set()


def test_every_public_callable_of_teach_and_widgets_answers_hostile_arguments(tmp_path, monkeypatch):
    """Issue 24, 10: found by introspection, every public callable answers or refuses hostile arguments clearly."""
    monkeypatch.chdir(tmp_path)  # a callable given a file or folder name writes it here, and nowhere else
    for setting in ("HOME", "JUPYTER_DATA_DIR", "XDG_DATA_HOME", "EUCHRE_LESSON_PROGRESS"):
        monkeypatch.setenv(setting, str(tmp_path / setting.lower()))
    calls_before = TALLY["public callables"]
    with module_names_kept():
        found = fuzz_public_callables()
    calls = TALLY["public callables"] - calls_before
    places = {}
    for (place, asked), problem in found.items():
        places.setdefault(place, []).append(f"{asked}: {problem}")
    new = {place: said for place, said in places.items() if place not in PENDING}
    if new:
        pytest.fail("\n".join(f"{place} <- {said[0]} (and {len(said) - 1} more)" for place, said in new.items()))
    answered = PENDING - set(places)
    assert not answered, f"these now answer well; take them out of PENDING: {sorted(answered)}"
    assert calls > 10_000, calls  # the walk reached the callables (27,000 calls when this was written)
