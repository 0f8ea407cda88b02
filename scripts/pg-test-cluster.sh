#!/usr/bin/env bash
# A throw-away PostgreSQL + PostGIS cluster on loopback for the tests (Debian: apt-get install -y
# postgresql-15-postgis-3). Prints the export line the tests need:
#   eval "$(scripts/pg-test-cluster.sh start)"    # sets PLAT_TEST_PG
#   scripts/pg-test-cluster.sh stop
# Trust authentication on 127.0.0.1 only; the data lives in $PLAT_PG_DIR (default /tmp/plat-pg-test).
# With PLAT_PG_REPLICA=on, start also makes a real streaming replica of it (pg_basebackup -R, a hot
# standby on port + 1, data in $PLAT_PG_DIR/replica) and prints PLAT_TEST_PG_REPLICA too; stop stops both,
# stop-replica the replica alone (a test of a replica that dies).
set -euo pipefail
dir=${PLAT_PG_DIR:-/tmp/plat-pg-test}
port=${PLAT_PG_PORT:-54329}
replica_port=$((port + 1))
# The same on both nodes: a hot standby refuses to start with fewer max_connections than its primary.
settings="-k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200"

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
        -o "-p $port $settings" \
        start >&2
    fi
    echo "export PLAT_TEST_PG=postgres://postgres@127.0.0.1:$port/postgres"
    if [ "${PLAT_PG_REPLICA:-off}" = on ]; then
      if [ ! -f "$dir/replica/PG_VERSION" ]; then
        # initdb's trust lines cover replication from 127.0.0.1; -R writes standby.signal and primary_conninfo.
        as_owner "$bindir/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$dir/replica" -R -X stream \
          --no-sync >"$dir/basebackup.log" 2>&1
      fi
      if ! as_owner "$bindir/pg_ctl" -D "$dir/replica" status >/dev/null 2>&1; then
        # hot_standby_feedback: the primary's vacuum keeps rows a replica's read still needs, so reads
        # are not cancelled by recovery conflicts.
        as_owner "$bindir/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w \
          -o "-p $replica_port $settings -c hot_standby=on -c hot_standby_feedback=on" \
          start >&2
      fi
      echo "export PLAT_TEST_PG_REPLICA=postgres://postgres@127.0.0.1:$replica_port/postgres"
    fi
    ;;
  stop-replica)
    as_owner "$bindir/pg_ctl" -D "$dir/replica" -m fast stop >&2
    ;;
  stop)
    if [ -f "$dir/replica/PG_VERSION" ]; then as_owner "$bindir/pg_ctl" -D "$dir/replica" -m fast stop >&2 || true; fi
    as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast stop >&2 || true
    ;;
  *)
    echo "usage: $0 start|stop|stop-replica" >&2
    exit 2
    ;;
esac
