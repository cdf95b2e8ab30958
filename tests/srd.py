"""Where the SRD 5.1 source files are: beside the project (`../shared/data`), or beside the
folder that holds a second checkout of it. Not shipped: tests that judge what lnf read from
them against their own text (`needs_data`) skip where they are absent."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = next(
    (up / "shared" / "data" for up in ROOT.parents[:2] if (up / "shared" / "data").exists()),
    ROOT.parent / "shared" / "data",
)
needs_data = pytest.mark.skipif(not DATA.exists(), reason="the SRD files sit beside the project")
