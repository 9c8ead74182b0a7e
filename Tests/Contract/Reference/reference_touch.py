"""Touches for the reference engine (tests only): finger traces, the tap / hold / drag
recognizer, the least-squares release velocity and the unwrapped angle of a rotate drag.

Written from the touch contract (docs/touches.md: keys, recognizer, timing, output),
independently of FeelLab's Swift code, so that the differential test checks two readings of
the same text. Every point where the contract is silent is decided in ONE named function or
constant of this file, marked "Choice:" in its doc comment and listed in README.md ("Choices
where the model page is silent"), so that the two teams' readings can be reconciled one by one.

Units: points (pt), seconds (s), radians (rad); scene coordinates, y down.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass, field
from pathlib import Path

# ---------------------------------------------------------------------------------------
# Defaults (the contract's [recognizer] table)
# ---------------------------------------------------------------------------------------

#: pt: a touch that moves farther than this from where it went down is a drag
#: (UILongPressGestureRecognizer.allowableMovement default).
DEFAULT_SLOP_PT = 10.0
#: s: a touch still down this long and not a drag is a hold (minimumPressDuration default).
DEFAULT_HOLD_S = 0.5
#: s: the release velocity is fitted over the samples of the last window.
DEFAULT_VELOCITY_WINDOW_S = 0.1

TOUCH_DOWN = "touch-down"
DRAG_BEGAN = "drag-began"
HOLD = "hold"
TAP = "tap"
DRAG_ENDED = "drag-ended"
TOUCH_UP = "touch-up"
#: Every recognizer event, in the order the contract lists them.
TOUCH_EVENTS = (TOUCH_DOWN, DRAG_BEGAN, HOLD, TAP, DRAG_ENDED, TOUCH_UP)

#: The `item` column of a touch's rows in `feel run` output: "touch:ID".
TOUCH_ROW_PREFIX = "touch:"

#: The header a trace CSV file must have.
TRACE_CSV_HEADER = ("t_s", "x_pt", "y_pt")


class TraceError(ValueError):
    """A finger trace that cannot be read or is malformed (the message names where)."""


@dataclass(frozen=True)
class Sample:
    """One finger sample: time t_s (s) and position (x_pt, y_pt)."""

    t_s: float
    x_pt: float
    y_pt: float


@dataclass
class Recognizer:
    """The scene's [recognizer] table."""

    slop_pt: float = DEFAULT_SLOP_PT
    hold_s: float = DEFAULT_HOLD_S
    velocity_window_s: float = DEFAULT_VELOCITY_WINDOW_S


@dataclass
class Touch:
    """A [[touch]]: a finger, down at its first sample and lifted at its last."""

    id: str
    samples: list[Sample]


# ---------------------------------------------------------------------------------------
# Traces
# ---------------------------------------------------------------------------------------


def generated_sample_times(at_s: float, duration_s: float, frame_rate_hz: float) -> list[float]:
    """Choice (generated sample times): a generated trace is sampled at the scene's frame
    rate on the grid of its own start: t_j = (at · frame_rate + j) / frame_rate for j = 0, 1,
    … while j < duration · frame_rate, then a last sample (the lift) at
    (at · frame_rate + duration · frame_rate) / frame_rate. Computed in frame units so that
    when `at` (and `at + duration`) are frame times the samples are exactly the frame times
    t_k = k / frame_rate (at + j / frame_rate would land one rounding above some of them, a
    frame late). Duration 0 gives a single sample."""
    start_frames = at_s * frame_rate_hz
    duration_frames = duration_s * frame_rate_hz
    times: list[float] = []
    j = 0
    while j < duration_frames:
        times.append((start_frames + j) / frame_rate_hz)
        j += 1
    end = (start_frames + duration_frames) / frame_rate_hz
    while times and times[-1] >= end:  # only if rounding put a sample on or past the lift
        times.pop()
    times.append(end)
    return times


def generated_trace(
    at_s: float, duration_s: float, start: tuple[float, float], end: tuple[float, float], frame_rate_hz: float
) -> list[Sample]:
    """A generated trace: `tap` and `hold` (start == end, the finger still) or `drag` (the
    finger moves from start to end at constant speed; the last sample is exactly `end`).
    Choice (drag position): sample j (not the last) is at start + (end − start) · fraction
    with fraction = j / (duration · frame_rate)."""
    times = generated_sample_times(at_s, duration_s, frame_rate_hz)
    samples = []
    for index, t_s in enumerate(times):
        if index == len(times) - 1:
            x_pt, y_pt = end
        else:
            fraction = index / (duration_s * frame_rate_hz)
            x_pt = start[0] + (end[0] - start[0]) * fraction
            y_pt = start[1] + (end[1] - start[1]) * fraction
        samples.append(Sample(t_s, x_pt, y_pt))
    return samples


def read_trace_csv(path: Path) -> list[Sample]:
    """A designer's recording: CSV with the header t_s,x_pt,y_pt, then one sample per row.
    Blank lines are skipped. Raises TraceError naming the file and the row."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise TraceError(f"{path}: cannot read: {error.strerror}") from error
    except UnicodeDecodeError as error:
        raise TraceError(f"{path}: not UTF-8 text ({error.reason})") from error
    rows = list(csv.reader(text.splitlines()))
    if not rows or tuple(cell.strip() for cell in rows[0]) != TRACE_CSV_HEADER:
        raise TraceError(f"{path}: line 1: expected the header {','.join(TRACE_CSV_HEADER)}")
    samples = []
    for line_number, cells in enumerate(rows[1:], start=2):
        if not cells or all(not cell.strip() for cell in cells):
            continue
        try:
            if len(cells) != 3:
                raise ValueError
            t_s, x_pt, y_pt = (float(cell) for cell in cells)
            if not all(math.isfinite(v) for v in (t_s, x_pt, y_pt)):
                raise ValueError
        except ValueError:
            raise TraceError(f"{path}: line {line_number}: expected three numbers t_s,x_pt,y_pt, got {','.join(cells)!r}") from None
        samples.append(Sample(t_s, x_pt, y_pt))
    if not samples:
        raise TraceError(f"{path}: expected at least one sample row after the header")
    return samples


def check_trace(samples: list[Sample], where: str) -> None:
    """Times start at 0 or later and increase strictly (raises TraceError)."""
    if not samples:
        raise TraceError(f"{where}: expected at least one sample")
    if samples[0].t_s < 0:
        raise TraceError(f"{where}: sample 1: expected t_s >= 0, got {samples[0].t_s!r}")
    for index in range(1, len(samples)):
        if not samples[index].t_s > samples[index - 1].t_s:
            raise TraceError(
                f"{where}: sample {index + 1}: times must increase "
                f"({samples[index].t_s!r} after {samples[index - 1].t_s!r})"
            )


# ---------------------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------------------


def frame_time_s(frame: int, frame_rate_hz: float) -> float:
    """t_k = k / frame_rate, computed as that quotient (not a running sum)."""
    return frame / frame_rate_hz


#: docs/touches.md, "Timing": a sample is due by frame k when t ≤ t_k + 1e-9 s, the slack
#: time rules have, so that a time written in decimals (0.2, 0.116666667 for 7/60) is
#: delivered on the frame it names although the quotient k / frame_rate rounds below it.
SAMPLE_DUE_TOLERANCE_S = 1e-9


def is_delivered_by(t_s: float, frame: int, frame_rate_hz: float) -> bool:
    """A sample with time t is delivered before frame k's step once t ≤ t_k + 1e-9 s
    (samples with t in (t_(k−1), t_k] arrive before frame k; t = 0 arrives before frame 1)."""
    return t_s <= frame_time_s(frame, frame_rate_hz) + SAMPLE_DUE_TOLERANCE_S


def hold_time_s(t_down_s: float, hold_s: float) -> float:
    """When a hold becomes due: touch-down time + hold (s)."""
    return t_down_s + hold_s


#: Choice (hold against the frame time): the hold fires on the first frame k with
#: k / frame_rate ≥ touch-down + hold − HOLD_DUE_TOLERANCE_S, the sum computed in double
#: precision. 0 (this reference): compared exactly, so a sum that rounds one ulp above a
#: frame time (14/60 + 0.5 > 44/60 in doubles) fires a frame later; the Swift reading fires
#: on that frame (as its time rules do with a 1e-9 s slack).
HOLD_DUE_TOLERANCE_S = 1e-9  # settled: the real-number meaning, as time rules compare


def hold_is_due(t_frame_s: float, t_hold_s: float) -> bool:
    """Whether a hold due at t_hold_s fires by the frame at t_frame_s."""
    return t_frame_s >= t_hold_s - HOLD_DUE_TOLERANCE_S


#: Choice (hold against samples in the same frame): within a frame, a due hold takes its
#: place among the samples in time order, at time touch-down + hold: samples earlier than
#: that are delivered (and may begin a drag or lift the finger) before the hold is
#: considered; samples at or after it come after the hold. So a lift at exactly
#: touch-down + hold follows the hold (no tap), and a drag that begins before that time in
#: the same frame cancels the hold.
HOLD_BEFORE_SAMPLE_AT_SAME_TIME = True

#: Choice (several touches in one frame): events are ordered by time; at equal times, by the
#: touch's order in the file, and within one touch a due hold before a sample.


def timeline_key(t_s: float, touch_index: int, is_hold: bool) -> tuple[float, int, int]:
    """The order of hold instants and samples within a frame (see the two choices above)."""
    return (t_s, touch_index, 0 if (is_hold and HOLD_BEFORE_SAMPLE_AT_SAME_TIME) else 1)


# ---------------------------------------------------------------------------------------
# Recognizer
# ---------------------------------------------------------------------------------------


def is_beyond_slop(down: Sample, sample: Sample, slop_pt: float) -> bool:
    """Farther than slop from the touch-down point (a move of exactly slop is not a drag).
    Distances are Euclidean (math.hypot)."""
    return math.hypot(sample.x_pt - down.x_pt, sample.y_pt - down.y_pt) > slop_pt


def inside_rectangle(point: tuple[float, float], rectangle: tuple[tuple[float, float], tuple[float, float]]) -> bool:
    """Choice (`within`): the rectangle is closed (a touch on its edge is inside) and its two
    corners may be given in either order."""
    (x1, y1), (x2, y2) = rectangle
    x, y = point
    return min(x1, x2) <= x <= max(x1, x2) and min(y1, y2) <= y <= max(y1, y2)


def least_squares_slope(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of value against time over (t, value) points: Σ(t − t̄)(v − v̄)
    / Σ(t − t̄)². Exact (to rounding) when the points lie on a line. 0 for fewer than two."""
    if len(points) < 2:
        return 0.0
    n = len(points)
    t_mean = sum(t for t, _ in points) / n
    v_mean = sum(v for _, v in points) / n
    numerator = sum((t - t_mean) * (v - v_mean) for t, v in points)
    denominator = sum((t - t_mean) ** 2 for t, _ in points)
    return numerator / denominator if denominator > 0 else 0.0


def release_slope(points: list[tuple[float, float]], window_s: float) -> float:
    """The release velocity along one coordinate (or the angle): the least-squares slope of
    the points within `window_s` of the last one, the last two points if fewer than two fall
    in it, 0 for a single point.
    Choice (window edge): a point is in the window when t_last − t ≤ window (inclusive,
    computed as that difference)."""
    if len(points) < 2:
        return 0.0
    t_last = points[-1][0]
    chosen = [p for p in points if t_last - p[0] <= window_s]
    if len(chosen) < 2:
        chosen = points[-2:]
    return least_squares_slope(chosen)


@dataclass
class TouchRecognizer:
    """One touch's recognizer: delivers its samples in order and says which events each one
    fires; the simulation interleaves samples and hold instants across touches."""

    touch: Touch
    config: Recognizer
    index: int = 0  # the touch's position in the file
    next_sample: int = 0
    down: bool = False
    lifted: bool = False
    down_sample: Sample | None = None
    position: Sample | None = None  # the last delivered sample
    dragging: bool = False  # between drag-began and drag-ended
    drag_began: bool = False
    hold_fired: bool = False
    delivered: list[Sample] = field(default_factory=list)
    down_frame: int | None = None
    lift_frame: int | None = None

    @property
    def pending(self) -> bool:
        """Down, or still has samples to come: the animator keeps running."""
        return self.down or self.next_sample < len(self.touch.samples)

    def next_sample_time(self) -> float | None:
        if self.next_sample < len(self.touch.samples):
            return self.touch.samples[self.next_sample].t_s
        return None

    def hold_due_time(self) -> float | None:
        """The time a hold would fire, while one still can."""
        if self.down and not self.drag_began and not self.hold_fired:
            return hold_time_s(self.down_sample.t_s, self.config.hold_s)
        return None

    def take_sample(self) -> Sample:
        """Deliver the next sample: the finger is there now (its events come from
        events_of_sample, after the simulation has moved what the drag moves)."""
        sample = self.touch.samples[self.next_sample]
        self.next_sample += 1
        self.delivered.append(sample)
        self.position = sample
        if self.down_sample is None:
            self.down_sample = sample
            self.down = True
        return sample

    @property
    def is_last_sample_delivered(self) -> bool:
        return self.next_sample == len(self.touch.samples)

    def events_of_sample(self) -> list[str]:
        """The events the sample just taken fires, in order: touch-down (first sample),
        drag-began (first sample farther than slop), and at the lift tap or drag-ended,
        then touch-up."""
        events = []
        sample = self.position
        if len(self.delivered) == 1:
            events.append(TOUCH_DOWN)
        if not self.drag_began and is_beyond_slop(self.down_sample, sample, self.config.slop_pt):
            self.drag_began = True
            self.dragging = True
            events.append(DRAG_BEGAN)
        if self.is_last_sample_delivered:
            if self.drag_began:
                events.append(DRAG_ENDED)
            elif not self.hold_fired:
                events.append(TAP)
            events.append(TOUCH_UP)
        return events

    def end_drag(self) -> None:
        self.dragging = False

    def lift(self) -> None:
        self.down = False
        self.lifted = True

    def fire_hold(self) -> None:
        self.hold_fired = True

    def release_velocity_pt_s(self) -> tuple[float, float]:
        """(vx, vy) pt/s: the least-squares fit of the delivered samples (see release_slope)."""
        window = self.config.velocity_window_s
        xs = [(s.t_s, s.x_pt) for s in self.delivered]
        ys = [(s.t_s, s.y_pt) for s in self.delivered]
        return release_slope(xs, window), release_slope(ys, window)

    def shows_row(self, frame: int) -> bool:
        """Choice (touch rows): a `touch:ID` row is printed on every frame from the one whose
        delivery brought the first sample (touch-down) to the one whose delivery brought the
        last (the lift) inclusive, at the finger's last delivered position; so a tap that
        goes down and up within one frame still has one row. Frame 0 never has one (a sample
        at t = 0 arrives before frame 1)."""
        if self.down_frame is None or frame < self.down_frame:
            return False
        return self.lift_frame is None or frame <= self.lift_frame


# ---------------------------------------------------------------------------------------
# Rotate drags: the finger's angle about the pivot, unwrapped
# ---------------------------------------------------------------------------------------


class AngleUnwrapper:
    """atan2(p.y − c.y, p.x − c.x) of the finger p about the pivot c, unwrapped across ±π
    (several turns accumulate; y down, so clockwise on screen is positive). Samples closer
    than `dead_zone_pt` to the pivot are ignored.

    Choice (reference angle): the change is measured from the first sample, from
    touch-down on, that is not in the dead zone (the touch-down sample itself unless it is
    in the dead zone). Choice (unwrap step): successive angles differ by the difference of
    their atan2 values brought into (−π, π]. Choice (angular release velocity): fitted like
    the linear one (release_slope) to the unwrapped angles of the samples outside the dead
    zone, the window counted back from the last of them."""

    def __init__(self, pivot_pt: tuple[float, float], dead_zone_pt: float):
        self.pivot_pt = pivot_pt
        self.dead_zone_pt = dead_zone_pt
        self.reference_rad: float | None = None
        self.previous_rad: float | None = None
        self.unwrapped_rad: float | None = None
        self.history: list[tuple[float, float]] = []  # (t_s, unwrapped angle)

    def feed(self, sample: Sample) -> None:
        dx, dy = sample.x_pt - self.pivot_pt[0], sample.y_pt - self.pivot_pt[1]
        if math.hypot(dx, dy) < self.dead_zone_pt:
            return
        angle = math.atan2(dy, dx)
        if self.previous_rad is None:
            self.reference_rad = angle
            self.unwrapped_rad = angle
        else:
            step = angle - self.previous_rad
            if step > math.pi:
                step -= 2 * math.pi
            elif step <= -math.pi:
                step += 2 * math.pi
            self.unwrapped_rad += step
        self.previous_rad = angle
        self.history.append((sample.t_s, self.unwrapped_rad))

    @property
    def change_rad(self) -> float:
        """The turn since the reference sample (0 before there is one)."""
        if self.reference_rad is None:
            return 0.0
        return self.unwrapped_rad - self.reference_rad

    def release_omega_rad_s(self, window_s: float) -> float:
        return release_slope(self.history, window_s)


def rotate_about(point: tuple[float, float], pivot: tuple[float, float], angle_rad: float) -> tuple[float, float]:
    """`point` turned by angle_rad about `pivot` (y down: positive is clockwise on screen)."""
    c, s = math.cos(angle_rad), math.sin(angle_rad)
    dx, dy = point[0] - pivot[0], point[1] - pivot[1]
    return (pivot[0] + c * dx - s * dy, pivot[1] + s * dx + c * dy)


def format_touch_detail(touch_id: str, velocity: tuple[float, float] | None = None,
                        omega_rad_s: float | None = None) -> str:
    """The --events detail: "touch ID", for drag-ended "… velocity VX VY" (pt/s) and for a
    rotate drag "… omega W" (rad/s). Numbers as repr (round-trip)."""
    detail = f"touch {touch_id}"
    if velocity is not None:
        detail += f" velocity {float(velocity[0])!r} {float(velocity[1])!r}"
    if omega_rad_s is not None:
        detail += f" omega {float(omega_rad_s)!r}"
    return detail


def parse_touch_detail(detail: str) -> tuple[str, tuple[float, ...]]:
    """(touch id, (vx, vy[, omega])) from a touch event's detail; raises ValueError.
    Accepts the words in the contract's order, separated by spaces (commas or semicolons
    between the parts are tolerated)."""
    words = detail.replace(",", " ").replace(";", " ").split()
    if len(words) < 2 or words[0] != "touch":
        raise ValueError(f"touch event detail {detail!r}: expected 'touch ID …'")
    touch_id, rest = words[1], words[2:]
    values: list[float] = []
    while rest:
        if rest[0] == "velocity" and len(rest) >= 3:
            values[0:0] = [float(rest[1]), float(rest[2])]
            rest = rest[3:]
        elif rest[0] == "omega" and len(rest) >= 2:
            values.append(float(rest[1]))
            rest = rest[2:]
        else:
            raise ValueError(f"touch event detail {detail!r}: unexpected {' '.join(rest)!r}")
    return touch_id, tuple(values)
