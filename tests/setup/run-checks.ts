// Runs the named npm scripts at the same time and fails when any of them fails: the static checks `npm test` starts
// with (Biome, the OpenAPI lint, the lockfile check, knip and tsc read the sources and write nothing another one reads). Each script's
// output is printed whole when it ends, with how long it took, so the logs do not interleave. Plain Node (type
// stripping), no transpiler.
import { spawn } from 'node:child_process';

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
}

function run(name: string): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => chunks.push(d));
    child.stderr.on('data', (d: Buffer) => chunks.push(d));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0;
      const output = Buffer.concat(chunks).toString('utf8').trimEnd();
      process.stdout.write(`── ${name}: ${ok ? 'ok' : `failed (exit ${code})`} in ${seconds.toFixed(1)} s\n${output ? `${output}\n` : ''}`);
      resolve({ name, ok, seconds });
    });
  });
}

const started = performance.now();
const results = await Promise.all(process.argv.slice(2).map(run));
const failed = results.filter((r) => !r.ok).map((r) => r.name);
const total = ((performance.now() - started) / 1000).toFixed(1);
if (failed.length > 0) {
  console.error(`Checks failed: ${failed.join(', ')} (${total} s)`);
  process.exit(1);
}
console.log(`Checks passed: ${results.map((r) => r.name).join(', ')} (${total} s)`);
