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
