import { html, nothing } from 'lit';
import type { GrundyGame } from './grundy-game';
import { readLevel, readOpponent, readSide, type Mode } from './options';

const LEVELS = ['optimal', 'strong', 'casual', 'random'] as const;

const MODES: [Mode, string][] = [
  ['edit', 'Edit'],
  ['play', 'Play'],
  ['analyse', 'Analyse'],
];

/** The games whose toolbar options are unfolded where a narrow screen folds them. */
const unfolded = new WeakSet<GrundyGame>();

/** A select whose choice sets one of the element's attributes. */
function choice<T extends string>(
  label: string,
  options: [T, string][],
  selected: T,
  set: (value: T) => void,
  { title, ariaLabel }: { title?: string; ariaLabel?: string } = {},
) {
  return html`<label title=${title ?? nothing}
    >${label}
    <select aria-label=${ariaLabel ?? nothing} @change=${(e: Event) => set((e.target as HTMLSelectElement).value as T)}>
      ${options.map(([value, text]) => html`<option value=${value} ?selected=${value === selected}>${text}</option>`)}
    </select></label
  >`;
}

/**
 * The full playground's toolbar: the mode, the play in force, the opponent
 * and its level, hints, quiz, values, presentation, and Undo and Redo (of
 * moves, or in Edit of moves and drawing edits alike, with a random position).
 */
export function toolbar(game: GrundyGame) {
  const mode = game.currentMode;
  const view = game.controller.view;
  const { controller, random } = game;
  const check = (label: string, checked: boolean, set: (on: boolean) => void, title?: string, disabled = false) =>
    html`<label title=${title ?? nothing}
      ><input type="checkbox" .checked=${checked} ?disabled=${disabled}
        @change=${(e: Event) => set((e.target as HTMLInputElement).checked)} />
      ${label}</label
    >`;
  const open = unfolded.has(game);
  const fold = () => {
    if (open) unfolded.delete(game);
    else unfolded.add(game);
    game.requestUpdate();
  };
  return html`<div class="toolbar ${open ? 'open' : ''}" part="toolbar">
    <div class="modes" role="group" aria-label="Mode">
      ${MODES.filter(([value]) => value !== 'analyse' || !game.valuesLocked).map(
        ([value, label]) => html`<button aria-pressed=${mode === value ? 'true' : 'false'} @click=${() => game.setMode(value)}>${label}</button>`,
      )}
    </div>
    <button class="fold" aria-expanded=${open ? 'true' : 'false'} aria-controls="options" @click=${fold}>Options ${open ? '▴' : '▾'}</button>
    <span class="more" id="options">
    ${choice('Play', [['normal', 'Normal'], ['misere', 'Misère']], game.convention, (v) => (game.play = v), {
      title: 'Normal: whoever cannot move loses. Misère: whoever makes the last move loses.',
      ariaLabel: 'Play: normal or misère',
    })}
    ${mode === 'play'
      ? html`${choice('Opponent', [['ai', 'Computer'], ['human', 'A friend']], readOpponent(game.opponent), (v) => (game.opponent = v))}
          ${game.againstAi
            ? html`${choice('First', [['human', 'You'], ['ai', 'Computer']], readSide(game.first), (v) => (game.first = v))}
                ${choice(
                  'Level',
                  LEVELS.map((name) => [name, name]),
                  LEVELS.find((name) => readLevel(name) === readLevel(game.level)) ?? '',
                  (v) => (game.level = v),
                )}`
            : nothing}
          ${check('Hints', game.hints, (on) => (game.hints = on), undefined, !game.valuesShown)}
          ${check('Quiz', game.quiz, (on) => (game.quiz = on),
            'Before each of your moves a question: P or N, a part\'s nimber, the total, or which move wins. Values show once you answer.')}`
      : nothing}
    ${game.valuesLocked
      ? nothing
      : check('Values', game.valuesShown, (on) => (game.values = on ? 'shown' : 'hidden'), 'Hide nimbers, verdicts and hints, to play without spoilers')}
    <button @click=${() => game.presentation.present(true)} title="Large type and a step-by-step reveal, for a projector">Present</button>
    </span>
    ${mode !== 'edit'
      ? html`<button @click=${() => controller.stepHistory('undo')} ?disabled=${!controller.canStep('undo')} aria-label="Undo">↶ Undo</button>
          <button @click=${() => controller.stepHistory('redo')} ?disabled=${!controller.canStep('redo')} aria-label="Redo">↷ Redo</button>`
      : html`<button @click=${() => controller.step('undo')} ?disabled=${!view?.undoes} aria-label=${view?.undoes === 'move' ? 'Undo the last move' : 'Undo the last edit'}>↶ Undo</button>
          <button @click=${() => controller.step('redo')} ?disabled=${!view?.redoes} aria-label=${view?.redoes === 'move' ? 'Redo the move undone' : 'Redo the edit undone'}>↷ Redo</button>
          <button @click=${() => random.randomise()}>Random</button>
          <label title="How full the random position is: radioactive cells, X letters, walls, heap sizes…"
            >density <input type="range" min="0" max="1" step="0.05" .value=${String(random.density)}
              @input=${(e: Event) => random.setDensity(Number((e.target as HTMLInputElement).value))} /></label>`}
  </div>`;
}
