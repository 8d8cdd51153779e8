import { LitElement, css, html, nothing } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import '../elements/grundy-game';
import type { GrundyPuzzleDetail } from '../elements/grundy-game';
import { define } from '../elements/define';
import { bankGames, choosePuzzle, dailyPuzzle, dayOf, puzzlesOf, themesOf, type BankGame, type Puzzle } from './bank';
import { loadProgress, recordTry, saveProgress, triedIds, type Progress } from './progress';

type Mode = 'train' | 'daily' | 'rush';

/** How a puzzle on the board stands: untried, solved at the first try, missed, or found after a miss. */
type Standing = 'open' | 'solved' | 'missed' | 'found';

/** A rush: as many puzzles as the player solves in three minutes; the third mistake ends it. */
interface Rush {
  ends: number;
  solved: number;
  mistakes: number;
  /** The rating the next puzzle is drawn near: it rises with each solve. */
  level: number;
  /** The puzzles this rush has shown: none comes twice. */
  seen: Set<string>;
  over: boolean;
}

const RUSH_MS = 3 * 60 * 1000;
const RUSH_MISTAKES = 3;

/** The page's own words for a game id, from the bank's file names. */
const gameName = (id: string) => id.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/**
 * `puzzles.html`: puzzles from the shipped bank on the real board, values
 * hidden. A first try rates the player and the puzzle (Glicko-2, as lichess
 * does); a daily puzzle is the same for everyone on a date; a rush is three
 * minutes of puzzles, ended by the third mistake. Progress stays in the
 * browser and works offline.
 */
export class PuzzlesPage extends LitElement {
  static properties = {
    mode: { state: true },
    games: { state: true },
    game: { state: true },
    theme: { state: true },
    themes: { state: true },
    puzzle: { state: true },
    standing: { state: true },
    change: { state: true },
    progress: { state: true },
    rush: { state: true },
    now: { state: true },
    problem: { state: true },
  };

  declare private mode: Mode;
  declare private games: BankGame[];
  /** The game asked for, or `any`. */
  declare private game: string;
  declare private theme: string;
  /** The themes of the game asked for, for the theme picker. */
  declare private themes: string[];
  declare private puzzle: Puzzle | undefined;
  declare private standing: Standing;
  /** How the first try moved the player's rating. */
  declare private change: number | undefined;
  declare private progress: Progress;
  declare private rush: Rush | undefined;
  declare private now: number;
  declare private problem: string | undefined;
  /** Whether the puzzle shown has had its first try (or its solution shown). */
  private rated = false;
  private solutionShown = false;
  /** Counts the puzzles shown, so that each one gets a fresh board, even one shown twice. */
  private shown = 0;
  private timer: number | undefined;

  static styles = css`
    :host { display: block; max-width: 62rem; margin: 0 auto; padding: 0.75rem 1rem 2rem; }
    header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.5rem 1rem; }
    h1 { font-size: 1.5rem; margin: 0; }
    header nav { margin-left: auto; display: flex; gap: 1rem; }
    a { color: #0b57d0; }
    @media (prefers-color-scheme: dark) { a { color: #8ab4f8; } }
    .stats { display: flex; flex-wrap: wrap; gap: 0.4rem 1.25rem; margin: 0.75rem 0; font-variant-numeric: tabular-nums; }
    .stats strong { font-size: 1.15rem; }
    .tabs { display: flex; gap: 0.5rem; margin: 0.5rem 0; }
    button, select { font: inherit; min-height: 2.25rem; padding: 0.2rem 0.75rem; border-radius: 0.4rem; border: 1px solid #9aa0a6; background: transparent; color: inherit; }
    button[aria-pressed='true'] { background: #0b57d0; border-color: #0b57d0; color: #fff; }
    button.primary { background: #0b57d0; border-color: #0b57d0; color: #fff; }
    .pickers { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; margin: 0.5rem 0; }
    label { display: inline-flex; gap: 0.4rem; align-items: center; }
    .about { margin: 0.5rem 0; color: #5f6368; }
    @media (prefers-color-scheme: dark) { .about { color: #aab0b8; } }
    .feedback { min-height: 2.5rem; display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; margin: 0.5rem 0; }
    .solved { color: #137333; font-weight: 600; }
    .missed { color: #b3261e; font-weight: 600; }
    @media (prefers-color-scheme: dark) { .solved { color: #81c995; } .missed { color: #f28b82; } }
    .error { color: #b3261e; }
    grundy-game { display: block; }
  `;

  constructor() {
    super();
    this.mode = 'train';
    this.games = [];
    this.game = 'any';
    this.theme = 'any';
    this.themes = [];
    this.standing = 'open';
    this.progress = loadProgress();
    this.now = Date.now();
  }

  connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.followAddress);
    this.followAddress();
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.followAddress);
    window.clearInterval(this.timer);
  }

  /** Shows what the address asks for (`#mode=daily`, `#game=nim&theme=mirror`): as the page opens, and when a link on it changes the address. */
  private readonly followAddress = () => {
    const asked = new URLSearchParams(location.hash.slice(1));
    this.mode = asked.get('mode') === 'daily' ? 'daily' : 'train';
    this.rush = undefined;
    window.clearInterval(this.timer);
    this.game = asked.get('game') ?? 'any';
    this.theme = asked.get('theme') ?? 'any';
    void this.start();
  };

  private async start(): Promise<void> {
    try {
      this.games = bankGames();
      if (this.game !== 'any' && !this.games.some((g) => g.game === this.game)) this.game = 'any';
      await this.loadThemes();
      await (this.mode === 'daily' ? this.showDaily() : this.next());
    } catch (error) {
      this.problem = `The puzzles could not be loaded: ${error instanceof Error ? error.message : String(error)}.`;
    }
  }

  private async loadThemes(): Promise<void> {
    if (this.game === 'any') {
      this.themes = [];
      this.theme = 'any';
      return;
    }
    const puzzles = await puzzlesOf(this.game);
    this.themes = themesOf(puzzles);
    if (!this.themes.includes(this.theme)) this.theme = 'any';
  }

  /** Shows `puzzle` on the board, untried. */
  private show(puzzle: Puzzle): void {
    this.puzzle = puzzle;
    this.shown += 1;
    this.standing = 'open';
    this.change = undefined;
    this.rated = false;
    this.solutionShown = false;
    this.problem = undefined;
  }

  /** A puzzle near the player's rating (or the rush's level), of the game and theme asked for. */
  private async next(): Promise<void> {
    const game = this.game === 'any' ? this.games[Math.floor(Math.random() * this.games.length)].game : this.game;
    const rating = this.rush ? this.rush.level : this.progress.player.rating;
    // Never the puzzle on the board again, even when every other one has been tried.
    const done = new Set([...triedIds(this.progress), ...(this.rush?.seen ?? [])]);
    if (this.puzzle) done.add(this.puzzle.id);
    const chosen = choosePuzzle(await puzzlesOf(game), rating, this.theme, done, Math.random);
    if (chosen) {
      this.rush?.seen.add(chosen.id);
      this.show(chosen);
    }
    else this.problem = `No ${gameName(game)} puzzle has the theme ${this.theme}.`;
  }

  private async showDaily(): Promise<void> {
    const puzzle = await dailyPuzzle(this.today);
    this.show(puzzle);
    const tried = this.progress.dailies[this.today];
    if (tried !== undefined) {
      this.rated = true;
      this.standing = tried ? 'solved' : 'missed';
    }
  }

  private get today(): string {
    return dayOf(new Date(this.now));
  }

  private async setMode(mode: Mode): Promise<void> {
    this.mode = mode;
    this.rush = undefined;
    window.clearInterval(this.timer);
    history.replaceState(null, '', mode === 'daily' ? '#mode=daily' : location.pathname + location.search);
    if (mode === 'daily') await this.showDaily();
    else if (mode === 'train') await this.next();
    else this.puzzle = undefined;
  }

  private startRush(): void {
    this.now = Date.now();
    this.rush = { ends: this.now + RUSH_MS, solved: 0, mistakes: 0, level: 900, seen: new Set(), over: false };
    window.clearInterval(this.timer);
    this.timer = window.setInterval(() => this.tick(), 250);
    void this.next();
  }

  private tick(): void {
    this.now = Date.now();
    if (this.rush && !this.rush.over && this.now >= this.rush.ends) this.endRush();
  }

  private endRush(): void {
    const rush = this.rush;
    if (!rush) return;
    window.clearInterval(this.timer);
    this.rush = { ...rush, over: true };
    this.puzzle = undefined;
    this.progress = { ...this.progress, bestRush: Math.max(this.progress.bestRush, rush.solved) };
    saveProgress(this.progress);
  }

  /** A try reported by the board: rates the first one, and moves a rush on. */
  private onTry(event: CustomEvent<GrundyPuzzleDetail>): void {
    const puzzle = this.puzzle;
    if (!puzzle) return;
    const solved = event.detail.solved;
    if (this.rush) {
      if (this.rush.over) return;
      const rush = solved
        ? { ...this.rush, solved: this.rush.solved + 1, level: this.rush.level + 60 }
        : { ...this.rush, mistakes: this.rush.mistakes + 1 };
      this.rush = rush;
      if (rush.mistakes >= RUSH_MISTAKES) this.endRush();
      else void this.next();
      return;
    }
    this.solutionShown ||= event.detail.shown;
    if (this.standing === 'open') this.standing = solved ? 'solved' : 'missed';
    else if (this.standing === 'missed' && solved) this.standing = 'found';
    if (this.rated) return;
    this.rated = true;
    const progress = structuredClone(this.progress);
    const daily = this.mode === 'daily';
    this.change = recordTry(progress, puzzle, solved, new Date(), daily);
    if (daily) progress.dailies[this.today] = solved;
    this.progress = progress;
    saveProgress(progress);
  }

  private async pickGame(game: string): Promise<void> {
    this.game = game;
    await this.loadThemes();
    await this.next();
  }

  private async pickTheme(theme: string): Promise<void> {
    this.theme = theme;
    await this.next();
  }

  /** The whole progress as a file the player keeps. */
  private exportProgress(): void {
    const blob = new Blob([JSON.stringify(this.progress, null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `grundy-puzzles-${this.today}.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  }

  render() {
    const { player, streak, bestStreak, bestRush } = this.progress;
    return html`
      <header>
        <h1>Puzzles</h1>
        <nav aria-label="Pages"><a href="./">Playground</a> <a href="./lesson.html">Lessons</a> <a href="./docs/">Guide</a></nav>
      </header>
      <section class="stats" aria-label="Your progress">
        <span>Rating <strong class="rating">${Math.round(player.rating)}</strong> ± ${Math.round(player.deviation)}</span>
        <span>Streak <strong class="streak">${streak}</strong> (best ${bestStreak})</span>
        <span>Best rush <strong class="best-rush">${bestRush}</strong></span>
        <button @click=${() => this.exportProgress()}>Export progress</button>
      </section>
      <div class="tabs" role="group" aria-label="Mode">
        ${(['train', 'daily', 'rush'] as const).map(
          (mode) => html`<button aria-pressed=${this.mode === mode ? 'true' : 'false'} @click=${() => void this.setMode(mode)}>
            ${{ train: 'Puzzles', daily: 'Daily puzzle', rush: 'Puzzle rush' }[mode]}</button>`,
        )}
      </div>
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
      ${this.mode === 'train' ? this.renderPickers() : nothing}
      ${this.mode === 'rush' ? this.renderRush() : nothing}
      ${this.puzzle ? this.renderPuzzle(this.puzzle) : nothing}
    `;
  }

  private renderPickers() {
    return html`<div class="pickers">
      <label>Game
        <select @change=${(e: Event) => void this.pickGame((e.target as HTMLSelectElement).value)}>
          <option value="any" ?selected=${this.game === 'any'}>Any game</option>
          ${this.games.map((g) => html`<option value=${g.game} ?selected=${this.game === g.game}>${gameName(g.game)}</option>`)}
        </select></label>
      <label>Theme
        <select ?disabled=${this.game === 'any'} @change=${(e: Event) => void this.pickTheme((e.target as HTMLSelectElement).value)}>
          <option value="any" ?selected=${this.theme === 'any'}>Any theme</option>
          ${this.themes.map((t) => html`<option value=${t} ?selected=${this.theme === t}>${t}</option>`)}
        </select></label>
    </div>`;
  }

  private renderRush() {
    const rush = this.rush;
    if (!rush) {
      return html`<p class="about">Three minutes: solve as many puzzles as you can. The third mistake ends the rush. Ratings do not change.</p>
        <button class="primary" @click=${() => this.startRush()}>Start the rush</button>`;
    }
    const left = Math.max(0, rush.ends - this.now);
    const clock = `${Math.floor(left / 60000)}:${String(Math.floor((left % 60000) / 1000)).padStart(2, '0')}`;
    return html`<p class="stats rush" aria-live="polite">
        <span>Time <strong class="clock">${rush.over ? '0:00' : clock}</strong></span>
        <span>Solved <strong class="rush-solved">${rush.solved}</strong></span>
        <span>Mistakes <strong class="mistakes">${rush.mistakes}</strong> of ${RUSH_MISTAKES}</span>
      </p>
      ${rush.over
        ? html`<p class="feedback" role="status"><span class="over">Rush over: ${rush.solved} solved.</span>
            <button class="primary" @click=${() => this.startRush()}>Rush again</button></p>`
        : nothing}`;
  }

  private renderPuzzle(puzzle: Puzzle) {
    const tried = this.standing !== 'open';
    const daily = this.mode === 'daily' ? html`Daily puzzle of ${this.today} · ` : nothing;
    // Themes can hint at the answer ("mirror", "unique"): shown once tried.
    const themes = tried && !this.rush ? html` · ${puzzle.themes.join(', ')}` : nothing;
    return html`
      <p class="about">${daily}${gameName(puzzle.game)} · ${puzzle.play === 'misere' ? 'misère play' : 'normal play'} ·
        puzzle rated ${puzzle.rating}${themes}</p>
      ${keyed(
        this.shown,
        html`<grundy-game
        game=${puzzle.game}
        .position=${puzzle.position}
        play=${puzzle.play}
        controls="play"
        puzzle
        @grundy-puzzle=${(e: CustomEvent<GrundyPuzzleDetail>) => this.onTry(e)}
      ></grundy-game>`,
      )}
      ${this.rush ? nothing : this.renderFeedback()}
    `;
  }

  private renderFeedback() {
    const change = this.change === undefined ? nothing : html` Rating ${this.change >= 0 ? '+' : '−'}${Math.abs(Math.round(this.change))}.`;
    const next = this.mode === 'daily' ? nothing : html`<button class="primary" @click=${() => void this.next()}>Next puzzle</button>`;
    if (this.standing === 'solved') return html`<div class="feedback" role="status"><span class="solved">Solved!${change}</span>${next}</div>`;
    if (this.standing === 'found') return html`<div class="feedback" role="status"><span>Found, after a miss.${change}</span>${next}</div>`;
    if (this.standing === 'missed') {
      const how = this.solutionShown ? 'A winning move is shown on the board.' : 'Try again on the board, or show the solution.';
      return html`<div class="feedback" role="status"><span class="missed">Not solved.${change}</span> <span>${how}</span>${next}</div>`;
    }
    return html`<div class="feedback"><span>Your first try counts for your rating.</span></div>`;
  }
}

define('grundy-puzzles', PuzzlesPage);
