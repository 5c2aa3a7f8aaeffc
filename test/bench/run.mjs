// `npm run bench`: builds, then runs every test/bench/*.bench.mjs in turn.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv.slice(2);
const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const dir = join('test', 'bench');
let failed = false;
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  if (only.length && !only.some((o) => file.includes(o))) continue;
  console.log(`\n▶ ${file}`);
  const result = spawnSync(process.execPath, [join(dir, file)], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
