import type { Analysis } from '../../contract/engine.js';
import type { Demographics, HistoryMessage, TurnInput } from '../../contract/turn.js';
import type { RetrievalResult } from '../../contract/retrieval.js';
import { INCONCLUSIVE } from '../../contract/events.js';
import type { ChatMessage, ToolDefinition } from './chat.js';
import { windowExchanges, windowTokens } from './history.js';
import { loadPrompt, loadToolPrompt, type PromptTemplate } from './prompts.js';
import { splitReasonerOutput, type ReasonerMessage } from './reasoner.js';
import { formatReferenceContext, formatReferenceDemographics } from './reference-format.js';

/** The messages each model sees in a turn, built from `prompts/*.txt`. */

/** The router's tools, named and shaped as the reference router's (search) and 002's clarification. */
export const SEARCH_TOOL = 'retrieve_as_tool';
export const CLARIFY_TOOL = 'ask_for_clarification';

/**
 * How the reasoner is prompted:
 * - `reference`: as the reference deployment prompted T0 (its trained format): the task, the
 *   `(condition_name, severity_level)` contract, the retrieved context and the demographics in the
 *   system prompt, then the conversation as chat turns ending with the new message.
 * - `chat`: for hosted reasoning models, which follow instructions rather than a trained format:
 *   one user message with the person, the conversation, the pages and step-by-step instructions.
 */
export type ReasonerPrompt = 'reference' | 'chat';

/** How much of the conversation each model sees. */
export interface HistorySettings {
  routerExchanges: number;
  responderExchanges: number;
  reasonerTokens: number;
}

export interface TurnPrompts {
  router: PromptTemplate;
  reasonerReferenceSystem: PromptTemplate;
  reasonerChatSystem: PromptTemplate;
  reasonerChat: PromptTemplate;
  responder: PromptTemplate;
  responderEmergency: PromptTemplate;
  /** Appended when the safety rules raised the reasoner's severity (Analysis.raisedFrom). */
  responderRaised: PromptTemplate;
  routerTools: ToolDefinition[];
  /** The tool result sent back for an unusable tool call. */
  routerToolError: PromptTemplate;
}

export function loadTurnPrompts(dir?: string): TurnPrompts {
  return {
    router: loadPrompt('router', dir),
    reasonerReferenceSystem: loadPrompt('reasoner-reference-system', dir),
    reasonerChatSystem: loadPrompt('reasoner-chat-system', dir),
    reasonerChat: loadPrompt('reasoner-chat', dir),
    responder: loadPrompt('responder', dir),
    responderEmergency: loadPrompt('responder-emergency', dir),
    responderRaised: loadPrompt('responder-raised', dir),
    routerTools: [tool(SEARCH_TOOL, 'tool-retrieve', dir), tool(CLARIFY_TOOL, 'tool-ask-for-clarification', dir)],
    routerToolError: loadPrompt('router-tool-error', dir),
  };
}

/** A tool whose string parameters (all required) are described in `prompts/{promptName}.txt`. */
function tool(name: string, promptName: string, dir?: string): ToolDefinition {
  const texts = loadToolPrompt(promptName, dir);
  const names = Object.keys(texts.parameters);
  return {
    name,
    description: texts.description,
    parameters: {
      type: 'object',
      properties: Object.fromEntries(names.map((p) => [p, { type: 'string', description: texts.parameters[p] ?? '' }])),
      required: names,
      additionalProperties: false,
    },
  };
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

function asChat(history: readonly HistoryMessage[], text: string): ReasonerMessage[] {
  return [...history.map((m): ReasonerMessage => ({ role: m.role, content: m.content })), { role: 'user', content: text }];
}

/** The reference router's system prompt ends with the demographics, only when there are any. */
export function routerMessages(p: TurnPrompts, input: TurnInput, history: HistorySettings): ChatMessage[] {
  const d = formatReferenceDemographics(input.demographics);
  const demographics = d === 'None' ? '' : `\n\nThis is a summary of the patient's demographics:\n${d}`;
  return [{ role: 'system', content: p.router.render({ demographics }) }, ...asChat(windowExchanges(input.history, history.routerExchanges), input.text)];
}

export function reasonerMessages(
  p: TurnPrompts,
  profile: ReasonerPrompt,
  input: TurnInput,
  history: HistorySettings,
  query: string,
  retrieval: RetrievalResult,
): ReasonerMessage[] {
  const earlier = windowTokens(input.history, history.reasonerTokens);
  const context = formatReferenceContext(retrieval.conditions);
  if (profile === 'reference') {
    const system = p.reasonerReferenceSystem.render({ context, demographics: formatReferenceDemographics(input.demographics) });
    return [{ role: 'system', content: system }, ...asChat(earlier, input.text)];
  }
  const conversation = earlier.map((m) => `${m.role === 'user' ? 'Person' : 'Us'}: ${m.content}`);
  const user = p.reasonerChat.render({
    demographics: renderDemographics(input.demographics),
    conversation: conversation.length > 0 ? conversation.join('\n') : 'Nothing yet.',
    message: input.text,
    query,
    context,
    slugs: [...retrieval.conditions.map((c) => c.slug), INCONCLUSIVE].join(', '),
  });
  return [
    { role: 'system', content: p.reasonerChatSystem.render({}) },
    { role: 'user', content: user },
  ];
}

export function responderMessages(
  p: TurnPrompts,
  input: TurnInput,
  history: HistorySettings,
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
  return [{ role: 'system', content: system }, ...asChat(windowExchanges(input.history, history.responderExchanges), input.text)];
}
