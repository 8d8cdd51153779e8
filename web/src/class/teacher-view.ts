import { LitElement, css, html, nothing } from 'lit';
import { call, LiveLink, ServerError, LINK_WORDS, tokens, withLesson, type Frame, type LinkState } from './api';
import { classStyles } from './class-styles';
import { Countdown, dueWords, timedQuestion } from './countdown';
import '../elements/grundy-game';
import '../lessons/grundy-lesson';
import { define } from '../elements/define';
import { puzzlesOf, themesOf } from '../puzzles/bank';

/** A board to ask about or draw puzzles of, as a frame carries it. */
interface SlideGame {
  game: string;
  position: string;
  play: 'normal' | 'misere';
}

interface Student {
  id: number;
  name: string;
  connected: boolean;
  /** Someone asks to come back in as this student on another device. */
  rejoin?: boolean;
}

interface Question {
  question: number;
  /** Its number in this class, from 1. */
  number: number;
  kind: 'pn' | 'value' | 'move';
  game: string;
  position: string;
  play: string;
  seconds?: number | null;
  /** When answers close, on this page's clock. */
  closesAt?: number;
  closed?: boolean;
  revealed: boolean;
  answer: unknown;
  answered: number;
  of?: number;
  counts: Record<string, number>;
  correct?: number;
  /** For a puzzle of a set, the set's number: the set's card shows it, not the question card. */
  set?: number | null;
}

/** A puzzle set's progress: each student's puzzles answered and right. */
interface Progress {
  set: number;
  game: string;
  play: string;
  due: number | null;
  of: number;
  students: { id: number; answered: number; right: number }[];
}

/** The rating bands a teacher picks a set from, as the server reads them. */
const BANDS = [
  ['', 'any rating'],
  ['..1199', 'under 1200'],
  ['1200..1599', '1200 to 1599'],
  ['1600..1999', '1600 to 1999'],
  ['2000..', '2000 and over'],
] as const;

interface ClassView {
  code: string;
  title: string;
  lesson?: string | null;
  game?: string | null;
  position?: string | null;
  play: string;
  slide: number;
  follow: boolean;
  paused: boolean;
  locked: boolean;
  ended: boolean;
}

interface Results {
  students: { id: number; name: string; removed: boolean }[];
  questions: { question: number; number: number; kind: string; game: string; position: string; answer: unknown }[];
  answers: { student: number; question: number; answer: string; after: string | null; correct: boolean | null; seconds: number }[];
}

/** A student's answer to a move question, on the projector without their name. */
interface ShownBoard {
  game: string;
  play: string;
  position: string;
  move: string;
  correct: boolean | null;
}

const KIND_WORDS: Record<Question['kind'], string> = {
  pn: 'P or N?',
  value: 'What is its value?',
  move: 'Play the winning move',
};

/**
 * The teacher's view of a class, made for a projector: the join code in
 * large type with its QR code, the roster, the lesson or board the class
 * follows, questions about the position on it with a live tally (counts,
 * never names, and hidden until the reveal if asked), and the results.
 * The answer to an open question never reaches this page before the reveal.
 */
export class TeacherView extends LitElement {
  static properties = {
    code: { type: String },
    token: { type: String },
    view: { state: true },
    students: { state: true },
    questions: { state: true },
    link: { state: true },
    join: { state: true },
    problem: { state: true },
    tallyHidden: { state: true },
    namesHidden: { state: true },
    seconds: { state: true },
    results: { state: true },
    shown: { state: true },
    asking: { state: true },
    sets: { state: true },
    themeChoices: { state: true },
    setChoice: { state: true },
  };

  declare code: string;
  declare token: string;
  declare private view: ClassView | undefined;
  declare private students: Student[];
  declare private questions: Question[];
  declare private link: LinkState;
  declare private join: { url: string; qr: string; reachable: boolean } | undefined;
  declare private problem: string | undefined;
  declare private tallyHidden: boolean;
  /** The projector shows students by number, not by name; the results table still names them. */
  declare private namesHidden: boolean;
  declare private seconds: number;
  declare private results: Results | undefined;
  declare private shown: ShownBoard | undefined;
  /** A question sent that the server is still working out: the answer key can take seconds. */
  declare private asking: boolean;
  declare private sets: Progress[];
  /** What the next puzzle set is to be; `due` as a date-time input writes it. */
  declare private setChoice: { theme: string; rating: string; count: number; due: string };
  /** The themes the shipped bank has for the board's game and play, offered by the Theme field. */
  declare private themeChoices: string[];

  private live: LiveLink | undefined;
  private readonly countdown = new Countdown(this);

  constructor() {
    super();
    this.students = [];
    this.questions = [];
    this.link = 'connecting';
    this.tallyHidden = false;
    this.namesHidden = false;
    this.seconds = 0;
    this.asking = false;
    this.sets = [];
    this.setChoice = { theme: '', rating: '', count: 10, due: '' };
    this.themeChoices = [];
  }

  connectedCallback(): void {
    super.connectedCallback();
    this.live = new LiveLink(`api/classes/${this.code}/live`, this.token, withLesson(this.code, this.token, (f) => this.onFrame(f), (message) => (this.problem = message)), (state, reason) => {
      this.link = state;
      if (state !== 'open') this.asking = false;
      if (state === 'closed' && reason) this.problem = reason;
    });
    call<{ url: string; qr: string; reachable: boolean }>('GET', `api/classes/${this.code}/join`, undefined, this.token)
      .then((join) => (this.join = join))
      .catch((error: Error) => (this.problem = error.message));
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.live?.close();
  }

  private onFrame(frame: Frame): void {
    switch (frame.type) {
      case 'welcome':
        this.view = frame.class as ClassView;
        this.questions = (frame.questions as Record<string, unknown>[]).filter((q) => q.set == null).map((q) => timedQuestion<Question>(q));
        this.sets = (frame.sets as Progress[] | undefined) ?? [];
        break;
      case 'progress':
        this.asking = false;
        this.sets = [...this.sets.filter((set) => set.set !== frame.set), frame as unknown as Progress].sort((a, b) => a.set - b.set);
        break;
      case 'roster':
        this.students = frame.students as Student[];
        break;
      case 'asked':
        this.asking = false;
        this.questions = [...this.questions.filter((q) => q.question !== frame.question), timedQuestion<Question>(frame)];
        this.shown = undefined;
        break;
      case 'closed':
        this.questions = this.questions.map((q) => (q.question === frame.question ? { ...q, closed: true } : q));
        break;
      case 'tally':
      case 'revealed':
        this.updateQuestion(frame);
        if (frame.type === 'revealed') void this.loadResults();
        break;
      case 'slide':
      case 'follow':
      case 'lock':
      case 'pause':
        if (this.view) {
          if (frame.type === 'slide') this.view = { ...this.view, slide: frame.index as number };
          if (frame.type === 'follow') this.view = { ...this.view, follow: frame.on as boolean };
          if (frame.type === 'lock') this.view = { ...this.view, locked: frame.on as boolean };
          if (frame.type === 'pause') this.view = { ...this.view, paused: frame.on as boolean };
        }
        break;
      case 'reopened':
        if (this.view) this.view = { ...this.view, ended: false };
        break;
      case 'ended':
        if (this.view) this.view = { ...this.view, ended: true };
        void this.loadResults();
        break;
      case 'error':
        this.asking = false;
        this.problem = String(frame.message);
        break;
    }
  }

  /** Folds a tally or reveal into its question. */
  private updateQuestion(frame: Frame): void {
    const id = frame.question as number;
    this.questions = this.questions.map((q) => {
      if (q.question !== id) return q;
      const next = { ...q, answered: frame.answered as number, counts: frame.counts as Record<string, number> };
      if (frame.type === 'tally') next.of = frame.of as number;
      if (frame.type === 'revealed') Object.assign(next, { revealed: true, answer: frame.answer, correct: frame.correct as number });
      return next;
    });
  }

  /** The game the class is looking at: the shown slide's first game, or the class's board. */
  private currentGame(): HTMLElementTagNameMap['grundy-game'] | undefined {
    const lesson = this.renderRoot.querySelector('grundy-lesson');
    const inLesson = lesson?.shadowRoot?.querySelector<HTMLElementTagNameMap['grundy-game']>('.slide:not([hidden]) grundy-game');
    return inLesson ?? this.renderRoot.querySelector<HTMLElementTagNameMap['grundy-game']>('grundy-game.board') ?? undefined;
  }

  /**
   * The game on the slide, its position and its play, for a question or a
   * puzzle set; without one, the page says so and what `purpose` needs.
   */
  private boardToAsk(purpose: string): SlideGame | undefined {
    const board = this.slideGame();
    if (!board) this.problem = `There is no game on this slide ${purpose}: go to a slide with a board.`;
    return board;
  }

  /** The game on the slide, its position and its play, if the slide has a board. */
  private slideGame(): SlideGame | undefined {
    const game = this.currentGame();
    if (!game?.game) return undefined;
    return { game: game.game, position: game.text, play: game.play === 'misere' ? 'misere' : 'normal' };
  }

  private ask(kind: Question['kind']): void {
    const board = this.boardToAsk('to ask about');
    if (!board) return;
    this.problem = undefined;
    const seconds = this.seconds > 0 ? this.seconds : undefined;
    this.asking = this.live?.send({ type: 'ask', kind, ...board, ...(seconds ? { seconds } : {}) }) ?? false;
  }

  /**
   * Fills the Theme field's suggestions, as it is entered, from the bank's
   * puzzles of the board's game and play: the server draws its own, but of
   * the same generator, so these are the themes it can find.
   */
  private async offerThemes(): Promise<void> {
    const board = this.slideGame();
    if (!board) return;
    try {
      this.themeChoices = themesOf((await puzzlesOf(board.game)).filter((puzzle) => puzzle.play === board.play));
    } catch {
      // A game the bank lacks: the field takes any theme, and the server names those it has.
      this.themeChoices = [];
    }
  }

  /** Draws a puzzle set of the board's game for the class, or as homework due at the chosen time. */
  private askPuzzles(homework: boolean): void {
    const board = this.boardToAsk('to draw puzzles of');
    if (!board) return;
    const { theme, rating, count, due } = this.setChoice;
    const dueMs = homework ? new Date(due).getTime() : undefined;
    if (homework && !Number.isFinite(dueMs)) {
      this.problem = 'Homework needs a due date and time: fill in “Due”.';
      return;
    }
    this.problem = undefined;
    const frame = { type: 'puzzles', game: board.game, play: board.play, count, ...(theme.trim() ? { theme: theme.trim() } : {}), ...(rating ? { rating } : {}), ...(homework ? { due: dueMs } : {}) };
    this.asking = this.live?.send(frame) ?? false;
  }

  private send(frame: Frame): void {
    if (!this.live?.send(frame)) this.problem = 'The connection to the server is down; it is coming back by itself.';
  }

  private async loadResults(): Promise<void> {
    try {
      this.results = await call<Results>('GET', `api/classes/${this.code}/results`, undefined, this.token);
    } catch (error) {
      this.problem = (error as Error).message;
    }
  }

  /** Saves the results: a row per answer, or a row per student; of this session, or of every session of the course. */
  private async exportCsv(by: 'answer' | 'student', sessions: 'this' | 'all' = 'this'): Promise<void> {
    try {
      const query = `by=${by}${sessions === 'all' ? '&sessions=all' : ''}`;
      const response = await fetch(new URL(`api/classes/${this.code}/results.csv?${query}`, document.baseURI), {
        headers: { authorization: `Bearer ${this.token}` },
      });
      if (!response.ok) throw new ServerError(response.status, `The server answered ${response.status}.`);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await response.blob());
      link.download = `${by === 'student' ? 'class-students' : 'class'}-${this.code}${sessions === 'all' ? '-all-sessions' : ''}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (error) {
      this.problem = (error as Error).message;
    }
  }

  /** Opens the course's next session (a new code, the same lesson) and goes to it. */
  private async nextSession(): Promise<void> {
    try {
      const next = await call<{ code: string; teacher: string }>('POST', 'api/classes', { after: this.code }, this.token);
      tokens.set(`teacher:${next.code}`, next.teacher);
      location.assign(`?code=${next.code}`);
    } catch (error) {
      this.problem = (error as Error).message;
    }
  }

  /** Puts one student's answer board on the projector, without their name. */
  private showBoard(question: Question, student: number): void {
    const answer = this.results?.answers.find((a) => a.question === question.question && a.student === student);
    this.shown = answer?.after
      ? { game: question.game, play: question.play, position: answer.after, move: answer.answer, correct: answer.correct }
      : undefined;
  }

  private async end(): Promise<void> {
    if (!confirm('End the class? Students are let go; the results stay for export.')) return;
    try {
      await call('DELETE', `api/classes/${this.code}`, undefined, this.token);
    } catch (error) {
      this.problem = (error as Error).message;
    }
  }

  static styles = [
    classStyles,
    css`
      /* A projector's whole width: the board and the tally side by side. */
      :host { max-width: none; }
      [hidden] { display: none !important; }
      .top { display: grid; grid-template-columns: 1fr auto auto; gap: 0.5rem 2rem; align-items: center; padding: 0.6rem 1rem; }
      .top h1 { margin: 0; }
      .top p { margin: 0.2rem 0; }
      .code { font-size: clamp(2.5rem, 5vw, 4.5rem); font-weight: 700; letter-spacing: 0.15em; font-variant-numeric: tabular-nums; line-height: 1; margin: 0; }
      .url { font-size: 1.25rem; word-break: break-all; }
      .qr { width: 9rem; height: 9rem; background: #fff; border-radius: 0.5rem; padding: 0.25rem; }
      .layout { display: grid; grid-template-columns: minmax(0, 2fr) minmax(18rem, 1fr); gap: 1rem; align-items: start; }
      .roster { display: flex; flex-wrap: wrap; gap: 0.35rem; list-style: none; padding: 0; margin: 0; max-height: 14rem; overflow: auto; }
      .roster li { display: inline-flex; align-items: center; gap: 0.25rem; padding: 0.15rem 0.25rem 0.15rem 0.6rem; border-radius: 999px;
        border: 1px solid var(--border); }
      .roster li.away { opacity: 0.55; border-style: dashed; }
      .roster button { padding: 0 0.4rem; border: none; }
      .bars { display: grid; gap: 0.35rem; margin: 0.5rem 0; }
      .bar { display: grid; grid-template-columns: minmax(6rem, 16rem) 1fr 3ch; gap: 0.5rem; align-items: center; }
      .bar .fill { height: 1.4rem; border-radius: 0.3rem; background: var(--accent); min-width: 2px; }
      .bar .label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
      .big { font-size: 1.4rem; }
      table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
      th, td { border-bottom: 1px solid var(--border); padding: 0.25rem 0.4rem; text-align: left; }
      .table { overflow: auto; max-height: 24rem; }
      @media (max-width: 900px) { .layout, .top { grid-template-columns: 1fr; } .qr { width: 8rem; height: 8rem; } }
      /* Read from the back of the room: the board the class looks at, larger on a projector. */
      @media (min-width: 1400px) { .stage > section > grundy-game { zoom: 1.5; } }
    `,
  ];

  render() {
    const view = this.view;
    return html`
      <section class="card top" aria-label="Join">
        <div>
          <h1>${view?.title ?? 'Class'}</h1>
          <p class="big">Join at <span class="url">${this.join?.url.replace(/\?code=.*$/, '') ?? '…'}</span> with the code</p>
          ${this.join && !this.join.reachable
            ? html`<p class="muted">This server listens only on this computer: start it with <code>grundy serve --bind 0.0.0.0</code> for students on the Wi-Fi.</p>`
            : nothing}
          <p class="link ${this.link}" role="status">${LINK_WORDS[this.link]}${view?.ended ? ' · the class has ended' : ''}</p>
        </div>
        <p class="code" aria-label="Class code">${this.code.slice(0, 3)} ${this.code.slice(3)}</p>
        ${this.join ? html`<img class="qr" alt="QR code of the join address" src=${`data:image/svg+xml;charset=utf-8,${encodeURIComponent(this.join.qr)}`} />` : nothing}
      </section>
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
      <div class="layout">
        <div class="stage">${this.renderStage(view)}</div>
        <div>
          ${this.renderAsk(view)}
          ${this.renderQuestion()}
          ${this.renderPuzzleSets(view)}
          ${this.renderRoster(view)}
        </div>
      </div>
      ${this.renderResults()}
    `;
  }

  /**
   * The lesson or the class's board; while a question is open, the asked
   * position instead, with no values: the projector shows no answer
   * before the reveal. The lesson stays on the page, hidden, so its games
   * keep their state.
   */
  private renderStage(view: ClassView | undefined) {
    if (!view) return html`<p class="muted">Connecting…</p>`;
    const open = this.questions.find((q) => !q.revealed);
    const shown = this.shown;
    const asked = open
      ? html`<section class="card" aria-label="Asked position">
          <h2>${KIND_WORDS[open.kind]}</h2>
          <grundy-game game=${open.game} .position=${open.position} play=${open.play} controls="none" values="hidden"></grundy-game>
        </section>`
      : shown
        ? html`<section class="card" aria-label="A student's board">
            <div class="row"><h2>A student’s answer: ${shortLabel(shown.move)}${shown.correct === null ? '' : shown.correct ? ' ✓' : ' ✗'}</h2>
              <button @click=${() => (this.shown = undefined)}>Back to the lesson</button></div>
            <grundy-game game=${shown.game} .position=${shown.position} play=${shown.play} controls="none" values="hidden"></grundy-game>
          </section>`
        : nothing;
    const covered = open !== undefined || shown !== undefined;
    if (view.lesson) {
      return html`${asked}<section class="card" aria-label="Lesson" ?hidden=${covered}>
        <grundy-lesson .text=${view.lesson} .slide=${view.slide + 1}
          @grundy-slide=${(e: CustomEvent<{ slide: number }>) => this.send({ type: 'slide', index: e.detail.slide - 1 })}></grundy-lesson>
      </section>`;
    }
    if (view.game) {
      return html`${asked}<section class="card" aria-label="Board" ?hidden=${covered}>
        <grundy-game class="board" game=${view.game} .position=${view.position ?? ''} play=${view.play} mode="play" opponent="human" values="hidden"></grundy-game>
      </section>`;
    }
    return html`${asked}<p class="card muted">This class has no lesson or board: open it with “Teach this” from a lesson or a position.</p>`;
  }

  /** A student as this screen shows them: by number while names are hidden. */
  private shownName(student: Student): string {
    return this.namesHidden ? `Student ${this.students.indexOf(student) + 1}` : student.name;
  }

  private renderRoster(view: ClassView | undefined) {
    const here = this.students.filter((s) => s.connected).length;
    const asking = this.students.filter((s) => s.rejoin);
    return html`<section class="card" aria-label="Students">
      <h2>Students: ${here} here${this.students.length > here ? `, ${this.students.length - here} away` : ''}</h2>
      ${asking.map(
        (s) => html`<p class="row rejoin" role="status">${this.shownName(s)} asks to come back in on another device.
          <button class="primary" @click=${() => this.send({ type: 'admit', student: s.id, on: true })}>Let in</button>
          <button @click=${() => this.send({ type: 'admit', student: s.id, on: false })}>Refuse</button></p>`,
      )}
      <ul class="roster">
        ${this.students.map((s) => {
          const shown = this.shownName(s);
          return html`<li class=${s.connected ? '' : 'away'}>${shown}${s.connected ? '' : html` <span class="muted">away</span>`}
            <button aria-label=${`Remove ${shown}`} title="Remove from the class" @click=${() => this.send({ type: 'kick', student: s.id })}>×</button></li>`;
        })}
      </ul>
      <p class="row">
        <label><input type="checkbox" .checked=${view?.follow ?? true} @change=${(e: Event) => this.send({ type: 'follow', on: (e.target as HTMLInputElement).checked })} />
          Students follow my slide</label>
        <label><input type="checkbox" .checked=${view?.paused ?? false} @change=${(e: Event) => this.send({ type: 'pause', on: (e.target as HTMLInputElement).checked })} />
          Pause all screens</label>
        <label><input type="checkbox" .checked=${this.namesHidden} @change=${(e: Event) => (this.namesHidden = (e.target as HTMLInputElement).checked)} />
          Hide names on this screen</label>
        <label><input type="checkbox" .checked=${view?.locked ?? false} @change=${(e: Event) => this.send({ type: 'lock', on: (e.target as HTMLInputElement).checked })} />
          Lock (no one new joins)</label>
      </p>
      <p class="muted">${view?.follow ?? true ? 'Phones show your slide.' : 'Phones may go back over the slides, never past yours.'}</p>
      <p class="row">${view?.ended
        ? html`<button @click=${() => this.send({ type: 'reopen' })} title="Same code, roster and results: students come back by opening the class again">Reopen the class</button>
            <button @click=${() => void this.nextSession()} title="A new code and an empty roster, the same lesson; the results of every session export together">Start the next session</button>`
        : html`<button @click=${() => void this.end()}>End class</button>`}</p>
    </section>`;
  }

  private renderAsk(view: ClassView | undefined) {
    const disabled = !view || view.ended || this.link !== 'open' || this.asking;
    return html`<section class="card" aria-label="Ask">
      <h2>Ask about the position on the board</h2>
      <p class="row">
        ${(['pn', 'value', 'move'] as const).map((kind) => html`<button class="primary" ?disabled=${disabled} @click=${() => this.ask(kind)}>${KIND_WORDS[kind]}</button>`)}
      </p>
      ${this.asking ? html`<p class="muted" role="status">Working out the answer…</p>` : nothing}
      <p class="row"><label>Time <select @change=${(e: Event) => (this.seconds = Number((e.target as HTMLSelectElement).value))}>
        ${[0, 20, 30, 60, 120].map((s) => html`<option value=${s} ?selected=${s === this.seconds}>${s ? `${s} s` : 'no limit'}</option>`)}
      </select></label>
      <label><input type="checkbox" .checked=${this.tallyHidden} @change=${(e: Event) => (this.tallyHidden = (e.target as HTMLInputElement).checked)} /> Hide the tally until the reveal</label></p>
    </section>`;
  }

  /** Puzzle sets: the choice of the next, and each set's progress by student (no answers). */
  private renderPuzzleSets(view: ClassView | undefined) {
    const disabled = !view || view.ended || this.link !== 'open' || this.asking;
    const choice = this.setChoice;
    const update = (change: Partial<typeof choice>) => (this.setChoice = { ...choice, ...change });
    const names = new Map(this.students.map((s) => [s.id, this.shownName(s)]));
    return html`<section class="card" aria-label="Puzzle sets">
      <h2>Puzzles of the board’s game</h2>
      <p class="muted">Each student solves the set’s puzzles in order at their own pace; the engine marks each move and shows them the winning ones.</p>
      <p class="row">
        <label>Theme <input size="12" placeholder="any" list="set-themes" .value=${choice.theme} @focus=${() => void this.offerThemes()}
          @input=${(e: Event) => update({ theme: (e.target as HTMLInputElement).value })} /></label>
        <datalist id="set-themes">${this.themeChoices.map((theme) => html`<option value=${theme}></option>`)}</datalist>
        <label>Rating <select @change=${(e: Event) => update({ rating: (e.target as HTMLSelectElement).value })}>
          ${BANDS.map(([band, words]) => html`<option value=${band} ?selected=${band === choice.rating}>${words}</option>`)}</select></label>
        <label>Puzzles <select @change=${(e: Event) => update({ count: Number((e.target as HTMLSelectElement).value) })}>
          ${[3, 5, 10, 20].map((n) => html`<option value=${n} ?selected=${n === choice.count}>${n}</option>`)}</select></label>
      </p>
      <p class="row">
        <button class="primary" ?disabled=${disabled} @click=${() => this.askPuzzles(false)}>Run in class</button>
        <label>Due <input type="datetime-local" .value=${choice.due} @input=${(e: Event) => update({ due: (e.target as HTMLInputElement).value })} /></label>
        <button ?disabled=${disabled} @click=${() => this.askPuzzles(true)}>Set as homework</button>
      </p>
      ${this.sets.some((set) => set.due) ? html`<p class="muted">Homework: students open the join address above at home before it is due. Leave the class open until then: ending it ends the homework.</p>` : nothing}
      ${this.sets.map(
        (set) => html`<div aria-label=${`Puzzle set ${set.set}`}>
          <h3>Set ${set.set}: ${set.of} ${set.game} puzzles${set.play === 'misere' ? ' (misère)' : ''}${set.due ? html`, homework due ${dueWords(set.due)}` : ''}</h3>
          <ul class="roster">${set.students.map((s) => html`<li>${names.get(s.id) ?? `Student ${s.id}`}: ${s.answered} of ${set.of} done, ${s.right} right</li>`)}</ul>
        </div>`,
      )}
    </section>`;
  }

  private renderQuestion() {
    const q = this.questions.at(-1);
    if (!q) return nothing;
    const total = Math.max(1, ...Object.values(q.counts));
    const left = this.countdown.left(q.closesAt);
    const closed = !q.revealed && (q.closed || left === 0);
    const showTally = q.revealed || !this.tallyHidden;
    const timing = q.revealed ? nothing : closed ? html` · time is up, answers closed` : left !== undefined ? html` · ${left} s left` : nothing;
    return html`<section class="card" aria-label="Question">
      <h2>Question ${q.number}: ${KIND_WORDS[q.kind]}</h2>
      <p class="big" aria-live="polite">${q.answered} of ${q.of ?? this.students.length} answered${timing}</p>
      ${showTally
        ? html`<div class="bars" aria-label="Tally">
            ${Object.entries(q.counts).map(
              ([answer, count]) => html`<div class="bar"><span class="label" title=${answer}>${shortLabel(answer)}</span>
                <span class="fill" style=${`width: ${(100 * count) / total}%`}></span><span>${count}</span></div>`,
            )}
          </div>`
        : html`<p class="muted">The tally is hidden until the reveal.</p>`}
      ${q.revealed
        ? html`<p class="big" role="status">Answer: <strong>${String(q.answer)}</strong> · ${q.correct ?? 0} of ${q.answered} right</p>
            ${q.kind === 'move' ? this.renderBoardChoice(q) : nothing}`
        : html`<button class="primary" @click=${() => this.send({ type: 'reveal', question: q.question })}>Reveal</button>`}
    </section>`;
  }

  /** After a move question's reveal: one student's board, chosen here, shown on the projector without their name. */
  private renderBoardChoice(q: Question) {
    const answered = new Set(this.results?.answers.filter((a) => a.question === q.question && a.after).map((a) => a.student));
    const students = this.students.filter((s) => answered.has(s.id));
    if (students.length === 0) return nothing;
    return html`<p><label>Show a student’s board <select @change=${(e: Event) => {
      const select = e.target as HTMLSelectElement;
      this.showBoard(q, Number(select.value));
      // The projector keeps no name in view.
      select.value = '';
    }}>
      <option value="">choose…</option>
      ${students.map((s) => html`<option value=${s.id}>${this.shownName(s)}</option>`)}
    </select></label> <span class="muted">The board shows without the name.</span></p>`;
  }

  private renderResults() {
    const results = this.results;
    return html`<section class="card" aria-label="Results">
      <div class="row"><h2>Results</h2>
        <button @click=${() => void this.loadResults()}>Show the table</button>
        <button @click=${() => void this.exportCsv('answer')}>Export CSV</button>
        <button @click=${() => void this.exportCsv('student')}>Export a row per student</button>
        <button @click=${() => void this.exportCsv('answer', 'all')} title="Every session of this course, each row led by its session">Export every session</button></div>
      ${results
        ? html`<div class="table"><table>
            <thead><tr><th>Student</th>${results.questions.map((q) => html`<th title=${`${q.game}: ${q.position}`}>Q${q.number}</th>`)}<th>Right</th></tr></thead>
            <tbody>${results.students.map((s) => {
                const mine = results.answers.filter((a) => a.student === s.id);
                return html`<tr><td>${s.name}${s.removed ? ' (removed)' : ''}</td>${results.questions.map((q) => {
                  const a = mine.find((m) => m.question === q.question);
                  return html`<td>${!a ? '–' : a.correct === null ? 'answered' : a.correct ? '✓' : '✗'}</td>`;
                })}<td>${mine.filter((a) => a.correct === true).length}</td></tr>`;
              })}</tbody>
          </table></div>`
        : nothing}
    </section>`;
  }
}

/**
 * A move's label as a tally bar has room for: what it leaves ("…, leaving
 * 3") and a sum's game name ("Nim: …") are dropped, and the rest is cut at
 * 32 characters; the whole label is the bar's title.
 */
function shortLabel(label: string): string {
  const move = label.replace(/^[^:]{1,24}: /, '').replace(/, leaving .*$/s, '');
  return move.length <= 32 ? move : `${move.slice(0, 31)}…`;
}

define('grundy-teacher-view', TeacherView);
