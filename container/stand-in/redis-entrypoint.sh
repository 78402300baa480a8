#!/bin/sh
# The stand-in redis image's start: the official image builds Redis with protected mode off, so
# that other containers on the compose network may connect; Debian's has it on.
if [ "${1:-}" = redis-server ]; then
  shift
  exec redis-server --protected-mode no "$@"
fi
exec "$@"
