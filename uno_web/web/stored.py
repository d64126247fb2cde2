"""What the page finds in the browser's storage, read in one place (pure Python).

Three things are stored, under keys scoped to the site's path (:func:`uno_web.web.app.storage_keys`):
the game in progress, the start screen's last settings and the preferences (bot speed, sound,
language). :func:`read_storage` reads all three and refuses what it cannot trust, each with a
:class:`Dropped` that says what was dropped and why; nothing refused is ever restored, and the
page says so (:meth:`Dropped.notice`, English here, Finnish in uno_web/i18n/fi_ui.py).

- **The game** is stored sealed (static/vault.js: AES-GCM with a key the page keeps in
  IndexedDB, and a number that grows with every save, checked against the highest one stored).
  A save that is not sealed, was sealed by an older version of the page, does not open (key
  gone, altered, sealed for another site's key) or is older than the last save (an earlier
  copy put back) is refused here or by the vault (:func:`vault_refusal`), and so is a sealed
  save that does not replay (:func:`~uno_web.web.session.restore`).
- **The settings** are the start form's choices: nothing secret, shown on the screen. They are
  read strictly (:meth:`~uno_web.web.session.TableSettings.from_json`): anything wrong drops
  them all, and the defaults are shown.
- **The preferences** are read field by field: a field that is not one of its values (or not
  a known field) is dropped, and the others are kept. The language is also read before Python
  starts (static/early.js), which trusts only ``"en"`` and ``"fi"`` too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from ..core.fields import excerpt, load_json
from ..core.words import Words
from ..i18n.phrases import said  # a phrase's English, its facts kept for the page's language
from ..i18n.verdicts import LANGS
from .session import SPEED_NAMES, SettingsError, TableSettings
from .view import DEFAULT_SPEED

__all__ = [
    "Prefs", "Dropped", "Found", "read_storage", "read_prefs", "read_settings", "vault_refusal",
    "SEALED_PREFIX", "OLD_SEALED_PREFIXES", "VAULT_REASONS", "MAX_STORED_CHARS",
]

#: how a save sealed by static/vault.js begins (``sealed2:N:IV:DATA``), and how saves of older
#: versions of the page began
SEALED_PREFIX = "sealed2:"
OLD_SEALED_PREFIXES = ("sealed1:",)
#: settings or preferences longer than this are not read at all
MAX_STORED_CHARS = 100_000

What = Literal["game", "settings", "preferences"]

#: why static/vault.js did not open a save (its reason codes), as a player reads it
VAULT_REASONS: dict[str, str] = {
    "no-vault": "this browser offers no protected storage on this page",
    "old": "it was saved by an older version of this page",
    "damaged": "it is damaged",
    "key-gone": "the key that sealed it is gone (the site's data was cleared)",
    "altered": "it was altered, or sealed by another key",
    "rolled-back": "it is older than the last save: an earlier copy was put back",
}
NOT_SEALED = "it was not sealed by this page, so it may have been written or changed by hand"


@dataclass(frozen=True)
class Dropped:
    """Something stored that was not used, and why (a phrase that follows a colon)."""

    what: What
    reason: str

    def notice(self) -> str:
        if self.what == "game":
            return said(Words.of("stored.game", why=self.reason))
        if self.what == "settings":
            return said(Words.of("stored.settings", why=self.reason))
        return said(Words.of("stored.prefs", why=self.reason))


@dataclass(frozen=True)
class Prefs:
    """What the player chose about the table itself (not the game): remembered."""

    speed: str = DEFAULT_SPEED  # one of SPEED_NAMES
    sound: bool = False
    lang: str = ""  # "en" / "fi" chosen in the top bar; "": follow the browser
    tip_seen: bool = False  # the first-visit tip (the validator panel) was shown once

    @classmethod
    def from_json(cls, text: str | None) -> "Prefs":
        """Stored preferences, every field that cannot be used left at its default
        (:func:`read_prefs` says which and why)."""
        return read_prefs(text)[0]

    def to_json(self) -> str:
        data: dict[str, Any] = {"speed": self.speed, "sound": self.sound}
        if self.lang:
            data["lang"] = self.lang
        if self.tip_seen:
            data["tip_seen"] = True
        return json.dumps(data, separators=(",", ":"))


def read_prefs(text: str | None) -> tuple[Prefs, list[Dropped]]:
    """The stored preferences and what was dropped of them, one :class:`Dropped` per field. A
    field that is not one of its values is dropped (the others are kept); text that is not a
    JSON object drops them all."""
    if not text:
        return Prefs(), []
    if len(text) > MAX_STORED_CHARS:
        return Prefs(), [Dropped("preferences", said(Words.of("stored.too_large", big=MAX_STORED_CHARS)))]
    try:
        data = load_json(text)
    except ValueError:
        return Prefs(), [Dropped("preferences", "they are not JSON")]
    if not isinstance(data, dict):
        return Prefs(), [Dropped("preferences", "they are not a JSON object")]
    kept: dict[str, Any] = {}
    why: list[str] = []
    allowed = {"speed": SPEED_NAMES, "lang": LANGS}
    for key, value in data.items():
        if key in allowed:
            if isinstance(value, str) and value in allowed[key]:
                kept[key] = value
            else:
                why.append(said(Words.of("stored.not_one_of", notation=key,
                                          notation2=excerpt(value, 20),
                                          notation3=", ".join(allowed[key]))))
        elif key in ("sound", "tip_seen"):
            if isinstance(value, bool):
                kept[key] = value
            else:
                why.append(said(Words.of("stored.not_bool", notation=key,
                                          notation2=excerpt(value, 20))))
        else:
            why.append(said(Words.of("stored.unknown", notation=excerpt(key, 20))))
        if len(why) == 3:
            break
    return Prefs(**kept), [Dropped("preferences", reason) for reason in why[:3]]


def read_settings(text: str | None) -> tuple[TableSettings, Dropped | None]:
    """The stored start-screen settings, or the defaults and why the stored ones were
    refused."""
    default = TableSettings(players=2, levels=("easy",))
    if not text:
        return default, None
    if len(text) > MAX_STORED_CHARS:
        return default, Dropped("settings", said(Words.of("stored.too_large", big=MAX_STORED_CHARS)))
    try:
        return TableSettings.from_json(text), None
    except SettingsError as exc:
        return default, Dropped("settings", str(exc)[:240])


def vault_refusal(code: str) -> Dropped:
    """The saved game refused by static/vault.js with reason ``code``."""
    code = code.strip().split("\n")[-1].split(":")[-1].strip()  # a JS Error's text: its message
    return Dropped("game", VAULT_REASONS.get(code) or said(Words.of("stored.not_opened",
                                                                     notation=excerpt(code, 60))))


@dataclass
class Found:
    """What storage held, read: the sealed save for the vault to open ("" when there is none
    to open), the settings and preferences to use, and what was dropped."""

    sealed: str = ""
    settings: TableSettings = field(default_factory=lambda: TableSettings(players=2, levels=("easy",)))
    prefs: Prefs = field(default_factory=Prefs)
    dropped: list[Dropped] = field(default_factory=list)

    def dropped_of(self, what: What) -> Dropped | None:
        return next((d for d in self.dropped if d.what == what), None)


def read_storage(*, game: str | None, settings: str | None, prefs: str | None,
                 can_unseal: bool) -> Found:
    """Everything the page stored, read. ``game`` is the stored save as it is (the vault opens
    a sealed one later: :attr:`Found.sealed`); ``can_unseal`` says whether this browser offers
    the vault here (WebCrypto and IndexedDB in a secure context)."""
    found = Found()
    found.settings, dropped = read_settings(settings)
    if dropped is not None:
        found.dropped.append(dropped)
    found.prefs, refused = read_prefs(prefs)
    found.dropped.extend(refused)
    if game:
        if game.startswith(OLD_SEALED_PREFIXES):
            found.dropped.insert(0, Dropped("game", VAULT_REASONS["old"]))
        elif not game.startswith(SEALED_PREFIX):
            found.dropped.insert(0, Dropped("game", NOT_SEALED))
        elif not can_unseal:
            found.dropped.insert(0, Dropped("game", VAULT_REASONS["no-vault"]))
        else:
            found.sealed = game
    return found
