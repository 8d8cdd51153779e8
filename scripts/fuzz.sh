#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer through cargo-fuzz, on the stable
# toolchain (no sanitizer, so no nightly flags). Runs every target for an
# equal share of SECONDS (default 60) from the seed corpora in fuzz/corpus,
# working on a copy so that a run leaves the repository as it was.
#   bash scripts/fuzz.sh            # about a minute, as `npm test` runs it
#   bash scripts/fuzz.sh 3600       # an hour
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

seconds=${1:-60}
fuzz_version=0.13.2
if [ "$(cargo fuzz --version 2>/dev/null | awk '{ print $2 }')" != "$fuzz_version" ]; then
  echo "fuzz: installing cargo-fuzz $fuzz_version"
  cargo install --quiet cargo-fuzz --version "$fuzz_version"
fi

targets=$(cargo fuzz list --fuzz-dir fuzz)
count=$(echo "$targets" | wc -l)
share=$(( seconds / count > 1 ? seconds / count : 1 ))
cargo fuzz build --fuzz-dir fuzz -s none >/dev/null 2>&1 || cargo fuzz build --fuzz-dir fuzz -s none

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
total=0
for target in $targets; do
  mkdir -p "$work/$target"
  cp -r "fuzz/corpus/$target/." "$work/$target/"
  log="$work/$target.log"
  if ! cargo fuzz run --fuzz-dir fuzz -s none "$target" "$work/$target" -- \
      -max_total_time="$share" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
      -artifact_prefix="$work/" >"$log" 2>&1; then
    tail -n 40 "$log"
    echo "fuzz: $target failed; the input that fails is in the log above"
    exit 1
  fi
  runs=$(grep -o 'Done [0-9]* runs' "$log" | awk '{ print $2 }' | tail -n 1)
  total=$(( total + ${runs:-0} ))
  echo "fuzz: $target: ${runs:-0} runs in ${share} s, no failure"
done
echo "fuzz: $total runs over $count targets, no failure"
