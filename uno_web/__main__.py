"""``python -m uno_web COMMAND``: see ``python -m uno_web --help``."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
