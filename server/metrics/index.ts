import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics for operators (`GET /metrics`): turn outcomes by route, engine and error
 * code, turn and stage durations, turns in flight, and the process defaults (memory, event loop).
 * One registry per service instance, so tests that start several services do not collide.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly turnsStarted = new Counter({ name: 'triage_turns_started_total', help: 'Turns started.', labelNames: ['engine'], registers: [this.registry] });
  readonly turnsEnded = new Counter({
    name: 'triage_turns_ended_total',
    help: 'Turns ended, by outcome (completed, failed, cancelled), route and error code.',
    labelNames: ['engine', 'outcome', 'route', 'code'],
    registers: [this.registry],
  });
  readonly turnSeconds = new Histogram({
    name: 'triage_turn_duration_seconds',
    help: 'Wall time of a turn, from start to its terminal event.',
    labelNames: ['engine', 'route'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160],
    registers: [this.registry],
  });
  readonly stageSeconds = new Histogram({
    name: 'triage_stage_duration_seconds',
    help: 'Time spent in each pipeline stage (route, retrieve, reason, respond).',
    labelNames: ['engine', 'stage'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  readonly turnsRunning = new Gauge({ name: 'triage_turns_running', help: 'Turns in flight in this instance.', registers: [this.registry] });
  readonly eventsPublished = new Counter({ name: 'triage_turn_events_published_total', help: 'Turn events published to the bus.', labelNames: ['type'], registers: [this.registry] });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'triage_' });
  }
}
