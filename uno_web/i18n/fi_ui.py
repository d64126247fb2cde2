"""The Finnish of every string the pages show: English text -> Finnish.

ONE PLACE to add a label: an entry here, keyed by the English text exactly as the page writes
it.  ``{placeholders}`` make an entry a pattern (see :mod:`uno_web.i18n.ui`): the Finnish must
use the same placeholder names (``tests/i18n/test_catalogues.py`` checks), with the Finnish
specs of :mod:`uno_web.i18n.grammar` (``{who:nosti|nostit}``).
"""

from __future__ import annotations

__all__ = ["UI_FI"]

UI_FI: dict[str, str] = {
}
