import { LitElement, css, html, nothing } from 'lit';
import { isWinning, outcomeOf, winningMoves, type Analysis, type Component, type MoveInfo, type Outcome } from '../engine/model';
import { questionFor, type Question } from './quiz-questions';
import { define } from './define';

/** How an answer went; shown until the next question opens. */
interface Marked {
  ply: number;
  /** Who answered: 0, or 1 for the second of two teams. */
  player: number;
  right: boolean;
  said: string;
}

/** One player's answers. */
interface Score {
  right: number;
  asked: number;
}

/**
 * A question before each move, for a class: who wins, a part's nimber, the
 * total, or which move wins (answered by playing it). It checks the answer
 * against the analysis, keeps a score for each player (two at one screen
 * are two teams taking turns), fires `quiz-answered` so the game reveals
 * the values and takes the move, and sums up once the game is over.
 * Nothing it shows before an answer depends on the answer, and while a
 * question is open no value shows, not even of an earlier position.
 */
export class QuizCard extends LitElement {
  static properties = {
    analysis: { attribute: false },
    ply: { type: Number },
    waiting: { type: Boolean },
    teams: { type: Boolean },
    names: { type: String },
    renamed: { state: true },
    timer: { type: Number },
    remaining: { state: true },
    marked: { state: true },
    held: { state: true },
    revealed: { state: true },
    scores: { state: true },
  };

  declare analysis: Analysis;
  /** The ply of the position asked about; a new ply asks a new question. */
  declare ply: number;
  /** The other side is to move: nothing to answer yet. */
  declare waiting: boolean;
  /** Two players take turns at one screen, each with a score. */
  declare teams: boolean;
  /** What the two players (or teams) are called, separated by a comma, as the page gives them. */
  declare names: string;
  /** The names the teacher typed before the first question, which win over `names`. */
  declare private renamed: [string, string] | undefined;
  /** Seconds each question stays open, or 0 for no limit. */
  declare timer: number;
  /** Seconds left on the open question, while a timer runs. */
  declare private remaining: number | undefined;
  declare private marked: Marked | undefined;
  /**
   * With two teams, a "which move wins?" answer, which is played at once:
   * whether it won says who wins the position the other team is asked
   * about, so its mark and its point wait until that team has answered.
   */
  declare private held: Marked | undefined;
  /** The marks shown once no question is open: the last, after one held back. */
  declare private revealed: Marked[];
  declare private scores: [Score, Score];

  constructor() {
    super();
    this.ply = 0;
    this.waiting = false;
    this.teams = false;
    this.names = '';
    this.timer = 0;
    this.revealed = [];
    this.scores = [
      { right: 0, asked: 0 },
      { right: 0, asked: 0 },
    ];
  }

  static styles = css`
    :host { display: block; font-size: 0.9rem; border: 2px solid var(--grundy-accent, #0b57d0); border-radius: 0.6rem;
      padding: 0.5em 0.7em; margin-bottom: 0.6em; }
    p { margin: 0.2em 0; }
    .question { font-weight: 700; }
    .answers, .names { display: flex; flex-wrap: wrap; gap: 0.4em; align-items: center; margin: 0.35em 0; }
    button, input { font: inherit; min-height: 2.25em; }
    button { border-radius: 0.5em; border: 1px solid var(--grundy-border, #999); background: var(--grundy-surface, #fff); color: inherit;
      padding: 0 0.8em; cursor: pointer; }
    input { width: 5em; }
    .names input { flex: 1 1 5em; min-width: 0; width: 5em; }
    .right { color: var(--grundy-win, #117733); font-weight: 600; }
    .wrong { color: var(--grundy-lose, #aa3377); font-weight: 600; }
    .score, .timer { color: var(--grundy-muted, #555); font-variant-numeric: tabular-nums; }
    .timer.low { color: var(--grundy-lose, #aa3377); font-weight: 700; }
    .summary { font-weight: 700; }
  `;

  /** The interval counting down the open question, while one runs. */
  private clock: ReturnType<typeof setInterval> | undefined;
  /** The ply whose question the timer was started for. */
  private timedPly = -1;

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopClock();
  }

  /** The two names the scores go by. */
  private get teamNames(): [string, string] {
    if (this.renamed) return this.renamed;
    const [one, two] = this.names.split(',').map((name) => name.trim());
    return [one || 'Player 1', two || 'Player 2'];
  }

  /** Starts the timer when a question opens, and stops it once none is open. */
  protected willUpdate(): void {
    const open = this.timer > 0 && this.question !== undefined;
    if (!open) {
      this.stopClock();
      return;
    }
    if (this.timedPly === this.ply) return;
    this.stopClock();
    this.timedPly = this.ply;
    this.remaining = this.timer;
    this.clock = setInterval(() => this.tick(), 1000);
  }

  private tick(): void {
    this.remaining = Math.max(0, (this.remaining ?? 0) - 1);
    if (this.remaining > 0 || !this.question) return;
    this.stopClock();
    this.mark(false, 'Time is up: no answer was given.', 'time');
  }

  private stopClock(): void {
    clearInterval(this.clock);
    this.clock = undefined;
    this.remaining = undefined;
    this.timedPly = -1;
  }

  /** Whether the current position's question has been answered. */
  get answered(): boolean {
    return this.marked?.ply === this.ply;
  }

  /** The open question, if the player to move has one to answer. */
  get question(): Question | undefined {
    if (this.waiting || this.answered || !this.analysis) return undefined;
    return questionFor(this.analysis, this.scores[this.player].asked);
  }

  /** The player answering: with teams, the one to move. */
  private get player(): number {
    return this.teams ? this.ply % 2 : 0;
  }

  private mark(right: boolean, said: string, kind: Question['kind'] | 'time'): void {
    const marked = { ply: this.ply, player: this.player, right, said };
    this.revealed = this.held ? [this.held, marked] : [marked];
    this.held = this.teams && kind === 'move' ? marked : undefined;
    this.marked = marked;
    const scores: [Score, Score] = [{ ...this.scores[0] }, { ...this.scores[1] }];
    scores[this.player].asked += 1;
    if (right) scores[this.player].right += 1;
    this.scores = scores;
    this.dispatchEvent(new CustomEvent('quiz-answered', { detail: { ply: this.ply, right }, bubbles: true, composed: true }));
  }

  private answerOutcome(said: Outcome): void {
    const analysis = this.analysis;
    const outcome = outcomeOf(analysis)!;
    const wins = outcome === 'next';
    const why =
      outcome === 'draw'
        ? 'by Smith’s rule neither player can force a win'
        : analysis.misere
          ? `under misère play the player to move ${wins ? 'wins' : 'loses'}`
          : analysis.loopy
            ? `by Smith’s rule the player to move ${wins ? 'wins' : 'loses'}`
            : `the nimber is *${analysis.nimber}${wins ? ', not 0' : ''}, so the player to move ${wins ? 'wins' : 'loses'}`;
    const position = { next: 'an N-position', previous: 'a P-position', draw: 'a draw' }[outcome];
    this.mark(said === outcome, said === outcome ? `Right: ${position}; ${why}.` : `It is ${position}: ${why}.`, 'outcome');
  }

  /** Reads a nimber typed into the form of `event`, or says what a nimber is. */
  private readNimber(event: Event): number | undefined {
    event.preventDefault();
    const input = this.renderRoot.querySelector('input');
    const said = Number(input?.value.replace('*', '').trim());
    if (!input?.value.trim() || !Number.isInteger(said) || said < 0) {
      input?.setCustomValidity('a nimber is a whole number: 0, 1, 2, …');
      input?.reportValidity();
      return undefined;
    }
    return said;
  }

  private answerNimber(component: Component, event: Event): void {
    const said = this.readNimber(event);
    if (said === undefined) return;
    const worth = component.nimber;
    this.mark(said === worth, said === worth ? `Right: ${component.label} is worth *${worth}.` : `${component.label} is worth *${worth}, not *${said}.`, 'nimber');
  }

  private answerTotal(event: Event): void {
    const said = this.readNimber(event);
    if (said === undefined) return;
    const { nimber, components } = this.analysis;
    const sum = components.map((c) => `*${c.nimber}`).join(' ⊕ ');
    this.mark(said === nimber, said === nimber ? `Right: ${sum} = *${nimber}.` : `The total is ${sum} = *${nimber}, not *${said}.`, 'total');
  }

  /** Judges the move the player chose as their answer, before it is played. */
  answerMove(move: MoveInfo): void {
    const analysis = this.analysis;
    const misere = analysis.misere ? ' under misère play' : '';
    if (isWinning(analysis, move)) {
      this.mark(true, `Right: “${move.label}” wins${misere}.`, 'move');
    } else {
      const winning = winningMoves(analysis)[0];
      this.mark(false, `“${move.label}” does not win${misere}${winning ? `; “${winning.label}” does` : ''}.`, 'move');
    }
  }

  /** The scores, less a held mark's point while the question it gives away is open. */
  private renderScore(open = false) {
    const [first, second] = this.scores.map((score, player) =>
      open && this.held?.player === player ? { right: score.right - Number(this.held.right), asked: score.asked - 1 } : score,
    );
    if (first.asked + second.asked === 0) return nothing;
    if (!this.teams) return html`<p class="score">Score: ${first.right} of ${first.asked}</p>`;
    const [one, two] = this.teamNames;
    return html`<p class="score">${one}: ${first.right} of ${first.asked} · ${two}: ${second.right} of ${second.asked}</p>`;
  }

  /** The quiz's result once no move is left. */
  private renderSummary() {
    const [first, second] = this.scores;
    const percent = (s: Score) => (s.asked ? ` (${Math.round((100 * s.right) / s.asked)} %)` : '');
    if (!this.teams) return html`<p class="summary">Quiz over: ${first.right} of ${first.asked} right${percent(first)}.</p>`;
    const share = (s: Score) => (s.asked ? s.right / s.asked : 0);
    const [one, two] = this.teamNames;
    const best = share(first) === share(second) ? 'Both did as well.' : `${share(first) > share(second) ? one : two} answered best.`;
    return html`<p class="summary">Quiz over. ${one}: ${first.right} of ${first.asked} right${percent(first)}; ${two}:
      ${second.right} of ${second.asked} right${percent(second)}. ${best}</p>`;
  }

  render() {
    const feedback = this.revealed.map(
      (marked) => html`<p class=${marked.right ? 'right' : 'wrong'} role="status">${marked.right ? '✔' : '✘'} ${marked.said}</p>`,
    );
    if (this.analysis?.moves.length === 0 && this.scores[0].asked + this.scores[1].asked > 0) {
      return html`${feedback}${this.renderSummary()}`;
    }
    if (this.answered) return html`${feedback}<p>Now make your move.</p>${this.renderScore()}`;
    if (this.waiting) return html`${feedback}<p>The next question comes on your turn.</p>${this.renderScore()}`;
    const question = this.question;
    if (!question) return html`<p>No question here: ${this.analysis?.moves.length ? 'the outcome is not known' : 'no move is left'}.</p>${this.renderScore()}`;
    // The last answer's feedback names values of the position before, which
    // can give this one away (the move that was played, the total it left):
    // it goes once the next question is open.
    const who = this.teams ? `${this.teamNames[this.player]}, ` : 'Quiz: ';
    const asked = this.scores[0].asked + this.scores[1].asked;
    return html`${this.teams && asked === 0 ? this.renderNames() : nothing}${this.renderQuestion(question, who)}${this.renderTimer()}${this.renderScore(true)}`;
  }

  /** Fields to name the two teams, until the first question is answered. */
  private renderNames() {
    const rename = (player: number) => (event: Event) => {
      const names: [string, string] = [...this.teamNames];
      names[player] = (event.target as HTMLInputElement).value.trim() || `Player ${player + 1}`;
      this.renamed = names;
    };
    return html`<p class="names">Teams:
      <input aria-label="First team's name" maxlength="40" .value=${this.teamNames[0]} @change=${rename(0)} />
      <input aria-label="Second team's name" maxlength="40" .value=${this.teamNames[1]} @change=${rename(1)} /></p>`;
  }

  private renderTimer() {
    if (this.remaining === undefined) return nothing;
    return html`<p class="timer ${this.remaining <= 5 ? 'low' : ''}" role="timer">Time left: ${this.remaining} s</p>`;
  }

  private renderQuestion(question: Question, who: string) {
    switch (question.kind) {
      case 'outcome': {
        const loopy = !!this.analysis.loopy && !this.analysis.misere;
        return html`<p class="question">${who}is this position P or N${loopy ? ', or a draw' : ''}?</p>
          <div class="answers">
            <button @click=${() => this.answerOutcome('previous')}>P: the player to move loses</button>
            <button @click=${() => this.answerOutcome('next')}>N: the player to move wins</button>
            ${loopy ? html`<button @click=${() => this.answerOutcome('draw')}>D: neither can force a win</button>` : nothing}
          </div>`;
      }
      case 'nimber':
        return this.renderNimberForm(`${who}what is the nimber of ${question.component.label}?`, `Nimber of ${question.component.label}`, (e) =>
          this.answerNimber(question.component, e),
        );
      case 'total':
        return this.renderNimberForm(`${who}what is the total, the nimber of the whole position?`, 'The total', (e) => this.answerTotal(e));
      case 'move':
        return html`<p class="question">${who}which move wins? Play it on the board.</p>`;
    }
  }

  private renderNimberForm(question: string, label: string, check: (event: Event) => void) {
    return html`<p class="question">${question}</p>
      <form class="answers" @submit=${check}>
        <label>* <input inputmode="numeric" aria-label=${label} @input=${(e: Event) => (e.target as HTMLInputElement).setCustomValidity('')} /></label>
        <button type="submit">Check</button>
      </form>`;
  }
}

define('grundy-quiz', QuizCard);

declare global {
  interface HTMLElementTagNameMap {
    'grundy-quiz': QuizCard;
  }
}
