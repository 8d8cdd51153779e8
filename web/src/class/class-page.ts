import { LitElement, css, html, nothing } from 'lit';
import { call, ServerError, tokens } from './api';
import { classStyles } from './class-styles';
import './teacher-view';
import './student-view';
import { define } from '../elements/define';

/**
 * `class.html`: the join page, then the class. A teacher's or student's
 * token for the class in the address (`?code=…`) is kept in the browser,
 * so a reload, or a phone that slept, returns to the class as it stands.
 */
export class ClassPage extends LitElement {
  static properties = {
    code: { state: true },
    name: { state: true },
    problem: { state: true },
    joining: { state: true },
    seat: { state: true },
    taken: { state: true },
  };

  declare private code: string;
  declare private name: string;
  declare private problem: string | undefined;
  declare private joining: boolean;
  declare private seat: 'teacher' | 'student' | undefined;
  /** The name was taken: it may be this student's own, on a new device. */
  declare private taken: boolean;

  // The page only holds a view: each view sets its own width (a
  // projector's whole width for the teacher).
  static styles = [classStyles, css`
    :host { max-width: none; padding: 0; }
    .join { max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
    input.code { font-size: 1.6rem; letter-spacing: 0.2em; width: 11ch; }
  `];

  constructor() {
    super();
    this.code = (new URLSearchParams(location.search).get('code') ?? '').toUpperCase();
    this.name = '';
    this.joining = false;
    this.taken = false;
    this.seat = this.code ? roleFor(this.code) : undefined;
  }

  /**
   * Joins as a new student; with `rejoin`, asks the teacher to let this
   * device in as the student of that name (a phone that lost its token).
   */
  private async join(event: Event, rejoin = false): Promise<void> {
    event.preventDefault();
    const code = this.code.replace(/[\s-]/g, '').toUpperCase();
    if (code.length !== 6) {
      this.problem = 'A class code has 6 letters and digits, as the board shows it.';
      return;
    }
    this.joining = true;
    this.problem = undefined;
    this.taken = false;
    try {
      const body = rejoin ? { name: this.name, rejoin: true } : { name: this.name };
      const joined = await call<{ id: number; token: string }>('POST', `api/classes/${code}/students`, body);
      tokens.set(`student:${code}`, joined.token);
      history.replaceState(null, '', `?code=${code}`);
      this.code = code;
      this.seat = 'student';
    } catch (error) {
      this.problem = error instanceof ServerError ? error.message : String(error);
      this.taken = !rejoin && error instanceof ServerError && error.status === 409;
    } finally {
      this.joining = false;
    }
  }

  /** The class let this browser go (removed, or its token forgotten): back to the join form. */
  private leave(): void {
    tokens.forget(`student:${this.code}`);
    this.seat = undefined;
  }

  render() {
    if (this.seat === 'teacher') return html`<grundy-teacher-view code=${this.code} token=${tokens.get(`teacher:${this.code}`) ?? ''}></grundy-teacher-view>`;
    if (this.seat === 'student') {
      return html`<grundy-student-view code=${this.code} token=${tokens.get(`student:${this.code}`) ?? ''} @class-leave=${this.leave}></grundy-student-view>`;
    }
    return html`<form class="card join" @submit=${this.join}>
      <h1>Join a class</h1>
      <p class="muted">Type the code on the board, and your name as the teacher should see it.</p>
      <p><label>Class code<br /><input name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="8"
        .value=${this.code} @input=${(e: Event) => (this.code = (e.target as HTMLInputElement).value.toUpperCase())} class="code" /></label></p>
      <p><label>Your name<br /><input name="name" autocomplete="nickname" maxlength="32" required
        .value=${this.name} @input=${(e: Event) => (this.name = (e.target as HTMLInputElement).value)} /></label></p>
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
      ${this.taken
        ? html`<p>Is that you, on another device? <button type="button" ?disabled=${this.joining} @click=${(e: Event) => void this.join(e, true)}>Ask the teacher to let me back in</button></p>`
        : nothing}
      <button class="primary" type="submit" ?disabled=${this.joining}>${this.joining ? 'Joining…' : 'Join'}</button>
    </form>`;
  }
}

/** Which token this browser holds for the class, the teacher's first. */
function roleFor(code: string): 'teacher' | 'student' | undefined {
  if (tokens.get(`teacher:${code}`)) return 'teacher';
  if (tokens.get(`student:${code}`)) return 'student';
  return undefined;
}

define('grundy-class', ClassPage);
