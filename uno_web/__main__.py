"""``python -m uno_web COMMAND``: see ``python -m uno_web --help``."""

from __future__ import annotations

import os
import sys

from .cli import main

if __name__ == "__main__":
    code = main()
    try:
        sys.stdout.flush()
    except BrokenPipeError:  # the reader went away (| head): no "Exception ignored" message
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    sys.exit(code)
