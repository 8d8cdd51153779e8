/**
 * Defines a custom element unless the page already has one by that name.
 * A post that loads the game and the lesson bundles (or two copies of
 * one) runs each element's definition twice; the second would throw and
 * leave the rest of that bundle undefined.
 */
export function define(name: string, element: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, element);
}
