#!/usr/bin/env python3
"""Every element of a scene has an effect or is refused (issue: one meaning for every word).

For scenes that together hold every element of the scene format, each element is deleted in turn
and the scene checked, scored and drawn, as `tilekit scene check`, `tilekit score --json` and
`tilekit render scene` do: the result must change (events, points, diagnostics, status or the
picture) or the scene be refused. The library runs in one process for all variants (scene-eval,
a helper of this test: the bundled tile sets read once), not a tilekit process per variant.
An element whose deletion changes nothing (it states what the engine would do anyway, like the
one farmer that can move onto a barn) must be checked: changing one of its attributes must change
the result or be refused. Only <source>, <invented> and <note> are for the file's reader and may
do nothing (docs/scene.md). usage: test-elements.py SCENE_EVAL SOURCE_ROOT
"""
import copy
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# Scenes that together hold every element kind of scenes/scene.rng (checked below).
SCENES = [
    "scenes/own-bridge-beside.xml",   # build bridge
    "scenes/cb-example-5.xml",        # castle, maiden taken back
    "scenes/cb-example-8.xml",        # build barn with its farmer
    "scenes/own-barn-end.xml",        # a barn on the board
    "scenes/own-abbot-recall.xml",    # recall-abbot
    "scenes/own-attack-removal.xml",  # choice, remove, option, posts
    "scenes/own-escape-city-tile.xml",  # escape, option
    "scenes/sd-example-6.xml",        # piece, stack, bonus
    "scenes/sd-example-7.xml",        # row, counterattack
    "docs/scene-example.xml",         # callout with texts, note
]
DOCUMENTATION = {"source", "invented", "note"}  # for the reader of the file (docs/scene.md)
ALTERNATIVES = {  # attribute -> values to try when a deletion changes nothing
    "feature": ["N", "E", "S", "W", "c", "r", "f", "cloister"],
    "value": ["0", "1", "2", "7", "row", "post", "city-tile", "besieger-tile"],
    "post": ["knights", "travelers", "monks"],
    "kind": ["meeple", "big-meeple", "abbot", "pig"],
    "space": ["row", "stack"],
}


class Evaluator:
    """scene-eval, started once: one request a line, one answer (a JSON string) a line."""

    def __init__(self, exe, tiles):
        self.p = subprocess.Popen([exe] + tiles, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True)

    def ask(self, request, path):
        self.p.stdin.write("%s %s\n" % (request, path))
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("scene-eval ended (status %s) on: %s" % (self.p.wait(), request))
        return json.loads(line)

    def close(self):
        self.p.stdin.close()
        return self.p.wait()


class Scene:
    def __init__(self, ev, root, rel, tmp):
        self.ev, self.root, self.rel, self.tmp = ev, root, rel, tmp

    def write(self, tree):
        path = os.path.join(self.tmp, "s.xml")
        tree.write(path, encoding="UTF-8", xml_declaration=True)
        return path

    def score(self, tree):
        """What `scene check` and `score --json` give (statuses, events, points, messages)."""
        return self.ev.ask("score", self.write(tree))

    def picture(self, tree):
        """The picture in English (status, and the picture's bytes as length and hash)."""
        return self.ev.ask("picture", self.write(tree))

    def differs(self, tree, base):
        return self.score(tree) != base[0] or self.picture(tree) != base[1]


def elements(tree):
    """(parent, child) for every element but the root, in document order."""
    for parent in tree.iter():
        for child in list(parent):
            yield parent, child


def mutations(elem):
    """Copies of `elem` with one attribute changed."""
    for name, old in elem.attrib.items():
        values = ALTERNATIVES.get(name, [])
        if old.lstrip("-").isdigit():
            values = [str(int(old) + 1)] + values
        for v in values:
            if v != old:
                e = copy.deepcopy(elem)
                e.set(name, v)
                yield name, v, e


def check_scene(s, failures, seen):
    tree = ET.parse(os.path.join(s.root, s.rel))
    base = (s.score(tree), s.picture(tree))
    if not base[0].startswith("check: read 0, translations 0\n") or \
            "score: 0, expect 0\n" not in base[0] or not base[1].startswith("picture: 0,"):
        failures.append("%s: the scene itself does not score and draw" % s.rel)
        return
    n = sum(1 for _ in elements(tree))
    for i in range(n):
        t = copy.deepcopy(tree)
        parent, child = list(elements(t))[i]
        seen.add(child.tag)
        if child.tag in DOCUMENTATION:
            continue
        index = list(parent).index(child)
        parent.remove(child)
        if s.differs(t, base):
            continue
        # the same result without it: it must at least be checked
        effect = False
        for name, v, changed in mutations(child):
            t2 = copy.deepcopy(tree)
            p2, c2 = list(elements(t2))[i]
            p2.remove(c2)
            p2.insert(index, changed)
            if s.differs(t2, base):
                effect = True
                break
        if not effect:
            failures.append("%s: <%s %s> (element %d): deleting or changing it changes nothing" %
                            (s.rel, child.tag, " ".join('%s="%s"' % kv for kv in
                                                          child.attrib.items()), i))


def main():
    ev_exe, root = sys.argv[1], sys.argv[2]
    tiles = sorted(os.path.join(root, "tilesets", f)
                   for f in os.listdir(os.path.join(root, "tilesets")) if f.endswith(".xml"))
    rng = ET.parse(os.path.join(root, "scenes", "scene.rng"))
    kinds = {e.get("name") for e in rng.iter("{http://relaxng.org/ns/structure/1.0}element")}
    kinds.discard("scene")
    failures, seen = [], set()
    ev = Evaluator(ev_exe, tiles)
    with tempfile.TemporaryDirectory() as tmp:
        for rel in SCENES:
            check_scene(Scene(ev, root, rel, tmp), failures, seen)
    status = ev.close()
    if status != 0:
        failures.append("scene-eval exited %d (see its messages above)" % status)
    missing = kinds - seen
    if missing:
        failures.append("no scene of the test holds: %s" % " ".join(sorted(missing)))
    for f in failures:
        print("FAIL: " + f)
    print("%d scenes, %d element kinds, %d failures" % (len(SCENES), len(seen), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
