/**
 * A board's server rendering made into one self-contained picture. Each
 * shadow root's stylesheet is applied to its elements as style attributes,
 * so a picture set inside a page neither restyles the page nor takes the
 * page's rules for its classes; the theme's colours are written in; and
 * nothing is left that runs, links out, takes focus or says more than the
 * board showed.
 */
import { selectAll } from 'css-select';
import renderDom from 'dom-serializer';
import { isTag, type ChildNode, type Document, type Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { stackLayout } from '../boards/heaps';
import { escapeXml } from '../elements/export';
import { palette, type Scheme } from '../elements/theme';
import type { Board } from '../engine/model';

/** One rule's declarations for one of its selectors, in cascade order. */
interface Applied {
  specificity: number;
  order: number;
  declarations: [property: string, value: string][];
}

/** States a still picture is never in, and elements' parts it has none of. */
const STATEFUL = /:(hover|focus|focus-visible|focus-within|active|state|checked|disabled)\b|::|:host\(/;

/** The rules of a stylesheet outside any at-rule (a picture is for no particular pointer or width). */
function rulesOf(stylesheet: string): { selectors: string[]; declarations: [string, string][] }[] {
  const text = stylesheet.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: { selectors: string[]; declarations: [string, string][] }[] = [];
  let depth = 0;
  let start = 0;
  let atRule = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{') {
      if (depth === 0) atRule = text.slice(start, i).trim().startsWith('@');
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) {
        if (!atRule) {
          const [head, body] = text.slice(start, i).split('{');
          rules.push({ selectors: selectorsOf(head), declarations: declarationsOf(body) });
        }
        start = i + 1;
      }
    }
  }
  return rules;
}

/** A selector list's selectors: split at its commas, not at those inside brackets, parentheses or quotes. */
function selectorsOf(list: string): string[] {
  return (list.match(/(?:[^,'"[(]|'[^']*'|"[^"]*"|\[[^\]]*\]|\([^)]*\))+/g) ?? []).map((selector) => selector.trim()).filter(Boolean);
}

/** `property: value` pairs of a declaration block or style attribute. */
function declarationsOf(block: string): [string, string][] {
  return block
    .split(';')
    .map((declaration) => declaration.split(/:(.*)/s).map((part) => part.trim()))
    .filter(([property, value]) => property && value !== undefined && value !== '')
    .map(([property, value]) => [property, value] as [string, string]);
}

/** (ids, classes and attributes, types) as one number, enough for the selectors boards write. */
function specificity(selector: string): number {
  const ids = selector.match(/#[\w-]+/g)?.length ?? 0;
  const classes = selector.match(/\.[\w-]+|\[[^\]]*\]|:[\w-]+/g)?.length ?? 0;
  const types = selector.split(/[\s>+~]+/).filter((compound) => /^[a-z]/i.test(compound)).length;
  return ids * 10_000 + classes * 100 + types;
}

/** The shadow root (its declarative `<template>`) an element is drawn in. */
function shadowOf(node: ChildNode): Element | undefined {
  for (let up = node.parent; up; up = up.parent) {
    if (isTag(up) && up.name === 'template' && 'shadowrootmode' in up.attribs) return up;
  }
  return undefined;
}

function elementsIn(nodes: ChildNode[]): Element[] {
  const found: Element[] = [];
  const walk = (list: ChildNode[]) => {
    for (const node of list) {
      if (!isTag(node)) continue;
      found.push(node);
      walk(node.children);
    }
  };
  walk(nodes);
  return found;
}

/**
 * Applies every shadow root's stylesheet to its own elements (and `:host`
 * rules to its host), as style attributes under the inline styles the
 * board wrote, then takes the `<style>` away and the root's template with it.
 */
function applyShadowStyles(document: Document): void {
  const templates = elementsIn(document.children).filter((e) => e.name === 'template' && 'shadowrootmode' in e.attribs);
  const applied = new Map<Element, Applied[]>();
  let order = 0;
  for (const template of templates) {
    const host = template.parent as Element;
    const sheets = template.children.filter((c): c is Element => isTag(c) && c.name === 'style');
    const stylesheet = sheets.map((sheet) => sheet.children.map((text) => ('data' in text ? text.data : '')).join('')).join('\n');
    for (const { selectors, declarations } of rulesOf(stylesheet)) {
      for (const selector of selectors) {
        if (STATEFUL.test(selector)) continue;
        const targets =
          selector === ':host'
            ? [host]
            : selector.startsWith(':host')
              ? []
              : (selectAll(selector, template.children) as Element[]).filter((e) => shadowOf(e) === template);
        for (const target of targets) {
          const list = applied.get(target) ?? [];
          list.push({ specificity: specificity(selector), order: order++, declarations });
          applied.set(target, list);
        }
      }
    }
    for (const sheet of sheets) sheet.parent!.children.splice(sheet.parent!.children.indexOf(sheet), 1);
  }
  for (const [element, list] of applied) {
    list.sort((a, b) => a.specificity - b.specificity || a.order - b.order);
    const cascaded = new Map<string, string>();
    for (const { declarations } of list) for (const [property, value] of declarations) cascaded.set(property, value);
    for (const [property, value] of declarationsOf(element.attribs.style ?? '')) cascaded.set(property, value);
    element.attribs.style = [...cascaded].map(([property, value]) => `${property}:${value}`).join(';');
  }
  // The templates' contents stand in their hosts' place in the light tree.
  for (const template of templates.reverse()) unwrap(template);
}

/** Puts an element's children in its place. */
function unwrap(element: Element): void {
  const siblings = element.parent!.children;
  const at = siblings.indexOf(element);
  for (const child of element.children) child.parent = element.parent;
  siblings.splice(at, 1, ...element.children);
}

/** `var(--name, fallback)` read from `scope`, nested fallbacks included. */
function resolve(value: string, scope: Map<string, string>): string {
  let resolved = value;
  for (let pass = 0; pass < 8 && resolved.includes('var('); pass++) {
    resolved = resolved.replace(/var\((--[\w-]+)\s*(?:,\s*((?:[^()]|\([^()]*\))*))?\)/g, (_, name: string, fallback?: string) =>
      scope.get(name) ?? fallback?.trim() ?? 'initial',
    );
  }
  return resolved;
}

/** Attributes that carry behaviour, focus, links, names of parts or words said about moves. */
function keptAttribute(name: string, value: string): boolean {
  if (/^on/i.test(name) || name.startsWith('data-') || name.startsWith('aria-')) return false;
  if (['tabindex', 'part', 'class', 'role', 'title', 'disabled', 'slot', 'shadowroot', 'shadowrootmode'].includes(name)) return false;
  if ((name === 'href' || name === 'xlink:href' || name === 'src') && !value.startsWith('#')) return false;
  return true;
}

/** What a pointer does over an element: nothing, over a picture. */
const UNMOVED = new Set(['cursor', 'touch-action', 'user-select', 'pointer-events']);

/** Elements a picture has no use for. */
const DROPPED = new Set(['script', 'style', 'title', 'slot', 'input', 'select', 'textarea', 'option', 'iframe', 'object', 'embed', 'a']);

/**
 * Writes each element's cascaded style with the custom properties in
 * scope (inherited as CSS inherits them) resolved, and drops what is not
 * shown and what a picture must not carry. Buttons become spans: a
 * picture has nothing to press.
 */
function finish(nodes: ChildNode[], scope: Map<string, string>): ChildNode[] {
  const kept: ChildNode[] = [];
  for (const node of nodes) {
    if (node.type === 'comment' || node.type === 'directive') continue;
    if (!isTag(node)) {
      kept.push(node);
      continue;
    }
    if (DROPPED.has(node.name) || 'data-tool' in node.attribs) continue;
    const declarations = declarationsOf(node.attribs.style ?? '');
    const inner = new Map(scope);
    for (const [property, value] of declarations) if (property.startsWith('--')) inner.set(property, resolve(value, scope));
    const style = declarations
      .filter(([property]) => !property.startsWith('--') && !UNMOVED.has(property))
      .map(([property, value]) => [property, resolve(value, inner)]);
    const shown = (property: string, hidden: string) => !style.some(([p, v]) => p === property && v === hidden);
    if (!shown('display', 'none') || !shown('visibility', 'hidden')) continue;
    if (node.name === 'button') {
      // As a button's own style lays it out, where the board's leaves that alone.
      node.name = 'span';
      if (!style.some(([property]) => property === 'display')) style.unshift(['display', 'inline-block']);
      style.unshift(['box-sizing', 'border-box'], ['text-align', 'center']);
    }
    for (const name of Object.keys(node.attribs)) {
      if (!keptAttribute(name, node.attribs[name])) delete node.attribs[name];
      else node.attribs[name] = resolve(node.attribs[name], inner);
    }
    if (style.length > 0) node.attribs.style = style.map(([property, value]) => `${property}:${value}`).join(';');
    else delete node.attribs.style;
    node.children = finish(node.children, inner);
    for (const child of node.children) child.parent = node;
    kept.push(node);
  }
  return kept;
}

/** A server rendering of one board, styled in place: its drawing and the properties its host passes down. */
export interface StyledBoard {
  /** The board's elements below its host. */
  nodes: ChildNode[];
  /** The board's own SVG drawing, where it draws one. */
  drawing?: Element;
}

/** The board's own `<svg>`, not one of a board nested in it (a sum's parts). */
function ownDrawing(nodes: ChildNode[]): Element | undefined {
  for (const node of nodes) {
    if (!isTag(node) || node.name.includes('-')) continue;
    if (node.name === 'svg') return node;
    const found = ownDrawing(node.children);
    if (found) return found;
  }
  return undefined;
}

/** The board's server rendering with its styles applied and `palette` in scope. */
function styleBoard(markup: string, palette: Record<string, string>): StyledBoard {
  const document = parseDocument(markup.replace(/<!--[\s\S]*?-->/g, ''), { lowerCaseAttributeNames: false, recognizeSelfClosing: true });
  applyShadowStyles(document);
  const host = elementsIn(document.children)[0];
  const nodes = finish(host?.children ?? [], new Map(Object.entries(palette)));
  return { nodes, drawing: ownDrawing(nodes) };
}

/**
 * Markup of nodes as XML, as a standalone SVG file needs, with no element
 * closed by `/>`: set inside an HTML page, a foreignObject's content is
 * read as HTML, where `<span/>` would hold what follows it.
 */
function xml(nodes: ChildNode | ChildNode[]): string {
  return renderDom(nodes, { xmlMode: true, decodeEntities: true, selfClosingTags: false });
}

/** A picture of a position: a standalone SVG document and its size in CSS pixels. */
export interface Picture {
  svg: string;
  width: number;
  height: number;
}

/**
 * The picture of a board from its markup with declarative shadow roots
 * (a server rendering): its SVG drawing, or for a board drawn in HTML, its
 * HTML in a foreignObject; on the theme's background, named for the game.
 */
export function standalonePicture(markup: string, { board, name, scheme }: { board: Board; name: string; scheme: Scheme }): Picture {
  const colours = palette(scheme);
  const { nodes, drawing } = styleBoard(markup, colours);
  const label = `${name}: the position`;
  const root = (width: number, height: number, viewBox: string, style: string, content: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewBox}" width="${round(width)}" height="${round(height)}" role="img" ` +
    `aria-label="${escapeXml(label)}" style="${escapeXml(style)}">` +
    `<rect x="${viewBox.split(' ')[0]}" y="${viewBox.split(' ')[1]}" width="100%" height="100%" fill="${colours['--grundy-bg']}"/>${content}</svg>`;
  const type = `color:${colours['--grundy-ink']};font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:16px;line-height:normal`;
  if (drawing) {
    const [x, y, w, h] = viewBoxOf(drawing);
    const [width, height] = sizeOf(drawing);
    const style = `${type};${drawing.attribs.style ?? ''}`;
    return { svg: root(width, height, `${x} ${y} ${w} ${h}`, style, xml(drawing.children)), width, height };
  }
  // A board drawn in HTML (heaps, rows, a sum) stands in a foreignObject of the size it takes at 16 px type.
  const [width, height] = frameOf(board, nodes);
  // Read as XML (an image, a file), a drawing inside the HTML is SVG only where it says so.
  for (const nested of elementsIn(nodes)) if (nested.name === 'svg') nested.attribs.xmlns = 'http://www.w3.org/2000/svg';
  const html = `<div xmlns="http://www.w3.org/1999/xhtml" style="${escapeXml(type)}">${xml(nodes)}</div>`;
  const content = `<foreignObject x="0" y="0" width="${round(width)}" height="${round(height)}" style="overflow:visible">${html}</foreignObject>`;
  const style = 'display:block;margin:0 auto;max-width:100%;height:auto;overflow:visible';
  return { svg: root(width, height, `0 0 ${round(width)} ${round(height)}`, style, content), width, height };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The rem the boards' lengths are written in, at the 16 px type the element sets. */
const REM = 16;

/**
 * The size an HTML board takes on one line at 16 px type, from the
 * lengths its stylesheet gives (heaps.ts, rows.ts, sum.ts): a standalone
 * SVG must state it, and a page reserves it before the live board comes.
 */
function frameOf(board: Board, nodes: ChildNode[]): [number, number] {
  switch (board.kind) {
    case 'heaps': {
      const tallest = Math.max(1, ...board.sizes);
      const layout = stackLayout(tallest, false);
      const counter = layout.counter.endsWith('px') ? parseFloat(layout.counter) : 1.4 * REM;
      const narrow = board.sizes.length > 16;
      const column = narrow ? 1.8 * REM : 3.2 * REM;
      const gap = narrow ? 0.4 * REM : REM;
      const stack = tallest * (counter + layout.gap) - layout.gap;
      const steps = board.stairs ? board.sizes.length * Math.min(0.9 * REM, (8 * REM) / board.sizes.length) + 3 : 0;
      const n = Math.max(1, board.sizes.length);
      const stairsColumn = board.stairs ? Math.max(column, 4.4 * REM) : column;
      // Under each stack its badge (a line of bold type, 21 px) and name (0.75rem type, 15 px), 0.35rem apart.
      return [n * stairsColumn + (board.stairs ? 0 : (n - 1) * gap) + REM, stack + steps + 0.7 * REM + 21 + 15 + 2 * REM];
    }
    case 'rows': {
      // A row: its name, its pieces (2rem each, 2 px apart, 4 px padding) and its badge, 0.5rem apart.
      const longest = Math.max(1, ...board.sizes);
      const rows = Math.max(1, board.sizes.length);
      return [3.5 * REM + longest * (2 * REM + 2) + 8 + 2.5 * REM + REM + 0.6 * REM, rows * (2.6 * REM + 8) + (rows - 1) * 0.6 * REM + 0.6 * REM];
    }
    case 'sum': {
      // Each part's board (the sum's nested hosts, in order) in a box with its name above it (0.95rem type),
      // the boxes on one line, 0.75rem apart, with a ⊕ (1.4rem type) and 0.75rem on each side of it between two.
      const hosts = nestedBoards(nodes);
      const parts = board.parts.map((part, i) => {
        const drawing = ownDrawing(hosts[i]?.children ?? []);
        const [width, height] = drawing ? sizeOf(drawing) : frameOf(part.analysis.board, hosts[i]?.children ?? []);
        // The name's line, at about 0.6em a letter, and its nimber's badge.
        const title = (part.name.length + 4) * 0.6 * 0.95 * REM;
        return [Math.max(10 * REM, width, title) + REM + 2, height + REM + 2 + 1.2 * 0.95 * REM + 0.4 * REM];
      });
      const between = 0.75 * REM * 3 + 1.4 * REM;
      const width = parts.reduce((sum, [w]) => sum + w, 0) + Math.max(0, parts.length - 1) * between;
      return [Math.max(width, 10 * REM), Math.max(REM, ...parts.map(([, h]) => h))];
    }
    default:
      return [20 * REM, 10 * REM];
  }
}

/** A drawing's viewBox: x, y, width, height. */
function viewBoxOf(drawing: Element): number[] {
  return (drawing.attribs.viewBox ?? '0 0 300 150').split(/[\s,]+/).map(Number);
}

/** The size a drawing states: its width, and the height its viewBox gives that width. */
function sizeOf(drawing: Element): [number, number] {
  const [, , w, h] = viewBoxOf(drawing);
  const width = Number(drawing.attribs.width ?? w);
  return [width, (width * h) / w];
}

/** The boards nested in a board (a sum's parts), outermost first, in order. */
function nestedBoards(nodes: ChildNode[]): Element[] {
  return nodes.filter(isTag).flatMap((node) => (node.name.includes('-') ? [node] : nestedBoards(node.children)));
}
