"""Random full hands per second (bidding included): our simulator against OpenSpiel's `euchre`.

    .venv/bin/python bench/random_hands.py            # about 3 s for each contender
    .venv/bin/python bench/random_hands.py --seconds 1

Every contender deals and plays whole hands, each decision (and, for OpenSpiel, each chance
outcome) drawn uniformly from the legal ones, in this one process. The contenders take
turns in twelve rounds, so a busy neighbour on the machine slows them all alike, and their time
is the process's CPU time, so that time spent waiting for a core is counted against none.
Goal: our four-hand figure at least 3 times OpenSpiel's (issue 34).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_lesson import CUTTHROAT, PARTNERSHIP, RAILROAD, TWO_HANDED, deal_hand
from euchre_lesson.play.playout import random_hands, rule_tables

GOAL = 3.0
SEED = 2024
ROUNDS = 12
# CPU time of this one process: a neighbour on a busy machine takes turns on the cores, which a wall clock would
# count against whichever contender was running then.
CLOCK = time.process_time
# OpenSpiel's rules as our switches (ARCHITECTURE.md: OpenSpiel is the referee): the dealer must pick up,
# stick the dealer, no lone defenders, only the maker may go alone, the dealer's left always leads; the 24-card deck.
AS_OPENSPIEL = replace(
    PARTNERSHIP,
    dealer_must_pick_up=True,
    stick_the_dealer=True,
    allow_lone_defender=False,
    partner_may_go_alone=False,
    opening_lead="dealer_left",
)


def openspiel_runner():
    import pyspiel

    game = pyspiel.load_game("euchre")
    rng = random.Random(SEED)
    choice = rng.choice

    def run(seconds: float) -> int:
        hands, start = 0, CLOCK()
        while CLOCK() - start < seconds:
            for _ in range(100):
                state = game.new_initial_state()
                while not state.is_terminal():
                    state.apply_action(choice(state.legal_actions()))
            hands += 100
        return hands

    description = (
        f"OpenSpiel euchre via pyspiel, {game.num_players()} players, "
        f"{game.max_chance_outcomes()}-card deck (9 to A), parameters {game.get_parameters()}"
    )
    return description, run


def simulator_runner(rules):
    rule_tables(rules)  # the tables are built once, outside the timing
    batches = iter(range(10**9))

    def run(seconds: float) -> int:
        hands, start = 0, CLOCK()
        while CLOCK() - start < seconds:
            random_hands(rules, 1000, SEED + next(batches))
            hands += 1000
        return hands

    return run


def engine_runner(rules):
    rng = random.Random(SEED)

    def run(seconds: float) -> int:
        hands, start = 0, CLOCK()
        while CLOCK() - start < seconds:
            state = deal_hand(rules, rng.randrange(rules.players), seed=rng)
            while not state.is_over:
                state = state.apply(rng.choice(state.legal_actions()))
            hands += 1
        return hands

    return run


def switches(rules) -> str:
    return ", ".join(f"{k}={v}" for k, v in rules.switches().items()) or "preset"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time for each contender (default 3)")
    args = parser.parse_args()

    openspiel, run_openspiel = openspiel_runner()
    contenders = {
        "openspiel": ("OpenSpiel euchre", run_openspiel),
        "ours4": (
            f"playout.random_hands, partnership as OpenSpiel ({switches(AS_OPENSPIEL)})",
            simulator_runner(AS_OPENSPIEL),
        ),
        "ours4_preset": ("playout.random_hands, partnership preset (24 cards)", simulator_runner(PARTNERSHIP)),
        "ours3": ("playout.random_hands, cutthroat preset (24 cards, dummy)", simulator_runner(CUTTHROAT)),
        "ours2": ("playout.random_hands, two-handed preset (24 cards)", simulator_runner(TWO_HANDED)),
        "ours4_railroad": (
            "playout.random_hands, railroad preset (25 cards, calling for best)",
            simulator_runner(RAILROAD),
        ),
        "engine4": ("HandState engine, partnership as OpenSpiel", engine_runner(AS_OPENSPIEL)),
        "engine3": ("HandState engine, cutthroat preset", engine_runner(CUTTHROAT)),
        "engine2": ("HandState engine, two-handed preset", engine_runner(TWO_HANDED)),
        "engine4_railroad": ("HandState engine, railroad preset", engine_runner(RAILROAD)),
    }
    done = {key: [0, 0.0] for key in contenders}
    for _ in range(ROUNDS):
        for key, (_, run) in contenders.items():
            start = CLOCK()
            done[key][0] += run(args.seconds / ROUNDS)
            done[key][1] += CLOCK() - start
    rate = {key: hands / seconds for key, (hands, seconds) in done.items()}

    print(f"Random full hands per second, bidding included, one process, Python {sys.version.split()[0]}")
    print(f"seed {SEED}, {ROUNDS} alternating rounds, about {args.seconds:g} s of CPU time each contender\n")
    print(f"  reference: {openspiel}")
    print("  chance nodes and decisions: random.Random.choice(state.legal_actions())\n")
    for key, (label, _) in contenders.items():
        hands, seconds = done[key]
        print(f"  {rate[key]:>10,.0f} hands/s  {label}  ({hands:,} hands in {seconds:.1f} s)")
    ratio = rate["ours4"] / rate["openspiel"]
    verdict = "goal met" if ratio >= GOAL else "goal NOT met"
    print(f"\n  ours / OpenSpiel (four-hand, same rules and deck): {ratio:.2f}x (goal >= {GOAL}x): {verdict}")
    print(
        f"  ours / HandState engine: partnership {rate['ours4'] / rate['engine4']:.0f}x, "
        f"cutthroat {rate['ours3'] / rate['engine3']:.0f}x, two-handed {rate['ours2'] / rate['engine2']:.0f}x, "
        f"railroad {rate['ours4_railroad'] / rate['engine4_railroad']:.0f}x"
    )


if __name__ == "__main__":
    main()
