// The grundy command as the README builds it, for the scripts that time it.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** Builds grundy with scripts/build-cli.sh and returns the binary's absolute path. */
export function buildGrundy() {
  const path = execFileSync('bash', [join(root, 'scripts', 'build-cli.sh')], { encoding: 'utf8' }).trim();
  return join(root, path);
}
