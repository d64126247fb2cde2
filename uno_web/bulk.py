# uno_web: cli-only
"""Bulk work: many game logs validated and many tournament games played, on local processes or
on a Dask distributed cluster (``python -m uno_web validate``/``tournament``, ``--workers N``,
``--scheduler ADDRESS``).

**Inputs** of ``validate``: files, folders (every ``*.json`` and ``*.jsonl`` file under them,
hidden ones aside, in name order), glob patterns (``'logs/**/*.json'``, expanded here when the
shell did not), and ``-`` for standard input. A ``.jsonl`` file or a standard input of JSON Lines
holds one log a line, named ``FILE:LINE``. Files are read here, at most
:data:`~uno_web.core.gamelog.MAX_LOG_BYTES` a log, and their bytes are sent to the workers, so
the workers of a cluster need no access to the files. Only regular files are opened
(:func:`open_regular`): a FIFO, a socket or a device is an unreadable input with that reason.
At most :data:`BYTES_IN_FLIGHT` bytes of logs are out with the workers at a time, however many
there are (:func:`validate_many`).

**Results** come in input order whatever ran them: one JSON object a log, ``{"log": name,
"status": "valid" | "invalid" | "unreadable", ...}`` with the validator's report (the fields of
``validate``'s single-log output) or the ``error`` that made the log unreadable, and then a
summary (:func:`summarise`) with the counts per status and per reason code.

**Executors**: :class:`LocalExecutor` (this process with one worker, else a pool of processes)
and :class:`DaskExecutor` (a ``distributed.Client`` on a scheduler's address). Both run the same
function on the same inputs, so a cluster gives the local run's results; only timings differ.
:func:`uno_web.ai.tournament.run_tournament` takes either as its ``executor``.
"""

from __future__ import annotations

import collections
import errno
import glob
import json
import os
import re
import stat
import sys
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator, Sequence

from .core.gamelog import MAX_LOG_BYTES, LogError, validate_log

__all__ = [
    "LogInput", "kind_of", "find_logs", "read_stdin", "validate_one", "validate_many", "summarise",
    "Executor", "LocalExecutor", "DaskExecutor", "connect", "progress_bar", "SUFFIXES",
    "BulkError", "open_regular", "NotARegularFile", "MAX_WORKERS", "BYTES_IN_FLIGHT",
]

SUFFIXES = (".json", ".jsonl")
# a Dask address: tcp://host:8786, tls://..., inproc://10.0.0.1/123/1, or host:port
_ADDRESS = re.compile(r"[a-z][a-z0-9+.-]*://[\w.\-\[\]:/%]+|[\w.\-\[\]]+:[0-9]{1,5}")
_GLOB_CHARS = frozenset("*?[")


class BulkError(Exception):
    """Bad input to a bulk command as a whole (nothing to validate, no scheduler): exit 2."""


def _short(exc: "BaseException | str") -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 160 else text[:159] + "\u2026"


# ------------------------------------------------------------------------------------------
# inputs
# ------------------------------------------------------------------------------------------


class LogInput:
    """One log to validate: its name and its bytes, or a stream to read them from (standard
    input, validated in this process as it is read), or why it could not be read."""

    __slots__ = ("name", "data", "error", "stream")

    def __init__(self, name: str, data: bytes | None = None, error: str | None = None,
                 stream: "IO[bytes] | _Prepend | None" = None) -> None:
        self.name = name
        self.data = data
        self.error = error
        self.stream = stream

    def read(self) -> bytes:
        """The log's bytes (a stream is read here, no further than one byte past the size
        limit: the validator answers the same for them as for the whole stream)."""
        if self.data is None and self.stream is not None:
            self.data = self.stream.read(MAX_LOG_BYTES + 1)
            self.stream = None
        return self.data or b""

    def __repr__(self) -> str:
        return f"LogInput({self.name!r}, {'error' if self.error else len(self.data or b'')})"


def _files_under(folder: Path) -> list[str]:
    found: list[str] = []
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not name.startswith(".") and name.endswith(SUFFIXES):
                found.append(str(Path(root) / name))
    return found


_SPECIAL = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
            (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
            (stat.S_ISDIR, "a folder"))


def _not_regular(mode: int) -> str | None:
    """What a file of ``mode`` is when it is not a regular file, else None."""
    if stat.S_ISREG(mode):
        return None
    for test, what in _SPECIAL:
        if test(mode):
            return what
    return "not a regular file"


class NotARegularFile(OSError):
    """A path that names a FIFO, a socket, a device or a folder: never opened for a log."""


def open_regular(path: str) -> IO[bytes]:
    """``path`` opened for reading in binary, if it is a regular file (or a link to one).

    Anything else raises :class:`NotARegularFile` (an ``OSError`` whose ``strerror`` says what
    the path is) and is never opened: opening a FIFO waits for a writer (forever, for a FIFO
    nobody writes), and opening a device may do something of its own. The type is checked
    before the open and again on the open file (the path may change in between); the open is
    non-blocking, so even a FIFO swapped in at that moment cannot hang."""
    what = _not_regular(os.stat(path).st_mode)
    if what is None:
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
            | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
        try:
            what = _not_regular(os.fstat(fd).st_mode)
            if what is None:
                return os.fdopen(fd, "rb")
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)
    raise NotARegularFile(errno.EINVAL, f"{what}, not a regular file: only files are read", path)


def kind_of(arg: str) -> str:
    """``dir``, ``file``, ``missing``, or ``pattern`` (glob characters and no such path); a name
    the system cannot even look up (a NUL byte) is ``missing``: reading it says why."""
    if not arg.strip():
        return "missing"  # Path("") is the current folder: an empty name names no log
    try:
        path = Path(arg)
        if path.is_dir():
            return "dir"
        if path.exists():
            return "file"
    except (OSError, ValueError):
        return "missing"
    return "pattern" if _GLOB_CHARS & set(arg) else "missing"


def find_logs(args: Sequence[str]) -> list[str]:
    """The files named by ``args`` in order (folders and patterns expanded; ``-`` kept as is;
    a name that matches nothing kept, so that reading it says why). Raises :class:`BulkError`
    for a folder or pattern with no log in it."""
    out: list[str] = []
    for arg in args:
        if arg == "-":
            out.append(arg)
            continue
        kind = kind_of(arg)
        if kind == "dir":
            files = _files_under(Path(arg))
            if not files:
                raise BulkError(f"cannot read {_quote_path(arg)}: no .json or .jsonl log in the folder")
            out += files
        elif kind == "pattern":
            matches = sorted(glob.glob(arg, recursive=True))
            files = []
            for m in matches:
                p = Path(m)
                if p.is_dir():
                    files += _files_under(p)
                else:  # a FIFO or a device too: reading it says that it is not a file
                    files.append(m)
            if not files:
                raise BulkError(f"no log matches {_quote_path(arg)}")
            out += files
        else:
            out.append(arg)
    return out


def _quote_path(text: str) -> str:
    text = str(text)
    return repr(text if len(text) <= 40 else "\u2026" + text[-40:])


def _read_limited(f: IO[bytes]) -> bytes:
    return f.read(MAX_LOG_BYTES + 1)  # the loader refuses one byte more than its limit


def _lines(f: "IO[bytes] | _Prepend", name: str, first: int = 1) -> Iterator[LogInput]:
    """JSON Lines: one log a line. Of a line past the size limit the validator gets the first
    ``MAX_LOG_BYTES + 1`` bytes (the rest is skipped, not kept): it answers what it meets
    before the limit (an illegal first action) or that the log is too large, as it does for
    the same log in a file."""
    number = first - 1
    while True:
        line = f.readline(MAX_LOG_BYTES + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LOG_BYTES and not line.endswith(b"\n"):
            while True:  # skip the rest of the line
                rest = f.readline(1 << 20)
                if not rest or rest.endswith(b"\n"):
                    break
        if line.strip():
            yield LogInput(f"{name}:{number}", data=line)


def read_files(paths: Iterable[str], stdin: IO[bytes] | None = None) -> Iterator[LogInput]:
    """The logs of ``paths`` (files from :func:`find_logs`, ``-`` for ``stdin``), lazily."""
    for path in paths:
        if path == "-":
            assert stdin is not None
            yield from read_stdin(stdin)[1]
            continue
        try:
            with open_regular(path) as f:
                if path.endswith(".jsonl"):
                    yield from _lines(f, path)
                else:
                    yield LogInput(path, data=_read_limited(f))
        except OSError as exc:
            yield LogInput(path, error=f"cannot read {_quote_path(path)}: "
                           f"{exc.strerror or _short(exc)}")
        except ValueError as exc:  # a NUL byte in the name
            yield LogInput(path, error=f"cannot read {_quote_path(path)}: {_short(exc)}")


def _is_json_object(line: bytes) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except (ValueError, RecursionError):
        return False


def read_stdin(stdin: IO[bytes]) -> tuple[bool, Iterator[LogInput]]:
    """Standard input: JSON Lines (a first line that is a whole JSON object, and another log
    after it) or one log. Returns (is JSON Lines, the logs)."""
    first = stdin.readline(MAX_LOG_BYTES + 1)
    if first.strip() and first.endswith(b"\n") and _is_json_object(first):
        second = b""
        skipped = 0
        while not second.strip():
            second = stdin.readline(MAX_LOG_BYTES + 1)
            if not second:
                break
            skipped += 1
        if second.strip():
            def logs() -> Iterator[LogInput]:
                yield LogInput("-:1", data=first)
                yield from _lines(_Prepend(second, stdin), "-", first=1 + skipped)
            return True, logs()
        return False, iter([LogInput("-", data=first)])
    return False, iter([LogInput("-", stream=_Prepend(first, stdin))])


class _Prepend:
    """A byte stream with some bytes put back in front (a line already read)."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        self.head = head
        self.stream = stream

    def readline(self, limit: int = -1) -> bytes:
        if self.head:
            line, self.head = self.head, b""
            return line
        return self.stream.readline(limit)

    def read(self, n: int = -1) -> bytes:
        if not self.head:
            return self.stream.read(n)
        if n < 0 or n > len(self.head):
            out, self.head = self.head, b""
            return out + self.stream.read(-1 if n < 0 else n - len(out))
        out, self.head = self.head[:n], self.head[n:]
        return out


# ------------------------------------------------------------------------------------------
# validating
# ------------------------------------------------------------------------------------------


def validate_one(name: str, data: bytes) -> dict[str, Any]:
    """The result line of one log (runs on a worker: plain values in, plain values out)."""
    from .room.roomlog import RoomLogError, is_room_log_head, room_log_report

    if is_room_log_head(data[:256]):  # a room log (uno_web.room): verified
        try:
            room = room_log_report(data)
        except RoomLogError as exc:
            return {"log": name, "status": "unreadable", "error": _short(exc)}
        return {"log": name, "status": "valid" if room["valid"] else "invalid", **room}
    try:
        report = validate_log(data)
    except LogError as exc:
        return {"log": name, "status": "unreadable", "error": _short(exc)}
    except (ValueError, RecursionError, MemoryError) as exc:  # UnicodeDecodeError, JSON errors
        return {"log": name, "status": "unreadable", "error": f"cannot read: {_short(exc)}"}
    fields = json.loads(report.to_json())
    return {"log": name, "status": "valid" if report.valid else "invalid", **fields}


def _validate_input(item: LogInput) -> dict[str, Any]:
    if item.error is not None:
        return {"log": item.name, "status": "unreadable", "error": item.error}
    return validate_one(item.name, item.read())


MAX_WORKERS = 64
"""The most local processes ``--workers`` may ask for (``validate`` and ``tournament``). Each
is a Python with ``uno_web`` loaded (tens of MB before any log); past the machine's cores more
only cost memory."""

BYTES_IN_FLIGHT = 2 * MAX_LOG_BYTES
"""The most bytes of logs handed to an executor and not yet answered, whatever the number of
workers: a worker's memory while it validates grows with the log it holds, so this bounds
the memory of a run (a log larger than the budget still goes, alone)."""


def validate_many(items: Iterable[LogInput], executor: "Executor",
                  max_bytes: int = BYTES_IN_FLIGHT) -> Iterator[dict[str, Any]]:
    """The result of every log, in input order. Unreadable inputs are answered here; the
    others go to ``executor``, at most ``executor.window`` of them and at most ``max_bytes``
    of their bytes at a time (a larger log goes when nothing else is in flight). A log's
    bytes are let go once it is handed over, so this function holds no more than the logs in
    flight and the one it is about to hand over."""
    pending: collections.deque[tuple[LogInput, Any, int]] = collections.deque()
    window = executor.window
    in_flight = 0
    for item in items:
        if item.error is not None:
            pending.append((item, None, 0))
        else:
            data = item.read()
            size = len(data)
            while pending and (in_flight + size > max_bytes or len(pending) >= window):
                done = pending.popleft()
                in_flight -= done[2]
                yield _result(done[0], done[1])
            future = executor.submit(validate_one, item.name, data)
            item.data = None  # the executor holds the bytes now (or has answered already)
            del data
            pending.append((item, future, size))
            in_flight += size
        while pending and pending[0][1] is None:  # an unreadable input at the head: answered now
            yield _result(*pending.popleft()[:2])
    while pending:
        done = pending.popleft()
        yield _result(done[0], done[1])


def _result(item: LogInput, future: Any) -> dict[str, Any]:
    if future is None:
        return _validate_input(item)
    result: dict[str, Any] = future.result()
    return result


def summarise(results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Counts per status (``logs``, ``valid``, ``invalid``, ``unreadable``), per reason code
    of the invalid logs' failures (``codes``), and the actions checked."""
    counts = {"logs": 0, "valid": 0, "invalid": 0, "unreadable": 0}
    codes: collections.Counter[str] = collections.Counter()
    actions = 0
    for r in results:
        counts["logs"] += 1
        counts[r["status"]] += 1
        actions += r.get("actions_checked", 0)
        if r["status"] == "invalid":
            codes[r["failure"]["code"]] += 1
    return {**counts, "codes": dict(sorted(codes.items())), "actions_checked": actions}


# ------------------------------------------------------------------------------------------
# executors
# ------------------------------------------------------------------------------------------


class _Done:
    """A finished call, shaped like a future."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def result(self) -> Any:
        return self.value


#: platforms where Python cannot start another process (Pyodide is ``emscripten``): a pool of
#: local workers asked for there works in this process, and the summary says so
NO_PROCESSES = ("emscripten", "wasi")


class Executor:
    """Where the work runs: ``submit(fn, *args)`` returns something with ``result()``;
    ``window`` is how many calls may be in flight (inputs are read no further ahead)."""

    window = 1
    description: dict[str, Any] = {}

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        return _Done(fn(*args))

    def unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """``fn`` of every item, as they finish."""
        for item in items:
            yield fn(item)

    def close(self) -> None:
        pass

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class LocalExecutor(Executor):
    """This process (``workers=1``) or a pool of up to ``workers`` local processes.

    A process is started only when a call finds no idle one, so a run whose work is bounded
    by something else (the bytes in flight of :func:`validate_many`) starts no more processes
    than it keeps busy. (A pool that forks starts them all at once; where the system has it,
    the pool starts its processes from a fork server with ``uno_web`` already imported.)"""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self.description = {"workers": workers}
        self._pool: Any = None
        if workers > 1 and sys.platform in NO_PROCESSES:  # Pyodide: no process to start
            self.workers = 1
            self.description = {"workers": 1, "workers_asked": workers}
        elif workers > 1:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            methods = multiprocessing.get_all_start_methods()
            method = "forkserver" if "forkserver" in methods else "spawn"
            context = multiprocessing.get_context(method)
            if method == "forkserver":
                context.set_forkserver_preload(["uno_web.bulk", "uno_web.ai.tournament"])
            self._pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
            self.window = 4 * workers

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        if self._pool is None:
            return _Done(fn(*args))
        return self._pool.submit(fn, *args)

    def unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        if self._pool is None:
            yield from super().unordered(fn, items)
            return
        from concurrent.futures import as_completed

        yield from (f.result() for f in as_completed([self._pool.submit(fn, i) for i in items]))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(cancel_futures=True)
            self._pool = None


class DaskExecutor(Executor):
    """A Dask distributed cluster, through a client connected to its scheduler. The workers
    need ``uno_web`` installed (the same version) and nothing else: inputs travel as bytes."""

    def __init__(self, address: str, timeout: float = 10.0) -> None:
        self.address = address
        self.client = connect(address, timeout)
        threads = sum(self.client.nthreads().values()) or 1
        self.window = 4 * threads
        self.description = {"scheduler": address, "threads": threads}

    def submit(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self.client.submit(fn, *args, pure=False)

    def unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        from distributed import as_completed

        futures = [self.client.submit(fn, i, pure=False) for i in items]
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            yield future.result()

    def close(self) -> None:
        self.client.close()


def connect(address: str, timeout: float = 10.0) -> Any:
    """A ``distributed.Client`` on the scheduler at ``address``; :class:`BulkError` when Dask
    is not installed, the address is not one, or nobody answers within ``timeout`` seconds."""
    try:
        from distributed import Client
    except ImportError:
        raise BulkError("--scheduler needs Dask: pip install 'uno_web[dask]' "
                        "(dask[distributed])") from None
    if len(address) > 200 or not _ADDRESS.fullmatch(address):
        raise BulkError(f"not a scheduler address: {_quote_path(address)} (like tcp://host:8786)")
    try:
        return Client(address, timeout=timeout)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise BulkError(f"cannot reach the Dask scheduler at {_quote_path(address)}: "
                        f"{_short(exc)}") from None


# ------------------------------------------------------------------------------------------
# progress
# ------------------------------------------------------------------------------------------


class _NoBar:
    """A progress bar that draws nothing (tqdm is missing)."""

    def update(self, n: int = 1) -> None:
        pass

    def set_postfix_str(self, s: str = "", refresh: bool = True) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(total: int | None, unit: str, stream: IO[str], desc: str | None = None) -> Any:
    """A tqdm progress bar on ``stream`` (standard error): ``40%|####      | 2/5 logs, 1 invalid
    12.5 logs/s``, redrawn at most 5 times a second; ``total`` None when unknown. Call
    ``update(1)`` per item, ``set_postfix_str`` for counts, ``close()`` at the end. Where tqdm
    is not installed (Pyodide, a bare install) the work goes on without a bar."""
    try:
        from tqdm import tqdm
    except ImportError:
        return _NoBar()

    count = "{n_fmt}/{total_fmt}" if total else "{n_fmt}"
    head = "{percentage:3.0f}%|{bar:30}| " if total else ""
    return tqdm(total=total, file=stream, desc=desc, unit=f" {unit}", mininterval=0.2,
                bar_format=f"{{desc}}{head}{count} {unit}{{postfix}} {{rate_fmt}}")


def stdin_bytes() -> IO[bytes]:
    stream: IO[bytes] = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin  # type: ignore[assignment]
    return stream
