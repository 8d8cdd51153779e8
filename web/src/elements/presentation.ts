import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { renderBoard } from '../boards/index';
import { winningMoves, type Analysis, type View } from '../engine/model';
import './nim-sum-table';

/** What a presentation reveals, one step per arrow key. */
export const STEPS = ['The position', 'The nimber of each part', 'The total: who wins', 'The winning move'];

/** The element a presentation fills: it reflects `presenting` for its styles. */
export interface PresentationHost extends ReactiveControllerHost, HTMLElement {
  presenting: boolean;
}

/**
 * Presentation for a projector: the board and large type, without
 * controls, revealing the position, each part's nimber, the total and the
 * winning move one step at a time (arrow keys, Page Up and Down, Space;
 * Esc leaves). It fills the screen where the browser allows.
 */
export class PresentationController implements ReactiveController {
  /** How much of the analysis is revealed (an index in `STEPS`). */
  step = 0;

  constructor(
    private readonly host: PresentationHost,
    private readonly analysis: () => Analysis | undefined,
    /** Shows a move on the board as previewed, or none with -1. */
    private readonly preview: (move: number) => void,
  ) {
    host.addController(this);
    host.addEventListener('keydown', (event) => this.onKey(event));
  }

  hostConnected(): void {
    document.addEventListener('fullscreenchange', this.onFullscreenChange);
  }

  hostDisconnected(): void {
    document.removeEventListener('fullscreenchange', this.onFullscreenChange);
  }

  /** Starts or ends presentation; it starts from the bare position. */
  present(on: boolean): void {
    const host = this.host;
    host.presenting = on;
    this.step = 0;
    this.preview(-1);
    if (on) {
      host.tabIndex = -1;
      host.focus();
      // Fill the screen where the browser allows it; the page view works too.
      host.requestFullscreen?.().catch(() => undefined);
    } else if (document.fullscreenElement) {
      // Inside another element's shadow root the document sees that
      // element as the full-screen one, not this.
      void document.exitFullscreen().catch(() => undefined);
    }
    host.requestUpdate();
  }

  /** Leaving full screen by the browser's own Esc ends the presentation. */
  private readonly onFullscreenChange = () => {
    if (this.host.presenting && !document.fullscreenElement) this.present(false);
  };

  private setStep(step: number): void {
    this.step = Math.max(0, Math.min(STEPS.length - 1, step));
    const analysis = this.analysis();
    const winning = analysis && winningMoves(analysis)[0];
    this.preview(this.step === STEPS.length - 1 && winning ? winning.id : -1);
    this.host.requestUpdate();
  }

  private onKey(event: KeyboardEvent): void {
    if (!this.host.presenting) return;
    const forward = ['ArrowRight', 'ArrowDown', 'PageDown', ' '];
    const back = ['ArrowLeft', 'ArrowUp', 'PageUp'];
    if (forward.includes(event.key)) this.setStep(this.step + 1);
    else if (back.includes(event.key)) this.setStep(this.step - 1);
    else if (event.key === 'Escape') this.present(false);
    else return;
    event.preventDefault();
  }

  render(view: View | undefined, preview: number) {
    const step = this.step;
    const analysis = view?.analysis;
    const winning = analysis && winningMoves(analysis)[0];
    return html`
      <div class="toolbar presenting" part="toolbar">
        <button @click=${() => this.setStep(step - 1)} ?disabled=${step === 0} aria-label="Previous step">◀</button>
        <span class="step" aria-live="polite">${step + 1} / ${STEPS.length}: ${STEPS[step]}</span>
        <button @click=${() => this.setStep(step + 1)} ?disabled=${step === STEPS.length - 1} aria-label="Next step">▶</button>
        <button @click=${() => this.present(false)}>Exit</button>
      </div>
      <div class="main">
        <div class="board">
          ${view
            ? renderBoard({
                game: view.game,
                analysis: view.analysis,
                editing: false,
                interactive: false,
                hints: step >= 3,
                preview,
                quiet: step === 0,
              })
            : nothing}
        </div>
        <aside part="panel">
          ${analysis && step >= 1
            ? html`<nim-sum-table .analysis=${analysis} .withoutTotal=${step < 2} .selected=${-1}></nim-sum-table>`
            : nothing}
          ${analysis && step >= 2 ? html`<grundy-total large .analysis=${analysis}></grundy-total>` : nothing}
          ${analysis && step >= 3
            ? html`<p class="verdict-big">${winning ? html`Winning move: <strong>${winning.label}</strong>` : 'No winning move: every move loses.'}</p>`
            : nothing}
        </aside>
      </div>
    `;
  }
}
