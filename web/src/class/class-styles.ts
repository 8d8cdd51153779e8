import { css } from 'lit';

/** What the class pages share: cards, buttons, the status line. */
export const classStyles = css`
  :host { display: block; box-sizing: border-box; padding: 1rem; max-width: 90rem; margin: 0 auto;
    --accent: var(--page-accent, #0b57d0); --border: var(--page-border, #c9ced6); --muted: var(--page-muted, #5b6270); }
  * { box-sizing: border-box; }
  h1 { font-size: 1.6rem; margin: 0 0 0.5rem; }
  h2 { font-size: 1.15rem; margin: 0 0 0.5rem; }
  .card { border: 1px solid var(--border); border-radius: 0.75rem; padding: 0.9rem 1rem; margin-bottom: 1rem; }
  button, input, select { font: inherit; }
  button { padding: 0.45rem 0.9rem; border-radius: 0.5rem; border: 1px solid var(--border); background: transparent;
    color: inherit; cursor: pointer; }
  button.primary { background: var(--accent); color: #fff; border-color: transparent; }
  button:disabled { opacity: 0.5; cursor: default; }
  button:focus-visible, input:focus-visible, select:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  input { padding: 0.45rem 0.6rem; border-radius: 0.5rem; border: 1px solid var(--border); background: transparent; color: inherit; }
  .row { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
  .muted { color: var(--muted); }
  .error { color: #aa3377; }
  .link { font-size: 0.9rem; }
  .link.open { color: #1a7f37; }
  .link.reconnecting, .link.connecting { color: #9a6700; }
  grundy-game { display: block; }
`;
