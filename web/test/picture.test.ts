/**
 * `grundy-game render` as the npm package ships it (dist/package/): a
 * picture of every game's samples and of every game the puzzle bank holds, standalone and safe to set
 * inside any page, carrying no value when values are hidden; and bad input
 * said on stderr with the exit code a pipeline checks.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../src/engine/engine-types';
import type { GameInfo } from '../src/engine/model';
import { games, initSync } from '../src/engine/wasm';

const command = 'dist/package/grundy-render.js';

function render(args: string[], input: string) {
  const run = spawnSync('node', [command, ...args], { input, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Each game of the bank with its first puzzle's position. */
const positions = readdirSync('web/src/puzzles/bank')
  .filter((file) => file !== 'index.json')
  .map((file) => {
    const puzzles = JSON.parse(readFileSync(`web/src/puzzles/bank/${file}`, 'utf8')) as { position: string; play: string }[];
    return [file.replace(/\.json$/, ''), puzzles.find((p) => p.play === 'normal')!.position] as const;
  });

/** What a value would look like in a picture: a nimber, a verdict, a winning mark. */
const VALUE = /\*\d|nimber|winning|wins|loses|P-position|N-position|★/i;

describe('grundy-game render', () => {
  it('covers every game of the bank', () => {
    expect(positions.length).toBeGreaterThanOrEqual(20);
  });

  it("draws every game's every sample, and hides its values on request", () => {
    initSync({ module: readFileSync('web/src/wasm/grundy_bg.wasm') });
    const all = games() as GameInfo[];
    expect(all.map((game) => game.id)).toEqual([...GAME_IDS]);
    for (const game of all) {
      for (const { input } of game.samples) {
        const hidden = render(['render', game.id, '--values', 'hidden'], input);
        expect(hidden.stderr, game.id).toBe('');
        expect(hidden.stdout, game.id).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
        expect(hidden.stdout, game.id).not.toMatch(VALUE);
        expect(hidden.stdout, game.id).not.toMatch(/<script|\son[a-z]+=|url\((?!#)|\s(?:xlink:)?(?:href|src)="(?!#)/i);
      }
    }
  });

  for (const [game, position] of positions) {
    it(`draws ${game} as a self-contained SVG, with values and without`, () => {
      const shown = render(['render', game], position);
      expect(shown.stderr).toBe('');
      expect(shown.status).toBe(0);
      const hidden = render(['render', game, '--values', 'hidden', '--theme=dark'], position);
      expect(hidden.status).toBe(0);
      for (const { stdout } of [shown, hidden]) {
        expect(stdout).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="[-\d. ]+" width="[\d.]+" height="[\d.]+" role="img"/);
        expect(stdout.trimEnd().endsWith('</svg>')).toBe(true);
        // Nothing runs, links out, or is styled by name.
        expect(stdout).not.toMatch(/<script|<style|<a[\s>]|<iframe|<use|\son[a-z]+=|javascript:|@import|url\((?!#)|class=|tabindex|<button/i);
        expect(stdout).not.toMatch(/\s(?:xlink:)?(?:href|src)="(?!#)/);
        // The theme's colours are written in: no custom property is left to resolve.
        expect(stdout).not.toContain('var(--');
      }
      expect(hidden.stdout).not.toMatch(VALUE);
      expect(hidden.stdout).toContain('#16181d');
      expect(shown.stdout).toContain('#ffffff');
    });
  }

  it('shows the nimbers a picture with values carries', () => {
    const { stdout } = render(['render', 'nim'], '3 4 5');
    for (const nimber of ['*3', '*4', '*5']) expect(stdout).toContain(`>${nimber}<`);
  });

  it("draws a sum's parts side by side, each by its own board, a part's drawing SVG inside the HTML", () => {
    const { stdout, status } = render(['render', 'sum'], '--- nim\n3\n--- darkraft\n2 2\nRR\nRR\n');
    expect(status).toBe(0);
    expect(stdout).toContain('<foreignObject');
    expect(stdout).toContain('>World of Darkraft');
    // The nested drawing names its namespace, which XML (an image, a file) needs inside XHTML.
    expect(stdout.match(/<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g)).toHaveLength(2);
    const [, width] = / width="([\d.]+)"/.exec(stdout)!;
    // Wider than the two parts' least boxes (10rem each) and the ⊕ between them.
    expect(Number(width)).toBeGreaterThan(2 * 160 + 40);
  });

  it('says what is wrong with a position, and where, on stderr with exit 1', () => {
    const run = render(['render', 'nim'], '3 x 5');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe("grundy-game render: line 1, column 3: heap 2 must be a whole number from 0 to 1000000, not 'x'\n");
    const unknown = render(['render', 'nimm'], '3');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/^grundy-game render: unknown game 'nimm'; the games are: nim, /);
  });

  it('refuses a bad option with exit 2 and says which values it takes', () => {
    expect(render(['render', 'nim', '--values', 'off'], '3').stderr).toBe("grundy-game render: --values takes shown or hidden, not 'off'\n");
    expect(render(['render', 'nim', '--theme'], '3').stderr).toBe('grundy-game render: --theme takes light or dark, not nothing\n');
    expect(render(['render'], '3').status).toBe(2);
    expect(render(['draw', 'nim'], '3').status).toBe(2);
    const help = render(['--help'], '');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: grundy-game render <game>/);
  });
});
