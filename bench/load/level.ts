import { follow, gql, rawTurn, type Followed } from './clients.js';
import { MESSAGE, type StreamShape } from './model-script.js';
import { Sampler, type DbSample, type Sample, type Target } from './sampler.js';
import { jain, mean, median, pct, round } from './stats.js';

/**
 * One load level: `concurrency` turns started over `rampMs`, each followed by its own subscriber
 * (graphql-ws, or SSE for a share of them) from the moment sendMessage returns, and beside them
 * raw clients reading the model server directly (the perfect server). Threads are created first
 * and not timed.
 */
export interface LevelOptions {
  concurrency: number;
  /** Where turn i is sent, and where its subscriber listens (another instance in two-instance runs). */
  sendTo: (i: number) => string;
  subscribeTo: (i: number) => string;
  siteKey: string;
  shape: StreamShape;
  rampMs: number;
  sseShare: number;
  rawShare: number;
  modelBaseURL: string;
  /** The model server's process, whose CPU is reported beside the services'. */
  modelPid?: number;
  targets: Target[];
  databaseUrl: string;
  message?: (i: number) => string;
  /** Called once every turn is acknowledged (faults are injected here). */
  whenLive?: (turns: TurnResult[]) => Promise<void>;
  /** How long after the last acknowledgement the live turns' heap is measured (default 2 s). */
  liveHeapAfterMs?: number;
  timeoutMs?: number;
}

export interface TurnResult {
  i: number;
  via: 'ws' | 'sse';
  threadId: string;
  token: string;
  clientMessageId: string;
  text: string;
  sentAt: number;
  sendMs: number | null;
  sendError: string | null;
  turnId: string | null;
  followed: Followed | null;
}

export interface LevelRun {
  concurrency: number;
  turns: TurnResult[];
  raw: Followed[];
  samples: Sample[];
  db: DbSample[];
  /** Database transactions over the level (see Sampler), null when not read. */
  dbTransactions: number | null;
  cores: Record<string, number>;
  /** Cores used by the model server, this load generator and the whole machine over the level. */
  machine: Record<string, number>;
  wallMs: number;
  /** Heap after a full collection with the turns live, and idle before the level. */
  liveHeap: { heapMb: number; running: number; idleMb: number } | null;
}

const START_THREAD = 'mutation { startThread { thread { id } threadToken } }';
const SEND = 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { turn { id } } }';

export async function runLevel(o: LevelOptions): Promise<LevelRun> {
  const n = o.concurrency;
  const turns: TurnResult[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, async (_, k) => {
        const r = await gql(o.sendTo(i + k), o.siteKey, START_THREAD);
        if (!r.data) throw new Error(`startThread failed: ${JSON.stringify(r.errors)}`);
        return { threadId: r.data.startThread.thread.id as string, token: r.data.startThread.threadToken as string };
      }),
    );
    batch.forEach((t, k) => {
      const index = i + k;
      turns.push({
        i: index,
        via: o.sseShare > 0 && index % Math.round(1 / o.sseShare) === 0 ? 'sse' : 'ws',
        ...t,
        clientMessageId: `bench-${index}`,
        text: o.message?.(index) ?? MESSAGE,
        sentAt: 0,
        sendMs: null,
        sendError: null,
        turnId: null,
        followed: null,
      });
    });
  }

  const sampler = new Sampler(o.targets, o.databaseUrl, [
    ...(o.modelPid ? [{ name: 'model-server', pid: o.modelPid }] : []),
    { name: 'load-generator', pid: process.pid },
  ]);
  const idleHeap = await sampler.liveHeapMb();
  await sampler.start();
  const started = performance.now();
  const rawCount = Math.ceil(n * o.rawShare);
  const rawDone: Promise<Followed>[] = [];
  const followers: Promise<unknown>[] = [];
  const acknowledged: Promise<void>[] = [];
  const at = (i: number) => (o.rampMs * i) / n;

  for (const turn of turns) {
    const delay = at(turn.i) - (performance.now() - started);
    if (delay > 1) await new Promise((r) => setTimeout(r, delay)); // the arrival schedule, not synchronisation
    if (turn.i < rawCount) rawDone.push(rawTurn(o.modelBaseURL, o.shape.rounds));
    acknowledged.push(
      (async () => {
        turn.sentAt = performance.now();
        try {
          const r = await gql(o.sendTo(turn.i), turn.token, SEND, { input: { threadId: turn.threadId, text: turn.text, clientMessageId: turn.clientMessageId } });
          turn.sendMs = performance.now() - turn.sentAt;
          if (!r.data?.sendMessage) throw new Error(r.errors?.[0]?.extensions?.code ?? JSON.stringify(r.errors));
          turn.turnId = r.data.sendMessage.turn.id as string;
        } catch (error) {
          turn.sendError = error instanceof Error ? error.message : String(error);
          return;
        }
        const following = follow(turn.via, o.subscribeTo(turn.i), turn.token, turn.turnId, 0, o.timeoutMs);
        turn.followed = following.state;
        followers.push(following.done);
      })(),
    );
  }
  await Promise.all(acknowledged);
  // Memory per live turn: the heap after a full collection, every turn streaming, minus idle.
  let liveHeap: { heapMb: number; running: number; idleMb: number } | null = null;
  if (!o.whenLive) {
    await new Promise((r) => setTimeout(r, o.liveHeapAfterMs ?? 2000)); // into the thinking, every subscriber attached
    liveHeap = { ...(await sampler.liveHeapMb()), idleMb: idleHeap.heapMb };
  }
  await o.whenLive?.(turns);
  await Promise.all(followers);
  const raw = await Promise.all(rawDone);
  const wallMs = performance.now() - started;
  const { cores, machine, dbTransactions } = await sampler.stop();
  return { concurrency: n, turns, raw, samples: sampler.samples, db: sampler.db, dbTransactions, cores, machine, wallMs, liveHeap };
}

export interface LevelSummary {
  concurrency: number;
  sendMessageMs: { p50: number; p95: number; p99: number };
  firstEventMs: { p50: number; p95: number };
  firstTokenMs: { p50: number; p95: number };
  /** Token delay at the subscriber minus the raw client's median delay (ms). */
  addedLatencyMs: { p50: number; p99: number };
  rawDelayMs: { p50: number; p99: number };
  /** Delivered tokens/s per turn over the raw client's (null without raw clients). */
  throughputRatio: number | null;
  eventLoopP99Ms: { median: number; max: number };
  /** Heap after a full GC with the turns live minus idle, per live turn; RSS plateau minus idle, per turn. */
  memoryPerLiveTurnKb: { heapAfterGc: number; heap: number; rss: number };
  dbConnections: { maxActive: number; maxTotal: number };
  /** Database transactions (round trips outside a transaction) per turn, all instances; null when not read. */
  dbTransactionsPerTurn: number | null;
  serviceCores: Record<string, number>;
  /** Cores used by the model server, the load generator, and the machine as a whole (busy of cpus). */
  machineCores: Record<string, number>;
  /** Service CPU time per turn (all instances): flat from level to level when nothing scans per event. */
  cpuMsPerTurn: number;
  /**
   * Events each subscriber received, on average. A service that falls behind merges the tokens of
   * a read into one event, so CPU per turn falls as this does: compare CPU per turn at like figures.
   */
  eventsPerTurn: number;
  /** Service CPU time over all events received by subscribers (µs): the turn's fixed work included. */
  cpuUsPerEvent: number;
  turns: number;
  completed: number;
  errors: number;
  errorKinds: Record<string, number>;
  lostEvents: number;
  duplicatedEvents: number;
  lostTokens: number;
  duplicatedTokens: number;
  /** Subscriptions that broke and were made again from the last seq (as the widget does). */
  resubscribes: number;
  wallSeconds: number;
}

/** Baseline (idle) heap and RSS of the services, to subtract from the live plateau. */
export function summarise(run: LevelRun, shape: StreamShape, idle: { heapMb: number; rssMb: number }): LevelSummary {
  const ok = run.turns.filter((t) => t.followed);
  const deliveredEvents = ok.reduce((sum, t) => sum + t.followed!.events.length, 0);
  const sendMs = run.turns.flatMap((t) => (t.sendMs === null ? [] : [t.sendMs]));
  const rel = (t: { sentAt: number }, wall: number | null) => (wall === null ? null : wall - (performance.timeOrigin + t.sentAt));
  const firstEvent = ok.flatMap((t) => [rel(t, t.followed!.firstEventAt)].filter((x): x is number => x !== null));
  const firstToken = ok.flatMap((t) => [rel(t, t.followed!.firstTokenAt)].filter((x): x is number => x !== null));
  const rawDelays = run.raw.flatMap((r) => r.delays);
  const rawMedian = median(rawDelays);
  const added = ok.flatMap((t) => t.followed!.delays.map((d) => d - rawMedian));
  // Delivered throughput per turn: its tokens over the time from its start (sendMessage; for the
  // raw client, its first request) to its last token. The model paces both alike, so a service that
  // keeps up matches raw (1.0) and one that falls behind takes longer (below 1).
  const rate = (f: Followed, startWall: number) => (f.lastTokenAt !== null && f.lastTokenAt > startWall ? f.stamps.size / ((f.lastTokenAt - startWall) / 1000) : null);
  const serviceRates = ok.map((t) => rate(t.followed!, performance.timeOrigin + t.sentAt)).filter((x): x is number => x !== null);
  const rawRates = run.raw.map((r) => rate(r, r.firstEventAt ?? 0)).filter((x): x is number => x !== null);

  const errorKinds: Record<string, number> = {};
  const count = (kind: string) => (errorKinds[kind] = (errorKinds[kind] ?? 0) + 1);
  let lostEvents = 0;
  let duplicatedEvents = 0;
  let lostTokens = 0;
  let duplicatedTokens = 0;
  let completed = 0;
  const expectedTokens = shape.thinking + shape.answer;
  for (const t of run.turns) {
    if (t.sendError) {
      count(`sendMessage ${t.sendError}`);
      continue;
    }
    const f = t.followed!;
    if (f.error) count(`subscription: ${f.error.slice(0, 80)}`);
    const seqs = f.events.map((e) => e.seq);
    const unique = new Set(seqs);
    duplicatedEvents += seqs.length - unique.size;
    const top = Math.max(0, ...seqs);
    lostEvents += top - unique.size;
    const terminals = f.events.filter((e) => e.type === 'TurnCompleted' || e.type === 'TurnFailed');
    if (terminals.length !== 1) count(terminals.length ? 'more than one terminal event' : 'no terminal event');
    const last = terminals.at(-1);
    if (last?.type === 'TurnFailed') count(`TurnFailed ${last.code}`);
    if (last?.type === 'TurnCompleted') {
      completed++;
      lostTokens += Math.max(0, expectedTokens - f.stamps.size);
    }
    duplicatedTokens += f.duplicateTokens;
  }
  const errors = Object.values(errorKinds).reduce((a, b) => a + b, 0);

  const n = run.concurrency;
  const plateau = run.samples.filter((s) => s.running >= 0.9 * (n / new Set(run.samples.map((x) => x.service)).size));
  const perService = (pick: (s: (typeof plateau)[number]) => number) => {
    const byService = new Map<string, number[]>();
    for (const s of plateau) byService.set(s.service, [...(byService.get(s.service) ?? []), pick(s)]);
    return [...byService.values()].reduce((sum, xs) => sum + median(xs), 0);
  };
  const services = new Set(run.samples.map((s) => s.service)).size || 1;
  const heapLive = perService((s) => s.heapMb);
  const rssLive = perService((s) => s.rssMb);
  const loops = run.samples.map((s) => s.loopP99Ms);
  return {
    concurrency: n,
    sendMessageMs: { p50: round(pct(sendMs, 50)), p95: round(pct(sendMs, 95)), p99: round(pct(sendMs, 99)) },
    firstEventMs: { p50: round(pct(firstEvent, 50)), p95: round(pct(firstEvent, 95)) },
    firstTokenMs: { p50: round(pct(firstToken, 50)), p95: round(pct(firstToken, 95)) },
    addedLatencyMs: { p50: round(pct(added, 50), 2), p99: round(pct(added, 99), 2) },
    rawDelayMs: { p50: round(pct(rawDelays, 50), 2), p99: round(pct(rawDelays, 99), 2) },
    throughputRatio: rawRates.length ? round(mean(serviceRates) / mean(rawRates), 3) : null,
    eventLoopP99Ms: { median: round(median(loops)), max: round(Math.max(0, ...loops)) },
    memoryPerLiveTurnKb: {
      heapAfterGc: run.liveHeap && run.liveHeap.running > 0 ? round(((run.liveHeap.heapMb - run.liveHeap.idleMb) * 1024) / run.liveHeap.running) : -1,
      heap: plateau.length ? round(((heapLive - idle.heapMb * services) * 1024) / n) : -1,
      rss: plateau.length ? round(((rssLive - idle.rssMb * services) * 1024) / n) : -1,
    },
    dbConnections: { maxActive: Math.max(0, ...run.db.map((d) => d.active)), maxTotal: Math.max(0, ...run.db.map((d) => d.total)) },
    dbTransactionsPerTurn: run.dbTransactions === null ? null : round(run.dbTransactions / n, 1),
    serviceCores: Object.fromEntries(Object.entries(run.cores).map(([k, v]) => [k, round(v, 2)])),
    machineCores: Object.fromEntries(Object.entries(run.machine ?? {}).map(([k, v]) => [k, round(v, 2)])),
    cpuMsPerTurn: round((Object.values(run.cores).reduce((a, b) => a + b, 0) * run.wallMs) / n, 0),
    eventsPerTurn: ok.length ? round(deliveredEvents / ok.length, 0) : 0,
    cpuUsPerEvent: deliveredEvents ? round((Object.values(run.cores).reduce((a, b) => a + b, 0) * run.wallMs * 1000) / deliveredEvents, 0) : 0,
    turns: run.turns.length,
    completed,
    errors,
    errorKinds,
    lostEvents,
    duplicatedEvents,
    lostTokens,
    duplicatedTokens,
    resubscribes: run.turns.reduce((n, t) => n + (t.followed?.resubscribes ?? 0), 0),
    wallSeconds: round(run.wallMs / 1000),
  };
}

/** Fairness of a queued run: how evenly turns were served, and whether anyone starved. */
export function fairness(run: LevelRun) {
  const durations = run.turns.flatMap((t) => (t.followed?.endedAt ? [t.followed.endedAt - (performance.timeOrigin + t.sentAt)] : []));
  const waits = run.turns.map((t) => {
    const q = t.followed?.queued ?? [];
    return q.length && t.followed?.firstTokenAt ? t.followed.firstTokenAt - q[0]!.at : 0;
  });
  const endOrder = run.turns
    .filter((t) => t.followed?.endedAt)
    .sort((a, b) => a.followed!.endedAt! - b.followed!.endedAt!)
    .map((t) => t.i);
  // Kendall-style: the share of pairs of turns that finished in the order they started.
  let inOrder = 0;
  let pairs = 0;
  for (let a = 0; a < endOrder.length; a += 7) {
    for (let b = a + 1; b < endOrder.length; b += 7) {
      pairs++;
      if (endOrder[a]! < endOrder[b]!) inOrder++;
    }
  }
  return {
    turnSeconds: { p50: round(pct(durations, 50) / 1000), p99: round(pct(durations, 99) / 1000), max: round(Math.max(0, ...durations) / 1000) },
    queuedTurns: run.turns.filter((t) => (t.followed?.queued.length ?? 0) > 0).length,
    maxPlaceSeen: Math.max(0, ...run.turns.flatMap((t) => t.followed?.queued.map((q) => q.place) ?? [])),
    waitSeconds: { p50: round(pct(waits, 50) / 1000), max: round(Math.max(0, ...waits) / 1000) },
    jainIndexOfTurnTime: round(jain(durations), 3),
    finishedInStartOrder: round(pairs ? inOrder / pairs : 1, 3),
  };
}
