#!/usr/bin/env python3
"""The layering of docs/architecture.md, checked over every #include of the library's modules.

A module may include its own headers and those of the modules below it (the closure of ALLOWED
in tools/layers.py), always by the module's name ("game/tkit-game.h"), never by a relative path
("../game/..."); a system library's headers belong to the one module that wraps it (OWNERS). An
upward or sideways include fails with FILE:LINE and the rule it breaks. The compiler refuses an
upward include too (tools/include-views.py); this check adds the line, the relative paths and
the system headers. Inside render/, the four stages of a scene picture (state, plan, layout,
draw) form a chain: a file includes no stage header later than its own. usage:
check-layering.py SOURCE_ROOT
"""
import os
import re
import sys

# the graph and the owners of system headers: tools/layers.py, which meson reads too
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
from layers import ALLOWED, OWNERS, SCENE_FILES, SCENE_STAGES, closure  # noqa: E402

LOCAL = re.compile(r'^\s*#\s*include\s+"([a-z]+)/[^"]+"')
# "../game/x.h" or "./x.h": a path relative to the including file, which the compiler finds
# whatever the include directories; refused, whichever module it names
RELATIVE = re.compile(r'^\s*#\s*include\s+"(\.\.?/[^"]*)"')
SYSTEM = re.compile(r'^\s*#\s*include\s+<([^>]+)>')
STAGE = re.compile(r'^\s*#\s*include\s+"render/(scene-[a-z]+\.h)"')


def scene_stage(name, n, line):
    """The problem of a scene picture's file including a later stage (tools/layers.py), or of a
    scene file that has no stage yet, else None."""
    if not name.startswith("scene"):
        return None
    if name not in SCENE_FILES:
        return "render/%s:1: a scene picture's file with no stage: give it one in " \
               "tools/layers.py (SCENE_FILES)" % name if n == 1 else None
    m = STAGE.match(line)
    if not m or m.group(1) not in SCENE_STAGES:
        return None
    mine, theirs = SCENE_FILES[name], SCENE_STAGES.index(m.group(1))
    if theirs > mine:
        return "render/%s:%d: a stage-%d file may not include %s (stage %d): the stages read " \
               "the ones before them only" % (name, n, mine + 1, m.group(1), theirs + 1)
    return None


def main():
    root = sys.argv[1]
    problems, files = [], 0
    for m in ALLOWED:
        d = os.path.join(root, m)
        if not os.path.isdir(d):
            continue
        ok = closure(m) | {m}
        for name in sorted(os.listdir(d)):
            if not name.endswith((".c", ".h")):
                continue
            files += 1
            path = os.path.join(d, name)
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    lm = LOCAL.match(line)
                    if lm and lm.group(1) in ALLOWED and lm.group(1) not in ok:
                        problems.append("%s/%s:%d: %s may not include %s/ (it builds on %s)" % (
                            m, name, n, m, lm.group(1), ", ".join(sorted(ok - {m})) or "nothing"))
                    rm = RELATIVE.match(line)
                    if rm:
                        problems.append("%s/%s:%d: relative include \"%s\": name the module "
                                        "(\"module/header.h\") so that the layering applies" % (
                                            m, name, n, rm.group(1)))
                    st = scene_stage(name, n, line) if m == "render" else None
                    if st:
                        problems.append(st)
                    sm = SYSTEM.match(line)
                    if sm:
                        for prefix, owners in OWNERS.items():
                            if sm.group(1).startswith(prefix) and m not in owners:
                                problems.append("%s/%s:%d: <%s> belongs to %s/, not %s/" % (
                                    m, name, n, sm.group(1), "/, ".join(sorted(owners)), m))
    for p in problems:
        print(p, file=sys.stderr)
    if files == 0:
        print("no module sources found under %s" % root, file=sys.stderr)
        return 1
    print("%d files of %d modules: %d layering problems" % (files, len(ALLOWED), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
