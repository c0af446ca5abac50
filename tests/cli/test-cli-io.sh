#!/bin/sh
# CLI tests of what every command writes and how it exits (issue 11): stdout on a full device,
# output files (temporary file + rename, symbolic links, devices, modes, hard links, long names,
# an output that is an input, refused options leave the old file), the exit-code table (0 ok,
# 1 wrong data or failed write, 2 usage or unreadable input), --set duplicates, '-' for stdin,
# bench reading like simulate, and list escaping database text.
# Usage: test-cli-io.sh TILEKIT SOURCE_ROOT
. "$2/tests/support/cli-test.sh"
same() { cmp -s "$1" "$2" && ok || bad "$3: $1 changed"; }

TS=$ROOT/tilesets
JCZ=$ROOT/third_party/jcloisterzone
export TILEKIT_DB="$T/t.db"
"$TK" import -q "$TS"/*.xml >/dev/null 2>&1 || { echo "cannot import the bundled sets"; exit 1; }

# ---------------------------------------------------------------- stdout on a full device
full() { # description command...: stdout to /dev/full must exit 1 with the errno message
  what=$1; shift
  "$@" >/dev/full 2>err
  rc=$?
  [ "$rc" = 1 ] && ok || bad "$what > /dev/full: exit $rc, want 1"
  has err "<stdout>: error: cannot write: No space left on device" "$what > /dev/full"
}
full "list sets --json" "$TK" list sets --json
full "list sets" "$TK" list sets
full "list tiles" "$TK" list tiles --set base
full "check --list-rules" "$TK" check --list-rules
full "check --list-rules --json" "$TK" check --list-rules --json
full "check (findings)" "$TK" check "$ROOT/tests/rules/fixtures/TYPE-DUP.bad.xml"
full "check --json" "$TK" check --json "$TS/base.xml"
full "diff --json" "$TK" diff --json "$TS/base.xml" "$TS/base.xml"
full "diff" "$TK" diff "$TS/base.xml" "$TS/river.xml"
full "simulate" "$TK" simulate --set base
full "simulate --count" "$TK" simulate --set base --count 3
full "simulate --json -" "$TK" simulate --set base --json -
full "simulate --count --json -" "$TK" simulate --set base --count 2 --json -
full "bench" "$TK" bench --games 5 --only base --dir "$TS"
full "--help" "$TK" --help
full "help check" "$TK" help check
full "export" "$TK" export --set base
full "render sheet summary line" "$TK" render sheet --set river -o r.pdf
full "import summary" "$TK" import --db "$T/full.db" "$TS/base.xml"
# a file output on a full device (through a link, so that the name says .pdf)
ln -s /dev/full t.pdf
expect 1 "render tile to a full device" "$TK" render tile --set base -o t.pdf D
has err "t.pdf: error: cannot write: No space left on device" "render tile to a full device"
[ -L t.pdf ] && [ "$(readlink t.pdf)" = /dev/full ] && ok || bad "the link to /dev/full was replaced"
expect 1 "export -o /dev/full" "$TK" export --set base -o /dev/full
has err "/dev/full: error: cannot write: No space left on device" "export -o /dev/full"
[ -c /dev/full ] && ok || bad "/dev/full is no longer a device"
expect 1 "simulate --json /dev/full" "$TK" simulate --set base --json /dev/full
has err "/dev/full: error: cannot write:" "simulate --json /dev/full"

# ---------------------------------------------------------------- output files
"$TK" export --set base -o ref.xml 2>/dev/null
# a symbolic link: the link stays, the file it points to gets the output
echo secret >victim
ln -s victim link.xml
expect 0 "export through a link" "$TK" export --set base -o link.xml
[ -L link.xml ] && ok || bad "export replaced the symbolic link by a file"
same victim ref.xml "the link's target did not get the output"
cmp -s victim ref.xml && ok || bad "victim is not the export"
# no temporary file left, none at a predictable name
mkdir clean && ln -s ../victim2 clean/out.xml.tmp$$
expect 0 "export into a clean directory" "$TK" export --set base -o clean/out.xml
[ ! -e victim2 ] && ok || bad "a planted link was followed"
[ "$(ls -A clean | wc -l)" = 2 ] && ok || bad "temporary files left: $(ls -A clean)"
# mode and hard links of an existing file survive
echo old >m.xml && chmod 640 m.xml && ln m.xml m2.xml
expect 0 "export over a file with two links" "$TK" export --set base -o m.xml
same m2.xml ref.xml "the other hard link did not see the output"
[ "$(stat -c '%a %h' m.xml)" = "640 2" ] && ok || bad "mode/links: $(stat -c '%a %h' m.xml)"
echo old >p.xml && chmod 604 p.xml
expect 0 "export over a file" "$TK" export --set base -o p.xml
[ "$(stat -c %a p.xml)" = 604 ] && ok || bad "the mode 604 became $(stat -c %a p.xml)"
# a 250-byte name (the longest a temporary suffix would push over 255)
long=$(printf '%0246d' 0).xml
expect 0 "export to a 250-byte name" "$TK" export --set base -o "$long"
same "$long" ref.xml "250-byte name"
# a directory is no output
mkdir adir
expect 1 "export to a directory" "$TK" export --set base -o adir
has err "adir: error: cannot write: Is a directory" "export to a directory"
expect 1 "export to a missing directory" "$TK" export --set base -o no/such/dir.xml
has err "no/such/dir.xml: error: cannot write: No such file or directory" "missing directory"
# an output that is an input is refused before anything happens
cp "$TILEKIT_DB" a.db && cp a.db a.keep
expect 2 "export -o its database" "$TK" export --db a.db --set base -o a.db
same a.db a.keep "export --db a.db -o a.db"
has err "a.db: error: the output would overwrite the input 'a.db'" "export -o db message"
ln -s a.db alias.db
expect 2 "export -o a link to its database" "$TK" export --db a.db --set base -o alias.db
expect 2 "simulate --store --json DB --db DB" "$TK" simulate --store --json b.db --db b.db --set base
[ ! -e b.db ] && ok || bad "simulate --store --json b.db --db b.db created b.db"
# '-' as the database from the environment, not only from --db: refused, no file named '-'
expect 2 "TILEKIT_DB=- import" env TILEKIT_DB=- "$TK" import --quiet "$ROOT/tilesets/base.xml"
has err "a database cannot be read from a stream" "TILEKIT_DB=- message"
[ ! -e ./- ] && ok || bad "TILEKIT_DB=- import created a file named '-'"
expect 2 "simulate --json ./new --db new" "$TK" simulate --store --json ./n.db --db n.db --set base
expect 2 "simulate --json TILEFILE" "$TK" simulate --tiles "$T/ref.xml" --json ref.xml
cp a.db c.svg && cp c.svg c.keep
expect 2 "render tile --db c.svg -o c.svg" "$TK" render tile --db c.svg --set base -o c.svg D
same c.svg c.keep "render tile --db c.svg -o c.svg"
"$TK" simulate --set base --json lay.json >/dev/null 2>&1
cp lay.json lay.keep
expect 2 "render board -o its layout" "$TK" render board --layout lay.json -o lay.json
# options the drawing refuses leave the old file alone
echo keep >keep.pdf
expect 2 "render sheet --tile-mm 300" "$TK" render sheet --set base --tile-mm 300 -o keep.pdf
[ "$(cat keep.pdf)" = keep ] && ok || bad "render sheet --tile-mm 300 replaced keep.pdf"
expect 0 "render sheet" "$TK" render sheet --set river -o keep.pdf
[ "$(head -c 5 keep.pdf)" = "%PDF-" ] && ok || bad "render sheet wrote no PDF"
# -o - and /dev/stdout: standard output, no file replaced
expect 0 "export -o -" "$TK" export --set base -o -
same out ref.xml "export -o -"
"$TK" export --set base -o /dev/stdout >viastdout.xml 2>err
same viastdout.xml ref.xml "export -o /dev/stdout > file"
[ -L /dev/stdout ] && ok || bad "/dev/stdout is no longer a link"

# ---------------------------------------------------------------- exit-code table
# a missing set: 1 in every command
expect 1 "list tiles: no such set" "$TK" list tiles --set nope
expect 1 "export: no such set" "$TK" export --set nope
expect 1 "check --set: no such set" "$TK" check --set nope
expect 1 "simulate: no such set" "$TK" simulate --set nope
expect 1 "simulate --tiles: no such set" "$TK" simulate --tiles "$TS/base.xml" --set nope
expect 1 "render sheet: no such set" "$TK" render sheet --set nope -o n.pdf
expect 1 "diff db: no such set" "$TK" diff db:nope db:base
expect 1 "diff FILE#SET: no such set" "$TK" diff "$TS/base.xml#nope" db:base
expect 1 "bench --base: no such set" "$TK" bench --base nope --games 1 --dir "$TS"
# an input that cannot be opened: 2 in every command
expect 2 "check: unreadable file" "$TK" check /nonexistent.xml
expect 2 "import: unreadable file" "$TK" import --db n2.db /nonexistent.xml
expect 2 "diff: unreadable file" "$TK" diff /nonexistent.xml db:base
expect 2 "simulate --tiles: unreadable file" "$TK" simulate --tiles /nonexistent.xml
expect 2 "simulate --verify: unreadable layout" "$TK" simulate --set base --verify /nonexistent.json
expect 2 "render --tiles: unreadable file" "$TK" render sheet --tiles /nonexistent.xml -o n.pdf
expect 2 "render board --layout: unreadable layout" "$TK" render board --layout /nonexistent.json -o n.png
expect 2 "bench --tiles: unreadable file" "$TK" bench --tiles /nonexistent.xml
expect 2 "list: database cannot be opened" "$TK" list sets --db /nonexistent/dir/x.db
expect 2 "export: database cannot be opened" "$TK" export --db /nonexistent/dir/x.db --set base
# an illegal or invalid layout: 1 from both commands that read layouts
echo '{' >broken.json
expect 1 "simulate --verify: invalid layout" "$TK" simulate --set base --verify broken.json
expect 1 "render board --layout: invalid layout" "$TK" render board --layout broken.json -o n.png
# numbers: digits only
expect 2 "simulate --seed ' -1'" "$TK" simulate --set base --seed " -1"
expect 2 "simulate --seed -1" "$TK" simulate --set base --seed -1
expect 2 "simulate --seed +1" "$TK" simulate --set base --seed +1
expect 2 "render --seed ' -1'" "$TK" render board --set base --seed " -1" -o n.png
expect 2 "simulate --count ' 3'" "$TK" simulate --set base --count " 3"
expect 0 "simulate --seed 18446744073709551615" "$TK" simulate --set base --seed 18446744073709551615
expect 2 "simulate --seed 2^64" "$TK" simulate --set base --seed 18446744073709551616
# --rotation: works on tiles, refused on pieces
expect 0 "render tile --rotation 0" "$TK" render tile --set base D -o r0.png
expect 0 "render tile --rotation 90" "$TK" render tile --set base D --rotation 90 -o r90.png
cmp -s r0.png r90.png && bad "--rotation 90 drew the same picture" || ok
expect 2 "render a piece with --rotation 90" "$TK" render tile --set siege-defense fortress-east --rotation 90 -o f.png
has err "multi-cell piece" "render piece --rotation message"
[ ! -e f.png ] && ok || bad "render piece --rotation 90 wrote f.png"

# a read-only database to write to: 2 from import and from check alike (root ignores file modes:
# then the commands run as nobody, when setpriv is there)
cp "$TILEKIT_DB" ro.db && chmod 444 ro.db
as_user=
if [ "$(id -u)" = 0 ]; then
  command -v setpriv >/dev/null 2>&1 && as_user="setpriv --reuid=nobody --regid=nogroup --clear-groups"
  chmod 755 "$T"
fi
if [ "$(id -u)" != 0 ] || [ -n "$as_user" ]; then
  expect 2 "import into a read-only database" $as_user "$TK" import --db ro.db "$TS/base.xml"
  expect 2 "check storing into a read-only database" $as_user "$TK" check --db ro.db --set base
  # a writable file in a directory where no temporary file can be made: written in place
  mkdir rodir && echo old >rodir/f.xml && chmod 666 rodir/f.xml && chmod 755 rodir
  [ "$(id -u)" = 0 ] || chmod 555 rodir
  expect 0 "export over a writable file in a closed directory" $as_user "$TK" export --db ro.db --set base -o rodir/f.xml
  same rodir/f.xml ref.xml "export in place"
  expect 1 "export to a new name in a closed directory" $as_user "$TK" export --db ro.db --set base -o rodir/new.xml
  has err "rodir/new.xml: error: cannot write: Permission denied" "closed directory"
  chmod 444 rodir/f.xml
  expect 1 "export over a write-protected file" $as_user "$TK" export --db ro.db --set base -o rodir/f.xml
  same rodir/f.xml ref.xml "a write-protected file"
  chmod 755 rodir
fi

# ---------------------------------------------------------------- --set duplicates
expect 2 "render sheet --set base,base" "$TK" render sheet --set base,base -o dup.pdf
has err "set 'base' is asked for twice" "render sheet --set base,base"
[ ! -e dup.pdf ] && ok || bad "render sheet --set base,base wrote dup.pdf"
expect 2 "check --set base --set base" "$TK" check --set base --set base
expect 2 "simulate --set base,river,base" "$TK" simulate --set base,river,base
expect 2 "simulate --set base," "$TK" simulate --set base,
expect 2 "check --set ''" "$TK" check --set ""
expect 2 "export --set base --set base" "$TK" export --set base --set base
expect 2 "export --set base,river" "$TK" export --set base,river
expect 2 "list tiles --set base,base" "$TK" list tiles --set base,base
many=$(awk 'BEGIN { s = "base"; for (i = 1; i < 20000; i++) s = s ",base"; print s }')
expect 2 "simulate --set base x 20000" "$TK" simulate --set "$many"
[ "$(wc -l <err)" -le 2 ] && ok || bad "20000 duplicates: $(wc -l <err) lines of stderr"
expect 1 "check base.xml base.xml" "$TK" check "$TS/base.xml" "$TS/base.xml"
has out "[ID-DUP] set 'base' is given twice" "check base.xml base.xml"
expect 1 "import base.xml base.xml" "$TK" import --db d.db "$TS/base.xml" "$TS/base.xml"
expect 1 "simulate --tiles base.xml base.xml" "$TK" simulate --tiles "$TS/base.xml" "$TS/base.xml"

# ---------------------------------------------------------------- '-' is stdin (mapped in tools/)
"$TK" check - <"$TS/base.xml" >out 2>err && ok || bad "check - < base.xml: $(cat err)"
"$TK" import --db s.db - <"$TS/river.xml" >/dev/null 2>&1 && ok || bad "import - failed"
"$TK" list sets --db s.db --ids | grep -qx river && ok || bad "import - stored no river"
run "$TK" check - - <"$TS/base.xml"
[ "$rc" = 2 ] && ok || bad "check - -: exit $rc, want 2"
"$TK" simulate --set base --seed 3 --json - >l3.json 2>/dev/null
"$TK" simulate --set base --verify - <l3.json >out 2>err && ok || bad "simulate --verify -: $(cat err)"
has out "<stdin>: " "simulate --verify - names <stdin>"
"$TK" render board --layout - -o l3.png <l3.json >/dev/null 2>&1 && ok || bad "render board --layout -"

# ---------------------------------------------------------------- bench reads like simulate
if [ -f "$JCZ/winter.xml" ]; then
  b=$("$TK" bench --tiles "$JCZ/winter.xml" "$JCZ/basic.xml" --base winter --games 1 --only base --json |
      sed -n 's/.*"placements": \([0-9]*\).*/\1/p')
  s=$("$TK" simulate --tiles "$JCZ/winter.xml" "$JCZ/basic.xml" --set winter |
      sed -n 's/^seed 1: placed \([0-9]*\),.*/\1/p')
  [ -n "$b" ] && [ "$b" = "$s" ] && ok || bad "bench placed '$b' tiles of winter, simulate '$s'"
fi

# ---------------------------------------------------------------- list escapes database text
if command -v sqlite3 >/dev/null 2>&1; then
  cp "$TILEKIT_DB" e.db
  sqlite3 e.db "UPDATE set_names SET text = 'Evil' || char(27) || '[31m' || CAST(X'FF' AS TEXT)
                WHERE lang = 'en' AND set_id = 'base'"
  # the loader refuses text an XML file cannot hold (docs/schema.md, the database as input),
  # quoting it escaped; no raw escape byte reaches the terminal either way
  expect 1 "list sets refuses ESC and invalid UTF-8" "$TK" list sets --db e.db
  has err 'Evil\x1b[31m\xff' "list sets quotes the bad text escaped"
  if grep -q "$(printf '\033')" out err; then bad "list printed a raw escape byte"; else ok; fi
  expect 1 "list --json refuses it too" "$TK" list sets --db e.db --json
  if grep -q "$(printf '\033')" out err; then bad "list --json printed a raw escape byte"; else ok; fi
fi

finish
