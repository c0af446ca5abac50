"""The layering of docs/architecture.md, in one place: which module builds on which, and which
module wraps which system library. Read by tools/include-views.py (the include directory each
module is compiled with, so that the compiler refuses an upward include) and by
tests/layering/check-layering.py (the same rule over the sources, with FILE:LINE, and the
system headers)."""

# module -> the modules it builds on directly; a module may use the closure.
ALLOWED = {
    "base": [],
    "model": ["base"],
    "formats": ["model"],
    "db": ["model"],
    "rules": ["model"],
    "game": ["model"],
    "text": ["game"],
    "sim": ["model", "rules"],
    "render": ["game", "text"],
    "book": ["render", "formats"],
}

# The stages of a scene picture inside render/ (render/scene-state.h): each file's stage; a file
# may include the stage headers of its stage and those before it, never a later one, so that the
# headers form a chain and no stage reaches into the next.
SCENE_STAGES = ["scene-state.h", "scene-plan.h", "scene-layout.h", "scene-draw.h"]
SCENE_FILES = {
    "scene-state.h": 0, "scene-state.c": 0,
    "scene-plan.h": 1, "scene-plan.c": 1,
    "scene-layout.h": 2, "scene-layout.c": 2, "scene-place.c": 2, "scene-posts.c": 2,
    "scene-arrows.c": 2, "scene-legend.c": 2,
    "scene-draw.h": 3, "scene-draw.c": 3, "scene-draw-posts.c": 3, "scene-draw-legend.c": 3,
    "scene.c": 3,  # runs the four stages
    "scene-map.c": -1,  # writes the picture map: no stage of the picture's
}

# system header prefix -> the modules that may include it
OWNERS = {
    "sqlite3.h": {"db"},
    "libxml/": {"formats"},
    "cairo": {"render", "book"},
    "fontconfig/": {"render", "book"},
    "pango/": {"book", "render"},
    "cmark": {"book"},
}


def closure(m, seen=None):
    """The modules `m` builds on, directly or not (without `m`)."""
    seen = set() if seen is None else seen
    for d in ALLOWED[m]:
        if d not in seen:
            seen.add(d)
            closure(d, seen)
    return seen
