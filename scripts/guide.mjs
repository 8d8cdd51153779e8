// Builds the guide, docs/guide/*.md, into HTML pages served beside the
// playground (dist/docs/), and checks every link between its pages, to a
// page and to a heading, so that a moved section cannot leave a link behind.
//
//   node scripts/guide.mjs dist/docs    writes the pages; exits 1 on a broken link
import MarkdownIt from 'markdown-it';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const GUIDE_DIR = fileURLToPath(new URL('../docs/guide/', import.meta.url));

/** The chapters in reading order, as the navigation lists them. */
export const CHAPTERS = [
  ['index', 'Overview'],
  ['playing', 'Playing'],
  ['teaching', 'Teaching'],
  ['embedding', 'Embedding'],
  ['command-line', 'Command line'],
  ['research', 'Research'],
  ['architecture', 'Architecture'],
  ['limits', 'Limits'],
  ['class-server', 'Class server contract'],
];

/** A heading's anchor as GitHub makes it, so links work there and here alike. */
export function slug(text) {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- ]/gu, '')
    .replace(/ /g, '-');
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

// Headings carry their anchors; links between chapters, kept as written in
// `env.links`, point at the built pages.
markdown.core.ruler.push('guide_links', (state) => {
  const tokens = state.tokens;
  tokens.forEach((token, i) => {
    if (token.type === 'heading_open') token.attrSet('id', slug(tokens[i + 1].content));
    for (const child of token.children ?? []) {
      const attribute = { link_open: 'href', image: 'src' }[child.type];
      const address = attribute && child.attrGet(attribute);
      if (!address) continue;
      state.env.links.push(address);
      if (!/^[a-z]+:/i.test(address)) child.attrSet(attribute, address.replace(/^([\w-]+)\.md(?=#|$)/, '$1.html'));
    }
  });
});

/** Every chapter rendered: its HTML body, the anchors it defines and the links it holds. */
export function renderGuide(dir = GUIDE_DIR) {
  return CHAPTERS.map(([name, title]) => {
    const env = { links: [] };
    const body = markdown.render(readFileSync(join(dir, `${name}.md`), 'utf8'), env);
    const anchors = new Set([...body.matchAll(/ id="([^"]*)"/g)].map((m) => m[1]));
    return { name, title, body, anchors, links: env.links };
  });
}

/** Each link inside the guide that names no page, no heading or no file there. */
export function brokenLinks(chapters, dir = GUIDE_DIR) {
  const files = new Set(readdirSync(dir));
  const byPage = new Map(chapters.map((chapter) => [`${chapter.name}.md`, chapter]));
  const problems = [];
  for (const chapter of chapters) {
    for (const link of chapter.links) {
      if (/^[a-z]+:/i.test(link)) continue;
      // markdown-it percent-encodes what it stores ("misère" as "mis%C3%A8re").
      const [path, anchor] = decodeURIComponent(link).split('#');
      const target = path === '' ? chapter : byPage.get(path);
      if (!target && !(path && files.has(path) && !path.endsWith('.md'))) problems.push(`${chapter.name}.md: ${link}: there is no such page or file`);
      else if (anchor !== undefined && target && !target.anchors.has(anchor)) problems.push(`${chapter.name}.md: ${link}: ${target.name}.md has no heading #${anchor}`);
    }
  }
  return problems;
}

function page(chapter) {
  const nav = CHAPTERS.map(
    ([name, title]) => `<a href="${name}.html"${name === chapter.name ? ' aria-current="page"' : ''}>${title}</a>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${chapter.title} · Grundy Playground guide</title>
<link rel="icon" href="../favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="guide.css">
</head>
<body>
<header><a class="home" href="../">Grundy Playground</a> <span>Guide</span></header>
<nav aria-label="Guide">
${nav}
</nav>
<main>
${chapter.body}</main>
</body>
</html>
`;
}

/** Writes every chapter, its images and the style sheet into `out`; returns the broken links. */
export function buildGuide(out, dir = GUIDE_DIR) {
  const chapters = renderGuide(dir);
  mkdirSync(out, { recursive: true });
  for (const chapter of chapters) writeFileSync(join(out, `${chapter.name}.html`), page(chapter));
  for (const file of readdirSync(dir).filter((f) => /\.(png|svg|css)$/.test(f))) copyFileSync(join(dir, file), join(out, file));
  return brokenLinks(chapters, dir);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = buildGuide(process.argv[2] ?? 'dist/docs');
  for (const problem of problems) console.error(`guide: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}
