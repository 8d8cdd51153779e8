#!/usr/bin/env bash
# Every check: formatting, lints, Rust tests, a minute of fuzzing, types,
# Vitest, Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

cargo fmt --all --check
cargo clippy --quiet --workspace --all-targets -- -D warnings
cargo clippy --quiet -p grundy-wasm --target wasm32-unknown-unknown -- -D warnings
cargo clippy --quiet -p grundy-wasm --features bench --target wasm32-unknown-unknown -- -D warnings
cargo test --workspace
bash scripts/fuzz.sh 60
npx tsc --noEmit
npx vitest run
npx playwright test
