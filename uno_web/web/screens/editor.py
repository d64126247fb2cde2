"""The position editor's screen: open it (from the table, with the position on it), and its
``ed-*`` intents; the address follows a valid draft.  State: :class:`EditorState`
(``app.editor.draft``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.cards import card_str
from ..links import read_page
from .base import Effects, Intent, handler_table

if TYPE_CHECKING:
    from ...core.position import Position
    from ..app import App
    from ..editor import Editor

__all__ = ["EditorState", "handle", "open_editor", "regions"]


@dataclass
class EditorState:
    """What the editor keeps: the position being drafted (None before it is first opened)."""

    draft: Editor | None = None


def open_editor(app: App, position: Position | None, goal: str = "") -> Editor:
    """The editor with ``position`` on it (an empty draft when None)."""
    from ..editor import Editor, editor_from_query

    if position is not None:
        editor = Editor.from_position(position)
        editor.goal = goal or editor.goal
    else:
        editor = editor_from_query("")
    app.editor.draft = editor
    app.mode = "editor"
    app.share.open = False
    return editor


def _open(app: App, intent: Intent) -> Effects:
    """The top bar's Editor: the position on the table (as shared), else an empty draft."""
    s = app.table.session
    pos = None
    if s is not None and s.position is not None and app.mode == "table":
        pos = s.share_position(s.position.goal or "") if s.can_share() else s.position
    ed = open_editor(app, pos, pos.goal or "" if pos is not None else "")
    return Effects(url="?mode=editor&" + ed.query() if not ed.problem() else None,
                   close_help=True, focus="ed-target-hand-0")


def _draft(app: App) -> Editor | None:
    return app.editor.draft if app.mode == "editor" else None


def _followed(ed: Editor) -> Effects:
    """The address follows the draft while it is a valid position."""
    return Effects() if ed.problem() else Effects(url="?mode=editor&" + ed.query())


def _target(app: App, intent: Intent) -> Effects | None:
    if (ed := _draft(app)) is None:
        return None
    ed.target = intent.target if ed.zone_of(intent.target) else ed.target
    ed.note = ""
    return Effects(focus=f"ed-target-{ed.target}")


def _add(app: App, intent: Intent) -> Effects | None:
    if (ed := _draft(app)) is None:
        return None
    ed.add(card_str(intent.card) if intent.card is not None else intent.unread, intent.target)
    return _followed(ed)


def _remove(app: App, intent: Intent) -> Effects | None:
    if (ed := _draft(app)) is None:
        return None
    if intent.seat is not None:
        ed.remove(intent.target, intent.seat)
    return _followed(ed)


def _form(app: App, intent: Intent) -> Effects | None:
    if (ed := _draft(app)) is None:
        return None
    ed.read_form(intent.form)
    return _followed(ed)


def _open_link(app: App, intent: Intent) -> Effects | None:
    """A link pasted into the editor: its position replaces the draft."""
    if (ed := _draft(app)) is None:
        return None
    link = intent.value.strip()
    req = read_page(link.split("?", 1)[1] if "?" in link else link)
    if req.position is None:
        ed.note = req.error or "this link holds no position"
        return Effects()
    return _followed(open_editor(app, req.position, req.goal))


handle = handler_table({"editor": _open, "ed-target": _target, "ed-add": _add,
                        "ed-remove": _remove, "ed-form": _form, "ed-open": _open_link})


def regions(app: App) -> dict[str, str] | None:
    from ..editor import render_editor
    from ..render import REGIONS, render_notice, render_topbar

    if app.editor.draft is None:
        return None
    out = {name: "" for name in REGIONS}
    out["topbar"] = render_topbar("editor", app.table.session is not None, lang=app.lang)
    out["notice"] = render_notice(app.notice)
    out["start"] = render_editor(app.editor.draft, app.page_base, app.lang)
    return out
