"""POST /api/comp, the studio's "Save as comp" (docs/http-api.md): the control file gains one
[[comp]] section and nothing else changes (every other line, comments included, byte for byte);
`feel controls` reads the new comp; a preview writes nothing; bad bodies and comps are refused
with the file untouched; nothing is left beside the file."""

import json
import os
import tomllib
import unittest

from serve_process import ServeTestCase

CONTROL = "experiments/controls/castro.toml"


def inserted_block(old, new):
    """The lines `new` adds to `old` when it is `old` with one block of lines inserted, else None."""
    a, b = old.split("\n"), new.split("\n")
    p = 0
    while p < len(a) and a[p] == b[p]:
        p += 1
    added = len(b) - len(a)
    if added <= 0 or b[p + added:] != a[p:]:
        return None
    return b[p:p + added]


class CompTests(ServeTestCase):
    def setUp(self):
        self.server = self.start_server("--quiet")
        self.path = os.path.join(self.root, CONTROL)
        with open(self.path, "rb") as f:
            self.original = f.read()
        self.addCleanup(self.restore)

    def restore(self):
        with open(self.path, "wb") as f:
            f.write(self.original)

    def current(self):
        with open(self.path, "rb") as f:
            return f.read()

    def post(self, body):
        status, _, data = self.server.post("/api/comp", body)
        return status, json.loads(data)

    def test_the_file_gains_one_section_and_nothing_else_changes(self):
        before = self.listing()
        status, answer = self.post({"control": CONTROL, "name": "Felt live", "note": "from a test",
                                    "values": {"width": 300, "damping": 0.4125}})
        self.assertEqual(status, 200, answer)
        self.assertTrue(answer["saved"])
        new = self.current().decode()
        old = self.original.decode()
        # the diff: one block of added lines (the section in the control's order of constants and
        # one blank line), every old line kept
        block = inserted_block(old, new)
        self.assertIsNotNone(block, "not one inserted block")
        self.assertEqual([line for line in block if line], [
            "[[comp]]", 'name = "Felt live"', 'note = "from a test"',
            "values = { damping = 0.4125, width = 300 }"])
        self.assertEqual(block.count(""), 1)
        self.assertEqual(answer["section"], "\n".join(line for line in block if line) + "\n")
        # every comment of the old file is still there, in order
        self.assertEqual([l for l in old.splitlines() if l.lstrip().startswith("#")],
                         [l for l in new.splitlines() if l.lstrip().startswith("#")])
        # as TOML: the comps grew by exactly the new one, everything else equal
        a, b = tomllib.loads(old), tomllib.loads(new)
        self.assertEqual(b["comp"][:-1], a["comp"])
        self.assertEqual(b["comp"][-1], {"name": "Felt live", "note": "from a test",
                                         "values": {"damping": 0.4125, "width": 300}})
        del a["comp"], b["comp"]
        self.assertEqual(a, b)
        # feel reads it: the control file checks, and no other file under the root changed
        code, out, err = self.feel("controls")
        self.assertEqual(code, 0, err)
        # (the folder's own time changes: the new text is a new file renamed over the old one)
        others = lambda listing: [e for e in listing if e[0] not in (CONTROL, os.path.dirname(CONTROL))]
        self.assertEqual(others(self.listing()), others(before))

    def test_a_preview_writes_nothing(self):
        before = self.listing()
        status, answer = self.post({"control": CONTROL, "name": "Preview", "values": {"push": 3.5},
                                    "preview": True})
        self.assertEqual(status, 200, answer)
        self.assertFalse(answer["saved"])
        self.assertEqual(answer["section"], '[[comp]]\nname = "Preview"\nvalues = { push = 3.5 }\n')
        self.assertEqual(self.current(), self.original)
        self.assertEqual(self.listing(), before)

    def test_refusals_leave_the_file_as_it_was(self):
        before = self.listing()
        cases = [
            ({"control": CONTROL, "name": "Castro 2014", "values": {"damping": 1}},
             "a name no other comp of the file has"),
            ({"control": CONTROL, "name": "X", "values": {"dampng": 1}}, "did you mean 'damping'?"),
            ({"control": CONTROL, "name": "X", "values": {}}, "at least one constant"),
            ({"control": CONTROL, "name": "X", "values": {"damping": "high"}},
             "key 'values.damping': expected a number"),
            ({"control": CONTROL, "values": {"damping": 1}}, "key 'name'"),
            ({"control": "experiments/scenes/castro-drag-right-80.toml", "name": "X",
              "values": {"damping": 1}}, "castro-drag-right-80.toml"),
            ({"control": CONTROL, "name": "X", "values": {"damping": 1}, "colour": 1},
             "key 'colour'"),
        ]
        for body, message in cases:
            status, answer = self.post(body)
            self.assertEqual(status, 400, (body, answer))
            self.assertIn(message, answer["error"], body)
            self.assertEqual(self.current(), self.original, body)
        status, answer = self.post({"control": "../castro.toml", "name": "X", "values": {"damping": 1}})
        self.assertEqual(status, 403)
        self.assertEqual(self.listing(), before)


if __name__ == "__main__":
    unittest.main()
