import type { ReactiveControllerHost } from 'lit';
import type { GameController } from './game-controller';

/** Edit's Random button: a random position at the density chosen. */
export class RandomDrawing {
  /** How full a random position is, from 0 to 1. */
  density = 0.2;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly game: GameController,
  ) {}

  /** Draws a random position: one edit, which Undo takes back. */
  randomise(): void {
    const seed = Math.floor(Math.random() * 2 ** 31);
    void this.game.edit({ kind: 'random', seed, density: this.density });
  }

  setDensity(density: number): void {
    this.density = density;
    this.host.requestUpdate();
  }
}
