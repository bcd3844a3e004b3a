#!/bin/sh
# `postgres ARGS...` (the official image's form) or `ARGS...`: the server on $PGDATA with ARGS.
[ "${1:-}" = postgres ] && shift
exec postgres -D "$PGDATA" "$@"
