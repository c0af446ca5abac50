#!/usr/bin/env python3
"""Every element of a scene has an effect or is refused (issue: one meaning for every word).

For scenes that together hold every element of the scene format, each element is deleted in turn
and the scene checked (`tilekit scene check`), scored (`tilekit score --json`) and drawn
(`tilekit render scene`, SVG): the result must change (events, points, diagnostics, exit status
or the picture) or the scene be refused.
An element whose deletion changes nothing (it states what the engine would do anyway, like the
one farmer that can move onto a barn) must be checked: changing one of its attributes must change
the result or be refused. Only <source>, <invented> and <note> are for the file's reader and may
do nothing (docs/scene.md). usage: test-elements.py TILEKIT SOURCE_ROOT
"""
import copy
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

# Scenes that together hold every element kind of scenes/scene.rng (checked below).
SCENES = [
    "scenes/cb-example-1.xml",        # build bridge
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


def run(cmd):
    p = subprocess.run(cmd, capture_output=True)
    return p.returncode, p.stdout, p.stderr


class Scene:
    def __init__(self, tk, root, rel, tiles, tmp):
        self.tk, self.root, self.rel, self.tiles, self.tmp = tk, root, rel, tiles, tmp

    def write(self, tree):
        path = os.path.join(self.tmp, "s.xml")
        tree.write(path, encoding="UTF-8", xml_declaration=True)
        return path

    def score(self, tree):
        """What the scene gives: `scene check` (status, messages), `score` (status, JSON,
        messages)."""
        path = self.write(tree)
        return run([self.tk, "scene", "check", path])[::2] + run(
            [self.tk, "score", "--json"] + self.tiles + [path])

    def picture(self, tree):
        """The picture in English (status, SVG)."""
        path = self.write(tree)
        svg = os.path.join(self.tmp, "s.svg")
        if os.path.exists(svg):
            os.unlink(svg)
        rc, _, _ = run([self.tk, "render", "scene", path, "--lang", "en", "-o", svg] + self.tiles)
        return rc, open(svg, "rb").read() if os.path.exists(svg) else b""

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
    if base[0][0] != 0 or base[0][2] != 0 or base[1][0] != 0:
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
    tk, root = sys.argv[1], sys.argv[2]
    tiles = []
    for f in sorted(os.listdir(os.path.join(root, "tilesets"))):
        if f.endswith(".xml"):
            tiles += ["--tiles", os.path.join(root, "tilesets", f)]
    tiles += ["--tiles", os.path.join(root, "third_party", "jcloisterzone",
                                      "inns_and_cathedrals.xml")]
    rng = ET.parse(os.path.join(root, "scenes", "scene.rng"))
    kinds = {e.get("name") for e in rng.iter("{http://relaxng.org/ns/structure/1.0}element")}
    kinds.discard("scene")
    failures, seen = [], set()
    with tempfile.TemporaryDirectory() as tmp:
        for rel in SCENES:
            check_scene(Scene(tk, root, rel, tiles, tmp), failures, seen)
    missing = kinds - seen
    if missing:
        failures.append("no scene of the test holds: %s" % " ".join(sorted(missing)))
    for f in failures:
        print("FAIL: " + f)
    print("%d scenes, %d element kinds, %d failures" % (len(SCENES), len(seen), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
