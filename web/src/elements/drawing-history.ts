import type { ReactiveControllerHost } from 'lit';
import type { Edit } from '../engine/model';
import type { GameController } from './game-controller';

/** How many edits Undo can take back while drawing. */
const MAX_DRAWING_STEPS = 100;

/** The drawing's texts before each edit (newest last) and after each undone one, for one game. */
interface Steps {
  game: string;
  undo: string[];
  redo: string[];
}

/**
 * Undo and Redo while drawing: an edit starts a fresh history of moves in
 * the engine's session, so the drawing keeps its own steps, as the texts
 * the edits replaced. It also holds how full a random position is.
 */
export class DrawingHistory {
  /** How full a random position is, from 0 to 1. */
  density = 0.2;
  private steps: Steps | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly game: GameController,
    /** The game shown: its steps are empty after a switch of game. */
    private readonly gameId: () => string,
  ) {}

  private get current(): Steps {
    const game = this.gameId();
    return this.steps?.game === game ? this.steps : { game, undo: [], redo: [] };
  }

  get canUndo(): boolean {
    return this.current.undo.length > 0;
  }

  get canRedo(): boolean {
    return this.current.redo.length > 0;
  }

  /** Applies a drawing edit, remembering the drawing before it for Undo. */
  async edit(edit: Edit): Promise<void> {
    const before = this.game.view?.text;
    const after = await this.game.edit(edit);
    if (after && before !== undefined && after.text !== before) {
      const { game, undo } = this.current;
      this.steps = { game, undo: [...undo.slice(-(MAX_DRAWING_STEPS - 1)), before], redo: [] };
      this.host.requestUpdate();
    }
  }

  /** Steps back or forward through the drawing's edits. */
  async step(op: 'undo' | 'redo'): Promise<void> {
    const steps = this.current;
    const [from, to] = op === 'undo' ? [steps.undo, steps.redo] : [steps.redo, steps.undo];
    const text = from.at(-1);
    const current = this.game.view?.text;
    if (text === undefined || current === undefined) return;
    const after = await this.game.load(text, 0, 'action');
    if (!after) return;
    const [left, other] = [from.slice(0, -1), [...to, current]];
    this.steps = op === 'undo' ? { game: steps.game, undo: left, redo: other } : { game: steps.game, undo: other, redo: left };
    this.host.requestUpdate();
  }

  /** A random position at the density chosen. */
  randomise(): void {
    const seed = Math.floor(Math.random() * 2 ** 31);
    void this.edit({ kind: 'random', seed, density: this.density });
  }

  setDensity(density: number): void {
    this.density = density;
    this.host.requestUpdate();
  }
}
