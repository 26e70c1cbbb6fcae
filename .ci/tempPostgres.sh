#!/usr/bin/env bash
# A throwaway PostgreSQL for the tests: Debian's binaries, run as the `postgres` user, in a fresh mktemp
# folder, listening on 127.0.0.1 only with a random password. fsync is off: the data dies with the folder.
#   eval "$(.ci/tempPostgres.sh start [port])"   # exports TEST_DATABASE_URL and ROOM_TEMP_PG (the folder)
#   .ci/tempPostgres.sh stop "$ROOM_TEMP_PG"
set -euo pipefail

bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
if [ -z "$bin" ]; then
  echo "No PostgreSQL under /usr/lib/postgresql: apt-get install postgresql" >&2
  exit 1
fi

case "${1:-}" in
  start)
    port="${2:-5440}"
    dir="$(mktemp -d /tmp/room-pg.XXXXXX)"
    chown postgres: "$dir"
    password="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
    printf '%s\n' "$password" >"$dir/pwfile"
    chown postgres: "$dir/pwfile"
    chmod 600 "$dir/pwfile"
    runuser -u postgres -- "$bin/initdb" -D "$dir/data" -U postgres --pwfile="$dir/pwfile" \
      --auth=scram-sha-256 --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
      { cat "$dir/initdb.log" >&2; rm -rf "$dir"; exit 1; }
    rm -f "$dir/pwfile"
    runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
      >/dev/null || { cat "$dir/server.log" >&2; rm -rf "$dir"; exit 1; }
    echo "export ROOM_TEMP_PG='$dir'"
    echo "export TEST_DATABASE_URL='postgres://postgres:$password@127.0.0.1:$port/postgres'"
    ;;
  stop)
    dir="${2:?usage: tempPostgres.sh stop FOLDER}"
    case "$dir" in /tmp/room-pg.*) ;; *) echo "not a tempPostgres folder: $dir" >&2; exit 1 ;; esac
    if [ -f "$dir/data/postmaster.pid" ]; then
      runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    fi
    rm -rf "$dir"
    ;;
  *)
    echo "usage: $0 start [port] | stop FOLDER" >&2
    exit 2
    ;;
esac
