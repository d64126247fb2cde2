"""uno_web: a pure-Python UNO rules engine, validator, AI and puzzles, for CPython and Pyodide."""

__version__ = "0.1.0"
