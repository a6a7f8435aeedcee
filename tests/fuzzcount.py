"""A tally of fuzzed inputs, printed at the end of the test run."""

from collections import Counter

TALLY: Counter = Counter()


def count(kind: str) -> None:
    TALLY[kind] += 1
