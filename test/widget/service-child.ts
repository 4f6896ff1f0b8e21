import { loadConfig } from '../../server/config.js';
import { startService } from '../../server/app/start.js';
import { scriptedRunner } from './runner.js';

/**
 * The service with the widget tests' scripted runner, as its own process, so a test can kill it
 * (SIGKILL: no drain, no terminal events) and start it again on the same port and database.
 * Env: DATABASE_URL, PORT. Prints "ready <url>" once listening.
 */
const service = await startService({
  config: loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.DATABASE_URL!,
    PORT: process.env.PORT!,
    HOST: '127.0.0.1',
    DEV_SEED: 'false',
    LOG_LEVEL: 'silent',
    TURN_CHECKPOINT_MS: '200',
    RATE_LIMIT_MESSAGES_PER_MINUTE: '0',
    RATE_LIMIT_THREADS_PER_HOUR: '0',
  }),
  runner: scriptedRunner(),
});
process.stdout.write(`ready ${service.url}\n`);
