#!/bin/sh
# CLI tests of the words (text/): a caption or callout text missing in a language is an error of
# `scene check` and of `render scene` in that language, never English instead; `render scene
# --lang en` draws the scene still; the legend of a picture and `tilekit score --lang` say the same
# sentences. Usage: test-text-cli.sh TILEKIT SOURCE_ROOT
. "$2/tests/support/cli-test.sh"

"$TK" scene check "$ROOT"/scenes/*.xml >/dev/null 2>"$T/err" && ok \
  || { bad "scene check scenes/*.xml"; cat "$T/err"; }

sed '/<caption lang="cs"/d' "$ROOT/scenes/cb-example-2.xml" >"$T/nocs.xml"
# the scene's languages are en ro uk: it passes, and --lang cs asks for the Czech caption
"$TK" scene check "$T/nocs.xml" >/dev/null 2>"$T/err" && ok ||
  { bad "scene check of a scene in en ro uk: want exit 0"; cat "$T/err"; }
"$TK" scene check --lang cs "$T/nocs.xml" >/dev/null 2>"$T/err"
[ $? = 1 ] && ok || bad "scene check --lang cs without a Czech caption: want exit 1"
grep -Eq "nocs.xml:[0-9]+: error: \[SCENE-TRANSLATION\] the caption has no text in 'cs' \(it has en ro uk\)" \
  "$T/err" && ok || { bad "scene check: message"; cat "$T/err"; }
# shellcheck disable=SC2086
"$TK" render scene "$T/nocs.xml" $TILES --lang cs -o "$T/cs.svg" >/dev/null 2>"$T/err"
[ $? = 1 ] && ok || bad "render scene --lang cs without a Czech caption: want exit 1"
[ ! -e "$T/cs.svg" ] && ok || bad "render scene --lang cs wrote a picture"
grep -q "SCENE-TRANSLATION" "$T/err" && ok || bad "render scene --lang cs: no SCENE-TRANSLATION"
for l in en ro; do
  # shellcheck disable=SC2086
  "$TK" render scene "$T/nocs.xml" $TILES --lang $l -o "$T/$l.svg" >/dev/null 2>&1 \
    && ok || bad "render scene --lang $l: the caption is there, want exit 0"
done

# the legend says what score --lang says, sentence for sentence
for l in en ro cs uk; do
  # shellcheck disable=SC2086
  "$TK" render scene "$ROOT/scenes/sd-example-8.xml" $TILES --lang $l -o "$T/legend.svg" \
    >/dev/null 2>&1 || bad "render sd-example-8 --lang $l"
  # the SVG's description holds the legend as wrapped: lines joined by one space
  tr '\n' ' ' <"$T/legend.svg" | tr -s ' ' >"$T/legend.txt"
  # shellcheck disable=SC2086
  "$TK" score $TILES --lang $l "$ROOT/scenes/sd-example-8.xml" | grep -v ": points:" \
    | sed 's/^[^]]*\] //' >"$T/sentences"
  [ -s "$T/sentences" ] && ok || bad "score --lang $l: no events"
  while IFS= read -r line; do
    grep -qF "$line" "$T/legend.txt" && ok || bad "$l legend lacks: $line"
  done <"$T/sentences"
done
finish
