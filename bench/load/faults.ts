import pg from 'pg';
import { followWs, gql, type Followed } from './clients.js';
import type { BenchPostgres, BenchRedis, ServiceProcess } from './infra.js';
import { runLevel, type LevelOptions, type LevelRun, type TurnResult } from './level.js';
import { MESSAGE } from './model-script.js';
import { pct, round } from './stats.js';

/**
 * Faults under load, each against live turns: kill -9 of one of two instances, SIGTERM drain,
 * Postgres and Redis restarts, and a restart right after a kill with the embedded Postgres. Each
 * reports what a user would notice: terminal events (exactly one per turn, which code), advice
 * kept for emergencies, messages kept, replay exactness, /readyz over time, recovery times.
 */
export interface FaultContext {
  spawnService(name: string, env?: Record<string, string>): Promise<ServiceProcess>;
  stopService(s: ServiceProcess): Promise<void>;
  common(services: ServiceProcess[]): Omit<LevelOptions, 'concurrency' | 'sendTo' | 'subscribeTo'>;
  postgres: BenchPostgres;
  redis: BenchRedis;
  work: string;
  turns: number;
  baseEnv: Record<string, string>;
  logDir: string;
}

const EMERGENCY = "crushing chest pain spreading to my left arm and I'm sweating";
const ORPHAN_AFTER_MS = 5000;
const SEND = 'mutation($input: SendMessageInput!) { sendMessage(input: $input) { turn { id } } }';

/** Terminal events per turn, and how many turns ended each way. */
function endings(run: LevelRun) {
  const byCode: Record<string, number> = {};
  let notExactlyOne = 0;
  let gaps = 0;
  let emergencies = 0;
  let emergenciesWithAdvice = 0;
  let resubscribes = 0;
  for (const t of run.turns) {
    if (!t.followed) {
      byCode[`sendMessage ${t.sendError}`] = (byCode[`sendMessage ${t.sendError}`] ?? 0) + 1;
      continue;
    }
    const ends = t.followed.events.filter((e) => e.type === 'TurnCompleted' || e.type === 'TurnFailed');
    if (ends.length !== 1) notExactlyOne++;
    const key = ends.length ? (ends[0]!.type === 'TurnCompleted' ? 'COMPLETED' : ends[0]!.code!) : `none${t.followed.error ? ` (${t.followed.error.slice(0, 60)})` : ''}`;
    byCode[key] = (byCode[key] ?? 0) + 1;
    const seqs = t.followed.events.map((e) => e.seq);
    if (seqs.some((s, i) => s !== i + 1)) gaps++;
    resubscribes += t.followed.resubscribes;
    if (t.text === EMERGENCY) {
      emergencies++;
      if (ends[0]?.type === 'TurnCompleted' || ends[0]?.advice === 'EMERGENCY') emergenciesWithAdvice++;
    }
  }
  return { byCode, turnsWithoutExactlyOneEnd: notExactlyOne, turnsWithSeqGaps: gaps, emergencies, emergenciesEndingWithAdvice: emergenciesWithAdvice, resubscribes };
}

/** Every acknowledged user message is in Postgres (by its clientMessageId). */
async function messagesKept(databaseUrl: string, turns: TurnResult[]) {
  const acknowledged = turns.filter((t) => t.turnId);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM messages WHERE role = 'USER' AND turn_id = ANY($1::uuid[])`, [acknowledged.map((t) => t.turnId)]);
    return { acknowledged: acknowledged.length, inPostgres: Number(rows[0]!.n) };
  } finally {
    await client.end();
  }
}

/** Replays a sample of turns from 0 and compares with what their subscribers saw live. */
async function replayExact(url: string, turns: TurnResult[], sample = 50) {
  const picked = turns.filter((t) => t.followed && t.turnId).slice(0, sample);
  let exact = 0;
  for (const t of picked) {
    const replay = await followWs(url, t.token, t.turnId!, 0, 60_000).done;
    const same = JSON.stringify(replay.events) === JSON.stringify(t.followed!.events);
    if (same) exact++;
  }
  return { checked: picked.length, exact };
}

/** Polls /readyz every 200 ms while `during` runs: the status seen over time, as runs. */
async function readyzTimeline<T>(url: string, during: () => Promise<T>): Promise<{ result: T; timeline: string[] }> {
  const seen: { at: number; status: number }[] = [];
  let polling = true;
  const started = performance.now();
  const poll = (async () => {
    while (polling) {
      const status = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.status, () => 0);
      seen.push({ at: performance.now() - started, status });
      await new Promise((r) => setTimeout(r, 200)); // the polling period
    }
  })();
  const result = await during();
  await new Promise((r) => setTimeout(r, 1500)); // keep watching the recovery for a moment
  polling = false;
  await poll;
  const timeline: string[] = [];
  for (const s of seen) {
    const label = `${s.status || 'no answer'}`;
    const last = timeline.at(-1);
    if (!last?.startsWith(`${label} `)) timeline.push(`${label} from ${round(s.at / 1000)} s`);
  }
  return { result, timeline };
}

export async function faultScenarios(ctx: FaultContext) {
  const out: Record<string, unknown> = {};
  const emergencyEvery = (i: number) => (i % 10 === 3 ? EMERGENCY : MESSAGE);

  // 1. kill -9 one of two instances at N live turns; subscribers on the survivor.
  {
    const env = { REDIS_URL: ctx.redis.url, TURN_ORPHAN_AFTER_MS: String(ORPHAN_AFTER_MS) };
    const doomed = await ctx.spawnService('kill-a', env);
    const survivor = await ctx.spawnService('kill-b', env);
    let killedAt = 0;
    const run = await runLevel({
      ...ctx.common([survivor]),
      concurrency: ctx.turns,
      rawShare: 0,
      rampMs: 3000,
      message: emergencyEvery,
      sendTo: () => doomed.url,
      subscribeTo: () => survivor.url,
      whenLive: async () => {
        killedAt = performance.timeOrigin + performance.now();
        await doomed.kill('SIGKILL');
      },
    });
    // Turns that ended before the kill (while the last sendMessages were being acknowledged) are
    // not the kill's: timed and counted are those that were live when it came.
    const endAfterKill = run.turns.flatMap((t) => (t.followed?.endedAt && t.followed.endedAt >= killedAt ? [(t.followed.endedAt - killedAt) / 1000] : []));
    const restarted = await ctx.spawnService('kill-a-again', env);
    out.kill9 = {
      turns: ctx.turns,
      orphanAfterMs: ORPHAN_AFTER_MS,
      endings: endings(run),
      liveAtKill: endAfterKill.length,
      secondsFromKillToEnd: { p50: round(pct(endAfterKill, 50)), max: round(Math.max(0, ...endAfterKill)) },
      messages: await messagesKept(ctx.postgres.url, run.turns),
      replay: await replayExact(survivor.url, run.turns),
      startMs: round(doomed.startMs, 0),
      restartAfterKillMs: round(restarted.startMs, 0),
    };
    console.log('faults: kill -9', JSON.stringify(out.kill9));
    await ctx.stopService(restarted);
    await ctx.stopService(survivor);
    ctx.stopService(doomed).catch(() => undefined);
  }

  // 2. SIGTERM drain: turns arriving over 10 s, SIGTERM when all are in, 8 s of grace.
  {
    const a = await ctx.spawnService('drain', { SHUTDOWN_GRACE_MS: '8000' });
    let refusal: unknown = null;
    let readyz: string[] = [];
    const run = await runLevel({
      ...ctx.common([a]),
      concurrency: Math.min(ctx.turns, 100),
      rawShare: 0,
      rampMs: 10_000,
      message: emergencyEvery,
      sendTo: () => a.url,
      subscribeTo: () => a.url,
      whenLive: async () => {
        const probe = await freshThread(a.url, ctx.common([a]).siteKey);
        const exited = a.kill('SIGTERM');
        const watched = await readyzTimeline(a.url, async () => {
          await new Promise((r) => setTimeout(r, 300)); // let the signal land
          const r = await gql(a.url, probe.token, SEND, { input: { threadId: probe.threadId, text: 'during the drain', clientMessageId: 'drain-probe' } });
          refusal = r.errors?.[0]?.extensions ?? r.data;
          await exited;
        });
        readyz = watched.timeline;
      },
    });
    out.sigterm = {
      turns: run.turns.length,
      graceMs: 8000,
      endings: endings(run),
      newTurnDuringDrain: refusal,
      readyz,
      messages: await messagesKept(ctx.postgres.url, run.turns),
    };
    console.log('faults: SIGTERM', JSON.stringify(out.sigterm));
    await ctx.stopService(a).catch(() => undefined);
  }

  // 3. Postgres restarted mid-load (one instance), 3 s down.
  {
    const a = await ctx.spawnService('pg-restart');
    let probes: { during: unknown; after: unknown } = { during: null, after: null };
    let readyz: string[] = [];
    const run = await runLevel({
      ...ctx.common([a]),
      concurrency: Math.min(ctx.turns, 100),
      rawShare: 0,
      rampMs: 3000,
      message: emergencyEvery,
      sendTo: () => a.url,
      subscribeTo: () => a.url,
      whenLive: async () => {
        const probe = await freshThread(a.url, ctx.common([a]).siteKey);
        const watched = await readyzTimeline(a.url, () =>
          ctx.postgres.restart(3000).then(async () => {
            probes.after = await sendWhenReady(a.url, probe);
          }),
        );
        readyz = watched.timeline;
        probes = { during: 'see readyz', after: probes.after };
      },
    });
    out.postgresRestart = { turns: run.turns.length, downMs: 3000, endings: endings(run), readyz, repeatedSendAfterRecovery: probes.after, messages: await messagesKept(ctx.postgres.url, run.turns) };
    console.log('faults: Postgres restart', JSON.stringify(out.postgresRestart));
    await ctx.stopService(a);
  }

  // 4. Redis restarted mid-load (two instances, subscribers on the other), 2 s down.
  {
    const env = { REDIS_URL: ctx.redis.url, TURN_ORPHAN_AFTER_MS: String(ORPHAN_AFTER_MS) };
    const a = await ctx.spawnService('redis-a', env);
    const b = await ctx.spawnService('redis-b', env);
    let readyz: string[] = [];
    const run = await runLevel({
      ...ctx.common([a, b]),
      concurrency: Math.min(ctx.turns, 100),
      rawShare: 0,
      rampMs: 3000,
      message: emergencyEvery,
      sendTo: (i) => (i % 2 ? b.url : a.url),
      subscribeTo: (i) => (i % 2 ? a.url : b.url),
      whenLive: async () => {
        readyz = (await readyzTimeline(a.url, () => ctx.redis.restart(2000))).timeline;
      },
    });
    out.redisRestart = { turns: run.turns.length, downMs: 2000, endings: endings(run), readyz, messages: await messagesKept(ctx.postgres.url, run.turns), replay: await replayExact(b.url, run.turns, 30) };
    console.log('faults: Redis restart', JSON.stringify(out.redisRestart));
    await ctx.stopService(b);
    await ctx.stopService(a);
  }

  // 5. A restart right after kill -9 with the embedded Postgres (DATA_DIR), against a normal start.
  {
    const dataEnv = { DATABASE_URL: '', DATA_DIR: `${ctx.work}/data-dir` };
    const first = await ctx.spawnService('embedded-first', dataEnv);
    await ctx.stopService(first);
    const normal = await ctx.spawnService('embedded-normal', dataEnv);
    await normal.kill('SIGKILL');
    const afterKill = await ctx.spawnService('embedded-after-kill', dataEnv);
    out.restartAfterKill = { normalStartMs: round(normal.startMs, 0), startAfterKillMs: round(afterKill.startMs, 0) };
    console.log('faults: restart after kill (embedded Postgres)', JSON.stringify(out.restartAfterKill));
    await ctx.stopService(afterKill);
  }
  return out;
}

/** Sends again (same clientMessageId) until the service takes it: how a client retries. */
async function freshThread(url: string, siteKey: string): Promise<{ threadId: string; token: string }> {
  const r = await gql(url, siteKey, 'mutation { startThread { thread { id } threadToken } }');
  return { threadId: r.data!.startThread.thread.id as string, token: r.data!.startThread.threadToken as string };
}

async function sendWhenReady(url: string, turn: { threadId: string; token: string }): Promise<unknown> {
  const started = performance.now();
  for (;;) {
    const r = await gql(url, turn.token, SEND, { input: { threadId: turn.threadId, text: 'probe after the restart', clientMessageId: 'probe-after-restart' } }).catch((e: unknown) => ({ errors: [{ message: String(e) }] }));
    const code = (r as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code;
    if (!code || code === 'THREAD_BUSY') return { code: code ?? 'accepted', afterMs: round(performance.now() - started, 0) };
    if (performance.now() - started > 30_000) return { code, gaveUpAfterMs: 30_000 };
    await new Promise((res) => setTimeout(res, 250)); // a client's retry interval
  }
}

export type { Followed };
