import { css } from 'lit';
import { themeStyles } from './theme';

/** The look of `<grundy-game>`: its palettes, layout and parts. */
export const gameStyles = [
  themeStyles,
  css`
  :host {
    display: block;
    container-type: inline-size;
    color: var(--grundy-ink);
    background: var(--grundy-bg);
    font-family: system-ui, -apple-system, 'Segoe UI', sans-serif;
    /* Its own type, not the post's (a blog's 18px/1.6 body made games 5 % taller than measured): the height a snippet keeps is the height it takes. The reader's root size still scales it, and a page's own rule for the element still wins. */
    font-size: 1rem;
    line-height: normal;
    border: 1px solid var(--grundy-border);
    border-radius: 0.75rem;
    padding: 0.75rem;
    box-sizing: border-box;
    max-width: 100%;
  }
  :host([hidden]) { display: none; }
  .toolbar { display: flex; flex-wrap: wrap; gap: 0.4rem 0.75rem; align-items: center; }
  /* On a narrow screen the options fold behind one button, so the board comes first. */
  .toolbar .more { display: contents; }
  .toolbar .fold { display: none; }
  @container (max-width: 640px) {
    .toolbar .fold { display: inline-flex; }
    .toolbar:not(.open) .more { display: none; }
  }
  .modes { display: inline-flex; border: 1px solid var(--grundy-border); border-radius: 0.5rem; overflow: hidden; }
  .modes button { border: 0; border-radius: 0; }
  .modes button[aria-pressed='true'] { background: var(--grundy-accent); color: var(--grundy-bg); }
  button, select { font: inherit; font-size: 0.85rem; color: inherit; background: var(--grundy-surface);
    border: 1px solid var(--grundy-border); border-radius: 0.4rem; padding: 0.25rem 0.55rem; cursor: pointer; }
  button:disabled { opacity: 0.45; cursor: default; }
  button:focus-visible, select:focus-visible, textarea:focus-visible, input:focus-visible { outline: 3px solid var(--grundy-focus); outline-offset: 1px; }
  label { font-size: 0.85rem; display: inline-flex; gap: 0.3rem; align-items: center; }
  .status { margin: 0.6rem 0; font-weight: 600; min-height: 1.4em; }
  .status .win { color: var(--grundy-win); }
  .status .lose { color: var(--grundy-lose); }
  .main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(14rem, 19rem); gap: 1rem; }
  @container (max-width: 640px) { .main { grid-template-columns: minmax(0, 1fr); } }
  .board { min-width: 0; overflow-x: auto; }
  .board:focus:not(:focus-visible) { outline: none; }
  .panel, .readout { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
  .picker { display: flex; align-items: center; gap: 0.4rem; margin-top: 0.5rem; padding: 0.4rem;
    border: 1px solid var(--grundy-border); border-radius: 0.6rem; background: var(--grundy-surface); }
  .picker button { min-width: 2.5rem; min-height: 2.5rem; font: inherit; border-radius: 0.5rem; border: 1px solid var(--grundy-border);
    background: var(--grundy-bg); color: inherit; }
  .picker button.play { background: var(--grundy-accent); color: var(--grundy-bg); border-color: transparent; font-weight: 700; padding: 0 1rem; }
  .picker .label { flex: 1 1 0; min-width: 0; font-weight: 600; }
  .picker .after { color: var(--grundy-muted); font-weight: 400; }
  textarea { width: 100%; box-sizing: border-box; min-height: 5.5rem; font-family: ui-monospace, monospace; font-size: 0.85rem;
    color: inherit; background: var(--grundy-surface); border: 1px solid var(--grundy-border); border-radius: 0.4rem; padding: 0.4rem; }
  textarea[aria-invalid='true'] { border-color: var(--grundy-lose); }
  .error { color: var(--grundy-lose); font-size: 0.85rem; margin: 0.3rem 0 0; white-space: pre-wrap; }
  .attribute-error { color: var(--grundy-lose); border: 1px solid currentColor; border-radius: 0.4rem; padding: 0.4rem 0.7rem; }
  .attribute-error p { margin: 0.2rem 0; }
  .attribute-note { color: var(--grundy-muted); font-size: 0.8rem; margin: 0 0 0.4rem; padding-left: 0.5rem; border-left: 3px solid var(--grundy-last); }
  .timing { color: var(--grundy-muted); font-size: 0.75rem; }
  .field-label { font-size: 0.8rem; color: var(--grundy-muted); display: block; margin-bottom: 0.2rem; }
  .export { display: flex; flex-wrap: wrap; gap: 0.3rem; align-items: center; margin-top: 0.5rem; }
  /* Type grows with the screen: 28 px on a 1080-line projector. */
  :host([presenting]) { font-size: clamp(1.3rem, 2.6vh, 4rem); padding: 1.25rem; outline: none; overflow: auto; }
  /* Drawn boards fill the screen below the toolbar and stop at its height;
     HTML boards (heaps, rows) are zoomed to fit by the presentation. */
  :host([presenting]) .board { --grundy-board-width: 100%; --grundy-board-height: calc(100vh - 3.5em - 2.5rem); }
  :host([presenting]) .main { grid-template-columns: minmax(0, 1fr) minmax(16rem, 30%); }
  /* Beside a slide's text the game is narrower: its explanation keeps room for the nim-sum table. */
  @container (max-width: 1300px) { :host([presenting]) .main { grid-template-columns: minmax(0, 1fr) minmax(16rem, 36%); } }
  :host([presenting]) .revealed { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
  /* A phone stacks the explanation under the board rather than squeezing the board out. */
  @container (max-width: 50rem) { :host([presenting]) .main { grid-template-columns: minmax(0, 1fr); } }
  :host([presenting]) button { font-size: 0.8em; }
  /* A quiz on a projector reads in the slide's type. */
  :host([presenting]) grundy-quiz { font-size: 1em; }
  /* On a projector the winning move's counters stay solid inside a bold outline instead of fading. */
  :host([presenting]) .board { --grundy-taken-opacity: 0.9; --grundy-taken-outline: 0.15rem solid var(--grundy-win, #117733); --grundy-halo-opacity: 0.85; --grundy-halo-width: 20; }
  .toolbar.presenting .step { font-weight: 700; }
  .verdict-big { font-size: 1.2rem; }
  .scorecard { border: 1px solid var(--grundy-border); border-radius: 0.5rem; padding: 0.4rem 0.7rem; font-size: 0.9rem; }
  .scorecard h3 { font-size: 1rem; margin: 0 0 0.3rem; }
  .scorecard p { margin: 0.2rem 0; font-weight: 600; }
  .scorecard ol { margin: 0.3rem 0 0; padding-left: 1.6rem; }
  .scorecard .kept strong { color: var(--grundy-win); }
  .scorecard .threw strong { color: var(--grundy-lose); }
  /* The working notice floats over the board it makes stale, so nothing moves as it comes and goes;
     the board's place holds it while there is no board yet. */
  .board-area { position: relative; min-width: 0; min-height: 2.4rem; }
  .busy { position: absolute; top: 0; inset-inline-start: 0; z-index: 2; display: flex; gap: 0.5rem; align-items: center; margin: 0;
    padding: 0.2rem 0.5rem; font-size: 0.9rem; color: var(--grundy-muted); background: var(--grundy-bg);
    border: 1px solid var(--grundy-border); border-radius: 0.4rem; }
  .explorer { margin-top: 0.75rem; }
  .moves summary { cursor: pointer; font-weight: 600; font-size: 0.9rem; }
  .values-off { color: var(--grundy-muted); font-size: 0.9rem; margin: 0; }
  .explorer summary { cursor: pointer; font-weight: 600; }
  .stale { opacity: 0.45; pointer-events: none; }
  .busy .elapsed { font-variant-numeric: tabular-nums; display: inline-block; min-width: 3.5em; }
  .spinner { width: 0.9rem; height: 0.9rem; border-radius: 50%; border: 2px solid var(--grundy-border);
    border-top-color: var(--grundy-accent); animation: spin 0.8s linear infinite; }
  @keyframes spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { .spinner { animation: none; } }
`,
];
