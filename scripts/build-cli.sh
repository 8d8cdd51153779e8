#!/usr/bin/env bash
# Builds the grundy command, optimised, and prints the path of the binary:
# target/<host>/release/grundy, such as
# target/x86_64-unknown-linux-gnu/release/grundy. Beside it goes
# grundy-serve, which `grundy serve` runs; it is built on its own, so that
# the server's dependencies change nothing in grundy itself.
#
# On Linux with glibc whose static libraries are installed (libc.a), the
# binary is linked statically. It then runs on any Linux of its
# architecture whatever glibc that has, and holds only the parts of libc it
# calls, where a shared libc is mapped into memory in 64 KiB runs.
# Elsewhere it is linked as usual. Cargo gives such a flag only to a target
# named with `--target` (the compiler plugins the build runs must stay
# dynamic), hence the host's own triple in the command and in the path.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

host=$(rustc -vV | sed -n 's/^host: //p')
if [[ $host == *-linux-gnu ]] && [ -f "$(cc -print-file-name=libc.a)" ]; then
  flags_var="CARGO_TARGET_$(echo "$host" | tr 'a-z-' 'A-Z_')_RUSTFLAGS"
  export "$flags_var=-C target-feature=+crt-static"
fi
cargo build --quiet --release -p grundy-cli --target "$host" >&2
cargo build --quiet --release -p grundy-server --target "$host" >&2
echo "target/$host/release/grundy"
