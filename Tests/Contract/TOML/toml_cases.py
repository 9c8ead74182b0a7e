"""TOML 1.0's edge cases (https://toml.io/en/v1.0.0), each a small document: VALID ones the
specification allows, INVALID ones it forbids, written from its text and examples. The test
holds both FeelLab's reader and tomli to these verdicts, and the two readers to the same values.

Not here: what the specification leaves to the reader (a float beyond binary64's range, a leap
second, a byte order mark), and where FeelLab and tomli differ on purpose (test_toml_reader.py
checks those apart): FeelLab's own limits (no NUL character in a string, 256 levels of
nesting), integers beyond 64 bits (the specification says a reader must refuse what it cannot
hold; tomli holds any), a leading byte order mark (FeelLab skips it, as editors write it)."""

VALID = {
    "comments": "# a comment\nkey = \"value\"  # after a value\n# \u00e9 \u2028 \t tab\n\n",
    "crlf": "a = 1\r\n[t]\r\nb = \"x\"\r\nc = \"\"\"\r\nline\r\n\"\"\"\r\n",
    "no final line break": "a = 1",
    "empty": "",
    "bare keys": "key = 1\nbare_key = 2\nbare-key = 3\n1234 = 4\n-_- = 5\ntrue = 6\n",
    "quoted keys": "\"127.0.0.1\" = 1\n\"character encoding\" = 2\n\"\u0282\u00e6\u0282\u0282\" = 3\n"
                   "'key2' = 4\n'quoted \"value\"' = 5\n\"\" = 6\n",
    "dotted keys": "name = \"Orange\"\nphysical.color = \"orange\"\nphysical.shape = \"round\"\n"
                   "site.\"google.com\" = true\nfruit . flavor = \"banana\"\n3.14159 = \"pi\"\n",
    "dotted keys out of order": "apple.type = \"fruit\"\norange.type = \"fruit\"\n"
                                "apple.skin = \"thin\"\norange.skin = \"thick\"\n",
    "basic strings": "a = \"I'm a string. \\\"You can quote me\\\". Name\\tJos\\u00E9\\nLocation\\tSF.\"\n"
                     "b = \"\\b\\t\\n\\f\\r\\\"\\\\\"\nc = \"\\U0001F600 \\u00e9 caf\u00e9\"\n"
                     "d = \"tab\there\"\n",
    "multi-line basic strings": "a = \"\"\"\nRoses are red\nViolets are blue\"\"\"\n"
                                "b = \"\"\"\nThe quick brown \\\n\n\n  fox jumps over \\\n    the lazy dog.\"\"\"\n"
                                "c = \"\"\"\\\n       The quick brown \\\n       fox.\\\n       \"\"\"\n"
                                "d = \"\"\"Here are two quotation marks: \"\". Simple enough.\"\"\"\n"
                                "e = \"\"\"Here are three quotation marks: \"\"\\\".\"\"\"\n"
                                "f = \"\"\"\"This,\" she said, \"is just a pointless statement.\"\"\"\"\n"
                                "g = \"\"\"\"\"\"\"\"\nh = \"\"\"a \\   \n  b\"\"\"\n",
    "literal strings": "a = 'C:\\Users\\nodejs\\templates'\nb = '\\\\ServerX\\admin$\\system32\\'\n"
                       "c = 'Tom \"Dubs\" Preston-Werner'\nd = '<\\i\\c*\\s*>'\ne = ''\n",
    "multi-line literal strings": "a = '''I [dw]on't need \\d{2} apples'''\n"
                                  "b = '''\nThe first newline is\ntrimmed in raw strings.\n   All other whitespace\n   is preserved.\n'''\n"
                                  "c = '''Here are fifteen quotation marks: \"\"\"\"\"\"\"\"\"\"\"\"\"\"\"'''\n"
                                  "d = ''''That,' she said, 'is still pointless.''''\n",
    "integers": "a = +99\nb = 42\nc = 0\nd = -17\ne = 1_000\nf = 5_349_221\ng = 53_49_221\n"
                "h = 1_2_3_4_5\ni = 0xDEADBEEF\nj = 0xdeadbeef\nk = 0xdead_beef\nl = 0o01234567\n"
                "m = 0o755\nn = 0b11010110\no = 9223372036854775807\np = -9223372036854775808\n"
                "q = -0\nr = +0\ns = 0x0\nt = 0b0\nu = 0o0_0\n",
    "floats": "a = +1.0\nb = 3.1415\nc = -0.01\nd = 5e+22\ne = 1e06\nf = -2E-2\ng = 6.626e-34\n"
              "h = 224_617.445_991_228\ni = inf\nj = +inf\nk = -inf\nl = nan\nm = +nan\nn = -nan\n"
              "o = -0.0\np = +0.0\nq = 0e0\nr = 1e1_0\ns = 0.0001\n",
    "booleans": "a = true\nb = false\n",
    "offset date-times": "a = 1979-05-27T07:32:00Z\nb = 1979-05-27T00:32:00-07:00\n"
                         "c = 1979-05-27T00:32:00.999999-07:00\nd = 1979-05-27 07:32:00Z\n"
                         "e = 1979-05-27t07:32:00z\nf = 2000-02-29T23:59:59+23:59\n",
    "local date-times": "a = 1979-05-27T07:32:00\nb = 1979-05-27T00:32:00.999999\n"
                        "c = 1979-05-27 07:32:00.5\n",
    "local dates and times": "a = 1979-05-27\nb = 07:32:00\nc = 00:32:00.999999\n"
                             "d = 1979-05-27 # a comment\ne = [1979-05-27, 23:59:59]\n",
    "arrays": "integers = [ 1, 2, 3 ]\ncolors = [ \"red\", \"yellow\", \"green\" ]\n"
              "nested_arrays_of_ints = [ [ 1, 2 ], [3, 4, 5] ]\n"
              "nested_mixed_array = [ [ 1, 2 ], [\"a\", \"b\", \"c\"] ]\n"
              "string_array = [ \"all\", 'strings', \"\"\"are the same\"\"\", '''type''' ]\n"
              "numbers = [ 0.1, 0.2, 0.5, 1, 2, 5 ]\n"
              "contributors = [\n  \"Foo Bar <foo@example.com>\",\n"
              "  { name = \"Baz Qux\", email = \"bazqux@example.com\", url = \"https://example.com/bazqux\" }\n]\n"
              "integers2 = [\n  1, 2, 3\n]\nintegers3 = [\n  1,\n  2, # this is ok\n]\nempty = [ ]\n"
              "comments = [ # a\n # b\n 1 # c\n , # d\n]\n",
    "tables": "[table-1]\nkey1 = \"some string\"\nkey2 = 123\n\n[table-2]\nkey1 = \"another string\"\n"
              "key2 = 456\n[dog.\"tater.man\"]\ntype.name = \"pug\"\n[a.b.c]\n[ d.e.f ]\n"
              "[ g .  h  . i ]\n[ j . \"\u0288\u028e\" . 'l' ]\n",
    "super-table after its sub-table": "[x.y.z.w]\n[x]\n",
    "implicit tables defined later": "[fruit.apple]\ncolor = 1\n[fruit]\norange = 2\n",
    "top-level keys, then tables": "name = \"Fido\"\nbreed = \"pug\"\n[owner]\nname = \"Regina Dogman\"\n"
                                   "member_since = 1999-08-04\n",
    "dotted keys define tables": "fruit.apple.color = \"red\"\nfruit.apple.taste.sweet = true\n"
                                 "[fruit.apple.texture]\nsmooth = true\n",
    "sub-table of a dotted-key table": "[fruit]\napple.color = \"red\"\napple.taste.sweet = true\n"
                                       "[fruit.apple.texture]\nsmooth = true\n",
    "dotted keys into an implicit table": "[a.b.c]\nx = 1\n[a]\nb.d = 2\n",
    "inline tables": "name = { first = \"Tom\", last = \"Preston-Werner\" }\npoint = { x = 1, y = 2 }\n"
                     "animal = { type.name = \"pug\" }\nempty = {}\nnested = { a = { b = { c = 1 } } }\n"
                     "arrays = { a = [1, 2], b = [\n 3,\n 4,\n] }\ndotted = { a.b = 1, a.c = 2 }\n",
    "arrays of tables": "[[products]]\nname = \"Hammer\"\nsku = 738594937\n\n[[products]]\n\n"
                        "[[products]]\nname = \"Nail\"\nsku = 284758393\ncolor = \"gray\"\n",
    "nested arrays of tables": "[[fruits]]\nname = \"apple\"\n[fruits.physical]\ncolor = \"red\"\n"
                               "[[fruits.varieties]]\nname = \"red delicious\"\n[[fruits.varieties]]\n"
                               "name = \"granny smith\"\n[[fruits]]\nname = \"banana\"\n"
                               "[[fruits.varieties]]\nname = \"plantain\"\n",
    "inline arrays of tables": "points = [ { x = 1, y = 2, z = 3 },\n           { x = 7, y = 8, z = 9 },\n"
                               "           { x = 2, y = 4, z = 8 } ]\n",
    "whitespace": "\t a\t=\t1\t\n  [  t  ]  \n  b = 2 # c\n",
    "keys that look like values": "true = 1\nfalse = 2\ninf = 3\nnan = 4\n1979-05-27 = 5\n",
    "string escapes in keys": "\"a\\tb\" = 1\n\"\\u00e9\" = 2\n",
}

INVALID = {
    "a key without a value": "key = # INVALID\n",
    "no equals sign": "key \"value\"\n",
    "no key": "= \"no key name\"\n",
    "a key and a value on different lines": "first = \"Tom\" last = \"Preston-Werner\"\n",
    "a line break after the equals sign": "key =\n1\n",
    "a key given twice": "name = \"Tom\"\nname = \"Pradyun\"\n",
    "a key given twice, once quoted": "spelling = \"favorite\"\n\"spelling\" = \"favourite\"\n",
    "a value then a dotted key into it": "fruit.apple = 1\nfruit.apple.smooth = true\n",
    "a bare key with a dot at its end": "a. = 1\n",
    "a bare key with other characters": "a$b = 1\n",
    "a non-ASCII bare key": "\u00e9 = 1\n",
    "a multi-line string as a key": "\"\"\"key\"\"\" = 1\n",
    "an unknown escape": "a = \"\\q\"\n",
    "an escaped space": "a = \"\\ \"\n",
    "an unterminated string": "a = \"abc\n",
    "an unterminated literal string": "a = 'abc\n",
    "a control character in a string": "a = \"a\u0001b\"\n",
    "a DEL in a string": "a = \"a\u007fb\"\n",
    "a line break in a literal string": "a = 'line\nbreak'\n",
    "a surrogate escape": "a = \"\\uD800\"\n",
    "an escape beyond U+10FFFF": "a = \"\\U00110000\"\n",
    "a short unicode escape": "a = \"\\u12\"\n",
    "six quotes closing a multi-line string": "a = \"\"\"x\"\"\"\"\"\"\n",
    "an unterminated multi-line string": "a = \"\"\"x\n",
    "a lone carriage return": "a = 1\rb = 2\n",
    "a control character in a comment": "# a\u0001b\na = 1\n",
    "a DEL in a comment": "# a\u007fb\n",
    "a leading zero": "a = 012\n",
    "a leading zero in a float": "a = 03.14\n",
    "a leading underscore": "a = _1\n",
    "a trailing underscore": "a = 1_\n",
    "a double underscore": "a = 1__2\n",
    "an underscore after a prefix": "a = 0x_1\n",
    "a sign before a prefix": "a = +0x10\n",
    "a capital prefix": "a = 0X10\n",
    "an octal digit out of range": "a = 0o8\n",
    "a binary digit out of range": "a = 0b2\n",
    "a float without its integer part": "a = .7\n",
    "a float without its fraction": "a = 7.\n",
    "a float with a dot before its exponent": "a = 3.e+20\n",
    "an exponent without digits": "a = 1e\n",
    "an exponent starting with an underscore": "a = 1e_5\n",
    "an underscore before the dot": "a = 1_.5\n",
    "infinity spelt out": "a = infinity\n",
    "a capitalised boolean": "a = True\n",
    "a truncated boolean": "a = tru\n",
    "a month beyond 12": "a = 1979-13-01\n",
    "a day beyond its month": "a = 2021-02-30\n",
    "the 29th of February of a common year": "a = 2021-02-29\n",
    "an hour beyond 23": "a = 24:00:00\n",
    "a minute beyond 59": "a = 07:60:00\n",
    "a time without seconds": "a = 07:32\n",
    "a date-time without seconds": "a = 1979-05-27T07:32Z\n",
    "a T without a time": "a = 1979-05-27T\n",
    "an offset hour beyond 23": "a = 1979-05-27T07:32:00+24:00\n",
    "an offset on a local time": "a = 07:32:00Z\n",
    "a one-digit month": "a = 1979-5-27\n",
    "a fraction without digits": "a = 07:32:00.\n",
    "a table defined twice": "[fruit]\napple = \"red\"\n[fruit]\norange = \"orange\"\n",
    "a table defined twice, once by a sub-table's header": "[fruit]\napple = \"red\"\n[fruit.apple]\n"
                                                          "texture = \"smooth\"\n",
    "a header redefining a dotted-key table": "[fruit]\napple.color = \"red\"\n[fruit.apple]\n",
    "a dotted key into a table a header defined": "[fruit.apple.texture]\n[fruit.apple]\n[fruit]\napple.color = 1\n",
    "a header after the same dotted keys at the top": "a.b = 1\n[a]\n",
    "a header into an inline table": "[product]\ntype = { name = \"Nail\" }\n[product.type]\n",
    "a dotted key into an inline table": "[product]\ntype = { name = \"Nail\" }\ntype.edible = false\n",
    "a dotted key into an inline table, inside it": "a = { b = { c = 1 }, b.d = 2 }\n",
    "a key twice in an inline table": "a = { b = 1, b = 2 }\n",
    "a trailing comma in an inline table": "a = { b = 1, }\n",
    "a line break in an inline table": "a = { b = 1,\n c = 2 }\n",
    "an unclosed inline table": "a = { b = 1\n",
    "an array of tables after a static array": "fruits = []\n[[fruits]]\n",
    "a table after an array of tables": "[[fruits]]\nname = \"apple\"\n[fruits]\n",
    "an array of tables after a table": "[fruits]\n[[fruits]]\n",
    "a header into a value": "a = 1\n[a.b]\n",
    "an empty header": "[]\n",
    "a header ending with a dot": "[a.]\n",
    "an unclosed header": "[a\nb = 1\n",
    "a space inside double brackets": "[[a] ]\n",
    "a key after a header on its line": "[a] b = 1\n",
    "an array without a comma": "a = [1 2]\n",
    "an unclosed array": "a = [1, 2\n",
    "an array starting with a comma": "a = [,]\n",
    "two commas in an array": "a = [1,,2]\n",
    "a closing brace in an array": "a = [1, }\n",
    "a Unicode line separator outside strings": "a = [1,\u2028 2]\n",
    "text after a value": "a = 1 2\n",
    "a value that is no value": "a = value\n",
}
