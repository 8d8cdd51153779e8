#!/usr/bin/env bash
# Every check: formatting, lints, Rust tests, the release command line, a
# minute of fuzzing, types, the TypeScript and Dockerfile lints, Vitest, Playwright (with a class server of its
# own on a free port and an empty data folder, stopped at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

cargo fmt --all --check
cargo clippy --quiet --workspace --all-targets -- -D warnings
cargo clippy --quiet -p grundy-wasm --target wasm32-unknown-unknown -- -D warnings
cargo clippy --quiet -p grundy-wasm --features bench --target wasm32-unknown-unknown -- -D warnings
cargo test --workspace
# The command line as the README builds it (statically linked on Linux).
grundy=$(bash scripts/build-cli.sh)
[ "$(echo '3 4 5' | "$grundy" solve nim)" = First ]
[ -s "$(dirname "$grundy")/man/grundy.1" ] && [ -s "$(dirname "$grundy")/completions/grundy.bash" ]
bash scripts/fuzz.sh 60
npm run --silent typecheck
npx biome lint
bash scripts/hadolint.sh Dockerfile
npx vitest run
export GRUNDY_BIN="$PWD/$grundy"
CLASS_PORT=$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
CLASS_DATA=$(mktemp -d)
trap 'rm -rf "$CLASS_DATA"' EXIT
export CLASS_PORT CLASS_DATA CLASS_URL="http://127.0.0.1:$CLASS_PORT/"
npx playwright test
