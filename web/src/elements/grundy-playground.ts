import { LitElement, css, html, nothing } from 'lit';
import { engine } from '../engine/client';
import type { GameInfo, Convention } from '../engine/model';
import type { GrundyChangeDetail } from './grundy-game';
import { MAX_HASH_LENGTH, readHash, writeHash } from './options';
import './grundy-game';
import { classServer, playFriend, teach } from '../class/launch';
import { define } from './define';
import { roveIndex } from './rove';
import { PREFERENCE_ATTRIBUTES, loadPreferences, preferencesOf, samePreferences, savePreferences, type Preferences } from './preferences';

/**
 * The playground: a picker over every game, one `<grundy-game>` each (so
 * switching keeps each game's state), and a rules card. The game and its
 * position live in the URL hash, so a link shares the exact position; a
 * position too long for a link, and the moves that led to a position, live
 * in the history entry's state, so a reload keeps the move list.
 */
export class GrundyPlayground extends LitElement {
  static properties = {
    games: { state: true },
    plays: { state: true },
    selected: { state: true },
    positions: { state: true },
    loadError: { state: true },
    copied: { state: true },
    unknownGame: { state: true },
    unlinked: { state: true },
    lostPosition: { state: true },
    served: { state: true },
    serverProblem: { state: true },
    preferences: { state: true },
  };

  declare private games: GameInfo[];
  /** Each game's play, normal or misère, as the address says. */
  declare private plays: Record<string, Convention>;
  declare private selected: string;
  /** The starting position each game's element was given. */
  declare private positions: Record<string, string>;
  declare private loadError: string | undefined;
  declare private copied: boolean;
  /** A game the address named that does not exist. */
  declare private unknownGame: string | undefined;
  /** The shown position is too long for the address, which leaves it out. */
  declare private unlinked: boolean;
  /** The address says another tab kept its position, which this tab does not have. */
  declare private lostPosition: boolean;
  /** A class server answers: Teach this and Play a friend show. */
  declare private served: boolean;
  declare private serverProblem: string | undefined;
  /** The toolbar's options as the person last set them, in any game. */
  declare private preferences: Preferences;

  private readonly onAddressChange = () => this.followHash();

  constructor() {
    super();
    this.games = [];
    this.plays = {};
    this.selected = '';
    this.positions = {};
    this.unlinked = false;
    this.lostPosition = false;
    this.served = false;
    this.preferences = loadPreferences();
  }

  /** A toolbar option changed in the shown game becomes every game's, and is kept. */
  private readonly preferenceWatch = new MutationObserver((records) => {
    const changed = records.map((r) => r.target as HTMLElementTagNameMap['grundy-game']).find((g) => g.game === this.selected);
    if (!changed) return;
    const preferences = preferencesOf(changed);
    if (samePreferences(preferences, this.preferences)) return;
    this.preferences = preferences;
    savePreferences(preferences);
  });

  protected firstUpdated(): void {
    this.preferenceWatch.observe(this.renderRoot, { attributes: true, subtree: true, attributeFilter: PREFERENCE_ATTRIBUTES });
  }

  connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('hashchange', this.onAddressChange);
    // Back and Forward between positions kept by the tab change only the state.
    window.addEventListener('popstate', this.onAddressChange);
    engine()
      .games()
      .then((games) => {
        this.games = games;
        this.positions = Object.fromEntries(games.map((g) => [g.id, g.samples[0]?.input ?? '']));
        this.followHash();
      })
      .catch((error: Error) => (this.loadError = error.message));
    void classServer().then((served) => (this.served = served));
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('hashchange', this.onAddressChange);
    window.removeEventListener('popstate', this.onAddressChange);
  }

  /** Shows the game and position the hash names, if they are new. */
  private followHash(): void {
    const state = readHash(location.hash);
    const named = this.games.find((g) => g.id === state.game);
    this.unknownGame = state.game !== undefined && !named ? state.game : undefined;
    const game = named ?? this.games[0];
    if (!game) return;
    this.selected = game.id;
    const element = this.elementFor(game.id);
    const position = state.position ?? (state.kept ? keptPosition(game.id) : undefined);
    this.lostPosition = state.kept === true && position === undefined;
    this.plays = { ...this.plays, [game.id]: state.play ?? 'normal' };
    const line = keptLine(game.id);
    if (line && position !== undefined && position !== element?.text) {
      // The entry knows the moves that led here: bring back the move list
      // too. A game not yet on the page first opens where the moves start.
      if (!element) this.positions = { ...this.positions, [game.id]: line.start };
      void this.updateComplete.then(() => this.elementFor(game.id)?.restore(line.start, line.moves));
    } else if (position !== undefined && position !== (element?.text ?? this.positions[game.id])) {
      this.positions = { ...this.positions, [game.id]: position };
    }
  }

  private elementFor(id: string) {
    return this.renderRoot.querySelector<HTMLElementTagNameMap['grundy-game']>(`grundy-game[game="${CSS.escape(id)}"]`);
  }

  /** Shows another game; Back returns to the one before. */
  private select(id: string): void {
    const switched = id !== this.selected;
    this.selected = id;
    this.unknownGame = undefined;
    const text = this.elementFor(id)?.text ?? this.positions[id];
    const { hash, state } = this.addressOf(id, text);
    setHistoryEntry(switched ? 'push' : 'replace', state, hash);
  }

  /**
   * The hash for a game and position, and the history entry's state, which
   * keeps a position too long for the hash and the moves that led to it.
   */
  private addressOf(game: string, position: string | undefined, line?: Line): { hash: string; state: KeptState | null } {
    const { hash, kept } = writeHash({ game, position, play: this.misereOf(game) });
    this.unlinked = kept;
    const keptText = kept && position !== undefined ? { position } : {};
    return { hash, state: kept || line ? { game, ...keptText, ...line } : null };
  }

  private loadSample(id: string, input: string): void {
    const element = this.elementFor(id);
    // Setting the same text again would not reopen it, so nudge it first.
    if (this.positions[id] === input && element) element.position = `${input} `;
    this.positions = { ...this.positions, [id]: input };
  }

  /** `misere` when that game is played misère, for the address. */
  private misereOf(id: string): 'misere' | undefined {
    return this.plays[id] === 'misere' ? 'misere' : undefined;
  }

  /** Opens a class, or a game with a friend, on the position shown. */
  private async share(how: 'teach' | 'friend'): Promise<void> {
    const game = this.games.find((g) => g.id === this.selected);
    if (!game) return;
    // The game's element may still be on its way to the page: until it is,
    // the position to share is the one it is about to open.
    await this.updateComplete;
    const position = this.elementFor(game.id)?.text ?? this.positions[game.id] ?? '';
    this.serverProblem = undefined;
    try {
      const play = this.plays[game.id] ?? 'normal';
      if (how === 'teach') await teach({ title: game.name, game: game.id, position, play });
      else await playFriend(game.id, position, play);
    } catch (error) {
      this.serverProblem = (error as Error).message;
    }
  }

  /**
   * The game buttons are one Tab stop, the shown game's: the arrow keys,
   * Home and End move between them, and Enter or Space shows the game.
   */
  private onPickerKey(event: KeyboardEvent): void {
    const buttons = [...this.renderRoot.querySelectorAll<HTMLButtonElement>('nav button.game')];
    const at = buttons.indexOf(event.composedPath()[0] as HTMLButtonElement);
    if (at < 0) return;
    const to = roveIndex(event.key, at, buttons.length, { wrap: true });
    if (to === undefined) return;
    event.preventDefault();
    const next = buttons[to];
    for (const button of buttons) button.tabIndex = button === next ? 0 : -1;
    next.focus();
  }

  /** Copies the address of this exact game and position. */
  private async copyLink(): Promise<void> {
    try {
      await navigator.clipboard.writeText(location.href);
      this.copied = true;
      setTimeout(() => (this.copied = false), 2000);
    } catch {
      this.copied = false;
    }
  }

  /**
   * Keeps the address on the shown position: a load, an edit or a move of
   * the person's adds a history entry (so Back returns to the position
   * before it); the computer's answer, undo, redo and positions opened from
   * the address replace the current one.
   */
  private onChange(event: CustomEvent<GrundyChangeDetail>): void {
    const { game, text, cause, by, play, start, moves } = event.detail;
    if (game !== this.selected) return;
    this.plays = { ...this.plays, [game]: play };
    const { hash, state } = this.addressOf(game, text, { start, moves });
    if (hash === location.hash && sameState(state, history.state as KeptState | null)) return;
    if (cause === 'load' || cause === 'edit') {
      // The person has moved on from the position the address lost.
      this.lostPosition = false;
      setHistoryEntry('push', state, hash);
    } else {
      // A person's move is a step Back takes back; the computer's answer
      // joins it, and undo and redo stay on the entry they started from.
      setHistoryEntry(cause === 'move' && by === 'human' ? 'push' : 'replace', state, hash);
    }
  }

  static styles = css`
    :host { display: block; position: relative; max-width: 72rem; margin: 0 auto; padding: 1rem; box-sizing: border-box; }
    header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.5rem 1rem; margin-bottom: 0.75rem; }
    h1 { font-size: 1.5rem; margin: 0; }
    .tagline { color: var(--page-muted, #5b6270); margin: 0; }
    .links { margin-left: auto; display: flex; gap: 1rem; white-space: nowrap; }
    .links { align-items: baseline; flex-wrap: wrap; }
    .links a { color: inherit; }
    .links button.server { font: inherit; padding: 0.25rem 0.7rem; border-radius: 999px; border: 1px solid var(--page-accent, #0b57d0);
      background: transparent; color: inherit; cursor: pointer; }
    /* The skip link shows only while it has the keyboard focus. */
    .skip { position: absolute; left: 1rem; top: 0.5rem; z-index: 1; font: inherit; padding: 0.4rem 0.8rem;
      border-radius: 0.5rem; border: 0; background: var(--page-accent, #0b57d0); color: #fff; cursor: pointer; }
    .skip:not(:focus) { clip-path: inset(50%); width: 1px; height: 1px; padding: 0; overflow: hidden; white-space: nowrap; }
    .skip:focus-visible { outline: 3px solid var(--page-text, #1b1f24); outline-offset: 2px; }
    nav { display: flex; flex-wrap: wrap; gap: 0.4rem; margin-bottom: 1rem; }
    nav button { font: inherit; padding: 0.4rem 0.8rem; border-radius: 999px; border: 1px solid var(--page-border, #c9ced6);
      background: transparent; color: inherit; cursor: pointer; }
    nav button.share { margin-left: auto; order: 2; }
    nav button[aria-current='true'] { background: var(--page-accent, #0b57d0); color: #fff; border-color: transparent; }
    nav button:focus-visible { outline: 3px solid var(--page-accent, #0b57d0); outline-offset: 2px; }
    .card { margin-top: 1rem; padding: 0.75rem 1rem; border-radius: 0.75rem; border: 1px solid var(--page-border, #c9ced6); }
    .card h2 { font-size: 1.1rem; margin: 0 0 0.4rem; }
    .card p { margin: 0.3rem 0; line-height: 1.45; }
    .samples { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
    .samples button { font: inherit; font-size: 0.85rem; padding: 0.2rem 0.6rem; border-radius: 0.4rem;
      border: 1px solid var(--page-border, #c9ced6); background: transparent; color: inherit; cursor: pointer; }
    .error { color: #aa3377; }
    .note { color: var(--page-muted, #5b6270); margin: 0 0 0.75rem; }
    nav button:disabled { cursor: default; opacity: 0.55; }
    nav select { display: none; font: inherit; padding: 0.4rem 0.6rem; border-radius: 0.5rem;
      border: 1px solid var(--page-border, #c9ced6); background: transparent; color: inherit; }
    /* On a phone the games are one picker and the tagline goes, so the board is on the first screen. */
    @media (max-width: 640px) {
      .tagline { display: none; }
      nav { flex-wrap: nowrap; align-items: center; }
      nav button.game { display: none; }
      nav select { display: block; flex: 1 1 auto; min-width: 0; }
    }
  `;

  render() {
    if (this.loadError) return html`<p class="error" role="alert">The engine could not start: ${this.loadError}</p>`;
    const current = this.games.find((g) => g.id === this.selected);
    return html`
      <button class="skip" @click=${() => this.elementFor(this.selected)?.focusBoard()}>Skip to the board</button>
      <header>
        <h1>Grundy Playground</h1>
        <p class="tagline">Draw a position, see each part's nimber, play the perfect opponent.</p>
        <span class="links">
          ${this.served && current
            ? html`<button class="server" @click=${() => void this.share('teach')}>Teach this</button>
                <button class="server" @click=${() => void this.share('friend')}>Play a friend on another device</button>
                <a href="./class.html">Join a class</a>`
            : nothing}
          <a href="./puzzles.html">Puzzles</a> <a href="./lesson.html">Lessons</a> <a href="./embed.html">Embed a game</a> <a href="./docs/">Guide</a></span>
      </header>
      <nav aria-label="Games" @keydown=${this.onPickerKey}>
        <button class="share" ?disabled=${this.unlinked} @click=${() => this.copyLink()}>${this.copied ? 'Link copied' : 'Copy link'}</button>
        ${this.games.map(
          (g) => html`<button class="game" aria-current=${g.id === this.selected ? 'true' : 'false'} tabindex=${g.id === this.selected ? '0' : '-1'}
            @click=${() => this.select(g.id)}>${g.name}</button>`,
        )}
        <select aria-label="Game" @change=${(e: Event) => this.select((e.target as HTMLSelectElement).value)}>
          ${this.games.map((g) => html`<option value=${g.id} ?selected=${g.id === this.selected}>${g.name}</option>`)}
        </select>
      </nav>
      ${this.serverProblem ? html`<p class="error" role="alert">${this.serverProblem}</p>` : nothing}
      ${this.unlinked
        ? html`<p class="note" role="status">
            This position is too long for a link: an address holds about ${MAX_HASH_LENGTH.toLocaleString('en')} characters.
            This tab keeps it through a reload, Back and Forward, and the Copy text button beside the text box copies it.
          </p>`
        : nothing}
      ${this.lostPosition
        ? html`<p class="error" role="alert">
            This address comes from a position too long for a link, which only the tab that made it keeps.
            Showing ${current?.name ?? 'the game'}’s first sample instead.
          </p>`
        : nothing}
      ${this.unknownGame !== undefined
        ? html`<p class="error" role="alert">
            There is no game called “${this.unknownGame}”. The games are: ${this.games.map((g) => g.id).join(', ')}.
            Showing ${current?.name ?? 'the first'} instead.
          </p>`
        : nothing}
      <main @grundy-change=${this.onChange}>
        ${this.games.map(
          (g) => html`<grundy-game
            game=${g.id}
            .position=${this.positions[g.id] ?? ''}
            ?hidden=${g.id !== this.selected}
            mode="play"
            play=${this.plays[g.id] ?? 'normal'}
            .opponent=${this.preferences.opponent}
            .first=${this.preferences.first}
            .level=${this.preferences.level}
            .hints=${this.preferences.hints}
            .values=${this.preferences.values}
          ></grundy-game>`,
        )}
      </main>
      ${current ? this.renderRules(current) : nothing}
    `;
  }

  private renderRules(game: GameInfo) {
    return html`<section class="card" aria-label="Rules">
      <h2>${game.name}: the rules</h2>
      <p>${game.rules}</p>
      <p><strong>Text format.</strong> ${game.format}</p>
      <div class="samples">
        <strong>Samples:</strong>
        ${game.samples.map((s) => html`<button @click=${() => this.loadSample(game.id, s.input)}>${s.name}</button>`)}
      </div>
    </section>`;
  }
}

/**
 * What a history entry keeps besides its address: a position too long for
 * the address (so a reload, Back and Forward find each entry's own
 * position; pushing it costs a fifth of what the same text in the address
 * does, 27 against 137 ms for 1.6 million characters in Chromium), and the
 * moves that led to it, so that a reload or Back brings back the move list.
 */
interface KeptState extends Partial<Line> {
  game: string;
  position?: string;
}

/** A position as the moves played from a start. */
interface Line {
  start: string;
  moves: number[];
}

/**
 * Whether two entries keep the same: compared field by field, since a kept
 * position can be millions of characters and this runs after every move.
 */
function sameState(a: KeptState | null, b: KeptState | null): boolean {
  if (a === null || b === null) return a === b;
  const sameMoves = a.moves?.length === b.moves?.length && (a.moves ?? []).every((move, i) => move === b.moves?.[i]);
  return a.game === b.game && a.position === b.position && a.start === b.start && sameMoves;
}

/** The position the current history entry keeps for `game`, if any. */
function keptPosition(game: string): string | undefined {
  const state = history.state as Partial<KeptState> | null;
  return state?.game === game && typeof state.position === 'string' ? state.position : undefined;
}

/** The moves the current history entry keeps for `game`, if any. */
function keptLine(game: string): Line | undefined {
  const state = history.state as Partial<KeptState> | null;
  const { start, moves } = state ?? {};
  const valid = state?.game === game && typeof start === 'string' && Array.isArray(moves) && moves.every((m) => Number.isInteger(m) && m >= 0);
  return valid ? { start, moves } : undefined;
}

/**
 * Adds or replaces the history entry for `hash` and `state`. A browser that
 * refuses the state as too large still gets the address, and only a reload
 * loses the position shown.
 */
function setHistoryEntry(how: 'push' | 'replace', state: KeptState | null, hash: string): void {
  const set = (kept: KeptState | null) =>
    how === 'push' ? history.pushState(kept, '', hash) : history.replaceState(kept, '', hash);
  try {
    set(state);
  } catch {
    set(null);
  }
}

define('grundy-playground', GrundyPlayground);
