import { LitElement, css, html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { Conversation, type ConversationHost } from './conversation.js';
import { base, tokens } from './styles.js';
import type { DemographicsChangeEvent } from './triage-demographics.js';
import type { RetryEvent } from './triage-message.js';
import type { TriageEventMap } from './types.js';

export type TriageChatMode = 'inline' | 'launcher';

/** Parts of the inner elements, re-exported so a page can style them as `triage-chat::part(answer)`. */
const MESSAGE_PARTS =
  'message, user-message, assistant-message, reasoning, answer, sources, status, engine-notice, error, retry-button';

const chatIcon = svg`<path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z"/>`;
const closeIcon = svg`<path fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" d="M6 6l12 12M18 6L6 18"/>`;

/**
 * <triage-chat>: the embeddable symptom checker. Renders inline where it is placed, or with
 * mode="launcher" as a round button bottom-right that opens the same panel. All server work lives
 * in the Conversation controller; this element is layout, focus and keyboard.
 */
export class TriageChat extends LitElement implements ConversationHost {
  static override properties = {
    endpoint: { type: String },
    siteKey: { type: String, attribute: 'site-key' },
    mode: { type: String, reflect: true },
    open: { type: Boolean, reflect: true },
    heading: { type: String },
    announcement: { state: true },
    hasDraft: { state: true },
  };

  /** GraphQL URL (HTTP); the WebSocket URL is derived from it. */
  declare endpoint: string;
  /** Publishable site key, `pk_...`. */
  declare siteKey: string;
  declare mode: TriageChatMode;
  /** Launcher mode: whether the panel is showing. */
  declare open: boolean;
  declare heading: string;
  declare announcement: string;
  declare hasDraft: boolean;

  private readonly conversation = new Conversation(this);
  /** Follow new content down unless the visitor scrolled up to read. */
  private pinned = true;
  private announceTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.endpoint = '';
    this.siteKey = '';
    this.mode = 'inline';
    this.open = false;
    this.heading = 'Symptom checker';
    this.announcement = '';
    this.hasDraft = false;
  }

  static override styles = [
    tokens,
    base,
    css`
      :host {
        display: block;
        font-family: var(--_font);
        font-size: var(--_font-size);
        line-height: 1.45;
        color: var(--_fg);
        text-align: start;
      }
      :host([hidden]) {
        display: none;
      }
      .panel {
        /* Layout adapts to the panel's own width (a sidebar, a phone), not the page's. */
        container-type: inline-size;
        display: flex;
        flex-direction: column;
        height: var(--triage-height, 36rem);
        max-height: 100%;
        min-width: 0;
        background: var(--_bg);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        overflow: hidden;
      }
      .panel[hidden] {
        display: none;
      }
      :host([mode='launcher']) .panel {
        position: fixed;
        right: 1rem;
        bottom: 5.5rem;
        z-index: var(--triage-z-index, 2147483000);
        width: min(var(--triage-panel-width, 25rem), calc(100vw - 2rem));
        height: min(var(--triage-panel-height, 40rem), calc(100vh - 7rem));
        box-shadow: 0 12px 32px rgb(0 0 0 / 0.25);
      }
      /* No smooth scrolling of the log: it would fight the follow-the-stream scrolling. */
      @media (prefers-reduced-motion: no-preference) {
        :host([mode='launcher']) .panel:not([hidden]) {
          animation: rise 160ms ease-out;
        }
      }
      @keyframes rise {
        from {
          opacity: 0;
          transform: translateY(8px);
        }
      }
      /* Phones: the launcher panel takes the whole screen; its header has a Close button. */
      @media (max-width: 480px) {
        :host([mode='launcher']) .panel {
          inset: 0;
          width: 100%;
          height: 100%;
          border-radius: 0;
          border: 0;
        }
        /* It would cover the Send button; Close and Escape are there, and it returns on close. */
        :host([open]) .launcher {
          display: none;
        }
      }
      .launcher {
        position: fixed;
        right: 1rem;
        bottom: 1rem;
        z-index: var(--triage-z-index, 2147483000);
        width: 3.5rem;
        height: 3.5rem;
        padding: 0;
        border-radius: 50%;
        border: 2px solid var(--_accent-fg);
        background: var(--_accent);
        color: var(--_accent-fg);
        box-shadow: 0 4px 14px rgb(0 0 0 / 0.3);
        display: grid;
        place-items: center;
      }
      .launcher svg {
        width: 1.625rem;
        height: 1.625rem;
      }
      header {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        padding: 0.625rem 0.75rem;
        background: var(--_accent);
        color: var(--_accent-fg);
      }
      h2 {
        margin: 0;
        font-size: 1.0625em;
        /* The title gives way (wraps) before the buttons do. */
        flex: 1 1 0;
        min-width: 0;
      }
      header button {
        flex: none;
      }
      @container (max-width: 22rem) {
        .wide-only {
          position: absolute;
          width: 1px;
          height: 1px;
          overflow: hidden;
          clip: rect(0 0 0 0);
          white-space: nowrap;
        }
      }
      header button {
        background: transparent;
        color: var(--_accent-fg);
        border-color: var(--_accent-fg);
        font-size: 0.875em;
      }
      header :focus-visible {
        outline-color: var(--_accent-fg);
      }
      .icon-button {
        width: 2.25rem;
        padding: 0;
        display: grid;
        place-items: center;
      }
      .icon-button svg {
        width: 1.125rem;
        height: 1.125rem;
      }
      .emergency {
        margin: 0;
        padding: 0.5rem 0.75rem;
        background: var(--_emergency-bg);
        color: var(--_emergency-fg);
        font-size: 0.875em;
      }
      .emergency a {
        color: inherit;
        font-weight: 700;
      }
      .banner {
        margin: 0;
        padding: 0.375rem 0.75rem;
        font-size: 0.875em;
        background: var(--_surface);
        color: var(--_fg);
        border-bottom: 1px solid var(--_border);
      }
      .banner:empty {
        display: none;
      }
      .notice {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem;
        align-items: center;
        margin: 0 0.75rem 0.5rem;
        padding: 0.5rem 0.75rem;
        border-radius: calc(var(--_radius) / 1.5);
        font-size: 0.9375em;
        background: var(--_surface);
      }
      .notice.error {
        background: var(--_danger-bg);
        color: var(--_danger);
      }
      .notice p {
        margin: 0;
        flex: 1 1 12rem;
      }
      .log {
        flex: 1 1 auto;
        overflow-y: auto;
        overscroll-behavior: contain;
        padding: 0.75rem;
        min-height: 6rem;
      }
      .log ol {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.75rem;
      }
      .intro {
        margin: 0;
        color: var(--_muted);
      }
      form {
        display: flex;
        gap: 0.5rem;
        align-items: flex-end;
        padding: 0.5rem 0.75rem 0.25rem;
        border-top: 1px solid var(--_border);
      }
      textarea {
        flex: 1 1 auto;
        min-width: 0;
        font: inherit;
        color: var(--_fg);
        background: var(--_bg);
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) / 1.5);
        padding: 0.5rem 0.625rem;
        resize: none;
        field-sizing: content;
        min-height: 2.75rem;
        max-height: 8rem;
      }
      .disclaimer {
        margin: 0;
        padding: 0 0.75rem 0.5rem;
        font-size: 0.75em;
        color: var(--_muted);
      }
    `,
  ];

  // ---- ConversationHost ----

  emit<K extends keyof TriageEventMap>(name: K, detail: TriageEventMap[K]): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  announce(text: string): void {
    // Clear first so that the same text twice in a row is still announced.
    this.announcement = '';
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(() => (this.announcement = text), 150);
  }

  // ---- public API ----

  /** Launcher mode: open the panel and put the caret in the message box. */
  show(): void {
    this.open = true;
  }

  /** Launcher mode: close the panel; focus goes back to the launcher button. */
  hide(): void {
    if (!this.open) return;
    this.open = false;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLButtonElement>('.launcher')?.focus());
  }

  toggle(): void {
    if (this.open) this.hide();
    else this.show();
  }

  /** Forget the conversation (here and on the server) and start again. */
  newConversation(): void {
    this.conversation.newConversation();
    this.pinned = true;
    void this.updateComplete.then(() => this.input?.focus());
  }

  // ---- lifecycle ----

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.announceTimer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('endpoint') || changed.has('siteKey')) this.conversation.configure(this.endpoint, this.siteKey);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open') && this.mode === 'launcher' && changed.get('open') !== undefined) {
      if (this.open) this.input?.focus();
      this.emit('triage-toggle', { open: this.open });
    }
    const log = this.renderRoot.querySelector<HTMLElement>('.log');
    if (log && this.pinned) log.scrollTop = log.scrollHeight;
  }

  private get input(): HTMLTextAreaElement | null {
    return this.renderRoot.querySelector('textarea');
  }

  // ---- rendering ----

  override render(): TemplateResult {
    // Outside the panel, so that an answer finishing while the launcher panel is closed is still announced.
    const live = html`<div class="sr-only" role="status" aria-live="polite" aria-atomic="true">${this.announcement}</div>`;
    if (this.mode !== 'launcher') return html`${this.renderPanel(false)}${live}`;
    return html`${this.renderPanel(true)}${live}
      <button
        class="launcher"
        part="launcher"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="panel"
        aria-label=${this.open ? `Close ${this.heading}` : `Open ${this.heading}`}
        @click=${() => this.toggle()}
        @keydown=${this.onKeydown}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">${this.open ? closeIcon : chatIcon}</svg>
      </button>`;
  }

  private renderPanel(launcher: boolean): TemplateResult {
    const c = this.conversation;
    return html`<section
      id="panel"
      class="panel"
      part="panel"
      role=${launcher ? 'dialog' : 'region'}
      aria-labelledby="title"
      ?hidden=${launcher && !this.open}
      @keydown=${this.onKeydown}
    >
      <header part="header">
        <h2 id="title" part="title">${this.heading}</h2>
        <button part="new-conversation" @click=${() => this.newConversation()} ?disabled=${c.loading}>
          New<span class="wide-only"> conversation</span>
        </button>
        ${launcher
          ? html`<button class="icon-button" part="close-button" aria-label="Close" @click=${() => this.hide()}>
              <svg viewBox="0 0 24 24" aria-hidden="true">${closeIcon}</svg>
            </button>`
          : nothing}
      </header>
      <p class="emergency" part="emergency">
        <strong>In an emergency call <a href="tel:999">999</a> or go to A&amp;E.</strong>
      </p>
      <p class="banner" part="connection" role="status">${this.connectionText()}</p>
      <div
        class="log"
        part="log"
        tabindex="0"
        role="region"
        aria-label="Conversation"
        @scroll=${this.onScroll}
      >
        ${this.renderLog()}
      </div>
      ${this.renderNotice()}
      <triage-demographics
        exportparts="demographics"
        .value=${c.demographics}
        @triage-demographics-change=${(e: DemographicsChangeEvent) => c.setDemographics(e.value)}
      ></triage-demographics>
      <form part="composer" @submit=${this.onSubmit}>
        <label class="sr-only" for="input">Describe your symptoms</label>
        <textarea
          id="input"
          part="input"
          rows="1"
          maxlength="4000"
          placeholder="Describe your symptoms…"
          autocomplete="off"
          ?disabled=${!!c.configError}
          @input=${(e: Event) => (this.hasDraft = (e.target as HTMLTextAreaElement).value.trim() !== '')}
          @keydown=${this.onInputKeydown}
        ></textarea>
        ${c.running
          ? html`<button type="button" part="stop-button" @click=${() => void c.cancel()}>Stop</button>`
          : html`<button type="submit" class="primary" part="send-button" ?disabled=${c.busy || !this.hasDraft}>
              Send
            </button>`}
      </form>
      <p class="disclaimer" part="disclaimer">
        General information, not a diagnosis. Urgent but not an emergency? Call <a href="tel:111">111</a>.
      </p>
    </section>`;
  }

  private renderLog(): TemplateResult {
    const c = this.conversation;
    if (c.configError) return html`<p class="intro" role="alert">${c.configError}</p>`;
    if (c.loading && !c.entries.length) return html`<p class="intro">Loading your conversation…</p>`;
    return html`${c.entries.length
        ? nothing
        : html`<p class="intro">Describe your symptoms in your own words, and the checker will suggest what to do next.</p>`}
      <ol @triage-retry=${(e: RetryEvent) => void c.retry(e.turnId)}>
        ${repeat(
          c.entries,
          (e) => e.key,
          (e) => html`<li><triage-message .entry=${e} .busy=${c.busy} exportparts=${MESSAGE_PARTS}></triage-message></li>`,
        )}
      </ol>`;
  }

  private renderNotice(): TemplateResult | typeof nothing {
    const n = this.conversation.notice;
    if (!n) return nothing;
    const c = this.conversation;
    return html`<div class="notice ${n.tone}" part="notice" role=${n.tone === 'error' ? 'alert' : 'status'}>
      <p>${n.text}</p>
      ${n.action === 'reload' ? html`<button @click=${() => void c.load()}>Try again</button>` : nothing}
      ${n.action === 'reconnect' ? html`<button @click=${() => c.reconnect()}>Reconnect</button>` : nothing}
    </div>`;
  }

  private connectionText(): string {
    const c = this.conversation;
    if (!c.online) return "You're offline. The conversation will continue when you're back online.";
    if (c.connection === 'reconnecting') return 'Connection interrupted. Reconnecting…';
    return '';
  }

  // ---- interaction ----

  private readonly onSubmit = (e: SubmitEvent): void => {
    e.preventDefault();
    void this.submit();
  };

  private async submit(): Promise<void> {
    const input = this.input;
    if (!input || this.conversation.busy) return;
    const text = input.value;
    if (!text.trim()) return;
    // Clear at once, as chat apps do; give the text back if the server did not take it.
    input.value = '';
    this.hasDraft = false;
    this.pinned = true;
    const accepted = await this.conversation.send(text);
    if (!accepted && !input.value) {
      input.value = text;
      this.hasDraft = true;
    }
  }

  private readonly onInputKeydown = (e: KeyboardEvent): void => {
    // Enter sends, Shift+Enter is a new line; never interrupt an IME composition.
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      void this.submit();
    }
  };

  private readonly onKeydown = (e: KeyboardEvent): void => {
    if (e.key === 'Escape' && this.mode === 'launcher' && this.open) {
      e.stopPropagation();
      this.hide();
    }
  };

  private readonly onScroll = (e: Event): void => {
    const log = e.target as HTMLElement;
    this.pinned = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'triage-chat': TriageChat;
  }
  interface HTMLElementEventMap {
    'triage-thread-started': CustomEvent<TriageEventMap['triage-thread-started']>;
    'triage-turn-completed': CustomEvent<TriageEventMap['triage-turn-completed']>;
    'triage-turn-failed': CustomEvent<TriageEventMap['triage-turn-failed']>;
    'triage-thread-cleared': CustomEvent<TriageEventMap['triage-thread-cleared']>;
    'triage-toggle': CustomEvent<TriageEventMap['triage-toggle']>;
  }
}
