#!/usr/bin/env python3
"""Makes the art pack used as a test fixture of `--art` (tests/render/art/): a few base tiles
drawn by tilekit itself (`tilekit render tile`), turned and given a bleed as a publisher's
files might be, with a visible difference so that a picture shows which art it used: sepia
tones and a magenta square in the corner of the trim area that is the image's top left. Never
real artwork. Run from the top of the repository after building:

    python3 tests/render/art/make-art.py [build/tools/tilekit]

It rewrites tests/render/art/*.png and tests/render/art/art.xml; the same tilekit gives the same
bytes."""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
PX = 64      # the trim area of each image, in pixels
MARK = 10    # the magenta square, pixels
# (tile, the image's rotation in degrees, bleed in pixels)
TILES = [("A", 0, 0), ("B", 90, 0), ("D", 0, 4), ("E", 180, 4), ("U", 270, 0), ("V", 90, 4)]


def read_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and not interlace, "8-bit RGB(A) only"
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, rows, prev = zlib.decompress(idat), [], bytearray(w * bpp)
    stride = w * bpp
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return rows


def write_png(path, rows):
    h, w = len(rows), len(rows[0])
    raw = b"".join(b"\x00" + bytes(v for px in row for v in px) for row in rows)
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(path, "wb").write(png)


def publisher(rows, bleed):
    """Sepia tones, the magenta mark in the trim's top left corner, the edge stretched into the
    bleed."""
    out = []
    for y, row in enumerate(rows):
        line = []
        for x, (r, g, b) in enumerate(row):
            if x < MARK and y < MARK:
                line.append((255, 0, 255))
                continue
            line.append((min(255, int(0.393 * r + 0.769 * g + 0.189 * b)),
                         min(255, int(0.349 * r + 0.686 * g + 0.168 * b)),
                         min(255, int(0.272 * r + 0.534 * g + 0.131 * b))))
        out.append(line)
    n = len(out)
    clamp = lambda v: min(max(v, 0), n - 1)
    return [[out[clamp(y)][clamp(x)] for x in range(-bleed, n + bleed)]
            for y in range(-bleed, n + bleed)]


def main():
    tilekit = sys.argv[1] if len(sys.argv) > 1 else "build/tools/tilekit"
    tiles = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(HERE))), "tilesets",
                         "base.xml")
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             "<!-- A test fixture made by make-art.py from tilekit's own tile art (sepia, with a"
             " magenta",
             "     square in the top left corner of each image's trim area): never real artwork."
             " -->",
             '<art format="1" tile-mm="%d">' % PX]
    with tempfile.TemporaryDirectory() as tmp:
        for tile, rot, bleed in TILES:
            png = os.path.join(tmp, tile + ".png")
            subprocess.run([tilekit, "render", "tile", tile, "--tiles", tiles, "--rotation",
                            str(rot), "--px", str(PX), "-o", png], check=True,
                           stdout=subprocess.DEVNULL)
            name = "base-%s.png" % tile
            write_png(os.path.join(HERE, name), publisher(read_png(png), bleed))
            lines.append('  <image set="base" tile="%s" file="%s" rotation="%d"%s/>' %
                         (tile, name, rot, ' bleed-mm="%d"' % bleed if bleed else ""))
    lines.append("</art>")
    open(os.path.join(HERE, "art.xml"), "w").write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
