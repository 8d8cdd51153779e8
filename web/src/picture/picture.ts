/**
 * A picture of a position: its board drawn by the live board's own
 * templates, rendered in Node by Lit's server rendering with the engine's
 * wasm loaded there, and made into one self-contained SVG (no script, no
 * external reference, no event attribute). `grundy-game render` prints it;
 * the builder puts it inside a snippet's element, which shows it until its
 * live board is ready.
 */
import './server-shim';
import { render } from '@lit-labs/ssr';
import { collectResultSync } from '@lit-labs/ssr/lib/render-result.js';
import { renderBoard } from '../boards/index';
import type { Scheme } from '../elements/theme';
import type { Analysis, GameInfo } from '../engine/model';
import { packedAnalysis, unpackAnalysis } from '../engine/packed';
import { games, initSync, Session } from '../engine/wasm';
import { standalonePicture, type Picture } from './standalone';

export interface PictureOptions {
  /** `hidden` draws no nimber, outcome or hint anywhere, as `values="hidden"` does. */
  values: 'shown' | 'hidden';
  theme: Scheme;
}

/** A position that could not be read; the engine's message names its line and column. */
export class PositionError extends Error {}

/** Loads the whole engine from its .wasm bytes; once, before any picture. */
export function loadEngine(wasm: BufferSource): void {
  initSync({ module: wasm });
}

/** The engine's analysis of `text`, the position as `grundy solve` reads it (its first case). */
export function analyse(game: string, text: string): Analysis {
  let session: Session;
  try {
    session = new Session(game, text, undefined);
  } catch (error) {
    throw new PositionError(error instanceof Error ? error.message : String(error));
  }
  try {
    return unpackAnalysis(packedAnalysis(session));
  } finally {
    session.free();
  }
}

/** The picture of a position as a standalone SVG document, with its size in CSS pixels. */
export function drawPicture(game: string, text: string, options: PictureOptions): Picture {
  const analysis = analyse(game, text);
  const board = renderBoard({ game, analysis, editing: false, interactive: false, hints: false, preview: -1, quiet: options.values === 'hidden' });
  const name = (games() as GameInfo[]).find((info) => info.id === game)?.name ?? game;
  return standalonePicture(collectResultSync(render(board)), { board: analysis.board, name, scheme: options.theme });
}
