"""Every tool on every scene (issue 35, docs/support.md): each committed scene
(experiments/scenes) through `feel run`, `feel metrics`, `feel inspect`, `feel export --to`
each target and `--to uikit --strict`, and each committed experiment (experiments/*.toml)
through `feel sweep`, `feel check`, `feel solve` with a trivial question, `feel notebook` and
the studio's re-sweep (`POST /api/sweep` on `feel serve`, its numeric axes cut to their first
and last values, its rows equal to `feel sweep` with the same `--axis`). Each cell either
succeeds (exit status 0; 200) or exits 2 (400) with a message that names what it cannot handle:
a feature of the scene (a field kind, one of FeelLab's behaviors under `--strict`), or the one
precondition a spring target has (a motion towards a target). Nothing else passes: a crash, an
exit status 1, an exit 2 that names nothing.

docs/support.md is the table of scene features × tools; the second test derives the table from
what the matrix found (which scenes and experiments hold each feature, read from their files
here, and how each tool did on them) and compares it with the page, cell by cell.

Environment: FEEL (the release build), FEEL_SERVE (feel-serve; the Makefile passes the debug
build, which the re-sweep's two-value axes keep quick).
"""

import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import tomllib
import unittest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
FEEL = os.path.abspath(os.environ.get("FEEL", os.path.join(REPO, ".build/release/feel")))
sys.path.insert(0, os.path.join(REPO, "Tests", "Contract", "Serve"))
from serve_process import Server  # noqa: E402

SCENE_TOOLS = ["run", "metrics", "inspect", "swiftui", "caspring", "compose", "css", "uikit", "strict"]
EXPERIMENT_TOOLS = ["sweep", "check", "solve", "notebook", "re-sweep"]
TOOLS = SCENE_TOOLS + EXPERIMENT_TOOLS
SPRING_TARGETS = ("swiftui", "caspring", "compose", "css")

# The spring targets' one precondition (docs/export.md, "The motion that is fitted"): something
# pulls the item towards a target. Its absence is a property of the whole scene, not a feature.
NO_APPROACH = "no motion towards a target for item"

FIELD_KINDS = ["linear_gravity", "radial_gravity", "spring", "drag", "vortex", "velocity", "noise",
               "turbulence", "electric", "magnetic"]


def behaviors(scene, kind=None):
    return [b for b in scene.get("behavior", []) if kind is None or b.get("type") == kind]


def rules(scene):
    return scene.get("rule", [])


TOUCH_EVENTS = ("tap", "hold", "drag-began", "drag-ended", "touch-down", "touch-up")

# Each feature: (id, the label docs/support.md names it by, a test on a scene's parsed TOML, the
# pattern of an exit-2 message that names it as what a tool cannot handle, or None).
FEATURES = [
    ("snap", "snap", lambda s: behaviors(s, "snap"), None),
    ("push", "push (instantaneous or continuous)", lambda s: behaviors(s, "push"), None),
    ("gravity", "gravity", lambda s: behaviors(s, "gravity"), None),
    ("collision-boundaries", "collision: line boundaries",
     lambda s: [b for b in behaviors(s, "collision") if b.get("boundaries")], None),
    ("collision-reference", "collision: the reference view's bounds",
     lambda s: [b for b in behaviors(s, "collision") if b.get("reference_bounds")], None),
    ("collision-bare", "collision: no boundary (items only)",
     lambda s: [b for b in behaviors(s, "collision") if not b.get("boundaries") and not b.get("reference_bounds")],
     None),
    ("mode-items", "collision mode items", lambda s: [b for b in behaviors(s, "collision") if b.get("mode") == "items"],
     None),
    ("mode-boundaries", "collision mode boundaries",
     lambda s: [b for b in behaviors(s, "collision") if b.get("mode") == "boundaries"], None),
    ("attachment-rod", "attachment: rod (frequency 0)",
     lambda s: [b for b in behaviors(s, "attachment") if b.get("kind", "distance") == "distance"
                and not b.get("frequency")], None),
    ("attachment-spring", "attachment: spring (frequency > 0)",
     lambda s: [b for b in behaviors(s, "attachment") if b.get("kind", "distance") == "distance"
                and b.get("frequency")], None),
    ("fixed", "attachment kind fixed", lambda s: [b for b in behaviors(s, "attachment") if b.get("kind") == "fixed"],
     None),
    ("pin", "attachment kind pin", lambda s: [b for b in behaviors(s, "attachment") if b.get("kind") == "pin"], None),
    ("sliding-anchor", "attachment kind sliding, to an anchor",
     lambda s: [b for b in behaviors(s, "attachment") if b.get("kind") == "sliding" and "anchor" in b], None),
    ("sliding-items", "attachment kind sliding, between items",
     lambda s: [b for b in behaviors(s, "attachment") if b.get("kind") == "sliding" and "to" in b], None),
    ("limit", "attachment kind limit", lambda s: [b for b in behaviors(s, "attachment") if b.get("kind") == "limit"],
     None),
    ("item-properties", "item behavior (elasticity, friction, density, resistance…)",
     lambda s: [b for b in behaviors(s, "item") if set(b) - {"id", "type", "items", "start", "anchored", "charge"}],
     None),
    ("anchored", "anchored", lambda s: [b for b in behaviors(s, "item") if "anchored" in b], None),
    ("charge", "charge", lambda s: [b for b in behaviors(s, "item") if "charge" in b], None),
    ("group", "item group", lambda s: s.get("group"), None),
    ("ellipse", "collision bounds ellipse", lambda s: [i for i in s.get("item", []) if i.get("bounds") == "ellipse"],
     None),
    ("path", "collision bounds path", lambda s: [i for i in s.get("item", []) if i.get("bounds") == "path"], None),
    ("start-velocity", "item start velocity",
     lambda s: [i for i in s.get("item", []) if i.get("velocity") or i.get("angular_velocity")], None),
] + [
    (f"field-{kind}", f"field {kind}",
     (lambda kind: lambda s: [b for b in behaviors(s, "field") if b.get("kind") == kind])(kind),
     None if kind == "spring" else (r"is an? " + kind + r" field"))
    for kind in FIELD_KINDS
] + [
    ("region", "field region (and its operations)", lambda s: [b for b in behaviors(s, "field") if "region" in b],
     None),
    ("contact-boundary", "contact rule on a boundary",
     lambda s: [r for r in rules(s) if r.get("on") == "contact" and "boundary" in r], None),
    ("contact-item", "contact rule on an item",
     lambda s: [r for r in rules(s) if r.get("on") == "contact" and "item" in r], None),
    ("contact-any", "contact rule on any contact",
     lambda s: [r for r in rules(s) if r.get("on") == "contact" and "item" not in r and "boundary" not in r], None),
    ("time-rule", "time rule", lambda s: [r for r in rules(s) if r.get("on") == "time"], None),
    ("pause-rule", "pause rule", lambda s: [r for r in rules(s) if r.get("on") == "pause"], None),
    ("touches", "touches (finger traces)", lambda s: s.get("touch"), None),
    ("touch-rules", "touch rules and the recognizer", lambda s: [r for r in rules(s) if r.get("on") in TOUCH_EVENTS],
     r"the touch rules \(rule"),
    ("drag-follow", "drag follow", lambda s: [b for b in behaviors(s, "drag") if b.get("mode") == "follow"],
     r"\(a drag\), written as the pan handler setting"),
    ("drag-rotate", "drag rotate", lambda s: [b for b in behaviors(s, "drag") if b.get("mode") == "rotate"],
     r"\(a drag\), written as the pan handler turning"),
    ("drag-attachment", "drag attachment", lambda s: [b for b in behaviors(s, "drag") if b.get("mode") == "attachment"],
     r"\(a drag\), written as the pan handler moving"),
    ("release-velocity", "release velocity handed over", lambda s: [r for r in rules(s) if r.get("release_velocity")],
     None),
    ("pick", "target picked at the release (nearest)", lambda s: [r for r in rules(s) if "nearest" in r],
     r"target picked at the release"),
    ("inertia", "inertia (FeelLab)", lambda s: behaviors(s, "inertia"), r"\(an inertia\)"),
    ("detent", "detent (FeelLab)", lambda s: behaviors(s, "detent"), r"\(a detent\)"),
    ("scroll", "scroll (FeelLab): the springy list", lambda s: behaviors(s, "scroll"), r"\(a scroll\)"),
    ("ios7", "profile ios7", lambda s: s.get("profile") == "ios7", None),
    ("measure", "[measure] table", lambda s: s.get("measure"), None),
]
PATTERNS = [(fid, re.compile(p)) for fid, _, _, p in FEATURES if p]


def load(path):
    with open(path, "rb") as f:
        return tomllib.load(f)


def features_of(scene):
    return {fid for fid, _, holds, _ in FEATURES if holds(scene)}


def run(args):
    done = subprocess.run([FEEL, *args], cwd=REPO, capture_output=True, text=True)
    return done.returncode, done.stderr.strip()


def named(message):
    """The features an exit-2 message names as what it cannot handle."""
    return {fid for fid, pattern in PATTERNS if pattern.search(message)}


class Matrix(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        started = time.monotonic()
        cls.scratch = tempfile.TemporaryDirectory()
        cls.scenes = {os.path.relpath(p, REPO): load(p) for p in sorted(glob.glob(os.path.join(REPO, "experiments/scenes/*.toml")))}
        cls.experiments = {}
        for p in sorted(glob.glob(os.path.join(REPO, "experiments/*.toml"))):
            experiment = load(p)
            base = load(os.path.join(os.path.dirname(p), experiment["scene"])) if "scene" in experiment else {}
            cls.experiments[os.path.relpath(p, REPO)] = (experiment, base)
        jobs = {}
        for path in cls.scenes:
            jobs[(path, "run")] = ["run", path, "--events"]
            jobs[(path, "metrics")] = ["metrics", path, "--json"]
            jobs[(path, "inspect")] = ["inspect", path, "--json"]
            for target in SPRING_TARGETS + ("uikit",):
                jobs[(path, target)] = ["export", path, "--to", target, "--json"]
            jobs[(path, "strict")] = ["export", path, "--to", "uikit", "--strict", "--json"]
        for path, (experiment, _) in cls.experiments.items():
            name = os.path.basename(path)[:-5]
            jobs[(path, "sweep")] = ["sweep", path, "-o", os.path.join(cls.scratch.name, name + ".csv"), "--quiet"]
            jobs[(path, "check")] = ["check", "--experiments", name, "--quiet"]
            jobs[(path, "solve")] = ["solve", path, "--minimize", experiment["metrics"][0], "--quiet", "--json"]
            jobs[(path, "notebook")] = ["notebook", path, "--output", os.path.join(cls.scratch.name, "nb-" + name),
                                        "--quiet"]
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            futures = {key: pool.submit(run, args) for key, args in jobs.items()}
            cls.cells = {key: future.result() for key, future in futures.items()}
        cls.resweeps()
        cls.seconds = time.monotonic() - started

    @classmethod
    def tearDownClass(cls):
        cls.scratch.cleanup()

    @classmethod
    def resweeps(cls):
        """The studio's re-sweep of every experiment: its numeric axes cut to their first and last
        values (the page re-centres axes on the sliders; two values keep the debug server quick),
        against `feel sweep` with the same --axis."""
        server = Server(["--root", REPO, "--quiet"], cwd=REPO)
        try:
            for path, (experiment, _) in cls.experiments.items():
                axes = {}
                for axis in experiment.get("axis", []):
                    values = axis.get("values")
                    if "range" in axis:
                        values = [axis["range"]["from"], axis["range"]["to"]]
                    numeric = values and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values)
                    if numeric and len(values) >= 2:
                        axes[axis["name"]] = [values[0], values[-1]]
                status, _, data = server.post("/api/sweep", {"experiment": path, "axes": axes})
                text = data.decode()
                if status != 200:
                    cls.cells[(path, "re-sweep")] = (2 if status == 400 else status, json.loads(text).get("error", text))
                    continue
                args = [a for name, v in axes.items() for a in ("--axis", f"{name}={json.dumps(v)}")]
                want = subprocess.run([FEEL, "sweep", path, "-o", "-", "--quiet", *args], cwd=REPO,
                                      capture_output=True, text=True).stdout
                rows = [line for line in text.split("\n") if line and not line.startswith("#")]
                expected = [line for line in want.split("\n") if line and not line.startswith("#")]
                cls.cells[(path, "re-sweep")] = (0 if rows == expected and len(rows) > 1 else 1,
                                                 "" if rows == expected else "rows differ from feel sweep")
        finally:
            server.stop()

    def test_every_cell_succeeds_or_names_what_it_cannot_handle(self):
        self.assertEqual(len(self.cells), len(self.scenes) * len(SCENE_TOOLS)
                         + len(self.experiments) * len(EXPERIMENT_TOOLS))
        refused = 0
        for (path, tool), (status, message) in sorted(self.cells.items()):
            with self.subTest(path=path, tool=tool):
                self.assertIn(status, (0, 2), message)
                if status == 2:
                    refused += 1
                    precondition = tool in SPRING_TARGETS and NO_APPROACH in message
                    self.assertTrue(precondition or named(message),
                                    f"exit 2 naming no feature it cannot handle: {message}")
                    if not precondition:
                        # what it names, the scene holds
                        holds = features_of(self.scenes[path])
                        self.assertTrue(named(message) <= holds, (message, sorted(holds)))
        self.assertGreater(refused, 0, "the matrix meets refusals: the test can see one")
        print(f"\nmatrix: {len(self.cells)} cells ({len(self.scenes)} scenes × {len(SCENE_TOOLS)} tools, "
              f"{len(self.experiments)} experiments × {len(EXPERIMENT_TOOLS)} tools), {refused} exit 2, "
              f"{self.seconds:.1f} s", file=sys.stderr)

    @classmethod
    def table(cls):
        """{feature id: {tool: cell}} from the matrix: `yes` (a scene or experiment holding the
        feature succeeds with the tool and none is refused naming it), `refused` (every one is,
        naming it), `not reached` (every one fails first for another reason: a spring target
        with no motion towards a target), `—` (no committed scene or experiment holds it)."""
        out = {}
        for fid, _, holds, _ in FEATURES:
            row = {}
            for tool in TOOLS:
                if tool in SCENE_TOOLS:
                    holders = [p for p, s in cls.scenes.items() if holds(s)]
                else:
                    holders = [p for p, (e, base) in cls.experiments.items() if base and holds(base)]
                outcomes = [cls.cells[(p, tool)] for p in holders]
                by_it = [o for o in outcomes if o[0] == 2 and fid in named(o[1])]
                if not holders:
                    row[tool] = "—"
                elif len(by_it) == len(holders):
                    row[tool] = "refused"
                elif by_it:
                    row[tool] = "partly refused"
                elif any(o[0] == 0 for o in outcomes):
                    row[tool] = "yes"
                else:
                    row[tool] = "not reached"
            out[fid] = row
        return out

    def test_support_table_is_what_the_matrix_found(self):
        with open(os.path.join(REPO, "docs", "support.md")) as f:
            lines = f.read().split("\n")
        header = next(i for i, line in enumerate(lines) if line.startswith("| feature |"))
        columns = [c.strip() for c in lines[header].strip("|").split("|")]
        self.assertEqual(columns, ["feature"] + TOOLS)
        documented = {}
        for line in lines[header + 2:]:
            if not line.startswith("|"):
                break
            cells = [c.strip() for c in line.strip("|").split("|")]
            documented[cells[0]] = dict(zip(TOOLS, cells[1:]))
        found = self.table()
        labels = {fid: label for fid, label, _, _ in FEATURES}
        self.assertEqual(list(documented), [labels[fid] for fid, *_ in FEATURES], "the page's rows, in order")
        expected_lines = []
        for fid, *_ in FEATURES:
            expected_lines.append("| " + " | ".join([labels[fid]] + [found[fid][t] for t in TOOLS]) + " |")
        for fid, *_ in FEATURES:
            with self.subTest(feature=fid):
                self.assertEqual(documented[labels[fid]], found[fid],
                                 "docs/support.md's row should read:\n" + "\n".join(expected_lines))


if __name__ == "__main__":
    unittest.main()
