"""`make install` and `make uninstall` (docs/install.md), into a temporary PREFIX.

The installed `feel`, called by name through a symbolic link in another folder of PATH (as a
package manager links it), run from a project folder outside the checkout:

- `feel --version` is FeelLab's version (Sources/FeelScene/FeelLabVersion.swift);
- `feel run` prints the same frames and events as the checkout's release build;
- `feel notebook`, `feel check`, `feel controls` and `feel sweep` work on that folder's
  experiments/ and write under its out/;
- the notebook's page files come from PREFIX/share/feel (a mark added to the installed copy of
  notebook.css shows up in the notebook), the whole page as the checkout has it otherwise;
- bash completes `feel sw` to `sweep` (the installed script, sourced, its completion function
  called as bash calls it), and zsh and fish get their scripts where they look;
- `make uninstall` removes every file `make install` wrote.
"""

import filecmp
import http.client
import json
import os
import re
import select
import shlex
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

from cluster_support import ROOT, code_blocks_in, make_project, run

BUNDLE = "FeelLab_FeelNotebook.resources"
PAGE = ROOT / "Sources/FeelNotebook/Resources"
# The experiment the project keeps (the others and their baselines are removed, so that the
# notebook and the check stay short); the control files' presets all stay.
KEPT = "snap-damping-release"


def make(*args, cwd=ROOT):
    return run(["make", "--no-print-directory", *args], cwd=cwd, env=dict(os.environ))


def installed_files(prefix):
    return sorted(str(p.relative_to(prefix)) for p in Path(prefix).rglob("*") if not p.is_dir())


class Install(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="feel-install-")
        cls.addClassCleanup(cls.tmp.cleanup)
        tmp = Path(cls.tmp.name)
        cls.prefix = tmp / "prefix"
        make("install", f"PREFIX={cls.prefix}")
        # Linked into another folder of PATH, as Homebrew or stow link an installed tool.
        cls.links = tmp / "links"
        cls.links.mkdir()
        (cls.links / "feel").symlink_to(cls.prefix / "bin/feel")
        cls.env = dict(os.environ, PATH=f"{cls.links}{os.pathsep}/usr/bin{os.pathsep}/bin")
        cls.project = make_project(tmp / "project")
        experiments = cls.project / "experiments"
        for path in experiments.glob("*.toml"):
            if path.stem != KEPT:
                path.unlink()
        for path in (experiments / "baselines").glob("*.metrics.csv"):
            if not path.name.startswith(KEPT + "."):
                path.unlink()

    def feel(self, *args, check=True):
        return run(["feel", *args], cwd=self.project, env=self.env, check=check)

    def test_1_files(self):
        files = installed_files(self.prefix)
        for path in ("bin/feel", "share/bash-completion/completions/feel",
                     "share/zsh/site-functions/_feel",
                     "share/fish/vendor_completions.d/feel.fish",
                     f"share/feel/{BUNDLE}/Resources/notebook.css",
                     f"share/feel/{BUNDLE}/Resources/js/main.js"):
            self.assertIn(path, files)
        self.assertTrue(os.access(self.prefix / "bin/feel", os.X_OK))
        # The page files as the checkout has them.
        comparison = filecmp.dircmp(PAGE, self.prefix / "share/feel" / BUNDLE / "Resources")
        self.assertEqual((comparison.left_only, comparison.right_only, comparison.diff_files),
                         ([], [], []))

    def test_2_version(self):
        source = (ROOT / "Sources/FeelScene/FeelLabVersion.swift").read_text()
        version = re.search(r'current = "([^"]+)"', source).group(1)
        self.assertEqual(self.feel("--version").stdout.decode(), version + "\n")

    def test_3_run_outside_the_checkout(self):
        scene = "experiments/scenes/castro-tap-hint-left.toml"
        installed = self.feel("run", scene, "--events")
        checkout = run([str(ROOT / ".build/release/feel"), "run", scene, "--events"], cwd=ROOT)
        self.assertGreater(len(installed.stdout.splitlines()), 60)
        self.assertEqual(installed.stdout, checkout.stdout)
        self.assertEqual(installed.stderr, checkout.stderr)

    def test_3a_serve_runs_the_installed_server(self):
        """`feel serve`, called through the link, runs the feel-serve installed beside the real
        `feel`; its /api/run answers as the installed `feel run` does, on the project's files."""
        self.assertTrue(os.access(self.prefix / "bin/feel-serve", os.X_OK))
        scene = "experiments/scenes/castro-tap-hint-left.toml"
        expected = self.feel("run", scene, "--events")
        server = subprocess.Popen(
            ["feel", "serve", "--port", "0", "--quiet"], cwd=self.project, env=self.env,
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            ready, _, _ = select.select([server.stdout], [], [], 60)
            self.assertTrue(ready, "feel serve printed no URL line within 60 s")
            line = server.stdout.readline().decode()
            match = re.match(r"^feel serve: http://127\.0\.0\.1:(\d+)/\?token=(\S+)$", line)
            self.assertIsNotNone(match, line)
            connection = http.client.HTTPConnection("127.0.0.1", int(match[1]), timeout=60)
            connection.request(
                "POST", "/api/run", body=json.dumps({"scene": scene}),
                headers={"Authorization": f"Bearer {match[2]}",
                         "Content-Type": "application/json"})
            response = connection.getresponse()
            answer = json.loads(response.read())
            self.assertEqual(response.status, 200, answer)
            self.assertEqual(answer["csv"].encode(), expected.stdout)
            self.assertEqual(answer["events_csv"].encode(), expected.stderr)
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            server.stdout.close()
            server.stderr.close()

    def test_3b_readme_quick_start(self):
        """The README's quick start with the installed feel, in a copy of the repository's
        experiments: every `feel` line runs, and writes nothing outside out/."""
        readme = (ROOT / "README.md").read_text(encoding="utf-8")
        section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
        self.assertNotIn(".build/debug", section)
        commands = [line.split("  #")[0].strip()
                    for _, text in code_blocks_in(section) for line in text.splitlines()
                    if line.startswith("feel ")]
        self.assertGreaterEqual(len(commands), 4, section)
        with tempfile.TemporaryDirectory(prefix="feel-quick-start-") as tmp:
            project = make_project(tmp)
            before = set(Path(tmp).rglob("*"))
            for command in commands:
                with self.subTest(command=command):
                    run(shlex.split(command), cwd=project, env=self.env)
            written = {p.relative_to(project) for p in set(Path(tmp).rglob("*")) - before}
            self.assertNotEqual(written, set())
            self.assertEqual({p for p in written if p.parts[0] != "out"}, set())

    def test_4_notebook_outside_the_checkout(self):
        """The page files are the installed ones: a mark added to the installed notebook.css
        (not in the checkout's build) is in the notebook written from the project folder."""
        css = self.prefix / "share/feel" / BUNDLE / "Resources/notebook.css"
        original = css.read_bytes()
        mark = b"\n/* installed copy, marked by test_install.py */\n"
        css.write_bytes(original + mark)
        try:
            self.feel("notebook", "--quiet")
        finally:
            css.write_bytes(original)
        notebook = self.project / "out/notebook"
        self.assertEqual((notebook / "notebook.css").read_bytes(), original + mark)
        html = (notebook / "index.html").read_text(encoding="utf-8")
        scripts = re.findall(r'<script src="(js/[^"]+)"', html)
        self.assertIn("js/main.js", scripts)
        for script in scripts:
            with self.subTest(script=script):
                self.assertEqual((notebook / script).read_bytes(), (PAGE / script).read_bytes())
        self.assertTrue((notebook / f"data/{KEPT}.js").is_file())

    def test_5_check_controls_sweep_on_the_folders_experiments(self):
        checked = self.feel("check")
        said = checked.stdout.decode() + checked.stderr.decode()
        self.assertIn(", 0 drifted", said)
        self.assertIn("1 experiment (", said)
        controls = self.feel("controls", "--presets").stdout.decode().split()
        self.assertIn("castro-tap-hint-left", controls)
        self.feel("sweep", f"experiments/{KEPT}.toml", "--quiet")
        swept = self.project / f"out/data/{KEPT}.csv"
        checkout = run([str(ROOT / ".build/release/feel"), "sweep", f"experiments/{KEPT}.toml",
                        "--quiet", "-o", "-"], cwd=ROOT)
        self.assertEqual(swept.read_bytes(), checkout.stdout)

    def test_6_bash_completes_sw_to_sweep(self):
        script = self.prefix / "share/bash-completion/completions/feel"

        def complete(line):
            words = line.split(" ")
            program = f"""
                source {shlex_quote(script)}
                spec=$(complete -p feel) || exit 3
                function=$(sed -E 's/.* -F ([^ ]+) .*/\\1/' <<< "$spec")
                COMP_LINE={shlex_quote(line)}
                COMP_POINT=${{#COMP_LINE}}
                COMP_WORDS=({" ".join(shlex_quote(w) for w in words)})
                COMP_CWORD={len(words) - 1}
                COMPREPLY=()
                "$function" feel {shlex_quote(words[-1])} {shlex_quote(words[-2])}
                printf '%s\\n' "${{COMPREPLY[@]}}"
            """
            result = subprocess.run(["bash", "--norc", "--noprofile", "-c", program],
                                    env=self.env, capture_output=True, text=True, timeout=60)
            self.assertEqual(result.returncode, 0, result.stderr)
            return [w.strip() for w in result.stdout.splitlines() if w.strip()]

        self.assertEqual(complete("feel sw"), ["sweep"])
        self.assertIn("--shard", complete("feel sweep experiments/x.toml --sh"))

    def test_7_zsh_and_fish_scripts(self):
        zsh = (self.prefix / "share/zsh/site-functions/_feel").read_text()
        self.assertTrue(zsh.startswith("#compdef feel"), zsh[:40])
        fish = (self.prefix / "share/fish/vendor_completions.d/feel.fish").read_text()
        self.assertRegex(fish, r"complete -c 'feel'|complete -c feel")
        for shell, path in (("zsh", "share/zsh/site-functions/_feel"),
                            ("fish", "share/fish/vendor_completions.d/feel.fish")):
            if shutil.which(shell):
                with self.subTest(shell=shell):
                    run([shell, "-n", str(self.prefix / path)], cwd=ROOT)

    def test_8_destdir_stages_the_same_tree(self):
        with tempfile.TemporaryDirectory(prefix="feel-destdir-") as stage:
            make("install", f"DESTDIR={stage}", "PREFIX=/opt/feel")
            self.assertEqual(installed_files(Path(stage) / "opt/feel"),
                             installed_files(self.prefix))
            make("uninstall", f"DESTDIR={stage}", "PREFIX=/opt/feel")
            self.assertEqual(installed_files(stage), [])

    def test_9_uninstall_removes_what_was_installed(self):
        self.assertNotEqual(installed_files(self.prefix), [])
        make("uninstall", f"PREFIX={self.prefix}")
        self.assertEqual(installed_files(self.prefix), [])
        self.assertFalse((self.prefix / "share/feel").exists())
        make("uninstall", f"PREFIX={self.prefix}")  # again: nothing to remove, no error


def shlex_quote(value):
    return shlex.quote(str(value))


if __name__ == "__main__":
    unittest.main()
