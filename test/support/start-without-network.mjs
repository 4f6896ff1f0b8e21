// Run inside a network namespace with only loopback (test/e2e/no-network.test.ts): starts the
// service the way `npm start` does, with a fresh DATA_DIR, runs one whole turn through the partner
// example with the development secret key, prints both outputs and the data folder's size, and
// exits with the example's exit code.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = process.argv[2];
const service = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', NODE_ENV: 'development', OPEN_BROWSER: 'false' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let log = '';
const url = await new Promise((resolve, reject) => {
  const onData = (chunk) => {
    log += chunk.toString();
    const match = /running at (http:\/\/\S+)/.exec(log);
    if (match) resolve(match[1]);
  };
  service.stdout.on('data', onData);
  service.stderr.on('data', onData);
  service.once('exit', (code) => reject(new Error(`the service exited with ${code}:\n${log}`)));
});
const keys = JSON.parse(readFileSync(path.join(dataDir, 'dev-keys.json'), 'utf8'));
const example = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'partner/example.ts'), 'I have had a sore throat for three days'], {
  cwd: root,
  env: { ...process.env, TRIAGE_ENDPOINT: `${url}/graphql`, TRIAGE_KEY: keys.secretKey },
  encoding: 'utf8',
});
const exited = new Promise((resolve) => service.once('exit', resolve));
service.kill('SIGTERM');
await exited;
const du = spawnSync('du', ['-sLk', dataDir], { encoding: 'utf8' });
process.stdout.write(`${JSON.stringify({ serviceLog: log, stdout: example.stdout, stderr: example.stderr, dataKb: Number(du.stdout.split(/\s/)[0]) })}\n`);
process.exit(example.status ?? 1);
