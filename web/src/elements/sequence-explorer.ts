import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { SequenceClient } from '../engine/sequence-client';
import { CancelledError } from '../engine/client';
import { isRare, type HeapOptions, type SequenceResult } from '../engine/sequence-protocol';
import './frequency-chart';
import { define } from './define';

/** The largest n the explorer computes to, and proves periods within: 2²⁶, 128 MiB of values. */
const MAX_VALUES = 1 << 26;
/** Side of one value's cell on the canvas, in CSS pixels, unless rows of a period need smaller. */
const CELL = 12;
/** The smallest cell a row of one period may shrink its cells to. */
const MIN_CELL = 3;
/** Height of the scrolling strip. */
const STRIP_HEIGHT = 240;

/** A colour per value, so repeats stand out; 0 (a P-position) is white. */
function valueColour(value: number): string {
  return value === 0 ? '#ffffff' : `hsl(${(value * 137.5) % 360} 62% ${value % 2 ? 58 : 70}%)`;
}

/**
 * G(0), G(1), … of a heap game's rule as a strip of cells, one per n,
 * wrapped into rows and drawn on a canvas that redraws only the rows in
 * view, so a million values scroll smoothly. The pre-period and each period
 * are marked; rare values are ringed. Clicking n shows its options, their
 * values and the mex. Work runs in a worker of its own, with progress and
 * a Cancel button.
 */
export class SequenceExplorer extends LitElement {
  static properties = {
    rule: { type: String },
    count: { state: true },
    result: { state: true },
    progress: { state: true },
    problem: { state: true },
    selected: { state: true },
    options: { state: true },
    hovered: { state: true },
    wrapped: { state: true },
  };

  /** As `grundy sequence` names it: `0.77`, `grundy`, `S=1,3,4`. */
  declare rule: string;
  declare private count: number;
  declare private result: SequenceResult | undefined;
  declare private progress: { done: number; total: number } | undefined;
  declare private problem: string;
  declare private selected: number | undefined;
  declare private options: HeapOptions | undefined;
  declare private hovered: number | undefined;
  /** Rows of one period each, where a period is proved. */
  declare private wrapped: boolean;

  private readonly client = new SequenceClient();
  private columns = 50;
  /** The cell's side now: smaller when rows of a long period must fit. */
  private cell = CELL;
  /** Blank cells before n = 0, so that with rows of one period each period starts a row. */
  private shift = 0;
  /** How many runs have started; a run's answer counts only while it is the newest. */
  private runs = 0;
  private resizeObserver?: ResizeObserver;

  constructor() {
    super();
    this.rule = '';
    this.count = 1000;
    this.problem = '';
    this.wrapped = false;
  }

  static styles = css`
    :host { display: block; font-size: 0.9rem; }
    .controls { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin-bottom: 0.5rem; }
    .controls input[type='number'] { font: inherit; width: 7rem; }
    button { font: inherit; border-radius: 0.4rem; border: 1px solid var(--grundy-border, #999); background: var(--grundy-surface, #fff);
      color: inherit; padding: 0.2rem 0.6rem; cursor: pointer; min-height: 2rem; }
    .working { display: flex; gap: 0.5rem; align-items: center; }
    progress { width: 10rem; }
    .summary { margin: 0.3rem 0; }
    .error { color: var(--grundy-error, #a0153e); }
    .scroller { position: relative; height: ${STRIP_HEIGHT}px; overflow-y: auto; border: 1px solid var(--grundy-border, #999);
      border-radius: 0.4rem; background: #fff; }
    canvas { position: sticky; top: 0; display: block; cursor: pointer; }
    .caption { min-height: 1.4em; color: var(--grundy-muted, #555); font-variant-numeric: tabular-nums; }
    .why { margin-top: 0.5rem; }
    .why ul { margin: 0.3rem 0; padding-left: 1.2rem; columns: 16rem; }
    .mex { display: inline-block; border: 2px solid var(--grundy-win, #117733); border-radius: 50%; padding: 0 0.35rem; font-weight: 700; }
    .legend { color: var(--grundy-muted, #555); font-size: 0.8rem; }
    h3.freq { font-size: 0.9rem; margin: 0.8rem 0 0.3rem; }
  `;

  connectedCallback(): void {
    super.connectedCallback();
    this.resizeObserver = new ResizeObserver(() => this.layout());
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
    this.client.cancel();
  }

  protected firstUpdated(): void {
    const scroller = this.scroller;
    if (scroller) this.resizeObserver?.observe(scroller);
  }

  protected updated(changed: PropertyValues): void {
    if (changed.has('rule') && this.rule) {
      this.result = undefined;
      this.selected = undefined;
      this.options = undefined;
      void this.run('compute');
    }
    if (changed.has('result') || changed.has('selected') || changed.has('wrapped')) this.layout();
  }

  private get scroller(): HTMLElement | null {
    return this.renderRoot.querySelector('.scroller');
  }

  /** Computes G(0 … count − 1), or as far as a period is proved. */
  private async run(op: 'compute' | 'prove'): Promise<void> {
    this.client.cancel();
    // The run this one replaces ends after it starts: only the newest run speaks.
    const run = ++this.runs;
    this.problem = '';
    this.progress = { done: 0, total: op === 'prove' ? MAX_VALUES : this.count };
    const onProgress = (done: number, total: number) => {
      if (run === this.runs) this.progress = { done, total };
    };
    try {
      const result = op === 'prove'
        ? await this.client.prove(this.rule, MAX_VALUES, onProgress)
        : await this.client.compute(this.rule, this.count, onProgress);
      if (run !== this.runs) return;
      this.result = result;
      if (op === 'prove') this.count = result.values.length;
    } catch (error) {
      if (run !== this.runs) return;
      this.problem = error instanceof CancelledError ? 'Stopped; the values computed before are kept.' : (error as Error).message;
    } finally {
      if (run === this.runs) this.progress = undefined;
    }
  }

  private cancel(): void {
    this.client.cancel();
  }

  private setCount(event: Event): void {
    const input = event.target as HTMLInputElement;
    const value = Number(input.value);
    if (!Number.isInteger(value) || value < 1 || value > MAX_VALUES) {
      this.problem = `n must be a whole number from 1 to ${MAX_VALUES}, not “${input.value}”`;
      return;
    }
    this.count = value;
    void this.run('compute');
  }

  private async select(n: number): Promise<void> {
    this.selected = n;
    this.options = undefined;
    try {
      this.options = await this.client.options(this.rule, n);
    } catch (error) {
      if (!(error instanceof CancelledError)) this.problem = (error as Error).message;
    }
  }

  /** Sizes the canvas to the strip and draws the rows in view. */
  private layout(): void {
    const scroller = this.scroller;
    const canvas = this.renderRoot.querySelector('canvas');
    const spacer = this.renderRoot.querySelector<HTMLElement>('.spacer');
    if (!scroller || !canvas || !spacer) return;
    const width = scroller.clientWidth;
    const period = this.wrapping();
    if (period) {
      this.columns = period.period;
      this.cell = Math.min(CELL, Math.floor(width / period.period));
      this.shift = (period.period - (period.preperiod % period.period)) % period.period;
    } else {
      this.cell = CELL;
      this.columns = Math.max(1, Math.floor(width / CELL));
      this.shift = 0;
    }
    const rows = Math.ceil(((this.result?.values.length ?? 0) + this.shift) / this.columns);
    // The spacer gives the scroll height; the sticky canvas covers the view.
    spacer.style.height = `${Math.max(0, rows * this.cell - STRIP_HEIGHT)}px`;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.floor(width * ratio);
    canvas.height = Math.floor(STRIP_HEIGHT * ratio);
    canvas.style.width = `${width}px`;
    canvas.style.height = `${STRIP_HEIGHT}px`;
    this.draw();
  }

  /** The period rows are wrapped at: one proved, asked for, and short enough to fit. */
  private wrapping() {
    const period = this.result?.period;
    return this.wrapped && period && this.fitsRow(period.period) ? period : undefined;
  }

  private fitsRow(period: number): boolean {
    return period * MIN_CELL <= (this.scroller?.clientWidth ?? 0);
  }

  private draw(): void {
    const scroller = this.scroller;
    const canvas = this.renderRoot.querySelector('canvas');
    const context = canvas?.getContext('2d');
    const result = this.result;
    if (!scroller || !canvas || !context) return;
    const ratio = window.devicePixelRatio || 1;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, canvas.width, canvas.height);
    if (!result) return;
    const { values, period } = result;
    const ringRare = this.rareIsRare(result);
    const cell = this.cell;
    const firstRow = Math.floor(scroller.scrollTop / cell);
    const offset = scroller.scrollTop - firstRow * cell;
    const visibleRows = Math.ceil(STRIP_HEIGHT / cell) + 1;
    const showDigits = cell >= 12;
    context.font = '8px system-ui, sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    for (let row = 0; row < visibleRows; row++) {
      for (let column = 0; column < this.columns; column++) {
        const n = (firstRow + row) * this.columns + column - this.shift;
        if (n >= values.length) break;
        if (n < 0) continue;
        const x = column * cell;
        const y = row * cell - offset;
        const value = values[n];
        context.fillStyle = valueColour(value);
        context.fillRect(x, y, cell - 1, cell - 1);
        if (period && n < period.preperiod) {
          // The pre-period is hatched: its values do not repeat.
          context.fillStyle = 'rgba(0,0,0,0.12)';
          context.fillRect(x, y, cell - 1, cell - 1);
        }
        if (ringRare && isRare(result, n)) {
          context.strokeStyle = '#000';
          context.lineWidth = 2;
          context.strokeRect(x + 1, y + 1, cell - 3, cell - 3);
        }
        if (period && n >= period.preperiod && (n - period.preperiod) % period.period === 0 && cell > 4) {
          context.fillStyle = '#0b57d0';
          context.fillRect(x, y, 2, cell - 1);
        }
        if (n === this.selected) {
          context.strokeStyle = '#0b57d0';
          context.lineWidth = 2;
          context.strokeRect(x, y, cell - 1, cell - 1);
        }
        if (showDigits && value < 100) {
          context.fillStyle = '#222';
          context.fillText(String(value), x + cell / 2, y + cell / 2 + 0.5);
        }
      }
    }
  }

  /** The result `rareIsRare` last counted, and its answer. */
  private ringing?: { result: SequenceResult; rings: boolean };

  /**
   * Whether rare values are few enough to be worth ringing: early on, or in
   * games without splits, the rare class is no smaller than the common one.
   * Counted once per result, since drawing asks on every scroll.
   */
  private rareIsRare(result: SequenceResult): boolean {
    if (this.ringing?.result !== result) {
      let count = 0;
      for (let byte of result.rare) {
        for (; byte; byte &= byte - 1) count++;
      }
      this.ringing = { result, rings: count > 0 && count <= result.values.length / 10 };
    }
    return this.ringing.rings;
  }

  /** The n under a pointer event, if it is a computed value. */
  private pointAt(event: MouseEvent): number | undefined {
    const scroller = this.scroller;
    const values = this.result?.values;
    if (!scroller || !values) return undefined;
    const box = scroller.getBoundingClientRect();
    const column = Math.floor((event.clientX - box.left) / this.cell);
    const row = Math.floor((event.clientY - box.top + scroller.scrollTop) / this.cell);
    const n = row * this.columns + column - this.shift;
    return column < this.columns && n >= 0 && n < values.length ? n : undefined;
  }

  render() {
    const result = this.result;
    const period = result?.period;
    const noTheorem = this.rule === 'grundy';
    return html`
      <div class="controls">
        <label>Values up to n =
          <input type="number" min="1" max=${MAX_VALUES} .value=${String(this.count)} @change=${this.setCount} /></label>
        ${noTheorem ? nothing : html`<button @click=${() => void this.run('prove')} ?disabled=${!!period}>Prove a period</button>`}
        ${period
          ? this.fitsRow(period.period)
            ? html`<label><input type="checkbox" .checked=${this.wrapped} @change=${(e: Event) => (this.wrapped = (e.target as HTMLInputElement).checked)} />
                Rows of one period</label>`
            : html`<span class="legend">A period of ${period.period} is too long for rows of one period here.</span>`
          : nothing}
        ${this.progress
          ? html`<span class="working" role="status">
              <progress max=${this.progress.total} .value=${this.progress.done}></progress>
              ${this.progress.done.toLocaleString('en')} of ${this.progress.total.toLocaleString('en')}
              <button @click=${this.cancel}>Cancel</button></span>`
          : nothing}
      </div>
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
      <p class="summary" aria-live="polite">${this.renderSummary(result, noTheorem)}</p>
      <div class="scroller" @scroll=${() => this.draw()}>
        <canvas role="img" aria-label=${`G(n) for n from 0 to ${(result?.values.length ?? 1) - 1}`}
          @mousemove=${(e: MouseEvent) => (this.hovered = this.pointAt(e))}
          @mouseleave=${() => (this.hovered = undefined)}
          @click=${(e: MouseEvent) => {
            const n = this.pointAt(e);
            if (n !== undefined) void this.select(n);
          }}></canvas>
        <div class="spacer"></div>
      </div>
      <p class="caption">${this.hovered !== undefined && result
        ? `n = ${this.hovered}: G = ${result.values[this.hovered]}${this.rareIsRare(result) && isRare(result, this.hovered) ? ' (rare)' : ''}`
        : 'Point at a cell to read it; click it to see why it has its value.'}</p>
      <p class="legend">Each cell is one n, left to right${this.wrapping() ? '; each row one period, from the pre-period’s end' : ''}.${result && this.rareIsRare(result) ? ' Ringed: rare values.' : ''}
        ${result?.period ? ' Blue bars: each period’s start. Shaded: the pre-period.' : ''}</p>
      ${this.renderWhy()}
      ${result?.frequencies.length
        ? html`<h3 class="freq">How often each value occurs among G(0) … G(${(result.values.length - 1).toLocaleString('en')})</h3>
            <grundy-frequency-chart .frequencies=${result.frequencies}></grundy-frequency-chart>`
        : nothing}
    `;
  }

  private renderSummary(result: SequenceResult | undefined, noTheorem: boolean) {
    if (!result) return this.progress ? 'Computing…' : '';
    const known = `${result.values.length.toLocaleString('en')} values in ${result.ms.toFixed(0)} ms`;
    if (result.period) {
      return html`${known}. <strong>Period ${result.period.period}</strong> from n = ${result.period.preperiod} (proved).`;
    }
    if (noTheorem) return `${known}. No period is known, and no theorem would prove one.`;
    return `${known}. No period proved within these values.`;
  }

  private renderWhy() {
    const n = this.selected;
    const options = this.options;
    if (n === undefined) return nothing;
    if (!options) return html`<div class="why">Looking at n = ${n}…</div>`;
    const optionText = (o: HeapOptions['shown'][number]) => {
      const heaps = o.leaves.length === 0 ? 'nothing' : o.leaves.join(' and ');
      const what = o.take === 0 ? `split into ${heaps}` : `take ${o.take}, leaving ${heaps}`;
      const sum = o.leaves.length > 1 ? `${o.leaves.map((h) => `G(${h})`).join(' ⊕ ')} = ` : '';
      return `${what}: ${sum}${o.value}`;
    };
    return html`<div class="why" aria-live="polite">
      <strong>G(${n}) = mex{${options.values.join(', ')}} = <span class="mex">${options.value}</span></strong>
      — ${options.count} option${options.count === 1 ? '' : 's'}.
      <ul>${options.shown.map((o) => html`<li>${optionText(o)}</li>`)}</ul>
      ${options.count > options.shown.length ? html`<span class="legend">and ${options.count - options.shown.length} more.</span>` : nothing}
    </div>`;
  }
}

define('grundy-sequence', SequenceExplorer);
