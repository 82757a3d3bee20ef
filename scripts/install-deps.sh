#!/bin/sh
# Installs the Debian packages runlog needs, only those missing; safe to run again and again.
#   scripts/install-deps.sh build   — to build and test (C libraries — libpq for the PostgreSQL storage, libargon2 for
#                                     its accounts' password hashes among them —, argon2's command-line tool to check them,
#                                     PostgreSQL 15's server with postgresql-contrib's pg_trgm for its tests
#                                     (scripts/test-postgres.sh starts a private one; the package's own cluster
#                                     is left as the package makes it), Leaflet for the web UI's map, xmllint,
#                                     sqlite3, time(1) for peak-memory checks; headless Chromium with Selenium for the browser test; for the
#                                     desktop and completion tests: desktop-file-utils, shared-mime-info,
#                                     xdg-utils with libfile-mimeinfo-perl's mimetype, bash, zsh, fish; gpsd
#                                     and gpsfake for the gpsd source's tests, tmux for the widget's)
#   scripts/install-deps.sh bench   — also the peers the benchmark compares with, wrk, and python3-venv for
#                                     the Python FIT peers (scripts/bench-venv.sh installs them from PyPI)
set -eu
build="libsqlite3-dev libxml2-dev zlib1g-dev nettle-dev libmicrohttpd-dev libarchive-dev libpq-dev libargon2-dev argon2 postgresql postgresql-contrib libjs-leaflet libxml2-utils sqlite3 python3 make time
  desktop-file-utils shared-mime-info xdg-utils libfile-mimeinfo-perl zsh fish chromium chromium-driver python3-selenium
  gpsd gpsd-clients tmux"
bench="gpsbabel python3-gpxpy python3-venv hyperfine gcc pkg-config wrk"
case "${1:-build}" in
  build) wanted="$build" ;;
  bench) wanted="$build $bench" ;;
  *) echo "usage: $0 build|bench" >&2; exit 64 ;;
esac
missing=""
for p in $wanted; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
# gpsd's package starts a system gpsd (socket-activated on port 2947, and on every USB GPS plugged
# in). The tests start their own through gpsfake; keep the system's from holding ports or devices.
quiet_gpsd() {
  if [ -f /etc/default/gpsd ] && grep -q '^USBAUTO="true"' /etc/default/gpsd; then
    $sudo sed -i 's/^USBAUTO="true"/USBAUTO="false"/' /etc/default/gpsd
  fi
  if command -v systemctl >/dev/null && [ -d /run/systemd/system ] &&
     { systemctl -q is-enabled gpsd.socket 2>/dev/null || systemctl -q is-active gpsd.socket gpsd.service 2>/dev/null; }; then
    $sudo systemctl disable --now gpsd.socket gpsd.service >/dev/null 2>&1 || true
  fi
}
sudo=""
[ "$(id -u)" = 0 ] || ! command -v sudo >/dev/null || sudo="sudo"
if [ -z "$missing" ]; then
  case " $wanted " in *" gpsd "*) quiet_gpsd ;; esac
  exit 0
fi
echo "installing Debian packages:$missing"
if [ "$(id -u)" = 0 ]; then sudo=""; elif command -v sudo >/dev/null; then sudo="sudo"; else
  echo "runlog needs these Debian packages:$missing (run as root, or install them)" >&2; exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
quiet_gpsd
