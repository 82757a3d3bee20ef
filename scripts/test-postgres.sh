#!/bin/sh
# A private PostgreSQL server for runlog's tests: Debian's postgresql package (PostgreSQL 15 on
# Debian 12), a cluster made by initdb in a temporary directory as an unprivileged user (the
# package's `postgres` account when run as root), listening only on a Unix socket in that
# directory (no TCP port, so nothing collides with another server or another test run), with a
# database `runlog_test`. Nothing of the system's own clusters is touched.
#
#   scripts/test-postgres.sh run CMD [ARG…]  — starts a server, runs CMD with RUNLOG_TEST_DATABASE_URL
#                                             (and RUNLOG_TEST_POSTGRES_REQUIRED=1) in its environment,
#                                             stops the server and removes its directory after (on
#                                             success, failure or interruption); exits with CMD's status.
#                                             `make test` runs the Swift tests so.
#   scripts/test-postgres.sh start           — starts a server kept for a working session (again: the
#                                             same one) and prints `export RUNLOG_TEST_DATABASE_URL=…`;
#                                             use it as  eval "$(scripts/test-postgres.sh start)"
#   scripts/test-postgres.sh env             — prints that line again for the running server
#   scripts/test-postgres.sh stop            — stops it and removes its directory (nothing running: no-op)
#
# The server is a throwaway: trust authentication on a socket in a directory only its owner and
# root can enter, fsync off. Its log is printed when it fails to start.
set -eu

repo=$(cd "$(dirname "$0")/.." && pwd)
# Where `start` remembers its server's directory (per checkout: two worktrees get two servers).
pointer="$repo/.build/test-postgres.dir"

die() { echo "test-postgres: $*" >&2; exit 1; }

# The newest installed PostgreSQL's programs (initdb and pg_ctl are not on PATH on Debian).
find_bindir() {
  bindir=""
  for candidate in /usr/lib/postgresql/*/bin; do
    [ -x "$candidate/initdb" ] && bindir="$candidate"
  done
  if [ -z "$bindir" ] && command -v pg_config >/dev/null && [ -x "$(pg_config --bindir)/initdb" ]; then
    bindir=$(pg_config --bindir)
  fi
  [ -n "$bindir" ]
}

ensure_installed() {
  if ! find_bindir; then
    "$repo/scripts/install-deps.sh" build
    find_bindir || die "PostgreSQL's initdb is still missing after scripts/install-deps.sh build"
  fi
  [ -f "$(ls -d /usr/share/postgresql/*/extension 2>/dev/null | tail -n 1)/pg_trgm.control" ] ||
    die "the pg_trgm extension is missing (Debian's postgresql-contrib): run scripts/install-deps.sh build"
}

# The account that runs the server: initdb refuses root, so root uses the package's `postgres`.
server_user() {
  if [ "$(id -u)" = 0 ]; then
    id postgres >/dev/null 2>&1 || die "running as root needs the 'postgres' account (Debian's postgresql package makes it)"
    echo postgres
  else
    id -un
  fi
}

as_server_user() {
  if [ "$(id -u)" = 0 ]; then
    # runuser (util-linux) lives in /usr/sbin, which a CI's PATH may leave out.
    for runuser in "$(command -v runuser || true)" /usr/sbin/runuser /sbin/runuser; do [ -x "$runuser" ] && break; done
    [ -x "$runuser" ] || die "running as root needs runuser (util-linux) to start the server as postgres"
    "$runuser" -u postgres -- "$@"
  else
    "$@"
  fi
}

# Where the server's directory goes: TMPDIR, but /tmp when run as root (the postgres account must
# reach it, and root's TMPDIR may be a folder only root enters).
temporary_root() {
  if [ "$(id -u)" = 0 ]; then echo /tmp; else echo "${TMPDIR:-/tmp}"; fi
}

url_for() { echo "postgresql:///runlog_test?host=$1/socket&user=runlog"; }

# Makes a cluster in the new temporary directory $1 and starts it (progress on stderr).
start_server() {
  ensure_installed
  owner=$(server_user)
  chmod 755 "$1"
  mkdir -m 700 "$1/data" && mkdir -m 750 "$1/socket"
  [ "$owner" = "$(id -un)" ] || chown "$owner" "$1" "$1/data" "$1/socket"
  if ! as_server_user "$bindir/initdb" -D "$1/data" -U runlog --auth=trust --encoding=UTF8 --locale=C.UTF-8 --no-sync \
       >"$1/initdb.log" 2>&1; then
    cat "$1/initdb.log" >&2; die "initdb failed"
  fi
  # pg_ctl -w returns once the server accepts connections (it reads the server's own ready status).
  if ! as_server_user "$bindir/pg_ctl" -D "$1/data" -l "$1/server.log" -w -t 60 -s \
       -o "-c listen_addresses='' -c unix_socket_directories='$1/socket' -c unix_socket_permissions=0770 \
           -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >&2; then
    cat "$1/server.log" >&2 2>/dev/null || true; die "the server did not start"
  fi
  "$bindir/pg_isready" -q -h "$1/socket" -U runlog -d postgres || die "the server does not answer"
  "$bindir/psql" -X -q -h "$1/socket" -U runlog -d postgres -c "CREATE DATABASE runlog_test" >/dev/null ||
    die "cannot create the test database"
}

stop_server() {
  [ -d "$1/data" ] || { rm -rf "$1"; return 0; }
  find_bindir || true
  if [ -f "$1/data/postmaster.pid" ] && [ -n "$bindir" ]; then
    as_server_user "$bindir/pg_ctl" -D "$1/data" -m immediate -w -s stop >/dev/null 2>&1 || true
  fi
  rm -rf "$1"
}

running_dir() {
  [ -f "$pointer" ] || return 1
  dir=$(cat "$pointer")
  find_bindir && [ -d "$dir/socket" ] && "$bindir/pg_isready" -q -h "$dir/socket" -U runlog -d runlog_test
}

case "${1:-}" in
  run)
    shift
    [ $# -gt 0 ] || die "usage: $0 run CMD [ARG…]"
    started=$(date +%s)
    dir=$(mktemp -d "$(temporary_root)/runlog-pg.XXXXXX")
    child=""
    trap 'stop_server "$dir"' EXIT
    # A signal to this script ends the command too (it runs in the background so the trap runs at once).
    trap '[ -z "$child" ] || kill -TERM "$child" 2>/dev/null; exit 130' INT
    trap '[ -z "$child" ] || kill -TERM "$child" 2>/dev/null; exit 143' TERM
    trap '[ -z "$child" ] || kill -TERM "$child" 2>/dev/null; exit 129' HUP
    start_server "$dir"
    echo "test-postgres: $("$bindir/postgres" --version) up in $(( $(date +%s) - started )) s on $dir/socket" >&2
    exec 3<&0
    RUNLOG_TEST_DATABASE_URL=$(url_for "$dir") RUNLOG_TEST_POSTGRES_REQUIRED=1 "$@" 0<&3 3<&- &
    child=$!
    status=0
    wait "$child" || status=$?
    child=""
    exit $status
    ;;
  start)
    if running_dir; then url_for "$dir" | sed "s/.*/export RUNLOG_TEST_DATABASE_URL='&'/"; exit 0; fi
    [ -f "$pointer" ] && stop_server "$(cat "$pointer")"
    dir=$(mktemp -d "$(temporary_root)/runlog-pg.XXXXXX")
    mkdir -p "$(dirname "$pointer")" && echo "$dir" > "$pointer"
    trap 'stop_server "$dir"; rm -f "$pointer"' EXIT
    start_server "$dir"
    trap - EXIT
    url_for "$dir" | sed "s/.*/export RUNLOG_TEST_DATABASE_URL='&'/"
    ;;
  env)
    running_dir || die "no server is running: scripts/test-postgres.sh start"
    url_for "$dir" | sed "s/.*/export RUNLOG_TEST_DATABASE_URL='&'/"
    ;;
  stop)
    if [ -f "$pointer" ]; then stop_server "$(cat "$pointer")"; rm -f "$pointer"; fi
    ;;
  *)
    echo "usage: $0 run CMD [ARG…] | start | env | stop" >&2; exit 64 ;;
esac
