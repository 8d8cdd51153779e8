// Writes custom-elements.json for <grundy-game> and <grundy-lesson> from
// their JSDoc: run by scripts/build.sh as `cem analyze`. The manifest
// describes the published files, grundy-game.js and grundy-lesson.js, and
// only what a page may use: attributes, public
// members, events, parts and CSS properties. Members marked `@internal`
// (shared with the element's controllers) and private ones are left out.

import { readFileSync } from 'node:fs';

const internal = new Set();

/** Every game's id, as the declarations generated from the Rust registry list them. */
const gameIds = JSON.parse(/^export const GAME_IDS = (\[.*\]) as const;$/m.exec(readFileSync('web/src/engine/engine-types.ts', 'utf8'))[1]);

/** The type `game` takes: one of the ids, which the TypeScript alias names but the manifest must spell out. */
const gameType = { text: gameIds.map((id) => `'${id}'`).join(' | ') };

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
    const hidden = (member) => member.privacy === 'private' || member.privacy === 'protected' || internal.has(member.name);
    /** The element `tagName` declared in the source file ending `source`, as the module `file` publishes it. */
    const published = (source, tagName, file) => {
      const module = customElementsManifest.modules.find((m) => m.path.endsWith(source));
      const element = module.declarations.find((d) => d.tagName === tagName);
      const hiddenFields = new Set(element.members.filter(hidden).map((m) => m.name));
      element.members = element.members.filter((m) => !hidden(m)).map(({ inheritedFrom, ...member }) => member);
      element.attributes = (element.attributes ?? []).filter((a) => !hiddenFields.has(a.fieldName)).map(({ inheritedFrom, ...attribute }) => attribute);
      for (const field of [...element.attributes, ...element.members]) if (field.type?.text === "GameId | ''") field.type = gameType;
      const declaration = { name: element.name, module: file };
      return {
        kind: 'javascript-module',
        path: file,
        declarations: [element],
        exports: [
          { kind: 'js', name: element.name, declaration },
          { kind: 'custom-element-definition', name: tagName, declaration },
        ],
      };
    };
    customElementsManifest.modules = [
      published('elements/grundy-game.ts', 'grundy-game', 'grundy-game.js'),
      published('lessons/grundy-lesson.ts', 'grundy-lesson', 'grundy-lesson.js'),
    ];
  },
};

export default {
  globs: ['web/src/elements/grundy-game.ts', 'web/src/elements/grundy-game-attributes.ts', 'web/src/lessons/grundy-lesson.ts'],
  litelement: true,
  outdir: 'dist/embed',
  plugins: [publishedOnly],
};
