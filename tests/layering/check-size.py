#!/usr/bin/env python3
"""Small pieces (issue 26): no product source file over MAX_LINES lines, no function over
MAX_FUNCTION lines, in the library's modules and tools/ (not tests/, fuzz/, third_party/). A
function is counted from its opening line (a definition at column 0 followed by "{" alone on the
next line, the project's style) to its closing "}" at column 0. The ones known to be over are
listed in KNOWN with the size they have today: they are reported, and fail the test only when
they grow; a new offender fails at once, and a known one that got small is to be struck from the
list (the test says so). usage: check-size.py SOURCE_ROOT"""
import os
import re
import sys

MAX_LINES = 1000
MAX_FUNCTION = 80
DIRS = ["base", "model", "formats", "db", "rules", "game", "text", "sim", "render", "book", "tools"]
# what is over (file, or file:function) -> its size, while it waits to be split: it may not grow,
# and once within the limits it must be struck; empty since issue 26's split of the five files
KNOWN = {}
HEAD = re.compile(r"^[A-Za-z_].*\b([A-Za-z_][A-Za-z_0-9]*)\s*\(")


def functions(lines):
    """(name, length) of each function definition in `lines`."""
    out, start, name = [], None, None
    for i, line in enumerate(lines):
        if start is None and line == "{" and i > 0:
            # the head may span lines: go up to the line that starts at column 0
            j = i - 1
            while j > 0 and lines[j][:1] in (" ", "\t"):
                j -= 1
            m = HEAD.match(lines[j])
            if m:
                start, name = j, m.group(1)
        elif start is not None and line == "}":
            out.append((name, i - start))
            start = None
    return out


def main():
    root = sys.argv[1]
    over, grown, shrunk = [], [], []
    seen = set()
    for d in DIRS:
        if not os.path.isdir(os.path.join(root, d)):
            continue
        for fn in sorted(os.listdir(os.path.join(root, d))):
            if not fn.endswith(".c"):
                continue
            rel = "%s/%s" % (d, fn)
            with open(os.path.join(root, rel), encoding="utf-8") as f:
                lines = f.read().split("\n")
            items = [(rel, len(lines) - 1, MAX_LINES)]
            items += [("%s:%s" % (rel, n), k, MAX_FUNCTION) for n, k in functions(lines)]
            for key, size, limit in items:
                if size <= limit:
                    continue
                seen.add(key)
                known = KNOWN.get(key)
                over.append("%s: %d lines (at most %d)%s" % (
                    key, size, limit, "" if known else ": new"))
                if known is None or size > known:
                    grown.append(key)
    shrunk = sorted(k for k in KNOWN if k not in seen)
    for line in over:
        print(line)
    for k in shrunk:
        print("%s: now within the limit: strike it from KNOWN in %s" % (k, sys.argv[0]))
    print("%d over the limits (%d known and not grown), %d struck" % (
        len(over), len(over) - len(grown), len(shrunk)))
    return 1 if grown or shrunk else 0


if __name__ == "__main__":
    sys.exit(main())
