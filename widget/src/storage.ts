/**
 * Remembers the visitor's thread (id + thread token) per site, so a reload shows the history.
 * Only those two opaque values are stored: demographics and messages stay on the server, because
 * health details in a third-party origin's localStorage outlive the visit and are readable by any
 * script on the page.
 */

export interface StoredThread {
  threadId: string;
  token: string;
}

// Some embedders run in sandboxed iframes or browsers with storage disabled, where localStorage
// throws; the widget then works for the page's lifetime only.
const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    if (value === null) memory.delete(key);
    else memory.set(key, value);
  }
}

/** One key per (service host, site key): a page embedding two sites, or dev and prod, keeps them apart. */
export function storageKey(httpUrl: string, siteKey: string): string {
  return `triage-chat:v1:${new URL(httpUrl).host}:${siteKey}`;
}

export function loadThread(key: string): StoredThread | null {
  const raw = read(key);
  if (!raw) return null;
  try {
    const v: unknown = JSON.parse(raw);
    if (v && typeof v === 'object' && 'threadId' in v && 'token' in v) {
      const { threadId, token } = v;
      if (typeof threadId === 'string' && typeof token === 'string') return { threadId, token };
    }
  } catch {
    // Corrupt entry: fall through and forget it.
  }
  write(key, null);
  return null;
}

export function saveThread(key: string, thread: StoredThread | null): void {
  write(key, thread ? JSON.stringify(thread) : null);
}
