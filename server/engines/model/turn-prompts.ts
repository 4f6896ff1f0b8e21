import type { Analysis } from '../../contract/engine.js';
import type { Demographics, HistoryMessage, TurnInput } from '../../contract/turn.js';
import type { RetrievalResult } from '../../contract/retrieval.js';
import { INCONCLUSIVE } from '../../contract/events.js';
import type { ChatMessage, ToolDefinition } from './chat.js';
import { loadPrompt, loadToolPrompt, type PromptTemplate } from './prompts.js';
import { splitReasonerOutput } from './reasoner.js';

/** The messages each model sees in a turn, built from `prompts/*.txt`. */

export const SEARCH_TOOL = 'search_conditions';
export const ASK_TOOL = 'ask_for_details';

export interface TurnPrompts {
  router: PromptTemplate;
  reasonerSystem: PromptTemplate;
  reasoner: PromptTemplate;
  responder: PromptTemplate;
  responderEmergency: PromptTemplate;
  /** Appended when the safety rules raised the reasoner's severity (Analysis.raisedFrom). */
  responderRaised: PromptTemplate;
  routerTools: ToolDefinition[];
}

export function loadTurnPrompts(dir?: string): TurnPrompts {
  return {
    router: loadPrompt('router', dir),
    reasonerSystem: loadPrompt('reasoner-system', dir),
    reasoner: loadPrompt('reasoner', dir),
    responder: loadPrompt('responder', dir),
    responderEmergency: loadPrompt('responder-emergency', dir),
    responderRaised: loadPrompt('responder-raised', dir),
    routerTools: [tool(SEARCH_TOOL, 'tool-search-conditions', 'query', dir), tool(ASK_TOOL, 'tool-ask-for-details', 'question', dir)],
  };
}

function tool(name: string, promptName: string, param: string, dir?: string): ToolDefinition {
  const texts = loadToolPrompt(promptName, dir);
  return {
    name,
    description: texts.description,
    parameters: {
      type: 'object',
      properties: { [param]: { type: 'string', description: texts.parameters[param] ?? '' } },
      required: [param],
      additionalProperties: false,
    },
  };
}

/**
 * The last `exchanges` exchanges of the history: everything from the n-th last user message on.
 * `input.history` should already be that window; applying it again keeps the router's context
 * bounded whatever the caller passes.
 */
export function windowHistory(history: readonly HistoryMessage[], exchanges: number): HistoryMessage[] {
  if (exchanges <= 0) return [];
  let users = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i]?.role === 'user' && ++users === exchanges) return history.slice(i);
  }
  return history.slice();
}

/** Demographics as short lines for a prompt; "not given" when the thread has none. */
export function renderDemographics(d: Demographics | undefined): string {
  const lines: string[] = [];
  if (d?.age !== undefined) lines.push(`Age: ${d.age}`);
  if (d?.sex) lines.push(`Sex: ${d.sex}`);
  if (d?.pregnant !== undefined) lines.push(`Pregnant: ${d.pregnant ? 'yes' : 'no'}`);
  if (d?.notes?.trim()) lines.push(`Other information: ${d.notes.trim()}`);
  return lines.length > 0 ? lines.join('\n') : 'Not given.';
}

function conversation(input: TurnInput, exchanges: number): ChatMessage[] {
  return [...windowHistory(input.history, exchanges).map((m) => ({ role: m.role, content: m.content })), { role: 'user', content: input.text }];
}

export function routerMessages(p: TurnPrompts, input: TurnInput, exchanges: number): ChatMessage[] {
  return [{ role: 'system', content: p.router.render({ demographics: renderDemographics(input.demographics) }) }, ...conversation(input, exchanges)];
}

export function reasonerMessages(p: TurnPrompts, input: TurnInput, exchanges: number, query: string, retrieval: RetrievalResult): ChatMessage[] {
  const earlier = windowHistory(input.history, exchanges)
    .filter((m) => m.role === 'user')
    .map((m) => `- ${m.content}`);
  const slugs = [...retrieval.conditions.map((c) => c.slug), INCONCLUSIVE].join(', ');
  const user = p.reasoner.render({
    demographics: renderDemographics(input.demographics),
    earlier: earlier.length > 0 ? earlier.join('\n') : 'Nothing.',
    message: input.text,
    query,
    context: retrieval.context,
    slugs,
  });
  return [
    { role: 'system', content: p.reasonerSystem.render({}) },
    { role: 'user', content: user },
  ];
}

export function responderMessages(
  p: TurnPrompts,
  input: TurnInput,
  exchanges: number,
  analysis: Analysis,
  safetyNotice: string | null,
): ChatMessage[] {
  const { thinking, answer } = splitReasonerOutput(analysis.reasonerOutput);
  const notes = [thinking.trim(), answer.trim()].filter(Boolean).join('\n\n');
  const sources = analysis.retrieval.conditions.map((c) => `- ${c.title}: ${c.url}`);
  const system = p.responder.render({
    condition: analysis.prediction.conditionTitle,
    severity: analysis.prediction.severity,
    analysis: notes,
    sources: sources.length > 0 ? sources.join('\n') : 'None.',
    demographics: renderDemographics(input.demographics),
    emergency:
      (safetyNotice ? p.responderEmergency.render({ notice: safetyNotice }) : '') +
      (analysis.raisedFrom && analysis.raisedFrom.severity !== analysis.prediction.severity
        ? p.responderRaised.render({ from: analysis.raisedFrom.severity, to: analysis.prediction.severity })
        : ''),
  });
  return [{ role: 'system', content: system }, ...conversation(input, exchanges)];
}
