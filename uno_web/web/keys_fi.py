"""The colour picker's keys on a Finnish page: the initials of the Finnish colour names
(punainen, keltainen, vihreä, sininen), shown on the picker and accepted by the keyboard
(the English letters still work)."""

from __future__ import annotations

import re

__all__ = ["FI_COLOR_KEYS", "color_for_key", "relabel_color_keys"]

#: a key -> the colour code it picks, on a Finnish page (UNO colours only)
FI_COLOR_KEYS = {"p": "R", "k": "Y", "v": "G", "s": "B"}
_SHOWN = {code: key.upper() for key, code in FI_COLOR_KEYS.items()}
_KBD = re.compile(r'(data-color="([RYGB])"[^>]*>(?:(?!</button>).)*?<kbd aria-hidden="true">)'
                  r'[RYGB](</kbd>)', re.S)


def color_for_key(key: str, lang: str, deck_colors: set[str]) -> str:
    """The colour code a key picks on a ``lang`` page ("" none)."""
    if lang == "fi":
        code = FI_COLOR_KEYS.get(key, "")
        if code in deck_colors:
            return code
    return ""


def relabel_color_keys(html: str) -> str:
    """The picker's key labels as a Finnish page shows them."""
    return _KBD.sub(lambda m: f"{m.group(1)}{_SHOWN[m.group(2)]}{m.group(3)}", html)
