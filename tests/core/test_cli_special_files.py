"""``validate`` reads regular files only: a FIFO, a socket or a device, named directly or met in
a folder walk or a glob, is refused with exit 2 and a reason, and never opened (opening a FIFO
nobody writes to waits forever). Each case runs the real CLI in a subprocess with a timeout, so
a command that opens the FIFO fails the test instead of hanging it.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from uno_web.bulk import NotARegularFile, open_regular

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform == "emscripten",
                                reason="FIFOs and processes are POSIX features")
TIMEOUT = 60  # seconds; the command answers in about one


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "uno_web", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL)


def error_of(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 2, (done.returncode, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    message: str = json.loads(lines[0])["error"]
    return message


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder with one good log and a FIFO named like a log."""
    done = cli("record", "--players", "2", "--seed", "3", "--rounds", "1",
               "-o", str(tmp_path / "a.json"))
    assert done.returncode == 0, done.stderr
    os.mkfifo(tmp_path / "b.json")
    return tmp_path


@pytest.fixture
def unix_socket(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "s.json"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    sock.listen(1)
    try:
        yield path
    finally:
        sock.close()


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_fifo_named_directly_is_refused(folder: Path, workers: str) -> None:
    message = error_of(cli("validate", "--workers", workers, str(folder / "b.json")))
    assert "FIFO" in message and "not a regular file" in message and "b.json" in message


def test_a_fifo_in_a_folder_is_reported_and_the_other_logs_validated(folder: Path) -> None:
    done = cli("validate", str(folder))
    message = error_of(done)
    assert "1 of 2 logs could not be read" in message and "FIFO" in message
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    by_log = {line["log"]: line for line in lines if "log" in line}
    assert by_log[str(folder / "a.json")]["status"] == "valid"
    assert by_log[str(folder / "b.json")]["status"] == "unreadable"
    assert "FIFO" in by_log[str(folder / "b.json")]["error"]
    assert lines[-1]["summary"]["unreadable"] == 1


def test_a_fifo_matched_by_a_glob_is_reported(folder: Path) -> None:
    message = error_of(cli("validate", str(folder / "*.json")))
    assert "1 of 2 logs could not be read" in message and "FIFO" in message


def test_a_unix_socket_is_refused(unix_socket: Path) -> None:
    message = error_of(cli("validate", str(unix_socket)))
    assert "a socket, not a regular file" in message


def test_a_device_is_refused() -> None:
    message = error_of(cli("validate", os.devnull))
    assert "character device, not a regular file" in message


def test_a_link_to_a_fifo_is_refused(folder: Path) -> None:
    (folder / "link.json").symlink_to(folder / "b.json")
    message = error_of(cli("validate", str(folder / "link.json")))
    assert "FIFO" in message


def test_open_regular_opens_files_and_refuses_the_rest(folder: Path) -> None:
    with open_regular(str(folder / "a.json")) as f:
        assert f.read(1) == b"{"
    for path, what in ((folder / "b.json", "FIFO"), (folder, "folder")):
        with pytest.raises(NotARegularFile, match=what):
            open_regular(str(path))
    with pytest.raises(FileNotFoundError):
        open_regular(str(folder / "none.json"))


def test_tournament_merge_refuses_a_fifo(folder: Path) -> None:
    message = error_of(cli("tournament", "--merge", str(folder / "b.json")))
    assert message.startswith("tournament: cannot read") and "FIFO" in message
