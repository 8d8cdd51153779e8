import { LitElement, css, html, type PropertyValues } from 'lit';
import type uPlot from 'uplot';
import { define } from './define';

/** The chart's height, in CSS pixels. */
const HEIGHT = 220;

/**
 * How often each value occurs among the values computed, as bars on a
 * logarithmic scale (a value met once stands beside one met millions of
 * times) drawn by uPlot, loaded only when a chart is first shown, with the
 * same counts in a table for reading and for screen readers.
 */
export class FrequencyChart extends LitElement {
  static properties = { frequencies: { attribute: false } };
  /** `[value, times]`, by increasing value. */
  declare frequencies: [number, number][];

  private plot?: uPlot;
  private styled = false;
  private resizeObserver?: ResizeObserver;

  constructor() {
    super();
    this.frequencies = [];
  }

  static styles = css`
    :host { display: block; }
    .chart { min-height: ${HEIGHT}px; }
    table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.8rem; }
    td, th { padding: 0 0.5rem; text-align: right; }
    .table { max-height: 12rem; overflow: auto; display: inline-block; }
    summary { cursor: pointer; }
  `;

  connectedCallback(): void {
    super.connectedCallback();
    this.resizeObserver = new ResizeObserver(() => this.plot?.setSize({ width: this.chartWidth(), height: HEIGHT }));
    this.resizeObserver.observe(this);
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
    this.plot?.destroy();
    this.plot = undefined;
  }

  private chartWidth(): number {
    return Math.max(200, this.clientWidth);
  }

  protected async updated(changed: PropertyValues): Promise<void> {
    if (!changed.has('frequencies')) return;
    const [{ default: UPlot }, { default: sheetText }] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css?inline')]);
    const root = this.shadowRoot!;
    if (!this.styled) {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(sheetText);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      this.styled = true;
    }
    const data: uPlot.AlignedData = [this.frequencies.map(([value]) => value), this.frequencies.map(([, times]) => times)];
    this.plot?.destroy();
    const target = root.querySelector<HTMLElement>('.chart')!;
    this.plot = new UPlot(
      {
        width: this.chartWidth(),
        height: HEIGHT,
        legend: { show: false },
        cursor: { y: false },
        scales: {
          // Half a bar's room beyond the first and the last value.
          x: { time: false, range: (_, min, max) => [min - 0.5, max + 0.5] },
          // From below 1, so that a value met once still shows a bar.
          y: { distr: 3, range: (_, __, max) => [0.5, Math.max(10, max * 2)] },
        },
        axes: [
          { label: 'value G(n)', incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500], values: (_, ticks) => ticks.map(String) },
          { label: 'how often', size: 60 },
        ],
        series: [{}, { label: 'how often', fill: '#0b57d0aa', stroke: '#0b57d0', paths: UPlot.paths.bars!({ size: [0.9, 24] }), points: { show: false } }],
      },
      data,
      target,
    );
  }

  render() {
    const total = this.frequencies.reduce((sum, [, times]) => sum + times, 0);
    const [commonest, most] = this.frequencies.reduce<[number, number]>((best, [value, times]) => (times > best[1] ? [value, times] : best), [0, 0]);
    const share = (times: number) => `${((100 * times) / Math.max(1, total)).toFixed(times * 1000 < total ? 3 : 1)} %`;
    return html`
      <div class="chart" role="img" aria-label=${`How often each value occurs: ${this.frequencies.length} values; the commonest is ${commonest}, ${share(most)} of them`}></div>
      <details>
        <summary>As a table (${this.frequencies.length} values)</summary>
        <div class="table"><table>
          <thead><tr><th scope="col">value</th><th scope="col">how often</th><th scope="col">share</th></tr></thead>
          <tbody>${this.frequencies.map(([value, times]) => html`<tr><td>${value}</td><td>${times.toLocaleString('en')}</td><td>${share(times)}</td></tr>`)}</tbody>
        </table></div>
      </details>
    `;
  }
}

define('grundy-frequency-chart', FrequencyChart);

declare global {
  interface HTMLElementTagNameMap {
    'grundy-frequency-chart': FrequencyChart;
  }
}
