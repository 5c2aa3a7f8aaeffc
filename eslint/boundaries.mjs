// A local ESLint plugin: import boundaries between folders, judged on resolved relative paths.
// (eslint-plugin-import-x would do this, but its native resolver ships platform packages this
// project's registry does not all carry, which breaks `npm ci`; the rule is small enough to own.)
import { dirname, resolve, sep } from 'node:path';

const inside = (path, folder) => path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);

/** @type {import('eslint').Rule.RuleModule} */
const restrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid relative imports that cross a folder boundary (zones: target, from, except).' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'array', items: { type: 'string' } },
                from: { type: 'array', items: { type: 'string' } },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from', 'message'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = context.filename;
    const zones = (context.options[0]?.zones ?? []).filter((zone) => zone.target.some((target) => inside(file, target)));
    if (zones.length === 0) return {};
    const check = (node) => {
      const source = node?.type === 'Literal' ? node.value : undefined;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = resolve(dirname(file), source);
      for (const zone of zones) {
        if (!zone.from.some((from) => inside(imported, from))) continue;
        if ((zone.except ?? []).some((pattern) => new RegExp(pattern).test(imported))) continue;
        context.report({ node, message: `'${source}' crosses a boundary. ${zone.message}` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'boundaries' }, rules: { 'restricted-paths': restrictedPaths } };
