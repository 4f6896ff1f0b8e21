import type { AdviceLevel } from '../contract/events.js';
import { asAdvice } from '../contract/events.js';
import type { Demographics } from '../contract/turn.js';
import type { SummaryRows } from '../store/summary.js';
import { caseOfTrace } from './case.js';

/**
 * The visitor's summary of a conversation, to show a GP, a pharmacist or NHS 111: what they said
 * (their messages, trimmed), what the service advised and when (each turn's advice), and the key
 * findings in their own words (what they said they have, and what they said they do not). Built
 * from the stored rows alone; the prediction (condition, severity) is never read, so it cannot
 * leak, and a finding is shown by its words, never by the rules' concept name.
 */

export interface SummaryMessage {
  text: string;
  sentAt: Date;
  /** Cut to MESSAGE_CHARS (the full text stays in the conversation). */
  shortened: boolean;
}

export interface SummaryAdvice {
  level: AdviceLevel;
  title: string;
  /** Markdown, as the advice card shows it. */
  text: string;
  /** Every turn that gave this same advice in a row (the level holds over a conversation, and is said again). */
  givenAt: Date[];
}

export type SummaryFindingStatus = 'REPORTED' | 'DENIED';

export interface SummaryFinding {
  words: string;
  status: SummaryFindingStatus;
  /** When the message it came from was sent (null when the case does not map to a stored message). */
  saidAt: Date | null;
}

export interface VisitorSummary {
  startedAt: Date;
  about: Demographics | null;
  messages: SummaryMessage[];
  advice: SummaryAdvice[];
  findings: SummaryFinding[];
}

/** A summary is read in a surgery in a minute: each message is cut there, at a word. */
export const MESSAGE_CHARS = 400;

/**
 * Facts the rules derive rather than read in what the person wrote (an age band, a risk group
 * made of "older age, diabetes or heart disease"): shown as the person's details, not as findings.
 */
const DERIVED_FACTS = new Set(['adult', 'olderAge', 'cardiacRisk', 'male', 'infantUnder3Months', 'infant3To6Months']);

export function trimMessage(text: string): { text: string; shortened: boolean } {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= MESSAGE_CHARS) return { text: flat, shortened: false };
  const cut = chars.slice(0, MESSAGE_CHARS).join('');
  const atWord = cut.lastIndexOf(' ');
  return { text: `${(atWord > MESSAGE_CHARS * 0.6 ? cut.slice(0, atWord) : cut).trimEnd()}…`, shortened: true };
}

function adviceGiven(turns: SummaryRows['adviceTurns']): SummaryAdvice[] {
  const out: SummaryAdvice[] = [];
  for (const turn of turns) {
    const a = asAdvice(turn.advice);
    if (!a) continue;
    const last = out.at(-1);
    if (last && last.level === a.level && last.title === a.title && last.text === a.text) last.givenAt.push(turn.startedAt);
    else out.push({ level: a.level, title: a.title, text: a.text, givenAt: [turn.startedAt] });
  }
  return out;
}

const keyOf = (words: string): string => words.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The case's standing answers, one per thing said: a finding the person later denied or took back
 * is not shown (its denial is), only the latest message's answer per concept counts, and the
 * same words found by several rules (or "38 5" inside "temperature 38.5") are shown once.
 */
function keyFindings(traces: readonly unknown[], messages: SummaryRows['messages']): SummaryFinding[] {
  const kase = traces.map(caseOfTrace).find((c) => c !== null);
  if (!kase) return [];
  const standing = kase.findings.filter(
    (f) =>
      !f.retracted &&
      !DERIVED_FACTS.has(f.concept) &&
      ((f.assertion === 'present' && f.supersededBy === undefined) || f.assertion === 'absent'),
  );
  const latest = new Map<string, number>();
  for (const f of standing) latest.set(f.concept, Math.max(latest.get(f.concept) ?? -1, f.message));
  const byWords = new Map<string, { words: string; status: SummaryFindingStatus; message: number; order: number }>();
  standing.forEach((f, order) => {
    if (f.message !== latest.get(f.concept)) return;
    const key = keyOf(f.words);
    if (!key) return;
    const status: SummaryFindingStatus = f.assertion === 'present' ? 'REPORTED' : 'DENIED';
    const known = byWords.get(key);
    // The later answer stands; said both ways in one message, the safer reading (reported) does.
    if (known && (known.message > f.message || (known.message === f.message && known.status === 'REPORTED'))) return;
    byWords.set(key, { words: f.words, status, message: f.message, order: known?.order ?? order });
  });
  const entries = [...byWords.entries()];
  return entries
    .filter(([key, e]) => !entries.some(([other, o]) => other !== key && o.status === e.status && ` ${other} `.includes(` ${key} `)))
    .map(([, e]) => e)
    .sort((a, b) => a.message - b.message || a.order - b.order)
    .map((e) => ({ words: e.words, status: e.status, saidAt: messages[e.message]?.createdAt ?? null }));
}

export function buildSummary(thread: { createdAt: Date; demographics: unknown }, rows: SummaryRows): VisitorSummary {
  return {
    startedAt: thread.createdAt,
    about: thread.demographics && typeof thread.demographics === 'object' ? (thread.demographics as Demographics) : null,
    messages: rows.messages.map((m) => ({ ...trimMessage(m.text), sentAt: m.createdAt })),
    advice: adviceGiven(rows.adviceTurns),
    findings: keyFindings(rows.recentTraces, rows.messages),
  };
}
