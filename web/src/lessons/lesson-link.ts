/**
 * A lesson's whole text carried in a link's hash (`#lesson=…`), so that a
 * pasted lesson can be shared without a server: deflated by the browser's
 * own CompressionStream, then written in base64url.
 */
import { MAX_HASH_LENGTH } from '../elements/options';

/** The longest link to a lesson, in characters: what the playground's links hold. */
export const MAX_LESSON_LINK = MAX_HASH_LENGTH;

async function through(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

/** `text` as the value of a link's `lesson` parameter. */
export async function packLesson(text: string): Promise<string> {
  const packed = await through(new TextEncoder().encode(text), new CompressionStream('deflate-raw'));
  let binary = '';
  for (const byte of packed) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The lesson a link's `lesson` parameter holds, or an error that says the link is damaged. */
export async function unpackLesson(packed: string): Promise<string> {
  try {
    const binary = atob(packed.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(await through(bytes, new DecompressionStream('deflate-raw')));
  } catch {
    throw new Error('This link’s lesson is damaged: it was probably cut short when copied. Ask for the link again, or for the file.');
  }
}
