/**
 * A lesson is one Markdown file: ordinary Markdown split into slides, with
 * fenced ```` ```grundy ```` blocks that each open a live `<grundy-game>`.
 * The Markdown is rendered by markdown-it with raw HTML off, so a lesson's
 * text can only ever become Markdown's own elements, never markup of its
 * author's; link addresses go through markdown-it's checks (no
 * `javascript:`).
 *
 * A block is one `key: value` a line:
 *
 * ```grundy
 * game: octal
 * position: 0.77 / 3 4
 * play: misere
 * reveal: steps
 * ```
 *
 * `position` takes its lines separated by ` / `, or, written alone as
 * `position:`, the lines after it that are indented by two spaces.
 *
 * A block fenced as `notes` holds the speaker's notes for its slide, in
 * Markdown: the presenter view shows them; the slides and the handout never do.
 */
import MarkdownIt, { type Token } from 'markdown-it';

/** Each key a block may set, and the values it takes (`undefined`: any text). */
const KEYS: Record<string, readonly string[] | undefined> = {
  game: undefined,
  position: undefined,
  mode: ['play', 'analyse', 'edit'],
  play: ['normal', 'misere'],
  values: ['shown', 'hidden'],
  opponent: ['ai', 'human'],
  first: ['human', 'ai'],
  level: ['optimal', 'strong', 'casual', 'random'],
  controls: ['full', 'play', 'none'],
  reveal: ['steps', 'all'],
  quiz: ['yes', 'no'],
  hints: ['yes', 'no'],
  puzzle: ['yes', 'no'],
  solution: ['shown', 'hidden'],
  teams: undefined,
  timer: undefined,
};

/** The longest a quiz question may stay open, in seconds. */
const MAX_TIMER = 600;

/** The keys, as a lesson's author reads them in an error. */
export const BLOCK_KEYS = Object.keys(KEYS);

/**
 * Where a block's game and each line of its position stand in the lesson:
 * the line of `game:`, and for each position line the lesson's line and the
 * column before the position line's first character.
 */
export interface BlockSource {
  game: number;
  position: [line: number, column: number][];
}

/** One ```` ```grundy ```` block: the game it opens, or what is wrong with it. */
export type LessonBlock =
  | { ok: true; game: string; position: string; settings: Record<string, string>; source: BlockSource }
  | { ok: false; error: string };

export interface Slide {
  /** The slide's Markdown as HTML; each block is a `<div data-block="i">` to fill. */
  html: string;
  /** The speaker's notes (each ```` ```notes ```` block), as HTML: for the presenter view, never the handout. */
  notes: string;
  /** The slide's heading, or the first words of its text. */
  title: string;
  blocks: LessonBlock[];
}

export interface Lesson {
  title: string;
  slides: Slide[];
}

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

/** Reads a lesson; any text is a lesson, and a bad block is reported where it stands. */
export function parseLesson(text: string): Lesson {
  const tokens = markdown.parse(text.replace(/\r\n?/g, '\n'), {});
  const slides: Slide[] = [];
  let current: Token[] = [];
  const close = () => {
    if (current.some((t) => t.type !== 'softbreak')) slides.push(slideOf(current));
    current = [];
  };
  for (const token of tokens) {
    if (token.type === 'hr') {
      close();
      continue;
    }
    if (token.type === 'heading_open' && (token.tag === 'h1' || token.tag === 'h2')) close();
    current.push(token);
  }
  close();
  if (slides.length === 0) slides.push({ html: '<p>This lesson is empty.</p>', notes: '', title: 'Empty lesson', blocks: [] });
  const heading = tokens.findIndex((t) => t.type === 'heading_open' && t.tag === 'h1');
  const title = heading >= 0 ? tokens[heading + 1].content : slides[0].title;
  return { title, slides };
}

function slideOf(tokens: Token[]): Slide {
  const blocks: LessonBlock[] = [];
  const notes: string[] = [];
  const shown = tokens.filter((token) => {
    if (token.type !== 'fence') return true;
    const info = token.info.trim();
    if (info === 'notes') notes.push(markdown.render(token.content));
    if (info === 'grundy') {
      token.meta = { block: blocks.length };
      blocks.push(readBlock(token.content, (token.map?.[0] ?? 0) + 2));
    }
    return info !== 'notes';
  });
  const inline = shown.find((t) => t.type === 'inline');
  const title = inline ? truncate(inline.content, 60) : `Game ${blocks.length > 0 ? 1 : ''}`.trim();
  return { html: markdown.renderer.render(shown, markdown.options, {}), notes: notes.join(''), title, blocks };
}

// A grundy block renders as a placeholder the lesson element fills with the game.
const fence = markdown.renderer.rules.fence!;
markdown.renderer.rules.fence = (tokens, index, options, env, self) => {
  const block = (tokens[index].meta as { block?: number } | null)?.block;
  return block === undefined ? fence(tokens, index, options, env, self) : `<div class="block" data-block="${block}"></div>\n`;
};

/** Reads a block whose first line is line `firstLine` of the lesson. */
export function readBlock(content: string, firstLine: number): LessonBlock {
  const lines = content.replace(/\n$/, '').split('\n');
  const settings: Record<string, string> = {};
  const source: BlockSource = { game: firstLine, position: [] };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const where = `Line ${firstLine + i}`;
    const colon = line.indexOf(':');
    if (colon < 0) return { ok: false, error: `${where}: expected key: value, as in “game: nim”, not “${line.trim()}”` };
    const key = line.slice(0, colon).trim().toLowerCase();
    let value = line.slice(colon + 1).trim();
    if (!(key in KEYS)) return { ok: false, error: `${where}: there is no key “${key}”; the keys are ${BLOCK_KEYS.join(', ')}` };
    if (key in settings) return { ok: false, error: `${where}: “${key}” is set twice` };
    if (key === 'game') source.game = firstLine + i;
    if (key === 'position') {
      if (value === '') {
        const indented: string[] = [];
        while (i + 1 < lines.length && (lines[i + 1].startsWith('  ') || lines[i + 1].trim() === '')) {
          indented.push(lines[++i].slice(2));
          source.position.push([firstLine + i, 2]);
        }
        value = `${indented.join('\n').replace(/\n+$/, '')}\n`;
      } else {
        let column = line.indexOf(value, colon);
        for (const piece of value.split(' / ')) {
          source.position.push([firstLine + i, column]);
          column += piece.length + ' / '.length;
        }
        value = `${value.split(' / ').join('\n')}\n`;
      }
    }
    const allowed = KEYS[key];
    if (allowed && !allowed.includes(value)) {
      return { ok: false, error: `${where}: ${key} is ${allowed.map((a) => `“${a}”`).join(' or ')}, not “${value}”` };
    }
    if (key === 'timer' && !(/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_TIMER)) {
      return { ok: false, error: `${where}: timer is the seconds a quiz question stays open, a whole number from 1 to ${MAX_TIMER}, not “${value}”` };
    }
    settings[key] = value;
  }
  const { game, position = '', ...rest } = settings;
  if (!game) return { ok: false, error: `Line ${firstLine}: a grundy block needs a “game:” line (nim, octal, sum, …)` };
  const code = OCTAL_NAMES[game];
  // A named octal game's position is its rows alone, which follow its code.
  if (code) {
    source.position.unshift([source.game, 0]);
    return { ok: true, game: 'octal', position: `${code}\n${position}`, settings: rest, source };
  }
  return { ok: true, game, position, settings: rest, source };
}

/**
 * A game's complaint about the position a block gave it, located in the
 * lesson: "line 2, column 3" of the position becomes the lesson's line and
 * column; a complaint without a place names the block's `game:` line.
 */
export function locateInLesson(source: BlockSource, error: { message: string; line?: number; column?: number }): string {
  const what = error.message.replace(/^line \d+(, column \d+)?: /i, '');
  const at = error.line === undefined ? undefined : source.position[error.line - 1];
  if (!at) return `Line ${source.game}: ${what}`;
  const [line, before] = at;
  return error.column === undefined ? `Line ${line}: ${what}` : `Line ${line}, column ${before + error.column}: ${what}`;
}

/** Octal games a lesson may name rather than write as `game: octal` and a code. */
const OCTAL_NAMES: Record<string, string> = {
  kayles: '0.77',
  'dawsons-kayles': '0.07',
  'dawsons-chess': '0.137',
};

/**
 * The `<grundy-game>` a block opens, as HTML: live as the block asks on a
 * slide; on a handout drawn alone with its values hidden; on a student's
 * phone in a class, a board to play with no value, quiz, hint, solution
 * or step-by-step reveal. `index`, the block's in its slide, lets the
 * lesson find the block again. Every value is escaped; `settings` hold
 * only the keys and values `readBlock` allows.
 */
export function gameMarkup(block: LessonBlock & { ok: true }, kind: 'slide' | 'handout' | 'student' = 'slide', index?: number): string {
  const { reveal, quiz, hints, puzzle, solution, ...attributes } = block.settings;
  // A puzzle on a slide keeps its answer to itself unless the author offers it.
  if (puzzle === 'yes') attributes.solution = solution ?? 'hidden';
  const flags = kind !== 'slide' ? [] : [quiz === 'yes' && 'quiz', hints === 'yes' && 'hints', puzzle === 'yes' && 'puzzle', reveal === 'steps' && 'presenting'];
  const overrides = {
    slide: {},
    handout: { values: 'hidden', controls: 'none', opponent: 'human', mode: 'play' },
    student: { values: 'hidden', controls: 'play', mode: 'play' },
  }[kind];
  const pairs = Object.entries({ game: block.game, position: block.position, ...attributes, ...overrides });
  const written = pairs.map(([name, value]) => `${name}="${escapeHtml(value)}"`);
  if (index !== undefined) written.push(`data-block="${index}"`);
  return `<grundy-game ${[...written, ...flags.filter(Boolean)].join(' ')}></grundy-game>`;
}

export function escapeHtml(text: string): string {
  return markdown.utils.escapeHtml(text);
}

function truncate(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
