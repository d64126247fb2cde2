"""The browser table of uno_web (runs in Pyodide through PyScript; docs/table.md).

- :mod:`.session`    the table session: seats, bots, recorder, validator entries, saves, replays
- :mod:`.view`       ``view(session, seat)``: what the screen shows, as plain data
- :mod:`.render`     views to HTML strings
- :mod:`.controller` the only module importing ``pyscript`` / ``js``: events, timers, storage
- :mod:`.boot`       what index.html runs
"""
