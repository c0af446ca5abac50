#!/bin/sh
# Every global symbol the library defines carries the tkit_ prefix (DESIGN.md, conventions 2 and 4;
# libinput's symbol-leak test does the same): a name without it could clash with a program or
# library that links tilekit. Names the compiler makes up (__asan_*, __sancov_*, .L*) are not ours.
# usage: test-symbols.sh NM LIBRARY
set -eu
nm_prog=$1
lib=$2
[ -f "$lib" ] || { echo "no library at $lib" >&2; exit 1; }
all=$("$nm_prog" -g --defined-only "$lib" | awk 'NF == 3 && $2 ~ /^[A-Z]$/ { print $3 }')
[ -n "$all" ] || { echo "nm listed no symbols in $lib" >&2; exit 1; }
leaks=$(printf '%s\n' "$all" | grep -v -e '^tkit_' -e '^__' -e '^\.' || true)
if [ -n "$leaks" ]; then
  echo "global symbols without the tkit_ prefix (make them static or name them tkit_*):" >&2
  printf '  %s\n' $leaks >&2
  exit 1
fi
echo "$(printf '%s\n' "$all" | wc -l) global symbols, all tkit_*"
