"""A relay for the online rooms on this machine: a WebTorrent tracker (npm ``bittorrent-tracker``).

The rooms' browsers find each other through WebTorrent trackers (docs/rooms-browser.md); the
public ones are named in ``static/room-config.js``.  For the browser tests, the bench and a
room on one machine or a LAN, run your own::

    .venv/bin/python -m uno_web.site.relay --port 8765             # ws://127.0.0.1:8765
    .venv/bin/python -m uno_web.site.relay --host <this computer's LAN address> --port 8765

and open ``static/room.html?relay=ws://127.0.0.1:8765``.  The tracker is installed with npm's
ordinary client into ``build/relay/`` (git-ignored) the first time, with ``--ignore-scripts``:
its client half pulls ``node-datachannel``, which fails to build here and which the server does
not use.  npm checks the tarball against the registry's integrity; the version is pinned.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from uno_web.site.vendor import REPO_ROOT, BuildError

TRACKER_VERSION = "11.2.3"
CACHE_DIR = REPO_ROOT / "build" / "relay"
SCRIPT = Path(__file__).with_name("relay.mjs")


def install(cache_dir: Path = CACHE_DIR) -> Path:
    """``bittorrent-tracker`` in ``cache_dir/node_modules`` (installed once); returns the folder
    the relay script runs from."""
    marker = cache_dir / "node_modules" / "bittorrent-tracker" / "package.json"
    if marker.is_file() and f'"version": "{TRACKER_VERSION}"' in marker.read_text(encoding="utf-8"):
        shutil.copy2(SCRIPT, cache_dir / SCRIPT.name)
        return cache_dir
    if shutil.which("npm") is None:
        raise BuildError("npm is needed to install the relay (bittorrent-tracker); install Node.js/npm")
    cache_dir.mkdir(parents=True, exist_ok=True)
    (cache_dir / "package.json").write_text('{"private": true, "type": "module"}\n', encoding="utf-8")
    proc = subprocess.run(["npm", "install", "--ignore-scripts", "--no-audit", "--no-fund",
                           f"bittorrent-tracker@{TRACKER_VERSION}"], cwd=cache_dir,
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0 or not marker.is_file():
        raise BuildError(f"npm install bittorrent-tracker@{TRACKER_VERSION} failed: "
                         f"{(proc.stderr or proc.stdout).strip()[-400:]}")
    shutil.copy2(SCRIPT, cache_dir / SCRIPT.name)
    return cache_dir


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def start(port: int, host: str = "127.0.0.1", cache_dir: Path = CACHE_DIR,
          timeout: float = 20.0, inherit_output: bool = False) -> subprocess.Popen[str]:
    """Start the relay on ``host:port`` and wait until it listens (the caller stops it).

    What the relay prints goes to a temporary file (or, with ``inherit_output``, to this
    process's own output), never to a pipe nobody reads: a relay that had printed a pipe's
    worth of warnings would stop at its next line, and every room on it with it."""
    folder = install(cache_dir)
    log = None if inherit_output else tempfile.TemporaryFile(mode="w+", encoding="utf-8")
    proc = subprocess.Popen(["node", SCRIPT.name, str(port), host], cwd=folder,
                            stdout=log, stderr=subprocess.STDOUT if log else None, text=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out = ""
            if log is not None:
                log.seek(0)
                out = log.read()
            raise BuildError(f"the relay stopped at once: {out.strip()[-400:]}")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise BuildError(f"the relay did not listen on {host}:{port} within {timeout:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_web.site.relay", description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args(argv)
    try:
        proc = start(args.port, args.host, inherit_output=True)
    except BuildError as exc:
        print(f"relay: {exc}", file=sys.stderr)
        return 1
    print(f"relay listening on ws://{args.host}:{args.port} (Ctrl-C stops it)")
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
