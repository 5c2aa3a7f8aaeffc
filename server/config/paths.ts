import { existsSync } from 'node:fs';
import { join } from 'node:path';

// Compiled, this file sits in dist/server/config; under the tests it runs from server/config.
const compiled = !existsSync(join(__dirname, '../../package.json'));
export const PROJECT_ROOT = compiled ? join(__dirname, '../../..') : join(__dirname, '../..');

/** The built React app and maintenance page (`npm run build:client`). */
export const CLIENT_DIST = join(PROJECT_ROOT, 'dist/client');
