"""The quick replay of a game record's hands agrees with the engine: the same finished hand, and never a yes
where the engine says no (it answers None, and the engine then replays and refuses in its own words)."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from test_playout import SWITCHES

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, IllegalAction, NotationError
from euchre_lesson.engine.actions import parse_action
from euchre_lesson.engine.hand import replayed_actions, start_of_hand
from euchre_lesson.engine.quick_replay import QuickReplay
from euchre_lesson.play.playout import random_hand_tokens

# Every preset with every deck and every switch, half of them calling for best (R3): 768 rule sets.
ALL_RULES = [
    replace(
        preset,
        deck=size,
        **dict(zip(SWITCHES, values)),
        call_for_best=random.Random(f"{preset.game}{size}{values}").random() < 0.5,
        lone_maker_march_points=(3, 4, 6)[n % 3],
    )
    for preset in (CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD)
    for size in (24, 32, 25)
    for n, values in enumerate(itertools.product(*SWITCHES.values()))
]


def by_the_engine(start, tokens):
    """The engine's replay of `tokens`, or None where it refuses them."""
    try:
        return replayed_actions(start, tokens)
    except (IllegalAction, NotationError):
        return None


def changed(tokens: list, rng: random.Random, others: list[str]) -> list:
    """The tokens with one thing changed, as a damaged or edited record would have them."""
    tokens, place = list(tokens), rng.randrange(len(tokens))
    how = rng.randrange(6)
    if how == 0:
        tokens[place] = rng.choice(others)  # another hand's move, often out of place
    elif how == 1:
        del tokens[place]
    elif how == 2:
        tokens.insert(place, rng.choice(others))
    elif how == 3:
        tokens[place], tokens[-1] = tokens[-1], tokens[place]
    elif how == 4:
        tokens.append(rng.choice(others))  # a move after the end
    else:
        tokens[place] = rng.choice([tokens[place].upper(), f" {tokens[place]}", 7, None, ["pass"], "x" * 50])
    return tokens


def test_quick_replay_gives_the_engines_hand_or_leaves_it_to_the_engine():
    """768 rule sets, two hands each and three changed copies of each: the quick replay is the engine's
    hand whenever it answers, None whenever the engine refuses, and answers for nearly every plain hand."""
    rng, answered, plain, compared = random.Random(24), 0, 0, 0
    seen_tokens: list = ["pass", "order", "alone", "stay", "decline", "call H", "play AS", "pickup 9C"]
    for number, rules in enumerate(ALL_RULES):
        quick = QuickReplay(rules)
        for seed in range(2):
            trace = random_hand_tokens(rules, number * 10 + seed)
            start, tokens = start_of_hand(rules, trace.dealer, trace.deal), trace.tokens
            seen_tokens.extend(rng.sample(tokens, 2))
            for attempt in [tokens] + [changed(tokens, rng, seen_tokens) for _ in range(3)]:
                engine, fast = by_the_engine(start, attempt), quick(start, attempt)
                compared += 1
                if fast is not None:
                    answered += 1
                    assert engine is not None, f"the engine refuses {attempt} of {trace.record()}"
                    assert fast == engine, f"{attempt} of {trace.record()}"
                    assert fast.record() == engine.record() and fast.points == engine.points
            exotic = trace.deal.up_card.is_joker or (rules.call_for_best and "alone" in tokens)
            if not exotic:
                plain += 1
                assert quick(start, tokens) is not None, f"the quick way left a plain hand: {trace.record()}"
    assert compared == 4 * 2 * len(ALL_RULES) and answered > plain


def test_a_keep_read_quickly_is_the_action_parse_action_reads():
    """A keep written as the engine writes it is read without parse_action: to the same action."""
    rules = CUTTHROAT
    quick = QuickReplay(rules)
    rng = random.Random(5)
    for seed in range(300):
        trace = random_hand_tokens(rules, seed)
        for token in trace.tokens:
            known = quick._action(token)
            assert known is not None and known[0] == parse_action(token) and known[1] is parse_action(token).kind
        ten = rng.sample(sorted(quick.card), 5)
        for token in ("keep " + " ".join(ten), "keep " + " ".join(ten[:4] * 1 + ten[:1]), "KEEP " + " ".join(ten)):
            known = quick._action(token)
            try:
                parsed = parse_action(token)
            except NotationError:
                assert known is None
            else:
                assert known is None or known[0] == parsed
