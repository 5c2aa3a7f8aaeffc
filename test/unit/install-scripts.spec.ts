// A quiet, reviewed install: every dependency in the lockfile that has an install script is named
// in package.json's `allowScripts` (true: reviewed and allowed; false: denied, as @scarf/scarf's
// telemetry is). npm 11 warns on every `npm install` about one it does not name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (file: string) => JSON.parse(readFileSync(join(__dirname, '../..', file), 'utf8')) as Record<string, unknown>;

describe('install scripts', () => {
  const manifest = read('package.json') as { allowScripts?: Record<string, boolean>; scarfSettings?: { enabled?: boolean } };
  const lock = read('package-lock.json') as { packages: Record<string, { hasInstallScript?: boolean; version?: string }> };
  const named = new Set(Object.keys(manifest.allowScripts ?? {}).map((entry) => entry.replace(/(?<=.)@[^@]*$/, '')));

  it('names every dependency with an install script in allowScripts', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, pkg]) => path !== '' && pkg.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
    expect(withScripts.filter((name) => !named.has(name))).toEqual([]);
  });

  it("denies @scarf/scarf's postinstall and opts out of its telemetry for an npm that runs it anyway", () => {
    expect(manifest.allowScripts?.['@scarf/scarf']).toBe(false);
    expect(manifest.scarfSettings?.enabled).toBe(false);
  });
});
