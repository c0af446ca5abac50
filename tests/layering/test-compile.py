#!/usr/bin/env python3
"""The compiler keeps the layering: a file planted in a module, compiled with that module's own
command from compile_commands.json, does not compile when it includes a module above or beside
it, and compiles when it includes one below (so that the test can fail: a broken view, or the
whole tree back on a module's include path). usage: test-compile.py COMPILE_COMMANDS"""
import json
import os
import shlex
import subprocess
import sys
import tempfile

# The stages of a scene picture read the ones before them and cannot change them: a layout
# function writing the plan, or a drawing function writing the layout, does not compile; reading
# does (render/scene-state.h).
WRITE_PLAN = ("void tkit_planted_w(struct scene_layout *lo);\n"
              "void tkit_planted_w(struct scene_layout *lo) { lo->pl->W = 1; }\n")
WRITE_LAYOUT = ("void tkit_planted_w(const struct scene_draw *dr);\n"
                "void tkit_planted_w(const struct scene_draw *dr) { dr->lo->out.nmarks = 0; }\n")
WRITE_STATE = ("void tkit_planted_w(struct scene_plan *pl);\n"
               "void tkit_planted_w(struct scene_plan *pl) { pl->st->cells[0].rot = 1; }\n")
READ_ALL = ("double tkit_planted_r(const struct scene_draw *dr);\n"
            "double tkit_planted_r(const struct scene_draw *dr) { return dr->pl->W + "
            "dr->lo->out.width + dr->st->cells[0].rot; }\n")

# (a source of the module, the header planted, whether it must compile[, the body planted])
CASES = [
    ("base/util.c", "model/tkit-model.h", False),   # upward: the base knows no tiles
    ("base/util.c", "base/tkit-base.h", True),
    ("model/tile.c", "game/tkit-game.h", False),    # upward
    ("model/tile.c", "base/tkit-base.h", True),
    ("model/tile.c", "model/tkit-model.h", True),
    ("game/apply.c", "rules/tkit-rules.h", False),  # sideways
    ("game/apply.c", "model/model-private.h", False),  # below, but private to model/
    ("game/apply.c", "game/game-private.h", True),  # its own private header
    ("game/apply.c", "model/tkit-model.h", True),
    ("sim/engine.c", "render/tkit-render.h", False),
    ("sim/engine.c", "db/tkit-db.h", False),       # sim hands layouts on, db stores them
    ("sim/engine.c", "rules/tkit-rules.h", True),
    ("render/common.c", "sim/tkit-sim.h", False),  # render draws layouts, it does not make them
    ("render/common.c", "model/tkit-layout.h", True),
    ("render/common.c", "book/tkit-book.h", False),
    ("text/words.c", "game/tkit-game.h", True),     # text words the engine's events
    ("game/apply.c", "text/tkit-text.h", False),    # the engine decides, text reads
    ("render/common.c", "game/tkit-game.h", True),
    ("book/read.c", "render/tkit-render.h", True),
    ("formats/read.c", "db/tkit-db.h", False),
    ("render/scene-place.c", "render/scene-layout.h", False, WRITE_PLAN),
    ("render/scene-draw.c", "render/scene-draw.h", False, WRITE_LAYOUT),
    ("render/scene-plan.c", "render/scene-plan.h", False, WRITE_STATE),
    ("render/scene-draw.c", "render/scene-draw.h", True, READ_ALL),
]


def planted_command(entry, src, obj):
    """The module's command for `entry`, compiling `src` into `obj`, without dependency files."""
    words = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
    out, skip = [], False
    for w in words:
        if skip:
            skip = False
            continue
        if w in ("-MQ", "-MF", "-MT", "-o", "-c"):
            skip = True
            continue
        if w == "-MD":
            continue
        out.append(w)
    return out + ["-c", src, "-o", obj]


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        entries = json.load(f)
    by_file = {}
    for e in entries:
        path = os.path.normpath(os.path.join(e["directory"], e["file"]))
        by_file[path] = e
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, case in enumerate(CASES):
            source, header, must_compile = case[:3]
            body = case[3] if len(case) > 3 else (
                "int tkit_planted%d(void);\nint tkit_planted%d(void) { return 0; }\n" % (i, i))
            entry = by_file.get(os.path.join(root, source))
            if entry is None:
                print("%s: not in %s" % (source, sys.argv[1]))
                failures += 1
                continue
            src = os.path.join(tmp, "planted%d.c" % i)
            with open(src, "w", encoding="utf-8") as f:
                f.write('#include "%s"\n%s' % (header, body))
            cmd = planted_command(entry, src, os.path.join(tmp, "planted%d.o" % i))
            run = subprocess.run(cmd, cwd=entry["directory"], capture_output=True, text=True)
            compiled = run.returncode == 0
            verdict = "ok" if compiled == must_compile else "WRONG"
            print("%s: #include \"%s\"%s in %s: %s (%s)" % (
                verdict, header, " and a body" if len(case) > 3 else "", os.path.dirname(source),
                "compiles" if compiled else "does not compile",
                "expected" if compiled == must_compile else "the layering says the opposite"))
            if compiled != must_compile:
                failures += 1
                print(run.stderr[:2000])
    print("%d planted includes, %d wrong" % (len(CASES), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
