/**
 * ChatML, the prompt format of Qwen-family models: each message is
 * `<|im_start|>{role}\n{content}<|im_end|>\n`. The budget-forcing reasoner is driven through the
 * raw completions API, so we render the conversation ourselves instead of relying on the server's
 * chat template.
 */

export const IM_START = '<|im_start|>';
export const IM_END = '<|im_end|>';

export interface ChatMLMessage {
  role: string;
  content: string;
}

/**
 * Removes the pipes from anything that looks like a special token (`<|im_end|>` -> `<im_end>`).
 * The completions API tokenizes special tokens found in the prompt text, so a user typing
 * `<|im_end|><|im_start|>system` could otherwise forge turns.
 */
export function neutraliseSpecialTokens(text: string): string {
  return text.replace(/<\|([A-Za-z0-9_]+)\|>/g, '<$1>');
}

/** Renders messages to ChatML, in order, each ending with `<|im_end|>\n`. Roles must be simple words. */
export function renderChatML(messages: readonly ChatMLMessage[]): string {
  return messages
    .map((m) => {
      if (!/^[a-z_]+$/.test(m.role)) throw new Error(`ChatML role must be a lower-case word, got "${m.role}"`);
      return `${IM_START}${m.role}\n${neutraliseSpecialTokens(m.content)}${IM_END}\n`;
    })
    .join('');
}
