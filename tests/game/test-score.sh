#!/bin/sh
# CLI tests of `tilekit score`: every bundled scene scores as it expects (exit 0) and a few
# printed totals are the rulebooks' numbers; each bad scene exits 1 (wrong data, the one exit-code
# table of tilekit(1)) naming its file and line; a
# wrong expectation exits 1 with expected and computed; --json, --after and --final.
# Usage: test-score.sh TILEKIT SOURCE_ROOT
. "$2/tests/support/cli-test.sh"

# shellcheck disable=SC2086
"$TK" score $TILES "$ROOT"/scenes/*.xml >"$T/out" 2>"$T/err"
rc=$?
[ "$rc" = 0 ] && ok || { bad "score scenes/*.xml: exit $rc"; cat "$T/err"; }
# every scene of scenes/ states what it expects, or says it is a picture only (<expect/>): no
# rulebook example stops being checked unnoticed
grep -q "SCENE-EXPECT" "$T/err" && { bad "a scene of scenes/ states no <expect>"; cat "$T/err"; } || ok
pictures=0
for f in "$ROOT"/scenes/*.xml; do
  if grep -q "<expect/>" "$f"; then
    pictures=$((pictures + 1))
  elif grep -q "<points " "$f" || grep -q "<count " "$f"; then
    ok
  else
    bad "$(basename "$f"): no <expect> with points or counts, and no <expect/>"
  fi
done
echo "scenes/: $pictures picture-only scenes (<expect/>)"
for want in \
  "cb-example-2.xml: points: you 6, blue 0" \
  "cb-example-3.xml: points: you 13, blue 13" \
  "cb-example-5.xml: points: you 5, yellow 0" \
  "cb-example-9.xml: points: you 4, blue 0" \
  "cb-inn.xml: points: red 9, blue 0" \
  "sd-example-8.xml: points: blue 6, you 12, yellow 3" \
  "sd-example-10.xml: points: you 3, blue 3, yellow 0" \
  "bcs-besieged-field.xml: points: you 6, blue 0"; do
  grep -q "$want" "$T/out" && ok || bad "no line '$want'"
done
grep -Eq "cb-example-2.xml:[0-9]+: score: \[BRIDGE-ROAD\] You score 6 points for the road \(3 tiles, 1 bridge\)\.$" \
  "$T/out" && ok || bad "cb-example-2 event line"

# --lang: the events in the rulebooks' words (text/), the same numbers; an unknown language is a
# usage error that names the choices
for want in \
  "ro|Încasezi 6 puncte pentru drum (3 cartonașe, 1 pod)." \
  "cs|Červený hráč získá 6 bodů za cestu (3 kartičky, 1 most)." \
  "uk|Ви отримуєте 6 очок за дорогу (3 плитки, 1 міст)." \
  "en|The traveler goes back to your supply."; do
  lang=${want%%|*}
  # shellcheck disable=SC2086
  "$TK" score $TILES --lang "$lang" "$ROOT/scenes/cb-example-2.xml" >"$T/lang" 2>&1 \
    && ok || bad "--lang $lang: exit status"
  grep -qF "${want#*|}" "$T/lang" && ok || { bad "--lang $lang: no '${want#*|}'"; cat "$T/lang"; }
  grep -q "cb-example-2.xml: points: you 6, blue 0" "$T/lang" && ok || bad "--lang $lang: points"
done
# shellcheck disable=SC2086
"$TK" score $TILES --lang sk "$ROOT/scenes/cb-example-2.xml" >/dev/null 2>"$T/err"
[ $? = 2 ] && ok || bad "--lang sk: want exit 2"
grep -q "en, ro, cs, uk" "$T/err" && ok || bad "--lang sk: the choices are not listed"

# a scene with no <expect> is scored with a warning (nothing is checked); <expect/> is silent
sed '/<expect>/,/<\/expect>/d' "$ROOT/scenes/sd-example-8.xml" >"$T/noexpect.xml"
# shellcheck disable=SC2086
"$TK" score $TILES "$T/noexpect.xml" >/dev/null 2>"$T/err" && ok || bad "no <expect>: exit"
grep -Eq "noexpect.xml:[0-9]+: warning: \[SCENE-EXPECT\] the scene states no <expect>" "$T/err" \
  && ok || bad "no <expect>: no warning"
sed '/<expect>/,/<\/expect>/c\  <expect/>' "$ROOT/scenes/sd-example-8.xml" >"$T/picture.xml"
# shellcheck disable=SC2086
"$TK" score $TILES "$T/picture.xml" >/dev/null 2>"$T/err" && ok || bad "<expect/>: exit"
[ ! -s "$T/err" ] && ok || { bad "<expect/>: something said"; cat "$T/err"; }
# a <count> word no event counts for is an error that lists the words
sed 's/what="counterattack"/what="counter-attack"/' "$ROOT/scenes/sd-example-8.xml" >"$T/word.xml"
# shellcheck disable=SC2086
"$TK" score $TILES "$T/word.xml" >/dev/null 2>"$T/err"
[ $? = 1 ] && ok || bad "unknown count word: want exit 1"
grep -q "no event counts as 'counter-attack'; the words: completed-road" "$T/err" \
  && ok || { bad "unknown count word: message"; cat "$T/err"; }

for f in "$ROOT"/tests/game/bad/*.xml; do
  # shellcheck disable=SC2086
  "$TK" score $TILES "$f" >/dev/null 2>"$T/err"
  rc=$?
  [ "$rc" = 1 ] && ok || bad "$(basename "$f"): exit $rc, want 1"
  grep -Eq "^$f:[0-9]+: error: \[SCENE-" "$T/err" && ok || bad "$(basename "$f"): no FILE:LINE error"
done

# a place that does not resolve: the error lists the tile's features as the board shows them
sed 's/rotation="0"/rotation="90"/; s/feature="nope"/feature="city"/' \
  "$ROOT/tests/game/bad/figure-no-feature.xml" >"$T/city.xml"
# shellcheck disable=SC2086
"$TK" score $TILES "$T/city.xml" >/dev/null 2>"$T/err"
[ $? = 1 ] && ok || bad "feature=city: want exit 1 (an illegal scene)"
grep -qF "city.xml:12: error: [SCENE-FIGURE] the figure at (0, 0): no feature 'city' on base/E (rotation 90); features: c (city, E), f (field); or a side" \
  "$T/err" && ok || { bad "feature=city: the choices"; cat "$T/err"; }

sed 's/<points player="you" value="6"\/>/<points player="you" value="7"\/>/' \
  "$ROOT/scenes/cb-example-2.xml" >"$T/wrong.xml"
# shellcheck disable=SC2086
"$TK" score $TILES "$T/wrong.xml" >/dev/null 2>"$T/err"
rc=$?
[ "$rc" = 1 ] && ok || bad "wrong expectation: exit $rc, want 1"
grep -Eq "wrong.xml:[0-9]+: error: \[SCENE-EXPECT\] you: expected 7 points, computed 6" "$T/err" \
  && ok || bad "wrong expectation message"

# shellcheck disable=SC2086
"$TK" score $TILES --json "$ROOT/scenes/sd-example-8.xml" >"$T/json" 2>&1 && ok || bad "--json"
grep -q '"points": {"blue": 6, "you": 12, "yellow": 3}' "$T/json" && ok || bad "--json points"
# --json is the same in every language: structures, no sentences
# shellcheck disable=SC2086
"$TK" score $TILES --json --lang ro "$ROOT/scenes/sd-example-8.xml" >"$T/json-ro" 2>&1
cmp -s "$T/json" "$T/json-ro" && ok || bad "--json depends on --lang"
grep -q '"text"' "$T/json" && bad "--json has sentences" || ok
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert d[0]["points"]["you"] == 12
ev = [e for e in d[0]["events"] if e["kind"] == "score" and e["player"] == "you"]
assert ev and ev[0]["rule"] == "COUNTERATTACK" and ev[0]["post"] == "monks", ev
assert ev[0]["counts"] == {"meeples": 4}, ev[0]' \
    "$T/json" && ok || bad "--json is not the JSON expected"
fi
# a choice names the figures the player chooses among: yellow's monk and abbot in S&D 10
# shellcheck disable=SC2086
"$TK" score $TILES --json "$ROOT/scenes/sd-example-10.xml" >"$T/json10" 2>&1 && ok || bad "--json 10"
grep -q '"kind": "choice", .*"player": "yellow", .*"choices": \[0, 1\]}' "$T/json10" && ok ||
  bad "--json: the choice does not name yellow's monk and abbot"

# the scene after the move reads back and scores its end
# shellcheck disable=SC2086
"$TK" score $TILES --after "$T/after.xml" "$ROOT/scenes/cb-example-4.xml" >/dev/null 2>&1 \
  && ok || bad "--after"
# shellcheck disable=SC2086
"$TK" score $TILES --final "$T/after.xml" >"$T/out" 2>&1 && ok || bad "--final on --after"
grep -q "after.xml: points: you 0, blue 0" "$T/out" && ok || bad "--final points"

# --after never overwrites an input; a scene can come from stdin
cp "$ROOT/scenes/cb-example-2.xml" "$T/in.xml"
# shellcheck disable=SC2086
"$TK" score $TILES --after "$T/in.xml" "$T/in.xml" >/dev/null 2>&1
[ $? = 2 ] && ok || bad "--after over the scene read: want exit 2"
cmp -s "$T/in.xml" "$ROOT/scenes/cb-example-2.xml" && ok || bad "--after changed its input"
# shellcheck disable=SC2086
"$TK" score $TILES - <"$ROOT/scenes/cb-example-2.xml" >"$T/out" 2>&1 && ok || bad "scene on stdin"
grep -q "^<stdin>: points: you 6, blue 0" "$T/out" && ok || bad "stdin points"

# shellcheck disable=SC2086
"$TK" score $TILES >/dev/null 2>&1
[ $? = 2 ] && ok || bad "no scene: want exit 2"

# a row is checked exactly against the face's printed spaces, and the message says what is wrong
for n in short long; do
  # shellcheck disable=SC2086
  "$TK" score $TILES "$ROOT/tests/game/bad/post-row-$n.xml" >/dev/null 2>"$T/err"
  [ "$n" = short ] && want="lists 3 spaces" || want="lists 5 spaces"
  grep -q "the row of the knights post $want, face 'front' prints 4 (3 plain, 1 dark '3'" \
    "$T/err" && ok || { bad "post-row-$n: message"; cat "$T/err"; }
done
# shellcheck disable=SC2086
"$TK" score $TILES "$ROOT/tests/game/bad/post-overfull.xml" >/dev/null 2>"$T/err"
grep -q "row space 4 of the knights post does not count with 2 players, yet holds a meeple" \
  "$T/err" && ok || bad "post-overfull: message"

# states the rules cannot reach, each refused with its reason: catapults lost from the game, a
# face its players do not play, more meeples than the box gives, two escapes in one turn
for want in \
  "catapult-lost|:14: error: [SCENE-TOKEN] 0 catapults on posts and catapults-left=\"0\", the sets in play have 3" \
  "face-players|:12: error: [SCENE-FACE] face 'front' of piece 'fortress-west' is not played with 4 players; its faces: front (2-3 players), back (4+ players)" \
  "supply-meeples|:6: error: [SCENE-SUPPLY] player 'you' has 8 meeples in use (on the board and at the posts), the sets in play give each player 7" \
  "escape-twice|:22: error: [SCENE-"; do
  f=${want%%|*}
  # shellcheck disable=SC2086
  "$TK" score $TILES "$ROOT/tests/game/bad/$f.xml" >/dev/null 2>"$T/err"
  grep -qF "$f.xml${want#*|}" "$T/err" && ok || { bad "$f: message"; cat "$T/err"; }
done

# the big meeple comes with the box's big-meeple tokens: without them, the inns do not bring it
sed 's|<token kind="big-meeple" count="6"/>||' "$ROOT/tilesets/inns-cathedrals.xml" >"$T/ic.xml"
"$TK" score --tiles "$ROOT/tilesets/base.xml" --tiles "$T/ic.xml" \
  "$ROOT/scenes/own-big-meeple-majority.xml" >/dev/null 2>"$T/err"
[ $? = 1 ] && ok || bad "big meeple without big-meeple tokens: want exit 1 (an illegal scene)"
grep -q "\[SCENE-FIGURE-KIND\] no set in play has the big-meeple" "$T/err" && ok \
  || bad "big meeple without tokens: no SCENE-FIGURE-KIND"
# the rules of issue 28 without a bundled scene: a shrine (JCloisterZone's cult set, a cloister
# with shrine="true") lets a knight escape; a wagon, the abbey and a builder's double turn are
# refused, each naming why (docs/scoring.md, "Rules tilekit cannot express")
J=$ROOT/third_party/jcloisterzone
"$TK" score --tiles "$J/basic.xml" --tiles "$J/siege.xml" --tiles "$J/cult.xml" \
  "$ROOT/tests/game/jcz/own-escape-shrine.xml" >"$T/out" 2>"$T/err" && ok ||
  { bad "escape through a shrine: exit $?"; cat "$T/err"; }
grep -q "\[ESCAPE\] The knight escapes from the besieged city" "$T/out" && ok || bad "shrine: no escape"
sed 's/id="CU\/S" x="1" y="1"/id="CU\/S" x="1" y="2"/; s/<tile set="basic:1" id="BA\/C" x="0" y="1" rotation="180"\/>/&<tile set="basic:1" id="BA\/Rr" x="1" y="1" rotation="180"\/>/' \
  "$ROOT/tests/game/jcz/own-escape-shrine.xml" >"$T/far.xml"
"$TK" score --tiles "$J/basic.xml" --tiles "$J/siege.xml" --tiles "$J/cult.xml" "$T/far.xml" >"$T/out" 2>"$T/err"
[ $? = 1 ] && ok || bad "a shrine that touches no besieger tile: want exit 1 (expect differs)"
grep -q "\[ESCAPE\] No escape" "$T/out" && ok || { bad "far shrine: no refusal"; cat "$T/out"; }
# shellcheck disable=SC2086
"$TK" score $TILES "$ROOT/tests/game/bad/escape-wagon.xml" >/dev/null 2>"$T/err"
grep -q 'kind="wagon" on <figure> is not one of: meeple big-meeple abbot pig (tilekit has no wagon, mayor, builder or other figure: docs/scoring.md, "Rules tilekit cannot express")' \
  "$T/err" && ok || { bad "wagon: message"; cat "$T/err"; }
# shellcheck disable=SC2086
"$TK" score $TILES "$ROOT/tests/game/bad/escape-abbey.xml" >/dev/null 2>"$T/err"
grep -q "\[SCENE-SET\] set 'abbey-mayor' is not" "$T/err" && ok || { bad "abbey: message"; cat "$T/err"; }
# shellcheck disable=SC2086
"$TK" score $TILES "$ROOT/tests/game/bad/double-turn.xml" >/dev/null 2>"$T/err"
grep -q "double-turn.xml:16: error: \[SCENE-UNKNOWN\] a second <move>" "$T/err" && ok ||
  { bad "double turn: message"; cat "$T/err"; }

# several players remove figures in one attack, clockwise from the active player (blue, then
# yellow, whatever the order of the figures in the file)
# shellcheck disable=SC2086
"$TK" score $TILES "$ROOT/scenes/own-attack-clockwise.xml" >"$T/out" 2>"$T/err" && ok || bad "clockwise: exit"
grep -n "removed from the board" "$T/out" | sed 's/.*supply of //; s/.*back to //' >"$T/order"
printf '%s\n' "Blue's supply." "Yellow's supply." | cmp -s - "$T/order" && ok ||
  { bad "clockwise: removals not blue then yellow"; cat "$T/out"; }
# a pig goes back when its farmer moves onto a barn; it stays while another farmer stands there
# shellcheck disable=SC2086
"$TK" score $TILES "$ROOT/scenes/own-pig-barn.xml" >"$T/out" 2>"$T/err" && ok || bad "pig barn: exit"
grep -q "\[BARN-BUILD\] The pig goes back to your supply." "$T/out" && ok || bad "pig barn: the pig stays"
sed 's|<figure player="blue" kind="meeple" x="0" y="-1" feature="f2"/>|&<figure player="you" kind="meeple" x="0" y="1" feature="f"/>|; s|<build what="barn" x="1" y="1"/>|<build what="barn" x="1" y="1"><farmer x="0" y="0" feature="f"/></build>|' \
  "$ROOT/scenes/own-pig-barn.xml" >"$T/pig2.xml"
# shellcheck disable=SC2086
"$TK" score $TILES "$T/pig2.xml" >"$T/out" 2>"$T/err"
grep -q "The pig goes back" "$T/out" && bad "pig barn: the pig left while another farmer stands there" || ok
grep -q "You score 3 points for the barn" "$T/out" && ok || { bad "pig barn 2: barn score"; cat "$T/out" "$T/err"; }
# the pig comes from the box that holds pigs (traders-builders), not from a tile showing a pig
# stable in a box that lists its contents (Castles & Bridges)
sed 's|<sets>base traders-builders</sets>|<sets>base castles-bridges</sets>|' \
  "$ROOT/scenes/own-pig-field.xml" >"$T/pig.xml"
# shellcheck disable=SC2086
"$TK" score $TILES "$T/pig.xml" >/dev/null 2>"$T/err"
[ $? = 1 ] && ok || bad "pig with Castles & Bridges only: want exit 1"
grep -qF "pig.xml:23: error: [SCENE-FIGURE-KIND] no set in play has the pig (it needs a set whose box holds pigs, such as traders-builders)" \
  "$T/err" && ok || { bad "pig without traders-builders: message"; cat "$T/err"; }
# shellcheck disable=SC2086
"$TK" score $TILES "$ROOT/scenes/own-pig-field.xml" >"$T/out" 2>&1 && ok || bad "own-pig-field"
grep -q "own-pig-field.xml: points: you 8, blue 6" "$T/out" && ok || bad "own-pig-field: 8 and 6"
# a picture of tiles only needs no players; with a move it does
# shellcheck disable=SC2086
"$TK" score $TILES "$ROOT/scenes/cb-example-1.xml" >/dev/null 2>&1 && ok || bad "cb-example-1: tiles only"
sed 's|<expect/>|<move player="you"><tile set="base" id="X" x="2" y="0" rotation="0"/></move>|' \
  "$ROOT/scenes/cb-example-1.xml" >"$T/noplayers.xml"
# shellcheck disable=SC2086
"$TK" score $TILES "$T/noplayers.xml" >/dev/null 2>"$T/err"
grep -q "error: \[SCENE-" "$T/err" && ok || { bad "a move with no players: refused"; cat "$T/err"; }
# the maiden taken back, in Romanian and Czech: the counted nouns in brackets (nominative), not
# after "pentru" / "za" (which need the accusative)
for want in \
  "ro|încasezi 5 puncte: 1 pentru ea și câte 1 pentru fiecare altă domniță și fiecare cavaler (1 altă domniță, 3 cavaleri)." \
  "cs|získá 5 bodů: 1 za ni a po 1 za každou další dvorní dámu a každého rytíře (1 další dvorní dáma, 3 rytíři)."; do
  # shellcheck disable=SC2086
  "$TK" score $TILES --lang "${want%%|*}" "$ROOT/scenes/cb-example-5.xml" >"$T/out" 2>&1
  grep -qF "${want#*|}" "$T/out" && ok || { bad "maiden sentence ${want%%|*}"; cat "$T/out"; }
done
finish
