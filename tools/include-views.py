#!/usr/bin/env python3
"""Makes, for each module, the one include directory it is compiled with: VIEWS/MODULE holds a
link to the module's own folder and, for each module below it (tools/layers.py), a folder of
links to that module's public headers (tkit-*.h) alone, and nothing else. `#include
"game/tkit-game.h"` in model/ then does not compile, nor `#include "model/model-private.h"` in
game/. Run by meson at configure time.
usage: include-views.py SOURCE_ROOT VIEWS"""
import os
import shutil
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


def public_view(src, dst):
    """`dst` as a folder of links to the public headers of module folder `src` (made again at each
    configure: a header gone or made private loses its link)."""
    if os.path.islink(dst):
        os.unlink(dst)
    os.makedirs(dst, exist_ok=True)
    public = {n for n in os.listdir(src) if n.startswith("tkit-") and n.endswith(".h")}
    for name in os.listdir(dst):
        if name not in public:
            os.unlink(os.path.join(dst, name))
    for name in sorted(public):
        link(os.path.join(src, name), os.path.join(dst, name))


def main():
    root, views = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    for m in ALLOWED:
        view = os.path.join(views, m)
        os.makedirs(view, exist_ok=True)
        below = closure(m)
        for name in os.listdir(view):  # a module no longer below: its link or folder goes
            if name not in below | {m}:
                path = os.path.join(view, name)
                if os.path.islink(path):
                    os.unlink(path)
                else:
                    shutil.rmtree(path)
        own = os.path.join(view, m)
        if os.path.isdir(own) and not os.path.islink(own):
            shutil.rmtree(own)
        link(os.path.join(root, m), own)
        for d in sorted(below):
            public_view(os.path.join(root, d), os.path.join(view, d))
    return 0


if __name__ == "__main__":
    sys.exit(main())
