#!/bin/sh
# The habits of a command-line tool (issue 29): shell completion made from the command table,
# progress lines only on a terminal and silenced by -q/--quiet, simulate --store into a new
# database, render tile without sets saying what to give.
# Usage: test-habits.sh TILEKIT SOURCE_ROOT
. "$2/tests/support/cli-test.sh"
SRC=$ROOT

# ---- completion: every command of 'tilekit --help' and every option a command's help defines
# (an indented line "-x, --name" or "--name") is offered by the bash and the zsh completion.
"$TK" completion bash >bash.sh
"$TK" completion zsh >zsh.sh
bash -n bash.sh && ok || bad "the bash completion is not valid bash"
cmds=$("$TK" --help | awk '/^Commands:/ { f = 1; next } f && /^  [a-z]/ { print $1 }')
[ -n "$cmds" ] || bad "no commands in tilekit --help"
# complete WORDS...: what the bash completion offers for the last word (run in bash)
complete_bash() {
  bash -c '. ./bash.sh; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _tilekit;
           printf "%s\n" "${COMPREPLY[@]}"' tilekit tilekit "$@"
}
offered=$(complete_bash "")
for c in $cmds; do
  printf '%s\n' "$offered" | grep -qx "$c" || bad "bash completion does not offer command '$c'"
  grep -q "^    $c) " zsh.sh || bad "zsh completion has no case for command '$c'"
  [ "$c" = help ] && continue
  opts=$("$TK" "$c" --help | grep -oE '^ +(-[a-zA-Z], )?--[a-z][a-z-]*' | grep -oE -- '--[a-z-]+' | sort -u)
  [ -n "$opts" ] || bad "tilekit $c --help lists no options"
  got=$(complete_bash "$c" --)
  for o in $opts --quiet; do
    printf '%s\n' "$got" | grep -qx -- "$o" || bad "bash completion of '$c' misses $o"
    grep "^    $c) " zsh.sh | grep -q -- " $o " || bad "zsh completion of '$c' misses $o"
  done
done
# subcommands, set ids after --set, files after an option that takes a value
complete_bash render "" | grep -qx sheet || bad "no subcommand 'sheet' after render"
complete_bash simulate --set "" | grep -qx base || bad "no bundled set 'base' after --set"
: >chapter-file.md
complete_bash book -o chap | grep -qx chapter-file.md || bad "no file after -o/--output... ($(complete_bash book -o chap))"
complete_bash book --output chap | grep -qx chapter-file.md || bad "no file after --output"
expect 2 "completion fish" "$TK" completion fish
has err "bash or zsh" "completion fish: the shells it knows"

# ---- progress: never in a pipe or a file; on a terminal (script(1) gives a pty); -q removes it
"$TK" simulate --tiles $ROOT/tilesets/base.xml --set base --count 300 --store --db p1.db >out.txt 2>err.txt
grep -q "storing layouts" err.txt && bad "progress written to stderr that is not a terminal"
script -qec "'$TK' simulate --tiles $ROOT/tilesets/base.xml --set base --count 300 --store --db p2.db" /dev/null >tty.txt 2>&1
grep -q "storing layouts: 300/300 (100%)" tty.txt || bad "no progress on a terminal: $(cat tty.txt)"
script -qec "'$TK' -q simulate --tiles $ROOT/tilesets/base.xml --set base --count 300 --store --db p3.db" /dev/null >tty-q.txt 2>&1
grep -q "storing layouts" tty-q.txt && bad "-q before the command did not silence the progress"
script -qec "'$TK' simulate --tiles $ROOT/tilesets/base.xml --set base --count 300 --store --db p4.db --quiet" /dev/null >tty-q2.txt 2>&1
grep -q "storing layouts" tty-q2.txt && bad "--quiet after the options did not silence the progress"
grep -q "stored 300 layouts\|300 games" tty-q2.txt || bad "--quiet lost the result: $(cat tty-q2.txt)"
# import of many files, render sheet pages, book pictures
script -qec "'$TK' import --db i.db '$SRC'/tilesets/base.xml '$SRC'/tilesets/river.xml" /dev/null >tty-i.txt 2>&1
grep -q "reading files: 2/2" tty-i.txt || bad "no progress of import: $(cat tty-i.txt)"
"$TK" import --db j.db "$SRC"/tilesets/base.xml "$SRC"/tilesets/river.xml 2>err-i.txt >/dev/null
grep -q "reading files" err-i.txt && bad "import progress in a file"
script -qec "'$TK' render sheet --tiles '$SRC'/tilesets/river.xml -o s.pdf" /dev/null >tty-s.txt 2>&1
grep -q "pages: [0-9]" tty-s.txt || bad "no progress of render sheet: $(cat tty-s.txt)"
"$TK" render sheet --tiles "$SRC"/tilesets/river.xml -o s2.pdf 2>err-s.txt >/dev/null
grep -q "pages:" err-s.txt && bad "render sheet progress in a file"
script -qec "'$TK' book '$SRC'/docs/book/examples.en.md -o b.html" /dev/null >tty-b.txt 2>&1
grep -q "drawing: [0-9]*/[0-9]*" tty-b.txt || bad "no progress of book: $(cat tty-b.txt)"
script -qec "'$TK' book -q '$SRC'/docs/book/examples.en.md -o b2.html" /dev/null >tty-b2.txt 2>&1
grep -q "drawing" tty-b2.txt && bad "book -q shows progress"
# "-q" as the value of an option is not taken for --quiet
expect 1 "--set -q" "$TK" simulate --set -q --count 1
has err "'-q'" "--set -q: the value of --set is not taken for --quiet"
# nor as the value of a short option: "-o -q" names the output -q (refused for its missing
# extension, not drawn to a default name quietly)
expect 2 "-o -q" "$TK" render scene "$ROOT/scenes/cb-example-2.xml" -o -q
has err "name the output" "-o -q: the value of -o is not taken for --quiet"

# ---- simulate --store into a database not made yet: with --tiles it is created (schema and
# all); without, the command says what to run first and makes no file
expect 0 "--store --tiles into a new database" "$TK" simulate --tiles "$ROOT/tilesets/base.xml" --set base --count 2 --store --db new1.db
[ -s new1.db ] && ok || bad "new1.db not made"
has out "2 games" "--store into a new database: the games"
expect 2 "--store --db NEW without --tiles" "$TK" simulate --set base --count 2 --store --db new2.db
has err "does not exist yet: import the sets first ('tilekit import --db new2.db" "what to run first"
[ -e new2.db ] && bad "new2.db was made" || ok
# after the import it works
expect 0 "import" "$TK" import -q --db new2.db "$ROOT/tilesets/base.xml"
expect 0 "--store after import" "$TK" simulate --set base --count 2 --store --db new2.db

# ---- render tile without --set says what to give
expect 2 "render tile without a set" "$TK" render tile A -o a.png
has err "give --set ID, and --db FILE or --tiles FILE.xml" "render tile: what to give"
grep -q "required with a database" err && bad "the old message" || ok

# ---- one option parser (tools/options.c): the shared options behave the same in every command
# that takes them, as its help says it does. WORDS: what comes before the options.
for words in "import" "export" "list sets" "check" "diff" "simulate" "render sheet" \
             "render scene" "bench" "scene check" "score" "book" "completion"; do
  # shellcheck disable=SC2086 # WORDS split on purpose
  help=$("$TK" $words --help) || bad "$words --help: exit $?"
  expect 0 "$words --version" "$TK" $words --version
  has out "tilekit " "$words --version prints the version"
  expect 2 "$words --no-such-option" "$TK" $words --no-such-option
  has err "tilekit ${words%% *}: unknown option '--no-such-option'" "$words: the unknown option"
  if printf '%s\n' "$help" | grep -q -- "--db FILE"; then
    expect 2 "$words --db -" "$TK" $words --db -
    has err "a database is a file" "$words --db -: the shared refusal"
  fi
  if printf '%s\n' "$help" | grep -qE -- "(-t, )?--tiles FILE"; then
    expect 2 "$words --tiles (no value)" "$TK" $words --tiles
    has err "option '--tiles' needs a value" "$words --tiles: the missing value"
    if printf '%s\n' "$help" | grep -q -- "-t, --tiles"; then
      expect 2 "$words -t (no value)" "$TK" $words -t
      has err "option '-t' needs a value" "$words -t: the letter of --tiles"
    fi
  fi
  if printf '%s\n' "$help" | grep -qE -- "-s, --set|  --set ID"; then
    expect 2 "$words --set a,,b" "$TK" $words --set a,,b
    has err "empty" "$words --set a,,b: an empty id, refused as everywhere"
    expect 2 "$words --set base --set base" "$TK" $words --set base --set base
    has err "set 'base' is asked for twice" "$words: an id asked for twice"
  fi
done
finish
