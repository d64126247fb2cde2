"""The slow lock-step run (1,000 games of each supported preset) runs when asked for:
``pytest tests/batched -m slow``; otherwise it is deselected (the CI cases in test_lockstep.py
hold the same comparison on fewer, shorter games)."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).parent


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if "slow" in (config.getoption("-m") or ""):
        return
    later = [item for item in items
             if "slow" in item.keywords and HERE in Path(str(item.fspath)).parents]
    if later:
        config.hook.pytest_deselected(items=later)
        items[:] = [item for item in items if item not in later]
