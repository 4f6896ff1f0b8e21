import { LitElement, css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { renderMarkdown, safeHttpUrl } from './markdown.js';
import { base } from './styles.js';
import type { ChatEntry, Stage, TurnView } from './types.js';

const STAGE_LABEL: Record<Stage, string> = {
  ROUTING: 'Reading your message…',
  SEARCHING: 'Searching NHS condition pages…',
  REASONING: 'Reasoning about your symptoms…',
  ANSWERING: 'Writing the answer…',
};

/** Asks <triage-chat> to send the failed turn's text again. */
export class RetryEvent extends Event {
  constructor(readonly turnId: string) {
    // Not composed: an internal event of <triage-chat>'s shadow tree, not part of the public API.
    super('triage-retry', { bubbles: true, composed: false });
  }
}

/**
 * One message of the conversation. A user message is a bubble; an assistant message is the turn:
 * status line while it runs, reasoning in a <details>, the answer as sanitised markdown, sources,
 * and the failure with Retry.
 */
export class TriageMessage extends LitElement {
  static override properties = {
    entry: { attribute: false },
    busy: { type: Boolean },
    reasoningOpen: { state: true },
  };

  declare entry: ChatEntry | undefined;
  /** Another turn is running: Retry would be refused, so it is disabled. */
  declare busy: boolean;
  /** The visitor's own choice for the reasoning section; undefined = follow the stream. */
  declare reasoningOpen: boolean | undefined;

  /** Last rendered answer, so re-renders for other reasons do not re-parse the markdown. */
  private answerCache: { text: string; fragment: DocumentFragment } | undefined;

  constructor() {
    super();
    this.entry = undefined;
    this.busy = false;
    this.reasoningOpen = undefined;
  }

  static override styles = [
    base,
    css`
      :host {
        display: block;
      }
      .user {
        display: flex;
        justify-content: flex-end;
      }
      .bubble {
        max-width: 85%;
        padding: 0.5rem 0.75rem;
        border-radius: var(--_radius) var(--_radius) calc(var(--_radius) / 4) var(--_radius);
        background: var(--_accent);
        color: var(--_accent-fg);
        white-space: pre-wrap;
        overflow-wrap: anywhere;
      }
      .bubble.pending {
        opacity: 0.85;
      }
      .assistant {
        display: grid;
        gap: 0.5rem;
        padding: 0.625rem 0.75rem;
        border-radius: var(--_radius) var(--_radius) var(--_radius) calc(var(--_radius) / 4);
        background: var(--_surface);
        overflow-wrap: anywhere;
      }
      .status {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        color: var(--_muted);
        font-size: 0.875em;
      }
      .dots {
        display: inline-flex;
        gap: 3px;
      }
      .dots span {
        width: 6px;
        height: 6px;
        border-radius: 50%;
        background: currentColor;
        animation: pulse 1.2s infinite ease-in-out;
      }
      .dots span:nth-child(2) {
        animation-delay: 0.15s;
      }
      .dots span:nth-child(3) {
        animation-delay: 0.3s;
      }
      @keyframes pulse {
        0%,
        80%,
        100% {
          opacity: 0.25;
        }
        40% {
          opacity: 1;
        }
      }
      .engine {
        font-size: 0.8125em;
        color: var(--_muted);
        border: 1px solid var(--_border);
        border-radius: 999px;
        padding: 0.125rem 0.5rem;
        justify-self: start;
      }
      details {
        border-left: 3px solid var(--_border);
        padding-left: 0.5rem;
      }
      summary {
        cursor: pointer;
        color: var(--_muted);
        font-size: 0.875em;
        font-weight: 600;
        min-height: 1.5rem;
      }
      .reasoning {
        margin: 0.375rem 0 0;
        white-space: pre-wrap;
        font-size: 0.875em;
        color: var(--_muted);
      }
      .answer > :first-child {
        margin-top: 0;
      }
      .answer > :last-child {
        margin-bottom: 0;
      }
      .answer :is(h3, h4, h5, h6) {
        font-size: 1em;
        margin: 0.75em 0 0.25em;
      }
      .answer :is(ul, ol) {
        padding-left: 1.25rem;
      }
      .answer pre {
        overflow-x: auto;
        white-space: pre-wrap;
      }
      .answer table {
        display: block;
        overflow-x: auto;
        border-collapse: collapse;
      }
      .answer :is(th, td) {
        border: 1px solid var(--_border);
        padding: 0.25rem 0.5rem;
      }
      .sources h3 {
        font-size: 0.875em;
        margin: 0 0 0.25rem;
        color: var(--_muted);
      }
      .sources ul {
        margin: 0;
        padding-left: 1.25rem;
        font-size: 0.9375em;
      }
      .failure {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem;
        padding: 0.5rem;
        border-radius: calc(var(--_radius) / 1.5);
        background: var(--_danger-bg);
        color: var(--_danger);
      }
      .failure p {
        margin: 0;
        flex: 1 1 12rem;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A different turn in this element (should not happen with keyed repeat, but cheap to honour).
    const prev = changed.get('entry');
    if (prev && this.entry && prev.key !== this.entry.key) this.reasoningOpen = undefined;
  }

  override render(): TemplateResult | typeof nothing {
    const e = this.entry;
    if (!e) return nothing;
    if (e.kind === 'user') {
      return html`<div class="user" part="message user-message">
        <span class="sr-only">You said:</span>
        <div class="bubble ${e.pending ? 'pending' : ''}">${e.text}</div>
      </div>`;
    }
    return this.renderTurn(e.turn);
  }

  private renderTurn(t: TurnView): TemplateResult {
    const running = t.status === 'running';
    return html`<div class="assistant" part="message assistant-message" aria-busy=${running ? 'true' : 'false'}>
      <span class="sr-only">Symptom checker:</span>
      ${t.engine === 'OFFLINE'
        ? html`<span class="engine" part="engine-notice">Offline triage engine, no language model</span>`
        : nothing}
      ${t.reasoning ? this.renderReasoning(t) : nothing}
      ${t.answer ? html`<div class="answer" part="answer">${this.answerFragment(t.answer)}</div>` : nothing}
      ${running ? this.renderStatus(t) : nothing}
      ${t.sources.length ? this.renderSources(t) : nothing}
      ${t.status === 'failed' ? this.renderFailure(t) : nothing}
    </div>`;
  }

  private renderStatus(t: TurnView): TemplateResult {
    const label = t.stageMessage || (t.stage ? STAGE_LABEL[t.stage] : 'Starting…');
    return html`<div class="status" part="status">
      <span class="dots" aria-hidden="true"><span></span><span></span><span></span></span>
      <span>${label}</span>
    </div>`;
  }

  private renderReasoning(t: TurnView): TemplateResult {
    // Open while reasoning streams and nothing is answered yet; closed once the answer starts;
    // the visitor's own toggle wins from then on.
    const auto = t.status === 'running' && !t.answer;
    const open = this.reasoningOpen ?? auto;
    return html`<details part="reasoning" ?open=${open} @toggle=${(ev: Event) => this.onToggle(ev, auto)}>
      <summary>Reasoning${t.status === 'running' && !t.answer ? html`<span class="sr-only"> (in progress)</span>` : nothing}</summary>
      <div class="reasoning">${t.reasoning}</div>
    </details>`;
  }

  private onToggle(ev: Event, auto: boolean): void {
    const open = (ev.target as HTMLDetailsElement).open;
    // Our own ?open binding also fires toggle; only a state that differs from ours is the user's.
    if (open !== (this.reasoningOpen ?? auto)) this.reasoningOpen = open;
  }

  private renderSources(t: TurnView): TemplateResult {
    return html`<div class="sources" part="sources">
      <h3>Sources</h3>
      <ul>
        ${t.sources.map((s) => {
          const href = safeHttpUrl(s.url);
          return html`<li>
            ${href
              ? html`<a href=${href} target="_blank" rel="noopener noreferrer">${s.title}<span class="sr-only"> (opens in a new tab)</span></a>`
              : s.title}
          </li>`;
        })}
      </ul>
    </div>`;
  }

  private renderFailure(t: TurnView): TemplateResult {
    const f = t.failure;
    const text =
      f?.code === 'CANCELLED' ? 'You stopped this answer.' : `Sorry, the answer could not be completed. ${f?.message ?? ''}`;
    return html`<div class="failure" part="error">
      <p>${text}</p>
      ${t.prompt && (f?.retryable !== false || f.code === 'CANCELLED')
        ? html`<button part="retry-button" ?disabled=${this.busy} @click=${() => this.dispatchEvent(new RetryEvent(t.id))}>
            Retry
          </button>`
        : nothing}
    </div>`;
  }

  private answerFragment(text: string): DocumentFragment {
    // Lit skips a child binding whose value is the same object, so a cached fragment is inserted
    // once and later renders with the same text are no-ops.
    if (this.answerCache?.text !== text) this.answerCache = { text, fragment: renderMarkdown(text) };
    return this.answerCache.fragment;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'triage-message': TriageMessage;
  }
}
