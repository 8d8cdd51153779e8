import { LitElement, type PropertyDeclarations } from 'lit';
import type { Controls, Mode, Opponent, Play, PuzzleSource, Side, Solution, Values } from './options';
import { DEFAULT_PREFERENCES } from './preferences';
import type { Theme } from './theme';
import type { GameId } from '../engine/engine-types';

/**
 * The attributes of `<grundy-game>`, each with its meaning and default:
 * what a page sets, and what the element manifest publishes.
 */
export class GrundyGameAttributes extends LitElement {
  static properties: PropertyDeclarations = {
    game: { type: String, reflect: true },
    position: { type: String },
    mode: { type: String, reflect: true },
    first: { type: String, reflect: true },
    opponent: { type: String, reflect: true },
    level: { type: String, reflect: true },
    hints: { type: Boolean, reflect: true },
    seed: { type: Number },
    aiDelay: { type: Number, attribute: 'ai-delay' },
    // Written with its accent, as French and most English texts spell it.
    play: { type: String, reflect: true, converter: { fromAttribute: (value) => (value?.normalize('NFC') === 'misère' ? 'misere' : value) } },
    values: { type: String, reflect: true },
    controls: { type: String, reflect: true },
    puzzle: { type: String, reflect: true },
    puzzleTheme: { type: String, attribute: 'puzzle-theme' },
    solution: { type: String },
    quiz: { type: Boolean, reflect: true },
    teams: { type: String },
    timer: { type: Number },
    presenting: { type: Boolean, reflect: true },
    theme: { type: String },
  };

  /** The game's id, as `grundy games` lists them (nim, darkraft, octal, …), or sum. */
  declare game: GameId | '';
  /** The starting position in the game's text format. */
  declare position: string;
  /**
   * Draw a position, play it, or analyse it.
   * @type {'edit' | 'play' | 'analyse'}
   * @default 'play'
   */
  declare mode: Mode;
  /**
   * Who moves first against the computer.
   * @type {'human' | 'ai'}
   * @default 'human'
   */
  declare first: Side;
  /**
   * Play the computer, or two people at one screen.
   * @type {'ai' | 'human'}
   * @default 'ai'
   */
  declare opponent: Opponent;
  /**
   * The computer's skill; a number from 0 (random) to 1 (optimal).
   * @type {'optimal' | 'strong' | 'casual' | 'random' | number}
   * @default 'optimal'
   */
  declare level: string;
  /** Mark the winning moves. */
  declare hints: boolean;
  /** Seeds the computer's choices, so a game replays exactly. */
  declare seed: number;
  /**
   * Milliseconds the computer waits before moving, so people see it.
   * @default 400
   */
  declare aiDelay: number;
  /**
   * Misère play: the last move loses. `misère` is read as `misere`.
   * @type {'normal' | 'misere'}
   * @default 'normal'
   */
  declare play: Play;
  /**
   * Hide nimbers, verdicts and hints to play unspoiled. Shown unless set,
   * except in a puzzle, which hides them unless `shown` is asked for.
   * @type {'shown' | 'hidden'}
   */
  declare values: Values | '';
  /**
   * How much surrounds the board: everything; the status, Undo and New game; or the board alone.
   * @type {'full' | 'play' | 'none'}
   * @default 'full'
   */
  declare controls: Controls;
  /**
   * Ask the reader for a winning move, judge each try and offer the solution: present (empty) for the position
   * given; `daily` for the day's puzzle, the same for every reader on a date (UTC), in place of `game` and
   * `position`; `random` for one of `game`'s from the puzzle bank, played by `play`, with a button for another.
   * @type {'' | 'daily' | 'random'}
   */
  declare puzzle: PuzzleSource | null;
  /**
   * With `puzzle="random"`, draw from the bank's puzzles of this theme only (`nim-sum`, `mirror`, …, as
   * `grundy puzzles` names them). Not `theme`, which names the colours.
   */
  declare puzzleTheme: string;
  /**
   * Whether a puzzle offers Show solution: a lesson's puzzle hides it unless its author asks for it.
   * @type {'shown' | 'hidden'}
   * @default 'shown'
   */
  declare solution: Solution;
  /**
   * Before each of the reader's moves ask a question in turn (P or N, a part's nimber, the total, which move wins), keep
   * score (for each of two players at one screen), then reveal the values; sum up when the game ends.
   */
  declare quiz: boolean;
  /**
   * The names of the two teams a quiz between two people at one screen
   * scores, separated by a comma; the teacher can also type them before the
   * first question.
   * @default 'Player 1, Player 2'
   */
  declare teams: string;
  /** Seconds each quiz question stays open; none, or 0, leaves it open until answered. */
  declare timer: number;
  /** Presentation mode: large type, no controls, a step-by-step reveal. */
  declare presenting: boolean;
  /**
   * Light or dark colours; `auto` follows the page's `color-scheme`, else the background the element sits on, else the reader's system.
   * @type {'auto' | 'light' | 'dark'}
   * @default 'auto'
   */
  declare theme: Theme;

  constructor() {
    super();
    Object.assign(this, {
      ...DEFAULT_PREFERENCES,
      ...{ game: '', position: '', mode: 'play', quiz: false, teams: '', timer: 0 },
      ...{ play: 'normal', controls: 'full', puzzle: null, puzzleTheme: '', solution: 'shown', presenting: false, aiDelay: 400, theme: 'auto' },
      seed: Math.floor(Math.random() * 2 ** 31),
    } satisfies Partial<GrundyGameAttributes>);
  }
}
