"""deploy/: the recipes of docs/sweeps.md as files, checked without a cluster.

- The docs show deploy/kubernetes/feel-sweep-job.yaml, deploy/slurm/shard.sbatch and
  deploy/slurm/submit.sh verbatim (the same bytes).
- The Kubernetes Indexed Job parses as YAML (PyYAML) and is an Indexed Job whose N is the
  command's; its command, run by `sh -c` as the pod runs it with JOB_COMPLETION_INDEX from 0 to
  N − 1, calls `feel sweep` with K = index + 1 (a stand-in `feel` records the arguments), and then with
  the real `feel`, its parts merged by the docs' merge command equal the one-machine sweep.
- The Containerfile (untested: no container engine here) puts `feel` on PATH and the
  experiments in the Job's working folder.
"""

import os
import re
import shlex
import stat
import tempfile
import unittest
from pathlib import Path

import yaml

from cluster_support import DEPLOY, DOCS_EXPERIMENT, FEEL, ROOT, code_blocks, doc_block, \
    make_project, run, feel_env

JOB = DEPLOY / "kubernetes/feel-sweep-job.yaml"
CONTAINERFILE = DEPLOY / "Containerfile"


def shard_container(manifest):
    containers = manifest["spec"]["template"]["spec"]["containers"]
    assert len(containers) == 1, containers
    return containers[0]


class DocsShowTheFiles(unittest.TestCase):
    def test_1_files_are_in_the_docs_verbatim(self):
        blocks = [text for _, text in code_blocks()]
        for path in (JOB, DEPLOY / "slurm/shard.sbatch", DEPLOY / "slurm/submit.sh"):
            with self.subTest(path=path.relative_to(ROOT)):
                self.assertTrue(path.read_text(encoding="utf-8") in blocks,
                                f"docs/sweeps.md must show {path.relative_to(ROOT)} as it is, "
                                "in a code block of its own")

    def test_2_scripts_are_executable(self):
        for path in (DEPLOY / "slurm/shard.sbatch", DEPLOY / "slurm/submit.sh"):
            self.assertTrue(path.stat().st_mode & stat.S_IXUSR, path)


class KubernetesJob(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.manifest = yaml.safe_load(JOB.read_text(encoding="utf-8"))
        cls.container = shard_container(cls.manifest)
        # The one shell command the pod runs: `sh -c ARGS[0]`.
        assert cls.container["command"] == ["sh", "-c"], cls.container["command"]
        cls.script = cls.container["args"][0]
        found = re.search(r"--shard \$\(\(JOB_COMPLETION_INDEX \+ 1\)\)/(\d+)", cls.script)
        assert found, cls.script
        cls.n = int(found.group(1))

    def test_1_an_indexed_job_of_n_completions(self):
        spec = self.manifest["spec"]
        self.assertEqual(self.manifest["apiVersion"], "batch/v1")
        self.assertEqual(self.manifest["kind"], "Job")
        self.assertEqual(spec["completionMode"], "Indexed")
        self.assertEqual(spec["completions"], self.n, "completions must be the command's N")
        self.assertLessEqual(spec["parallelism"], spec["completions"])
        self.assertEqual(spec["template"]["spec"]["restartPolicy"], "Never")
        self.assertEqual(len(self.container["args"]), 1, "one shell command")

    def test_2_image_is_tagged_with_feels_version(self):
        version = run([str(FEEL), "--version"], cwd=ROOT).stdout.decode().strip()
        self.assertEqual(self.container["image"].rsplit(":", 1)[1], version)

    def test_3_threads_match_the_cpu_request(self):
        threads = re.search(r"--threads (\d+)", self.script).group(1)
        self.assertEqual(str(self.container["resources"]["requests"]["cpu"]), threads)

    def test_4_k_is_index_plus_one(self):
        mount = self.container["volumeMounts"][0]["mountPath"]
        with tempfile.TemporaryDirectory(prefix="feel-k8s-") as tmp:
            bin_dir = Path(tmp, "bin")
            bin_dir.mkdir()
            shim = bin_dir / "feel"
            shim.write_text('#!/bin/sh\nprintf \'%s\\n\' "$@" > "$FEEL_ARGS"\n')
            shim.chmod(0o755)
            for index in range(self.n):
                record = Path(tmp, f"args-{index}")
                env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
                           JOB_COMPLETION_INDEX=str(index), FEEL_ARGS=str(record))
                run(["sh", "-c", self.script], cwd=tmp, env=env)
                k = index + 1
                self.assertEqual(
                    record.read_text().splitlines(),
                    ["sweep", DOCS_EXPERIMENT, "--shard", f"{k}/{self.n}", "--threads", "2",
                     "--quiet", "-o", f"{mount}/part-{k}.csv"])

    def test_5_parts_merge_into_the_one_machine_sweep(self):
        """The pods' command with the real feel (the volume a temporary folder), then the docs'
        merge command: the one-machine sweep's bytes."""
        mount = self.container["volumeMounts"][0]["mountPath"]
        steps = doc_block("kubectl apply")
        self.assertIn(f"kubectl apply -f {JOB.relative_to(ROOT)}", steps)
        self.assertIn(f"job/{self.manifest['metadata']['name']}", steps)
        merge = [line for line in steps.splitlines() if line.startswith("feel sweep")]
        self.assertEqual(len(merge), 1, steps)
        merge_args = shlex.split(merge[0].split("#")[0])
        with tempfile.TemporaryDirectory(prefix="feel-k8s-") as tmp:
            project = make_project(Path(tmp, "feellab"))
            results = Path(tmp, "results")
            results.mkdir()
            for index in range(self.n):
                run(["sh", "-c", self.script.replace(mount + "/", f"{results}/")], cwd=project,
                    env=feel_env({"JOB_COMPLETION_INDEX": str(index)}))
            parts = sorted(str(p) for p in results.glob("part-*.csv"))
            self.assertEqual(len(parts), self.n)
            globbed = [a for a in merge_args if a != f"{mount}/part-*.csv"]
            self.assertEqual(len(globbed), len(merge_args) - 1, merge[0])
            run(globbed + parts, cwd=project)
            run(["feel", "sweep", DOCS_EXPERIMENT, "--quiet", "-o", "one-machine.csv"],
                cwd=project)
            merged = (project / "out/data" / Path(DOCS_EXPERIMENT).with_suffix(".csv").name)
            self.assertEqual(merged.read_bytes(), (project / "one-machine.csv").read_bytes())


class Containerfile(unittest.TestCase):
    def test_image_matches_the_job(self):
        text = CONTAINERFILE.read_text(encoding="utf-8")
        container = shard_container(yaml.safe_load(JOB.read_text(encoding="utf-8")))
        final = text.split("\nFROM ")[-1]  # the last stage: what the image holds
        workdirs = re.findall(r"^WORKDIR (\S+)$", final, re.M)
        self.assertEqual(workdirs[-1:], [container["workingDir"]])
        self.assertRegex(final, re.compile(
            rf"^COPY experiments {re.escape(container['workingDir'])}/experiments$", re.M))
        # `make install` into a prefix copied over /usr/local: feel on PATH, its page files in
        # /usr/local/share/feel where it looks (NotebookAssets.swift).
        prefix = re.search(r"make install PREFIX=(\S+)", text).group(1)
        self.assertRegex(final, re.compile(
            rf"^COPY --from=build {re.escape(prefix)} /usr/local$", re.M))


if __name__ == "__main__":
    unittest.main()
