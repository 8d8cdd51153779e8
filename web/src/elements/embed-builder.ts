import { LitElement, css, html } from 'lit';
import { engine } from '../engine/client';
import type { GameInfo } from '../engine/model';
import './grundy-game';
import { readValues } from './options';
import { define } from './define';
import { sentence } from './sentence';
import type { Theme } from './theme';

/** Text made safe inside a double-quoted HTML attribute. */
export function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

interface Choice {
  game: string;
  position: string;
  mode: string;
  opponent: string;
  first: string;
  level: string;
  /** `normal` or `misere`. */
  play: string;
  /** `full`, `play` or `none`: how much surrounds the board. */
  controls: string;
  /** `shown` or `hidden`. */
  values: string;
  hints: boolean;
  /** Ask the reader to find a winning move. */
  puzzle: boolean;
  /** Ask "P or N?" or a part's nimber before each of the reader's moves. */
  quiz: boolean;
  theme: Theme;
}

/**
 * The embed page: choose a game, a position and options, see the live
 * element, and copy a snippet for a blog (or an iframe where scripts are
 * not allowed).
 */
export class EmbedBuilder extends LitElement {
  static properties = { games: { state: true }, choice: { state: true }, copied: { state: true }, size: { state: true }, problem: { state: true } };

  declare private games: GameInfo[];
  declare private choice: Choice;
  declare private copied: string;
  /** Why the preview cannot read the position typed, said beside the field. */
  declare private problem: string;
  /** The preview's size on this page, so a blogger sees what each controls level takes. */
  declare private size: { width: number; height: number } | undefined;
  private readonly measure = new ResizeObserver(([entry]) => {
    const box = entry.borderBoxSize[0];
    this.size = { width: Math.round(box.inlineSize), height: Math.round(box.blockSize) };
  });

  constructor() {
    super();
    this.games = [];
    this.copied = '';
    this.problem = '';
    this.choice = {
      ...{ game: 'nim', position: '3 4 5\n', mode: 'play', opponent: 'ai', first: 'human', level: 'optimal', play: 'normal' },
      ...{ controls: 'full', values: 'shown', hints: false, puzzle: false, quiz: false, theme: 'auto' },
    };
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.measure.disconnect();
  }

  protected firstUpdated(): void {
    this.measure.observe(this.renderRoot.querySelector('grundy-game')!);
  }

  connectedCallback(): void {
    super.connectedCallback();
    void engine()
      .games()
      .then((games) => (this.games = games));
  }

  private set(change: Partial<Choice>): void {
    this.choice = { ...this.choice, ...change };
  }

  /**
   * A puzzle starts with its values hidden, as the element does, and with
   * the play controls only, since the full ones would show the values.
   */
  private puzzleChanged(puzzle: boolean): void {
    this.set({ puzzle, values: readValues(undefined, puzzle), controls: puzzle ? 'play' : 'full' });
  }

  private pickGame(id: string): void {
    const game = this.games.find((g) => g.id === id);
    this.set({ game: id, position: game?.samples[0]?.input ?? '' });
  }

  /** Where the bundle lives, next to this page. */
  private get scriptUrl(): string {
    return new URL('embed/grundy-game.js', location.href).href;
  }

  get snippet(): string {
    const c = this.choice;
    const options = [
      `game="${attribute(c.game)}"`,
      `position="${attribute(c.position.trimEnd())}"`,
      `mode="${attribute(c.mode)}"`,
      c.mode === 'play' ? `opponent="${attribute(c.opponent)}"` : '',
      c.mode === 'play' && c.opponent === 'ai' ? `first="${attribute(c.first)}" level="${attribute(c.level)}"` : '',
      c.play === 'misere' ? 'play="misere"' : '',
      c.controls !== 'full' ? `controls="${attribute(c.controls)}"` : '',
      c.values !== readValues(undefined, c.puzzle) ? `values="${attribute(c.values)}"` : '',
      c.hints ? 'hints' : '',
      c.puzzle ? 'puzzle' : '',
      c.quiz ? 'quiz' : '',
      c.theme !== 'auto' ? `theme="${c.theme}"` : '',
    ].filter(Boolean);
    // The page keeps the game's place, as tall as the preview is, while it loads: nothing below it jumps.
    const place = this.size ? ` style="display:block;min-height:${this.size.height}px"` : '';
    return `<script type="module" src="${attribute(this.scriptUrl)}"></script>\n<grundy-game ${options.join(' ')}${place}></grundy-game>`;
  }

  get iframe(): string {
    const c = this.choice;
    const params = new URLSearchParams({ game: c.game, position: c.position, mode: c.mode, opponent: c.opponent, first: c.first, level: c.level });
    if (c.play === 'misere') params.set('play', 'misere');
    if (c.controls !== 'full') params.set('controls', c.controls);
    if (c.values !== readValues(undefined, c.puzzle)) params.set('values', c.values);
    if (c.hints) params.set('hints', '');
    if (c.puzzle) params.set('puzzle', '');
    if (c.quiz) params.set('quiz', '');
    if (c.theme !== 'auto') params.set('theme', c.theme);
    const src = new URL(`frame.html?${params}`, location.href).href;
    // The frame reports its content's height; the script sizes the iframe to
    // it. Where a page runs no script, the iframe keeps its 640 px.
    const resize =
      `<script>addEventListener('message', (e) => { const d = e.data; if (!d || d.type !== 'grundy-frame-height') return;` +
      ` for (const f of document.querySelectorAll('iframe')) if (f.contentWindow === e.source) f.style.height = d.height + 'px'; });</script>`;
    return `<iframe src="${attribute(src)}" title="${attribute(c.game)} position" style="width:100%;height:640px;border:0"></iframe>\n${resize}`;
  }

  /** A snippet to copy; none while the position cannot be read, since it would show readers only an error. */
  private renderCode(which: 'snippet' | 'iframe', heading: string, code: string) {
    const label = which === 'snippet' ? 'Snippet' : 'Iframe';
    const refused = this.problem !== '';
    return html`<section>
      <h2>${heading}</h2>
      <textarea class="code" readonly aria-label=${label} .value=${refused ? `Mend the position first: ${this.problem}` : code}></textarea>
      <button ?disabled=${refused} @click=${() => this.copy(which)}>${this.copied === which ? 'Copied' : `Copy ${label.toLowerCase()}`}</button>
    </section>`;
  }

  private async copy(which: 'snippet' | 'iframe'): Promise<void> {
    try {
      await navigator.clipboard.writeText(which === 'snippet' ? this.snippet : this.iframe);
      this.copied = which;
    } catch {
      this.copied = '';
    }
  }

  static styles = css`
    :host { display: block; max-width: 72rem; margin: 0 auto; padding: 1rem; box-sizing: border-box; }
    h1 { font-size: 1.5rem; margin: 0 0 0.25rem; }
    form { display: flex; flex-wrap: wrap; gap: 0.6rem 1rem; align-items: flex-end; margin: 1rem 0; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    label.inline { flex-direction: row; align-items: center; }
    .field { display: flex; flex-direction: column; gap: 0.2rem; }
    .error { color: #aa3377; margin: 0; max-width: 24rem; font-size: 0.85rem; }
    @media (prefers-color-scheme: dark) { .error { color: #ee7799; } }
    textarea, select, input { font: inherit; }
    textarea { font-family: ui-monospace, monospace; }
    .code { width: 100%; box-sizing: border-box; min-height: 5rem; font-size: 0.8rem; }
    section { margin-top: 1rem; }
    h2 { font-size: 1.05rem; margin: 0 0 0.4rem; }
    button { font: inherit; padding: 0.25rem 0.7rem; cursor: pointer; }
  `;

  render() {
    const c = this.choice;
    const select = (
      name: keyof Choice,
      label: string,
      values: [string, string][],
      change = (value: string) => this.set({ [name]: value }),
    ) => html`<label
      >${label}
      <select @change=${(e: Event) => change((e.target as HTMLSelectElement).value)}>
        ${values.map(([value, text]) => html`<option value=${value} ?selected=${c[name] === value}>${text}</option>`)}
      </select></label
    >`;
    return html`
      <h1>Embed a game</h1>
      <p>Choose a position and how it plays, then copy the snippet into any page. <a href="./">Back to the playground</a></p>
      <form @submit=${(e: Event) => e.preventDefault()}>
        ${select('game', 'Game', this.games.map((g) => [g.id, g.name]), (id) => this.pickGame(id))}
        <div class="field">
          <label>Position <textarea rows="4" cols="24" .value=${c.position} aria-invalid=${this.problem ? 'true' : 'false'}
            aria-describedby="position-problem" @input=${(e: Event) => this.set({ position: (e.target as HTMLTextAreaElement).value })}></textarea></label>
          <p class="error" id="position-problem" role="alert">${this.problem}</p>
        </div>
        ${select('mode', 'Mode', [['play', 'Play'], ['analyse', 'Analyse'], ['edit', 'Edit']])}
        ${select('opponent', 'Opponent', [['ai', 'Computer'], ['human', 'Two people']])}
        ${select('first', 'Who starts', [['human', 'The reader'], ['ai', 'The computer']])}
        ${select('level', 'Level', [['optimal', 'Optimal'], ['strong', 'Strong'], ['casual', 'Casual'], ['random', 'Random']])}
        ${select('play', 'Play', [['normal', 'Normal: the last move wins'], ['misere', 'Misère: the last move loses']])}
        ${select('controls', 'Controls', [['full', 'Full: toolbar, analysis, text'], ['play', 'Play: status, undo, new game'], ['none', 'None: the board alone']])}
        ${select('values', 'Values', [['shown', 'Shown'], ['hidden', 'Hidden: no nimbers or verdicts']])}
        ${select('theme', 'Theme', [['auto', "Auto: the page's, else the reader's"], ['light', 'Light'], ['dark', 'Dark']])}
        <label class="inline"><input type="checkbox" .checked=${c.hints} @change=${(e: Event) => this.set({ hints: (e.target as HTMLInputElement).checked })} /> Hints</label>
        <label class="inline"><input type="checkbox" .checked=${c.puzzle} @change=${(e: Event) => this.puzzleChanged((e.target as HTMLInputElement).checked)} /> Puzzle: find the winning move</label>
        <label class="inline"><input type="checkbox" .checked=${c.quiz} @change=${(e: Event) => this.set({ quiz: (e.target as HTMLInputElement).checked })} /> Quiz: a question before each move (P or N, a nimber, the total, the winning move)</label>
      </form>
      <section aria-label="Preview">
        <h2>Preview</h2>
        <p class="size" aria-live="polite">${this.size ? `${this.size.height} px tall at ${this.size.width} px wide; the controls level sets most of it.` : ''}</p>
        <grundy-game game=${c.game} .position=${c.position} mode=${c.mode} opponent=${c.opponent} first=${c.first}
          level=${c.level} play=${c.play} controls=${c.controls} values=${c.values} theme=${c.theme} ?hints=${c.hints} ?puzzle=${c.puzzle}
          ?quiz=${c.quiz} @grundy-invalid=${(e: CustomEvent<{ message: string }>) => (this.problem = sentence(e.detail.message))}
          @grundy-change=${() => (this.problem = '')}></grundy-game>
      </section>
      ${this.renderCode('snippet', 'Snippet', this.snippet)}
      ${this.renderCode('iframe', 'Or an iframe', this.iframe)}
    `;
  }

}

define('grundy-embed-builder', EmbedBuilder);
