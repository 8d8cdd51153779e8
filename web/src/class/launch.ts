/**
 * Starting a class or a game between devices from a page that has a
 * lesson or a position. The buttons that call these show only where a
 * class server answers (`serverAvailable`), so the static build and the
 * embeds never show them.
 */
import { call, serverAvailable, tokens } from './api';

let available: Promise<boolean> | undefined;

/** Whether this page was served by `grundy serve`; asked once per page. */
export function classServer(): Promise<boolean> {
  available ??= serverAvailable();
  return available;
}

export interface ClassStart {
  /** Without one, a lesson's class is titled by its first heading. */
  title?: string;
  lesson?: string;
  game?: string;
  position?: string;
  /** The position's convention: a misère position is taught, asked and marked as misère. */
  play?: string;
}

/** Opens a class on the lesson or position and goes to its projector view. */
export async function teach(start: ClassStart): Promise<void> {
  const created = await call<{ code: string; teacher: string }>('POST', 'api/classes', start);
  tokens.set(`teacher:${created.code}`, created.teacher);
  location.href = new URL(`class.html?code=${created.code}`, document.baseURI).href;
}

/** Creates a game from this position and goes to the first seat, which shows the second seat's link. */
export async function playFriend(game: string, position: string, play: string): Promise<void> {
  const created = await call<{ id: string; seats: [string, string] }>('POST', 'api/games', { game, position, play });
  const [mine, theirs] = created.seats.map(encodeURIComponent);
  location.href = new URL(`play.html#game=${encodeURIComponent(created.id)}&seat=${mine}&invite=${theirs}`, document.baseURI).href;
}
