import { randomUUID } from 'node:crypto';
import type { ConditionPage } from '../knowledge/types.js';
import type { Retriever } from '../contract/retrieval.js';
import type { TriageEngine } from '../contract/engine.js';
import { SEVERITIES, type Severity } from '../contract/events.js';
import type { HistoryMessage } from '../contract/turn.js';
import { runTurn } from '../pipeline/run-turn.js';
import { adviceOnMessage } from '../turns/manager.js';
import { CONVERSATION_PATTERNS, type ConversationCase, type ConversationPattern } from './cases.js';

/**
 * Conversation evaluation: each message of a conversation case is sent as a live turn (the turn
 * manager's advice on the message, then the pipeline with the earlier messages and answers as
 * history), and the case is scored on the level the person is left with after the last message:
 * the last turn's triage, else the advice it gave, else none (a reply with no advice leaves them
 * at self-care, which is what a person reads from it).
 */

export interface ConversationOutcome {
  id: string;
  pattern: ConversationPattern;
  expected: { condition: string | null; severity: Severity };
  /** The level after the last message, and what each turn gave (null: no triage and no advice). */
  predicted: { condition?: string; severity: Severity };
  perTurn: (Severity | null)[];
  /** The last turn's answer, for reading misses. */
  lastAnswer: string;
  ms: number;
}

export interface ConversationDeps {
  engine: TriageEngine;
  retriever: Retriever;
  pages: readonly ConditionPage[];
  /** Conditions shown as sources, as a live turn (RETRIEVAL_K). */
  k?: number;
}

const ADVICE_LEVEL: Record<'EMERGENCY' | 'URGENT', Severity> = { EMERGENCY: 'A&E', URGENT: 'Urgent Primary Care' };
const RANK: Record<Severity, number> = { 'Self-care': 0, 'Urgent Primary Care': 1, 'A&E': 2 };
const higher = (a: Severity | null, b: Severity | null): Severity | null => (a === null ? b : b === null ? a : RANK[b] > RANK[a] ? b : a);

export async function runConversation(deps: ConversationDeps, c: ConversationCase): Promise<ConversationOutcome> {
  const started = performance.now();
  const history: HistoryMessage[] = [];
  const perTurn: (Severity | null)[] = [];
  let last: { condition?: string; severity: Severity } = { severity: 'Self-care' };
  let lastAnswer = '';
  const threadId = `eval-${randomUUID()}`;
  for (const text of c.turns) {
    const input = { turnId: randomUUID(), threadId, text, history: [...history], ...(c.demographics ? { demographics: c.demographics } : {}) };
    const early = adviceOnMessage(input);
    let advised: Severity | null = early ? ADVICE_LEVEL[early.level] : null;
    let triaged: { condition: string; severity: Severity } | undefined;
    let answer = '';
    for await (const event of runTurn(deps, input, new AbortController().signal)) {
      if (event.type === 'AnswerChunk') answer += event.delta;
      else if (event.type === 'TriageChunk') triaged = { condition: event.condition, severity: event.severity };
      else if (event.type === 'AdviceChunk') advised = higher(advised, ADVICE_LEVEL[event.advice.level]);
    }
    const level = triaged ? higher(triaged.severity, advised) : advised;
    perTurn.push(level);
    last = { ...(triaged ? { condition: triaged.condition } : {}), severity: level ?? 'Self-care' };
    lastAnswer = answer;
    history.push({ role: 'user', content: text }, { role: 'assistant', content: answer });
  }
  return {
    id: c.id,
    pattern: c.pattern,
    expected: { condition: c.condition, severity: c.severity },
    predicted: last,
    perTurn,
    lastAnswer,
    ms: Math.round(performance.now() - started),
  };
}

export interface LevelScores {
  cases: number;
  severityAccuracy: number;
  underTriageRate: number;
  overTriageRate: number;
  aeRecall: number;
  /** A&E cases in the group (recall is 1 when there are none). */
  aeCases: number;
}

export function levelScores(pairs: { expected: Severity; predicted: Severity }[]): LevelScores {
  const n = pairs.length || 1;
  const ae = pairs.filter((p) => p.expected === 'A&E');
  return {
    cases: pairs.length,
    severityAccuracy: pairs.filter((p) => p.expected === p.predicted).length / n,
    underTriageRate: pairs.filter((p) => RANK[p.predicted] < RANK[p.expected]).length / n,
    overTriageRate: pairs.filter((p) => RANK[p.predicted] > RANK[p.expected]).length / n,
    aeRecall: ae.length ? ae.filter((p) => p.predicted === 'A&E').length / ae.length : 1,
    aeCases: ae.length,
  };
}

export interface ConversationReport extends LevelScores {
  conditionAccuracy: number;
  byPattern: Partial<Record<ConversationPattern, LevelScores>>;
  confusion: Record<Severity, Record<Severity, number>>;
}

export function conversationReport(outcomes: ConversationOutcome[]): ConversationReport {
  const level = (o: ConversationOutcome) => ({ expected: o.expected.severity, predicted: o.predicted.severity });
  const byPattern: ConversationReport['byPattern'] = {};
  for (const pattern of CONVERSATION_PATTERNS) {
    const group = outcomes.filter((o) => o.pattern === pattern);
    if (group.length) byPattern[pattern] = levelScores(group.map(level));
  }
  const confusion = Object.fromEntries(SEVERITIES.map((e) => [e, Object.fromEntries(SEVERITIES.map((p) => [p, 0]))])) as ConversationReport['confusion'];
  for (const o of outcomes) confusion[o.expected.severity][o.predicted.severity]++;
  const named = outcomes.filter((o) => o.expected.condition !== null);
  return {
    ...levelScores(outcomes.map(level)),
    conditionAccuracy: named.length ? named.filter((o) => o.predicted.condition === o.expected.condition).length / named.length : 1,
    byPattern,
    confusion,
  };
}

export function formatConversationReport(r: ConversationReport): string[] {
  const f = (x: number) => x.toFixed(3);
  const row = (name: string, s: LevelScores) =>
    `  ${name.padEnd(18)} ${String(s.cases).padStart(4)}  ${f(s.aeRecall)} (${s.aeCases})  ${f(s.underTriageRate)}  ${f(s.overTriageRate)}  ${f(s.severityAccuracy)}`;
  return [
    `conversations: ${r.cases}, scored on the level after the last message`,
    `  ${'pattern'.padEnd(18)} ${'n'.padStart(4)}  A&E recall  under  over   severity`,
    ...Object.entries(r.byPattern).map(([p, s]) => row(p, s)),
    row('all', r),
    `  condition accuracy after the last message ${f(r.conditionAccuracy)}`,
  ];
}
