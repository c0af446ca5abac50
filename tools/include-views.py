#!/usr/bin/env python3
"""Makes, for each module, the one include directory it is compiled with: VIEWS/MODULE holds a
link to the module's own folder and to each module below it (tools/layers.py), and nothing else.
`#include "game/tkit-game.h"` in model/ then does not compile. Run by meson at configure time.
usage: include-views.py SOURCE_ROOT VIEWS"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from layers import ALLOWED, closure  # noqa: E402


def link(target, path):
    """`path` -> `target`, replacing an older link (a view is made again at each configure)."""
    if os.path.islink(path) and os.readlink(path) == target:
        return
    if os.path.lexists(path):
        os.unlink(path)
    os.symlink(target, path)


def main():
    root, views = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    for m in ALLOWED:
        view = os.path.join(views, m)
        os.makedirs(view, exist_ok=True)
        allowed = closure(m) | {m}
        for name in os.listdir(view):  # a module no longer below: its link goes
            if name not in allowed:
                os.unlink(os.path.join(view, name))
        for d in sorted(allowed):
            link(os.path.join(root, d), os.path.join(view, d))
    return 0


if __name__ == "__main__":
    sys.exit(main())
