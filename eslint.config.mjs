// Lint for the whole repository: `npm run lint` runs it with `prettier --check` and the type check.
// Formatting belongs to Prettier (eslint-config-prettier switches off the rules it owns).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint/boundaries.mjs';

const root = import.meta.dirname;
const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Server folders that everything may use; every other server folder is a resource. `common` holds
 * what every module uses (paging, errors, validation, @Public()), `http` the start-up plumbing
 * configureApp assembles (middleware, the exception filter, security headers, static files),
 * `roles` the permission map every route declares against (issue #39).
 */
const SERVER_SHARED = ['common', 'http', 'config', 'database', 'cli', 'roles'];
const serverResources = dirs('./server/').filter((name) => !SERVER_SHARED.includes(name));
/**
 * Resources made of modules of their own, one per subfolder, each reachable like a resource's top
 * level: `server/content/events/content-events.service` (the seams every content module uses).
 * Elsewhere a subfolder is its resource's own business (`server/news/photos`).
 */
const NESTED_MODULES = ['content'];
const clientFeatures = dirs('./client/src/features/');

/**
 * Boundaries (bulletproof-react's zones, and the Nest rule that modules meet through exports):
 * - a client feature never imports another feature; shared components and lib import no feature;
 * - a server resource reaches another only through its module, the services that module exports,
 *   and its entities (for types and repositories);
 * - the shared server folders never reach back up into a resource, except the data source and the
 *   command-line tools, which list entities and call exported services.
 */
const at = (...parts) => join(root, ...parts);
/** An import of `<folder>/<name>.<role>` (no extension in server imports), as a RegExp source. */
const roleFile = (folder, roles) => `^${at(folder).replaceAll('/', '\\/')}\\/[^/]+\\.(${roles.join('|')})(\\.ts)?$`;

/**
 * Plain declarations a resource may read from another besides its module, services and entities:
 * the content-kind registry (what the trash, the activity log and the client's names are made of),
 * the public site's paths, where the registry says each kind appears, and the CSV writer (the
 * contact messages' export and the visitor counts').
 */
const SHARED_DECLARATIONS = { content: ['content-kinds'], site: ['site-paths'], 'contact-us': ['csv'] };
/** An import of one of those files, as a RegExp source. */
const declarationFile = (folder, names) => `^${at(folder).replaceAll('/', '\\/')}\\/(${names.join('|')})(\\.ts)?$`;

const boundaryZones = [
  ...clientFeatures.map((feature) => ({
    target: [at('client/src/features', feature)],
    from: clientFeatures.filter((other) => other !== feature).map((other) => at('client/src/features', other)),
    message: 'A feature never imports another feature: move what both need to client/src/components or client/src/lib.',
  })),
  {
    target: [at('client/src/components'), at('client/src/lib')],
    from: [at('client/src/features'), at('client/src/app')],
    message: 'Shared components and lib import no feature and not the app.',
  },
  ...serverResources.flatMap((resource) =>
    serverResources
      .filter((other) => other !== resource)
      .map((other) => ({
        target: [at('server', resource)],
        from: [at('server', other)],
        except: [
          roleFile(`server/${other}`, ['module', 'service', 'entity']),
          ...(other in SHARED_DECLARATIONS ? [declarationFile(`server/${other}`, SHARED_DECLARATIONS[other])] : []),
          ...(NESTED_MODULES.includes(other)
            ? dirs(`./server/${other}/`).map((sub) => roleFile(`server/${other}/${sub}`, ['module', 'service', 'entity']))
            : []),
        ],
        message: `server/${resource} reaches server/${other} only through its module, exported services and entities.`,
      })),
  ),
  {
    target: [at('server/common'), at('server/http'), at('server/config'), at('server/roles')],
    from: serverResources.map((resource) => at('server', resource)),
    message: 'Shared server code imports no resource.',
  },
  {
    target: [at('server/database')],
    from: serverResources.map((resource) => at('server', resource)),
    except: serverResources.map((resource) => roleFile(`server/${resource}`, ['entity'])),
    message: 'The database folder knows resources only by their entities.',
  },
  {
    target: [at('server')],
    from: [at('client'), at('test')],
    message: 'The server never imports client or test code.',
  },
  {
    target: [at('client')],
    from: [at('server'), at('test')],
    message: 'The client never imports server or test code.',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'data/', '.reports/', 'test-results/', 'playwright-report/', 'coverage/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { boundaries },
    rules: {
      'boundaries/restricted-paths': ['error', { zones: boundaryZones }],
      'no-duplicate-imports': ['error', { includeExports: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'error',
    },
  },
  {
    // Type-aware rules on the server: floating promises, misused promises and unsafe any are bugs there.
    files: ['server/**/*.{ts,tsx}', 'ormconfig.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: globals.node,
    },
    rules: {
      // Nest decorators take classes whose constructor parameters are used only through metadata.
      '@typescript-eslint/consistent-type-imports': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    // A failure the screen already shows is also written to the browser's console for whoever debugs it.
    rules: { 'no-console': ['error', { allow: ['error'] }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}', 'test/**/*.ts', 'server/cli/**', 'vitest.config.mts', 'client/vite.config.mts'],
    languageOptions: { globals: globals.node },
    // Tests, benchmarks and command-line tools report to the terminal.
    rules: { 'no-console': 'off' },
  },
  prettier,
);
