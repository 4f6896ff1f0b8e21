import type OpenAI from 'openai';
import type { TokenUsage } from '../../contract/events.js';
import { modelError, StreamReadError } from '../../openai-compat/errors.js';
import { openRawStream, readEventBatches } from '../../openai-compat/sse.js';
import { streamWithRetry, type CallPolicy } from '../../openai-compat/retry.js';
import { TagSplitter } from './tags.js';

/**
 * Streaming chat completions with tools over any OpenAI-compatible server (vLLM, Ollama,
 * llama.cpp, OpenAI). Text and reasoning arrive as typed deltas; tool calls are assembled from
 * their streamed pieces and returned complete, with parsed arguments.
 */

/** A conversation message; `assistant` may carry the tool calls it made, `tool` answers one. */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: { id: string; name: string; arguments: string }[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

export interface ToolCall {
  id: string;
  name: string;
  /** The parsed arguments object; null when the model produced invalid JSON (see `rawArguments`). */
  arguments: Record<string, unknown> | null;
  rawArguments: string;
}

export type ChatDelta = { type: 'text'; delta: string } | { type: 'reasoning'; delta: string };

export interface ChatRequest {
  /** Names the call in errors and logs (e.g. "router", "responder"). */
  stage: string;
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  /** Each overrides the model's default for this request (ChatModelOptions). */
  temperature?: number;
  /** Sent as `max_completion_tokens` (for reasoning models it includes the thinking). */
  maxTokens?: number;
  seed?: number;
}

export interface ChatResult {
  text: string;
  reasoning: string;
  toolCalls: ToolCall[];
  finishReason: string;
  usage: TokenUsage;
  /** Milliseconds from the request to its first output, and to its end (of the attempt that succeeded). */
  firstTokenMs: number | null;
  totalMs: number;
}

export interface ChatModel {
  readonly model: string;
  stream(request: ChatRequest, signal: AbortSignal): AsyncGenerator<ChatDelta, ChatResult>;
}

export interface ChatModelOptions {
  client: OpenAI;
  model: string;
  /** Sampling defaults, used when the request sets none; an unset one is not sent (the server's default applies). */
  temperature?: number;
  topP?: number;
  seed?: number;
  maxTokens?: number;
  policy: CallPolicy;
}

type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk;
type Delta = Chunk['choices'][number]['delta'] & {
  /** vLLM's reasoning parser and DeepSeek put thinking here; newer servers use `reasoning`. */
  reasoning_content?: string | null;
  reasoning?: string | null;
};

export function createChatModel(options: ChatModelOptions): ChatModel {
  return {
    model: options.model,
    stream: (request, signal) =>
      streamWithRetry(request.stage, options.policy, signal, (attemptSignal, onToken) =>
        chatAttempt(options, request, attemptSignal, onToken),
      ),
  };
}

async function* chatAttempt(
  options: ChatModelOptions,
  request: ChatRequest,
  signal: AbortSignal,
  onToken: () => void,
): AsyncGenerator<ChatDelta, ChatResult> {
  const started = performance.now();
  const tools = request.tools ?? [];
  const temperature = request.temperature ?? options.temperature;
  const seed = request.seed ?? options.seed;
  const maxTokens = request.maxTokens ?? options.maxTokens;
  const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsStreaming = {
    model: options.model,
    messages: request.messages.map(toOpenAI),
    stream: true,
    stream_options: { include_usage: true },
    ...(temperature !== undefined ? { temperature } : {}),
    ...(options.topP !== undefined ? { top_p: options.topP } : {}),
    // max_completion_tokens, not max_tokens: hosted reasoning models reject the latter; vLLM takes both.
    ...(maxTokens !== undefined ? { max_completion_tokens: maxTokens } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(tools.length > 0
      ? {
          tools: tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.parameters } })),
          tool_choice: 'auto' as const,
        }
      : {}),
  };
  const stream = await openRawStream(options.client.chat.completions.create(body, { signal, maxRetries: 0 }));

  const content = new ContentRouter(tools.length > 0);
  const calls = new Map<number, { id: string; name: string; args: string }>();
  let text = '';
  let reasoning = '';
  let finishReason: string | null = null;
  let usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  let firstTokenMs: number | null = null;
  const seen = (): void => {
    firstTokenMs ??= performance.now() - started;
    onToken();
  };

  /** Adds non-empty deltas to `out`, merging one into the last when it is of the same kind. */
  const collect = (out: ChatDelta[], deltas: ChatDelta[]): void => {
    for (const d of deltas) {
      if (d.delta === '') continue;
      if (d.type === 'text') text += d.delta;
      else reasoning += d.delta;
      const last = out[out.length - 1];
      if (last && last.type === d.type) last.delta += d.delta;
      else out.push({ type: d.type, delta: d.delta });
    }
  };

  // One network read's events at a time (as the reasoner reads its stream): what a read brought
  // goes up as one delta of each kind, in order, not one per token.
  for await (const batch of readEventBatches<Chunk>(stream)) {
    const out: ChatDelta[] = [];
    let tokens = false;
    for (const chunk of batch) {
      if (chunk.usage) usage = { promptTokens: chunk.usage.prompt_tokens, completionTokens: chunk.usage.completion_tokens };
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const delta = (choice.delta ?? {}) as Delta;
      const thought = delta.reasoning_content ?? delta.reasoning;
      if (thought) {
        tokens = true;
        collect(out, [{ type: 'reasoning', delta: thought }]);
      }
      if (delta.content) {
        tokens = true;
        collect(out, content.push(delta.content));
      }
      for (const tc of delta.tool_calls ?? []) {
        tokens = true;
        const entry = calls.get(tc.index) ?? { id: '', name: '', args: '' };
        if (tc.id) entry.id = tc.id;
        if (tc.function?.name) entry.name += tc.function.name;
        if (tc.function?.arguments) entry.args += tc.function.arguments;
        calls.set(tc.index, entry);
      }
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    if (tokens) seen();
    yield* out;
  }
  const rest: ChatDelta[] = [];
  collect(rest, content.end());
  yield* rest;
  // The reader ends quietly on abort and on a connection closed without [DONE];
  // either way the answer is incomplete.
  if (finishReason === null) {
    throw new StreamReadError(new Error(signal.aborted ? 'aborted' : 'the stream ended without a finish_reason'), stream.status);
  }

  const toolCalls: ToolCall[] = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, c]) => ({ id: c.id || `call_${index}`, name: c.name, arguments: parseArguments(c.args), rawArguments: c.args }));
  for (const [i, block] of content.toolCallBlocks.entries()) toolCalls.push(parseHermesBlock(block, i, request.stage));
  return { text, reasoning, toolCalls, finishReason, usage, firstTokenMs, totalMs: performance.now() - started };
}

function toOpenAI(m: ChatMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
  if (m.role === 'assistant' && m.toolCalls?.length) {
    return {
      role: 'assistant',
      content: m.content || null,
      tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.arguments } })),
    };
  }
  return { role: m.role, content: m.content };
}

/**
 * Routes content text: `<think>...</think>` becomes reasoning (models whose server has no
 * reasoning parser), `<tool_call>...</tool_call>` is captured as a tool call (servers without a
 * tool parser leave Qwen's Hermes-format calls in the content), the rest is text.
 */
class ContentRouter {
  private readonly think = new TagSplitter('<think>', '</think>');
  private readonly tools: TagSplitter | null;
  private current = '';
  readonly toolCallBlocks: string[] = [];
  private answered = false;

  constructor(detectToolCalls: boolean) {
    this.tools = detectToolCalls ? new TagSplitter('<tool_call>', '</tool_call>') : null;
  }

  push(chunk: string): ChatDelta[] {
    return this.route(this.think.push(chunk), false);
  }

  end(): ChatDelta[] {
    const out = this.route(this.think.end(), true);
    if (this.current.trim()) this.toolCallBlocks.push(this.current); // unterminated block
    this.current = '';
    return out;
  }

  private route(segments: ReturnType<TagSplitter['push']>, ending: boolean): ChatDelta[] {
    const out: ChatDelta[] = [];
    for (const s of segments) {
      if (s.inside) out.push({ type: 'reasoning', delta: s.text });
      else out.push(...this.text(this.tools ? this.tools.push(s.text) : [{ inside: false, text: s.text }]));
    }
    if (ending && this.tools) out.push(...this.text(this.tools.end()));
    return out;
  }

  private text(segments: ReturnType<TagSplitter['push']>): ChatDelta[] {
    const out: ChatDelta[] = [];
    for (const s of segments) {
      if (s.inside) {
        this.current += s.text;
        if (s.closed) {
          this.toolCallBlocks.push(this.current);
          this.current = '';
        }
        continue;
      }
      // Whitespace before the first words (typically after `</think>`) is not part of the answer.
      const delta = this.answered ? s.text : s.text.trimStart();
      if (delta) {
        this.answered = true;
        out.push({ type: 'text', delta });
      }
    }
    return out;
  }
}

function parseArguments(raw: string): Record<string, unknown> | null {
  if (raw.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    // Invalid JSON from the model is a normal outcome here: the caller sees `arguments: null` and `rawArguments`.
    return null;
  }
}

/** `{"name": "...", "arguments": {...}}`, the Hermes tool-call format Qwen writes inside `<tool_call>`. */
function parseHermesBlock(block: string, index: number, stage: string): ToolCall {
  const parsed = parseArguments(block.trim());
  const name = parsed?.name;
  if (typeof name !== 'string') {
    throw modelError('MODEL_BAD_RESPONSE', `${stage}: unreadable <tool_call> block in the model's text`);
  }
  const args = parsed?.arguments ?? parsed?.parameters;
  const rawArguments = typeof args === 'string' ? args : JSON.stringify(args ?? {});
  return { id: `call_text_${index}`, name, arguments: parseArguments(rawArguments), rawArguments };
}
