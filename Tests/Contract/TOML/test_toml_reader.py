"""FeelLab's TOML reader (Sources/FeelScene/TOMLParser.swift) against an independent one, tomli
(PyPI, Tests/Contract/TOML/requirements.txt): on every committed TOML file, the fuzz corpus, TOML 1.0's
edge cases (toml_cases.py) and seeded mutations of the committed files (the fuzzer's own), the
two must accept and refuse the same texts and read the same values.

FeelLab's reader is reached through `feel-fuzz --toml-json` (FEEL_FUZZ names it; the Makefile
passes the release build), which prints what it reads as toml-test's tagged JSON. The two
differ on purpose in four things (docs/fuzzing.md, "The TOML reader"): FeelLab refuses a NUL
character in a string, an integer beyond 64 bits and nesting deeper than 256 levels, which tomli
reads, and reads a leading byte order mark, which tomli refuses; each is recognised (by FeelLab's
message and tomli's value) and counted apart."""

import datetime
import glob
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import tomli

sys.path.insert(0, os.path.dirname(__file__))
from toml_cases import INVALID, VALID  # noqa: E402

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
FEEL_FUZZ = os.path.abspath(os.environ.get("FEEL_FUZZ", os.path.join(REPO, ".build/release/feel-fuzz")))
# Mutated inputs per fuzz target (seed 1): FeelLab's reader and tomli on each.
MUTATIONS = int(os.environ.get("TOML_MUTATIONS", "4000"))

INT64 = range(-2**63, 2**63)


def feel_toml(args):
    """feel-fuzz --toml-json ARGS: one decoded JSON object a line."""
    done = subprocess.run([FEEL_FUZZ, "--toml-json", "--root", REPO, *args], capture_output=True,
                          timeout=600)
    if done.returncode != 0:
        raise AssertionError(f"feel-fuzz --toml-json failed: {done.stderr.decode()}")
    # One object a line, split at "\n" only: a string may hold U+2028 (JSON does not escape it).
    return [json.loads(line) for line in done.stdout.decode().split("\n") if line]


def untagged(value):
    """A tagged JSON value as Python values, dates and times read back by tomli from the text
    FeelLab kept (so that an offset, a fraction or a delimiter kept wrong shows)."""
    if isinstance(value, list):
        return [untagged(element) for element in value]
    if "type" in value and "value" in value and isinstance(value["type"], str) \
            and isinstance(value["value"], str) and len(value) == 2:
        kind, text = value["type"], value["value"]
        if kind == "string":
            return text
        if kind == "integer":
            return int(text)
        if kind == "float":
            return float(text)
        if kind == "bool":
            return {"true": True, "false": False}[text]
        read = tomli.loads("v = " + text)["v"]
        expected = {"datetime": datetime.datetime, "datetime-local": datetime.datetime,
                    "date-local": datetime.date, "time-local": datetime.time}[kind]
        if type(read) is not expected or (kind == "datetime") != (getattr(read, "tzinfo", None) is not None):
            raise AssertionError(f"a {kind} whose text reads as {read!r}: {text!r}")
        return read
    return {key: untagged(element) for key, element in value.items()}


def same(a, b):
    """Deep equality, NaN equal to NaN and the sign of zero and of NaN compared."""
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def walk(value):
    """Every value inside `value` (tables' keys as strings too)."""
    yield value
    if isinstance(value, dict):
        for key, element in value.items():
            yield key
            yield from walk(element)
    elif isinstance(value, list):
        for element in value:
            yield from walk(element)


def depth(value):
    if isinstance(value, dict):
        return 1 + max((depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


def by_design(error, expected):
    """Which of FeelLab's own refusals `error` is, when tomli's `expected` holds what it
    refuses; None otherwise."""
    if "NUL character" in error and any(isinstance(v, str) and "\0" in v for v in walk(expected)):
        return "NUL"
    if "not representable in 64 bits" in error and any(
            isinstance(v, int) and not isinstance(v, bool) and v not in INT64 for v in walk(expected)):
        return "int64"
    if "levels deep" in error and depth(expected) > 256:
        return "depth"
    return None


def tomli_read(text):
    """tomli's table, or the exception it raised (its error, or Python's recursion limit)."""
    try:
        return tomli.loads(text)
    except (tomli.TOMLDecodeError, RecursionError) as error:
        return error


class Comparison:
    """Counts of one set of texts."""

    def __init__(self, test, what):
        self.test, self.what = test, what
        self.read = self.refused = 0
        self.by_design = {}

    def check(self, name, text, record):
        expected = tomli_read(text)
        if "toml" in record and isinstance(expected, Exception) and text.startswith("\ufeff"):
            # A byte order mark, which FeelLab skips: the rest must read alike.
            expected = tomli_read(text[1:])
            self.by_design["BOM"] = self.by_design.get("BOM", 0) + 1
        if "toml" in record:
            self.test.assertNotIsInstance(
                expected, Exception,
                f"{self.what} {name}: FeelLab reads what tomli refuses ({expected}): {text!r}")
            got = untagged(record["toml"])
            self.test.assertTrue(same(got, expected),
                                 f"{self.what} {name}: FeelLab read {got!r}, tomli {expected!r}")
            self.read += 1
            return
        error = record["error"]
        if isinstance(expected, Exception):
            self.refused += 1
            return
        reason = by_design(error, expected)
        self.test.assertIsNotNone(
            reason, f"{self.what} {name}: FeelLab refuses what tomli reads ({error}): {text!r}")
        self.by_design[reason] = self.by_design.get(reason, 0) + 1

    def report(self):
        print(f"\n  {self.what}: {self.read} read alike, {self.refused} refused by both"
              + (f", differing by design: {self.by_design}" if self.by_design else ""),
              file=sys.stderr)


class TOMLReaderTest(unittest.TestCase):
    def test_committed_files_and_the_fuzz_corpus(self):
        files = sorted(
            f for pattern in ("experiments/**/*.toml", "Tests/**/*.toml")
            for f in glob.glob(os.path.join(REPO, pattern), recursive=True))
        self.assertGreater(len(files), 80)
        compared = Comparison(self, "committed files")
        for record in feel_toml(files):
            with open(record["file"], "rb") as f:
                text = f.read().decode("utf-8")
            compared.check(os.path.relpath(record["file"], REPO), text, record)
        compared.report()
        # The committed files are valid TOML, every one.
        self.assertEqual(compared.refused, 0)
        self.assertEqual(compared.by_design, {})

    def cases(self, cases):
        folder = tempfile.mkdtemp(prefix="feel-toml-cases-")
        self.addCleanup(shutil.rmtree, folder, True)
        paths = {}
        for n, (name, text) in enumerate(cases.items()):
            path = os.path.join(folder, f"{n:03d}.toml")
            with open(path, "w", encoding="utf-8", newline="") as f:
                f.write(text)
            paths[path] = (name, text)
        return [(paths[record["file"]], record) for record in feel_toml(sorted(paths))]

    def test_the_specifications_valid_edge_cases(self):
        compared = Comparison(self, "valid edge cases")
        for (name, text), record in self.cases(VALID):
            if text.strip("\ufeff \t\r\n") == "":
                # An empty file: TextFile refuses it before any TOML reader (feel's rule); tomli
                # reads an empty table.
                self.assertIn("not_text", record, name)
                self.assertEqual(tomli.loads(text), {})
                continue
            self.assertNotIsInstance(tomli_read(text), Exception, f"tomli refuses {name}")
            self.assertIn("toml", record, f"{name}: {record.get('error')}")
            compared.check(name, text, record)
        compared.report()

    def test_the_specifications_invalid_edge_cases(self):
        for (name, text), record in self.cases(INVALID):
            self.assertIsInstance(tomli_read(text), Exception, f"tomli reads {name}")
            self.assertIn("error", record, f"FeelLab reads {name}: {record.get('toml')}")
            self.assertRegex(record["error"], r"^input\.toml:\d+:\d+: TOML syntax: ", name)

    def test_where_the_two_differ_on_purpose(self):
        cases = {
            "NUL escape": 'a = "x\\u0000y"\n',
            "NUL escape in a key": '"\\U00000000" = 1\n',
            "integer beyond 64 bits": "a = 9223372036854775808\n",
            "integer below 64 bits": "a = -9223372036854775809\n",
            "257 levels": "a = " + "[" * 257 + "]" * 257 + "\n",
        }
        reasons = []
        for (name, text), record in self.cases(cases):
            self.assertIn("error", record, name)
            reasons.append(by_design(record["error"], tomli.loads(text)))
        self.assertEqual(reasons, ["NUL", "NUL", "int64", "int64", "depth"])
        # A byte order mark: FeelLab reads the rest, tomli refuses the file.
        text = "\ufeffa = 1\n[t]\nb = 'x'\n"
        ((_, record),) = self.cases({"BOM": text})
        self.assertIsInstance(tomli_read(text), Exception)
        self.assertTrue(same(untagged(record["toml"]), tomli.loads(text[1:])))
        # 256 levels read alike.
        text = "a = " + "[" * 255 + "]" * 255 + "\n"
        ((_, record),) = self.cases({"255": text})
        self.assertTrue(same(untagged(record["toml"]), tomli.loads(text)))

    def test_mutations_of_the_committed_files(self):
        for target in ("scene", "experiment"):
            compared = Comparison(self, f"{MUTATIONS} mutated {target} inputs (seed 1)")
            for record in feel_toml(["--target", target, "--runs", str(MUTATIONS), "--seed", "1"]):
                if "not_text" in record:
                    continue
                compared.check(f"#{record['index']}", record["input"], record)
            compared.report()
            self.assertGreater(compared.read, MUTATIONS // 20, "too few inputs read to compare")
            self.assertGreater(compared.refused, MUTATIONS // 20, "too few inputs refused")


if __name__ == "__main__":
    unittest.main()
