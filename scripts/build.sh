#!/usr/bin/env bash
# Builds the wasm engine and both front-end bundles into dist/. Each step
# runs only when its inputs changed: a content hash of them is kept beside
# its output (in target/build-inputs/), and a step whose hash and outputs
# are there is skipped, so a second build of an unchanged tree takes
# seconds. Each step says whether it ran, and why.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

stamps=target/build-inputs
mkdir -p "$stamps"
# The tools every step's output depends on.
tools=$( (rustc -vV; wasm-bindgen --version; node --version; cat package-lock.json) | sha256sum | cut -c1-64)

# A hash of the named files and folders' contents (git's view of them:
# tracked and untracked files alike, ignored ones left out) and of the
# words after `--`.
inputs_hash() {
  # Outside a git checkout the files cannot be listed: always build.
  if ! git rev-parse --is-inside-work-tree > /dev/null 2>&1; then date +%s%N; return; fi
  local paths=() words=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do paths+=("$1"); shift; done
  [ $# -gt 0 ] && shift && words=("$@")
  {
    echo "$tools ${words[*]:-}"
    git ls-files -z --cached --others --exclude-standard -- "${paths[@]}" | sort -z | xargs -0 sha256sum 2>/dev/null || true
  } | sha256sum | cut -c1-64
}

# Runs COMMAND unless the stamp ID holds HASH and every OUTPUT exists;
# then records the hash. Usage: fresh_or_run ID NAME HASH OUTPUT… -- COMMAND…
fresh_or_run() {
  local stamp="$stamps/$1" name=$2 hash=$3 outputs=()
  shift 3
  while [ "$1" != -- ]; do outputs+=("$1"); shift; done
  shift
  local missing=false output
  for output in "${outputs[@]}"; do [ -e "$output" ] || missing=true; done
  if ! $missing && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$hash" ]; then
    echo "build: $name is up to date"
    return
  fi
  if $missing; then echo "build: $name: building (no output yet)"
  elif [ -f "$stamp" ]; then echo "build: $name: building (its inputs changed)"
  else echo "build: $name: building (not built by this script before)"; fi
  rm -f "$stamp"
  "$@"
  echo "$hash" > "$stamp"
}

engine_inputs=(scripts/build.sh Cargo.toml Cargo.lock .cargo crates/grundy-core crates/grundy-wasm)

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
fresh_or_run engine-bench "the benchmark engine" "$(inputs_hash "${engine_inputs[@]}" -- bench)" \
  web/src/wasm-bench/grundy-bench_bg.wasm -- build_wasm web/src/wasm-bench grundy-bench --features bench
fresh_or_run engine-whole "the engine" "$(inputs_hash "${engine_inputs[@]}" -- whole)" \
  web/src/wasm/grundy_bg.wasm web/src/wasm/grundy.js -- build_wasm web/src/wasm grundy
# An engine per family of games (FAMILY_OF in web/src/engine/engine-types.ts),
# for pages whose games are all of one family, and the take-and-break games
# with misère quotients, for their misère play (EngineBuild in
# web/src/engine/client.ts). Each exports what the whole engine does, so the
# one glue, grundy.js, loads any of them.
family_dir=$(mktemp -d)
trap 'rm -rf "$family_dir"' EXIT
build_family() { # <family>
  build_wasm "$family_dir" grundy --no-default-features --features "$1"
  if ! cmp -s "$family_dir/grundy.js" web/src/wasm/grundy.js; then
    echo "build: the $1 engine's glue differs from the whole engine's; grundy.js cannot load it" >&2
    exit 1
  fi
  mv "$family_dir/grundy_bg.wasm" "web/src/wasm/grundy-$1.wasm"
}
for family in heaps take-and-break take-and-break-misere counters boards graphs words; do
  fresh_or_run "engine-$family" "the $family engine" "$(inputs_hash "${engine_inputs[@]}" -- "$family")" \
    "web/src/wasm/grundy-$family.wasm" -- build_family "$family"
done

# The pages, the embed bundles, the guide, the element manifest and the
# npm package, from the engines just checked and the front end's sources.
front_inputs=(scripts/build.sh web public docs scripts/guide.mjs scripts/package.mjs ./*.html ./*.config.ts ./*.config.mjs
  tsconfig.json tsconfig.package.json package.json README.md LICENSE)
build_front() {
  npx vite build --logLevel warn
  npx vite build --logLevel warn --config vite.embed.config.ts
  # `grundy-game render`: the boards drawn in Node, for the npm package.
  npx vite build --logLevel warn --config vite.picture.config.ts
  # The guide, docs/guide/, at /docs/ beside the playground; a broken link fails the build.
  node scripts/guide.mjs dist/docs
  # The element manifest, from the element's JSDoc.
  npx cem analyze > /dev/null
  node scripts/package.mjs
}
engines_hash=$(cat "$stamps"/engine-* | sha256sum | cut -c1-64)
fresh_or_run front "the pages and bundles" "$(inputs_hash "${front_inputs[@]}" -- "$engines_hash")" \
  dist/index.html dist/embed/grundy-game.js dist/docs/index.html -- build_front
echo "build: dist/ (playground), dist/docs/ (the guide), dist/embed/ (grundy-game.js, grundy-lesson.js) and the npm package"
