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

# from-layout makes a file to edit by hand: an existing one is not replaced without --force
echo '<scene>edited by hand</scene>' >"$dir/mine.xml"
expect_rc 2 "from-layout over an existing file" "$TK" scene from-layout "$dir/l.json" --tiles "$T/base.xml" -o "$dir/mine.xml"
grep -q "^$dir/mine.xml: error: the file exists; 'scene from-layout' does not replace it (give --force" "$dir/err" &&
  ok || bad "from-layout refusal message: $(cat "$dir/err")"
grep -q "edited by hand" "$dir/mine.xml" && ok || bad "from-layout replaced an existing file"
expect_rc 0 "from-layout --force" "$TK" scene from-layout "$dir/l.json" --tiles "$T/base.xml" -o "$dir/mine.xml" --force
cmp -s "$dir/s.xml" "$dir/mine.xml" && ok || bad "from-layout --force did not write the scene"
ln -s "$dir/none-yet.xml" "$dir/link.xml"
expect_rc 2 "from-layout over a dangling link" "$TK" scene from-layout "$dir/l.json" --tiles "$T/base.xml" -o "$dir/link.xml"
[ ! -e "$dir/none-yet.xml" ] && ok || bad "from-layout wrote through a link"
expect_rc 2 "--force with check" "$TK" scene check --force "$F/full.xml"
grep -q "\-\-force is for 'scene new' and 'scene from-layout'" "$dir/err" && ok || bad "--force usage message"

# a translator's workflow: the languages a scene has, --lang L requires L (a to-do list)
S=$ROOT/scenes/bcs-escape.xml
grep -v 'lang="cs"\|lang="uk"' "$S" >"$dir/en-ro.xml"
expect_rc 0 "check a scene in en and ro" "$TK" scene check "$dir/en-ro.xml"
expect_rc 0 "check --lang ro of it" "$TK" scene check --lang ro "$dir/en-ro.xml"
grep -q "^1 scene: 0 texts to translate into ro$" "$dir/out" && ok || bad "--lang ro summary"
expect_rc 1 "check --lang cs of it" "$TK" scene check --lang cs "$dir/en-ro.xml"
grep -q "^$dir/en-ro.xml:5: error: \[SCENE-TRANSLATION\] the caption has no text in 'cs' (it has en ro); to translate: \"Besiegers / Cathars / Siege: you place" "$dir/err" &&
  ok || bad "to-do line: $(cat "$dir/err")"
grep -q "^1 scene: 1 text to translate into cs$" "$dir/out" && ok || bad "--lang cs summary"
expect_rc 1 "render --lang cs of it" "$TK" render scene "$dir/en-ro.xml" --lang cs -o "$dir/x.png"
grep -q "no text in 'cs'" "$dir/err" && ok || bad "render --lang cs names cs"
# a text in one of the scene's languages but not in another is still an error
sed 's|<caption lang="ro">.*</caption>||' "$dir/en-ro.xml" >"$dir/half.xml"
printf '%s\n' '<callout number="1" x="0" y="0"><text lang="ro">aici</text></callout>' >"$dir/co"
sed "/<\/expect>/r $dir/co" "$dir/half.xml" >"$dir/half2.xml"
expect_rc 1 "check: the caption lacks ro, a callout en" "$TK" scene check "$dir/half2.xml"
grep -c "SCENE-TRANSLATION" "$dir/err" | grep -q '^2$' && ok || bad "half: not 2 errors: $(cat "$dir/err")"
grep -q "callout 1 has no text in 'en' (it has ro); to translate: \"aici\"" "$dir/err" && ok || bad "callout to-do"
# over a folder: every *.xml of it, in name order, and the count of texts left
mkdir "$dir/todo"
cp "$dir/en-ro.xml" "$dir/todo/b.xml"
cp "$ROOT/scenes/cb-inn.xml" "$dir/todo/a.xml"
echo "not a scene" >"$dir/todo/notes.txt"
expect_rc 1 "check --lang de over a folder" "$TK" scene check --lang de "$dir/todo"
grep -q "^2 scenes: 2 texts to translate into de$" "$dir/out" && ok || bad "folder summary: $(cat "$dir/out")"
head -1 "$dir/err" | grep -q "^$dir/todo/a.xml:" && ok || bad "folder: not in name order"
expect_rc 0 "check the bundled scenes as a folder" "$TK" scene check "$ROOT/scenes"
expect_rc 0 "check --lang uk over the bundled scenes" "$TK" scene check --lang uk "$ROOT/scenes"
expect_rc 2 "check --lang of a bad tag" "$TK" scene check --lang "e" "$dir/en-ro.xml"
grep -q "'e' is not a language tag" "$dir/err" && ok || bad "bad tag message"
for t in "en-" "-en" "e1" "en_GB" "toolongtag" "en-toolongsub"; do
  expect_rc 2 "check --lang $t" "$TK" scene check --lang "$t" "$dir/en-ro.xml"
done
expect_rc 1 "check --lang pt-BR" "$TK" scene check --lang pt-BR "$dir/en-ro.xml"
grep -q "no text in 'pt-BR'" "$dir/err" && ok || bad "--lang pt-BR is a tag"
expect_rc 2 "--lang with format" "$TK" scene format --lang ro "$dir/en-ro.xml"
expect_rc 2 "check of a missing folder" "$TK" scene check "$dir/nope/"

echo "$n checks, $fails failed"
[ $fails -eq 0 ]
