"""Trystero's room-level handshake as the build ships it (uno_web/site/vendor.py,
TRYSTERO_PATCHES): a side whose handshake timed out and ran again is answered by the side that
had already completed (docs/rooms-browser.md, "Finding the host").  Run under Node.js against
the vendored files, and against the same files with the edit taken out, which must show the
old fault (the side that ran again times out again)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from uno_web.site import vendor
from uno_web.site.vendor import BuildError, TRYSTERO_PATCHES, patch_trystero

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "static/vendor/trystero/core"
SCRIPT = Path(__file__).with_name("handshake_restart.mjs")

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="runs Node.js")


def run(core: Path) -> dict[str, object]:
    node = shutil.which("node")
    assert node, "Node.js is needed for this test"
    proc = subprocess.run([node, str(SCRIPT), str(core)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


@pytest.fixture(scope="module")
def vendored() -> Path:
    if not vendor.is_complete():
        assert vendor.main([]) == 0
    return CORE


def test_a_handshake_run_again_is_answered(vendored: Path) -> None:
    out = run(vendored)
    assert out["normal"] == {"a": 1, "b": 1}
    restart = out["restart"]
    assert isinstance(restart, dict)
    assert restart["before"] == {"a": 0, "b": 1, "aFailed": 1}  # the fault was set up
    assert restart["a"] == 1 and restart["b"] == 1 and restart["aFailedAgain"] == 0
    assert out["quiet"] == 0  # two active sides do not answer each other for ever


def test_without_the_edit_the_side_run_again_times_out_again(vendored: Path, tmp_path: Path) -> None:
    core = tmp_path / "core"
    shutil.copytree(vendored, core)
    for _name, rel, old, new in TRYSTERO_PATCHES:
        path = core / rel
        text = path.read_text(encoding="utf-8")
        assert text.count(new) == 1, rel
        path.write_text(text.replace(new, old), encoding="utf-8")
    out = run(core)
    assert out["normal"] == {"a": 1, "b": 1}
    restart = out["restart"]
    assert isinstance(restart, dict)
    assert restart["a"] == 0 and restart["aFailedAgain"] == 1


def test_an_edit_that_no_longer_applies_stops_the_build(vendored: Path, tmp_path: Path) -> None:
    core = tmp_path / "core"
    shutil.copytree(vendored, core)  # already edited: the original text is not there
    with pytest.raises(BuildError, match="does not apply"):
        patch_trystero(core)
