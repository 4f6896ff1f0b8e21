import { spawn } from 'node:child_process';
import { ConfigError, loadConfig } from './config.js';
import { log } from './log.js';
import { startService } from './app/start.js';
import { shutdownTelemetry } from './telemetry/index.js';
import { bannerLines } from './app/banner.js';

/** `npm start` / `npm run dev`: start everything, print what a newcomer needs, stop cleanly on a signal. */
async function main(): Promise<void> {
  const config = loadConfig();
  const service = await startService({ config });
  const lines = bannerLines(service);
  process.stdout.write(`${lines.join('\n')}\n\n`);
  if (config.OPEN_BROWSER && service.demoPage && process.stdout.isTTY && !process.env.CI) openBrowser(`${service.url}/`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing running turns');
    service.close().then(
      // Spans still queued for export go out before the process ends.
      () => shutdownTelemetry().finally(() => process.exit(0)),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Best effort: a newcomer's `npm start` lands on the working widget; without a desktop it just logs. */
function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(command, [url], { stdio: 'ignore', detached: true });
  child.on('error', (error) => log.debug({ err: error, command }, 'could not open a browser; open the URL above'));
  child.unref();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  else log.fatal({ err: error }, 'service failed to start');
  process.exit(1);
});
