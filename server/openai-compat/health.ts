/**
 * Is a model server reachable? `GET {baseURL}/models` with a short timeout. Used by /readyz and
 * the start log, so it never throws: every outcome is a typed value.
 */

export interface ModelTarget {
  /** What this server is for, e.g. "router" or "reasoner". */
  role: string;
  baseURL: string;
  apiKey: string;
  model: string;
}

export type ModelHealth =
  | {
      ok: true;
      role: string;
      baseURL: string;
      model: string;
      latencyMs: number;
      /** False when the server lists models but not ours: requests will probably fail with 404. */
      modelListed: boolean;
    }
  | {
      ok: false;
      role: string;
      baseURL: string;
      model: string;
      latencyMs: number;
      code: 'UNREACHABLE' | 'TIMEOUT' | 'HTTP_ERROR' | 'BAD_RESPONSE';
      error: string;
    };

export async function checkModelServer(target: ModelTarget, options: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<ModelHealth> {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const started = performance.now();
  const base = { role: target.role, baseURL: target.baseURL, model: target.model };
  const fail = (code: Extract<ModelHealth, { ok: false }>['code'], error: string): ModelHealth => ({
    ...base,
    ok: false,
    code,
    error,
    latencyMs: Math.round(performance.now() - started),
  });
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${target.baseURL.replace(/\/+$/, '')}/models`, {
      headers: { authorization: `Bearer ${target.apiKey}`, accept: 'application/json' },
      signal,
    });
  } catch (err) {
    if (timeout.aborted) return fail('TIMEOUT', `no answer within ${timeoutMs} ms`);
    return fail('UNREACHABLE', causeOf(err));
  }
  if (!response.ok) {
    await response.body?.cancel();
    return fail('HTTP_ERROR', `GET /models answered ${response.status}`);
  }
  let ids: string[];
  try {
    const payload: unknown = await response.json();
    const data = (payload as { data?: unknown }).data;
    if (!Array.isArray(data)) return fail('BAD_RESPONSE', `GET /models answered ${response.status} without a model list`);
    ids = data.map((m: unknown) => (m as { id?: unknown }).id).filter((id): id is string => typeof id === 'string');
  } catch (err) {
    if (timeout.aborted) return fail('TIMEOUT', `no answer within ${timeoutMs} ms`);
    return fail('BAD_RESPONSE', `GET /models answered ${response.status} with ${response.headers.get('content-type') ?? 'no content type'} that is not valid JSON (${causeOf(err)})`);
  }
  return {
    ...base,
    ok: true,
    latencyMs: Math.round(performance.now() - started),
    modelListed: ids.length === 0 || ids.includes(target.model),
  };
}

function causeOf(err: unknown): string {
  let current: unknown = err;
  let message = String(err);
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    message = current.message;
    current = current.cause;
  }
  return message;
}
