#!/bin/sh
# CLI tests of the scene author's commands: `tilekit list features` (the sides each feature owns
# once a tile is turned, checked against the tile files themselves for every bundled tile and
# rotation), `list tiles --set a,b`, and `tilekit scene new` (the skeleton checks and scores as
# written; with every template uncommented and filled in it still does; bad input says what to
# give). The bundled sets are used as a newcomer finds them: no database, no --tiles.
# Usage: test-authoring.sh TILEKIT SOURCE_ROOT
. "$2/tests/support/cli-test.sh"

# ---------------------------------------------------------------- list features
expect 0 "list features D 90" "$TK" list features --set base --tile D --rotation 90
has out "base/D (City with straight road), rotation 90: sides N E S W RCRF (own CRFR)" "D header"
grep -Eq '^  c +city +E +N +$' out && ok || bad "D 90: c should own E on the board, N its own"
grep -Eq '^  r +road +N S +E W +$' out && ok || bad "D 90: r should own N S, E W its own"
grep -Eq '^  f1 +field +NR SL +EL WR +touches c$' out && ok || bad "D 90: f1 NR SL"
expect 0 "list features, inner field" "$TK" list features --set inns-cathedrals --tile four-caps
grep -Eq '^  f +field +\(inner\) +\(inner\) +touches c1 c2 c3 c4$' out && ok || bad "four-caps f"
expect 0 "list features, inn and road end" "$TK" list features -s inns-cathedrals -t inn-corner-road
grep -Eq '^  r +road +S +S +inn; ends at a city$' out && ok || bad "inn-corner-road r"
expect 0 "list features, a piece" "$TK" list features --set siege-defense --tile fortress-west
has out "knights   row of 4 spaces: 3 plain, 1 dark '3' (3 players)" "fortress front row"
has out "how many spaces a row has is our reconstruction" "fortress: reconstructed rows said"
grep -Eq '^  \(0, 2\) +aude +river +E W' out && ok || bad "fortress cell (0, 2) river"
expect 0 "list features, a piece turned" "$TK" list features --set siege-defense --tile fortress-west --rotation 90
grep -Eq '^  \(0, 0\) +aude +river +N S +E W' out && ok || bad "fortress turned: river cell at (0, 0), N S"
# wrong choices say what the right ones are
expect 1 "list features: no such tile" "$TK" list features --set base --tile Z
has err "no tile or piece 'Z' in the sets asked for (base: A B C D" "valid tiles listed"
expect 2 "list features: rotation 45" "$TK" list features --set base --tile D --rotation 45
has err "--rotation takes 0, 90, 180 or 270, not '45'" "rotation message"
expect 2 "list features without --set" "$TK" list features --tile D
expect 2 "list tiles --rotation" "$TK" list tiles --set base --rotation 90
expect 1 "list features: no such set" "$TK" list features --set nope
# every bundled tile in every rotation: the sides printed, turned back, are the tile file's own
# sides, and those are the positions the file writes (read here with Python's XML parser)
if command -v python3 >/dev/null 2>&1; then
  for r in 0 90 180 270; do
    sets=$(cd "$ROOT/tilesets" && ls *.xml | sed 's/\.xml$//' | paste -sd, -)
    "$TK" list features --set "$sets" --rotation $r --json >"f$r.json" 2>err || bad "json $r"
  done
  python3 - "$ROOT/tilesets" <<'PY' && ok || bad "list features --json disagrees with the tile files"
import json, sys, glob, os
import xml.etree.ElementTree as ET
SIDES = "NESW"
def expand(words):
    out = set()
    for w in words:
        if w in SIDES: out.add(w + "*")        # a whole side, both halves or the middle
        else: out.add(w)
    return out
def turn(words, q):
    res = []
    for w in words:
        s = SIDES[(SIDES.index(w[0]) + q) % 4]
        res.append(s + w[1:])
    return res
own = {}
for f in glob.glob(os.path.join(sys.argv[1], "*.xml")):
    root = ET.parse(f).getroot()
    for t in root.iter("tile"):
        for fe in t:
            if fe.tag in ("city", "road", "river", "field", "cloister", "garden"):
                own[(root.get("id"), t.get("id"), fe.get("id"))] = (fe.get("at") or "").split()
n = 0
for r in (0, 90, 180, 270):
    for tile in json.load(open("f%d.json" % r)):
        assert tile["rotation"] == r, tile["tile"]
        if tile["piece"]:
            continue
        for fe in tile["features"]:
            key = (tile["set"], tile["tile"], fe["id"])
            want = own[key]
            assert expand(fe["own_sides"]) == expand(want), (key, fe["own_sides"], want)
            assert expand(turn(fe["own_sides"], r // 90)) == expand(fe["sides"]), (key, r, fe)
            n += 1
assert n > 4 * 200, n
PY
fi

# ---------------------------------------------------------------- list tiles --set a,b
expect 0 "list tiles --set cathars,siege-rgg" "$TK" list tiles --set cathars,siege-rgg
grep -Eq '^cathars +cap-road +1 +land +CRFR' out && ok || bad "cathars tile line"
grep -Eq '^siege-rgg +corner-road +1 +land +CRRC' out && ok || bad "siege-rgg tile line"
[ "$(grep -c . out)" = 9 ] && ok || bad "list tiles a,b: $(grep -c . out) lines, want 9"
expect 0 "list tiles --json, two sets" "$TK" list tiles --set base --set inns-cathedrals --json
has out '"id": "cathedral", "count": 2, "group": "land", "sides": "CCCC"' "I&C in the JSON"
has out '"set": "inns-cathedrals"}' "tile JSON names its set"

# ---------------------------------------------------------------- scene new
for s in base castles-bridges inns-cathedrals cathars besiegers,siege-rgg siege-defense river; do
  f=new-$(echo "$s" | tr ',' '-').xml
  expect 0 "scene new --sets $s" "$TK" scene new --sets "$s" -o "$f"
  expect 0 "scene check $f as written" "$TK" scene check "$f"
  expect 0 "score $f as written" "$TK" score "$f"
  has out "$f: points: you 0, blue 0" "score $f"
  # fill it in: uncomment every template (not the posts: this board has no fortress)
  sed -e '/<!-- posts:/d' -e 's|^\( *\)<!-- \(<.*>\) -->$|\1\2|' -e 's|>\.\.\.<|>Filled.<|g' \
    "$f" >"filled-$f"
  grep -q '<figures><figure player="you"' "filled-$f" && ok || bad "$f: no figure template"
  grep -q '<caption lang="uk">Filled.</caption>' "filled-$f" && ok || bad "$f: no uk caption"
  expect 0 "scene check filled-$f" "$TK" scene check "filled-$f"
  expect 0 "score filled-$f" "$TK" score "filled-$f"
done
has new-castles-bridges.xml "<sets>base castles-bridges</sets>" "required sets added"
has new-castles-bridges.xml 'id="new-castles-bridges"' "id from the file name"
has new-castles-bridges.xml '<tile set="castles-bridges"' "the move plays the set asked for"
expect 0 "scene new --id" "$TK" scene new --sets base --id my-example -o -
has out '<scene format="1" id="my-example">' "--id"
expect 2 "scene new without --sets" "$TK" scene new -o x.xml
has err "'scene new' needs --sets IDS" "no --sets message"
expect 1 "scene new --sets nope" "$TK" scene new --sets nope -o x.xml
has err "no set 'nope'; sets: base" "unknown set lists the sets"
[ ! -e x.xml ] && ok || bad "a refused scene new wrote x.xml"
expect 2 "scene new --id with a space" "$TK" scene new --sets base --id "a b"
# scene new never replaces a file (issue 28: it replaced a finished scene without a word)
echo '<scene>finished</scene>' >mine.xml
expect 2 "scene new over an existing file" "$TK" scene new --sets base -o mine.xml
has err "mine.xml: error: the file exists; 'scene new' does not replace it (give --force" "exists message"
has mine.xml "<scene>finished</scene>" "scene new replaced an existing file"
expect 0 "scene new --force" "$TK" scene new --sets base -o mine.xml --force
has mine.xml 'id="mine"' "scene new --force wrote the skeleton"
finish
