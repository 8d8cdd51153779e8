/** The core's messages start in lower case, after their location. */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
