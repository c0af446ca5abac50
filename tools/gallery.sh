#!/bin/sh
# Renders every scene of scenes/ as a PNG into docs/images/scenes/ and writes docs/gallery.md
# with the pictures, their sources and captions. Run from the top of the repository after
# building (meson setup build && ninja -C build):
#
#     sh tools/gallery.sh [TILEKIT] [DPI]
#
# TILEKIT defaults to build/tools/tilekit, DPI to 64 (45 mm tiles: 113 pixels).
set -eu
# The same pictures and page from any machine: scenes in byte order, whatever the locale.
LC_ALL=C
export LC_ALL

tilekit=${1:-build/tools/tilekit}
dpi=${2:-64}
out=docs/images/scenes
page=docs/gallery.md

[ -x "$tilekit" ] || { echo "gallery.sh: no $tilekit (build first)" >&2; exit 2; }
tiles=""
for t in tilesets/*.xml; do
        tiles="$tiles --tiles $t"
done
mkdir -p "$out"

# The text of the first <TAG ...>...</TAG> (with lang="en" for captions), entities decoded.
xml_text() {
        sed -n "s|.*<$2[^>]*>\(.*\)</$2>.*|\1|p" "$1" | head -n 1 |
                sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&amp;/\&/g'
}
caption_en() {
        sed -n 's|.*<caption lang="en">\(.*\)</caption>.*|\1|p' "$1" | head -n 1 |
                sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&amp;/\&/g'
}

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
{
        echo "# Gallery: the scenes of \`scenes/\`"
        echo
        echo "Every scene of \`scenes/\` as \`tilekit render scene\` draws it (45 mm tiles at $dpi dpi;"
        echo "the move being made, the features it scores hatched in the scorer's colour with their"
        echo "points, the caption and the legend of the events under the picture). The pictures and"
        echo "this page are made by \`sh tools/gallery.sh\`; \`docs/render.md\` says how a scene is drawn."
        echo
} >"$tmp"
n=0
for f in scenes/*.xml; do
        id=$(basename "$f" .xml)
        # shellcheck disable=SC2086
        if ! "$tilekit" render scene "$f" $tiles --dpi "$dpi" -o "$out/$id.png" >/dev/null; then
                echo "gallery.sh: $f could not be drawn" >&2
                exit 1
        fi
        {
                echo "## $id"
                echo
                src=$(xml_text "$f" source)
                [ -n "$src" ] && echo "*$src*" && echo
                echo "![$id](images/scenes/$id.png)"
                echo
                cap=$(caption_en "$f")
                [ -n "$cap" ] && echo "$cap" && echo
        } >>"$tmp"
        n=$((n + 1))
done
mv "$tmp" "$page"
trap - EXIT
echo "$page: $n scenes, pictures in $out/"
