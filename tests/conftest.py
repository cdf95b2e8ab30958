from __future__ import annotations

import os
from collections.abc import Iterator
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


@pytest.fixture(autouse=True, scope="session")
def _parse_cache_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The tests keep lnf's parse cache out of the user's own cache folder."""
    old = os.environ.get("XDG_CACHE_HOME")
    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("cache"))
    yield
    if old is None:
        del os.environ["XDG_CACHE_HOME"]
    else:
        os.environ["XDG_CACHE_HOME"] = old
