"""English and Finnish: the validator's verdicts, the table, the editor and the course.

Pure Python (no browser, no pydantic), importable by the core's users on CPython and Pyodide.

- :mod:`uno_web.i18n.fi_reasons`: the Finnish of every reason code (explanation, message,
  forms) — add a new code's Finnish there;
- :mod:`uno_web.i18n.fi_ui`: the Finnish of every string the pages show (English text ->
  Finnish, with ``{placeholders}``) — add a new label there;
- :mod:`uno_web.i18n.verdicts`: verdicts in a language, written from their facts
  (:func:`verdict_dict` for the CLI, :func:`message_in` for a stored report, :func:`shown`
  for a verdict a page shows);
- :mod:`uno_web.i18n.fi_phrases` and :mod:`uno_web.i18n.phrases`: a
  :class:`~uno_web.core.words.Words` (a hint, a report's summary, a status line: a phrase key
  and its facts) in a language — add a new phrase's Finnish there;
- :mod:`uno_web.i18n.ui`: :func:`tr` and :func:`translate_html` for the pages.
"""

from .verdicts import (
    LANGS, card_name_in, color_name_in, explanation_in, message_in, pick_lang, rule_in, shown,
    verdict_detail, verdict_dict, verdict_message,
)

__all__ = [
    "LANGS", "pick_lang", "verdict_detail", "verdict_message", "verdict_dict",
    "message_in", "shown", "explanation_in", "rule_in", "card_name_in", "color_name_in",
]
