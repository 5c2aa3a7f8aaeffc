// `npm run dev`: the API recompiled and restarted on change (tsc --watch + node --watch) and the
// admin app from Vite's dev server with hot reload on http://localhost:5173/admin (it proxies
// /api and /uploads to the API on PORT, default 3000).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const children = [];
const run = (command, args) => {
  const child = spawn(command, args, { stdio: 'inherit', env: process.env });
  children.push(child);
  child.on('exit', (code) => {
    if (code && code !== 0) shutdown(code);
  });
  return child;
};
const shutdown = (code = 0) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => shutdown());
process.on('SIGTERM', () => shutdown());

run('npx', ['tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput']);
const entry = 'dist/server/main.js';
while (!existsSync(entry)) await new Promise((resolve) => setTimeout(resolve, 300));
run(process.execPath, ['--watch-path=dist/server', '--watch-preserve-output', entry]);
run('npx', ['vite', '--config', 'client/vite.config.mts']);
console.log('\nAdmin app with hot reload: http://localhost:5173/admin   API: http://localhost:' + (process.env.PORT ?? 3000) + '\n');
