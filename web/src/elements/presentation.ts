import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { renderBoard } from '../boards/index';
import { winningMoves, type Analysis, type View } from '../engine/model';
import './nim-sum-table';
import './readout';

/** What a presentation reveals, one step per arrow key. */
export const STEPS = ['The position', 'The nimber of each part', 'The total: who wins', 'The winning move'];

/** The boards presentation zooms to fit, and the parts of each whose extent it measures. */
const ZOOMED_PARTS: Record<string, string> = {
  'grundy-heaps': '.heap',
  'grundy-rows': '.row > *',
  'grundy-text': 'svg',
  'grundy-sum': '.term',
};

/** The element a presentation fills: it reflects `presenting` for its styles. */
export interface PresentationHost extends ReactiveControllerHost, HTMLElement {
  presenting: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
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
    /** Whether nothing may be revealed: a quiz question is open, or a quiz or puzzle keeps its values hidden. */
    private readonly held: () => boolean,
  ) {
    host.addController(this);
    host.addEventListener('keydown', (event) => this.onKey(event));
  }

  /** Fits the board again whenever the element changes size, as on entering full screen. */
  private readonly resized = new ResizeObserver(() => void this.fit());

  hostConnected(): void {
    document.addEventListener('fullscreenchange', this.onFullscreenChange);
    this.resized.observe(this.host);
  }

  hostDisconnected(): void {
    document.removeEventListener('fullscreenchange', this.onFullscreenChange);
    this.resized.disconnect();
  }

  /** What the board was last fitted for: its size changes only with the position and the step. */
  private fittedFor: { analysis: Analysis | undefined; step: number } | undefined;

  hostUpdated(): void {
    const analysis = this.analysis();
    const last = this.fittedFor;
    if (last && last.analysis === analysis && last.step === this.step) return;
    this.fittedFor = { analysis, step: this.step };
    void this.fit();
  }

  /**
   * Zooms a board whose parts keep their size in rem or pixels (heaps, rows,
   * a string, a sum of boards) to fill the room below the toolbar: they do
   * not grow with the screen as the grids and graphs do.
   */
  private readonly fit = async (): Promise<void> => {
    if (!this.host.presenting) return;
    this.fitPanel();
    const drawn = this.host.renderRoot.querySelector<HTMLElement & { updateComplete?: Promise<unknown> }>(
      Object.keys(ZOOMED_PARTS).map((board) => `.board > ${board}`).join(', '),
    );
    if (!drawn) return;
    await drawn.updateComplete;
    drawn.style.zoom = '';
    const parts = [...(drawn.shadowRoot?.querySelectorAll(ZOOMED_PARTS[drawn.localName]) ?? [])].map((part) => part.getBoundingClientRect());
    if (parts.length === 0) return;
    const width = Math.max(...parts.map((r) => r.right)) - Math.min(...parts.map((r) => r.left));
    const height = Math.max(...parts.map((r) => r.bottom)) - Math.min(...parts.map((r) => r.top));
    const room = drawn.parentElement!.getBoundingClientRect();
    const roomHeight = window.innerHeight - room.top - 32;
    const scale = 0.9 * Math.min(room.width / width, roomHeight / height);
    drawn.style.zoom = String(Math.max(1, Math.min(scale, 8)));
  };

  /**
   * Zooms the explanation beside the board as much as the type has grown
   * with the screen, or as far as its column allows, shrinking it where the
   * column is narrower than its widest table: the nim-sum table and the
   * total keep their sizes in rem, and a table cannot wrap. A quiz's card
   * reads in the slide's type already.
   */
  private fitPanel(): void {
    const panel = this.host.renderRoot.querySelector<HTMLElement>('.panel .revealed');
    if (!panel) return;
    panel.style.zoom = '';
    const grown = parseFloat(getComputedStyle(this.host).fontSize) / parseFloat(getComputedStyle(document.documentElement).fontSize);
    const tables = [...panel.children].map((child) => child.shadowRoot?.querySelector('table')?.offsetWidth ?? 0);
    const widest = Math.max(1, ...tables);
    panel.style.zoom = String(Math.min(grown, panel.clientWidth / widest));
  }

  /** Starts or ends presentation; it starts from the bare position. */
  present(on: boolean): void {
    const host = this.host;
    host.presenting = on;
    this.step = 0;
    this.fittedFor = undefined;
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
    this.step = this.held() ? 0 : Math.max(0, Math.min(STEPS.length - 1, step));
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

  /** The analysis the steps were revealed for: a move played live starts them again. */
  private revealedFor: Analysis | undefined;

  hostUpdate(): void {
    const analysis = this.analysis();
    if (this.held()) this.step = 0;
    if (analysis === this.revealedFor) return;
    this.revealedFor = analysis;
    this.step = 0;
  }

  /**
   * The presentation of `view`. Moves can be played on the board while the
   * person may move (`interactive`), through `events`, as in the page. A
   * quiz's card stands first beside the board, in the slide's type; while
   * it holds the values the steps do not move.
   */
  render(
    view: View | undefined,
    preview: number,
    interactive: boolean,
    events: { play: (event: CustomEvent<{ move: number }>) => void; preview: (event: CustomEvent<{ move: number | null; touch?: boolean }>) => void },
    quiz: unknown = nothing,
  ) {
    const step = this.step;
    const analysis = view?.analysis;
    const winning = analysis && winningMoves(analysis)[0];
    const held = this.held();
    return html`
      <div class="toolbar presenting" part="toolbar">
        <button @click=${() => this.setStep(step - 1)} ?disabled=${held || step === 0} aria-label="Previous step">◀</button>
        <span class="step" aria-live="polite">${held ? 'The quiz holds the values' : html`${step + 1} / ${STEPS.length}: ${STEPS[step]}`}</span>
        <button @click=${() => this.setStep(step + 1)} ?disabled=${held || step === STEPS.length - 1} aria-label="Next step">▶</button>
        <button @click=${() => this.present(false)}>Exit</button>
      </div>
      <div class="main">
        <div class="board" @board-play=${events.play} @board-preview=${events.preview}>
          ${view
            ? renderBoard({
                game: view.game,
                analysis: view.analysis,
                editing: false,
                interactive,
                hints: step >= 3,
                preview,
                quiet: step === 0,
              })
            : nothing}
        </div>
        <div class="panel" part="panel">
          ${quiz}
          <div class="revealed">
            ${analysis && step >= 1
              ? html`<nim-sum-table .analysis=${analysis} .withoutTotal=${step < 2} .selected=${-1}></nim-sum-table>`
              : nothing}
            ${analysis && step >= 2 ? html`<grundy-total large .analysis=${analysis}></grundy-total>` : nothing}
            ${analysis && step >= 3
              ? html`<p class="verdict-big">${winning ? html`Winning move: <strong>${winning.label}</strong>` : 'No winning move: every move loses.'}</p>`
              : nothing}
          </div>
        </div>
      </div>
    `;
  }
}
