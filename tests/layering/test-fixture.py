#!/usr/bin/env python3
"""A test of the layering test: check-layering.py run over fixture/, a tree that breaks the
layering on purpose, must fail and report exactly the upward include, the sideways include, the
relative include, the misplaced system header, a scene picture's stage including a later one and
a scene file with no stage, and none of the allowed includes. usage: test-fixture.py CHECKER
FIXTURE_DIR"""
import subprocess
import sys

EXPECTED = [
    "base/upward.c:2: base may not include model/ (it builds on nothing)",
    "model/upward.c:3: model may not include game/ (it builds on base)",
    "game/sideways.c:4: game may not include rules/ (it builds on base, model)",
    "formats/cairo.c:3: <cairo.h> belongs to book/, render/, not formats/",
    "sim/store.c:3: sim may not include db/ (it builds on base, model, rules)",
    "model/relative.c:2: relative include \"../game/tkit-game.h\": name the module "
    "(\"module/header.h\") so that the layering applies",
    "render/scene-place.c:3: a stage-3 file may not include scene-draw.h (stage 4): the stages "
    "read the ones before them only",
    "render/scene-extra.c:1: a scene picture's file with no stage: give it one in "
    "tools/layers.py (SCENE_FILES)",
]


def main():
    checker, fixture = sys.argv[1], sys.argv[2]
    run = subprocess.run([sys.executable, checker, fixture], capture_output=True, text=True)
    got = sorted(line for line in run.stderr.splitlines() if line)
    ok = run.returncode == 1 and got == sorted(EXPECTED)
    if not ok:
        print("exit status %d (expected 1)" % run.returncode)
        print("reported:\n  " + "\n  ".join(got))
        print("expected:\n  " + "\n  ".join(sorted(EXPECTED)))
        return 1
    print(run.stdout.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
