"""The generated Swift and Objective-C, compiled and run.

Core Graphics is Apple's, so on Linux the code is compiled against stand-ins with Apple's
names and signatures (CoreGraphicsStub/: a Swift module and a C header with a recording
implementation). Every glyph's `feel svg --to swift` and `--to objc` output is compiled
(swiftc in Swift 6 mode; gcc -std=c11 -Wall -Wextra -Werror as C, the Objective-C subset it is),
its draw function run, and what it filled and stroked compared with `feel svg --to json`: the
same commands (numbers to 1e-12 relative: both print the JSON's decimals), colours, opacities,
fill rules, widths, caps, joins and miter limits. docs/svg.md says how to compile against the
real Core Graphics on macOS.

Environment: FEEL (default .build/debug/feel), SWIFTC (default swiftc), CC (default gcc).
"""

import json
import os
import re
import subprocess
import tempfile
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FEEL = Path(os.environ.get("FEEL", ROOT / ".build/debug/feel"))
SWIFTC = os.environ.get("SWIFTC", "swiftc")
CC = os.environ.get("CC", "gcc")
STUB = Path(__file__).resolve().parent / "CoreGraphicsStub"
GLYPHS = sorted((ROOT / "experiments/glyphs").glob("*.svg"))
RELATIVE = 1e-12


def feel(glyph, *arguments):
    result = subprocess.run([str(FEEL), "svg", str(glyph), *arguments], capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(result.stderr)
    return result.stdout


def run(command, cwd):
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise AssertionError(" ".join(map(str, command)) + "\n" + result.stdout + result.stderr)
    return result


def names():
    return [f"glyph{i}" for i in range(len(GLYPHS))]


class Emitters(unittest.TestCase):
    def compare(self, output, language):
        """`output`: "### name" lines, each followed by the fill/stroke records."""
        records = {}
        name = None
        for line in output.splitlines():
            if line.startswith("### "):
                name = line[4:]
                records[name] = []
            elif line.strip():
                records[name].append(json.loads(line))
        self.assertEqual(sorted(records), sorted(names()))
        for glyph, name in zip(GLYPHS, names()):
            expected = json.loads(feel(glyph, "--to", "json"))["paths"]
            got = iter(records[name])
            for k, path in enumerate(expected):
                what = f"{language} {glyph.name} path {k + 1}"
                for op in ("fill", "stroke"):
                    if path[op] is None:
                        continue
                    record = next(got)
                    self.assertEqual(record["op"], op, what)
                    self.assertAlmostEqual(record["alpha"], path["opacity"], 12, what)
                    rgb = [int(path[op][i : i + 2], 16) for i in (1, 3, 5)]
                    for a, b in zip(record["color"][:3], rgb):
                        self.assertAlmostEqual(a, b, 9, what)
                    self.assertAlmostEqual(record["color"][3], path[f"{op}_opacity"], 12, what)
                    if op == "fill":
                        self.assertEqual(record["rule"], {"nonzero": "winding", "evenodd": "evenOdd"}[path["fill_rule"]], what)
                    else:
                        self.assertAlmostEqual(record["width"], path["stroke_width"], 12, what)
                        self.assertEqual(record["cap"], path["stroke_line_cap"], what)
                        self.assertEqual(record["join"], path["stroke_line_join"], what)
                        self.assertAlmostEqual(record["miter"], path["stroke_miter_limit"], 12, what)
                    commands = [element.split(" ") for element in record["path"]]
                    self.assertEqual([c[0] for c in commands], [c[0] for c in path["commands"]], what)
                    for c, e in zip(commands, path["commands"]):
                        for a, b in zip(map(float, c[1:]), e[1:]):
                            self.assertLessEqual(abs(a - b), RELATIVE * max(1.0, abs(b)), what)
            self.assertIsNone(next(got, None), f"{language} {glyph.name}: more paint than paths")

    def test_swift_compiles_and_draws_the_json(self):
        with tempfile.TemporaryDirectory() as folder:
            work = Path(folder)
            run([SWIFTC, "-parse-as-library", "-emit-module", "-emit-library", "-static",
                 "-module-name", "CoreGraphics", "-emit-module-path", str(work / "CoreGraphics.swiftmodule"),
                 "-o", str(work / "libCoreGraphics.a"), str(STUB / "CoreGraphics.swift")], work)
            sources = []
            for glyph, name in zip(GLYPHS, names()):
                source = work / f"{name}.swift"
                source.write_text(feel(glyph, "--to", "swift", "--name", name))
                sources.append(str(source))
            calls = "\n".join(
                f'print("### {n}")\nlet c{i} = CGContext()\ndraw{n[0].upper() + n[1:]}(in: c{i})\nfor l in c{i}.log {{ print(l) }}\n'
                "_ = " + n + "()\n"
                for i, n in enumerate(names())
            )
            (work / "main.swift").write_text("import CoreGraphics\n" + calls)
            run([SWIFTC, "-swift-version", "6", "-warnings-as-errors", "-I", str(work), "-L", str(work),
                 "-lCoreGraphics", *sources, str(work / "main.swift"), "-o", str(work / "draw")], work)
            self.compare(run([str(work / "draw")], work).stdout, "Swift")

    def test_objective_c_compiles_and_draws_the_json(self):
        with tempfile.TemporaryDirectory() as folder:
            work = Path(folder)
            includes = []
            calls = []
            for glyph, name in zip(GLYPHS, names()):
                source = work / f"{name}.m"
                source.write_text(feel(glyph, "--to", "objc", "--name", name))
                includes.append(f'#include "{source.name}"')
                type_name = name[0].upper() + name[1:]
                calls.append(
                    f'  printf("### {name}\\n"); {type_name}Draw(NULL); fflush(stdout);\n'
                    f"  CGPathRelease({type_name}CreatePath());"
                )
            (work / "main.c").write_text(
                "#include <stdio.h>\n" + "\n".join(includes) + "\nint main(void) {\n" + "\n".join(calls) + "\n  return 0;\n}\n"
            )
            # The generated files say #import (Objective-C); as C, gcc reads it like #include
            # and warns that it is an extension: that one warning is allowed.
            result = run([CC, "-std=c11", "-Wall", "-Wextra", "-Werror", "-Wno-deprecated", "-I", str(STUB),
                          "-c", "-x", "c", str(work / "main.c"), "-o", str(work / "main.o")], work)
            self.assertEqual(result.stderr.strip(), "", "gcc warnings")
            run([CC, "-std=c11", "-I", str(STUB), "-c", str(STUB / "stub.c"), "-o", str(work / "stub.o")], work)
            run([CC, str(work / "main.o"), str(work / "stub.o"), "-o", str(work / "draw")], work)
            self.compare(run([str(work / "draw")], work).stdout, "Objective-C")


if __name__ == "__main__":
    unittest.main()
