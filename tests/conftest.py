from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

# One profile for every machine: derandomised so that CI runs are repeatable.
settings.register_profile(
    "lnf", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("lnf")


@pytest.fixture
def x1_path() -> Path:
    return EXAMPLES / "wight-and-skeletons.yaml"
