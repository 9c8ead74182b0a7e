"""The Slurm recipe of docs/sweeps.md on a real Slurm: a one-node cluster on localhost
(slurm_cluster.py), the docs' job array (deploy/slurm/shard.sbatch, which the docs show
verbatim: test_deploy.py) with its N set to 4 and the cluster test's experiment, and the docs'
merge job (deploy/slurm/submit.sh: `--dependency=afterok`).

1. The merged CSV is the one-machine `feel sweep`'s, byte for byte; the wall time of the job
   array and merge is printed beside the one-machine sweep's.
2. A shard's `feel` killed mid-run (SIGKILL, its part half-written): the task fails, the merge
   never starts, no part is at the shard's path; `submit.sh 3` re-submits the shard alone
   (`sbatch --array=3`) with a new merge, and the sweep completes with the same bytes.

Needs root and Slurm (`make cluster-tools` installs it); otherwise says why and skips.
"""

import os
import re
import shutil
import signal
import tempfile
import time
import unittest
from pathlib import Path

from cluster_support import DEPLOY, DOCS_EXPERIMENT, EXPERIMENT, SHARDS, feel_env, \
    make_project, reference_sweep, report, run, substitute
from slurm_cluster import SlurmCluster, why_not_runnable

TERMINAL = {"COMPLETED", "FAILED", "CANCELLED", "TIMEOUT", "NODE_FAIL", "OUT_OF_MEMORY",
            "PREEMPTED", "BOOT_FAIL", "DEADLINE"}
# Longest wait for a submission to finish (4 parts of about a second, a merge, and Slurm's
# scheduling, on a busy machine).
JOB_TIMEOUT_S = 300
# The shard the second test kills.
KILLED = 3
MERGED = Path("out/data") / Path(EXPERIMENT).with_suffix(".csv").name


class SlurmJobArray(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        reason = why_not_runnable()
        if reason:
            raise unittest.SkipTest(f"Slurm cluster test skipped: {reason}")
        cls.reference, cls.reference_s = reference_sweep()
        cls.tmp = tempfile.TemporaryDirectory(prefix="feel-slurm-project-")
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.project = make_project(Path(cls.tmp.name).resolve())
        # The docs' files, with the test's N and experiment.
        scripts = cls.project / "slurm"
        scripts.mkdir()
        shard = substitute((DEPLOY / "slurm/shard.sbatch").read_text(), [
            ("#SBATCH --array=1-8\n", f"#SBATCH --array=1-{SHARDS}\n"),
            ("\nN=8\n", f"\nN={SHARDS}\n"),
            (DOCS_EXPERIMENT, EXPERIMENT)])
        (scripts / "shard.sbatch").write_text(shard)
        submit = substitute((DEPLOY / "slurm/submit.sh").read_text(),
                            [(DOCS_EXPERIMENT, EXPERIMENT)])
        (scripts / "submit.sh").write_text(submit)
        cls.cluster = SlurmCluster()
        cls.addClassCleanup(cls.cluster.stop)
        cls.cluster.start()

    # Slurm's view of a job.

    def records(self, job):
        """Each record of `scontrol show job JOB` (an array: one per task), as a dict."""
        out = run(["scontrol", "show", "job", "-o", str(job)], cwd=self.project,
                  env=self.cluster.env).stdout.decode()
        return [dict(re.findall(r"(\w+)=(\S*)", line)) for line in out.splitlines() if line]

    def wait_for(self, done, what):
        deadline = time.monotonic() + JOB_TIMEOUT_S
        while time.monotonic() < deadline:
            if done():
                return
            time.sleep(0.1)
        self.fail(f"timed out after {JOB_TIMEOUT_S} s waiting for {what}\n"
                  f"{self.cluster.logs()}\n{self.job_logs()}")

    def finished(self, job):
        return all(r["JobState"] in TERMINAL for r in self.records(job))

    def states(self, job):
        """{array task id (or None): state} of a job."""
        return {int(r["ArrayTaskId"]) if r.get("ArrayTaskId", "").isdigit() else None:
                r["JobState"] for r in self.records(job)}

    def job_logs(self):
        return "\n".join(f"--- {p.name}\n{p.read_text(errors='replace')[-2000:]}"
                         for p in sorted((self.project / "logs").glob("*.log")))

    def submit(self, *args):
        """`submit.sh ARGS` in the project: (shards job id, merge job id)."""
        out = run(["bash", "slurm/submit.sh", *args], cwd=self.project,
                  env=feel_env({"SLURM_CONF": self.cluster.env["SLURM_CONF"]})).stdout.decode()
        found = re.search(r"shards: job (\d+)\S*; merge: job (\d+)", out)
        self.assertIsNotNone(found, out)
        return found.group(1), found.group(2)

    def clean(self):
        for name in ("parts", "logs", "out"):
            shutil.rmtree(self.project / name, ignore_errors=True)

    # The tests.

    def test_1_job_array_and_merge_equal_the_one_machine_sweep(self):
        self.clean()
        start = time.monotonic()
        shards, merge = self.submit()
        self.wait_for(lambda: self.finished(merge) and self.finished(shards),
                      "the job array and its merge")
        elapsed = time.monotonic() - start
        self.assertEqual(self.states(shards), {k: "COMPLETED" for k in range(1, SHARDS + 1)},
                         self.job_logs())
        self.assertEqual(self.states(merge), {None: "COMPLETED"}, self.job_logs())
        self.assertEqual((self.project / MERGED).read_bytes(), self.reference)
        merge_line = (self.project / "logs/merge.log").read_text().strip().splitlines()[-1:]
        points = sum(1 for line in self.reference.splitlines() if not line.startswith(b"#")) - 1
        report(f"Slurm, {SHARDS} shards of {points} points (2 CPUs each, on a node of "
               f"{os.cpu_count()}) + merge: {elapsed:.1f} s from sbatch to the merge's end; "
               f"one machine: {self.reference_s:.1f} s ({merge_line[0] if merge_line else ''})")

    def test_2_a_killed_shard_resubmitted_completes_the_sweep(self):
        self.clean()
        shards, merge = self.submit()
        pid = self.kill_shard_mid_run(KILLED)
        parts = self.project / "parts"
        self.wait_for(lambda: self.finished(shards), "the job array's tasks")
        states = self.states(shards)
        self.assertEqual(states.pop(KILLED), "FAILED")
        self.assertEqual(states, {k: "COMPLETED" for k in range(1, SHARDS + 1) if k != KILLED})
        # The merge waits for a dependency that can no longer be met; nothing was merged.
        self.wait_for(lambda: self.records(merge)[0].get("Reason") == "DependencyNeverSatisfied",
                      "the merge to report DependencyNeverSatisfied")
        self.assertEqual(self.states(merge), {None: "PENDING"})
        self.assertFalse((self.project / MERGED).exists())
        # No part at the killed shard's path: only its hidden temporary file.
        self.assertEqual(sorted(p.name for p in parts.glob("part-*.csv")),
                         [f"part-{k}.csv" for k in range(1, SHARDS + 1) if k != KILLED])
        stale = parts / f".part-{KILLED}.csv.{pid}.tmp"
        self.assertTrue(stale.exists())
        kept = {p.name: p.stat().st_mtime_ns for p in parts.glob("part-*.csv")}
        run(["scancel", merge], cwd=self.project, env=self.cluster.env)
        self.wait_for(lambda: self.finished(merge), "the cancelled merge")

        shards_again, merge_again = self.submit(str(KILLED))
        self.wait_for(lambda: self.finished(merge_again) and self.finished(shards_again),
                      "the re-submitted shard and its merge")
        self.assertEqual(self.states(shards_again), {KILLED: "COMPLETED"}, self.job_logs())
        self.assertEqual(self.states(merge_again), {None: "COMPLETED"}, self.job_logs())
        self.assertEqual((self.project / MERGED).read_bytes(), self.reference)
        self.assertEqual({p.name: p.stat().st_mtime_ns for p in parts.glob("part-*.csv")
                          if p.name != f"part-{KILLED}.csv"}, kept, "only the shard re-ran")
        self.assertFalse(stale.exists(), "the re-run removes the killed run's temporary file")

    def kill_shard_mid_run(self, k):
        """SIGKILLs shard K's feel once it is writing its part (its hidden temporary file is
        there and the part is not); returns its process id."""
        wanted = [EXPERIMENT, "--shard", f"{k}/{SHARDS}"]
        deadline = time.monotonic() + JOB_TIMEOUT_S
        while time.monotonic() < deadline:
            for pid in self.processes_in_project():
                try:
                    argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
                except OSError:
                    continue
                words = [w.decode(errors="replace") for w in argv]
                if not words or Path(words[0]).name != "feel":
                    continue
                if not all(w in words for w in wanted):
                    continue
                temporary = self.project / f"parts/.part-{k}.csv.{pid}.tmp"
                while not temporary.exists():
                    if not Path(f"/proc/{pid}").exists():
                        self.fail(f"shard {k} ended before it could be killed mid-run")
                    time.sleep(0.005)
                self.assertFalse((self.project / f"parts/part-{k}.csv").exists())
                os.kill(pid, signal.SIGKILL)
                return pid
            time.sleep(0.01)
        self.fail(f"shard {k}'s feel never started\n{self.job_logs()}")

    def processes_in_project(self):
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    if os.readlink(f"/proc/{entry}/cwd") == str(self.project):
                        yield int(entry)
                except OSError:
                    continue


if __name__ == "__main__":
    unittest.main()
