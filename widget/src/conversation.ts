import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  ApiError,
  TriageApi,
  backoffDelay,
  type HistoryMessage,
  type LiveTurnSnapshot,
  type ThreadSnapshot,
  type TurnSnapshot,
  type VisitorIdentity,
  type VisitorThreadSummary,
} from './api.js';
import type { Strings } from './i18n.js';
import { markdownToText } from './markdown.js';
import {
  loadConsent,
  loadLiveTurn,
  loadThread,
  saveConsent,
  saveLiveTurn,
  saveThread,
  storageKey,
  type StoredThread,
} from './storage.js';
import type { Advice, ChatEntry, ConnectionState, FeedbackRating, TriageEventMap, TurnEvent, TurnView, VisitorSummary } from './types.js';
import { demographicsValue, validateDemographics, type DemographicsDraft, type DemographicsErrors } from './validation.js';

/** What the element hosting the conversation provides besides re-rendering. */
export interface ConversationHost extends ReactiveControllerHost {
  emit<K extends keyof TriageEventMap>(name: K, detail: TriageEventMap[K]): void;
  /** Say something once through a live region (assertive for emergency advice). */
  announce(text: string, assertive?: boolean): void;
  readonly strings: Strings;
}

export interface Notice {
  tone: 'info' | 'error';
  text: string;
  /** Offer a button that re-runs the failed step. */
  action?: 'reload';
}

const uuid = (): string => {
  // randomUUID needs a secure context; widgets are sometimes tried on plain-http LAN pages.
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
};

const nowIso = (): string => new Date().toISOString();

/** Codes after which a stored thread is useless and a fresh one should start. */
const GONE = new Set(['UNAUTHENTICATED', 'NOT_FOUND']);

const LEVEL_RANK = { URGENT: 1, EMERGENCY: 2 } as const;

/** Advice only ever rises: a later, lower level never replaces a higher one. */
export function higherAdvice(current: Advice | undefined, next: Advice | null | undefined): Advice | undefined {
  if (!next) return current;
  if (!current || LEVEL_RANK[next.level] >= LEVEL_RANK[current.level]) return next;
  return current;
}

function emptyTurn(id: string, at: string): TurnView {
  return { id, status: 'running', reasoning: '', answer: '', sources: [], lastSeq: 0, at };
}

/** A turn read through a query (history, or after its stream ended early) as the view shows it. */
function turnFromSnapshot(t: TurnSnapshot, answer: string, at: string): TurnView {
  const failed = t.status === 'FAILED' || t.status === 'CANCELLED';
  return {
    id: t.id,
    status: t.status === 'RUNNING' ? 'running' : failed ? 'failed' : 'completed',
    engine: t.engine ?? undefined,
    reasoning: t.reasoning ?? '',
    answer,
    sources: t.sources ?? [],
    advice: t.advice ?? undefined,
    failure: failed
      ? {
          code: t.error?.code ?? (t.status === 'CANCELLED' ? 'CANCELLED' : 'INTERRUPTED'),
          message: t.error?.message ?? '',
          retryable: t.error?.retryable ?? true,
        }
      : undefined,
    lastSeq: 0,
    at,
  };
}

/**
 * The conversation as state: history, the running turn, connection and notices. It owns every
 * call to the server; the elements only render it and forward user intent. Async work captures
 * `generation` and drops its result if the conversation was reset or reconfigured meanwhile.
 *
 * Never stuck: a live turn is followed until it has ended, whatever happens to the link. The
 * socket retries forever with capped backoff; when a stream ends without a terminal event (a
 * service restart can end a turn without replaying one) the turn's state is read with a query,
 * and a still-running turn is followed again from the last seq rendered.
 */
export class Conversation implements ReactiveController {
  entries: ChatEntry[] = [];
  draft: DemographicsDraft = { ageText: '', sex: null, pregnant: null, notes: '' };
  connection: ConnectionState = 'idle';
  online = typeof navigator === 'undefined' ? true : navigator.onLine;
  loading = false;
  sending = false;
  notice: Notice | null = null;
  /** Set when the widget cannot work here (missing attributes, refused origin or key). */
  configError: string | null = null;
  consented = false;
  /** A signed-in visitor's conversations (newest first); empty for anonymous visitors. */
  myThreads: VisitorThreadSummary[] = [];

  private api: TriageApi | undefined;
  /** The site's proof of its signed-in visitor, as the attributes give it; null: anonymous. */
  private identity: VisitorIdentity | null = null;
  /** The session the proof opened: the credential for every call about this user's threads. */
  private visitorToken: string | null = null;
  private siteKey = '';
  private endpoint = '';
  private key = '';
  private thread: StoredThread | null = null;
  private following: { turnId: string; unsubscribe: () => void } | undefined;
  private generation = 0;
  /** Bumped only when the endpoint or key change (a load bumps `generation`, not this). */
  private configGeneration = 0;
  private draftTouched = false;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  /** Consecutive failed attempts to reach the service for the live turn (drives the backoff). */
  private attempts = 0;

  constructor(private readonly host: ConversationHost) {
    host.addController(this);
  }

  private get t(): Strings {
    return this.host.strings;
  }

  get running(): boolean {
    return this.entries.some((e) => e.kind === 'assistant' && e.turn.status === 'running');
  }

  get demographicsErrors(): DemographicsErrors {
    return validateDemographics(this.draft);
  }

  /** True while the user may not send: one turn at a time per thread, as the server enforces. */
  get busy(): boolean {
    return this.sending || this.loading || this.running || !this.api || !!this.configError;
  }

  get threadId(): string | null {
    return this.thread?.threadId ?? null;
  }

  get hasConversation(): boolean {
    return !!this.thread || this.entries.length > 0;
  }

  /** Signed in: conversations are kept with the user's account (a new one does not delete this one). */
  get signedIn(): boolean {
    return this.identity !== null;
  }

  hostConnected(): void {
    window.addEventListener('online', this.onOnline);
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('storage', this.onStorage);
    this.online = navigator.onLine;
    if (this.api) void this.load();
  }

  hostDisconnected(): void {
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('storage', this.onStorage);
    this.generation++;
    this.stopFollowing();
    this.clearTimers();
    this.api?.dispose();
  }

  /** Called by the host whenever its endpoint / site-key / user attributes settle. */
  configure(endpoint: string, siteKey: string, identity: VisitorIdentity | null = null): void {
    const sameIdentity = JSON.stringify(identity) === JSON.stringify(this.identity);
    if (endpoint === this.endpoint && siteKey === this.siteKey && sameIdentity && (this.api || this.configError)) return;
    this.endpoint = endpoint;
    this.siteKey = siteKey;
    this.identity = identity;
    this.visitorToken = null;
    this.myThreads = [];
    this.generation++;
    this.stopFollowing();
    this.clearTimers();
    this.api?.dispose();
    this.api = undefined;
    this.configError = null;
    this.sending = false;
    if (!endpoint || !siteKey) {
      this.configError = this.t.missingConfig;
      console.error('[triage-chat] Set both attributes: <triage-chat endpoint="https://HOST/graphql" site-key="pk_...">.');
      this.host.requestUpdate();
      return;
    }
    try {
      this.api = new TriageApi(endpoint, (s) => this.onSocket(s));
    } catch {
      this.configError = this.t.badEndpoint;
      console.error(`[triage-chat] endpoint="${endpoint}" is not a valid URL; use the service's GraphQL URL, e.g. https://HOST/graphql.`);
      this.host.requestUpdate();
      return;
    }
    // A signed-in user's current thread is kept apart from the anonymous one (and from other users').
    this.key = storageKey(this.api.httpUrl, siteKey) + (identity ? `:user:${identity.userId ?? ''}` : '');
    this.consented = loadConsent(this.key);
    void this.check(++this.configGeneration);
    void this.load();
  }

  // ---- set-up checks ----

  /**
   * Asks the service, at load, whether this key works from this page. A refused Origin or key is
   * shown at once (and the fix printed for the site owner), not after the visitor's first message.
   */
  private async check(gen: number, attempt = 0): Promise<void> {
    const api = this.api;
    if (!api) return;
    try {
      await api.check(this.siteKey);
    } catch (err) {
      if (gen !== this.configGeneration) return;
      const code = err instanceof ApiError ? err.code : 'NETWORK';
      if (code === 'FORBIDDEN') {
        this.configError = this.t.originRefused;
        console.error(
          `[triage-chat] The service refused this page's origin (${location.origin}) for site key ${this.siteKey.slice(0, 10)}…: ${(err as Error).message}\n` +
            `Fix: add ${location.origin} to the site's allowed origins. The service's operator runs:\n` +
            `  npm run admin -- site:origins --site <SITE_ID> --origin ${location.origin} --origin <each origin already allowed>\n` +
            '(site:list shows the site id and its current origins; the list given replaces the old one).',
        );
      } else if (code === 'UNAUTHENTICATED') {
        this.configError = this.t.keyRefused;
        console.error(
          `[triage-chat] The service does not accept site-key "${this.siteKey.slice(0, 10)}…": ${(err as Error).message}\n` +
            'Fix: use the publishable key (pk_...) printed by `npm run admin -- site:create`, or create one with ' +
            '`npm run admin -- key:create --site <SITE_ID> --kind publishable`.',
        );
      } else if (code === 'NETWORK') {
        // The service is unreachable right now: check again later, quietly.
        this.later(() => gen === this.configGeneration && void this.check(gen, attempt + 1), backoffDelay(attempt + 1));
        return;
      } else {
        console.warn(`[triage-chat] The set-up check failed (${code}): ${(err as Error).message}`);
        return;
      }
      this.stopFollowing();
      this.host.requestUpdate();
    }
  }

  acceptConsent(): void {
    this.consented = true;
    saveConsent(this.key);
    this.host.requestUpdate();
  }

  // ---- loading ----

  /** Shows the stored thread (if any) from the server, and re-attaches to its running turn. */
  async load(attempt = 0): Promise<void> {
    const api = this.api;
    if (!api) return;
    const gen = ++this.generation;
    this.stopFollowing();
    this.notice = null;
    // A send still in flight belongs to the previous generation; its result will be dropped.
    this.sending = false;
    if (this.identity && !this.visitorToken) {
      this.loading = true;
      this.host.requestUpdate();
      if (!(await this.signIn(api, gen))) return;
    }
    this.thread = loadThread(this.key);
    // The stored thread is opened with this page load's session, not the one it was stored with.
    if (this.thread && this.visitorToken) this.thread = { ...this.thread, token: this.visitorToken };
    if (this.visitorToken) void this.refreshMyThreads(gen);
    if (!this.thread) {
      this.entries = [];
      this.loading = false;
      this.host.requestUpdate();
      return;
    }
    this.loading = true;
    this.host.requestUpdate();
    try {
      const snapshot = await api.thread(this.thread.token, this.thread.threadId);
      if (gen !== this.generation) return;
      if (snapshot) this.applySnapshot(snapshot);
      else this.forgetThread();
    } catch (err) {
      if (gen !== this.generation) return;
      if (err instanceof ApiError && err.code === 'UNAUTHENTICATED' && this.visitorToken && attempt === 0) {
        // The session ended (expired, or the site rotated its secret): prove the visitor again, once.
        this.visitorToken = null;
        this.later(() => gen === this.generation && void this.load(1), 0);
        return;
      }
      if (err instanceof ApiError && GONE.has(err.code)) this.forgetThread();
      else if (err instanceof ApiError && err.code === 'FORBIDDEN') this.configError = this.t.originRefused;
      else {
        this.notice = { tone: 'error', text: this.t.loadFailed, action: 'reload' };
        // The service may be restarting: try again by itself too.
        if (!(err instanceof ApiError) || err.code === 'NETWORK') {
          this.later(() => gen === this.generation && void this.load(attempt + 1), backoffDelay(attempt + 1));
        }
      }
    } finally {
      if (gen === this.generation) {
        this.loading = false;
        this.host.requestUpdate();
      }
    }
  }

  /**
   * Trades the site's proof for a session. A refused proof is the site's problem, not the
   * visitor's: the widget says so, tells the page (triage-identity-failed) and goes on anonymously.
   * False when this load was superseded or must wait for the service.
   */
  private async signIn(api: TriageApi, gen: number): Promise<boolean> {
    const identity = this.identity;
    if (!identity) return true;
    try {
      const token = await api.signIn(this.siteKey, identity);
      if (gen !== this.generation) return false;
      this.visitorToken = token;
      return true;
    } catch (err) {
      if (gen !== this.generation) return false;
      const code = err instanceof ApiError ? err.code : 'NETWORK';
      if (code === 'NETWORK') {
        this.notice = { tone: 'error', text: this.t.loadFailed, action: 'reload' };
        this.loading = false;
        this.host.requestUpdate();
        return false;
      }
      console.warn(`[triage-chat] The service refused the visitor's sign-in (${code}): ${(err as Error).message}`);
      this.host.emit('triage-identity-failed', { code, message: (err as Error).message });
      this.identity = null;
      this.key = storageKey(api.httpUrl, this.siteKey);
      this.consented = loadConsent(this.key);
      this.notice = { tone: 'info', text: this.t.signInFailed };
      return true;
    }
  }

  /** Reads the signed-in visitor's list of conversations (quietly: the chat works without it). */
  async refreshMyThreads(gen = this.generation): Promise<void> {
    const api = this.api;
    const token = this.visitorToken;
    if (!api || !token) return;
    try {
      const threads = await api.myThreads(token);
      if (gen !== this.generation || token !== this.visitorToken) return;
      this.myThreads = threads;
      this.host.requestUpdate();
    } catch (err) {
      console.warn('[triage-chat] could not list earlier conversations:', err);
    }
  }

  /** Opens one of a signed-in visitor's earlier conversations (from any device). */
  openThread(threadId: string): void {
    if (!this.visitorToken || this.running || this.sending) return;
    saveThread(this.key, { threadId, token: this.visitorToken });
    saveLiveTurn(this.key, null);
    void this.load();
  }

  private forgetThread(): void {
    this.thread = null;
    saveThread(this.key, null);
    saveLiveTurn(this.key, null);
    this.entries = [];
    this.notice = { tone: 'info', text: this.t.threadGone };
  }

  private applySnapshot(snapshot: ThreadSnapshot): void {
    const answered = new Set(snapshot.messages.filter((m) => m.role === 'ASSISTANT' && m.turn).map((m) => m.turn!.id));
    const entries: ChatEntry[] = [];
    const active = snapshot.activeTurn;
    for (const m of snapshot.messages) {
      if (m.role === 'ASSISTANT') {
        entries.push(this.assistantFromHistory(m));
        continue;
      }
      entries.push({ kind: 'user', key: m.id, text: m.text, pending: false, at: m.createdAt });
      const t = m.turn;
      // A turn that ended without an answer while nobody watched (failure, restart, cancel).
      if (t && t.status !== 'RUNNING' && t.status !== 'COMPLETED' && !answered.has(t.id) && t.id !== active?.id) {
        entries.push({ kind: 'assistant', key: t.id, turn: turnFromSnapshot(t, '', t.endedAt ?? m.createdAt) });
      }
    }
    if (active) {
      // Running: continue from what this tab had rendered before a reload, or from the start.
      const restored = loadLiveTurn(this.key, snapshot.id, active.id);
      entries.push({ kind: 'assistant', key: active.id, turn: restored ?? emptyTurn(active.id, active.startedAt) });
    } else {
      saveLiveTurn(this.key, null);
    }
    this.entries = entries;
    const d = snapshot.demographics;
    if (d && !this.draftTouched) {
      this.draft = { ageText: d.age != null ? String(d.age) : '', sex: d.sex ?? null, pregnant: d.pregnant ?? null, notes: d.notes ?? '' };
    }
    if (active) this.followTurn(active.id);
  }

  private assistantFromHistory(m: HistoryMessage): ChatEntry {
    const t = m.turn;
    if (!t) return { kind: 'assistant', key: m.id, turn: { ...emptyTurn(m.id, m.createdAt), status: 'completed', answer: m.text } };
    // A failed turn that gave advice stores the advice as its message: the card shows it.
    const answer = t.status === 'COMPLETED' ? m.text : '';
    return { kind: 'assistant', key: t.id, turn: turnFromSnapshot(t, answer, m.createdAt) };
  }

  // ---- demographics ----

  setDraft(draft: DemographicsDraft): void {
    this.draft = draft;
    this.draftTouched = true;
    this.host.requestUpdate();
  }

  /** Null when the visitor never touched the form; otherwise every field, so a cleared field clears. */
  private demographicsInput() {
    return this.draftTouched ? demographicsValue(this.draft) : null;
  }

  // ---- sending ----

  /** Sends a message; resolves false when it was not accepted (the caller gives the text back). */
  async send(raw: string): Promise<boolean> {
    const text = raw.trim();
    const api = this.api;
    if (!text || !api || this.busy || !this.consented) return false;
    if (Object.keys(this.demographicsErrors).length) {
      this.notice = { tone: 'error', text: this.t.fixDetails };
      this.host.requestUpdate();
      return false;
    }
    const gen = this.generation;
    const clientMessageId = uuid();
    this.sending = true;
    this.notice = null;
    this.entries = [...this.entries, { kind: 'user', key: clientMessageId, text, pending: true, at: nowIso() }];
    this.host.requestUpdate();
    try {
      const sent = await this.sendOnThread(api, text, clientMessageId, gen);
      if (gen !== this.generation) return true;
      this.entries = [
        ...this.entries.map((e): ChatEntry =>
          e.key === clientMessageId && e.kind === 'user' ? { ...e, pending: false, at: sent.createdAt } : e,
        ),
        { kind: 'assistant', key: sent.turnId, turn: emptyTurn(sent.turnId, sent.startedAt) },
      ];
      this.followTurn(sent.turnId);
      return true;
    } catch (err) {
      if (gen !== this.generation) return false;
      this.entries = this.entries.filter((e) => e.key !== clientMessageId);
      this.notice = { tone: 'error', text: this.describe(err) };
      if (err instanceof ApiError && err.code === 'THREAD_BUSY') {
        // Another tab holds the thread: show its running turn instead of a dead end.
        this.sending = false;
        void this.load().then(() => {
          this.notice = { tone: 'info', text: this.describe(err) };
          this.host.requestUpdate();
        });
      }
      return false;
    } finally {
      if (gen === this.generation) {
        this.sending = false;
        this.host.requestUpdate();
      }
    }
  }

  describe(err: unknown): string {
    const code = err instanceof ApiError ? err.code : 'NETWORK';
    switch (code) {
      case 'NETWORK':
        return this.t.errNetwork;
      case 'THREAD_BUSY':
        return this.t.errBusy;
      case 'FORBIDDEN':
        return this.t.originRefused;
      case 'UNAUTHENTICATED':
        return this.t.keyRefused;
      case 'RATE_LIMITED':
        return this.t.errRateLimited;
      case 'BAD_USER_INPUT':
        return `${this.t.errBadInput} ${(err as ApiError).message}`;
      default:
        return this.t.errGeneric;
    }
  }

  private async sendOnThread(api: TriageApi, text: string, clientMessageId: string, gen: number) {
    const demographics = this.demographicsInput();
    const fresh = !this.thread;
    const thread = this.thread ?? (await this.startThread(api, gen));
    try {
      return await this.sendIdempotent(api, thread, text, clientMessageId, demographics);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'UNAUTHENTICATED' && this.visitorToken) {
        // The session ended (8 hours, or the site rotated its secret): prove the visitor again, once.
        this.visitorToken = null;
        if (!(await this.signIn(api, gen)) || !this.visitorToken) throw err;
        const renewed = { threadId: thread.threadId, token: this.visitorToken };
        this.thread = renewed;
        saveThread(this.key, renewed);
        return await this.sendIdempotent(api, renewed, text, clientMessageId, demographics);
      }
      // The stored thread expired or was deleted server-side; the visitor just wants an answer.
      if (fresh || !(err instanceof ApiError && GONE.has(err.code))) throw err;
      this.thread = null;
      const next = await this.startThread(api, gen);
      return await this.sendIdempotent(api, next, text, clientMessageId, demographics);
    }
  }

  private async startThread(api: TriageApi, gen: number): Promise<StoredThread> {
    // Demographics go with the message (sendMessage replaces the thread's), not twice.
    const visitorToken = this.visitorToken;
    const created = await api.startThread(visitorToken ?? this.siteKey, null);
    // "New conversation" (or a reconfiguration) happened meanwhile: do not resurrect this thread.
    if (gen !== this.generation) throw new ApiError('SUPERSEDED', 'The conversation was reset.');
    // Signed in, every call about the thread uses the session, so it opens on other devices alike.
    const started = visitorToken ? { threadId: created.threadId, token: visitorToken } : created;
    this.thread = started;
    saveThread(this.key, started);
    this.host.emit('triage-thread-started', { threadId: started.threadId });
    if (visitorToken) void this.refreshMyThreads(gen);
    return started;
  }

  /**
   * A network failure leaves us not knowing whether the server got the message. Resending with the
   * same clientMessageId is safe (the server deduplicates on it), so retry those a few times.
   */
  private async sendIdempotent(
    api: TriageApi,
    thread: StoredThread,
    text: string,
    clientMessageId: string,
    demographics: ReturnType<Conversation['demographicsInput']>,
  ) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await api.sendMessage(thread.token, { threadId: thread.threadId, text, clientMessageId, demographics });
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'NETWORK') || attempt >= 2) throw err;
        await new Promise((r) => setTimeout(r, backoffDelay(attempt + 1)));
      }
    }
  }

  /**
   * Retry after a failed or stopped turn: a new turn for the same stored message, in place of the
   * failed one (no second bubble, no second copy of the message on the server).
   */
  async retry(turnId: string): Promise<void> {
    const api = this.api;
    const thread = this.thread;
    if (!api || !thread || this.busy) return;
    const gen = this.generation;
    this.sending = true;
    this.notice = null;
    this.host.requestUpdate();
    try {
      const started = await api.retryTurn(thread.token, turnId);
      if (gen !== this.generation) return;
      const failed = this.findTurn(turnId);
      // Advice already given stays on screen (its card); otherwise the failed entry gives way.
      this.entries = [
        ...this.entries.filter((e) => !(e.kind === 'assistant' && e.turn.id === turnId && !failed?.advice)),
        { kind: 'assistant', key: started.turnId, turn: emptyTurn(started.turnId, started.startedAt) },
      ];
      this.followTurn(started.turnId);
    } catch (err) {
      if (gen !== this.generation) return;
      this.notice = { tone: 'error', text: this.describe(err) };
    } finally {
      if (gen === this.generation) {
        this.sending = false;
        this.host.requestUpdate();
      }
    }
  }

  async cancel(): Promise<void> {
    const turn = this.runningTurn();
    if (!turn || !this.api || !this.thread) return;
    try {
      await this.api.cancelTurn(this.thread.token, turn.id);
      // The stream delivers the turn's TurnFailed; if it is not flowing, read the outcome.
      if (this.connection !== 'connected') void this.settle(turn.id, this.generation);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'TURN_NOT_RUNNING') {
        void this.settle(turn.id, this.generation);
        return;
      }
      this.notice = { tone: 'error', text: this.describe(err) };
      this.host.requestUpdate();
    }
  }

  /** The conversation's summary for a GP, pharmacist or 111 (null: nothing to summarise yet). Throws ApiError. */
  async summary(): Promise<VisitorSummary | null> {
    const api = this.api;
    const thread = this.thread;
    if (!api || !thread) return null;
    return api.summary(thread.token, thread.threadId);
  }

  async sendFeedback(turnId: string, rating: FeedbackRating, comment: string): Promise<boolean> {
    const api = this.api;
    const thread = this.thread;
    if (!api || !thread) return false;
    try {
      await api.submitFeedback(thread.token, turnId, rating, comment.trim() || null);
      this.patchTurn(turnId, { feedback: rating });
      return true;
    } catch (err) {
      console.warn('[triage-chat] feedback not stored:', err);
      return false;
    }
  }

  /**
   * Forgets this conversation here and deletes it on the server (its token stops working). Used
   * by both "New conversation" and "Delete conversation", after the visitor confirmed.
   */
  async deleteConversation(): Promise<boolean> {
    const old = this.thread;
    const api = this.api;
    this.generation++;
    this.stopFollowing();
    this.clearTimers();
    let deleted = true;
    if (old && api) {
      try {
        await api.deleteThread(old.token, old.threadId);
      } catch (err) {
        // Already gone is what we wanted; anything else: keep it, so the visitor can try again.
        deleted = err instanceof ApiError && GONE.has(err.code);
        if (!deleted) {
          this.notice = { tone: 'error', text: this.t.deleteFailed };
          void this.load();
          return false;
        }
      }
    }
    this.thread = null;
    saveThread(this.key, null);
    saveLiveTurn(this.key, null);
    this.entries = [];
    this.notice = null;
    this.sending = false;
    this.loading = false;
    this.connection = 'idle';
    // Someone else may use this browser next: their details start blank too.
    this.draft = { ageText: '', sex: null, pregnant: null, notes: '' };
    this.draftTouched = false;
    this.host.emit('triage-thread-cleared', { threadId: old?.threadId ?? null });
    void this.refreshMyThreads(); // signed in: the deleted one leaves the list
    this.host.requestUpdate();
    return deleted;
  }

  /**
   * A signed-in visitor's "New conversation": this one stays in their list (nothing is deleted);
   * the widget shows the list and an empty conversation.
   */
  leaveConversation(): void {
    const old = this.thread;
    this.generation++;
    this.stopFollowing();
    this.clearTimers();
    this.thread = null;
    saveThread(this.key, null);
    saveLiveTurn(this.key, null);
    this.entries = [];
    this.notice = null;
    this.sending = false;
    this.loading = false;
    this.connection = 'idle';
    this.host.emit('triage-thread-cleared', { threadId: old?.threadId ?? null });
    void this.refreshMyThreads();
    this.host.requestUpdate();
  }

  /** "Try now" while reconnecting, and the browser coming back online: reconnect at once. */
  reconnect(): void {
    const turn = this.runningTurn();
    this.attempts = 0;
    this.api?.resetSocket();
    if (turn) {
      this.followTurn(turn.id);
      this.connection = 'reconnecting';
    }
    if (this.notice?.action === 'reload') void this.load();
    this.host.requestUpdate();
  }

  // ---- following a turn ----

  private runningTurn(): TurnView | undefined {
    for (const e of this.entries) if (e.kind === 'assistant' && e.turn.status === 'running') return e.turn;
    return undefined;
  }

  private findTurn(id: string): TurnView | undefined {
    for (const e of this.entries) if (e.kind === 'assistant' && e.turn.id === id) return e.turn;
    return undefined;
  }

  /** Entries are replaced, never mutated, so Lit sees a new `entry` and re-renders that message. */
  private patchTurn(id: string, patch: Partial<TurnView>): void {
    this.entries = this.entries.map((e) =>
      e.kind === 'assistant' && e.turn.id === id ? { ...e, turn: { ...e.turn, ...patch } } : e,
    );
    const turn = this.findTurn(id);
    if (turn && this.thread) saveLiveTurn(this.key, turn.status === 'running' ? { threadId: this.thread.threadId, turn } : null);
    this.host.requestUpdate();
  }

  private followTurn(turnId: string): void {
    this.stopFollowing();
    const api = this.api;
    const thread = this.thread;
    if (!api || !thread) return;
    const gen = this.generation;
    const live = (): boolean => gen === this.generation && this.following?.turnId === turnId;
    if (this.connection === 'idle') this.connection = 'connecting';
    const unsubscribe = api.subscribeTurn(thread.token, turnId, () => this.findTurn(turnId)?.lastSeq ?? 0, {
      next: (ev) => {
        if (!live()) return;
        this.attempts = 0;
        this.apply(turnId, ev);
      },
      // A refused subscription (turn gone, token revoked) or a fatal close: the turn's own state decides.
      error: () => {
        if (!live()) return;
        this.following = undefined;
        void this.settle(turnId, gen);
      },
      complete: () => {
        if (!live()) return;
        this.following = undefined;
        if (this.findTurn(turnId)?.status === 'running') void this.settle(turnId, gen);
        else this.connection = 'idle';
        this.host.requestUpdate();
      },
    });
    this.following = { turnId, unsubscribe };
    this.host.requestUpdate();
  }

  private stopFollowing(): void {
    const f = this.following;
    this.following = undefined;
    f?.unsubscribe();
    this.connection = 'idle';
  }

  /**
   * The stream ended before the turn did: read the turn. Ended → show how; still running → follow
   * it again from the last seq rendered; unreachable service → keep trying with backoff.
   */
  private async settle(turnId: string, gen: number): Promise<void> {
    const api = this.api;
    const thread = this.thread;
    if (!api || !thread || gen !== this.generation) return;
    let snapshot: LiveTurnSnapshot;
    try {
      snapshot = await api.turn(thread.token, turnId);
    } catch (err) {
      if (gen !== this.generation) return;
      if (err instanceof ApiError && err.code !== 'NETWORK' && err.code !== 'SERVICE_UNAVAILABLE' && err.code !== 'RATE_LIMITED') {
        // The turn (or its thread) is gone, or this page may no longer read it.
        if (GONE.has(err.code)) void this.load();
        else this.finish(turnId, { status: 'failed', failure: { code: err.code, message: this.describe(err), retryable: false } });
        return;
      }
      this.connection = 'reconnecting';
      this.host.requestUpdate();
      this.later(() => void this.settle(turnId, gen), backoffDelay(++this.attempts));
      return;
    }
    if (gen !== this.generation) return;
    const turn = this.findTurn(turnId);
    if (!turn || turn.status !== 'running') return;
    if (snapshot.status === 'RUNNING') {
      this.later(() => gen === this.generation && this.findTurn(turnId)?.status === 'running' && this.followTurn(turnId), backoffDelay(++this.attempts));
      this.connection = 'reconnecting';
      this.host.requestUpdate();
      return;
    }
    const ended = turnFromSnapshot(snapshot, snapshot.status === 'COMPLETED' ? (snapshot.answer ?? turn.answer) : turn.answer, snapshot.endedAt ?? nowIso());
    this.finish(turnId, {
      status: ended.status,
      reasoning: ended.reasoning || turn.reasoning,
      answer: ended.answer,
      sources: ended.sources.length ? ended.sources : turn.sources,
      advice: higherAdvice(turn.advice, ended.advice),
      failure: ended.failure,
      at: ended.at,
    });
  }

  private finish(turnId: string, patch: Partial<TurnView>): void {
    this.attempts = 0;
    this.connection = 'idle';
    this.patchTurn(turnId, patch);
    const turn = this.findTurn(turnId);
    if (!turn) return;
    if (turn.status === 'completed') {
      this.host.announce(markdownToText(turn.answer) || this.t.answerComplete);
    } else if (turn.failure) {
      const message = turn.failure.code === 'CANCELLED' ? this.t.stopped : `${this.t.failed} ${turn.failure.message}`;
      this.host.announce(message);
      this.host.emit('triage-turn-failed', { threadId: this.threadId ?? '', turnId, ...turn.failure });
    }
  }

  private apply(turnId: string, ev: TurnEvent): void {
    const turn = this.findTurn(turnId);
    // Replays after a reconnect overlap what was already rendered: seq makes that harmless.
    if (!turn || ev.turnId !== turnId || ev.seq <= turn.lastSeq || turn.status !== 'running') return;
    if (ev.seq > turn.lastSeq + 1) {
      // seq is gap-free by contract, so a gap means lost events: ask again from what we have.
      this.followTurn(turnId);
      return;
    }
    if (this.connection !== 'connected') this.connection = 'connected';
    const lastSeq = ev.seq;
    switch (ev.__typename) {
      case 'TurnStarted':
        this.patchTurn(turnId, { lastSeq, engine: ev.engine });
        return;
      case 'StatusChunk':
        this.patchTurn(turnId, { lastSeq, stage: ev.stage, stageMessage: ev.statusMessage ?? undefined });
        return;
      case 'ReasoningChunk':
        this.patchTurn(turnId, { lastSeq, reasoning: turn.reasoning + ev.reasoningDelta });
        return;
      case 'AnswerChunk':
        this.patchTurn(turnId, { lastSeq, answer: turn.answer + ev.answerDelta });
        return;
      case 'SourcesChunk':
        this.patchTurn(turnId, { lastSeq, sources: ev.sources });
        return;
      case 'AdviceChunk': {
        const advice = higherAdvice(turn.advice, ev.advice);
        this.patchTurn(turnId, { lastSeq, advice });
        // The first thing a visitor in an emergency must hear, at once.
        if (advice === ev.advice) this.host.announce(`${ev.advice.title}. ${ev.advice.text}`, true);
        return;
      }
      case 'TurnCompleted': {
        // The stored message is authoritative (a safety rewrite may differ from what streamed).
        const answer = ev.assistantMessage?.text || turn.answer;
        this.finish(turnId, { lastSeq, status: 'completed', answer, at: ev.assistantMessage?.createdAt ?? nowIso() });
        this.host.emit('triage-turn-completed', { threadId: this.threadId ?? '', turnId, route: ev.route });
        return;
      }
      case 'TurnFailed': {
        const advice = higherAdvice(turn.advice, ev.failureAdvice);
        if (advice && advice !== turn.advice) this.host.announce(`${advice.title}. ${advice.text}`, true);
        this.finish(turnId, {
          lastSeq,
          status: 'failed',
          advice,
          failure: { code: ev.code, message: ev.failureMessage, retryable: ev.retryable },
          at: nowIso(),
        });
        return;
      }
      default:
        this.patchTurn(turnId, { lastSeq });
    }
  }

  private onSocket(state: 'connecting' | 'connected' | 'closed'): void {
    if (!this.following) return;
    if (state === 'connected') {
      this.connection = 'connected';
      this.attempts = 0;
    } else if (state === 'closed' || this.connection === 'reconnecting' || this.connection === 'connected') {
      this.connection = 'reconnecting';
    } else {
      this.connection = 'connecting';
    }
    this.host.requestUpdate();
  }

  private later(fn: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private readonly onOnline = (): void => {
    this.online = true;
    if (this.connection === 'reconnecting' || this.notice?.action === 'reload') this.reconnect();
    this.host.requestUpdate();
  };

  private readonly onOffline = (): void => {
    this.online = false;
    this.host.requestUpdate();
  };

  /** Another tab started or deleted a conversation for this site: show the same one here. */
  private readonly onStorage = (e: StorageEvent): void => {
    if (e.key === this.key && this.api) void this.load();
    if (e.key === `${this.key}:consent`) {
      this.consented = loadConsent(this.key);
      this.host.requestUpdate();
    }
  };
}
