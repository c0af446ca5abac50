#!/bin/sh
# The main job on a fresh Debian machine: installs what is missing, builds tilekit, then imports
# the bundled tile sets into out/tilekit.db, checks them, simulates a game with every set and
# renders reference sheets and a board picture; then scores every rulebook example of scenes/ and
# draws one as a rulebook picture; then builds the example rulebook chapter (docs/book/) in every
# language as PDF and HTML. Prints where everything went.
set -eu
cd "$(dirname "$0")/.."
step() { printf '\n== %s\n' "$*"; }

step "Debian packages (tools/deps.sh: installs only what is missing)"
sh tools/deps.sh
# the build shows its progress: ninja's [N/M] line (one line rewritten on a terminal, one line
# per step in a pipe), instead of two silent minutes
if [ ! -f build/build.ninja ]; then
  step "configure build/ (meson setup)"
  meson setup build
fi
step "build (ninja -C build; about 2 minutes the first time on 2 cores)"
ninja -C build
TK=build/tools/tilekit
OUT=${OUT:-out}
DB=$OUT/tilekit.db
mkdir -p "$OUT"

step "import tilesets/*.xml -> $DB"
$TK import --db "$DB" tilesets/*.xml
step "check"
$TK check --db "$DB"
SETS=$($TK list sets --db "$DB" --ids | paste -sd, -)
step "simulate (seed 1, sets $SETS)"
$TK simulate --db "$DB" --set "$SETS" --seed 1 --json "$OUT/layout.json" --store
step "render"
for s in $($TK list sets --db "$DB" --ids); do
  $TK render sheet --db "$DB" --set "$s" -o "$OUT/sheet-$(echo "$s" | tr '/:' '__').pdf"
done
$TK render board --db "$DB" --layout "$OUT/layout.json" -o "$OUT/board.png"
$TK render board --db "$DB" --layout "$OUT/layout.json" -o "$OUT/board.svg"

step "score the rulebook examples (scenes/*.xml) -> $OUT/scores.txt"
TILES=""
for f in tilesets/*.xml; do TILES="$TILES --tiles $f"; done
# shellcheck disable=SC2086
$TK score $TILES scenes/*.xml > "$OUT/scores.txt"
grep -c ': points:' "$OUT/scores.txt" | sed 's/$/ scenes scored, every expected number reproduced/'
$TK render scene --db "$DB" scenes/cb-example-2.xml -o "$OUT/scene-cb-example-2.png"

step "the example chapter (docs/book/examples.LANG.md) -> $OUT/book-examples.LANG.pdf, .html"
for lang in en ro cs; do
  for ext in pdf html; do
    # shellcheck disable=SC2086
    $TK book $TILES --lang "$lang" "docs/book/examples.$lang.md" -o "$OUT/book-examples.$lang.$ext"
  done
done
if command -v pdftoppm >/dev/null; then
  pdftoppm -r 80 -png -f 1 -l 1 -singlefile "$OUT/book-examples.en.pdf" "$OUT/book-examples-en-page1"
fi

step "outputs"
echo "database:        $DB   (sqlite3 $DB 'SELECT * FROM set_totals')"
echo "layout:          $OUT/layout.json"
echo "reference sheets: $(ls "$OUT"/sheet-*.pdf | tr '\n' ' ')"
echo "board pictures:  $OUT/board.png $OUT/board.svg"
echo "scores:          $OUT/scores.txt"
echo "scene picture:   $OUT/scene-cb-example-2.png"
echo "rulebook chapter: $OUT/book-examples.{en,ro,cs}.{pdf,html}"
