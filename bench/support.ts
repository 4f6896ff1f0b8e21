/** Small helpers the benches share. */

/** The p-th percentile (0..100) of a list, by rank. */
export const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

/** A GraphQL POST with a bearer token and an Origin, returning `data` (or throwing the errors). */
export async function post(url: string, token: string, origin: string, query: string, variables: Record<string, unknown>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}
