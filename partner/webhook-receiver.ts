/**
 * A webhook receiver in one file: checks each delivery's signature (Standard Webhooks, with the
 * `standardwebhooks` package), refuses what fails or is older than five minutes, handles each
 * event once (deliveries are retried: the event id is the same every time), and answers 2xx fast.
 *
 *   WEBHOOK_SECRET=whsec_... PORT=4400 npx tsx partner/webhook-receiver.ts
 *
 * Point a webhook at it (`createWebhook` with a staff key, or `npm run admin -- webhook:create`);
 * it prints one line per event: `advice.emergency thread <id> turn <id>`, and the advice title when
 * the webhook's key has threads:read. A real receiver would queue the work and keep the seen ids
 * in its database rather than in memory.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export interface WebhookEvent {
  id: string;
  type: string;
  createdAt: string;
  siteId: string;
  data: {
    threadId: string;
    turnId: string;
    level?: 'URGENT' | 'EMERGENCY';
    advice?: { level: string; title: string; text: string; actions: { label: string; href: string }[] };
    prediction?: { condition: string; conditionTitle: string; severity: string };
    failure?: { code: string; status: string };
    review?: { verdict: string; severity: string; condition: string | null; replaced: boolean };
    reviewedAt?: string;
  };
}

const MAX_BODY = 1_000_000;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * An HTTP server that verifies deliveries signed with any of `secrets` (give two while rotating)
 * and calls `onEvent` once per event id. Answers 400 to a bad signature, 200 otherwise.
 */
export function createWebhookReceiver(secrets: readonly string[], onEvent: (event: WebhookEvent) => void | Promise<void>): Server {
  const verifiers = secrets.map((s) => new Webhook(s));
  const seen = new Set<string>();
  return createServer((req, res) => {
    if (req.method !== 'POST') {
      res.writeHead(405).end();
      return;
    }
    void (async () => {
      // Verify the raw bytes as received: parsing and re-serialising would change them.
      const body = await readBody(req);
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      let event: WebhookEvent | null = null;
      for (const verifier of verifiers) {
        try {
          event = verifier.verify(body, headers) as WebhookEvent;
          break;
        } catch (error) {
          if (!(error instanceof WebhookVerificationError)) throw error;
        }
      }
      if (!event) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('bad signature');
        return;
      }
      // The same event comes again when our 2xx was lost: handle it once.
      if (!seen.has(event.id)) {
        seen.add(event.id);
        await onEvent(event);
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
}

// Run as a program: `npx tsx partner/webhook-receiver.ts`.
if (/webhook-receiver\.[jt]s$/.test(process.argv[1] ?? '')) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error('Set WEBHOOK_SECRET to the secret createWebhook returned (whsec_...).');
    process.exit(2);
  }
  const port = Number(process.env.PORT ?? 4400);
  const server = createWebhookReceiver([secret], (event) => {
    const d = event.data;
    const extra = [d.advice ? `"${d.advice.title}"` : '', d.prediction ? `prediction ${d.prediction.condition} (${d.prediction.severity})` : '', d.review ? `verdict ${d.review.verdict}` : '', d.failure ? `failed ${d.failure.code}` : '']
      .filter(Boolean)
      .join(' ');
    console.log(`${event.type} thread ${d.threadId} turn ${d.turnId}${extra ? ` ${extra}` : ''}`);
  });
  server.listen(port, '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${port}/`));
}
