import { LitElement, css, html, nothing } from 'lit';
import { outcomeOf, type Analysis, type Component, type Outcome } from '../engine/model';

/** What the quiz asks of one position. */
type Question = { kind: 'outcome' } | { kind: 'nimber'; component: Component };

/** How an answer went, kept until the position changes. */
interface Marked {
  ply: number;
  right: boolean;
  said: string;
}

/**
 * A question before each move, for a class: "is this position P or N?",
 * or on alternate turns "what is this component's nimber?" when the
 * position has several parts. It checks the answer against the analysis,
 * keeps a score, and fires `quiz-answered` so the game reveals the values
 * and lets the move be made.
 */
export class QuizCard extends LitElement {
  static properties = {
    analysis: { attribute: false },
    ply: { type: Number },
    waiting: { type: Boolean },
    marked: { state: true },
    right: { state: true },
    asked: { state: true },
  };

  declare analysis: Analysis;
  /** The ply of the position asked about; a new ply asks a new question. */
  declare ply: number;
  /** The other side is to move: nothing to answer yet. */
  declare waiting: boolean;
  declare private marked: Marked | undefined;
  declare private right: number;
  declare private asked: number;

  constructor() {
    super();
    this.ply = 0;
    this.waiting = false;
    this.right = 0;
    this.asked = 0;
  }

  static styles = css`
    :host { display: block; font-size: 0.9rem; border: 2px solid var(--grundy-accent, #0b57d0); border-radius: 0.6rem;
      padding: 0.5rem 0.7rem; margin-bottom: 0.6rem; }
    p { margin: 0.2rem 0; }
    .question { font-weight: 700; }
    .answers { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.35rem 0; }
    button, input { font: inherit; min-height: 2.25rem; }
    button { border-radius: 0.5rem; border: 1px solid var(--grundy-border, #999); background: var(--grundy-surface, #fff); color: inherit;
      padding: 0 0.8rem; cursor: pointer; }
    input { width: 5rem; }
    .right { color: var(--grundy-win, #117733); font-weight: 600; }
    .wrong { color: var(--grundy-lose, #aa3377); font-weight: 600; }
    .score { color: var(--grundy-muted, #555); font-variant-numeric: tabular-nums; }
  `;

  /** Whether the current position's question has been answered. */
  get answered(): boolean {
    return this.marked?.ply === this.ply;
  }

  private get question(): Question | undefined {
    const analysis = this.analysis;
    if (!analysis || analysis.moves.length === 0 || outcomeOf(analysis) === undefined) return undefined;
    const parts = analysis.components;
    // Nimbers decide only normal play of games that end, and only a sum makes a part worth asking about.
    if (!analysis.misere && !analysis.loopy && parts.length > 1 && this.ply % 2 === 1) {
      return { kind: 'nimber', component: parts[Math.floor(this.ply / 2) % parts.length] };
    }
    return { kind: 'outcome' };
  }

  private mark(right: boolean, said: string): void {
    this.marked = { ply: this.ply, right, said };
    this.asked += 1;
    if (right) this.right += 1;
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
    this.mark(said === outcome, said === outcome ? `Right: ${position}; ${why}.` : `It is ${position}: ${why}.`);
  }

  private answerNimber(component: Component, event: Event): void {
    event.preventDefault();
    const input = this.renderRoot.querySelector('input');
    const said = Number(input?.value.replace('*', '').trim());
    if (!input?.value.trim() || !Number.isInteger(said) || said < 0) {
      input?.setCustomValidity('a nimber is a whole number: 0, 1, 2, …');
      input?.reportValidity();
      return;
    }
    const worth = component.nimber;
    this.mark(said === worth, said === worth ? `Right: ${component.label} is worth *${worth}.` : `${component.label} is worth *${worth}, not *${said}.`);
  }

  render() {
    const score = this.asked ? html`<p class="score">Score: ${this.right} of ${this.asked}</p>` : nothing;
    if (this.answered) {
      const marked = this.marked!;
      return html`<p class=${marked.right ? 'right' : 'wrong'} role="status">${marked.right ? '✔' : '✘'} ${marked.said}</p>
        <p>Now make your move.</p>${score}`;
    }
    if (this.waiting) return html`<p>The next question comes on your turn.</p>${score}`;
    const question = this.question;
    if (!question) return html`<p>No question here: ${this.analysis?.moves.length ? 'the outcome is not known' : 'no move is left'}.</p>${score}`;
    if (question.kind === 'outcome') {
      const loopy = !!this.analysis.loopy && !this.analysis.misere;
      return html`<p class="question">Quiz: is this position P or N${loopy ? ', or a draw' : ''}?</p>
        <div class="answers">
          <button @click=${() => this.answerOutcome('previous')}>P: the player to move loses</button>
          <button @click=${() => this.answerOutcome('next')}>N: the player to move wins</button>
          ${loopy ? html`<button @click=${() => this.answerOutcome('draw')}>D: neither can force a win</button>` : nothing}
        </div>${score}`;
    }
    return html`<p class="question">Quiz: what is the nimber of ${question.component.label}?</p>
      <form class="answers" @submit=${(e: Event) => this.answerNimber(question.component, e)}>
        <label>* <input inputmode="numeric" aria-label=${`Nimber of ${question.component.label}`} @input=${(e: Event) => (e.target as HTMLInputElement).setCustomValidity('')} /></label>
        <button type="submit">Check</button>
      </form>${score}`;
  }
}

customElements.define('grundy-quiz', QuizCard);

declare global {
  interface HTMLElementTagNameMap {
    'grundy-quiz': QuizCard;
  }
}
