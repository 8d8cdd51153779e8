import { LitElement, css, html } from 'lit';
import { BLOCK_KEYS } from './lesson';
import './grundy-lesson';
import { classServer, teach } from '../class/launch';
import { MAX_LESSON_LINK, packLesson, unpackLesson } from './lesson-link';
import { define } from '../elements/define';

/** The lessons that ship with the playground, in the order of a course. */
const SHIPPED = [
  { src: 'lessons/1-subtraction.md', title: 'Subtraction games: P- and N-positions', about: 'Take 1, 2 or 3; labelling positions from the end.' },
  { src: 'lessons/2-nim.md', title: 'Nim and the nim-sum', about: 'Binary columns and Bouton’s theorem.' },
  { src: 'lessons/3-misere-nim.md', title: 'Misère Nim', about: 'The last move loses: Bouton’s change at the end.' },
  { src: 'lessons/4-mex.md', title: 'Graph games and the mex', about: 'Games on a graph, subtraction games, the Sprague–Grundy theorem.' },
  { src: 'lessons/5-sums.md', title: 'Sums of games: take-and-break', about: 'Kayles, Dawson’s Kayles, and different games added.' },
  { src: 'lessons/6-coins.md', title: 'Coin turning and Nim multiplication', about: 'Turning Turtles, Mock Turtles, Turning Corners.' },
  { src: 'lessons/7-hackenbush.md', title: 'Green Hackenbush, and misère beyond Nim', about: 'Stalks, the colon principle; where the xor fails.' },
];

/** What the history entry keeps of a lesson opened from a file or pasted: its text. */
interface KeptLesson {
  text: string;
  name: string;
}

/**
 * The lessons page: the shipped lessons, and any lesson opened from a file,
 * pasted, or named by a link (`?src=address`), shown as slides. The slide
 * shown is in the hash (`#slide=3`), so a reload or a shared link keeps it.
 */
export class LessonPage extends LitElement {
  static properties = {
    src: { state: true },
    kept: { state: true },
    pasted: { state: true },
    link: { state: true },
    problem: { state: true },
    served: { state: true },
    copied: { state: true },
  };

  declare private src: string;
  declare private kept: KeptLesson | undefined;
  declare private pasted: string;
  declare private link: string;
  declare private problem: string | undefined;
  /** A class server answers: Teach this lesson shows. */
  declare private served: boolean;
  /** What the last Copy link did, said beside it. */
  declare private copied: string;

  private readonly onAddressChange = () => this.followAddress();

  constructor() {
    super();
    this.src = '';
    this.pasted = '';
    this.link = '';
    this.served = false;
    this.copied = '';
  }

  connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('popstate', this.onAddressChange);
    window.addEventListener('hashchange', this.onAddressChange);
    this.followAddress();
    void classServer().then((served) => (this.served = served));
  }

  disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('popstate', this.onAddressChange);
    window.removeEventListener('hashchange', this.onAddressChange);
  }

  private followAddress(): void {
    this.src = new URLSearchParams(location.search).get('src') ?? '';
    const state = history.state as Partial<KeptLesson> | null;
    this.kept = !this.src && typeof state?.text === 'string' ? { text: state.text, name: String(state.name ?? 'Lesson') } : undefined;
    const linked = new URLSearchParams(location.hash.slice(1)).get('lesson');
    if (!this.src && !this.kept && linked) void this.openLinked(linked);
    const lesson = this.renderRoot?.querySelector('grundy-lesson');
    if (lesson) lesson.slide = slideInHash();
  }

  /**
   * Back to the list of lessons, a new entry in the history: a plain link
   * to this same address would reload the entry, which keeps its lesson.
   */
  private showChoice(event: Event): void {
    event.preventDefault();
    history.pushState(null, '', location.pathname);
    this.followAddress();
  }

  /** Opens the lesson at `src`, a new entry in the history. */
  private openLink(src: string): void {
    const address = new URL(location.href);
    address.search = new URLSearchParams({ src }).toString();
    address.hash = '';
    history.pushState(null, '', address);
    this.followAddress();
  }

  /** Opens a lesson's text, which the history entry keeps through a reload. */
  private openText(text: string, name: string): void {
    const address = new URL(location.href);
    address.search = '';
    address.hash = '';
    try {
      history.pushState({ text, name } satisfies KeptLesson, '', address);
    } catch {
      history.pushState(null, '', address);
    }
    this.src = '';
    this.kept = { text, name };
  }

  /** Shows the lesson a link carries in its hash. */
  private async openLinked(packed: string): Promise<void> {
    try {
      this.problem = undefined;
      this.kept = { text: await unpackLesson(packed), name: 'Shared lesson' };
    } catch (error) {
      this.problem = (error as Error).message;
    }
  }

  /** Copies a link that carries the lesson shown, whole, for a lesson opened from a file or pasted. */
  private async copyLink(): Promise<void> {
    if (!this.kept) return;
    const address = new URL(location.href);
    address.search = '';
    address.hash = new URLSearchParams({ lesson: await packLesson(this.kept.text), slide: String(slideInHash()) }).toString();
    if (address.href.length > MAX_LESSON_LINK) {
      this.copied = `This lesson is too long for a link (${address.href.length.toLocaleString('en')} characters; a link holds ${MAX_LESSON_LINK.toLocaleString('en')}): share its file.`;
      return;
    }
    try {
      await navigator.clipboard.writeText(address.href);
      this.copied = 'Link copied.';
    } catch {
      this.copied = 'The browser refused the clipboard.';
    }
  }

  private async openFile(event: Event): Promise<void> {
    const file = (event.target as HTMLInputElement).files?.[0];
    if (!file) return;
    try {
      this.problem = undefined;
      this.openText(await file.text(), file.name);
    } catch (error) {
      this.problem = `${file.name} could not be read: ${(error as Error).message}`;
    }
  }

  /** Opens a class on the lesson shown, at its current slide. */
  private async teachLesson(): Promise<void> {
    try {
      this.problem = undefined;
      const text = this.kept?.text ?? (await (await fetch(this.src)).text());
      // Without a name, the server titles the class by the lesson's heading.
      const title = this.kept?.name ?? SHIPPED.find((l) => l.src === this.src)?.title;
      await teach({ lesson: text, ...(title ? { title } : {}) });
    } catch (error) {
      this.problem = (error as Error).message;
    }
  }

  /** Keeps the slide in the hash, beside a linked lesson's text. */
  private onSlide(event: CustomEvent<{ slide: number }>): void {
    const hash = new URLSearchParams(location.hash.slice(1));
    hash.set('slide', String(event.detail.slide));
    history.replaceState(history.state, '', `#${hash.toString()}`);
  }

  static styles = css`
    :host { display: block; }
    header { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: baseline; padding: 0.5rem 1rem; }
    header h1 { font-size: 1.2rem; margin: 0; }
    header a { color: inherit; }
    grundy-lesson { --grundy-lesson-height: calc(100dvh - 2.6rem); }
    .choose { max-width: 56rem; margin: 0 auto; padding: 0 1rem 2rem; line-height: 1.5; }
    .choose h2 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
    .shipped { list-style: none; padding: 0; display: grid; gap: 0.6rem; }
    .shipped a { font-weight: 600; }
    textarea { width: 100%; min-height: 10rem; box-sizing: border-box; font: 0.9rem/1.4 ui-monospace, monospace; }
    input[type='url'] { width: min(100%, 32rem); font: inherit; }
    button { font: inherit; padding: 0.3rem 0.8rem; }
    pre { overflow: auto; padding: 0.5rem; border: 1px solid var(--page-border, #c9ced6); border-radius: 0.4rem; }
    .error { color: #aa3377; }
    @media print { header { display: none; } }
  `;

  render() {
    const header = html`<header>
      <h1>Grundy Playground: lessons</h1>
      <a href="./lesson.html" @click=${this.showChoice}>All lessons</a>
      <a href="./">The playground</a>
      ${this.served && (this.src || this.kept) ? html`<button @click=${() => void this.teachLesson()}>Teach this lesson</button>` : ''}
      ${this.kept ? html`<button @click=${() => void this.copyLink()}>Copy link</button><span role="status">${this.copied}</span>` : ''}
      ${this.problem && (this.src || this.kept) ? html`<span class="error" role="alert">${this.problem}</span>` : ''}
    </header>`;
    if (this.src) {
      return html`${header}<grundy-lesson src=${this.src} slide=${slideInHash()} @grundy-slide=${this.onSlide}></grundy-lesson>`;
    }
    if (this.kept) {
      return html`${header}<grundy-lesson .text=${this.kept.text} slide=${slideInHash()} @grundy-slide=${this.onSlide}></grundy-lesson>`;
    }
    return html`${header}${this.renderChoice()}`;
  }

  private renderChoice() {
    return html`<main class="choose">
      <p>
        A lesson is one Markdown file: text as usual, split into slides at each <code>---</code> line and each
        <code>#</code> or <code>##</code> heading, and a live game wherever a block is fenced with
        <code>\`\`\`grundy</code>. Every game keeps its state while the class moves between slides; the Handout button
        prints each position with its values hidden and the answers on the last page.
      </p>
      <h2>The course</h2>
      <ol class="shipped">
        ${SHIPPED.map((lesson) => html`<li><a href=${`?src=${encodeURIComponent(lesson.src)}`}>${lesson.title}</a>. ${lesson.about}</li>`)}
      </ol>
      <h2>Open a lesson</h2>
      <p><label>From a file: <input type="file" accept=".md,.markdown,.txt,text/markdown,text/plain" @change=${this.openFile} /></label></p>
      ${this.problem ? html`<p class="error" role="alert">${this.problem}</p>` : ''}
      <p>
        <label>From a link: <input type="url" placeholder="https://example.org/lesson.md" .value=${this.link}
          @input=${(e: Event) => (this.link = (e.target as HTMLInputElement).value)} /></label>
        <button ?disabled=${this.link.trim() === ''} @click=${() => this.openLink(this.link.trim())}>Open</button>
      </p>
      <p><label for="paste">Or paste its Markdown:</label></p>
      <textarea id="paste" .value=${this.pasted} @input=${(e: Event) => (this.pasted = (e.target as HTMLTextAreaElement).value)}></textarea>
      <p><button ?disabled=${this.pasted.trim() === ''} @click=${() => this.openText(this.pasted, 'Pasted lesson')}>Show as slides</button></p>
      <h2>A game block</h2>
      <pre>\`\`\`grundy
game: octal
position: 0.77 / 3 4
play: misere
reveal: steps
\`\`\`</pre>
      <p>
        One <code>key: value</code> a line. The keys: ${BLOCK_KEYS.join(', ')}. <code>game</code> is a game’s id as the
        playground’s links name it (nim, octal, subtraction, sum, hackenbush, …). <code>position</code> is the game’s text,
        its lines separated by <code> / </code>; or write <code>position:</code> alone and the position’s lines below it,
        each indented by two spaces. <code>reveal: steps</code> reveals the position, each part’s nimber, the total and the
        winning move one step at a time; <code>quiz: yes</code> asks before each move, <code>teams: Owls, Foxes</code> names
        the two teams of a quiz between two people at one screen and <code>timer: 30</code> gives each question 30 seconds;
        <code>puzzle: yes</code> asks for a
        winning move; <code>values: hidden</code> hides every value; <code>mode</code>, <code>play</code>,
        <code>opponent</code>, <code>first</code>, <code>level</code> and <code>controls</code> are those of
        <code>&lt;grundy-game&gt;</code>. A block fenced with <code>\`\`\`notes</code> holds the slide's speaker notes,
        which only Presenter view shows. A blog embeds a whole lesson with <code>&lt;grundy-lesson src="lesson.md"&gt;</code>.
      </p>
    </main>`;
  }
}

/** The slide the hash names (`#slide=3`), or the first. */
function slideInHash(): number {
  const slide = Number(new URLSearchParams(location.hash.slice(1)).get('slide'));
  return Number.isInteger(slide) && slide > 0 ? slide : 1;
}

define('grundy-lesson-page', LessonPage);
