import { INCONCLUSIVE, INCONCLUSIVE_TITLE, type Prediction, type Severity } from '../../contract/events.js';

/**
 * Tolerant parser of the reasoner's answer into a Prediction. The answer should end with
 * `(condition_slug, severity)`, but models write `**(Flu, self care)**`, `"flu" - A and E`,
 * `Condition: Heat exhaustion and heatstroke / Severity: GP`, and so on. The condition must be
 * one of the retrieved conditions (by slug or title) or `inconclusive`; anything else is recorded
 * as inconclusive with the reason and the raw answer kept.
 */

/**
 * Severity used when none can be read from the answer. Not Self-care: an answer we cannot read is
 * no reason for reassurance, so the person is pointed to a clinician (GP / NHS 111). The safety
 * rules may raise it further.
 */
export const FALLBACK_SEVERITY: Severity = 'Urgent Primary Care';

export interface PredictionCandidate {
  slug: string;
  title: string;
}

/**
 * - `ok`: a retrieved condition and a severity.
 * - `inconclusive`: the model said so (severity read, or the fallback if it gave none).
 * - `unknown-condition`: it named a condition that was not retrieved.
 * - `no-severity`: condition read, severity not (the fallback is used).
 * - `unusable`: no `(condition, severity)` could be found.
 */
export type PredictionStatus = 'ok' | 'inconclusive' | 'unknown-condition' | 'no-severity' | 'unusable';

export interface ParsedPrediction {
  prediction: Prediction;
  status: PredictionStatus;
  /** The answer as the model wrote it. */
  raw: string;
  /** The condition and severity text the parser settled on, when it found any. */
  conditionText?: string;
  severityText?: string;
}

export function parsePrediction(answer: string, candidates: readonly PredictionCandidate[]): ParsedPrediction {
  const raw = answer;
  const pair = findPair(clean(answer));
  if (!pair) {
    return { prediction: inconclusive(FALLBACK_SEVERITY), status: 'unusable', raw };
  }
  const severity = parseSeverity(pair.severity);
  const base = { raw, conditionText: pair.condition, severityText: pair.severity };
  if (isInconclusive(pair.condition)) {
    return { ...base, prediction: inconclusive(severity ?? FALLBACK_SEVERITY), status: 'inconclusive' };
  }
  const match = matchCondition(pair.condition, candidates);
  if (!match && !severity) {
    return { ...base, prediction: inconclusive(FALLBACK_SEVERITY), status: 'unusable' };
  }
  if (!match) {
    return { ...base, prediction: inconclusive(severity ?? FALLBACK_SEVERITY), status: 'unknown-condition' };
  }
  const prediction = { condition: match.slug, conditionTitle: match.title, severity: severity ?? FALLBACK_SEVERITY };
  return { ...base, prediction, status: severity ? 'ok' : 'no-severity' };
}

function inconclusive(severity: Severity): Prediction {
  return { condition: INCONCLUSIVE, conditionTitle: INCONCLUSIVE_TITLE, severity };
}

/** Drops Markdown emphasis, code ticks, heading and quote marks, smart quotes. */
function clean(text: string): string {
  return text
    .replace(/[*`~]/g, '')
    .replace(/[\u201c\u201d\u2018\u2019"]/g, '')
    .replace(/^\s*(?:#+|>+)\s*/gm, '')
    .replace(/\r/g, '');
}

interface Pair {
  condition: string;
  severity: string;
}

/** Most specific form first; within a form, the last occurrence (the conclusion comes last). */
function findPair(text: string): Pair | null {
  // 1. `(condition, severity)`, the requested form, possibly with a label before it.
  const parens = [...text.matchAll(/\(([^()]*,[^()]*)\)/g)].reverse();
  for (const m of parens) {
    const pair = splitPair(m[1] ?? '');
    if (pair && parseSeverity(pair.severity)) return pair;
  }
  // 2. `Condition: x` and `Severity: y` on their own lines (or one line).
  const condition = lastMatch(text, /\b(?:condition|diagnosis)(?:[ _-]?slug)?\s*[:=\-–]\s*([^\n,;]+)/gi);
  const severity = lastMatch(text, /\b(?:severity|triage|urgency)(?:[ _-]?level)?\s*[:=\-–]\s*([^\n,;]+)/gi);
  if (condition && severity) return { condition, severity };
  // 3. A line `condition, severity` or `condition - severity` (label allowed), from the end.
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean).reverse();
  for (const line of lines) {
    const pair = splitPair(line.replace(/^.*:\s*/, '')) ?? splitDash(line.replace(/^.*:\s*/, ''));
    if (pair && parseSeverity(pair.severity)) return pair;
  }
  // 4. A parenthesised pair whose severity we cannot read: keep it, so the condition still counts.
  const first = parens[0];
  if (first) return splitPair(first[1] ?? '');
  if (condition) return { condition, severity: severity ?? '' };
  // 5. A bare one-line answer such as `inconclusive` or `Flu`.
  const only = lines.length === 1 ? trimPunct(lines[0] ?? '') : '';
  if (only && only.length <= 80) return { condition: only, severity: '' };
  return null;
}

function lastMatch(text: string, re: RegExp): string | undefined {
  let last: string | undefined;
  for (const m of text.matchAll(re)) last = m[1]?.trim();
  return last || undefined;
}

/** Splits at the last comma: severities have no commas, condition titles (rarely) might. */
function splitPair(inner: string): Pair | null {
  const at = inner.lastIndexOf(',');
  if (at === -1) return null;
  const condition = trimPunct(inner.slice(0, at));
  const severity = trimPunct(inner.slice(at + 1));
  return condition ? { condition, severity } : null;
}

function splitDash(line: string): Pair | null {
  const m = /^(.+?)\s+[-–—|/]\s+(.+)$/.exec(line);
  if (!m) return null;
  const condition = trimPunct(m[1] ?? '');
  return condition ? { condition, severity: trimPunct(m[2] ?? '') } : null;
}

function trimPunct(s: string): string {
  return s.replace(/^[\s'"([{<]+|[\s'")\]}>.;:!]+$/g, '').trim();
}

/** Lower-case words joined by hyphens: `Heat exhaustion & heatstroke` -> `heat-exhaustion-and-heatstroke`. */
export function normaliseSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const INCONCLUSIVE_WORDS = new Set(['inconclusive', 'unknown', 'unclear', 'uncertain', 'undetermined', 'none', 'n-a', 'na', 'not-sure', 'cannot-determine', 'indeterminate']);

function isInconclusive(condition: string): boolean {
  return INCONCLUSIVE_WORDS.has(normaliseSlug(condition));
}

/**
 * Exact slug or title first; then, for phrases like `probably flu` or `the common cold`, the
 * candidate whose slug or title appears as whole words (the longest if several do).
 */
function matchCondition(text: string, candidates: readonly PredictionCandidate[]): PredictionCandidate | null {
  const norm = normaliseSlug(text);
  if (!norm) return null;
  const exact = candidates.find((c) => normaliseSlug(c.slug) === norm || normaliseSlug(c.title) === norm);
  if (exact) return exact;
  let best: { c: PredictionCandidate; len: number } | null = null;
  for (const c of candidates) {
    for (const key of [normaliseSlug(c.slug), normaliseSlug(c.title)]) {
      if (key && `-${norm}-`.includes(`-${key}-`) && (!best || key.length > best.len)) best = { c, len: key.length };
    }
  }
  return best?.c ?? null;
}

const SEVERITY_PATTERNS: readonly [Severity, RegExp][] = [
  ['A&E', /\b(?:a and e|a e|ae|accident and emergency|emergency(?: department)?|ed|999|call 999)\b/],
  ['Urgent Primary Care', /\b(?:urgent primary care|urgent care|urgent|primary care|gp|general practitioner|111|nhs 111|urgent treatment centre)\b/],
  ['Self-care', /\b(?:self care|selfcare|self|home care|home|pharmacy|pharmacist|self management)\b/],
];

/**
 * Reads a severity from free text: exact labels first, then keywords. When keywords of several
 * levels appear (`self-care or GP`), the most urgent wins: under-triage is the costlier mistake.
 */
export function parseSeverity(text: string): Severity | null {
  const norm = text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    // "not urgent", "non-emergency": a statement that it is *not* that level.
    .replace(/\b(?:not an?|not|non|no)\s+(?:emergency|urgent)\b/g, 'self care')
    .trim();
  if (!norm) return null;
  if (/^a and e$|^ae$/.test(norm)) return 'A&E';
  if (norm === 'urgent primary care') return 'Urgent Primary Care';
  if (norm === 'self care' || norm === 'selfcare') return 'Self-care';
  for (const [severity, re] of SEVERITY_PATTERNS) if (re.test(norm)) return severity;
  return null;
}
