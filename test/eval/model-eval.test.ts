import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { TriageReport } from '../../server/eval/triage.js';
import { knowledgeSubset } from '../e2e/helpers.js';
import { startFakeOpenAI, type ChatRequestBody, type CompletionRequestBody, type FakeOpenAI, type Script } from '../support/fake-openai.js';

/**
 * `npm run eval -- --engine model` as a GPU owner runs it: the CLI in a child process, the real
 * retrieval over Chroma, and two OpenAI-compatible servers (here the fake) for router and reasoner.
 */

let router: FakeOpenAI;
let reasoner: FakeOpenAI;
let dir: string;
let knowledge: Awaited<ReturnType<typeof knowledgeSubset>>;

const cases = [
  { id: 'flu-1', kind: 'triage', text: 'came on suddenly this morning, aching all over, shivery, temp 38.9 and my head is pounding', demographics: { age: 34 }, condition: 'flu', severity: 'Self-care' },
  { id: 'cold-1', kind: 'triage', text: 'blocked nose, sneezing loads and a bit of a scratchy throat since yesterday, no temperature', condition: 'common-cold', severity: 'Self-care' },
  { id: 'broken-1', kind: 'triage', text: 'an itchy rash with raised welts on my arms', condition: 'hives', severity: 'Self-care' },
  { id: 'hello-1', kind: 'smalltalk', text: 'hello there' },
  { id: 'vague-1', kind: 'vague', text: 'I feel a bit off' },
];

beforeAll(async () => {
  router = await startFakeOpenAI({ models: ['router-model'] });
  reasoner = await startFakeOpenAI({ models: ['reasoner-model'] });
  router.handle(({ body }): Script => {
    const messages = (body as ChatRequestBody).messages;
    const last = messages.at(-1)?.content ?? '';
    if (last === 'hello there') return { text: 'Hello! What can I help you with today?' };
    return { toolCalls: [{ name: 'ask_for_clarification', arguments: { question: 'What is bothering you most?', what_to_clarify: 'main symptom' } }] };
  });
  reasoner.handle(({ body }): Script => {
    const { prompt, stop } = body as CompletionRequestBody;
    const said = prompt.slice(prompt.lastIndexOf('<|im_start|>user\n')).split('<|im_end|>')[0] ?? '';
    // A proxy's error page for one case: that case fails, the run goes on.
    if (said.includes('raised welts')) return { raw: '<html><body>502 Bad Gateway</body></html>', contentType: 'text/html' };
    if (Array.isArray(stop) && stop.includes('<|im_start|>')) return { text: 'Comparing the symptoms with the pages.<|im_end|>' };
    return { text: said.includes('aching all over') ? '(flu, Self-care)<|im_end|>' : '(common-cold, Self-care)<|im_end|>' };
  });
  dir = await mkdtemp(path.join(os.tmpdir(), 'model-eval-'));
  await writeFile(path.join(dir, 'cases.jsonl'), cases.map((c) => JSON.stringify(c)).join('\n'));
  knowledge = await knowledgeSubset(['flu', 'common-cold', 'cough', 'sore-throat', 'hives']);
});
afterAll(async () => {
  await Promise.all([router?.close(), reasoner?.close(), dir ? rm(dir, { recursive: true, force: true }) : undefined, knowledge?.remove()]);
});

function runCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'server/eval/cli.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run eval -- --engine model', () => {
  it('runs the triage report against the model servers with the reference defaults, recording a failing case and going on', async () => {
    const { code, stdout, stderr } = await runCli(
      ['--engine', 'model', '--cases', path.join(dir, 'cases.jsonl'), '--json', '--concurrency', '2', '--collection', 'eval-cli-model', '--misses'],
      {
        LOG_LEVEL: 'silent',
        DATA_DIR: dir,
        CHROMA_URL: inject('chromaUrl'),
        KNOWLEDGE_DIR: knowledge.dir,
        ROUTER_BASE_URL: router.baseURL,
        ROUTER_MODEL: 'router-model',
        REASONER_BASE_URL: reasoner.baseURL,
        REASONER_MODEL: 'reasoner-model',
        MODEL_RETRIES: '0',
      },
    );
    expect(stderr).toContain('[5/5]');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as TriageReport;
    expect(report.engine).toBe('MODEL');
    expect(report.engineDescription).toContain(
      'reasoner reasoner-model (budget-forcing, reference prompt, thinking 512 tokens, 0 Wait rounds, answer 256 tokens, temperature 0.7, top-p 1, seed 42)',
    );
    expect(report.cases).toEqual({ triage: 2, smalltalk: 1, vague: 1, offtopic: 0 });
    expect(report.failed).toEqual([{ id: 'broken-1', code: 'MODEL_BAD_RESPONSE', message: expect.stringContaining('HTTP 200 with text/html') }]);
    expect(report).toMatchObject({ conditionAccuracy: 1, severityAccuracy: 1, routeAccuracy: 1, aeRecall: 1 });

    // Each triage case: one thinking request with the whole budget (no Wait by default), one answer request.
    const sent = reasoner.completionRequests().filter((r) => !r.prompt.includes('raised welts on my arms<|im_end|>'));
    expect(sent.map((r) => [r.max_tokens, r.min_tokens, r.seed, r.temperature, r.top_p]).sort()).toEqual([
      [256, 0, 42, 0.7, 1],
      [256, 0, 42, 0.7, 1],
      [512, 0, 42, 0.7, 1],
      [512, 0, 42, 0.7, 1],
    ]);
    expect(router.chatRequests()).toHaveLength(2); // the smalltalk and the vague case; triage cases skip the router
  });

  it('says plainly when the model servers are not configured', async () => {
    const { code, stderr } = await runCli(['--engine', 'model', '--cases', path.join(dir, 'cases.jsonl')], {
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      CHROMA_URL: inject('chromaUrl'),
      KNOWLEDGE_DIR: knowledge.dir,
    });
    expect(code).toBe(1);
    expect(stderr).toContain('ROUTER_BASE_URL and REASONER_BASE_URL must be set');
  });
});
