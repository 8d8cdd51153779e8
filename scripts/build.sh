#!/usr/bin/env bash
# Builds the wasm engine and both front-end bundles into dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

# The engine's .wasm, and the benchmark page's, which adds the bench cases.
build_wasm() { # <out dir> <out name> [cargo feature options]
  # Source paths in panic messages are written from fixed roots, so the
  # .wasm (and its size) is the same wherever the checkout lies; these
  # flags join those of .cargo/config.toml.
  cargo build --quiet --release -p grundy-wasm --target wasm32-unknown-unknown "${@:3}" \
    --config "target.wasm32-unknown-unknown.rustflags=['--remap-path-prefix=$PWD=/grundy', '--remap-path-prefix=$HOME=/home']"
  wasm-bindgen target/wasm32-unknown-unknown/release/grundy_wasm.wasm \
    --target web --out-dir "$1" --out-name "$2"
  # Rust's wasm32 target emits these post-MVP features by default.
  npx wasm-opt -O3 \
    --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
    --enable-mutable-globals --enable-reference-types --enable-multivalue --enable-simd \
    "$1/$2_bg.wasm" -o "$1/$2_bg.wasm"
}
build_wasm web/src/wasm-bench grundy-bench --features bench
build_wasm web/src/wasm grundy
# An engine per family of games (FAMILY_OF in web/src/engine/engine-types.ts),
# for pages whose games are all of one family, and the take-and-break games
# with misère quotients, for their misère play (EngineBuild in
# web/src/engine/client.ts). Each exports what the whole engine does, so the
# one glue, grundy.js, loads any of them.
family_dir=$(mktemp -d)
trap 'rm -rf "$family_dir"' EXIT
for family in heaps take-and-break take-and-break-misere counters boards graphs words; do
  build_wasm "$family_dir" grundy --no-default-features --features "$family"
  if ! cmp -s "$family_dir/grundy.js" web/src/wasm/grundy.js; then
    echo "build: the $family engine's glue differs from the whole engine's; grundy.js cannot load it" >&2
    exit 1
  fi
  mv "$family_dir/grundy_bg.wasm" "web/src/wasm/grundy-$family.wasm"
done

npx vite build --logLevel warn
npx vite build --logLevel warn --config vite.embed.config.ts
# The guide, docs/guide/, at /docs/ beside the playground; a broken link fails the build.
node scripts/guide.mjs dist/docs
# The element manifest, from the element's JSDoc.
npx cem analyze > /dev/null
node scripts/package.mjs
echo "build: dist/ (playground), dist/docs/ (the guide), dist/embed/ (grundy-game.js, grundy-lesson.js) and the npm package"
