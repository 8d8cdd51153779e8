import { LitElement, css, html, nothing } from 'lit';
import { LINK_WORDS, LiveLink, type Frame, type LinkState } from './api';
import { classStyles } from './class-styles';
import type { GrundyChangeDetail } from '../elements/grundy-game';
import '../elements/grundy-game';
import { define } from '../elements/define';

interface GameState {
  game: string;
  play: string;
  position: string;
  ply: number;
  turn: 0 | 1;
  over: boolean;
  winner?: 0 | 1;
  seat: 0 | 1;
  /** Once a move is made: the position before it, and the move's id there. */
  before?: string;
  last?: number;
}

/**
 * `play.html#game=…&seat=…`: one seat of a game between two devices. The
 * seat's token stays in the address's fragment, which no request carries;
 * the server checks every move and sends both boards the position.
 */
export class FriendPage extends LitElement {
  static properties = {
    state: { state: true },
    link: { state: true },
    problem: { state: true },
    invite: { state: true },
    copied: { state: true },
    values: { state: true },
    board: { state: true },
    inviteQr: { state: true },
  };

  declare private state: GameState | undefined;
  declare private link: LinkState;
  declare private problem: string | undefined;
  /** The other seat's link, for the player who created the game. */
  declare private invite: string | undefined;
  declare private copied: boolean;
  declare private values: boolean;
  /** The text the board was last given. */
  declare private board: string;
  /** The invite's QR code, as an image address. */
  declare private inviteQr: string | undefined;

  private live: LiveLink | undefined;

  static styles = [
    classStyles,
    css`
      :host { max-width: 60rem; }
      .invite { display: grid; grid-template-columns: 1fr auto; gap: 1rem; align-items: center; }
      .invite input { width: 100%; }
      .qr { width: 9rem; height: 9rem; background: #fff; border-radius: 0.5rem; }
      .turn { font-size: 1.3rem; }
      grundy-game::part(toolbar) { display: none; }
      /* The board is given each position afresh, so its own line would call
         every turn player 1's: the turn line above says whose move it is. */
      grundy-game::part(status) { display: none; }
      @media (max-width: 600px) { .invite { grid-template-columns: 1fr; } }
    `,
  ];

  constructor() {
    super();
    this.link = 'connecting';
    this.copied = false;
    this.values = false;
    this.board = '';
  }

  connectedCallback(): void {
    super.connectedCallback();
    const fragment = new URLSearchParams(location.hash.slice(1));
    const game = fragment.get('game') ?? '';
    const seat = fragment.get('seat') ?? '';
    const other = fragment.get('invite');
    if (other) {
      this.invite = new URL(`play.html#game=${encodeURIComponent(game)}&seat=${encodeURIComponent(other)}`, document.baseURI).href;
      void this.drawInviteQr(this.invite);
    }
    if (!game || !seat) {
      this.problem = 'This link is not a game’s link: ask for the link again.';
      return;
    }
    this.live = new LiveLink(`api/games/${encodeURIComponent(game)}/live`, seat, (f) => this.onFrame(f), (state) => (this.link = state));
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    this.live?.close();
  }

  private onFrame(frame: Frame): void {
    if (frame.type === 'state') {
      this.state = frame as unknown as GameState;
      this.problem = undefined;
      void this.showServerPosition();
    } else if (frame.type === 'error') {
      this.problem = String(frame.message);
      void this.showServerPosition();
    }
  }

  /**
   * Puts the server's position on the board, unless the board shows it
   * already. The other player's move is played on the board showing the
   * position before it, so that the board marks it as the last move.
   */
  private async showServerPosition(): Promise<void> {
    const state = this.state;
    if (!state) return;
    const text = state.position;
    const board = this.renderRoot.querySelector('grundy-game');
    const shown = board?.text.trim();
    if (shown === text.trim()) return;
    if (board && state.before !== undefined && state.last !== undefined && shown === state.before.trim()) {
      await board.restore(state.before, [state.last]);
      if (board.text.trim() === text.trim()) return;
    }
    // The same text again would not reopen the board: a trailing space does.
    this.board = this.board === text ? `${text} ` : text;
  }

  /** A move on this board is sent; the server's state then shows on both. */
  private onChange(event: CustomEvent<GrundyChangeDetail>): void {
    const state = this.state;
    if (!state || event.detail.cause !== 'move' || event.detail.by !== 'human') return;
    if (!this.live?.send({ type: 'move', after: event.detail.text })) {
      this.problem = 'Not connected: the move was not sent. It reconnects by itself.';
      void this.showServerPosition();
    }
  }

  /** Asks for the invite's QR code with the link in the body: in an address, a proxy's log would keep the other seat's token. */
  private async drawInviteQr(invite: string): Promise<void> {
    try {
      const response = await fetch(new URL('api/qr', document.baseURI), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: invite }),
      });
      if (response.ok) this.inviteQr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(await response.text())}`;
    } catch {
      // The link above is the invite; the code only saves typing it.
    }
  }

  private async copyInvite(): Promise<void> {
    if (!this.invite) return;
    try {
      await navigator.clipboard.writeText(this.invite);
      this.copied = true;
      setTimeout(() => (this.copied = false), 2000);
    } catch {
      this.copied = false;
    }
  }

  render() {
    const state = this.state;
    return html`
      <h1>Play a friend</h1>
      ${this.invite && (!state || state.ply === 0)
        ? html`<section class="card invite" aria-label="Invite">
            <div><h2>Send this link to the other player</h2>
              <p class="row"><input readonly .value=${this.invite} aria-label="The other player's link" @focus=${(e: Event) => (e.target as HTMLInputElement).select()} />
              <button @click=${() => void this.copyInvite()}>${this.copied ? 'Copied' : 'Copy'}</button></p>
              <p class="muted">Whoever opens it plays second. You move first.</p></div>
            ${this.inviteQr ? html`<img class="qr" alt="QR code of the other player's link" src=${this.inviteQr} />` : html`<span class="qr"></span>`}
          </section>`
        : nothing}
      <p class="link ${this.link}" role="status">${LINK_WORDS[this.link]}</p>
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : nothing}
      ${state ? this.renderGame(state) : nothing}
    `;
  }

  private renderGame(state: GameState) {
    const mine = state.turn === state.seat && !state.over;
    const words = state.over
      ? state.winner === state.seat
        ? 'You win!'
        : 'Your friend wins.'
      : mine
        ? 'Your move.'
        : 'Your friend’s move…';
    return html`<section class="card" aria-label="Game">
      <p class="turn" role="status" aria-live="polite">${words} <span class="muted">You are player ${state.seat + 1}${state.play === 'misere' ? ' · misère: whoever moves last loses' : ''}.</span></p>
      <grundy-game game=${state.game} .position=${this.board} mode="play" opponent="human"
        controls=${mine ? 'play' : 'none'} values=${this.values ? 'shown' : 'hidden'} play=${state.play}
        @grundy-change=${this.onChange}></grundy-game>
      <p><label><input type="checkbox" .checked=${this.values} @change=${(e: Event) => (this.values = (e.target as HTMLInputElement).checked)} />
        Show values on my board</label></p>
    </section>`;
  }
}

define('grundy-friend', FriendPage);
