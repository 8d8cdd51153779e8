/**
 * Turning a board into a file: the board's own SVG, made standalone by
 * resolving the CSS custom properties it uses, and a PNG drawn from it.
 */

/** Text made safe to stand inside SVG markup. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/** Replaces every `var(--name, fallback)` with its value on `host`. */
export function resolveVariables(markup: string, host: Element): string {
  const style = getComputedStyle(host);
  return markup.replace(/var\((--[\w-]+)(?:,\s*([^()]*(?:\([^()]*\))?[^()]*))?\)/g, (_, name: string, fallback?: string) => {
    const value = style.getPropertyValue(name).trim();
    return value || fallback?.trim() || 'currentColor';
  });
}

/** Presentation properties that stylesheets set and a lone file would lose. */
const PAINT = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity', 'visibility', 'font-size', 'font-weight'];

/** A standalone SVG document of `svg`, styled as it is shown inside `host`. */
export function standaloneSvg(svg: SVGSVGElement, host: Element): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  // Copy what the page's stylesheets computed onto each element, since the
  // file carries no stylesheet; what is hidden on screen is left out.
  const shown = [svg, ...svg.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  shown.forEach((element, i) => {
    const computed = getComputedStyle(element);
    if (computed.visibility === 'hidden' || computed.display === 'none') {
      copies[i].remove();
      return;
    }
    const declarations = PAINT.map((name) => `${name}:${computed.getPropertyValue(name)}`).join(';');
    copies[i].setAttribute('style', declarations);
  });
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.removeAttribute('class');
  const box = svg.viewBox.baseVal;
  copy.setAttribute('width', String(box.width));
  copy.setAttribute('height', String(box.height));
  const background = getComputedStyle(host).getPropertyValue('--grundy-bg').trim() || '#ffffff';
  const markup = new XMLSerializer().serializeToString(copy).replace(
    />/,
    `><rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" fill="${background}"/><style>text{font-family:system-ui,sans-serif}</style>`,
  );
  return resolveVariables(markup, host);
}

/** Draws an SVG document onto a canvas at twice its size and encodes a PNG. */
export async function pngFromSvg(markup: string, width: number, height: number): Promise<Blob> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width * 2;
  canvas.height = height * 2;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('this browser cannot draw a PNG');
  context.scale(2, 2);
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png'),
  );
}

/** Offers a file to the person as a download. */
export function download(name: string, blob: Blob): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
