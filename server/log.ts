import pino from 'pino';

/** One structured JSON line per log event. LOG_LEVEL controls verbosity (default info, silent in tests). */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info'),
  base: { service: 'triage' },
  timestamp: pino.stdTimeFunctions.isoTime,
});

export type Logger = typeof log;
