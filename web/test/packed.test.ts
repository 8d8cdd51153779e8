/**
 * Moves and intervals cross from wasm packed (see `packed.ts`). Read
 * back, every analysis must equal the same analysis sent whole as JSON,
 * which the benchmark build's `analysisJson` still does: every game's
 * samples, positions after moves and random drawings, sums and misère play.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Session, games, initSync } from '../src/wasm-bench/grundy-bench.js';
import { isWinning, winningMoves, type Analysis, type MoveInfo, type SumPart } from '../src/engine/model';
import { packedAnalysis, unpackAnalysis } from '../src/engine/packed';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../src/wasm-bench/grundy-bench_bg.wasm', import.meta.url)) });
});

/** The move with every detail read, as a plain object. */
function readMove({ id, label, component, anchor, variant, footprint, parts, after, loopy }: MoveInfo): MoveInfo {
  return { id, label, component, anchor, variant, footprint, parts, after, loopy };
}

/**
 * The analysis with every move's details read, its sum's parts' too. Every
 * other move has its anchor read first, as a board looking moves up by
 * their anchors does, and its other details after.
 */
function readMoves(analysis: Omit<Analysis, 'solveMs'>): WholeAnalysis {
  checkMoveList(analysis);
  const moves = analysis.moves.all();
  for (const move of moves.filter((_, index) => index % 2 === 1)) void move.anchor;
  const board = analysis.board;
  return {
    ...analysis,
    moves: moves.map(readMove),
    board: board.kind === 'sum' ? { ...board, parts: board.parts.map((part) => ({ ...part, analysis: readMoves(part.analysis) })) } : board,
  };
}

/** An analysis as JSON sends it, its moves a list. */
type WholeAnalysis = Omit<Analysis, 'moves' | 'board' | 'solveMs'> & { moves: MoveInfo[]; board: WholeBoard };
/** A board whose sum's parts are whole analyses too. */
type WholeBoard = Exclude<Analysis['board'], { kind: 'sum' }> | { kind: 'sum'; parts: (Omit<SumPart, 'analysis'> & { analysis: WholeAnalysis })[] };

/**
 * A move list answers by id as its moves do: each id once, its head read
 * in place equal to the move's, the same object when asked twice, and
 * nothing for a number that is not an id.
 */
function checkMoveList({ moves, ...analysis }: Omit<Analysis, 'solveMs'>): void {
  const all = moves.all();
  expect(all).toHaveLength(moves.length);
  all.forEach((move, id) => {
    expect(move.id).toBe(id);
    expect(moves.at(id)).toBe(move);
    expect(moves.componentOf(id)).toBe(move.component);
    expect(moves.afterOf(id)).toBe(move.after);
    expect(moves.anchorCellOf(id)).toEqual(move.anchor.kind === 'cells' ? move.anchor.cells[0] : undefined);
    expect(moves.anchorSpanOf(id)).toEqual(move.anchor.kind === 'span' ? [move.anchor.first, move.anchor.last] : undefined);
  });
  for (const id of [-1, moves.length, 0.5, Number.NaN]) expect(moves.at(id)).toBeUndefined();
  expect(winningMoves({ ...analysis, moves })).toEqual(all.filter((move) => isWinning(analysis, move)));
}

/** The position's analysis both ways: unpacked, and whole as JSON. */
function bothWays(session: Session): [WholeAnalysis, WholeAnalysis] {
  const packed = packedAnalysis(session);
  const { solveMs, ...unpacked } = unpackAnalysis(packed);
  expect(solveMs).toBeGreaterThanOrEqual(0);
  return [readMoves(unpacked as Analysis), session.analysisJson() as WholeAnalysis];
}

function checkPosition(session: Session): number {
  const [unpacked, whole] = bothWays(session);
  expect(unpacked).toEqual(whole);
  return whole.moves.length;
}

describe('packed moves', () => {
  const list = () => games() as { id: string; samples: { input: string }[] }[];

  it('unpack to exactly the JSON analysis for every sample, after moves and drawn at random', () => {
    let positions = 0;
    let moves = 0;
    for (const game of list()) {
      for (const sample of game.samples) {
        const session = new Session(game.id, sample.input, undefined);
        const count = checkPosition(session);
        moves += count;
        positions++;
        for (const id of count === 0 ? [] : [0, count - 1]) {
          session.play(id);
          moves += checkPosition(session);
          positions++;
          session.undo();
        }
        try {
          session.setConvention('misere');
          moves += checkPosition(session);
          positions++;
          session.setConvention('normal');
        } catch {
          // A game whose play can go on forever has no misère play.
        }
        for (const seed of [1, 2, 3]) {
          try {
            session.edit({ kind: 'random', seed, density: 0.3 });
          } catch {
            break;
          }
          moves += checkPosition(session);
          positions++;
        }
      }
    }
    expect(positions).toBeGreaterThan(100);
    expect(moves).toBeGreaterThan(1000);
  }, 30_000);

  it('cover the regions moves use, variants, Smith values and sum parts', () => {
    const seen = new Set<string>();
    const note = (analysis: WholeAnalysis): void => {
      for (const move of analysis.moves) {
        seen.add(move.anchor.kind).add(move.footprint.kind);
        if (move.variant !== undefined) seen.add('variant');
        if (move.loopy?.infinite) seen.add('∞');
        else if (move.loopy) seen.add('finite Smith value');
      }
      if (analysis.board.kind === 'sum') {
        seen.add('sum');
        for (const part of analysis.board.parts) note(part.analysis as unknown as WholeAnalysis);
      }
    };
    for (const game of list()) {
      for (const sample of game.samples) note(bothWays(new Session(game.id, sample.input, undefined))[0]);
    }
    expect([...seen].sort()).toEqual(
      ['cells', 'chain', 'finite Smith value', 'items', 'rect', 'span', 'sum', 'variant', '∞'].sort(),
    );
  });

  // The element's `analysis` is public: whoever embeds a game may write it as JSON.
  it('write the same JSON as the analysis sent whole', () => {
    for (const game of list()) {
      for (const sample of game.samples) {
        const session = new Session(game.id, sample.input, undefined);
        const whole = session.analysisJson() as WholeAnalysis;
        const { solveMs, ...unpacked } = unpackAnalysis(packedAnalysis(session));
        expect(solveMs).toBeGreaterThanOrEqual(0);
        expect(JSON.parse(JSON.stringify(unpacked))).toEqual(JSON.parse(JSON.stringify(whole)));
      }
    }
  });
});
