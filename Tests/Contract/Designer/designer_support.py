"""What the designer tests share (issue 26): the repository's paths, the feel executable, and
a reader of a sweep's CSV that knows nothing of FeelLab's code.

Environment: FEEL (the feel executable, default .build/release/feel); its folder goes first on
PATH, so commands written `feel …` (the tutorial's) run it.
"""

import csv
import io
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FEEL = Path(os.environ.get("FEEL", ROOT / ".build/release/feel")).resolve()


def feel_env():
    env = dict(os.environ)
    env["PATH"] = str(FEEL.parent) + os.pathsep + env.get("PATH", "")
    return env


def run(args, cwd=ROOT, check=True, timeout=900, shell=False):
    """Runs a command; returns (status, stdout, stderr)."""
    done = subprocess.run(
        args, cwd=cwd, env=feel_env(), capture_output=True, text=True, timeout=timeout,
        shell=shell)
    if check and done.returncode != 0:
        raise AssertionError(
            f"{args} exited {done.returncode}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}")
    return done.returncode, done.stdout, done.stderr


def read_csv(text):
    """The rows of a CSV (comment lines skipped) as dicts of strings."""
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    return list(csv.DictReader(io.StringIO("\n".join(lines))))


def number(cell):
    """A metric cell: None when empty."""
    return None if cell == "" else float(cell)
