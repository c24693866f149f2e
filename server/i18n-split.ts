// Vite plugin (client build only): the message catalogue `src/i18n/ja.ts` is one object of ~75 kB, and every
// page's JavaScript carried all of it (~20 kB gzipped), admin and CLI texts included. In the browser build the
// catalogue becomes one module per top-level section, and `ja` their namespace (`export * as ja`): the bundler then
// keeps only the sections a page reads (`ja.browse.x` is a static member access of a namespace) and puts each in the
// chunk of the pages that use it. The source file stays one object, so the server, the CLI, the tests and every code
// path read it as before; `ja[name]` or passing `ja` whole would keep every section (nothing does today).
import path from 'node:path';
import { parseAst } from 'vite';

const SECTIONS_ID = '\0ja-sections';
const SECTION_PREFIX = '\0ja-section:';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The top-level sections of `export const ja = { name: value, … }` (TypeScript already stripped), or null. */
function sectionsOf(code: string): Map<string, string> | null {
  const program = parseAst(code) as unknown as { body: Node[] };
  for (const statement of program.body) {
    if (statement.type !== 'ExportNamedDeclaration') continue;
    const declaration = statement.declaration as Node | null;
    const declarator = (declaration?.declarations as Node[] | undefined)?.[0];
    if ((declarator?.id as Node | undefined)?.name !== 'ja') continue;
    const object = declarator?.init as Node | undefined;
    if (object?.type !== 'ObjectExpression') return null;
    const sections = new Map<string, string>();
    for (const property of object.properties as Node[]) {
      const key = property.key as Node;
      const value = property.value as Node;
      if (property.type !== 'Property' || property.computed || key.type !== 'Identifier') return null;
      sections.set(key.name as string, code.slice(value.start, value.end));
    }
    return sections;
  }
  return null;
}

export function i18nSplitPlugin(catalogue: string) {
  const file = path.resolve(catalogue);
  let sections = new Map<string, string>();
  return {
    name: 'taiken:i18n-split',
    apply: 'build' as const,
    applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
    transform(code: string, id: string) {
      if (id.split('?')[0] !== file) return null;
      const found = sectionsOf(code);
      if (!found) throw new Error(`${catalogue}: expected \`export const ja = { section: {…}, … }\` to split the catalogue`);
      sections = found;
      return { code: `export * as ja from '${SECTIONS_ID}';\n`, map: null };
    },
    resolveId(id: string) {
      return id === SECTIONS_ID || id.startsWith(SECTION_PREFIX) ? id : null;
    },
    load(id: string) {
      if (id === SECTIONS_ID) {
        return [...sections.keys()].map((name) => `export { default as ${name} } from '${SECTION_PREFIX}${name}';`).join('\n');
      }
      if (id.startsWith(SECTION_PREFIX)) {
        const value = sections.get(id.slice(SECTION_PREFIX.length));
        if (value === undefined) throw new Error(`unknown catalogue section ${id}`);
        return `export default ${value};\n`;
      }
      return null;
    },
  };
}
