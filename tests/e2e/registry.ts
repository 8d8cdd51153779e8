/**
 * The games of the engine's registry, read from the built wasm, so that a
 * spec that covers every game covers a new one without being edited.
 */
import { readFileSync } from 'node:fs';
import type { GameInfo } from '../../web/src/engine/model';
import { games, initSync } from '../../web/src/wasm/grundy.js';

initSync({ module: readFileSync(new URL('../../web/src/wasm/grundy_bg.wasm', import.meta.url)) });

/** Every game in the playground's order, `sum` last. */
export const GAMES: readonly GameInfo[] = games();

/** Every game id in the playground's order, `sum` last. */
export const GAME_IDS: readonly string[] = GAMES.map((game) => game.id);
