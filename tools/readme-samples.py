#!/usr/bin/env python3
"""The command samples of README.md, generated from the real output.

A sample is a line `<!-- sample: ARGS -->` followed by a ```sh block: the block is
`$ build/tools/tilekit ARGS` and what that command prints, run from the source root (standard
output, then standard error). With --check, compares the blocks with the output and exits 1 on a
difference (the test `readme-samples` does that); without it, rewrites README.md in place.
usage: readme-samples.py [--check] TILEKIT SOURCE_ROOT
"""
import difflib
import os
import re
import shlex
import subprocess
import sys

MARK = re.compile(r"^<!-- sample: ([^\n]*) -->\n```sh\n.*?^```\n", re.M | re.S)


def block(tk, root, args):
    env = dict(os.environ)
    env.pop("TILEKIT_DB", None)  # the bundled tile sets, as in a fresh checkout
    p = subprocess.run([tk] + shlex.split(args), cwd=root, capture_output=True, text=True,
                       env=env)
    return "$ build/tools/tilekit %s\n%s%s" % (args, p.stdout, p.stderr)


def main():
    check = "--check" in sys.argv
    tk, root = [a for a in sys.argv[1:] if a != "--check"]
    tk = os.path.abspath(tk)
    path = os.path.join(root, "README.md")
    text = open(path, encoding="utf-8").read()
    n = 0

    def fill(m):
        nonlocal n
        n += 1
        return "<!-- sample: %s -->\n```sh\n%s```\n" % (m.group(1), block(tk, root, m.group(1)))

    new = MARK.sub(fill, text)
    if n == 0:
        print("README.md: no <!-- sample: ... --> block", file=sys.stderr)
        return 1
    if not check:
        if new != text:
            with open(path + ".tmp", "w", encoding="utf-8") as f:
                f.write(new)
            os.replace(path + ".tmp", path)
        return 0
    if new != text:
        sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), new.splitlines(True),
                                                   "README.md", "README.md (generated)"))
        print("README.md: a sample differs from the command's output; run "
              "tools/readme-samples.py build/tools/tilekit .", file=sys.stderr)
        return 1
    print("README.md: %d samples as the commands print them" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
