import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ApiError, TriageApi, backoffWithJitter, type ThreadSnapshot } from './api.js';
import { markdownToText } from './markdown.js';
import { loadThread, saveThread, storageKey, type StoredThread } from './storage.js';
import type { ChatEntry, ConnectionState, Demographics, TriageEventMap, TurnEvent, TurnView } from './types.js';

/** What the element hosting the conversation provides besides re-rendering. */
export interface ConversationHost extends ReactiveControllerHost {
  emit<K extends keyof TriageEventMap>(name: K, detail: TriageEventMap[K]): void;
  /** Say something once through the polite live region. */
  announce(text: string): void;
}

export interface Notice {
  tone: 'info' | 'error';
  text: string;
  /** Offer a button that re-runs the failed step. */
  action?: 'reload' | 'reconnect';
}

const uuid = (): string => {
  // randomUUID needs a secure context; widgets are sometimes tried on plain-http LAN pages.
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
};

/** Codes after which a stored thread is useless and a fresh one should start. */
const GONE = new Set(['UNAUTHENTICATED', 'NOT_FOUND']);
/** Resubscriptions of one turn (server closed the stream early, reported a gap) before giving up. */
const MAX_RESUMES = 5;

export function describeError(err: unknown): string {
  const code = err instanceof ApiError ? err.code : 'NETWORK';
  switch (code) {
    case 'NETWORK':
      return "We couldn't reach the symptom checker. Check your connection and try again.";
    case 'THREAD_BUSY':
      return 'Still answering your previous message. Please wait for it to finish.';
    case 'FORBIDDEN':
      return "This website isn't allowed to use the symptom checker.";
    case 'UNAUTHENTICATED':
      return "The symptom checker isn't set up correctly on this website (invalid key).";
    case 'BAD_USER_INPUT':
      return `That message couldn't be sent: ${(err as ApiError).message}`;
    default:
      return 'Something went wrong. Please try again.';
  }
}

function emptyTurn(id: string, prompt: string | undefined): TurnView {
  return { id, status: 'running', reasoning: '', answer: '', sources: [], lastSeq: 0, prompt };
}

/**
 * The conversation as state: history, the running turn, connection and notices. It owns every
 * call to the server; the elements only render it and forward user intent. Async work captures
 * `generation` and drops its result if the conversation was reset or reconfigured meanwhile.
 */
export class Conversation implements ReactiveController {
  entries: ChatEntry[] = [];
  demographics: Demographics = {};
  connection: ConnectionState = 'idle';
  online = typeof navigator === 'undefined' ? true : navigator.onLine;
  loading = false;
  sending = false;
  notice: Notice | null = null;
  configError: string | null = null;

  private api: TriageApi | undefined;
  private siteKey = '';
  private endpoint = '';
  private key = '';
  private thread: StoredThread | null = null;
  private following: { turnId: string; unsubscribe: () => void; resumes: number } | undefined;
  private generation = 0;
  private demographicsTouched = false;
  private reloadedFor: string | undefined;

  constructor(private readonly host: ConversationHost) {
    host.addController(this);
  }

  get running(): boolean {
    return this.entries.some((e) => e.kind === 'assistant' && e.turn.status === 'running');
  }

  /** True while the user may not send: one turn at a time per thread, as the server enforces. */
  get busy(): boolean {
    return this.sending || this.loading || this.running || !this.api;
  }

  get threadId(): string | null {
    return this.thread?.threadId ?? null;
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
    this.api?.dispose();
  }

  /** Called by the host whenever its endpoint / site-key attributes settle. */
  configure(endpoint: string, siteKey: string): void {
    if (endpoint === this.endpoint && siteKey === this.siteKey && (this.api || this.configError)) return;
    this.endpoint = endpoint;
    this.siteKey = siteKey;
    this.generation++;
    this.stopFollowing();
    this.api?.dispose();
    this.api = undefined;
    this.configError = null;
    this.sending = false;
    if (!endpoint || !siteKey) {
      this.configError = 'The symptom checker is missing its endpoint or site-key attribute.';
      this.host.requestUpdate();
      return;
    }
    try {
      this.api = new TriageApi(endpoint, (s) => this.onSocket(s));
    } catch {
      this.configError = `The symptom checker endpoint "${endpoint}" is not a valid URL.`;
      this.host.requestUpdate();
      return;
    }
    this.key = storageKey(this.api.httpUrl, siteKey);
    void this.load();
  }

  /** Shows the stored thread (if any) from the server, and re-attaches to its running turn. */
  async load(): Promise<void> {
    const api = this.api;
    if (!api) return;
    const gen = ++this.generation;
    this.stopFollowing();
    this.thread = loadThread(this.key);
    this.entries = [];
    this.notice = null;
    // A send still in flight belongs to the previous generation; its result will be dropped.
    this.sending = false;
    if (!this.thread) {
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
      if (err instanceof ApiError && GONE.has(err.code)) this.forgetThread();
      else this.notice = { tone: 'error', text: "We couldn't load your conversation.", action: 'reload' };
    } finally {
      if (gen === this.generation) {
        this.loading = false;
        this.host.requestUpdate();
      }
    }
  }

  private forgetThread(): void {
    this.thread = null;
    saveThread(this.key, null);
    this.entries = [];
    this.notice = { tone: 'info', text: 'Your previous conversation is no longer available, so we started a new one.' };
  }

  private applySnapshot(snapshot: ThreadSnapshot): void {
    const entries: ChatEntry[] = [];
    let lastUserText: string | undefined;
    for (const m of snapshot.messages) {
      if (m.role === 'USER') {
        entries.push({ kind: 'user', key: m.id, text: m.text, pending: false });
        lastUserText = m.text;
        continue;
      }
      const id = m.turn?.id ?? m.id;
      entries.push({
        kind: 'assistant',
        key: id,
        turn: {
          id,
          status: 'completed',
          engine: m.turn?.engine ?? undefined,
          reasoning: m.turn?.reasoning ?? '',
          answer: m.text,
          sources: m.turn?.sources ?? [],
          lastSeq: 0,
          prompt: lastUserText,
        },
      });
    }
    const last = entries.at(-1);
    if (snapshot.activeTurn) {
      // A turn still running (another tab, or this page before a reload): replay it from seq 0.
      entries.push({ kind: 'assistant', key: snapshot.activeTurn.id, turn: emptyTurn(snapshot.activeTurn.id, lastUserText) });
    } else if (last?.kind === 'user') {
      // The turn ended without an answer while nobody watched (failure, server restart).
      entries.push({
        kind: 'assistant',
        key: `unanswered:${last.key}`,
        turn: {
          ...emptyTurn(`unanswered:${last.key}`, last.text),
          status: 'failed',
          failure: { code: 'UNANSWERED', message: "This message didn't get an answer.", retryable: true },
        },
      });
    }
    this.entries = entries;
    const d = snapshot.demographics;
    if (d) {
      this.demographics = { age: d.age ?? undefined, sex: d.sex ?? undefined, pregnant: d.pregnant ?? undefined, notes: d.notes ?? undefined };
      this.demographicsTouched = Object.values(this.demographics).some((v) => v !== undefined);
    }
    if (snapshot.activeTurn) this.followTurn(snapshot.activeTurn.id);
  }

  setDemographics(value: Demographics): void {
    this.demographics = value;
    this.demographicsTouched = true;
    this.host.requestUpdate();
  }

  /** Null when the visitor never filled the form; otherwise every field, so a cleared field clears. */
  private demographicsInput(): Demographics | null {
    if (!this.demographicsTouched) return null;
    const d = this.demographics;
    return { age: d.age ?? null, sex: d.sex ?? null, pregnant: d.pregnant ?? null, notes: d.notes?.trim() || null };
  }

  /** Sends a message; resolves false when it was not accepted (the caller gives the text back). */
  async send(raw: string): Promise<boolean> {
    const text = raw.trim();
    const api = this.api;
    if (!text || !api || this.busy) return false;
    const gen = this.generation;
    const clientMessageId = uuid();
    this.sending = true;
    this.notice = null;
    this.entries = [...this.entries, { kind: 'user', key: clientMessageId, text, pending: true }];
    this.host.requestUpdate();
    try {
      const turnId = await this.sendOnThread(api, text, clientMessageId, gen);
      if (gen !== this.generation) return true;
      this.entries = [
        ...this.entries.map((e): ChatEntry => (e.key === clientMessageId && e.kind === 'user' ? { ...e, pending: false } : e)),
        { kind: 'assistant', key: turnId, turn: emptyTurn(turnId, text) },
      ];
      this.followTurn(turnId);
      return true;
    } catch (err) {
      if (gen !== this.generation) return false;
      this.entries = this.entries.filter((e) => e.key !== clientMessageId);
      this.notice = { tone: 'error', text: describeError(err) };
      if (err instanceof ApiError && err.code === 'THREAD_BUSY') {
        // Another tab holds the thread: show its running turn instead of a dead end.
        this.sending = false;
        void this.load().then(() => {
          this.notice = { tone: 'info', text: describeError(err) };
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

  private async sendOnThread(api: TriageApi, text: string, clientMessageId: string, gen: number): Promise<string> {
    const demographics = this.demographicsInput();
    const fresh = !this.thread;
    const thread = this.thread ?? (await this.startThread(api, demographics, gen));
    try {
      return await this.sendIdempotent(api, thread, text, clientMessageId, demographics);
    } catch (err) {
      // The stored thread expired or was deleted server-side; the visitor just wants an answer.
      if (fresh || !(err instanceof ApiError && GONE.has(err.code))) throw err;
      this.thread = null;
      const next = await this.startThread(api, demographics, gen);
      return await this.sendIdempotent(api, next, text, clientMessageId, demographics);
    }
  }

  private async startThread(api: TriageApi, demographics: Demographics | null, gen: number): Promise<StoredThread> {
    const started = await api.startThread(this.siteKey, demographics);
    // "New conversation" (or a reconfiguration) happened meanwhile: do not resurrect this thread.
    if (gen !== this.generation) throw new ApiError('SUPERSEDED', 'The conversation was reset.');
    this.thread = started;
    saveThread(this.key, started);
    this.host.emit('triage-thread-started', { threadId: started.threadId });
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
    demographics: Demographics | null,
  ): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await api.sendMessage(thread.token, { threadId: thread.threadId, text, clientMessageId, demographics });
        return r.turnId;
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'NETWORK') || attempt >= 2) throw err;
        await backoffWithJitter(attempt + 2);
      }
    }
  }

  /** Retry after TurnFailed is a new turn: the same text, sent again as a new message. */
  async retry(turnId: string): Promise<void> {
    const entry = this.entries.find((e) => e.kind === 'assistant' && e.turn.id === turnId);
    if (entry?.kind !== 'assistant' || !entry.turn.prompt) return;
    await this.send(entry.turn.prompt);
  }

  async cancel(): Promise<void> {
    const turn = this.runningTurn();
    if (!turn || !this.api || !this.thread) return;
    try {
      // The subscription then delivers the turn's TurnFailed, which ends it in the UI.
      await this.api.cancelTurn(this.thread.token, turn.id);
    } catch (err) {
      this.notice = { tone: 'error', text: describeError(err) };
      this.host.requestUpdate();
    }
  }

  /** Forgets this conversation here and (best effort) on the server; the next message starts a new thread. */
  newConversation(): void {
    const old = this.thread;
    const running = this.runningTurn();
    this.generation++;
    this.stopFollowing();
    if (old && this.api) {
      const api = this.api;
      // Cancel first so the clear does not race a turn still writing to the thread.
      void (running ? api.cancelTurn(old.token, running.id).catch(() => undefined) : Promise.resolve())
        .then(() => api.clearThread(old.token, old.threadId))
        .catch(() => undefined);
    }
    this.thread = null;
    saveThread(this.key, null);
    this.entries = [];
    this.notice = null;
    this.sending = false;
    this.loading = false;
    // Someone else may use this browser next: their details start blank too.
    this.demographics = {};
    this.demographicsTouched = false;
    this.host.emit('triage-thread-cleared', { threadId: old?.threadId ?? null });
    this.host.requestUpdate();
  }

  /** The Reconnect button, and the browser coming back online. */
  reconnect(): void {
    const turn = this.runningTurn();
    this.notice = null;
    if (turn) this.followTurn(turn.id);
    this.host.requestUpdate();
  }

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
    this.host.requestUpdate();
  }

  private followTurn(turnId: string, resumes = 0): void {
    this.stopFollowing();
    const api = this.api;
    const thread = this.thread;
    if (!api || !thread) return;
    const gen = this.generation;
    const live = (): boolean => gen === this.generation && this.following?.turnId === turnId;
    this.connection = 'connecting';
    const unsubscribe = api.subscribeTurn(thread.token, turnId, () => this.findTurn(turnId)?.lastSeq ?? 0, {
      next: (ev) => {
        if (live()) this.apply(turnId, ev);
      },
      error: (err) => {
        if (live()) this.onFollowError(turnId, err);
      },
      complete: () => {
        if (live()) this.onFollowComplete(turnId);
      },
    });
    this.following = { turnId, unsubscribe, resumes };
    this.host.requestUpdate();
  }

  private stopFollowing(): void {
    const f = this.following;
    this.following = undefined;
    f?.unsubscribe();
    this.connection = 'idle';
  }

  private apply(turnId: string, ev: TurnEvent): void {
    const turn = this.findTurn(turnId);
    // Replays after a reconnect overlap what was already rendered: seq makes that harmless.
    if (!turn || ev.turnId !== turnId || ev.seq <= turn.lastSeq || turn.status !== 'running') return;
    if (ev.seq > turn.lastSeq + 1) {
      // seq is gap-free by contract, so a gap means lost events: ask again from what we have.
      this.resume(turnId);
      return;
    }
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
      case 'TurnCompleted': {
        // The stored message is authoritative (a safety rewrite may differ from what streamed).
        const answer = ev.assistantMessage?.text || turn.answer;
        this.patchTurn(turnId, { lastSeq, status: 'completed', answer });
        this.connection = 'idle';
        this.host.announce(markdownToText(answer) || 'The answer is complete.');
        this.host.emit('triage-turn-completed', { threadId: this.threadId ?? '', turnId, route: ev.route });
        return;
      }
      case 'TurnFailed': {
        const failure = { code: ev.code, message: ev.failureMessage, retryable: ev.retryable };
        this.patchTurn(turnId, { lastSeq, status: 'failed', failure });
        this.connection = 'idle';
        this.host.announce(`The answer could not be completed. ${ev.failureMessage}`);
        this.host.emit('triage-turn-failed', { threadId: this.threadId ?? '', turnId, ...failure });
        return;
      }
      default:
        this.patchTurn(turnId, { lastSeq });
    }
  }

  /** The stream ended: normal after a terminal event, otherwise resume from the last seq. */
  private onFollowComplete(turnId: string): void {
    const turn = this.findTurn(turnId);
    if (turn?.status === 'running') {
      this.resume(turnId);
      return;
    }
    this.following = undefined;
    this.connection = 'idle';
    this.host.requestUpdate();
  }

  private resume(turnId: string): void {
    const resumes = (this.following?.resumes ?? 0) + 1;
    if (resumes > MAX_RESUMES) {
      this.lose(turnId);
      return;
    }
    const gen = this.generation;
    this.stopFollowing();
    this.connection = 'reconnecting';
    this.host.requestUpdate();
    void backoffWithJitter(resumes).then(() => {
      if (gen === this.generation && this.findTurn(turnId)?.status === 'running') this.followTurn(turnId, resumes);
    });
  }

  private onFollowError(turnId: string, err: unknown): void {
    if (err instanceof ApiError && this.reloadedFor !== turnId) {
      // The server refused the subscription (turn expired from replay, token revoked...): the
      // thread itself is the source of truth, so reload it, once per turn to avoid a loop.
      this.reloadedFor = turnId;
      this.stopFollowing();
      void this.load();
      return;
    }
    // graphql-ws gave up reconnecting (or a fatal close): keep the partial answer, offer Reconnect.
    this.lose(turnId);
  }

  private lose(turnId: string): void {
    this.following?.unsubscribe();
    this.following = undefined;
    this.connection = 'lost';
    if (this.findTurn(turnId)?.status === 'running') {
      this.notice = { tone: 'error', text: 'Connection lost. Your answer will continue when we reconnect.', action: 'reconnect' };
    }
    this.host.requestUpdate();
  }

  private onSocket(state: 'connecting' | 'connected' | 'closed'): void {
    if (!this.following) return;
    if (state === 'connected') this.connection = 'connected';
    else if (this.connection === 'connected' || this.connection === 'reconnecting') this.connection = 'reconnecting';
    else this.connection = 'connecting';
    this.host.requestUpdate();
  }

  private readonly onOnline = (): void => {
    this.online = true;
    if (this.connection === 'lost') this.reconnect();
    this.host.requestUpdate();
  };

  private readonly onOffline = (): void => {
    this.online = false;
    this.host.requestUpdate();
  };

  /** Another tab started or cleared a conversation for this site: show the same one here. */
  private readonly onStorage = (e: StorageEvent): void => {
    if (e.key === this.key && this.api) void this.load();
  };
}
