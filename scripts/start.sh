#!/usr/bin/env bash
# `npm start`: sets up what is missing, builds the playground and the
# command line, and runs `grundy serve` on the built playground with its
# defaults (127.0.0.1:8080, data in ./grundy-data). Arguments pass on to
# `grundy serve`, e.g. `npm start -- --bind 0.0.0.0` for a classroom.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
grundy=$(bash scripts/build-cli.sh)
exec "$grundy" serve --dist dist "$@"
