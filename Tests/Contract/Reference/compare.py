#!/usr/bin/env python3
"""Differential test: `feel run` against the reference engine, scene by scene.

    python compare.py --feel PATH_TO_feel --scenes DIR [--tol-pt 0.01] [--tol-rad 1e-4]

For every DIR/*.toml (sorted), runs the reference engine in-process and `feel run SCENE`,
and compares every row, keyed by (frame, item):

- x_pt and y_pt within tol-pt (absolute, points);
- angle_rad within tol-rad (absolute, radians; angles are not wrapped);
  both against the reference value rounded to the 9 significant digits `feel run` prints
  (scene-format.md), so that a value printed exactly as the reference holds it agrees even
  where one printed digit is coarser than the tolerance (a dial's angle past 10 rad);
- the first frame whose `running` is 0 agrees within --pause-frames frames (default 1; a run
  that never pauses counts as pausing on the frame after its last); touch rows are left out
  of this check (they exist only while the finger is down);
- the same set of rows (no frame or item missing or extra): so the `touch:ID` rows of a
  scene with touches are on the same frames, and their x_pt, y_pt are compared as above;
- the same contact, rule and touch events (`--events`), in order: for each, its frame, its
  kind, and the item and what it touched ("item A boundary B", "item A item B"), the rule
  fired or the touch (the pause, checked above, and
  what pause rules fire are left out); a drag-ended's release velocity (and omega) within
  RELEASE_VELOCITY_TOLERANCE_ABS + RELEASE_VELOCITY_TOLERANCE_REL × |value|
  (1e-6 pt/s + 1e-6 relative).

Prints one line per failing scene, naming its worst frame, column and values, then a last
line exactly `N passed, M failed`; exits 1 if any scene failed.

`--feel` may also name a Python script (path ending in .py), which is run with this
interpreter; reference_feel.py is such a stand-in, for testing this program.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

import reference_engine as ref
import reference_touch as touch_model

#: Columns compared, with the tolerance that applies to each.
POSITION_COLUMNS = ("x_pt", "y_pt")
ANGLE_COLUMNS = ("angle_rad",)
#: The pause frame may differ by this many frames (default of --pause-frames).
PAUSE_FRAME_TOLERANCE = 1
#: A drag-ended's release velocity (pt/s) and omega (rad/s): both sides fit the same sample
#: values by least squares in double precision (about 1e-12 relative apart); feel prints 9
#: significant digits (scene-format.md: "at least 9"), at most 5e-9 relative off; a rotate
#: drag's pivot (the item's centre) may carry float32 rounding on one side, about 1e-7
#: relative in omega. A different window or sample choice differs by far more (> 1e-3).
RELEASE_VELOCITY_TOLERANCE_ABS = 1e-6
RELEASE_VELOCITY_TOLERANCE_REL = 1e-6

Rows = dict[tuple[int, str], dict[str, float]]

#: pybox2d holds the GIL and shares Box2D's globals: one reference simulation at a time,
#: while the `feel` processes run in parallel.
_REFERENCE_LOCK = threading.Lock()


def parse_csv(text: str) -> Rows:
    """Parse `feel run` output into {(frame, item): {column: value}}. Raises ValueError on
    a wrong header, a malformed row or a repeated (frame, item)."""
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None or ",".join(header) != ref.CSV_HEADER:
        raise ValueError(f"header is {','.join(header) if header else '(empty)'!r}, expected {ref.CSV_HEADER!r}")
    rows: Rows = {}
    for line_number, fields in enumerate(reader, start=2):
        if not fields:
            continue
        if len(fields) != len(header):
            raise ValueError(f"line {line_number}: {len(fields)} fields, expected {len(header)}")
        record = dict(zip(header, fields))
        try:
            key = (int(record["frame"]), record["item"])
            values = {name: float(record[name]) for name in header if name not in ("frame", "item")}
        except ValueError as error:
            raise ValueError(f"line {line_number}: {error}") from None
        if key in rows:
            raise ValueError(f"line {line_number}: frame {key[0]} item {key[1]!r} printed twice")
        rows[key] = values
    return rows


def rows_by_key(rows: list[ref.Row]) -> Rows:
    """The reference engine's rows in the same shape as parse_csv's."""
    return {
        (r.frame, r.item): {
            "t_s": r.t_s, "x_pt": r.x_pt, "y_pt": r.y_pt, "angle_rad": r.angle_rad,
            "vx_pt_s": r.vx_pt_s, "vy_pt_s": r.vy_pt_s, "omega_rad_s": r.omega_rad_s,
            "running": float(r.running),
        }
        for r in rows
    }


def as_printed(value: float) -> float:
    """`value` as `feel run` prints it: 9 significant digits."""
    return float(f"{value:.9g}")


def first_paused_frame(rows: Rows, item: str) -> int | None:
    """The first frame whose `running` is 0 for this item's rows, or None."""
    frames = [frame for (frame, name), values in rows.items() if name == item and values["running"] == 0]
    return min(frames) if frames else None


def compare_rows(expected: Rows, actual: Rows, tol_pt: float, tol_rad: float,
                 pause_frames: int = PAUSE_FRAME_TOLERANCE) -> str | None:
    """None when `actual` matches `expected` (the reference) within tolerance, else a
    one-line description of the worst mismatch."""
    missing = sorted(set(expected) - set(actual))
    extra = sorted(set(actual) - set(expected))
    if missing:
        frame, item = missing[0]
        return f"{len(missing)} rows missing, first frame {frame} item {item!r}"
    if extra:
        frame, item = extra[0]
        return f"{len(extra)} unexpected rows, first frame {frame} item {item!r}"

    worst = None  # (error / tolerance, description)
    for key in sorted(expected):
        for columns, tolerance in ((POSITION_COLUMNS, tol_pt), (ANGLE_COLUMNS, tol_rad)):
            for column in columns:
                want, got = expected[key][column], actual[key][column]
                error = abs(got - as_printed(want))
                if error != error:  # NaN on either side
                    error = float("inf")
                if error > tolerance and (worst is None or error / tolerance > worst[0]):
                    worst = (
                        error / tolerance,
                        f"frame {key[0]} item {key[1]!r} {column}: reference {want!r}, feel {got!r} "
                        f"(error {error:.3g} > {tolerance:g})",
                    )
    if worst is not None:
        return worst[1]

    last_frame = max(frame for frame, _ in expected)
    for item in sorted({name for _, name in expected if not name.startswith(touch_model.TOUCH_ROW_PREFIX)}):
        want = first_paused_frame(expected, item)
        got = first_paused_frame(actual, item)
        want_or_after = want if want is not None else last_frame + 1
        got_or_after = got if got is not None else last_frame + 1
        if abs(want_or_after - got_or_after) > pause_frames:
            return (
                f"item {item!r} running: reference pauses at frame {want if want is not None else 'never'}, "
                f"feel at frame {got if got is not None else 'never'}"
            )
    return None


def feel_command(feel: str, scene: Path) -> list[str]:
    """The command that runs `feel run SCENE` (a .py stand-in runs with this Python)."""
    if feel.endswith(".py"):
        return [sys.executable, feel, "run", str(scene), "--events"]
    # pybox2d's Box2D moves a body back to a time of impact with the older float32 form of
    # the sweep advance; `--engine pybox2d` makes feel do the same, so that the comparison
    # checks everything else to the bit (see Sources/FeelEngine/Box2D/EngineOptions.swift).
    return [feel, "run", "--engine", "pybox2d", "--events", str(scene)]


def with_profile(text: str, profile: str) -> str:
    """The scene text with its top-level `profile` key set to `profile` (the key goes first,
    where it is top level whatever follows)."""
    kept = [line for line in text.splitlines() if not re.match(r"\s*profile\s*=", line)]
    return "\n".join([f'profile = "{profile}"'] + kept) + "\n"


class EventKey(NamedTuple):
    """An event as both engines can be compared on it: its frame, kind, the boundary, rule
    number or touch it names, and for a drag-ended the release velocity (vx, vy[, omega])."""

    frame: int
    kind: str
    name: str
    values: tuple[float, ...] = ()


def parse_events(text: str) -> list[EventKey]:
    """`feel run --events` output (frame,t_s,event,detail) as comparable keys: contacts by
    their whole detail ("item X boundary B", "item A item B"), rules by 0-based number
    ("rule 1 (…) …" → "0"),
    touch events by touch ("touch ID [velocity VX VY] [omega W]" → ID and the numbers).
    Pause events and rules fired by a pause are left out. Raises ValueError if malformed."""
    reader = csv.reader(io.StringIO(text))
    if next(reader, None) != ["frame", "t_s", "event", "detail"]:
        raise ValueError("events header is not frame,t_s,event,detail")
    keys = []
    for line_number, fields in enumerate(reader, start=2):
        if not fields:
            continue
        if len(fields) != 4:
            raise ValueError(f"events line {line_number}: {len(fields)} fields, expected 4")
        frame, _, event, detail = fields
        if event in ("contact-began", "contact-ended"):
            if re.fullmatch(r"item .* (boundary|item) .*", detail) is None:
                raise ValueError(f"events line {line_number}: contact detail {detail!r}")
            keys.append(EventKey(int(frame), event, detail))
        elif event == "rule-fired":
            match = re.match(r"rule (\d+) \((.*?)\)", detail)
            if match is None:
                raise ValueError(f"events line {line_number}: rule detail {detail!r}")
            if match.group(2) != "pause":
                keys.append(EventKey(int(frame), event, str(int(match.group(1)) - 1)))
        elif event in touch_model.TOUCH_EVENTS:
            try:
                touch_id, values = touch_model.parse_touch_detail(detail)
            except ValueError as error:
                raise ValueError(f"events line {line_number}: {error}") from None
            keys.append(EventKey(int(frame), event, touch_id, values))
    return keys


def events_by_key(events: list[ref.Event]) -> list[EventKey]:
    """The reference engine's events in the same shape as parse_events's."""
    keys = []
    for e in events:
        if e.event in ("contact-began", "contact-ended"):
            keys.append(EventKey(e.frame, e.event, e.detail))
        elif e.event == "rule-fired":
            match = re.match(r"rule (\d+) \((.*?)\)", e.detail)
            if match.group(2) != "pause":
                keys.append(EventKey(e.frame, e.event, match.group(1)))
        elif e.event in touch_model.TOUCH_EVENTS:
            touch_id, values = touch_model.parse_touch_detail(e.detail)
            keys.append(EventKey(e.frame, e.event, touch_id, values))
    return keys


def same_event(want: EventKey, got: EventKey) -> bool:
    """Equal frame, kind and name, and release velocities within tolerance."""
    if want[:3] != got[:3] or len(want.values) != len(got.values):
        return False
    return all(
        abs(w - g) <= RELEASE_VELOCITY_TOLERANCE_ABS + RELEASE_VELOCITY_TOLERANCE_REL * abs(w)
        for w, g in zip(want.values, got.values)
    )


def compare_events(expected: list[EventKey], actual: list[EventKey]) -> str | None:
    """None when the event sequences are equal, else where they first differ."""
    for index, (want, got) in enumerate(zip(expected, actual)):
        if not same_event(want, got):
            return f"event {index + 1}: reference {tuple(want)}, feel {tuple(got)}"
    if len(expected) != len(actual):
        shorter = min(len(expected), len(actual))
        extra = (expected if len(expected) > len(actual) else actual)[shorter]
        who = "reference" if len(expected) > len(actual) else "feel"
        return f"{who} has {abs(len(expected) - len(actual))} more events, first {tuple(extra)}"
    return None


def link_folders(scene_dir: Path, work_dir: Path) -> None:
    """Make the folders beside the scenes (trace files) visible from work_dir, so that the
    copies' relative `file = …` paths still resolve."""
    for entry in scene_dir.iterdir():
        if entry.is_dir():
            try:
                (work_dir / entry.name).symlink_to(entry.resolve(), target_is_directory=True)
            except FileExistsError:
                pass


def check_scene(feel: str, scene_path: Path, tol_pt: float, tol_rad: float,
                profile: str | None = None, work_dir: Path | None = None,
                pause_frames: int = PAUSE_FRAME_TOLERANCE) -> str | None:
    """None if `feel run` matches the reference on this scene, else why not. With `profile`,
    a copy of the scene in that profile (written to work_dir) is compared instead."""
    if profile is not None:
        link_folders(scene_path.parent, work_dir)
        copy = work_dir / scene_path.name
        copy.write_text(with_profile(scene_path.read_text(), profile))
        scene_path = copy
    try:
        with _REFERENCE_LOCK:
            result = ref.simulate(ref.load_scene(scene_path))
        expected = rows_by_key(result.rows)
        expected_events = events_by_key(result.events)
    except ref.SceneError as error:
        return f"reference engine refuses the scene: {error}"
    try:
        completed = subprocess.run(feel_command(feel, scene_path), capture_output=True, text=True, timeout=600)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"cannot run feel: {error}"
    if completed.returncode != 0:
        message = (completed.stderr.strip().splitlines() or ["(no message)"])[0]
        return f"feel exited with status {completed.returncode}: {message}"
    try:
        actual = parse_csv(completed.stdout)
        actual_events = parse_events(completed.stderr)
    except ValueError as error:
        return f"feel output: {error}"
    return compare_rows(expected, actual, tol_pt, tol_rad, pause_frames) or compare_events(expected_events, actual_events)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Compare `feel run` with the Box2D 2.3 reference engine.")
    parser.add_argument("--feel", required=True, help="path to the feel binary (or a .py stand-in)")
    parser.add_argument("--scenes", required=True, type=Path, help="directory of .toml scenes")
    parser.add_argument("--tol-pt", type=float, default=0.01, help="position tolerance, points (default 0.01)")
    parser.add_argument("--tol-rad", type=float, default=1e-4, help="angle tolerance, radians (default 1e-4)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="scenes checked at once (default: number of CPUs)")
    parser.add_argument("--profile", choices=["modern", "ios7"],
                        help="compare copies of the scenes set to this profile")
    parser.add_argument("--pause-frames", type=int, default=PAUSE_FRAME_TOLERANCE,
                        help=f"how many frames the pause may differ by (default {PAUSE_FRAME_TOLERANCE})")
    args = parser.parse_args(argv)

    scenes = sorted(args.scenes.glob("*.toml"))
    if not scenes:
        print(f"error: no .toml scenes in {args.scenes}", file=sys.stderr)
        return 2
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as work, ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        outcomes = list(pool.map(
            lambda s: check_scene(args.feel, s, args.tol_pt, args.tol_rad, args.profile, Path(work),
                                  args.pause_frames), scenes))
    failed = 0
    for scene, failure in zip(scenes, outcomes):
        if failure is not None:
            failed += 1
            print(f"FAIL {scene}: {failure}")
    print(f"({time.monotonic() - started:.1f} s)", file=sys.stderr)
    print(f"{len(scenes) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
