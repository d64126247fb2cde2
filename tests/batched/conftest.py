"""The slow lock-step run (1,000 games of each supported preset) runs when asked for:
``pytest tests/batched -m slow``; otherwise it is reported as skipped with that command."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("-m") or ""):
        return
    later = pytest.mark.skip(reason="a long run: pytest tests/batched -m slow")
    for item in items:
        if "slow" in item.keywords and HERE in Path(str(item.fspath)).parents:
            item.add_marker(later)
