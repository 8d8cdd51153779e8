/**
 * The npm package as a blogger uses it: installed from its tarball into a
 * blank Vite app (built, type-checked, served), bundled by esbuild and by
 * webpack, and into a plain HTML page that hosts its files; in each a move
 * is played in Chromium.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serve } from '../../scripts/serve.mjs';
import { GAME_IDS } from '../../web/src/engine/engine-types';

const repo = resolve('.');
const version = JSON.parse(readFileSync('package.json', 'utf8')).version;
const tarball = join(repo, `dist/grundy-game-${version}.tgz`);
const element = '<grundy-game game="nim" position="3 4 5" controls="play" ai-delay="0"></grundy-game>';

let app: string;
let servers: Server[] = [];

test.beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), 'grundy-blog-'));
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'blog', private: true, type: 'module' }));
  // Lit, its one dependency, comes from the cache the repository's own install filled.
  execFileSync('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'], { cwd: app, stdio: 'ignore' });
});

test.afterAll(() => {
  for (const server of servers) server.close();
  servers = [];
  rmSync(app, { recursive: true, force: true });
});

/** Copies the package's scripts and .wasm into `folder` of a site, as the guide says to: every one, whatever its name. */
function hostFiles(site: string, folder = 'grundy'): void {
  const installed = join(app, 'node_modules/grundy-game');
  mkdirSync(join(site, folder), { recursive: true });
  for (const file of readdirSync(installed).filter((name) => /\.(js|wasm)$/.test(name))) cpSync(join(installed, file), join(site, folder, file));
}

async function served(root: string): Promise<string> {
  const server = await serve(root);
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function playAMove(page: Page, url: string): Promise<void> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(url);
  const game = page.locator('grundy-game');
  await expect(game.locator('.status')).toContainText('Your turn');
  await game.locator('grundy-heaps .heap').first().locator('button.counter').first().click();
  await expect(game.locator('.status')).toContainText('The computer played');
  expect(problems).toEqual([]);
}

test('a Vite app imports the package, type-checks against it, builds and plays', async ({ page }) => {
  const site = join(app, 'vite-site');
  mkdirSync(site);
  writeFileSync(join(site, 'index.html'), `<!doctype html><title>blog</title>${element}<script type="module" src="./main.ts"></script>`);
  writeFileSync(
    join(site, 'main.ts'),
    `import 'grundy-game';
import type { GrundyGame, GrundyMoveDetail } from 'grundy-game';
const game: GrundyGame = document.querySelector('grundy-game')!;
game.addEventListener('grundy-move', (event) => {
  const detail: GrundyMoveDetail = (event as CustomEvent<GrundyMoveDetail>).detail;
  document.title = \`\${detail.by}: \${detail.label}\`;
});
const text: string = game.text;
console.info(text);
`,
  );
  writeFileSync(
    join(site, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'es2022', module: 'esnext', moduleResolution: 'bundler', strict: true, noEmit: true, skipLibCheck: true, lib: ['es2022', 'dom'] },
      include: ['main.ts'],
    }),
  );
  execFileSync(join(repo, 'node_modules/.bin/tsc'), ['-p', site], { stdio: 'pipe' });
  execFileSync(process.execPath, [join(repo, 'node_modules/vite/bin/vite.js'), 'build', site, '--logLevel', 'error'], { cwd: app, stdio: 'pipe' });
  await playAMove(page, await served(join(site, 'dist')));
  // The typed event listener saw the moves.
  await expect(page).toHaveTitle(/^(human|ai): take \d+ from heap \d/);
});

test('an esbuild bundle, with the workers and the engines copied beside it as the guide says, plays', async ({ page }) => {
  const site = join(app, 'esbuild-site');
  mkdirSync(join(site, 'js'), { recursive: true });
  writeFileSync(join(app, 'post.js'), `import 'grundy-game';\n`);
  writeFileSync(join(site, 'index.html'), `<!doctype html><title>post</title><script type="module" src="js/post.js"></script>${element}`);
  execFileSync(join(repo, 'node_modules/.bin/esbuild'), ['post.js', '--bundle', '--minify', '--format=esm', `--outdir=${join(site, 'js')}`, '--log-level=error'], { cwd: app, stdio: 'pipe' });
  // The guide's recipe: esbuild leaves the workers and the engines to be copied.
  execFileSync('sh', ['-c', `cp node_modules/grundy-game/grundy-worker.js node_modules/grundy-game/grundy-sequence-worker.js node_modules/grundy-game/*.wasm ${join(site, 'js')}/`], { cwd: app });
  await playAMove(page, await served(site));
});

test('a webpack bundle, made with the guide\'s configuration, plays', async ({ page }) => {
  const guide = readFileSync('docs/guide/embedding.md', 'utf8');
  const config = /```js\n(\/\/ webpack\.config\.js[\s\S]*?)```/.exec(guide)?.[1];
  expect(config, 'the Embedding chapter gives a webpack.config.js').toBeDefined();
  writeFileSync(join(app, 'webpack.config.js'), config!);
  writeFileSync(join(app, 'post.js'), `import 'grundy-game';\n`);
  const site = join(app, 'site');
  mkdirSync(site, { recursive: true });
  writeFileSync(join(site, 'index.html'), `<!doctype html><title>post</title><script defer src="js/post.js"></script>${element}`);
  // webpack-cli finds webpack in the repository's own install, as in a blog's.
  execFileSync(process.execPath, [join(repo, 'node_modules/webpack-cli/bin/cli.js')], { cwd: app, stdio: 'pipe', env: { ...process.env, NODE_PATH: join(repo, 'node_modules') } });
  await playAMove(page, await served(site));
});

test('a webpack bundle run as a plain script in the head still reads the lesson written below it', async ({ page }) => {
  const guide = readFileSync('docs/guide/embedding.md', 'utf8');
  const config = /```js\n(\/\/ webpack\.config\.js[\s\S]*?)```/.exec(guide)![1];
  const lessonApp = join(app, 'webpack-lesson');
  mkdirSync(lessonApp, { recursive: true });
  writeFileSync(join(lessonApp, 'webpack.config.js'), config);
  writeFileSync(join(lessonApp, 'post.js'), `import 'grundy-game/grundy-lesson.js';\n`);
  const site = join(lessonApp, 'site');
  mkdirSync(site, { recursive: true });
  const lesson = '# Nim\n\nTake any number from one heap.\n\n```grundy\ngame: nim\nposition: 3 4 5\ncontrols: play\n```\n';
  // No defer: the element is defined before the parser reaches the lesson inside it.
  writeFileSync(join(site, 'index.html'), `<!doctype html><title>post</title><script src="js/post.js"></script>
    <grundy-lesson><script type="text/markdown">${lesson}</script></grundy-lesson>`);
  execFileSync(process.execPath, [join(repo, 'node_modules/webpack-cli/bin/cli.js')], { cwd: lessonApp, stdio: 'pipe', env: { ...process.env, NODE_PATH: join(repo, 'node_modules') } });
  await playAMove(page, await served(site));
  await expect(page.locator('grundy-lesson h1')).toHaveText('Nim');
});

test('npx grundy-game render, in the app that installed the package, prints a picture a page shows with scripts off', async ({ browser }) => {
  const svg = execFileSync('npx', ['grundy-game', 'render', 'nim', '--values', 'hidden'], { cwd: app, input: '3 4 5', encoding: 'utf8' });
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
  expect(svg).not.toMatch(/\*\d/);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.setContent(`<grundy-game game="nim" position="3 4 5" values="hidden">${svg}</grundy-game>`);
  const box = (await page.locator('grundy-game > svg').boundingBox())!;
  expect(box.width).toBeGreaterThan(100);
  expect(box.height).toBeGreaterThan(100);
  await context.close();
});

test('a plain HTML page hosting the package\'s files plays', async ({ page }) => {
  const site = join(app, 'static-site');
  hostFiles(site);
  writeFileSync(join(site, 'index.html'), `<!doctype html><title>post</title><script type="module" src="grundy/grundy-game.js"></script>${element}`);
  await playAMove(page, await served(site));
});

test('a plain HTML page hosting grundy-lesson.js shows a lesson written in the page, and its game plays', async ({ page }) => {
  const site = join(app, 'lesson-site');
  hostFiles(site);
  const lesson = '# Nim\n\nTake any number from one heap.\n\n```grundy\ngame: nim\nposition: 3 4 5\ncontrols: play\n```\n';
  writeFileSync(
    join(site, 'index.html'),
    `<!doctype html><title>post</title><script type="module" src="grundy/grundy-lesson.js"></script>
    <grundy-lesson><script type="text/markdown">${lesson}</script></grundy-lesson>`,
  );
  await playAMove(page, await served(site));
  await expect(page.locator('grundy-lesson h1')).toHaveText('Nim');
});

test('the package manifest lists every attribute the element observes, each described', async ({ page }) => {
  const manifest = JSON.parse(readFileSync(join(app, 'node_modules/grundy-game/custom-elements.json'), 'utf8'));
  const element = manifest.modules.flatMap((m: { declarations: { tagName?: string }[] }) => m.declarations).find((d: { tagName?: string }) => d.tagName === 'grundy-game');
  const attributes: { name: string; description?: string; type?: { text: string } }[] = element.attributes;
  // The game is one of the registry's ids, spelt out for editors that read the manifest.
  expect(attributes.find((a) => a.name === 'game')?.type?.text.split(' | ')).toEqual(GAME_IDS.map((id) => `'${id}'`));
  const site = join(app, 'observed-site');
  hostFiles(site);
  writeFileSync(join(site, 'index.html'), `<!doctype html><title>post</title><script type="module" src="grundy/grundy-game.js"></script>`);
  await page.goto(await served(site));
  const observed = await page.evaluate(async () => {
    await customElements.whenDefined('grundy-game');
    return [...(customElements.get('grundy-game') as unknown as { observedAttributes: string[] }).observedAttributes];
  });
  expect(attributes.map((a) => a.name).sort()).toEqual(observed.sort());
  expect(attributes.filter((a) => !a.description).map((a) => a.name)).toEqual([]);
  expect(element.events.map((e: { name: string }) => e.name).sort()).toEqual(['grundy-change', 'grundy-end', 'grundy-invalid', 'grundy-move', 'grundy-puzzle']);
});
