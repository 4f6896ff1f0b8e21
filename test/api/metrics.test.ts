import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunnerEvent } from '../../server/contract/events.js';
import type { TurnInput } from '../../server/contract/turn.js';
import { TurnError } from '../../server/contract/errors.js';
import { send, startThread } from '../support/graphql.js';
import { scriptedRunner, triageScript } from '../support/scripted-runner.js';
import { startTestServer, type TestServer } from '../support/server.js';

async function* script(input: TurnInput): AsyncGenerator<RunnerEvent> {
  if (input.text === 'fail') throw new TurnError('MODEL_TIMEOUT', 'router: no first token within 500 ms', true);
  yield* triageScript(input);
}

let server: TestServer;
const TOKEN = 'metrics-token-0123456789';
beforeAll(async () => {
  server = await startTestServer({ runner: scriptedRunner(script), env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await server?.close();
});

describe('/metrics', () => {
  it('counts turns by outcome, route and error code in Prometheus format, behind its token', async () => {
    const { threadId, token } = await startThread(server);
    const ok = await send(server, token, threadId, 'fever and cough');
    await server.service.services.turns.settled(ok.data!.sendMessage.turn.id);
    const failed = await send(server, token, threadId, 'fail');
    await server.service.services.turns.settled(failed.data!.sendMessage.turn.id);

    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(text).toMatch(/triage_turns_ended_total\{[^}]*outcome="completed"[^}]*route="TRIAGE"[^}]*\} 1/);
    expect(text).toMatch(/triage_turns_ended_total\{[^}]*outcome="failed"[^}]*code="MODEL_TIMEOUT"[^}]*\} 1/);
    expect(text).toMatch(/triage_turns_started_total\{engine="OFFLINE"\} 2/);
    expect(text).toMatch(/triage_turns_running 0/);
    expect(text).toContain('triage_process_resident_memory_bytes');
    // Published events are counted per type, each once however often the metrics are read.
    expect(text).toMatch(/triage_turn_events_published_total\{type="TurnStarted"\} 2\n/);
    expect(text).toMatch(/triage_turn_events_published_total\{type="AnswerChunk"\} 1\n/);
    const again = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(again).toMatch(/triage_turn_events_published_total\{type="TurnStarted"\} 2\n/);
  });
});
