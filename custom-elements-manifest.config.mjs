// Writes custom-elements.json for <grundy-game> from its JSDoc: run by
// scripts/build.sh as `cem analyze`. The manifest describes the published
// file, grundy-game.js, and only what a page may use: attributes, public
// members, events, parts and CSS properties. Members marked `@internal`
// (shared with the element's controllers) and private ones are left out.

const internal = new Set();

/** Drops what a page should not use, and names the module as published. */
const publishedOnly = {
  name: 'grundy-published-only',
  analyzePhase({ ts, node }) {
    if (!ts.isClassDeclaration(node)) return;
    for (const member of node.members) {
      if (member.name && ts.getJSDocTags(member).some((tag) => tag.tagName.text === 'internal')) internal.add(member.name.getText());
    }
  },
  packageLinkPhase({ customElementsManifest }) {
    const module = customElementsManifest.modules.find((m) => m.path.endsWith('elements/grundy-game.ts'));
    const element = module.declarations.find((d) => d.tagName === 'grundy-game');
    const hidden = (member) => member.privacy === 'private' || member.privacy === 'protected' || internal.has(member.name);
    const hiddenFields = new Set(element.members.filter(hidden).map((m) => m.name));
    element.members = element.members.filter((m) => !hidden(m)).map(({ inheritedFrom, ...member }) => member);
    element.attributes = element.attributes.filter((a) => !hiddenFields.has(a.fieldName)).map(({ inheritedFrom, ...attribute }) => attribute);
    const published = { name: 'GrundyGame', module: 'grundy-game.js' };
    customElementsManifest.modules = [
      {
        kind: 'javascript-module',
        path: 'grundy-game.js',
        declarations: [element],
        exports: [
          { kind: 'js', name: 'GrundyGame', declaration: published },
          { kind: 'custom-element-definition', name: 'grundy-game', declaration: published },
        ],
      },
    ];
  },
};

export default {
  globs: ['web/src/elements/grundy-game.ts', 'web/src/elements/grundy-game-attributes.ts'],
  litelement: true,
  outdir: 'dist/embed',
  plugins: [publishedOnly],
};
