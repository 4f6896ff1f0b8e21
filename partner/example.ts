/**
 * A partner app in one file: start a thread, send a message, stream the turn as it is written,
 * then read the structured prediction (needs a secret key with threads:write, threads:read and
 * triage:read: `npm run admin -- key:create --site SITE --kind secret --scope threads:write
 * --scope threads:read --scope triage:read`).
 *
 *   TRIAGE_ENDPOINT=http://127.0.0.1:4000/graphql TRIAGE_KEY=sk_... npx tsx partner/example.ts "I have had a sore throat for three days"
 *
 * Prints emergency advice first when there is any (`!! EMERGENCY: ...`), the status lines and the
 * answer as they stream, then `prediction: <title> (<severity>) [<slug>]`.
 * Exits 1 with the error code when a call fails or the turn fails.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { createPartnerClient, TriageApiError } from './client.js';
import {
  SendMessageDocument,
  StartThreadDocument,
  TurnEventsDocument,
  TurnResultDocument,
  type AdvicePartsFragment,
} from './generated/graphql.js';

const endpoint = process.env.TRIAGE_ENDPOINT ?? 'http://127.0.0.1:4000/graphql';
const key = process.env.TRIAGE_KEY;
const text = process.argv[2] ?? 'I have had a sore throat for three days';

async function main(): Promise<number> {
  if (!key) {
    console.error('Set TRIAGE_KEY to a secret key (sk_...) with threads:write, threads:read and triage:read.');
    return 2;
  }
  // Node 22+ has a global WebSocket; the `ws` package covers Node 20.
  const client = createPartnerClient({ endpoint, key, webSocketImpl: WebSocket });
  try {
    const { startThread } = await client.request(StartThreadDocument, { input: { demographics: { age: 34 } } });
    console.log(`thread ${startThread.thread.id}`);

    // clientMessageId makes a retried send safe: the same message and turn come back.
    const { sendMessage } = await client.request(SendMessageDocument, { input: { threadId: startThread.thread.id, text, clientMessageId: randomUUID() } });
    const turnId = sendMessage.turn.id;
    console.log(`turn ${turnId}`);

    for await (const { turn: event } of client.subscribe(TurnEventsDocument, { id: turnId, afterSeq: 0 })) {
      switch (event.__typename) {
        case 'AdviceChunk':
          // Safety first: the advice (999 / A&E, or 111 / GP today) is shown before anything else.
          if (event.advice) printAdvice(event.advice);
          break;
        case 'StatusChunk':
          console.log(`… ${event.message}`);
          break;
        case 'AnswerChunk':
          process.stdout.write(event.delta);
          break;
        case 'TurnCompleted':
          process.stdout.write('\n');
          break;
        case 'TurnFailed':
          // A failed turn keeps the advice it gave: an emergency still says "call 999".
          if (event.advice) printAdvice(event.advice);
          console.error(`\nturn failed: ${event.code}: ${event.message}${event.retryable ? ' (retryable)' : ''}`);
          return 1;
      }
    }

    const { turn } = await client.request(TurnResultDocument, { id: turnId });
    const prediction = turn.prediction;
    console.log(prediction ? `prediction: ${prediction.conditionTitle} (${prediction.severity}) [${prediction.condition}]` : `no prediction (route ${turn.route})`);
    return 0;
  } catch (error) {
    if (error instanceof TriageApiError) {
      console.error(`request failed: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await client.close();
  }
}

function printAdvice(advice: AdvicePartsFragment): void {
  console.log(`!! ${advice.level}: ${advice.title}\n!! ${advice.text}`);
  for (const action of advice.actions) console.log(`!! ${action.label}: ${action.href}`);
}

process.exitCode = await main();
