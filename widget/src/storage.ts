import type { TurnView } from './types.js';

/**
 * What the widget keeps in the browser, per site:
 *  - localStorage: the visitor's thread (id + thread token), so a reload shows the history, and
 *    whether they accepted the privacy notice. No health details: messages and demographics stay
 *    on the server, because a third-party origin's localStorage outlives the visit and any script
 *    on the page can read it.
 *  - sessionStorage: the turn being answered right now (its text so far and the last seq), so a
 *    reload resumes the stream where it was instead of replaying it. It lives only as long as the
 *    tab and is removed as soon as the turn ends.
 */

export interface StoredThread {
  threadId: string;
  token: string;
}

// Some embedders run in sandboxed iframes or browsers with storage disabled, where the storage
// getters throw; the widget then works for the page's lifetime only.
const memory = new Map<string, string>();

function area(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(kind: 'local' | 'session', key: string): string | null {
  try {
    const s = area(kind);
    if (s) return s.getItem(key);
  } catch {
    // Blocked storage: fall back to memory.
  }
  return memory.get(`${kind}:${key}`) ?? null;
}

function write(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    const s = area(kind);
    if (s) {
      if (value === null) s.removeItem(key);
      else s.setItem(key, value);
      return;
    }
  } catch {
    // Blocked or full storage: fall back to memory.
  }
  if (value === null) memory.delete(`${kind}:${key}`);
  else memory.set(`${kind}:${key}`, value);
}

function parse(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** One key per (service host, site key): a page embedding two sites, or dev and prod, keeps them apart. */
export function storageKey(httpUrl: string, siteKey: string): string {
  return `triage-chat:v1:${new URL(httpUrl).host}:${siteKey}`;
}

export function loadThread(key: string): StoredThread | null {
  const v = parse(read('local', key));
  if (v && typeof v === 'object' && 'threadId' in v && 'token' in v) {
    const { threadId, token } = v;
    if (typeof threadId === 'string' && typeof token === 'string') return { threadId, token };
  }
  if (v !== null || read('local', key) !== null) write('local', key, null); // corrupt entry: forget it
  return null;
}

export function saveThread(key: string, thread: StoredThread | null): void {
  write('local', key, thread ? JSON.stringify(thread) : null);
}

export function loadConsent(key: string): boolean {
  return read('local', `${key}:consent`) === '1';
}

export function saveConsent(key: string): void {
  write('local', `${key}:consent`, '1');
}

/** The running turn as rendered so far; `threadId` ties it to the stored thread. */
export interface LiveTurn {
  threadId: string;
  turn: TurnView;
}

export function loadLiveTurn(key: string, threadId: string, turnId: string): TurnView | null {
  const v = parse(read('session', `${key}:live`)) as LiveTurn | null;
  if (!v || v.threadId !== threadId || v.turn?.id !== turnId || typeof v.turn.lastSeq !== 'number') return null;
  return v.turn;
}

export function saveLiveTurn(key: string, live: LiveTurn | null): void {
  write('session', `${key}:live`, live ? JSON.stringify(live) : null);
}
