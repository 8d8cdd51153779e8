// Packs the embeddable element as an npm package, dist/grundy-game-<version>.tgz:
// the built elements, the `grundy-game render` command (dist/picture/), their two workers, the chunks they load when used and
// the engines, whole and per family of games, the puzzle bank (dist/embed/), type
// declarations, custom-elements.json, a README and the LICENSE, with an
// exports map. Run after scripts/build.sh.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const out = 'dist/package';
const root = JSON.parse(readFileSync('package.json', 'utf8'));
const built = readdirSync('dist/embed');
const chunks = built.filter((file) => file.startsWith('grundy-chunk-'));
const engines = built.filter((file) => file.endsWith('.wasm'));
const files = ['grundy-game.js', 'grundy-lesson.js', 'grundy-worker.js', 'grundy-sequence-worker.js', ...engines, 'custom-elements.json', ...chunks];

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const file of files) copyFileSync(join('dist/embed', file), join(out, file));
// `grundy-game render`, which reads the whole engine, grundy_bg.wasm, from beside itself.
copyFileSync('dist/picture/grundy-render.js', join(out, 'grundy-render.js'));
// The puzzle bank, which puzzle="daily" and "random" read a game at a time.
cpSync('dist/embed/puzzles', join(out, 'puzzles'), { recursive: true });
copyFileSync('LICENSE', join(out, 'LICENSE'));
copyFileSync('web/package/README.md', join(out, 'README.md'));
execFileSync('npx', ['tsc', '-p', 'tsconfig.package.json'], { stdio: 'inherit' });

const manifest = {
  name: 'grundy-game',
  version: root.version,
  description: root.description,
  license: root.license,
  type: 'module',
  main: './grundy-game.js',
  types: './types/embed.d.ts',
  exports: {
    '.': { types: './types/embed.d.ts', default: './grundy-game.js' },
    './grundy-lesson.js': { types: './types/lessons/embed.d.ts', default: './grundy-lesson.js' },
    './grundy-worker.js': './grundy-worker.js',
    './grundy-sequence-worker.js': './grundy-sequence-worker.js',
    ...Object.fromEntries(engines.map((file) => [`./${file}`, `./${file}`])),
    './custom-elements.json': './custom-elements.json',
    './package.json': './package.json',
  },
  files: [...files, 'grundy-render.js', 'puzzles', 'types', 'README.md', 'LICENSE'],
  bin: { 'grundy-game': './grundy-render.js' },
  engines: { node: '>=20' },
  customElements: 'custom-elements.json',
  // Importing the package defines <grundy-game>; importing grundy-lesson.js, <grundy-lesson> too.
  sideEffects: true,
  // The bundle carries its own copy of Lit; the declarations extend Lit's
  // LitElement, so TypeScript needs Lit's types too.
  dependencies: { lit: root.devDependencies.lit },
};
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
execFileSync('npm', ['pack', `./${out}`, '--pack-destination', 'dist', '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
console.log(`package: dist/grundy-game-${root.version}.tgz`);
