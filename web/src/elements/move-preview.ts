import { html, nothing, type ReactiveControllerHost } from 'lit';
import { afterText, isWinning, type Analysis } from '../engine/model';

/**
 * The move previewed on the board (pointed at, chosen in the explainer, or
 * shown as a solution), and after a tap on a touch screen the picker that
 * names it in words with large buttons.
 */
export class MovePreview {
  /** The move previewed, or -1. */
  move = -1;
  /** Whether the previewed move was chosen by a tap, which shows the picker. */
  private tapped = false;

  constructor(private readonly host: ReactiveControllerHost) {}

  /** Previews `move` (-1 for none), leaving the picker as it is. */
  show(move: number): void {
    this.move = move;
    this.host.requestUpdate();
  }

  /** Previews the move the board points at; a tap on it opens the picker. */
  choose(move: number, touch: boolean): void {
    this.tapped = touch && move >= 0;
    this.show(move);
  }

  /** No move previewed, and the picker closed. */
  clear(): void {
    this.choose(-1, false);
  }

  /**
   * The picker: step to the neighbouring moves (for counters and cells too
   * small to hit), play the move, or let it go. Tapping the move again on
   * the board plays it too. `values` shows what the move leaves; `hints`
   * stars a winning one.
   */
  renderPicker(analysis: Analysis, play: (move: number) => void, values: boolean, hints: boolean) {
    const move = analysis.moves.at(this.move);
    if (!this.tapped || !move) return nothing;
    const step = (by: number) => this.show((this.move + by + analysis.moves.length) % analysis.moves.length);
    const value = values ? html` <span class="after">→ ${afterText(analysis, move)}${isWinning(analysis, move) && hints ? ' ★' : ''}</span>` : nothing;
    return html`<div class="picker" role="group" aria-label="Chosen move">
      <button @click=${() => step(-1)} aria-label="Previous move">◀</button>
      <span class="label" aria-live="polite">${move.label}${value}</span>
      <button @click=${() => step(1)} aria-label="Next move">▶</button>
      <button class="play" @click=${() => play(move.id)}>Play</button>
      <button @click=${() => this.clear()} aria-label="Cancel">✕</button>
    </div>`;
  }
}
