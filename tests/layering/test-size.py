#!/usr/bin/env python3
"""A test of check-size.py: a tree with a file of 1,001 lines and a function of 81 lines fails
with both named; the same tree one line shorter in each passes. usage: test-size.py CHECKER"""
import os
import subprocess
import sys
import tempfile


def tree(root, file_lines, function_lines):
    os.makedirs(os.path.join(root, "model"), exist_ok=True)
    body = ["        x++;"] * (function_lines - 3)
    func = ["int tkit_long(int x)", "{"] + body + ["        return x;", "}"]
    with open(os.path.join(root, "model", "long.c"), "w", encoding="utf-8") as f:
        f.write("\n".join(func) + "\n")
    with open(os.path.join(root, "model", "big.c"), "w", encoding="utf-8") as f:
        f.write("/* a line */\n" * file_lines)


def run(checker, file_lines, function_lines):
    with tempfile.TemporaryDirectory() as root:
        tree(root, file_lines, function_lines)
        r = subprocess.run([sys.executable, checker, root], capture_output=True, text=True)
        return r.returncode, r.stdout


def main():
    checker = sys.argv[1]
    rc, out = run(checker, 1001, 81)
    bad = rc != 1 or "model/big.c: 1001 lines" not in out or "model/long.c:tkit_long: 81" not in out
    rc2, out2 = run(checker, 1000, 80)
    bad = bad or rc2 != 0
    print(out.strip())
    print(out2.strip())
    if bad:
        print("check-size.py did not tell the long pieces from the short ones")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
