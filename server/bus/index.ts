import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { MemoryBus } from './memory.js';
import { RedisBus } from './redis.js';
import type { TurnBus } from './types.js';

export type { TurnBus } from './types.js';
export { MemoryBus } from './memory.js';
export { RedisBus } from './redis.js';
export { TurnLog } from './turn-log.js';

/** Redis when REDIS_URL is set (many instances), otherwise the in-process bus (one instance). */
export async function createBus(config: Pick<Config, 'REDIS_URL' | 'EVENT_RETENTION_SECONDS' | 'EVENT_RETENTION_TURNS'>, log: Logger): Promise<TurnBus> {
  if (config.REDIS_URL) return RedisBus.connect(config.REDIS_URL, config.EVENT_RETENTION_SECONDS, log);
  return new MemoryBus({ seconds: config.EVENT_RETENTION_SECONDS, turns: config.EVENT_RETENTION_TURNS });
}
