"""``python -m uno_web.room schema [-o FILE]``: the room log's JSON Schema with every message's
(``docs/room.schema.json``)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uno_web.room",
                                     description="The online room protocol's JSON Schema.")
    sub = parser.add_subparsers(dest="command", required=True)
    schema = sub.add_parser("schema", help="print the room log's JSON Schema (with the messages)")
    schema.add_argument("-o", "--output", help="write it to this file")
    args = parser.parse_args(argv)
    from .roomlog import room_json_schema

    text = json.dumps(room_json_schema(), indent=2) + "\n"
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
