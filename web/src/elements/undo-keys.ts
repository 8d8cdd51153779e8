import type { GameController } from './game-controller';
import type { Mode } from './options';

/**
 * Ctrl+Z and Ctrl+Shift+Z (⌘ on a Mac) undo and redo, as the toolbar's
 * buttons do in the mode shown: in Edit one step of moves and edits alike,
 * in Play and Analyse back to the person's turn. Text boxes keep their own.
 */
export function listenForUndoKeys(host: HTMLElement, game: GameController, mode: () => Mode): void {
  host.addEventListener('keydown', (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'z') return;
    const target = event.composedPath()[0];
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) return;
    event.preventDefault();
    const op = event.shiftKey ? 'redo' : 'undo';
    void (mode() === 'edit' ? game.step(op) : game.stepHistory(op));
  });
}
