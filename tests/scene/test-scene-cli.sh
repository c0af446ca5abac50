#!/bin/sh
# CLI tests of `tilekit scene`: check, format and from-layout, their exit statuses (0 ok, 1 bad
# data or a failed write, 2 usage or unreadable input) and messages.
# Usage: test-scene-cli.sh TILEKIT SOURCE_ROOT
TK=$1
ROOT=$2
fails=0 n=0
ok() { n=$((n + 1)); }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "FAIL: $*"; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/scene-cli.XXXXXX")
trap 'rm -rf "$dir"' EXIT
expect_rc() { # expected-rc description command...
  want=$1 what=$2
  shift 2
  "$@" >"$dir/out" 2>"$dir/err"
  rc=$?
  [ $rc -eq "$want" ] && ok || { bad "$what: exit $rc, wanted $want"; cat "$dir/err"; }
}
F=$ROOT/tests/scene/fixtures
B=$ROOT/tests/scene/bad
T=$ROOT/tilesets

expect_rc 0 "check good scenes" "$TK" scene check "$ROOT/docs/scene-example.xml" "$F/full.xml"
grep -q "scene 'full-example': 4 tiles, 6 figures: ok" "$dir/out" && ok || bad "check summary"
expect_rc 1 "check a bad scene" "$TK" scene check "$B/unknown-player.xml"
head -1 "$dir/err" | grep -q "^$B/unknown-player.xml:9: error: \[SCENE-REF\] player 'ghost'" &&
  ok || bad "check message: $(head -1 "$dir/err")"
expect_rc 2 "check a missing file" "$TK" scene check "$dir/none.xml" "$F/full.xml"
expect_rc 2 "no action" "$TK" scene
expect_rc 2 "unknown action" "$TK" scene frobnicate x.xml
expect_rc 2 "format without a file" "$TK" scene format
expect_rc 1 "format a bad scene" "$TK" scene format "$B/two-places.xml"
grep -q "^$B/two-places.xml:12: error: \[SCENE-PLACE\]" "$dir/err" && ok || bad "format message"
expect_rc 0 "help" "$TK" scene --help

# format: canonical, stable, and a failed write is exit 1 naming the file
expect_rc 0 "format to a file" "$TK" scene format "$F/full.xml" -o "$dir/a.xml"
expect_rc 0 "format again" "$TK" scene format "$dir/a.xml"
cmp -s "$dir/a.xml" "$dir/out" && ok || bad "format is not stable"
expect_rc 2 "format over its input" "$TK" scene format "$dir/a.xml" -o "$dir/a.xml"
grep -q "would overwrite the input" "$dir/err" && ok || bad "output = input message"
expect_rc 0 "format from stdin" sh -c "cat '$F/full.xml' | '$TK' scene format - -o '$dir/c.xml'"
cmp -s "$dir/a.xml" "$dir/c.xml" && ok || bad "format from stdin differs"
expect_rc 1 "format to an unwritable place" "$TK" scene format "$F/full.xml" -o "$dir/no/x.xml"
grep -q "^$dir/no/x.xml: error: cannot write: " "$dir/err" && ok || bad "write error message"

# from-layout: verified like simulate --verify; the same scene to stdout and to a file
"$TK" simulate --tiles "$T/base.xml" --seed 2 --players 3 --json "$dir/l.json" >/dev/null
expect_rc 0 "from-layout" "$TK" scene from-layout "$dir/l.json" --tiles "$T/base.xml" -o "$dir/s.xml"
expect_rc 0 "from-layout to stdout" "$TK" scene from-layout "$dir/l.json" --tiles "$T/base.xml"
cmp -s "$dir/s.xml" "$dir/out" && ok || bad "from-layout stdout and file differ"
grep -c '<tile set="base"' "$dir/s.xml" | grep -q '^72$' && ok || bad "from-layout: not 72 tiles"
grep -q '<player id="green" colour="green"/>' "$dir/s.xml" && ok || bad "from-layout players"
expect_rc 0 "check the converted scene" "$TK" scene check "$dir/s.xml"
expect_rc 2 "from-layout of a missing layout" "$TK" scene from-layout "$dir/none.json" --tiles "$T/base.xml"
sed 's/"rotation": 90/"rotation": 45/' "$dir/l.json" >"$dir/bad.json"
expect_rc 1 "from-layout of an illegal layout" "$TK" scene from-layout "$dir/bad.json" --tiles "$T/base.xml"
expect_rc 1 "from-layout with a set missing" "$TK" scene from-layout "$dir/l.json" --tiles "$T/river.xml"

echo "$n checks, $fails failed"
[ $fails -eq 0 ]
