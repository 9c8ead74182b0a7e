"""The GNU parallel recipes of docs/sweeps.md (Debian's `parallel`), on the cluster test's
experiment with N = 4, each compared byte for byte with the one-machine `feel sweep`:

1. the docs' one-liner and its merge;
2. the docs' resumable run (`--joblog --resume`), interrupted as Ctrl-C interrupts it (SIGINT to
   its process group) once some shards are done, then run again: the joblog shows that only the
   shards not done ran the second time, the parts done stay as they were, and no temporary part
   is left behind by the interrupted shards.
"""

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

from cluster_support import EXPERIMENT, SHARDS, doc_block, feel_env, make_project, \
    reference_sweep, report, run

MERGED = Path("out/data") / Path(EXPERIMENT).with_suffix(".csv").name
# Longest wait for the interrupted run's first finished shard.
FIRST_SHARD_TIMEOUT_S = 300


def instantiate(block):
    """The docs' lines with EXP and N set to the test's experiment and N."""
    for placeholder in ("EXP", "N"):
        if not re.search(rf"\b{placeholder}\b", block):
            raise AssertionError(f"expected {placeholder} in the recipe:\n{block}")
    block = re.sub(r"\bEXP\b", EXPERIMENT, block)
    return re.sub(r"\bN\b", str(SHARDS), block)


def joblog(path):
    """The joblog's entries: (shard K, exit value, signal), in the order written."""
    entries = []
    for line in path.read_text().splitlines()[1:]:
        fields = line.split("\t")
        k = int(re.search(r"--shard (\d+)/", fields[8]).group(1))
        entries.append((k, int(fields[6]), int(fields[7])))
    return entries


class GNUParallel(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not shutil.which("parallel"):
            raise unittest.SkipTest(
                "GNU parallel is missing: `make cluster-tools` installs it (as root)")
        cls.reference, cls.reference_s = reference_sweep()

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="feel-parallel-")
        self.addCleanup(self.tmp.cleanup)
        self.project = make_project(Path(self.tmp.name).resolve())

    def bash(self, line, **kwargs):
        return run(["bash", "-c", line], cwd=self.project, env=feel_env(), **kwargs)

    def test_1_one_liner(self):
        lines = instantiate(doc_block("parallel feel sweep EXP")).splitlines()
        self.assertEqual(len(lines), 2)
        start = time.monotonic()
        self.bash(lines[0])
        shards_s = time.monotonic() - start
        self.bash(lines[1])
        elapsed = time.monotonic() - start
        self.assertEqual(sorted(p.name for p in self.project.glob("part-*.csv")),
                         [f"part-{k}.csv" for k in range(1, SHARDS + 1)])
        self.assertEqual((self.project / MERGED).read_bytes(), self.reference)
        report(f"GNU parallel, {SHARDS} shards: {shards_s:.1f} s + merge "
               f"{elapsed - shards_s:.1f} s; one machine: {self.reference_s:.1f} s")

    def test_2_joblog_resume_after_an_interruption(self):
        lines = instantiate(doc_block("parallel --joblog")).splitlines()
        self.assertEqual(len(lines), 2)
        log_name = re.search(r"--joblog (\S+)", lines[0]).group(1)
        log = self.project / log_name
        self.assertIn("--resume", lines[0])

        # Interrupted once some shard is done.
        interrupted = subprocess.Popen(
            ["bash", "-c", lines[0]], cwd=self.project, env=feel_env(),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            start_new_session=True)
        deadline = time.monotonic() + FIRST_SHARD_TIMEOUT_S
        while not (log.exists() and joblog(log)):
            if interrupted.poll() is not None or time.monotonic() > deadline:
                self.fail("no shard finished before the run ended or timed out: "
                          + interrupted.stderr.read().decode(errors="replace"))
            time.sleep(0.02)
        os.killpg(interrupted.pid, signal.SIGINT)
        interrupted.wait(timeout=60)
        interrupted.stderr.close()
        first = joblog(log)
        done = {k for k, exit_value, sig in first}
        self.assertTrue(all(exit_value == 0 and sig == 0 for _, exit_value, sig in first), first)
        self.assertLess(len(done), SHARDS, "the interruption came after every shard was done")
        kept = {k: (self.project / f"part-{k}.csv").stat().st_mtime_ns for k in done}
        self.assertEqual(list(self.project.glob(".part-*.tmp")), [],
                         "an interrupted shard removes its temporary part")

        # Run again: only the shards not done run.
        self.bash(lines[0])
        second = joblog(log)[len(first):]
        self.assertEqual(sorted(k for k, _, _ in second),
                         sorted(set(range(1, SHARDS + 1)) - done))
        self.assertTrue(all(exit_value == 0 and sig == 0 for _, exit_value, sig in second),
                        second)
        self.assertEqual({k: (self.project / f"part-{k}.csv").stat().st_mtime_ns for k in done},
                         kept, "a shard done before the interruption ran again")
        self.bash(lines[1])
        self.assertEqual((self.project / MERGED).read_bytes(), self.reference)
        report(f"GNU parallel --resume: shards {sorted(done)} done before the interruption, "
               f"{sorted(k for k, _, _ in second)} run after it")


if __name__ == "__main__":
    unittest.main()
