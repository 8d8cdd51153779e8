import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { live } from 'lit/directives/live.js';
import type { BoardElement } from '../boards/board';
import type { View } from '../engine/model';
import { download, pngFromSvg } from './export';
import type { GameController, Origin } from './game-controller';
import { sentence } from './sentence';

/**
 * The longest position text the text box shows. Laying out a text box
 * costs about 2 µs a character, so 100 000 intervals (1.3 MB) held the page
 * for 2.5 s; a longer position is copied and replaced, not shown.
 */
const SHOWN_TEXT_LENGTH = 50_000;

/** How long typing in the text box must pause before the text is loaded. */
const TYPING_PAUSE_MS = 250;

/**
 * The position as text beside the board: a text box that loads what is
 * typed once typing pauses (a paste at once), the case picker of a
 * multi-case input, the reading error with its line and column, and
 * copying the text or exporting the board as SVG or PNG.
 */
export class PositionText implements ReactiveController {
  /** What the text box holds: what the person typed, or the position shown. */
  draft = '';
  /** The multi-case text the case picker chooses from. */
  private casesText = '';
  /** A short word on what the last export or copy did. */
  private notice = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly game: GameController,
    /** The game's id, naming exported files. */
    private readonly gameId: () => string,
    private readonly board: () => BoardElement | null,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }

  /** Starts from a position given by the attributes or a sample. */
  start(text: string): void {
    this.draft = text;
    this.casesText = text;
  }

  /** The text box keeps what the person typed; moves and edits rewrite it. */
  shown(view: View, origin: Origin): void {
    if (origin === 'action') this.draft = view.text;
  }

  /** Typing waits for a pause; a paste or a drop is a whole text, loaded at once. */
  private onInput(event: InputEvent): void {
    const whole = event.inputType?.startsWith('insertFrom') ?? false;
    this.take((event.target as HTMLTextAreaElement).value, whole ? 0 : TYPING_PAUSE_MS);
  }

  /**
   * A paste that leaves the text too long to show goes straight to the
   * position: Chromium's own paste of 2 MB over a selection in a text box
   * took 105 s.
   */
  private onPaste(event: ClipboardEvent): void {
    const box = event.target as HTMLTextAreaElement;
    const pasted = event.clipboardData?.getData('text/plain') ?? '';
    const text = box.value.slice(0, box.selectionStart) + pasted + box.value.slice(box.selectionEnd);
    if (text.length <= SHOWN_TEXT_LENGTH) return;
    event.preventDefault();
    this.take(text, 0);
  }

  private take(text: string, pauseMs: number): void {
    this.draft = text;
    this.host.requestUpdate();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.load(), pauseMs);
  }

  private load(): void {
    this.casesText = this.draft;
    void this.game.load(this.draft, 0, 'input');
  }

  private pickCase(event: Event): void {
    const index = Number((event.target as HTMLSelectElement).value);
    void this.game.load(this.casesText, index, 'action');
  }

  private say(notice: string): void {
    this.notice = notice;
    this.host.requestUpdate();
  }

  private async copy(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      this.say('Copied.');
    } catch {
      this.say('The browser did not allow copying; select the text above instead.');
    }
  }

  /** Downloads the board as `<game>.svg` or `<game>.png`. */
  private async export(format: 'svg' | 'png'): Promise<void> {
    const drawn = this.board()?.exportSvg();
    if (!drawn) {
      this.say('Nothing to export yet.');
      return;
    }
    const name = `${this.gameId() || 'position'}.${format}`;
    try {
      const blob =
        format === 'svg'
          ? new Blob([drawn.markup], { type: 'image/svg+xml' })
          : await pngFromSvg(drawn.markup, drawn.width, drawn.height);
      download(name, blob);
      this.say(`Saved ${name}.`);
    } catch (error) {
      this.say(`The ${format.toUpperCase()} could not be made: ${(error as Error).message}`);
    }
  }

  /** The text box with its case picker, its error and the export buttons; `text` is the position shown. */
  render(text: string) {
    const error = this.game.inputError;
    const cases = this.game.view?.cases ?? [1, 0];
    const errorId = `${this.game.session}-error`;
    const hidden = this.draft.length > SHOWN_TEXT_LENGTH;
    return html`<div class="text" part="text">
      <label class="field-label" for="position">Position as text</label>
      <textarea
        id="position"
        spellcheck="false"
        aria-invalid=${error ? 'true' : 'false'}
        aria-describedby=${error ? errorId : nothing}
        .value=${live(hidden ? '' : this.draft)}
        placeholder=${hidden
          ? `This position is ${this.draft.length.toLocaleString('en')} characters long, too long to show here. Copy text copies it; a position pasted here replaces it.`
          : nothing}
        @input=${(e: InputEvent) => this.onInput(e)}
        @paste=${(e: ClipboardEvent) => this.onPaste(e)}
      ></textarea>
      ${cases[0] > 1
        ? html`<label
            >Case
            <select @change=${(e: Event) => this.pickCase(e)}>
              ${Array.from({ length: cases[0] }, (_, i) => html`<option value=${i} ?selected=${i === cases[1]}>${i + 1} of ${cases[0]}</option>`)}
            </select></label
          >`
        : nothing}
      ${error ? html`<p class="error" id=${errorId} role="alert">${sentence(error.message)}</p>` : nothing}
      <div class="export" part="export">
        <button @click=${() => this.copy(text)}>Copy text</button>
        <button @click=${() => this.export('svg')}>SVG</button>
        <button @click=${() => this.export('png')}>PNG</button>
        <span class="timing" aria-live="polite">${this.notice}</span>
      </div>
    </div>`;
  }
}
