// Starts the production build on a fresh embedded database for the browser tests.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';

fs.rmSync(process.env.DATA_DIR ?? '.tmp/e2e-data', { recursive: true, force: true });
// The first server builds; the others (one per Playwright worker) start after it is up and serve its build,
// which rebuilding (emptying the directory) would pull from under it.
if (process.env.E2E_SKIP_BUILD !== '1') {
  execSync(`npx vite build --logLevel warn --outDir ${process.env.STATIC_DIR ?? 'dist'} --emptyOutDir`, {
    stdio: 'inherit',
  });
}
const server = spawn('npx', ['tsx', 'src/server/main.ts'], { stdio: 'inherit', env: process.env });
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => process.exit(code ?? 0));
