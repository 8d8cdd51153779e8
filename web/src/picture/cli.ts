/**
 * `grundy-game render <id> [--values shown|hidden] [--theme light|dark]`:
 * reads a position on stdin, as `grundy solve` does, and prints its
 * picture, a self-contained SVG.
 */
import { readFileSync } from 'node:fs';
import { drawPicture, loadEngine, PositionError, type PictureOptions } from './picture';

const USAGE = `usage: grundy-game render <game> [--values shown|hidden] [--theme light|dark] < position

Prints a picture of the position read on stdin (as \`grundy solve\` reads it; a
contest input's first case) as a self-contained SVG: no script, no external
reference. With --values hidden it carries no nimber, outcome or hint.`;

/** The options after `render`, or the line that says what is wrong with them. */
export function parseRenderArgs(args: string[]): { game: string; options: PictureOptions } | { problem: string } {
  const options: PictureOptions = { values: 'shown', theme: 'light' };
  const choices = { values: ['shown', 'hidden'], theme: ['light', 'dark'] } as const;
  let game: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const named = /^--(values|theme)(?:=(.*))?$/.exec(arg);
    if (named) {
      const key = named[1] as keyof typeof choices;
      const value = named[2] ?? args[++i];
      if (!(choices[key] as readonly string[]).includes(value ?? '')) {
        return { problem: `--${key} takes ${choices[key].join(' or ')}, not ${value === undefined ? 'nothing' : `'${value}'`}` };
      }
      (options as unknown as Record<string, string>)[key] = value!;
    } else if (arg.startsWith('-')) {
      return { problem: `unknown option '${arg}'` };
    } else if (game === undefined) {
      game = arg;
    } else {
      return { problem: `one game only: '${game}', then '${arg}'` };
    }
  }
  return game === undefined ? { problem: 'which game? name it, as `grundy games` lists them' } : { game, options };
}

function main(argv: string[]): number {
  if (argv[0] === '--help' || argv[0] === '-h' || argv.length === 0) {
    (argv.length === 0 ? process.stderr : process.stdout).write(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] !== 'render') {
    process.stderr.write(`grundy-game: unknown command '${argv[0]}'\n${USAGE}\n`);
    return 2;
  }
  const parsed = parseRenderArgs(argv.slice(1));
  if ('problem' in parsed) {
    process.stderr.write(`grundy-game render: ${parsed.problem}\n`);
    return 2;
  }
  loadEngine(readFileSync(new URL('./grundy_bg.wasm', import.meta.url)));
  try {
    const { svg } = drawPicture(parsed.game, readFileSync(0, 'utf8'), parsed.options);
    process.stdout.write(`${svg}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof PositionError)) throw error;
    // The engine's message names the line and column itself, as `grundy solve` prints it.
    process.stderr.write(`grundy-game render: ${error.message}\n`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
