#!/bin/sh
# Renders every scene of scenes/ as PNG into docs/images/scenes/ and writes docs/gallery.md with
# the pictures (the move shown, tilekit's default), their sources and captions; the rulebook
# examples (every scene not named own-*) also in Romanian and Czech next to English. Then
# docs/gallery-20mm.md: the rulebook examples at a rulebook's size, 20 mm a tile. Then the
# README's picture of the example chapter (docs/images/book-examples-en-page1.png: page 1 of
# `tilekit book docs/book/examples.en.md` at 80 dpi, as tools/setup-and-run.sh makes it; needs
# pdftoppm, else left as it is). When optipng is installed, every picture written is recompressed
# losslessly (about 30 % smaller). Run from the top of the repository after building
# (meson setup build && ninja -C build):
#
#     sh tools/gallery.sh [TILEKIT] [DPI]
#
# TILEKIT defaults to build/tools/tilekit, DPI to 64 (45 mm tiles: 113 pixels; the 20 mm page
# is drawn at 150 dpi, 118 pixels a tile).
set -eu
# The same pictures and page from any machine: scenes in byte order, whatever the locale.
LC_ALL=C
export LC_ALL

tilekit=${1:-build/tools/tilekit}
dpi=${2:-64}
out=docs/images/scenes
page=docs/gallery.md
page20=docs/gallery-20mm.md

[ -x "$tilekit" ] || { echo "gallery.sh: no $tilekit (build first)" >&2; exit 2; }
tiles=""
for t in tilesets/*.xml; do
        tiles="$tiles --tiles $t"
done
mkdir -p "$out" "$out/20mm"

# The text of the first <TAG ...>...</TAG> (with lang="en" for captions), entities decoded.
xml_text() {
        sed -n "s|.*<$2[^>]*>\(.*\)</$2>.*|\1|p" "$1" | head -n 1 |
                sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&amp;/\&/g'
}
caption_en() {
        sed -n 's|.*<caption lang="en">\(.*\)</caption>.*|\1|p' "$1" | head -n 1 |
                sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&amp;/\&/g'
}
# draw SCENE FILE.png [OPTIONS]
draw() {
        f=$1
        png=$2
        shift 2
        # shellcheck disable=SC2086
        if ! "$tilekit" render scene "$f" $tiles "$@" -o "$png" >/dev/null; then
                echo "gallery.sh: $f could not be drawn" >&2
                exit 1
        fi
        squeeze "$png"
}
# squeeze FILE.png: lossless recompression, when optipng is there (the same pixels).
squeeze() {
        if command -v optipng >/dev/null 2>&1; then
                optipng -quiet -o2 "$1"
        fi
}
rulebook() {
        case $(basename "$1") in own-*) return 1 ;; *) return 0 ;; esac
}

tmp=$(mktemp)
tmp20=$(mktemp)
trap 'rm -f "$tmp" "$tmp20"' EXIT
{
        echo "# Gallery: the scenes of \`scenes/\`"
        echo
        echo "Every scene of \`scenes/\` as \`tilekit render scene\` draws it by default (45 mm tiles at"
        echo "$dpi dpi): the move shown — the tile placed framed, the figures it places ringed as new, what"
        echo "it builds, a refused action crossed out with its callout, what goes back to the supply or is"
        echo "removed marked —, the features it scores hatched in the scorer's colour with their points,"
        echo "the defense posts the example concerns, and under the picture the caption, the key (the"
        echo "players beside their figures, the marks) and the legend of the events. The rulebook examples are shown"
        echo "in English, Romanian and Czech; [the same examples at a rulebook's size, 20 mm a tile,"
        echo "are on a page of their own](gallery-20mm.md). The pictures and these pages are made by"
        echo "\`sh tools/gallery.sh\`; \`docs/render.md\` says how a scene is drawn."
        echo
} >"$tmp"
{
        echo "# Gallery at rulebook size: 20 mm a tile"
        echo
        echo "The rulebook examples of \`scenes/\` as a rulebook prints them, 20 mm a tile"
        echo "(\`tilekit render scene SCENE --tile-mm 20\`; PNG at 150 dpi here, vector in a PDF): text of"
        echo "6 points or more, figures with a floor size and greyscale patterns instead of letters (the"
        echo "key shows each player beside a meeple in their pattern),"
        echo "the fortress cut to what the example needs. Made by \`sh tools/gallery.sh\`; the pictures"
        echo "at the real size are in [the gallery](gallery.md)."
        echo
} >"$tmp20"
n=0
for f in scenes/*.xml; do
        id=$(basename "$f" .xml)
        draw "$f" "$out/$id.png" --dpi "$dpi"
        src=$(xml_text "$f" source)
        cap=$(caption_en "$f")
        {
                echo "## $id"
                echo
                [ -n "$src" ] && echo "*$src*" && echo
                if rulebook "$f"; then
                        echo "| English | Română | Čeština |"
                        echo "|---|---|---|"
                        echo "| ![$id](images/scenes/$id.png) | ![$id, ro](images/scenes/$id.ro.png) | ![$id, cs](images/scenes/$id.cs.png) |"
                else
                        echo "![$id](images/scenes/$id.png)"
                fi
                echo
                [ -n "$cap" ] && echo "$cap" && echo
        } >>"$tmp"
        if rulebook "$f"; then
                draw "$f" "$out/$id.ro.png" --dpi "$dpi" --lang ro
                draw "$f" "$out/$id.cs.png" --dpi "$dpi" --lang cs
                draw "$f" "$out/20mm/$id.png" --tile-mm 20 --dpi 150
                {
                        echo "## $id"
                        echo
                        [ -n "$src" ] && echo "*$src*" && echo
                        echo "![$id at 20 mm](images/scenes/20mm/$id.png)"
                        echo
                } >>"$tmp20"
        fi
        n=$((n + 1))
done
mv "$tmp" "$page"
mv "$tmp20" "$page20"
trap - EXIT
echo "$page: $n scenes; $page20; pictures in $out/"

# The README's page of the example chapter.
if command -v pdftoppm >/dev/null 2>&1; then
        dir=$(mktemp -d)
        trap 'rm -rf "$dir"' EXIT
        # shellcheck disable=SC2086
        "$tilekit" book $tiles --lang en docs/book/examples.en.md -o "$dir/book.pdf" >/dev/null
        pdftoppm -r 80 -png -f 1 -l 1 -singlefile "$dir/book.pdf" docs/images/book-examples-en-page1
        squeeze docs/images/book-examples-en-page1.png
        rm -rf "$dir"
        trap - EXIT
        echo "docs/images/book-examples-en-page1.png: page 1 of docs/book/examples.en.md"
else
        echo "gallery.sh: no pdftoppm: docs/images/book-examples-en-page1.png left as it is" >&2
fi
echo "docs/images: $(du -sk docs/images | cut -f1) KiB"
