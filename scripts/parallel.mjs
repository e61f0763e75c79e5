// `node scripts/parallel.mjs typecheck lint`: runs those npm scripts at once (npm test's static checks: each
// is one process on one core, ~30-45 s apiece on a 2-core machine, so side by side they take the longer one's
// time instead of both). Each one's output is printed whole when it ends; exits 1 if any failed.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        let output = '';
        const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.on('close', (code, signal) => {
          process.stdout.write(`> npm run ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? code})`}\n${output}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
