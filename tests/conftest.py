"""Shared test settings: hypothesis profiles and small helpers."""

import os
import tempfile

from hypothesis import HealthCheck, settings
from hypothesis.configuration import set_hypothesis_home_dir

# Hypothesis keeps caches on disk; keep them in a temporary folder, not in the checkout.
set_hypothesis_home_dir(tempfile.mkdtemp(prefix="euchre-hypothesis-"))

# CI and local runs use the same example counts, so a green local run means a green CI run.
# No example database: the tests write nothing outside temporary folders.
settings.register_profile("default", deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


def pytest_terminal_summary(terminalreporter):
    """Say how many inputs the fuzz tests tried, so the figure is in every CI log."""
    from fuzzcount import TALLY

    if TALLY:
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(TALLY.items()))
        terminalreporter.write_line(f"fuzzed inputs: {sum(TALLY.values())} ({kinds})")
