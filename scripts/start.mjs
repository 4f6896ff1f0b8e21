// `npm start`: prepare a fresh clone, then run the service (embedded Postgres and Chroma, offline
// engine unless model servers are configured) and open the widget demo page.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { prepare, root } from './prepare.mjs';

prepare();
// telemetry/register.ts starts OpenTelemetry before the app loads when OTEL_EXPORTER_OTLP_ENDPOINT is set.
const register = pathToFileURL(path.join(root, 'server/telemetry/register.ts')).href;
const child = spawn(process.execPath, ['--import', 'tsx', '--import', register, path.join(root, 'server/main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
