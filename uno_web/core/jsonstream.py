"""JSON text read piece by piece: a document's values one at a time, without reading the rest.

:class:`JsonStream` reads a JSON document from text, bytes or a file in chunks and lets its
caller walk the outer objects and arrays itself (:meth:`~JsonStream.peek`,
:meth:`~JsonStream.take`, :meth:`~JsonStream.key`) while each inner value is decoded whole by
the standard library's decoder (``json.JSONDecoder.raw_decode``, in C). So a caller that stops
at the first problem (the game-log validator) reads no further than that problem, and holds
no more than one value and one chunk of text at a time.

The same limits as :func:`uno_web.core.fields.load_json` hold, in reading order: at most
``limit`` bytes (characters for text) are read, nesting deeper than
:data:`~uno_web.core.fields.MAX_JSON_DEPTH` is refused, and so are text that is not UTF-8 (or
the UTF-16/32 that ``json.detect_encoding`` finds), ``NaN`` and ``Infinity``. A fault past the
readable text is raised only when the caller reads up to it: the first fault in reading order
is the one reported. Every fault is a :class:`JsonFault` (a ``ValueError``) whose message is
the one ``load_json`` gives for the same document (``invalid JSON: Expecting ',' delimiter at
line 3 column 9``), syntax errors included: they are the standard decoder's own messages, with
the line and column counted over the whole document.
"""

from __future__ import annotations

import codecs
import json
import re
from typing import IO, Any, Callable, Iterator

from .fields import MAX_JSON_DEPTH

__all__ = ["JsonFault", "TooLarge", "JsonStream", "CHUNK_CHARS"]

CHUNK_CHARS = 1 << 16
"""How much is read at a time (bytes, or characters for text)."""

_WS = re.compile(r"[ \t\n\r]*")
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[{]|[\]}]', re.S)
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_NOT_MARKS = bytes(b for b in range(256) if b not in b'"[]{}')  # deleted: all but "[]{}
_UNIFY = bytes.maketrans(b"[{]}", b"(())")  # brackets of either kind, for counting depth
_NEAR_END = 16  # a decoding error this close to the buffer's end may be the buffer's end


class JsonFault(ValueError):
    """The document is not JSON the reader accepts; ``str()`` is one short line."""


class TooLarge(JsonFault):
    """The document goes on past the reader's limit."""


def _constant(name: str) -> Any:
    raise JsonFault(f"invalid JSON: {name} is not a JSON number")


_DECODER = json.JSONDecoder(parse_constant=_constant)


class JsonStream:
    """A JSON document read in chunks; see the module's docstring.

    ``source`` is text, bytes, or a file opened for reading (text or binary). ``limit`` is
    the most read: bytes for bytes and binary files, characters for text; reading past it
    raises :class:`TooLarge` where the limit falls, with ``too_large`` as its message
    (``{unit}`` in it becomes ``bytes`` or ``characters``). ``depth`` is the deepest nesting
    accepted."""

    def __init__(self, source: "str | bytes | bytearray | IO[str] | IO[bytes]", limit: int,
                 too_large: str, depth: int = MAX_JSON_DEPTH) -> None:
        if isinstance(source, str):
            import io

            source = io.StringIO(source)
        elif isinstance(source, (bytes, bytearray)):
            import io

            source = io.BytesIO(bytes(source))
        self._source = source
        self._limit = limit
        self._too_large = too_large
        self._max_depth = depth
        self.buf = ""  # the text read and not yet let go
        self.pos = 0  # where reading is, in buf
        self._base = 0  # the document offset (characters) of buf[0]
        self._lines = 0  # line breaks before buf[0]
        self._line_start = 0  # the document offset just past the last of them
        self._read = 0  # bytes (or characters) read from the source
        self._eof = False  # nothing more will come into buf
        self._fault: JsonFault | None = None  # what stands where the readable text ends
        self._decode: Callable[[bytes, bool], str] | None = None  # None: the source gives text
        self._pending = b""  # bytes of a character cut by a chunk's end
        self._binary: bool | None = None
        self._depth = 0  # nesting at self._scanned
        self._scanned = 0  # buf up to here is checked for depth (never inside a string)
        self.keep = True  # keep the text from the document's start (see rest()); False: let go

    # --- reading ------------------------------------------------------------------------

    def _raw(self, n: int) -> "str | bytes":
        room = self._limit - self._read
        data = self._source.read(min(n, room + 1))
        if self._binary is None:
            self._binary = isinstance(data, (bytes, bytearray))
        if len(data) > room:  # the limit falls inside this chunk
            data = data[:room]
            self._fault = TooLarge(self._too_large.format(
                unit="bytes" if self._binary else "characters"))
            self._eof = True
        elif not data:
            self._eof = True
        self._read += len(data)
        return data

    def _fill(self, at_least: int = CHUNK_CHARS, keep: bool = False) -> None:
        """Read more text into the buffer (at least ``at_least`` more, when there is); the
        text before the current position is let go unless ``keep``."""
        if self._eof:
            return
        if self.pos and not (keep or self.keep):
            self._let_go(self.pos)
        data = self._raw(max(at_least, CHUNK_CHARS))
        if self._binary:
            text = self._text_of(bytes(data))  # type: ignore[arg-type]
        else:
            text = data  # type: ignore[assignment]
        if not isinstance(text, str):
            raise TypeError("a log is read from text, bytes or a file")
        self.buf += text
        self._check_depth(self._scanned)

    def _let_go(self, upto: int) -> None:
        gone = self.buf[:upto]
        breaks = gone.count("\n")
        if breaks:
            self._lines += breaks
            self._line_start = self._base + gone.rindex("\n") + 1
        self._base += upto
        self.buf = self.buf[upto:]
        self.pos -= upto
        self._scanned -= upto

    def _text_of(self, data: bytes) -> str:
        if self._decode is None:
            while len(data) < 4 and not self._eof:  # the encoding shows in the first 4 bytes
                more = self._raw(4)
                data += more  # type: ignore[operator]
            self._decode = self._decoder_for(data)
            if data.startswith(codecs.BOM_UTF8):
                data = data[3:]
        data = self._pending + data
        final = self._eof and self._fault is None
        text = self._decode(data, final)
        return text

    def _decoder_for(self, head: bytes) -> Callable[[bytes, bool], str]:
        encoding = json.detect_encoding(head)
        if encoding in ("utf-8", "utf-8-sig"):
            return self._utf8
        incremental = codecs.getincrementaldecoder(encoding)("strict")

        def other(data: bytes, final: bool) -> str:
            self._pending = b""
            try:
                text: str = incremental.decode(data, final)
            except UnicodeDecodeError:
                self._stop(JsonFault("invalid JSON: not UTF-8 text"))
                return ""
            return text

        return other

    def _utf8(self, data: bytes, final: bool) -> str:
        try:
            text, used = codecs.utf_8_decode(data, "strict", final)
        except UnicodeDecodeError as exc:  # the text before the bad byte is still read
            text, used = codecs.utf_8_decode(data[: exc.start], "strict", False)
            self._stop(JsonFault("invalid JSON: not UTF-8 text"))
        self._pending = data[used:]
        return text

    def _stop(self, fault: JsonFault) -> None:
        """The readable text ends here (at the end of what is decoded): ``fault`` stands next."""
        self._fault = fault
        self._eof = True

    def _check_depth(self, start: int) -> None:
        """Refuse nesting deeper than the limit where it happens: the text from there on is not
        readable (a deep document overflows the JavaScript stack under Pyodide)."""
        if not self._shallow(start):
            self._check_depth_exactly(start)

    def _shallow(self, start: int) -> bool:
        """The quick check of the usual text (no escapes, no bracket inside a string, shallow):
        when it can tell that the new text stays within the depth limit, it records the depth
        and the checked end as :meth:`_check_depth_exactly` would and returns True; else it
        returns False and changes nothing. It works on whole strings of marks rather than one
        regular-expression match per JSON string, which took a sixth of a log's validation."""
        seg = self.buf[start:]
        if "\\" in seg:  # an escaped quote may sit in a string: only the exact check knows
            return False
        end = len(seg)
        quotes = seg.count('"')
        if quotes % 2:  # a string still open at the end: check it when it is whole
            end = seg.rfind('"')
            quotes -= 1
        # the quotes and brackets alone: each string without a bracket in it is then '""', so
        # no bracket is inside a string when pairs of adjacent quotes, counted from the left
        # without overlap, take up every quote
        marks = seg[:end].encode("utf-8", "surrogatepass").translate(None, _NOT_MARKS)
        if marks.count(b'""') * 2 != quotes:  # a bracket inside a string
            return False
        # every bracket is outside strings: remove the innermost pairs, level by level; the
        # deepest point is at most the depth before + the unmatched openings + the levels
        rest = marks.translate(_UNIFY, b'"')
        levels = 0
        while b"()" in rest:
            if levels > self._max_depth:
                return False
            rest = rest.replace(b"()", b"")
            levels += 1
        opens = rest.count(b"(")
        if self._depth + opens + levels > self._max_depth:
            return False
        self._depth += opens - (len(rest) - opens)
        self._scanned = start + end
        return True

    def _check_depth_exactly(self, start: int) -> None:
        """:meth:`_check_depth` for any text: strings found with a regular expression."""
        seg = self.buf[start:]
        outside = _STRINGS.sub("", seg)
        quote = outside.find('"')
        if quote >= 0:  # a string still open at the end: check it when it is whole
            open_tail = len(outside) - quote
            outside = outside[:quote]
            resume = len(self.buf) - open_tail
        else:
            resume = len(self.buf)
        brackets = _NOT_BRACKETS.sub("", outside)
        depth = self._depth
        if brackets:
            import itertools

            steps = itertools.accumulate(map(_STEP.__getitem__, brackets), initial=depth)
            if max(steps) > self._max_depth:
                self._cut_at_depth(start)
                return
            depth += sum(map(_STEP.__getitem__, brackets))
        self._depth = depth
        self._scanned = resume

    def _cut_at_depth(self, start: int) -> None:
        depth = self._depth
        for m in _TOKENS.finditer(self.buf, start):
            token = m.group()
            if token in "[{":
                depth += 1
                if depth > self._max_depth:
                    self.buf = self.buf[: m.start()]
                    break
            elif token in "]}":
                depth -= 1
        self._scanned = len(self.buf)
        self._fault = JsonFault("invalid JSON: nested too deeply")
        self._eof = True

    # --- walking --------------------------------------------------------------------------

    def peek(self) -> str:
        """The next character that is not white space ('' at the end of the document); raises
        the fault that stands there, if one does."""
        while True:
            buf = self.buf
            pos = self.pos
            if pos < len(buf) and buf[pos] not in " \t\n\r":
                return buf[pos]
            pos = _WS.match(buf, pos).end()  # type: ignore[union-attr]
            self.pos = pos
            if pos < len(buf):
                return buf[pos]
            if self._eof:
                if self._fault is not None:
                    raise self._fault
                return ""
            self._fill()

    @property
    def offset(self) -> int:
        """Where reading is, in characters from the document's start (for progress)."""
        return self._base + self.pos

    def take(self, char: str) -> None:
        """Step over ``char``, which :meth:`peek` has just returned."""
        self.pos += 1

    def value(self) -> Any:
        """The next value, decoded whole (after :meth:`peek`)."""
        grow = CHUNK_CHARS
        while True:
            buf = self.buf
            try:
                value, end = _DECODER.raw_decode(buf, self.pos)
            except json.JSONDecodeError as exc:
                cut = exc.pos >= len(buf) - _NEAR_END or exc.msg.startswith("Unterminated string")
                if cut and not self._eof:
                    grow = self._more(grow)
                    continue
                if cut and self._fault is not None:
                    raise self._fault from None
                raise self.fault(exc.msg, exc.pos) from None
            except JsonFault:
                raise
            except RecursionError:
                raise JsonFault("invalid JSON: nested too deeply") from None
            except ValueError as exc:  # a number past the interpreter's digit limit
                text = str(exc)
                raise JsonFault("invalid JSON: a number has too many digits" if "digits" in text
                                else f"invalid JSON: {text[:80]}") from None
            if end == len(buf) and type(value) in (int, float):  # the number may go on
                if not self._eof:
                    grow = self._more(grow)
                    continue
                if self._fault is not None:
                    raise self._fault
            self.pos = end
            return value

    def whole_array(self) -> list[Any] | None:
        """After :meth:`peek` returned ``[``: the array decoded in one call, when the text read
        so far holds all of it and it decodes without a fault, and reading moves past it; else
        None, nothing moves, and the caller reads it with :meth:`items`. Nothing more is read
        from the source, so memory stays bounded as with :meth:`items`; the values are the ones
        :meth:`items` would give, and since a fault anywhere in the array gives None, the caller
        still meets the faults in reading order."""
        try:
            value, end = _DECODER.raw_decode(self.buf, self.pos)
        except (ValueError, RecursionError):  # cut by the buffer's end, or a fault: item by item
            return None
        if type(value) is not list:  # pragma: no cover - the caller saw "["
            return None
        self.pos = end
        return value

    def items(self) -> Iterator[Any]:
        """The values of the array whose ``[`` was just taken, decoded one at a time; its ``]``
        is taken after the last."""
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield self.value()
            buf, pos = self.buf, self.pos
            c = buf[pos] if pos < len(buf) else ""
            if c in ("", " ", "\t", "\n", "\r"):
                c = self.peek()
            if c == ",":
                self.pos += 1
                if self.peek() == "]":
                    self.syntax("[0,")
            elif c == "]":
                self.pos += 1
                return
            else:
                self.syntax("[0")

    def _more(self, grow: int) -> int:
        """Read more for a value cut by the buffer's end: each time as much again as the value
        so far, so that a long value costs time in proportion to its length."""
        self._fill(max(grow, len(self.buf) - self.pos))
        return grow * 2

    def key(self) -> str:
        """An object's key (after :meth:`peek` returned ``"``) and the ``:`` after it."""
        key = self.value()
        if self.peek() != ":":
            self.syntax('{"k"')
        self.pos += 1
        return key  # type: ignore[no-any-return]

    def syntax(self, before: str) -> None:
        """Raise the standard decoder's error for the text at the current position, as it
        stands after ``before`` (``'{"k":0'``: after a member's value; ``'[0'``: after an
        item; ``'{'``, ``'{"k":0,'``, ``'[0,'``)."""
        tail = self.buf[self.pos: self.pos + 1]
        try:
            json.loads(before + tail)
        except json.JSONDecodeError as exc:
            raise self.fault(exc.msg, self.pos + exc.pos - len(before)) from None
        raise JsonFault("invalid JSON")  # pragma: no cover - every caller passes a bad context

    def whole(self) -> str:
        """The whole document's text, read to its end (for a document that cannot be walked;
        only while :attr:`keep` has held the text from its start)."""
        assert self.keep and self._base == 0
        while not self._eof:
            self._fill(len(self.buf), keep=True)
        if self._fault is not None:
            raise self._fault
        return self.buf

    def fault(self, msg: str, pos: int) -> JsonFault:
        """``invalid JSON: msg at line L column C`` for a position in the buffer, counted over
        the whole document."""
        before = self.buf[:pos]
        breaks = before.count("\n")
        line = self._lines + breaks + 1
        start = self._base + before.rindex("\n") + 1 if breaks else self._line_start
        column = self._base + pos - start + 1
        return JsonFault(f"invalid JSON: {msg} at line {line} column {column}")

    def end(self) -> None:
        """The document must end here (white space aside)."""
        if self.peek() != "":
            self.syntax("{} ")
