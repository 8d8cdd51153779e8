/**
 * A picture of a board on the page, as the builder puts one in its
 * snippet: the live board's markup, its shadow roots written out as a
 * server rendering writes them, made standalone by the code that makes
 * `grundy-game render`'s.
 */
import type { CSSResultOrNative, LitElement } from 'lit';
import type { BoardElement } from '../boards/board';
import { escapeXml } from '../elements/export';
import type { Scheme } from '../elements/theme';
import { standalonePicture, type Picture } from './standalone';

function cssTextOf(style: CSSResultOrNative): string {
  return style instanceof CSSStyleSheet ? [...style.cssRules].map((rule) => rule.cssText).join('\n') : style.cssText;
}

/** `node` and what is below it, each shadow root as a declarative `<template>` holding its element's styles. */
function markupOf(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return escapeXml(node.textContent ?? '');
  if (!(node instanceof Element)) return '';
  const attributes = [...node.attributes].map((a) => ` ${a.name}="${escapeXml(a.value)}"`).join('');
  const styles = (node.constructor as Partial<typeof LitElement>).elementStyles ?? [];
  const shadow = node.shadowRoot
    ? `<template shadowrootmode="open"><style>${styles.map(cssTextOf).join('\n')}</style>${[...node.shadowRoot.childNodes].map(markupOf).join('')}</template>`
    : '';
  return `<${node.localName}${attributes}>${shadow}${[...node.childNodes].map(markupOf).join('')}</${node.localName}>`;
}

/** The picture of a board drawn on this page. */
export function pictureOfBoard(board: BoardElement, name: string, scheme: Scheme): Picture {
  return standalonePicture(markupOf(board), { board: board.analysis.board, name, scheme });
}
