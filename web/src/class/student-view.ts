import { LitElement, css, html, nothing } from 'lit';
import { LiveLink, LINK_WORDS, withLesson, type Frame, type LinkState } from './api';
import { classStyles } from './class-styles';
import { Countdown, dueWords, timedQuestion } from './countdown';
import type { GrundyChangeDetail } from '../elements/grundy-game';
import '../elements/grundy-game';
import '../lessons/grundy-lesson';
import { define } from '../elements/define';

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
  /** The server closed it: its time is up. */
  closed?: boolean;
  answered?: boolean;
  /** For a puzzle of a set: the set's number, the puzzle's place in it and the set's size. */
  set?: number | null;
  place?: number;
  of?: number;
  /** For homework: when it is due (ms since 1970). */
  due?: number | null;
}

/** A set the student has finished. */
interface SetDone {
  set: number;
  answered: number;
  right: number;
  of: number;
}


interface Result {
  question: number;
  answer: unknown;
  yours: string | null;
  correct: boolean | null;
}

interface ClassView {
  title: string;
  /** The student's copy of the lesson: no notes, and no game that shows a value. */
  lesson?: string | null;
  game?: string | null;
  position?: string | null;
  play: string;
  /** The teacher's slide, from 0: a student may go back from it, never past it. */
  slide: number;
  follow: boolean;
  paused: boolean;
  ended: boolean;
}

/** The asked position, to look at: no value, and no move to make on it. */
function askedBoard(q: Question) {
  return html`<grundy-game game=${q.game} .position=${q.position} controls="none" values="hidden" play=${q.play}></grundy-game>`;
}

const ASKS: Record<Question['kind'], string> = {
  pn: 'Is this a P-position (the player to move loses) or an N-position (the player to move wins)?',
  value: 'What is the value (nimber) of this position?',
  move: 'Play the winning move on this board.',
};

/**
 * A student's view of a class: the teacher's slide (or the class's board),
 * and while a question is open, only the question, on a board that shows
 * no value, outcome or hint. Answers go to the server, which marks them;
 * the result shows after the teacher's reveal.
 */
export class StudentView extends LitElement {
  static properties = {
    code: { type: String },
    token: { type: String },
    view: { state: true },
    name: { state: true },
    open: { state: true },
    results: { state: true },
    link: { state: true },
    problem: { state: true },
    gone: { state: true },
    slide: { state: true },
    typed: { state: true },
    waitingAs: { state: true },
    finished: { state: true },
  };

  declare code: string;
  declare token: string;
  declare private view: ClassView | undefined;
  declare private name: string;
  /** Questions asked and not yet revealed. */
  declare private open: Question[];
  declare private results: Result[];
  declare private link: LinkState;
  declare private problem: string | undefined;
  /** Why the class is over for this student, if it is. */
  declare private gone: string | undefined;
  /** The slide shown; the teacher's while following. */
  declare private slide: number;
  declare private typed: string;
  /** The name this device asked the teacher to come back in as, while it waits. */
  declare private waitingAs: string | undefined;
  /** The last puzzle set this student finished. */
  declare private finished: SetDone | undefined;

  private live: LiveLink | undefined;
  private readonly countdown = new Countdown(this);

  constructor() {
    super();
    this.name = '';
    this.open = [];
    this.results = [];
    this.link = 'connecting';
    this.slide = 0;
    this.typed = '';
  }

  connectedCallback(): void {
    super.connectedCallback();
    this.live = new LiveLink(`api/classes/${this.code}/live`, this.token, withLesson(this.code, this.token, (f) => this.onFrame(f), (message) => (this.problem = message)), (state) => (this.link = state));
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.live?.close();
  }

  private onFrame(frame: Frame): void {
    switch (frame.type) {
      case 'welcome':
        this.waitingAs = undefined;
        this.view = frame.class as ClassView;
        this.name = String(frame.name ?? '');
        this.open = (frame.questions as Record<string, unknown>[]).map((q) => timedQuestion<Question>(q));
        this.results = frame.results as Result[];
        this.slide = this.view.slide;
        break;
      case 'question':
        this.open = [...this.open.filter((q) => q.question !== frame.question), timedQuestion<Question>(frame)];
        this.typed = '';
        break;
      case 'set-done':
        this.finished = frame as unknown as SetDone;
        break;
      case 'closed':
        this.open = this.open.map((q) => (q.question === frame.question ? { ...q, closed: true } : q));
        break;
      case 'pause':
        if (this.view) this.view = { ...this.view, paused: frame.on as boolean };
        break;
      case 'answered':
        this.open = this.open.map((q) => (q.question === frame.question ? { ...q, answered: true } : q));
        break;
      case 'result':
        this.open = this.open.filter((q) => q.question !== frame.question);
        // A question asked before the student joined is not theirs to be scored on.
        if (frame.counts) this.results = [...this.results.filter((r) => r.question !== frame.question), frame as unknown as Result];
        break;
      case 'slide':
        if (this.view) this.view = { ...this.view, slide: frame.index as number };
        // Following, the student is on the teacher's slide; else never past it.
        if (this.view?.follow) this.slide = frame.index as number;
        else this.slide = Math.min(this.slide, frame.index as number);
        break;
      case 'follow':
        if (this.view) this.view = { ...this.view, follow: frame.on as boolean };
        if (frame.on) this.slide = frame.slide as number;
        break;
      case 'ended':
        this.gone = 'The class has ended. Thank you!';
        break;
      case 'kicked':
        this.gone = 'The teacher removed you from this class. Ask them if you should join again.';
        break;
      case 'waiting':
        this.waitingAs = String(frame.name ?? '');
        break;
      case 'admitted':
        // The server closes this connection; the next one is the student's.
        this.waitingAs = undefined;
        break;
      case 'refused':
        this.waitingAs = undefined;
        this.gone = 'The teacher did not let this device in. Join as a new student, or ask the teacher.';
        break;
      case 'replaced':
        this.gone = 'You are in the class on another device now: the teacher let it in.';
        break;
      case 'error':
        this.problem = String(frame.message);
        break;
    }
  }

  private answer(question: Question, answer: string | number): void {
    this.problem = undefined;
    if (!this.live?.send({ type: 'answer', question: question.question, answer })) {
      this.problem = 'Not connected: your answer was not sent. It reconnects by itself; try again in a moment.';
    }
  }

  /** A move on a move question's board is the answer. */
  private onBoardChange(question: Question, event: CustomEvent<GrundyChangeDetail>): void {
    if (event.detail.cause === 'move' && event.detail.by === 'human' && !question.answered) this.answer(question, event.detail.text);
  }

  static styles = [
    classStyles,
    css`
      .bar { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.5rem; align-items: baseline; }
      .question { border-color: var(--accent); border-width: 2px; }
      .choices button { font-size: 1.3rem; min-width: 5rem; min-height: 3rem; }
      .result.right { border-color: #1a7f37; }
      .result.wrong { border-color: #aa3377; }
      .timer { font-variant-numeric: tabular-nums; }
      .paused { font-size: 1.6rem; text-align: center; padding: 2rem 1rem; }
    `,
  ];

  render() {
    const view = this.view;
    const question = this.open.find((q) => !q.answered) ?? this.open.at(-1);
    return html`
      <div class="bar">
        <h1>${view?.title ?? 'Class'}</h1>
        <span class="muted">${this.name ? `You are ${this.name} · ` : ''}<span class="link ${this.link}" role="status">${LINK_WORDS[this.link]}</span></span>
      </div>
      ${this.gone
        ? html`<section class="card" role="status"><p>${this.gone}</p>
            <button @click=${() => this.dispatchEvent(new CustomEvent('class-leave', { bubbles: true, composed: true }))}>Back to joining</button></section>`
        : this.waitingAs !== undefined
          ? html`<p class="card paused" role="status">Waiting for the teacher to let you back in as ${this.waitingAs}…</p>`
          : view?.paused
            ? html`<p class="card paused" role="status">Eyes on the teacher.</p>`
            : question
              ? this.renderQuestion(question)
              : this.finished
                ? html`<p class="card" role="status">Puzzle set done: ${this.finished.right} of ${this.finished.of} right.</p>`
                : nothing}
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
      ${this.link === 'reconnecting' && !this.gone
        ? html`<p class="muted">Still not connected? The class may have been closed on the server.
            <button @click=${() => this.dispatchEvent(new CustomEvent('class-leave', { bubbles: true, composed: true }))}>Join again</button></p>`
        : nothing}
      ${this.renderLastResult()}
      ${question || this.gone || this.waitingAs !== undefined || view?.paused ? nothing : this.renderStage(view)}
    `;
  }

  private renderQuestion(q: Question) {
    const left = this.countdown.left(q.closesAt);
    const closed = q.closed || left === 0;
    const misere = q.play === 'misere' ? ' (misère play: whoever moves last loses)' : '';
    const label = q.set ? `Puzzle ${q.place} of ${q.of}` : `Question ${q.number}`;
    return html`<section class="card question" aria-label=${label}>
      <div class="bar"><h2><span class="muted">${label}.</span> ${ASKS[q.kind]}${misere}</h2>${left !== undefined ? html`<span class="timer">${left} s</span>` : nothing}</div>
      ${q.due ? html`<p class="muted">Homework, due ${dueWords(q.due)}.</p>` : nothing}
      ${q.answered
        ? html`<p role="status">${q.set ? 'Answer sent. Marking it…' : 'Answer sent. The result shows when the teacher reveals it.'}</p>`
        : closed
          ? html`${askedBoard(q)}<p role="status">Time is up: answers to this question are closed.</p>`
          : this.renderAnswering(q)}
    </section>`;
  }

  /** The board and the buttons that answer an open question. */
  private renderAnswering(q: Question) {
    if (q.kind === 'move') {
      return html`<grundy-game game=${q.game} .position=${q.position} mode="play" opponent="human" controls="play" values="hidden" play=${q.play}
        @grundy-change=${(e: CustomEvent<GrundyChangeDetail>) => this.onBoardChange(q, e)}></grundy-game>`;
    }
    return html`${askedBoard(q)}
      ${q.kind === 'pn'
        ? html`<p class="row choices"><button class="primary" @click=${() => this.answer(q, 'P')}>P</button>
            <button class="primary" @click=${() => this.answer(q, 'N')}>N</button></p>`
        : html`<form class="row choices" @submit=${(e: Event) => {
            e.preventDefault();
            if (/^\d+$/.test(this.typed.trim())) this.answer(q, Number(this.typed.trim()));
            else this.problem = 'A value is a whole number: 0, 1, 2, …';
          }}>
            <label>Value <input inputmode="numeric" pattern="[0-9]*" size="5" .value=${this.typed}
              @input=${(e: Event) => (this.typed = (e.target as HTMLInputElement).value)} /></label>
            <button class="primary" type="submit">Send</button></form>`}`;
  }

  private renderLastResult() {
    const result = this.results.at(-1);
    if (!result) return nothing;
    const verdict = result.correct === null ? 'You did not answer.' : result.correct ? 'Right!' : 'Not this time.';
    return html`<section class="card result ${result.correct ? 'right' : 'wrong'}" aria-label="Your result" role="status">
      <strong>${verdict}</strong> The answer: <strong>${String(result.answer)}</strong>.
      ${result.yours !== null && result.yours !== undefined ? html`<span class="muted">Yours: ${result.yours}</span>` : nothing}
      <span class="muted">· ${this.results.filter((r) => r.correct).length} of ${this.results.length} right so far</span>
    </section>`;
  }

  private renderStage(view: ClassView | undefined) {
    if (!view) return html`<p class="muted">Connecting…</p>`;
    if (view.lesson) {
      return html`<section class="card" aria-label="Lesson">
        <p class="muted">${view.follow ? 'Following the teacher’s slide.' : 'Go back over the slides so far; the teacher’s slide is the last one.'}</p>
        <grundy-lesson audience="student" .text=${view.lesson} .slide=${this.slide + 1} .lastSlide=${view.slide + 1}
          @grundy-slide=${(e: CustomEvent<{ slide: number }>) => (this.slide = e.detail.slide - 1)}></grundy-lesson>
      </section>`;
    }
    if (view.game) {
      return html`<section class="card" aria-label="Board">
        <grundy-game game=${view.game} .position=${view.position ?? ''} play=${view.play} mode="play" opponent="human" controls="play" values="hidden"></grundy-game>
      </section>`;
    }
    return html`<p class="card muted">Waiting for the teacher’s first question.</p>`;
  }
}

define('grundy-student-view', StudentView);
