#!/usr/bin/env bash
# The fast loop, on a tree set up and built: formatting, lints, the core's
# tests, types, the TypeScript lint and Vitest. Minutes where `npm test`
# takes most of an hour; `npm test` still runs before a change is sent.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

cargo fmt --all --check
cargo clippy --quiet --workspace --all-targets -- -D warnings
cargo test --quiet -p grundy-core
npm run --silent typecheck
npx biome lint
npx vitest run
