#!/bin/sh
# Installs the Debian packages tilekit needs to build, test and render, if any is missing.
# Safe to run again: it does nothing when everything is there.
set -eu
PKGS="gcc clang meson ninja-build pkg-config python3 libsqlite3-dev libxml2-dev libcairo2-dev
libcmocka-dev sqlite3 libxml2-utils fonts-dejavu-core valgrind poppler-utils libclang-rt-dev
libcmark-dev libpango1.0-dev libhyphen-dev hyphen-en-us hyphen-ro hyphen-cs"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "tilekit: installing Debian packages:$missing" >&2
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
