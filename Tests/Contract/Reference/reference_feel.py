#!/usr/bin/env python3
"""A stand-in for the `feel` binary, backed by the reference engine, to test compare.py:

    python reference_feel.py run SCENE.toml [--events]

behaves like `feel run` (same CSV, same exit statuses). Set FEEL_STANDIN_OFFSET_PT to add
that many points to every x_pt from frame 30 on, to see compare.py fail.
"""

from __future__ import annotations

import os
import sys

import reference_engine as ref


def feel_events(events: list[ref.Event]) -> str:
    """The reference's events written as `feel run --events` writes them: contacts as
    "item ITEM boundary B" or "item A item B" (as the reference words them), rules numbered
    from 1."""
    lines = ["frame,t_s,event,detail"]
    for e in events:
        detail = e.detail
        if e.event == "rule-fired":
            number, _, rest = e.detail.removeprefix("rule ").partition(" ")
            detail = f"rule {int(number) + 1} {rest}"
        lines.append(f"{e.frame},{ref.format_number(e.t_s)},{e.event},{ref.csv_field(detail)}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if not argv or argv[0] != "run":
        print("usage: reference_feel.py run SCENE.toml [--events]", file=sys.stderr)
        return 2
    offset_pt = float(os.environ.get("FEEL_STANDIN_OFFSET_PT", "0"))
    try:
        scene = ref.load_scene(argv[1])
        result = ref.simulate(scene)
    except (ref.SceneError, IndexError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    for row in result.rows:
        if row.frame >= 30:
            row.x_pt += offset_pt
    sys.stdout.write(ref.format_rows(result.rows))
    if "--events" in argv[2:]:
        sys.stderr.write(feel_events(result.events))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
