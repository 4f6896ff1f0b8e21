import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface FeedbackSnapshot {
  /** Turns with feedback / turns ended, last 7 days (0 when none ended). */
  feedbackRate: number;
  /** HELPFUL / all feedback, last 7 days (0 when none). */
  helpfulShare: number;
}

/** What the metrics read of a model server's stream limit (openai-compat/capacity.ts). */
export interface ModelQueueView {
  name: string;
  limit: number;
  depth(): number;
  inUse(): number;
  observe(observer: { waited(server: string, seconds: number): void; timedOut(server: string): void }): void;
}

/**
 * Prometheus metrics for operators (`GET /metrics`): turn outcomes by route, engine and error
 * code, turn and stage durations, turns in flight, the review loop (feedback, verdicts, safety floor
 * overrides) and the process defaults (memory, event loop).
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
  /** Events published since the last scrape, by type: counted as plain numbers (one per token), added to the counter when it is read. */
  private readonly unscrapedEvents = new Map<string, number>();
  readonly eventsPublished = new Counter({
    name: 'triage_turn_events_published_total',
    help: 'Turn events published to the bus.',
    labelNames: ['type'],
    registers: [this.registry],
    collect: () => {
      for (const [type, n] of this.unscrapedEvents) this.eventsPublished.inc({ type }, n);
      this.unscrapedEvents.clear();
    },
  });

  /** Counts one published event (per token: no label hashing here, see `eventsPublished`). */
  eventPublished(type: string): void {
    this.unscrapedEvents.set(type, (this.unscrapedEvents.get(type) ?? 0) + 1);
  }
  readonly feedbackSubmitted = new Counter({
    name: 'triage_feedback_submitted_total',
    help: 'Feedback submissions by rating; change is new (first rating of the turn), changed (a different rating) or same.',
    labelNames: ['rating', 'change'],
    registers: [this.registry],
  });
  readonly reviewsSubmitted = new Counter({
    name: 'triage_reviews_submitted_total',
    help: 'Clinician reviews by verdict (a re-review counts again).',
    labelNames: ['verdict'],
    registers: [this.registry],
  });
  readonly safetyFloorOverrides = new Counter({
    name: 'triage_safety_floor_overrides_total',
    help: "Turns whose prediction the safety floor changed, by engine and what it changed (severity, condition or both).",
    labelNames: ['engine', 'changed'],
    registers: [this.registry],
  });
  /** Shares over the last 7 days, read from Postgres at scrape time (the same for every instance). */
  readonly feedbackRate: Gauge = new Gauge({
    name: 'triage_feedback_rate',
    help: 'Share of turns ended in the last 7 days that received feedback.',
    registers: [this.registry],
    collect: async (): Promise<void> => this.feedbackRate.set((await this.readSnapshot()).feedbackRate),
  });
  readonly helpfulShare: Gauge = new Gauge({
    name: 'triage_feedback_helpful_share',
    help: 'Share of feedback given in the last 7 days that is HELPFUL.',
    registers: [this.registry],
    collect: async (): Promise<void> => this.helpfulShare.set((await this.readSnapshot()).helpfulShare),
  });

  private read: (() => Promise<FeedbackSnapshot>) | undefined;
  private cached: { at: number; value: Promise<FeedbackSnapshot> } | null = null;

  /** Where the feedback gauges read from (the app wires a Postgres query). */
  useFeedbackSnapshot(read: () => Promise<FeedbackSnapshot>): void {
    this.read = read;
  }

  /** One read serves both gauges of a scrape; a failed read shows as NaN rather than failing the whole scrape. */
  private readSnapshot(): Promise<FeedbackSnapshot> {
    if (!this.read) return Promise.resolve({ feedbackRate: 0, helpfulShare: 0 });
    const now = Date.now();
    if (!this.cached || now - this.cached.at > 1000) {
      this.cached = { at: now, value: this.read().catch(() => ({ feedbackRate: Number.NaN, helpfulShare: Number.NaN })) };
    }
    return this.cached.value;
  }

  private modelQueues: ModelQueueView[] = [];
  // prom-client calls collect() at scrape time: no timer, no per-event work.
  readonly modelQueueDepth = new Gauge({
    name: 'triage_model_queue_depth',
    help: 'Model calls waiting for a free stream, per model server.',
    labelNames: ['server'],
    registers: [this.registry],
    collect: () => this.modelQueues.forEach((q) => this.modelQueueDepth.set({ server: q.name }, q.depth())),
  });
  readonly modelStreamsInUse = new Gauge({
    name: 'triage_model_streams_in_use',
    help: 'Streams open to each model server.',
    labelNames: ['server'],
    registers: [this.registry],
    collect: () => this.modelQueues.forEach((q) => this.modelStreamsInUse.set({ server: q.name }, q.inUse())),
  });
  readonly modelStreamLimit = new Gauge({ name: 'triage_model_stream_limit', help: 'Stream limit per model server (0: none).', labelNames: ['server'], registers: [this.registry] });
  readonly modelQueueWait = new Histogram({
    name: 'triage_model_queue_wait_seconds',
    help: 'How long model calls waited for a free stream (0 when one was free).',
    labelNames: ['server'],
    buckets: [0, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160],
    registers: [this.registry],
  });
  readonly modelQueueTimeouts = new Counter({
    name: 'triage_model_queue_timeouts_total',
    help: 'Model calls that gave up waiting for a stream (turn failed with MODEL_BUSY).',
    labelNames: ['server'],
    registers: [this.registry],
  });

  /** Reports the stream limits' state (read at each scrape) and their waits. */
  watchModelQueues(queues: ModelQueueView[]): void {
    for (const q of queues) {
      this.modelStreamLimit.set({ server: q.name }, q.limit);
      q.observe({
        waited: (server, seconds) => this.modelQueueWait.observe({ server }, seconds),
        timedOut: (server) => this.modelQueueTimeouts.inc({ server }),
      });
    }
    this.modelQueues = queues;
  }

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'triage_' });
  }
}
