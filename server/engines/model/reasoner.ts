import type OpenAI from 'openai';
import { log } from '../../log.js';
import type { TokenUsage } from '../../contract/events.js';
import type { ChatModel } from './chat.js';
import { IM_END, IM_START, renderChatML } from './chatml.js';
import { StreamReadError } from '../../openai-compat/errors.js';
import { openRawStream, readEventBatches } from '../../openai-compat/sse.js';
import { streamWithRetry, withDeadline, type CallPolicy } from '../../openai-compat/retry.js';

/**
 * The reasoner: streams its thinking, then gives a short answer that is captured (not streamed)
 * and parsed by the caller. Two modes:
 *
 * - `budget-forcing` (vLLM completions API), as in s1 ("simple test-time scaling") and as T0 was
 *   trained and served: the messages are rendered to ChatML and an assistant turn is opened with
 *   `<|im_start|>assistant\n<|im_start|>think\n`. Thinking runs with `max_tokens` = the remaining
 *   budget and stops at `<|im_start|>`/`<|im_end|>` (the model wanting to answer). While stop-skip
 *   rounds and budget remain, `Wait` is appended and generation continues from everything so far,
 *   made to produce at least one token (`min_tokens: 1`). Then `\n<|im_start|>answer\n` opens the
 *   answer, generated until `<|im_end|>`. Budget 0 skips the thinking: `<|im_start|>think\n`
 *   is followed at once by `<|im_start|>answer\n`.
 * - `chat` (hosted reasoning models): one streamed chat completion; `reasoning_content` /
 *   `reasoning` deltas or `<think>` tags are the thinking, the rest of the content is the answer.
 */

export const ASSISTANT_OPEN = `${IM_START}assistant\n`;
export const THINK_OPEN = `${IM_START}think\n`;
export const ANSWER_OPEN = `\n${IM_START}answer\n`;
/** What follows the think marker when the budget is 0 (no newline in between, as the reference). */
export const NO_THINKING = `${THINK_OPEN}${IM_START}answer\n`;
export const THINKING_STOPS = [IM_START, IM_END];
export const ANSWER_STOPS = [IM_END];
export const WAIT = 'Wait';

/**
 * The text inserted when the model tries to stop thinking: `Wait`, after a space when the thinking
 * does not already end in whitespace, so it starts a new sentence ("cold. Wait") instead of being
 * glued to the last word ("cold.Wait", which tokenises as something the model never saw).
 */
export function waitAfter(thinking: string): string {
  return thinking === '' || /\s$/.test(thinking) ? WAIT : ` ${WAIT}`;
}

export type ReasonerDelta = { type: 'thinking'; delta: string };

export interface ReasonerResult {
  /** Everything streamed as thinking, `Wait`s included. */
  thinking: string;
  /** The captured answer, expected to end with `(condition_slug, severity)`. */
  answer: string;
  /** The full output as stored on the Turn: thinking, the answer marker, the answer. */
  output: string;
  usage: TokenUsage;
  /** Thinking requests made (budget forcing), 1 in chat mode. */
  rounds: number;
  /** Tokens spent thinking (budget forcing); null when the server does not say (chat mode). */
  thinkingTokens: number | null;
  timings: { thinkingMs: number; answerMs: number };
}

/** What a reasoner is given: a conversation of plain messages (no tool calls). */
export interface ReasonerMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface Reasoner {
  readonly mode: 'budget-forcing' | 'chat';
  readonly model: string;
  reason(messages: ReasonerMessage[], signal: AbortSignal): AsyncGenerator<ReasonerDelta, ReasonerResult>;
}

export interface ReasonerSettings {
  model: string;
  thinkingBudget: number;
  stopSkips: number;
  answerTokens: number;
  temperature: number;
  topP: number;
  seed?: number;
  /** Limit for the whole reasoning stage (every round and the answer). */
  stageTimeoutMs: number;
  policy: CallPolicy;
}

/** Splits a stored reasoner output back into thinking and answer (no marker: all thinking). */
export function splitReasonerOutput(output: string): { thinking: string; answer: string } {
  const at = output.lastIndexOf(ANSWER_OPEN);
  if (at === -1) return { thinking: output, answer: '' };
  return { thinking: output.slice(0, at), answer: output.slice(at + ANSWER_OPEN.length) };
}

// ---------------------------------------------------------------------------------------------
// Budget forcing

/** The completions request body, with the vLLM sampling extras the OpenAI types do not list. */
type BudgetForcingBody = OpenAI.Completions.CompletionCreateParamsStreaming & {
  min_tokens: number;
  skip_special_tokens: boolean;
  include_stop_str_in_output: boolean;
};

interface CompletionOutcome {
  text: string;
  finishReason: string;
  /** Completion tokens from the server's usage, or null when it sent none. */
  completionTokens: number | null;
  promptTokens: number;
}

export function createBudgetForcingReasoner(client: OpenAI, settings: ReasonerSettings): Reasoner {
  let warnedNoUsage = false;
  const tokensOf = (o: CompletionOutcome): number => {
    if (o.completionTokens !== null) return o.completionTokens;
    if (!warnedNoUsage) {
      warnedNoUsage = true;
      log.warn({ model: settings.model }, 'reasoner server sends no usage with stream_options.include_usage; estimating tokens as characters / 4');
    }
    return Math.ceil(o.text.length / 4);
  };

  const body = (prompt: string, maxTokens: number, stop: string[], minTokens: number): BudgetForcingBody => ({
    model: settings.model,
    prompt,
    max_tokens: maxTokens,
    stop,
    stream: true,
    stream_options: { include_usage: true },
    temperature: settings.temperature,
    top_p: settings.topP,
    ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
    min_tokens: minTokens,
    // Keep the ChatML markers as text: the continuation is appended to the prompt verbatim.
    skip_special_tokens: false,
    include_stop_str_in_output: false,
  });

  /**
   * The rounds of one reasoning, given only the rendered prompt: a turn streams for many seconds,
   * and the messages the prompt was built from (the system prompt, the retrieved pages) would
   * otherwise be held beside it all that time.
   */
  async function* forced(opening: string, signal: AbortSignal): AsyncGenerator<ReasonerDelta, ReasonerResult> {
    const stage = withDeadline(signal, settings.stageTimeoutMs, `reasoning took longer than ${settings.stageTimeoutMs} ms`);
    try {
      const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
      let prompt = opening;
      let thinking = '';
      let remaining = settings.thinkingBudget;
      let skipsLeft = settings.stopSkips;
      let rounds = 0;
      let minTokens = 0;
      const thinkingStart = performance.now();
      while (remaining > 0) {
        rounds += 1;
        const request = body(prompt, remaining, THINKING_STOPS, minTokens);
        const round: CompletionOutcome = yield* streamWithRetry(
          `reasoner thinking round ${rounds}`,
          settings.policy,
          stage.signal,
          (s, onToken) => completionAttempt(client, request, s, onToken, true),
        );
        const used = tokensOf(round);
        usage.promptTokens += round.promptTokens;
        usage.completionTokens += used;
        prompt += round.text;
        thinking += round.text;
        remaining -= used;
        // Out of budget (cut by max_tokens) or out of Wait rounds: the thinking ends here.
        if (round.finishReason === 'length' || skipsLeft <= 0 || remaining <= 0) break;
        // The model tried to stop thinking: suppress that and make it go on, at least one token.
        skipsLeft -= 1;
        const wait = waitAfter(thinking);
        prompt += wait;
        thinking += wait;
        minTokens = 1;
        yield { type: 'thinking', delta: wait };
      }
      const thinkingMs = performance.now() - thinkingStart;
      const thinkingTokens = usage.completionTokens;

      if (settings.thinkingBudget > 0) prompt += ANSWER_OPEN;
      const answerStart = performance.now();
      const answerRequest = body(prompt, settings.answerTokens, ANSWER_STOPS, 0);
      const final: CompletionOutcome = yield* streamWithRetry('reasoner answer', settings.policy, stage.signal, (s, onToken) =>
        completionAttempt(client, answerRequest, s, onToken, false),
      );
      usage.promptTokens += final.promptTokens;
      usage.completionTokens += tokensOf(final);
      return {
        thinking,
        answer: final.text,
        output: thinking + ANSWER_OPEN + final.text,
        usage,
        rounds,
        thinkingTokens,
        timings: { thinkingMs, answerMs: performance.now() - answerStart },
      };
    } finally {
      stage.dispose();
    }
  }

  return {
    mode: 'budget-forcing',
    model: settings.model,
    reason: (messages, signal) => forced(renderChatML(messages) + ASSISTANT_OPEN + (settings.thinkingBudget > 0 ? THINK_OPEN : NO_THINKING), signal),
  };
}

/**
 * One streamed completions request; yields its text as thinking deltas when `stream` is set, one
 * delta per network read (all the tokens that read brought), not one per token.
 */
async function* completionAttempt(
  client: OpenAI,
  body: BudgetForcingBody,
  signal: AbortSignal,
  onToken: () => void,
  stream: boolean,
): AsyncGenerator<ReasonerDelta, CompletionOutcome> {
  const response = await openRawStream(client.completions.create(body, { signal, maxRetries: 0 }));
  const parts: string[] = [];
  let finishReason: string | null = null;
  let completionTokens: number | null = null;
  let promptTokens = 0;
  for await (const batch of readEventBatches<OpenAI.Completions.Completion>(response)) {
    let delta = '';
    for (const chunk of batch) {
      if (chunk.usage) {
        completionTokens = chunk.usage.completion_tokens;
        promptTokens = chunk.usage.prompt_tokens;
      }
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      if (choice.text) delta += choice.text;
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    if (delta) {
      onToken();
      parts.push(delta);
      if (stream) yield { type: 'thinking', delta };
    }
  }
  if (finishReason === null) {
    throw new StreamReadError(new Error(signal.aborted ? 'aborted' : 'the stream ended without a finish_reason'), response.status);
  }
  return { text: parts.join(''), finishReason, completionTokens, promptTokens };
}

// ---------------------------------------------------------------------------------------------
// Chat mode

export function createChatReasoner(chat: ChatModel, settings: Omit<ReasonerSettings, 'stopSkips' | 'policy'>): Reasoner {
  return {
    mode: 'chat',
    model: chat.model,
    async *reason(messages, signal) {
      const stage = withDeadline(signal, settings.stageTimeoutMs, `reasoning took longer than ${settings.stageTimeoutMs} ms`);
      try {
        const started = performance.now();
        let firstAnswerAt: number | null = null;
        let thinking = '';
        let answer = '';
        const gen = chat.stream(
          {
            stage: 'reasoner',
            messages,
            temperature: settings.temperature,
            // Hosted reasoning models count thinking against the completion limit.
            maxTokens: settings.thinkingBudget + settings.answerTokens,
            ...(settings.seed !== undefined ? { seed: settings.seed } : {}),
          },
          stage.signal,
        );
        let step = await gen.next();
        try {
          while (!step.done) {
            const d = step.value;
            if (d.type === 'reasoning') {
              thinking += d.delta;
              yield { type: 'thinking', delta: d.delta };
            } else {
              firstAnswerAt ??= performance.now();
              answer += d.delta; // captured, not streamed: the caller parses it
            }
            step = await gen.next();
          }
        } finally {
          // Our consumer stopped early: close the chat stream so its request is aborted now.
          if (!step.done) await gen.return(undefined as never);
        }
        // Some servers strip the opening <think> but leave `</think>`: what precedes it is thinking too.
        const close = answer.lastIndexOf('</think>');
        if (close !== -1) {
          const late = answer.slice(0, close);
          answer = answer.slice(close + '</think>'.length).trimStart();
          thinking += late;
          if (late) yield { type: 'thinking', delta: late };
        }
        const end = performance.now();
        const split = firstAnswerAt ?? end;
        return {
          thinking,
          answer,
          output: thinking + ANSWER_OPEN + answer,
          usage: step.value.usage,
          rounds: 1,
          thinkingTokens: null,
          timings: { thinkingMs: split - started, answerMs: end - split },
        };
      } finally {
        stage.dispose();
      }
    },
  };
}
