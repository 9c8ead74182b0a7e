"""What the cluster tests share: the repository's paths, the recipes of docs/sweeps.md as the
docs write them, a project folder outside the checkout, and the one-machine sweep they are
compared with.

Environment: FEEL (the feel executable, default .build/release/feel); its folder goes first on
PATH, since the recipes call `feel` by name, as a designer's shell would.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FEEL = Path(os.environ.get("FEEL", ROOT / ".build/release/feel")).resolve()
SWEEPS_DOC = ROOT / "docs/sweeps.md"
DEPLOY = ROOT / "deploy"

# The committed experiment every sharded recipe runs here (a grid whose parts take about a
# second each), at its path relative to the project folder, as the recipes name experiments.
EXPERIMENT = "Tests/Contract/Cluster/cluster-release.toml"
# The experiment the docs' recipes name, replaced by EXPERIMENT where the test runs them.
DOCS_EXPERIMENT = "experiments/snap-damping-release.toml"
# The test's N: the docs write 8 shards; 4 keep the test short on two cores.
SHARDS = 4


def feel_env(extra=None):
    """The environment the recipes run in: FEEL's folder first on PATH."""
    env = dict(os.environ)
    env["PATH"] = str(FEEL.parent) + os.pathsep + env.get("PATH", "")
    env.update(extra or {})
    return env


def run(args, cwd, env=None, timeout=600, check=True, **kwargs):
    """Runs a command to its end; on a non-zero exit (with `check`), fails with its output."""
    result = subprocess.run(
        args, cwd=cwd, env=env or feel_env(), stdin=subprocess.DEVNULL, capture_output=True,
        timeout=timeout, **kwargs)
    if check and result.returncode != 0:
        raise AssertionError(
            f"{args!r} in {cwd} exited {result.returncode}\n"
            f"stdout:\n{result.stdout.decode(errors='replace')[-4000:]}\n"
            f"stderr:\n{result.stderr.decode(errors='replace')[-4000:]}")
    return result


def code_blocks(path=SWEEPS_DOC):
    """Every fenced code block of a Markdown file: (info string, text with its final newline)."""
    return code_blocks_in(path.read_text(encoding="utf-8"))


def code_blocks_in(markdown):
    """Every fenced code block of a Markdown text: (info string, text with its final newline)."""
    blocks = []
    lines = markdown.splitlines(keepends=True)
    i = 0
    while i < len(lines):
        opening = re.match(r"^```(\S*)\s*$", lines[i])
        if not opening:
            i += 1
            continue
        body = []
        i += 1
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        blocks.append((opening.group(1), "".join(body)))
        i += 1
    return blocks


def doc_block(starts_with, path=SWEEPS_DOC):
    """The one code block of the docs whose text starts with `starts_with`."""
    found = [text for _, text in code_blocks(path) if text.startswith(starts_with)]
    if len(found) != 1:
        raise AssertionError(
            f"{path.relative_to(ROOT)}: expected one code block starting with "
            f"{starts_with!r}, found {len(found)}")
    return found[0]


def substitute(text, replacements):
    """`text` with each (old, new) replaced, failing if an `old` is not in it (so that a change
    of the docs' recipe shows here instead of the test quietly running something else)."""
    for old, new in replacements:
        if old not in text:
            raise AssertionError(f"expected {old!r} in the recipe:\n{text}")
        text = text.replace(old, new)
    return text


def make_project(folder):
    """A designer's project folder outside the checkout: a copy of experiments/ and of the
    cluster experiment, at the paths they have in the repository."""
    folder = Path(folder)
    shutil.copytree(ROOT / "experiments", folder / "experiments")
    (folder / EXPERIMENT).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(ROOT / EXPERIMENT, folder / EXPERIMENT)
    return folder


_reference = {}


def reference_sweep():
    """The one-machine sweep of EXPERIMENT (`feel sweep EXP`, every core), run once per test
    process in a project folder of its own: (its CSV's bytes, its wall time in s)."""
    if "csv" not in _reference:
        with tempfile.TemporaryDirectory(prefix="feel-reference-") as tmp:
            project = make_project(tmp)
            start = time.monotonic()
            run(["feel", "sweep", EXPERIMENT, "--quiet", "-o", "reference.csv"], cwd=project)
            _reference["seconds"] = time.monotonic() - start
            _reference["csv"] = (project / "reference.csv").read_bytes()
    return _reference["csv"], _reference["seconds"]


def report(line):
    """A measured figure, on standard error beside unittest's own lines."""
    print(f"\n    cluster: {line}", file=sys.stderr, flush=True)
