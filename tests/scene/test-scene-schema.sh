#!/bin/sh
# Every scene the repository holds validates against scenes/scene.rng with xmllint (the test
# fixtures, the docs example, and whatever scenes/*.xml exist: found by glob, never listed);
# the bad fixtures the grammar can see are refused by it; and `tilekit scene from-layout`
# writes a scene that validates. Skips (77) when xmllint is missing.
# Usage: test-scene-schema.sh TILEKIT SOURCE_ROOT
TK=$1
ROOT=$2
command -v xmllint >/dev/null 2>&1 || { echo "xmllint not installed (libxml2-utils)"; exit 77; }
RNG=$ROOT/scenes/scene.rng
fails=0 n=0
ok() { n=$((n + 1)); }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "FAIL: $*"; }

for f in "$ROOT"/tests/scene/fixtures/*.xml "$ROOT"/docs/scene-example.xml "$ROOT"/scenes/*.xml; do
  [ -f "$f" ] || continue # scenes/*.xml matches nothing until the engine's scenes are added
  if xmllint --noout --nonet --relaxng "$RNG" "$f" 2>/dev/null; then ok; else
    bad "schema refuses $f"; xmllint --noout --nonet --relaxng "$RNG" "$f"; fi
done

# What a grammar can say, it says too (the reader names the line; the schema only refuses).
for f in unknown-element unknown-attribute bad-colour bad-rotation two-places no-place \
         order no-sets format-version root discarded-placed figure-kind second-figure \
         not-a-number bad-id text callout-both callout-nowhere show-three; do
  if xmllint --noout --nonet --relaxng "$RNG" "$ROOT/tests/scene/bad/$f.xml" 2>/dev/null; then
    bad "schema accepts tests/scene/bad/$f.xml"; else ok; fi
done

# tilekit scene from-layout: the layout of a simulated game becomes a valid scene.
dir=$(mktemp -d "${TMPDIR:-/tmp}/scene-schema.XXXXXX")
trap 'rm -rf "$dir"' EXIT
T=$ROOT/tilesets
if "$TK" simulate --tiles "$T/base.xml" "$T/river.xml" --seed 3 --json "$dir/l.json" >/dev/null &&
   "$TK" scene from-layout "$dir/l.json" --tiles "$T/base.xml" "$T/river.xml" -o "$dir/s.xml" &&
   xmllint --noout --nonet --relaxng "$RNG" "$dir/s.xml" 2>/dev/null; then ok; else
  bad "scene from-layout did not write a valid scene"; fi

echo "$n checks, $fails failed"
[ $fails -eq 0 ]
