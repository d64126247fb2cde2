"""The table app's screens, one module each: its intents (a table of handlers), what it shows
(``regions``) and its keys.  :class:`uno_web.web.app.App` holds the state and asks the
screens in turn (``App.dispatch``); docs/table.md ("The app by screen") lists who owns what.

- :mod:`.base`: :class:`~.base.Intent` (typed), :class:`~.base.Effects`, ``handler_table``
- :mod:`.page`: what every screen offers (top bar, notice, share panel)
- :mod:`.start`: the start screen (settings, Deal, Quick start, Resume)
- :mod:`.table`: the table (moves, keys, coach, the bots' timing)
- :mod:`.puzzles`: the chooser, a solitaire or a duel, their long work
- :mod:`.editor`: the position editor
- :mod:`.replay`: export, import and the replay
- :mod:`.stats`: the statistics page

Pass-and-play (:mod:`uno_web.web.passplay`) and rooms (:mod:`uno_web.web.room_screen`) follow
the same pattern in their own modules.
"""
