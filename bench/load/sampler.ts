import pg from 'pg';
import { cpuSeconds, machineSeconds } from './infra.js';
import { metric } from './stats.js';

/**
 * Samples the services while a level runs, once a second: event-loop delay p99 (prom-client's
 * histogram is reset at each scrape, so each sample covers the second before it), heap and RSS,
 * live turns, model queue depth; and the database connections in use (pg_stat_activity). Over
 * the whole level it counts the database's transactions (pg_stat_database: each statement outside a
 * transaction is one), the service's round trips to Postgres per turn.
 */
export interface Sample {
  at: number;
  service: string;
  loopP99Ms: number;
  heapMb: number;
  rssMb: number;
  running: number;
  queueDepth: number;
}

export interface DbSample {
  at: number;
  active: number;
  total: number;
}

export interface Target {
  name: string;
  url: string;
  pid: number;
}

export class Sampler {
  readonly samples: Sample[] = [];
  readonly db: DbSample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private pgClient: pg.Client | null = null;
  private cpuStart = new Map<string, number>();
  private startedAt = 0;
  private machineStart = { busy: 0, total: 0 };
  private transactionsStart = 0;
  private ownQueries = 0;

  /**
   * `neighbours`: the other processes on this machine whose CPU is reported beside the services'
   * (the model server, this load generator), to tell a slow service from a saturated machine.
   */
  constructor(
    private readonly targets: Target[],
    private readonly databaseUrl: string,
    private readonly neighbours: { name: string; pid: number }[] = [],
  ) {}

  async start(): Promise<void> {
    this.startedAt = performance.now();
    for (const t of [...this.targets, ...this.neighbours]) this.cpuStart.set(t.name, await cpuSeconds(t.pid));
    this.machineStart = await machineSeconds();
    await Promise.all(this.targets.map((t) => this.scrape(t))); // resets the event-loop histogram
    this.samples.length = 0;
    this.pgClient = new pg.Client({ connectionString: this.databaseUrl });
    this.pgClient.on('error', () => undefined); // Postgres restarts are part of some scenarios
    await this.pgClient.connect().catch(() => (this.pgClient = null));
    this.transactionsStart = (await this.transactions()) ?? 0;
    this.timer = setInterval(() => void this.tick(), 1000);
  }

  /**
   * Stops sampling; returns CPU cores used per service over the level, and beside them the
   * neighbours' and the whole machine's (busy cores of all, and how many it has).
   */
  async stop(): Promise<{ cores: Record<string, number>; machine: Record<string, number>; dbTransactions: number | null }> {
    if (this.timer) clearInterval(this.timer);
    const end = await this.transactions();
    // Our own samples (and the reads of the counter) are transactions too.
    const dbTransactions = end === null ? null : end - this.transactionsStart - this.ownQueries;
    await this.pgClient?.end().catch(() => undefined);
    const wall = (performance.now() - this.startedAt) / 1000;
    const used = async (t: { name: string; pid: number }) => ((await cpuSeconds(t.pid)) - (this.cpuStart.get(t.name) ?? 0)) / wall;
    const cores: Record<string, number> = {};
    for (const t of this.targets) cores[t.name] = await used(t);
    const machine: Record<string, number> = {};
    for (const t of this.neighbours) machine[t.name] = await used(t);
    const now = await machineSeconds();
    const total = now.total - this.machineStart.total;
    const cpus = total / wall;
    machine.busy = total > 0 ? ((now.busy - this.machineStart.busy) / total) * cpus : 0;
    machine.cpus = cpus;
    return { cores, machine, dbTransactions };
  }

  /**
   * Committed and rolled-back transactions of this database so far. Backends publish their counts
   * at most once a second (an idle one within 10 s), so a level's count can miss its last seconds'
   * and include the previous level's: a figure per turn, not an exact count.
   */
  private async transactions(): Promise<number | null> {
    if (!this.pgClient) return null;
    try {
      this.ownQueries++;
      const { rows } = await this.pgClient.query<{ n: string }>(
        `SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()`,
      );
      return Number(rows[0]!.n);
    } catch {
      return null; // Postgres restarting
    }
  }

  /** Heap used (MB) right after a full collection in each service: what live turns hold. */
  async liveHeapMb(): Promise<{ heapMb: number; running: number }> {
    let heapMb = 0;
    let running = 0;
    for (const t of this.targets) {
      try {
        process.kill(t.pid, 'SIGUSR2');
      } catch {
        continue; // gone (a fault scenario)
      }
      await new Promise((r) => setTimeout(r, 300)); // the collection runs on the service's own loop
      const text = await (await fetch(`${t.url}/metrics`)).text().catch(() => '');
      heapMb += (metric(text, 'triage_nodejs_heap_size_used_bytes') ?? 0) / 2 ** 20;
      running += metric(text, 'triage_turns_running') ?? 0;
    }
    return { heapMb, running };
  }

  private async tick(): Promise<void> {
    await Promise.all([...this.targets.map((t) => this.scrape(t)), this.sampleDb()]);
  }

  private async scrape(t: Target): Promise<void> {
    try {
      const text = await (await fetch(`${t.url}/metrics`)).text();
      this.samples.push({
        at: performance.now(),
        service: t.name,
        loopP99Ms: (metric(text, 'triage_nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000,
        heapMb: (metric(text, 'triage_nodejs_heap_size_used_bytes') ?? 0) / 2 ** 20,
        rssMb: (metric(text, 'triage_process_resident_memory_bytes') ?? 0) / 2 ** 20,
        running: metric(text, 'triage_turns_running') ?? 0,
        queueDepth: [...text.matchAll(/^triage_model_queue_depth\{[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0),
      });
    } catch {
      // a service being killed or restarted: no sample
    }
  }

  private async sampleDb(): Promise<void> {
    if (!this.pgClient) return;
    try {
      this.ownQueries++;
      const { rows } = await this.pgClient.query<{ active: string; total: string }>(
        `SELECT count(*) FILTER (WHERE state <> 'idle') AS active, count(*) AS total FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      this.db.push({ at: performance.now(), active: Number(rows[0]!.active), total: Number(rows[0]!.total) });
    } catch {
      // Postgres restarting
    }
  }
}
