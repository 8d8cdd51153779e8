#!/usr/bin/env bash
# Builds the wasm engine and both front-end bundles into dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

cargo build --quiet --release -p grundy-wasm --target wasm32-unknown-unknown
wasm-bindgen target/wasm32-unknown-unknown/release/grundy_wasm.wasm \
  --target web --out-dir web/src/wasm --out-name grundy
# Rust's wasm32 target emits these post-MVP features by default.
npx wasm-opt -O3 \
  --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
  --enable-mutable-globals --enable-reference-types --enable-multivalue --enable-simd \
  web/src/wasm/grundy_bg.wasm -o web/src/wasm/grundy_bg.wasm

npx vite build --logLevel warn
npx vite build --logLevel warn --config vite.embed.config.ts
cp custom-elements.json dist/embed/
node scripts/package.mjs
echo "build: dist/ (playground), dist/embed/ (grundy-game.js) and the npm package"
