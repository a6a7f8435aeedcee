"""Shared test settings: hypothesis profiles and small helpers."""

import os

from hypothesis import HealthCheck, settings

# CI and local runs use the same example counts, so a green local run means a green CI run.
settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
