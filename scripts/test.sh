#!/usr/bin/env bash
# Every check: formatting, lints, Rust tests, the release command line, a
# minute of fuzzing, types, Vitest, Playwright.
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
bash scripts/fuzz.sh 60
npx tsc --noEmit
npx vitest run
npx playwright test
