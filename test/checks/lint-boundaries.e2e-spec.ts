import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries (eslint.config.mjs and eslint/boundaries.mjs) hold only while their
// zones match real paths: a renamed folder or a changed rule would quietly switch them off.
// Each case lints a snippet as if it stood at `file`, with that one rule and no type information
// (the snippets need none), so this stays quick.

const RULE = 'boundaries/restricted-paths';
const eslint = new ESLint({
  ruleFilter: ({ ruleId }) => ruleId === RULE,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** The boundary messages ESLint gives for `import … from '<from>'` in a file at `file`. */
async function boundaryErrors(file: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import * as imported from '${from}';\nexport { imported };\n`, { filePath: file });
  const unexpected = result.messages.filter((message) => message.ruleId !== RULE);
  if (unexpected.length > 0) throw new Error(`ESLint could not judge ${file}: ${JSON.stringify(unexpected)}`);
  return result.messages.map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    ['server/news/probe.ts', '../admins/admins.controller', 'server/news reaches server/admins only through its module'],
    ['server/news/probe.ts', '../admins/registration.guard', 'server/news reaches server/admins only through its module'],
    ['server/news/photos/probe.ts', '../../admins/dto/register-admin.dto', 'server/news reaches server/admins only through its module'],
    ['server/contact-us/probe.ts', '../news/photos/photo-storage.service', 'server/contact-us reaches server/news only through its module'],
    ['server/news/probe.ts', '../content/events/content-change', 'server/news reaches server/content only through its module'],
    ['server/common/probe.ts', '../news/news.service', 'Shared server code imports no resource.'],
    ['server/http/probe.ts', '../site/site.service', 'Shared server code imports no resource.'],
    ['server/trash/probe.ts', '../site/feed', 'server/trash reaches server/site only through its module'],
    ['server/database/probe.ts', '../news/news.service', 'The database folder knows resources only by their entities.'],
    ['server/probe.ts', '../test/support/unique.mjs', 'The server never imports client or test code.'],
    ['client/src/features/news/probe.ts', '../services/api/services', 'A feature never imports another feature'],
  ])('refuses %s importing %s', async (file, from, message) => {
    const errors = await boundaryErrors(file, from);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(message);
  });

  it.each([
    ['server/news/probe.ts', '../admins/admins.service'],
    ['server/news/probe.ts', '../admins/admins.module'],
    ['server/news/probe.ts', '../admins/admin.entity'],
    ['server/news/probe.ts', './photos/photo-storage.service'],
    ['server/news/probe.ts', '../content/events/content-events.service'],
    ['server/database/probe.ts', '../news/news.entity'],
    ['server/site/probe.ts', '../http/static-assets'],
    ['server/news/probe.ts', '../rate-limit/rate-limit.service'],
    ['server/trash/probe.ts', '../content/content-kinds'],
    ['server/content/probe.ts', '../site/site-paths'],
  ])('lets %s import %s', async (file, from) => {
    expect(await boundaryErrors(file, from)).toEqual([]);
  });
});
