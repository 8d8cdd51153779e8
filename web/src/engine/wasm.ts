/**
 * The wasm engine as the workers load it. A method called on a freed
 * `Session` or `HeapSequence` would otherwise fail inside wasm-bindgen's
 * glue with "null pointer passed to rust"; here it says what happened, and
 * a second `free()` does nothing.
 */

import { HeapSequence, Session } from '../wasm/grundy.js';

export { default, HeapSequence, Session, games, initSync, solve } from '../wasm/grundy.js';

/** What every wasm-bindgen class instance holds: its Rust object's address, 0 once freed. */
interface WasmObject {
  __wbg_ptr: number;
}

/** Wraps each method of `owner` so a call after `free()` throws a plain Error naming the method. */
function refuseAfterFree(owner: { name: string; prototype: object }): void {
  const prototype = owner.prototype as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const method = prototype[name];
    if (name === 'constructor' || name.startsWith('__') || typeof method !== 'function') continue;
    prototype[name] = function (this: WasmObject, ...args: unknown[]) {
      if (this.__wbg_ptr === 0) {
        if (name === 'free') return undefined;
        throw new Error(`${owner.name}.${name}: this ${owner.name} was freed (free() was called); create a new one`);
      }
      return (method as (...args: unknown[]) => unknown).apply(this, args);
    };
  }
}

refuseAfterFree(Session);
refuseAfterFree(HeapSequence);
