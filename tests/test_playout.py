"""The fast simulator agrees with the engine: same legal actions at every step, same result."""

import itertools
import random
from collections import Counter
from dataclasses import replace

import pytest

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, deal_hand, deck, replay
from euchre_lesson.engine import hand as engine
from euchre_lesson.engine import sequence
from euchre_lesson.engine.hand import replayed_actions
from euchre_lesson.engine.quick_replay import QuickReplay
from euchre_lesson.play.playout import random_hand_tokens, random_hands, rule_tables

SWITCHES = {
    "dealer_must_pick_up": (False, True),
    "may_name_turned_suit": (False, True),
    "stick_the_dealer": (False, True),
    "allow_lone_defender": (True, False),
    "opening_lead": ("left_of_lone", "dealer_left"),
    "partner_may_go_alone": (True, False),
}
PRESETS = (CUTTHROAT, PARTNERSHIP, TWO_HANDED, RAILROAD)
ALL_RULES = [
    replace(
        preset,
        deck=size,
        **dict(zip(SWITCHES, values)),
        call_for_best=random.Random(f"{preset.game}{size}{values}").random() < 0.5,
    )
    for preset in PRESETS
    for size in (24, 32, 25)
    for values in itertools.product(*SWITCHES.values())
]
HANDS_PER_RULE_SET = 3  # 768 rule sets: 2,304 hands


def replay_and_compare(trace) -> int:
    """Replay a simulated hand through HandState, checking every step; the steps compared."""
    state = deal_hand(trace.rules, trace.dealer, deal=trace.deal)
    steps = trace.steps
    for i, (seat, offered, chosen) in enumerate(steps):
        assert state.to_act == seat, f"step {i} ({state.phase}) of {trace.record()}"
        assert sorted(a.ascii for a in state.legal_actions()) == sorted(offered), (
            f"step {i} ({state.phase}) of {trace.record()}"
        )
        assert chosen in offered
        state = state.apply(chosen)
    assert state.is_over, trace.record()
    assert state.points == trace.points, trace.record()
    assert state.tricks_won == trace.tricks_won, trace.record()
    return len(steps)


@pytest.mark.slow
def test_every_step_of_random_hands_matches_the_engine_under_every_rule_set():
    hands = steps = 0
    for n, rules in enumerate(ALL_RULES):
        # Vary the scoring switches too, so the tables are read from the rule set.
        rules = replace(rules, lone_maker_march_points=(3, 4, 6)[n % 3], lone_vs_lone_euchre_points=(2, 4)[n // 3 % 2])
        for seed in range(HANDS_PER_RULE_SET):
            steps += replay_and_compare(random_hand_tokens(rules, n * 1000 + seed))
            hands += 1
    print(f"\nplayout vs engine: {hands} hands, {steps} steps compared under {len(ALL_RULES)} rule sets")
    assert hands >= 2000


def _features(trace) -> set[str]:
    """The rare branches a hand went through."""
    tokens, players = trace.tokens, trace.rules.players
    found = set()
    if trace.deal.up_card.is_joker:
        found.add("joker turned up (C3)")
    if "decline" in tokens:
        found.add("dealer declines (C7)")
    assert f"pickup {trace.deal.up_card.ascii}" not in tokens  # the up-card stays with the dealer (C7)
    passes = list(itertools.takewhile(lambda t: t == "pass", tokens))
    if len(passes) == 2 * players:
        found.add("thrown in (C9)")
    if trace.rules.stick_the_dealer and len(passes) == 2 * players - 1:
        found.add("stuck dealer names trump (C9)")
    if tokens.count("alone") == 2:
        found.add("maker and a defender both alone (C10, C11)")
    if "alone" in tokens and players == 4 and replay(trace.record()).lone_partner:
        found.add("the maker's partner goes alone (C10)")
    if tokens.count("alone") == 2 and any(token.startswith("give") for token in tokens):
        found.add("both lone players call for best (R3)")
    if trace.deal.up_card.suit is not None and f"call {trace.deal.up_card.suit.value}" in tokens[players:]:
        found.add("turned-down suit named (C8)")
    return found


RARE = {
    "joker turned up (C3)",
    "dealer declines (C7)",
    "thrown in (C9)",
    "stuck dealer names trump (C9)",
    "maker and a defender both alone (C10, C11)",
    "turned-down suit named (C8)",
}
RARE_IN = {
    "cutthroat": RARE,
    "partnership": RARE | {"the maker's partner goes alone (C10)"},
    "twohand": RARE - {"maker and a defender both alone (C10, C11)"},
    "railroad": RARE | {"the maker's partner goes alone (C10)", "both lone players call for best (R3)"},
}


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS, ids=lambda r: r.game)
def test_rare_branches_are_reached_and_match_the_engine(preset):
    """Hunt seeds for each rare branch (a throw-in is 1 hand in 4,096 of partnership) and replay them."""
    variants = [
        replace(preset, deck=25, stick_the_dealer=True, may_name_turned_suit=True),
        replace(preset, deck=25, dealer_must_pick_up=False),
    ]
    seen, rare = Counter(), RARE_IN[preset.game]
    for seed in range(40_000):
        rules = variants[seed % 2]
        only_throw_in_missing = all(seen[f] >= 2 for f in rare - {"thrown in (C9)"})
        if only_throw_in_missing and random_hands(rules, 1, seed)[0] != (0,) * rules.players:
            continue  # a cheap look: only a throw-in scores nothing for everyone
        trace = random_hand_tokens(rules, seed)
        new = {f for f in _features(trace) if seen[f] < 2}
        if new:
            replay_and_compare(trace)
            seen.update(new)
        if all(seen[f] >= 2 for f in rare):
            break
    print(f"\n{preset.game}: rare branches replayed: {dict(seen)} (seeds scanned: {seed + 1})")
    assert {f for f in rare if seen[f] < 2} == set()


@pytest.mark.parametrize(
    "rules",
    [CUTTHROAT, PARTNERSHIP, replace(PARTNERSHIP, deck=32, stick_the_dealer=True), TWO_HANDED, RAILROAD],
    ids=["cutthroat", "partnership", "partnership-32-stick", "twohand", "railroad"],
)
def test_the_fast_path_plays_the_same_hands_as_the_traced_one(rules):
    fast = [random_hands(rules, 1, seed)[0] for seed in range(300)]
    traced = [random_hand_tokens(rules, seed).points for seed in range(300)]
    assert fast == traced
    assert random_hands(rules, 300, 7) == random_hands(rules, 300, 7)
    assert random_hands(rules, 300, 7) != random_hands(rules, 300, 8)


def test_points_are_those_the_scoring_tables_allow():
    for rules in PRESETS:
        results = Counter(random_hands(rules, 20_000, seed=1))
        per_side = {p for points in results for p in points}
        allowed = {0} | {row.makers for row in rules.scoring} | {row.defenders for row in rules.scoring}
        assert per_side <= allowed
        # Every hand that is not thrown in scores someone.
        assert all(any(points) for points in results if points != (0,) * rules.players)
        assert sum(results.values()) == 20_000


def _chi_square(counts: Counter, cells: int) -> float:
    total = sum(counts.values())
    return sum((counts[i] - total / cells) ** 2 / (total / cells) for i in range(cells))


def test_choices_and_deals_are_uniform():
    """Each legal action is equally likely; so are the dealer and the up-card."""
    by_size: dict[int, Counter] = {}
    dealers, up_cards = {3: Counter(), 4: Counter()}, Counter()
    for seed in range(6000):
        trace = random_hand_tokens(CUTTHROAT if seed % 2 else PARTNERSHIP, seed)
        dealers[trace.rules.players][trace.dealer] += 1
        up_cards[trace.deal.up_card] += 1
        for _, _, options, chosen in trace.decisions:
            by_size.setdefault(len(options), Counter())[chosen] += 1
    checked = 0
    for size, counts in by_size.items():
        if size > 1 and sum(counts.values()) >= 50 * size:
            # Far beyond chance (chi-square with size-1 degrees of freedom at p ~ 1e-6).
            assert _chi_square(counts, size) < size - 1 + 7 * (2 * (size - 1)) ** 0.5 + 12, (size, counts)
            checked += 1
    assert checked >= 5
    assert all(len(dealers[n]) == n and _chi_square(dealers[n], n) < 30 for n in dealers)
    assert len(up_cards) == 24 and _chi_square(Counter({i: n for i, n in enumerate(up_cards.values())}), 24) < 70


@pytest.mark.parametrize("preset", PRESETS, ids=lambda r: r.game)
def test_random_hands_deal_what_deal_hand_deals_from_the_same_seed(preset):
    for size in (24, 32, 25):
        rules = replace(preset, deck=size)
        for seed in range(200):
            trace = random_hand_tokens(rules, seed)
            assert trace.deal == deal_hand(rules, trace.dealer, seed=seed).deal, (rules, seed)
            assert random_hands(rules, 1, seed) == [trace.points]


def test_the_deal_shuffles_as_random_shuffle_does_draw_for_draw():
    for size in (24, 32, 25):
        for seed in range(300):
            cards = list(deck(size))
            random.Random(seed).shuffle(cards)
            assert engine.shuffled(random.Random(seed), deck(size)) == cards


# House rules to come (issue 14), each written as a change to one question only: of the options (hand.py), or
# of the order of play (sequence.py).
HOUSE_RULES = {
    "the dealer may discard the up-card too": (
        engine,
        "discard_choices",
        lambda rules, hand, up_card: (*hand, up_card),
    ),
    "bid counter-clockwise": (
        sequence,
        "bidders",
        lambda rules, dealer: tuple((dealer - i) % rules.players for i in range(1, rules.players + 1)),
    ),
    "the dealer may always leave the up-card": (engine, "dealer_may_decline", lambda rules, maker, dealer: True),
    "everyone must name a suit in round two": (engine, "must_call", lambda rules, seat, dealer: True),
}


@pytest.fixture
def fresh_tables():
    """The playouts' tables worked out again for the test, and again after it."""
    rule_tables.cache_clear()
    yield
    rule_tables.cache_clear()


@pytest.mark.parametrize("house_rule", HOUSE_RULES)
def test_a_rule_changed_in_one_place_alone_reaches_the_playouts(house_rule, monkeypatch, fresh_tables):
    """The engine and the playouts (and, for the order of play, the quick replay) follow a question changed where
    it is written, and nowhere else."""
    module, question, answer = HOUSE_RULES[house_rule]
    monkeypatch.setattr(module, question, answer)
    steps, up_cards_laid_away, counter_clockwise = 0, 0, 0
    for rules in (CUTTHROAT, replace(PARTNERSHIP, deck=25), replace(CUTTHROAT, deck=32, dealer_must_pick_up=True)):
        quick = QuickReplay(rules)
        for seed in range(60):
            trace = random_hand_tokens(rules, seed)
            steps += replay_and_compare(trace)
            counter_clockwise += trace.steps[0][0] == (trace.dealer - 1) % rules.players
            if question == "bidders":  # the quick replay walks the same order (its option questions are its own)
                start = deal_hand(rules, trace.dealer, deal=trace.deal)
                assert quick(start, trace.tokens) in (None, replayed_actions(start, trace.tokens))
            assert trace.deal == deal_hand(rules, trace.dealer, seed=seed).deal
            up_cards_laid_away += f"pickup {trace.deal.up_card.ascii}" in trace.tokens
            if question == "must_call":
                assert trace.points != (0,) * rules.players  # never thrown in
    assert steps > 2000 and (up_cards_laid_away > 0) == (question == "discard_choices")
    assert (counter_clockwise > 100) == (question == "bidders"), counter_clockwise


def test_a_traced_hand_writes_the_record_the_engine_writes():
    for rules in PRESETS:
        for seed in range(20):
            trace = random_hand_tokens(rules, seed)
            assert trace.record() == replay(trace.record()).record()


@pytest.fixture
def fresh_seatings():
    """The seatings (and the playouts' tables made of them) worked out again for the test, and again after it."""
    sequence.seating.cache_clear()
    rule_tables.cache_clear()
    yield
    sequence.seating.cache_clear()
    rule_tables.cache_clear()


def test_who_leads_the_next_trick_is_the_order_of_plays_in_both_fast_paths(monkeypatch, fresh_seatings):
    """The playouts and the quick replay take who leads after a trick from sequence.after_trick (tabulated in the
    Seating), so a rule changed there alone reaches both: here, the loser of a two-handed trick leads the next."""

    def loser_leads(winner: int, tricks: int) -> sequence.Turn:
        return sequence.OVER if tricks == sequence.TRICKS_PER_HAND else sequence.Turn(sequence.Phase.PLAY, 1 - winner)

    monkeypatch.setattr(sequence, "after_trick", loser_leads)
    quick, played = QuickReplay(TWO_HANDED), 0
    for seed in range(40):
        trace = random_hand_tokens(TWO_HANDED, seed)
        if trace.points == (0, 0):
            continue  # thrown in: no tricks
        hand = quick(deal_hand(TWO_HANDED, trace.dealer, deal=trace.deal), trace.tokens)
        assert hand is not None and hand.tricks_won == trace.tricks_won
        assert all(later.leader == 1 - earlier.winner for earlier, later in zip(hand.tricks, hand.tricks[1:]))
        played += 1
    assert played > 20
