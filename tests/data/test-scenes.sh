#!/bin/sh
# What the scenes of the 1st edition and of the expansions' interactions state beyond their
# <expect> (which `tilekit score scenes/*.xml` checks in tests/game): the board after the move
# (an escaped knight gone, the other one and the monk placed that turn still there), the order of
# a turn (the escape is its last event), and the two escape rules giving two outcomes on one
# board. The bundled sets only: no --tiles, no database.
# Usage: test-scenes.sh TILEKIT SOURCE_ROOT
. "$2/tests/support/cli-test.sh"
S=$ROOT/scenes
figures() { # scene: the figures of the scene after its move, one per line
  "$TK" score --after - "$1" 2>/dev/null | sed -n 's|^    <figure \(.*\)/>$|\1|p'
}

# one knight escapes, the other stays in its besieged city (footnote 7)
figures "$S/bcs-escape-two-cities.xml" >after
[ "$(wc -l <after)" = 1 ] && ok || bad "two cities: $(wc -l <after) figures after, want 1"
grep -qx 'player="you" kind="meeple" x="1" y="0" feature="c"' after && ok \
  || bad "two cities: the knight at (1, 0) should stay: $(cat after)"
figures "$S/bcs-escape-two-cities-rgg.xml" >after
grep -qx 'player="you" kind="meeple" x="0" y="2" feature="c"' after && ok || bad "rgg: (0, 2) stays"
grep -q 'x="0" y="-1"' after && bad "rgg: the knight at (0, -1) did not escape" || ok
# the Hans im Glueck rule on the same board: nobody escapes
figures "$S/bcs-escape-two-cities-hig.xml" >after
[ "$(wc -l <after)" = 2 ] && ok || bad "hig: $(wc -l <after) figures after, want both knights"
sed 's/value="besieger-tile"/value="city-tile"/' "$S/bcs-escape-two-cities-hig.xml" >swapped.xml
"$TK" score swapped.xml >out 2>&1
grep -q "\[ESCAPE\] The knight escapes from the besieged city and goes back to your supply" out && ok \
  || bad "hig board with escape=city-tile should let the knight go: $(cat out)"
# the escape is the last thing of the turn, after the monk placed from the supply (footnote 10)
figures "$S/bcs-escape-timing.xml" >after
[ "$(cat after)" = 'player="you" kind="meeple" x="0" y="0" feature="cloister"' ] && ok \
  || bad "timing: want only the monk on the cloister after the move: $(cat after)"
"$TK" score --json "$S/bcs-escape-timing.xml" >json 2>&1
if command -v python3 >/dev/null 2>&1; then
  python3 -c 'import json, sys
e = json.load(open(sys.argv[1]))[0]["events"]
assert e[-1]["rule"] == "ESCAPE" and e[-1]["phase"] == "turn-end", e' json && ok \
    || bad "timing: the escape should be the last event, at the turn end"
fi
# an attack takes a big meeple and a traveler on a bridge, never a maiden
"$TK" score "$S/sd-big-meeple-attack.xml" >out 2>&1
grep -q "The big meeple is removed from the board and goes back to Blue's supply" out && ok \
  || bad "big meeple not removed: $(cat out)"
"$TK" score "$S/sd-bridge-traveler-attack.xml" >out 2>&1
grep -q "The traveler is removed from the board and goes back to Blue's supply" out && ok \
  || bad "bridge traveler not removed"
figures "$S/sd-maiden-attack.xml" >after
grep -qx 'player="blue" kind="meeple" castle="k1"' after && ok || bad "the maiden must stay"
# Czech captions tell the example in the third person, as the S&D rulebook's examples and the
# Czech legends do ("Červený hráč získá"): no caption addresses the reader ("vy", "váš", "získáte")
grep -h '<caption lang="cs">' "$S"/*.xml >cs-captions
[ "$(wc -l <cs-captions)" -ge 80 ] && ok || bad "fewer Czech captions than scenes"
if grep -inE '[ (:;,]([Vv]y|[Vv]á[sš]|[Vv]aš[eií][a-z]*|[Vv]ám[a-z]*|získáte|máte|umístíte|přiložíte|postavíte|uzavřete|vezmete)[ ,.;:)]' \
  cs-captions >second-person; then
  bad "Czech captions in the second person: $(cat second-person)"
else
  ok
fi
finish
