import { LitElement, css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import type { Strings } from './i18n.js';
import { linkTarget, sourceHosts, type LinkPolicy } from './links.js';
import { copyText } from './clipboard.js';
import { MarkdownView, markdownToText, renderMarkdown } from './markdown.js';
import { base } from './styles.js';
import type { Advice, ChatEntry, FeedbackRating, TurnView } from './types.js';

/** Asks <triage-chat> to retry a failed turn. */
export class RetryEvent extends Event {
  constructor(readonly turnId: string) {
    // Not composed: an internal event of <triage-chat>'s shadow tree, not part of the public API.
    super('triage-retry', { bubbles: true, composed: false });
  }
}

/** Asks <triage-chat> to store the visitor's feedback on an answer; `done` reports whether it was stored. */
export class FeedbackEvent extends Event {
  constructor(
    readonly turnId: string,
    readonly rating: FeedbackRating,
    readonly comment: string,
    readonly done: (stored: boolean) => void,
  ) {
    super('triage-feedback', { bubbles: true, composed: false });
  }
}

/** Server-given advice may point at NHS services (111 online) as well as phone numbers. */
const ADVICE_LINKS: LinkPolicy = { hosts: [], domains: ['nhs.uk'] };

const words = (s: string): number => s.split(/\s+/).filter(Boolean).length;

/** The service also writes the advice into the answer (for clients without a card); the card shows it here. */
export function answerWithoutAdvice(answer: string, advice: Advice | undefined): string {
  if (!advice) return answer;
  const block = `**${advice.title}**\n\n${advice.text}`;
  return answer.includes(block) ? answer.replace(block, '').trim() : answer;
}

/**
 * One message of the conversation. A user message is a bubble; an assistant message is the turn:
 * urgent advice first (its own card), the reasoning in a <details> with its length, the answer as
 * markdown, the status line while it runs, sources, the failure with Retry, and for a finished
 * answer: its time, Copy, and feedback.
 */
export class TriageMessage extends LitElement {
  static override properties = {
    entry: { attribute: false },
    strings: { attribute: false },
    locale: { type: String },
    busy: { type: Boolean },
    canRetry: { type: Boolean },
    waiting: { type: Boolean },
    linkDomains: { attribute: false },
    reasoningOpen: { state: true },
    copyState: { state: true },
    feedbackChoice: { state: true },
    feedbackState: { state: true },
  };

  declare entry: ChatEntry | undefined;
  declare strings: Strings;
  /** BCP 47 language of the strings, for dates. */
  declare locale: string;
  /** Another turn is running: Retry would be refused, so it is disabled. */
  declare busy: boolean;
  /** Only the latest message can be answered again (the service keeps the conversation in order). */
  declare canRetry: boolean;
  /** The link to the service is down: the status line says so instead of animating. */
  declare waiting: boolean;
  declare linkDomains: readonly string[];
  /** The visitor's own choice for the reasoning section; undefined = follow the stream. */
  declare reasoningOpen: boolean | undefined;
  declare copyState: '' | 'copied' | 'failed';
  declare feedbackChoice: FeedbackRating | undefined;
  declare feedbackState: '' | 'sending' | 'failed';

  private view: { el: HTMLElement; view: MarkdownView; policyKey: string } | undefined;
  private copyTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.entry = undefined;
    this.busy = false;
    this.canRetry = false;
    this.waiting = false;
    this.linkDomains = [];
    this.locale = 'en';
    this.reasoningOpen = undefined;
    this.copyState = '';
    this.feedbackChoice = undefined;
    this.feedbackState = '';
  }

  static override styles = [
    base,
    css`
      :host {
        display: block;
      }
      .user {
        display: grid;
        justify-items: end;
        gap: 0.125rem;
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
      time {
        font-size: 0.75em;
        color: var(--_muted);
      }
      .assistant {
        display: grid;
        gap: 0.5rem;
        padding: 0.625rem 0.75rem;
        border-radius: var(--_radius) var(--_radius) var(--_radius) calc(var(--_radius) / 4);
        background: var(--_surface);
        overflow-wrap: anywhere;
      }
      .advice {
        display: grid;
        gap: 0.375rem;
        padding: 0.625rem 0.75rem;
        border-radius: calc(var(--_radius) / 1.5);
        border-inline-start: 6px solid currentColor;
        background: var(--_emergency-bg);
        color: var(--_emergency-fg);
      }
      .advice.urgent {
        background: var(--_urgent-bg);
        color: var(--_urgent-fg);
      }
      .advice h3,
      .advice p {
        margin: 0;
      }
      .advice-text > :first-child {
        margin-top: 0;
      }
      .advice-text > :last-child {
        margin-bottom: 0;
      }
      .advice-text ul {
        padding-inline-start: 1.25rem;
        margin: 0.25rem 0;
      }
      .advice-text a[href] {
        color: inherit;
      }
      .advice h3 {
        font-size: 1.0625em;
      }
      .level {
        font-size: 0.8125em;
        font-weight: 700;
        text-transform: uppercase;
        letter-spacing: 0.04em;
      }
      .advice-actions {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .advice-actions a {
        display: inline-block;
        padding: 0.375rem 0.875rem;
        border-radius: 999px;
        border: 2px solid currentColor;
        color: inherit;
        font-weight: 700;
        text-decoration: none;
        min-height: 2.25rem;
      }
      .advice-actions a:focus-visible {
        outline-color: currentColor;
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
      details {
        border-inline-start: 3px solid var(--_border);
        padding-inline-start: 0.5rem;
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
        padding-inline-start: 1.25rem;
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
        padding-inline-start: 1.25rem;
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
      .meta {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.375rem 0.75rem;
        font-size: 0.875em;
      }
      .meta button {
        min-height: 2rem;
        padding: 0.125rem 0.625rem;
      }
      .meta button[aria-pressed='true'] {
        background: var(--_accent);
        color: var(--_accent-fg);
      }
      .feedback {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.375rem;
      }
      .feedback-form {
        display: grid;
        gap: 0.375rem;
        width: 100%;
      }
      .feedback-form textarea {
        font: inherit;
        color: var(--_fg);
        background: var(--_bg);
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) / 2);
        padding: 0.375rem 0.5rem;
        min-height: 3rem;
        width: 100%;
      }
      .feedback-form div {
        display: flex;
        gap: 0.5rem;
        align-items: center;
      }
      .note {
        color: var(--_muted);
      }
      .note.error {
        color: var(--_danger);
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>): void {
    // A different turn in this element (should not happen with keyed repeat, but cheap to honour).
    const prev = changed.get('entry');
    if (prev && this.entry && prev.key !== this.entry.key) {
      this.reasoningOpen = undefined;
      this.feedbackChoice = undefined;
    }
  }

  protected override updated(): void {
    const e = this.entry;
    const el = this.renderRoot.querySelector<HTMLElement>('.answer');
    if (!el || e?.kind !== 'assistant') {
      this.view = undefined;
      return;
    }
    // The answer's DOM is the markdown renderer's, not Lit's (no bindings inside .answer).
    const policy: LinkPolicy = { hosts: sourceHosts(e.turn.sources.map((s) => s.url)), domains: this.linkDomains };
    const policyKey = JSON.stringify(policy);
    if (!this.view || this.view.el !== el || this.view.policyKey !== policyKey) {
      this.view = { el, view: new MarkdownView(el, policy), policyKey };
    }
    this.view.view.update(answerWithoutAdvice(e.turn.answer, e.turn.advice), e.turn.status !== 'running');
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.copyTimer);
  }

  override render(): TemplateResult | typeof nothing {
    const e = this.entry;
    if (!e) return nothing;
    const t = this.strings;
    if (e.kind === 'user') {
      return html`<div class="user" part="message user-message">
        <span class="sr-only">${t.youSaid}</span>
        <div class="bubble ${e.pending ? 'pending' : ''}" dir="auto">${e.text}</div>
        ${this.time(e.at, t.sentAt)}
      </div>`;
    }
    return this.renderTurn(e.turn);
  }

  private time(iso: string, label: string): TemplateResult | typeof nothing {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return nothing;
    const today = date.toDateString() === new Date().toDateString();
    const text = new Intl.DateTimeFormat(this.locale || 'en', today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' }).format(date);
    return html`<time part="timestamp" datetime=${date.toISOString()}><span class="sr-only">${label} </span>${text}</time>`;
  }

  private renderTurn(turn: TurnView): TemplateResult {
    const running = turn.status === 'running';
    const t = this.strings;
    return html`<div class="assistant" part="message assistant-message" aria-busy=${running ? 'true' : 'false'}>
      <span class="sr-only">${t.checkerSaid}</span>
      ${turn.advice ? this.renderAdvice(turn.advice) : nothing}
      ${turn.reasoning ? this.renderReasoning(turn) : nothing}
      ${answerWithoutAdvice(turn.answer, turn.advice) ? html`<div class="answer" part="answer" dir="auto"></div>` : nothing}
      ${running ? this.renderStatus(turn) : nothing}
      ${turn.sources.length ? this.renderSources(turn) : nothing}
      ${turn.status === 'failed' ? this.renderFailure(turn) : nothing}
      ${turn.status === 'completed' ? this.renderMeta(turn) : nothing}
    </div>`;
  }

  private renderAdvice(a: Advice): TemplateResult {
    const t = this.strings;
    const emergency = a.level === 'EMERGENCY';
    return html`<section
      class="advice ${emergency ? 'emergency' : 'urgent'}"
      part="advice ${emergency ? 'advice-emergency' : 'advice-urgent'}"
      aria-labelledby="advice-title"
    >
      <span class="level">${emergency ? t.emergencyLabel : t.urgentLabel}</span>
      <h3 id="advice-title" dir="auto">${a.title}</h3>
      <div class="advice-text" dir="auto">${this.adviceText(a.text)}</div>
      ${a.actions.length
        ? html`<ul class="advice-actions">
            ${a.actions.map((action) => {
              const target = linkTarget(action.href, ADVICE_LINKS);
              if (!target) return html`<li>${action.label}</li>`;
              return html`<li>
                <a
                  part="advice-action"
                  href=${target.href}
                  target=${target.newTab ? '_blank' : nothing}
                  rel=${target.newTab ? 'noopener noreferrer' : nothing}
                  >${action.label}</a
                >
              </li>`;
            })}
          </ul>`
        : nothing}
    </section>`;
  }

  private adviceCache: { text: string; el: HTMLElement } | undefined;

  /** The advice text is Markdown from the service; rendered once per text. */
  private adviceText(text: string): HTMLElement {
    if (this.adviceCache?.text !== text) this.adviceCache = { text, el: renderMarkdown(text, ADVICE_LINKS) };
    return this.adviceCache.el;
  }

  private renderStatus(turn: TurnView): TemplateResult {
    const t = this.strings;
    if (this.waiting) return html`<div class="status" part="status">${t.waiting}</div>`;
    const label = turn.stageMessage || (turn.stage ? t[turn.stage] : t.starting);
    return html`<div class="status" part="status">
      <span class="dots" aria-hidden="true"><span></span><span></span><span></span></span>
      <span>${label}</span>
    </div>`;
  }

  private renderReasoning(turn: TurnView): TemplateResult {
    const t = this.strings;
    // Open while reasoning streams and nothing is answered yet; closed once the answer starts;
    // the visitor's own toggle wins from then on.
    const streaming = turn.status === 'running' && !turn.answer;
    const open = this.reasoningOpen ?? streaming;
    return html`<details part="reasoning" ?open=${open} @toggle=${(ev: Event) => this.onToggle(ev, streaming)}>
      <summary>
        ${t.reasoning} · ${t.reasoningLength(words(turn.reasoning))}${streaming
          ? html`<span class="sr-only"> ${t.inProgress}</span>`
          : nothing}
      </summary>
      <div class="reasoning" dir="auto">${turn.reasoning}</div>
    </details>`;
  }

  private onToggle(ev: Event, auto: boolean): void {
    const open = (ev.target as HTMLDetailsElement).open;
    // Our own ?open binding also fires toggle; only a state that differs from ours is the user's.
    if (open !== (this.reasoningOpen ?? auto)) this.reasoningOpen = open;
  }

  private renderSources(turn: TurnView): TemplateResult {
    const t = this.strings;
    return html`<div class="sources" part="sources">
      <h3>${t.sources}</h3>
      <ul>
        ${turn.sources.map((s) => {
          const target = linkTarget(s.url, { hosts: sourceHosts([s.url]), domains: [] });
          return html`<li>
            ${target
              ? html`<a href=${target.href} target="_blank" rel="noopener noreferrer"
                  >${s.title}<span class="sr-only"> ${t.newTab}</span></a
                >`
              : s.title}
          </li>`;
        })}
      </ul>
    </div>`;
  }

  private renderFailure(turn: TurnView): TemplateResult {
    const f = turn.failure;
    const t = this.strings;
    const cancelled = f?.code === 'CANCELLED';
    const text = cancelled ? t.stopped : `${t.failed} ${f?.message ?? ''}`;
    return html`<div class="failure" part="error">
      <p>${text}</p>
      ${this.canRetry && (f?.retryable !== false || cancelled)
        ? html`<button part="retry-button" ?disabled=${this.busy} @click=${() => this.dispatchEvent(new RetryEvent(turn.id))}>
            ${t.retry}
          </button>`
        : nothing}
    </div>`;
  }

  private renderMeta(turn: TurnView): TemplateResult {
    const t = this.strings;
    return html`<div class="meta" part="answer-meta">
      ${this.time(turn.at, t.answeredAt)}
      <button part="copy-button" @click=${() => void this.copy(turn.answer)}>${t.copy}</button>
      <span class="note ${this.copyState === 'failed' ? 'error' : ''}" role="status"
        >${this.copyState === 'copied' ? t.copied : this.copyState === 'failed' ? t.copyFailed : ''}</span
      >
      ${this.renderFeedback(turn)}
    </div>`;
  }

  private renderFeedback(turn: TurnView): TemplateResult {
    const t = this.strings;
    if (turn.feedback) return html`<p class="note" part="feedback" role="status">${t.feedbackThanks}</p>`;
    const choice = this.feedbackChoice;
    const choose = (rating: FeedbackRating) => () => {
      this.feedbackChoice = rating;
      this.feedbackState = '';
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLTextAreaElement>('.feedback-form textarea')?.focus());
    };
    return html`<div class="feedback" part="feedback" role="group" aria-label=${t.feedbackQuestion}>
      <span>${t.feedbackQuestion}</span>
      <button part="feedback-helpful" aria-pressed=${choice === 'HELPFUL' ? 'true' : 'false'} @click=${choose('HELPFUL')}>
        ${t.helpful}
      </button>
      <button part="feedback-not-helpful" aria-pressed=${choice === 'NOT_HELPFUL' ? 'true' : 'false'} @click=${choose('NOT_HELPFUL')}>
        ${t.notHelpful}
      </button>
      ${choice
        ? html`<form class="feedback-form" @submit=${(ev: SubmitEvent) => this.submitFeedback(ev, turn.id, choice)}>
            <label for="feedback-comment">${t.feedbackComment}</label>
            <textarea id="feedback-comment" name="comment" rows="2" maxlength="1000" dir="auto"></textarea>
            <div>
              <button type="submit" class="primary" ?disabled=${this.feedbackState === 'sending'}>${t.feedbackSend}</button>
              ${this.feedbackState === 'failed' ? html`<span class="note error" role="alert">${t.feedbackFailed}</span>` : nothing}
            </div>
          </form>`
        : nothing}
    </div>`;
  }

  private submitFeedback(ev: SubmitEvent, turnId: string, rating: FeedbackRating): void {
    ev.preventDefault();
    const comment = (ev.target as HTMLFormElement).querySelector('textarea')?.value ?? '';
    this.feedbackState = 'sending';
    this.dispatchEvent(
      new FeedbackEvent(turnId, rating, comment, (stored) => {
        this.feedbackState = stored ? '' : 'failed';
      }),
    );
  }

  private async copy(answer: string): Promise<void> {
    const ok = await copyText(markdownToText(answer), this.renderRoot);
    this.copyState = ok ? 'copied' : 'failed';
    clearTimeout(this.copyTimer);
    this.copyTimer = setTimeout(() => (this.copyState = ''), 3000);
  }

  /** The answer's text as the visitor reads it (used by tests and the copy button). */
  get answerText(): string {
    return this.entry?.kind === 'assistant' ? markdownToText(this.entry.turn.answer) : '';
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'triage-message': TriageMessage;
  }
}
