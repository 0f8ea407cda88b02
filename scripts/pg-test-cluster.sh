#!/usr/bin/env bash
# A throw-away PostgreSQL + PostGIS cluster on loopback for the tests (Debian: apt-get install -y
# postgresql-15-postgis-3). Prints the export line the tests need:
#   eval "$(scripts/pg-test-cluster.sh start)"    # sets PLAT_TEST_PG
#   scripts/pg-test-cluster.sh stop
# Trust authentication on 127.0.0.1 only; the data lives in $PLAT_PG_DIR (default /tmp/plat-pg-test).
set -euo pipefail
dir=${PLAT_PG_DIR:-/tmp/plat-pg-test}
port=${PLAT_PG_PORT:-54329}

bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
[ -n "$bindir" ] || bindir=$(dirname "$(command -v pg_ctl 2>/dev/null || echo /nonexistent/pg_ctl)")
if [ ! -x "$bindir/pg_ctl" ]; then
  echo "PostgreSQL server binaries not found (apt-get install -y postgresql-15-postgis-3)" >&2
  exit 1
fi

# initdb and postgres refuse to run as root: run them as the postgres user then.
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-start}" in
  start)
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      mkdir -p "$dir"
      [ "$(id -u)" = 0 ] && chown postgres "$dir"
      as_owner "$bindir/initdb" -D "$dir/data" -A trust -U postgres --no-sync >"$dir/initdb.log" 2>&1
    fi
    if ! as_owner "$bindir/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
      as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200" \
        start >&2
    fi
    echo "export PLAT_TEST_PG=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast stop >&2 || true
    ;;
  *)
    echo "usage: $0 start|stop" >&2
    exit 2
    ;;
esac
