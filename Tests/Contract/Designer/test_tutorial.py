"""docs/tutorial.md runs as written (issue 26.6): every ```sh block, in order, in one bash
session in an empty folder, with FEELLAB set to the repository and `feel` on PATH. A command
whose line ends in `# exit status N` must exit N; every other must exit 0. Then what the
tutorial promises is checked on the files it made."""

import json
import re
import subprocess
import tempfile
import unittest
from pathlib import Path

from designer_support import FEEL, ROOT, feel_env

TUTORIAL = ROOT / "docs/tutorial.md"


def blocks(markdown):
    """The ```sh blocks of the markdown, in order."""
    return re.findall(r"^```sh\n(.*?)^```$", markdown, flags=re.M | re.S)


def commands(block):
    """A block's commands: its lines, a line ending in a backslash joined with the next (as the
    shell reads it), a here-document kept whole with its command."""
    out, lines = [], block.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.strip():
            continue
        while line.endswith("\\") and i < len(lines):
            line += "\n" + lines[i]
            i += 1
        here = re.search(r"<<'(\w+)'", line)
        if here:
            body = [line]
            while i < len(lines) and lines[i] != here.group(1):
                body.append(lines[i])
                i += 1
            body.append(lines[i])
            i += 1
            out.append("\n".join(body))
        else:
            out.append(line)
    return out


class TutorialTest(unittest.TestCase):
    def test_the_tutorial_runs_as_written(self):
        found = blocks(TUTORIAL.read_text())
        self.assertGreaterEqual(len(found), 8, "the tutorial's runnable blocks")
        steps = [c for b in found for c in commands(b)]
        text = "\n".join(steps)
        for needed in ["feel sweep", "feel chart-spec", "plots/generic.gp", "feel check",
                       "--for-all", "feel export", "feel notebook"]:
            self.assertIn(needed, text)
        env = feel_env()
        env["FEELLAB"] = str(ROOT)
        with tempfile.TemporaryDirectory() as folder:
            folder = Path(folder)
            outputs = []
            for command in steps:
                expected = re.search(r"# exit status (\d+)", command.splitlines()[0])
                done = subprocess.run(
                    ["bash", "-c", command], cwd=folder, env=env, capture_output=True,
                    text=True, timeout=900)
                want = int(expected.group(1)) if expected else 0
                self.assertEqual(
                    done.returncode, want,
                    f"{command.splitlines()[0]}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}")
                outputs.append((command, done.stdout, done.stderr))

            # What the page says each step gives.
            check = [o for c, o, _ in outputs if c.startswith("feel check --quiet")]
            self.assertIn("no baseline: tile-damping", check[0])
            self.assertIn("feel check --record --experiments tile-damping", check[0])
            self.assertEqual(check[1], "feel check: 1 baseline, 0 drifted\n")
            self.assertTrue((folder / "experiments/baselines/tile-damping.metrics.csv").exists())
            solve = [o for c, o, _ in outputs if "--for-all" in c][0]
            self.assertIn("for all 5 values of flick_s", solve)
            self.assertRegex(solve, r"best on the grid: damping = [0-9.]+\n")
            png = (folder / "out/tile-damping.png").read_bytes()
            self.assertEqual(png[:4], b"\x89PNG")
            self.assertTrue((folder / "out/notebook/index.html").exists())
            export = [o for c, o, _ in outputs if c.startswith("feel export")][0]
            self.assertIn("SwiftUI", export)

    def test_the_scene_file_message_the_tutorial_quotes(self):
        with tempfile.TemporaryDirectory() as folder:
            scene = [c for b in blocks(TUTORIAL.read_text()) for c in commands(b)
                     if "tile-flick.toml <<" in c][0]
            subprocess.run(["bash", "-c", "mkdir -p experiments/scenes && " + scene],
                           cwd=folder, check=True)
            done = subprocess.run(
                [str(FEEL), "sweep", "experiments/scenes/tile-flick.toml"], cwd=folder,
                capture_output=True, text=True)
            self.assertEqual(done.returncode, 2)
            self.assertIn("this is a scene file, not an experiment", done.stderr)


if __name__ == "__main__":
    unittest.main()
