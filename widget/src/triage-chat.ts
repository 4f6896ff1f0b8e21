import { LitElement, css, html, nothing, svg, type PropertyValues, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import { Conversation, type ConversationHost } from './conversation.js';
import { fill, stringsFor, type Strings } from './i18n.js';
import { parseDomains } from './links.js';
import { updatePrintSheet } from './print.js';
import { base, tokens } from './styles.js';
import type { DemographicsChangeEvent } from './triage-demographics.js';
import type { FeedbackEvent, RetryEvent } from './triage-message.js';
import type { SummaryCloseEvent } from './triage-summary.js';
import type { TriageEventMap, VisitorSummary } from './types.js';
import { MAX_MESSAGE_CHARS, charCount } from './validation.js';

export type TriageChatMode = 'inline' | 'launcher';

/** Parts of the inner elements, re-exported so a page can style them as `triage-chat::part(answer)`. */
const MESSAGE_PARTS =
  'message, user-message, assistant-message, timestamp, advice, advice-emergency, advice-urgent, advice-action, reasoning, answer, ' +
  'answer-meta, copy-button, feedback, feedback-helpful, feedback-not-helpful, sources, status, error, retry-button';
/** Parts of <triage-summary>, re-exported the same way. */
const SUMMARY_PARTS = 'summary, summary-messages, summary-advice, summary-findings, summary-print, summary-copy, summary-back';

/** The counter appears from this share of the limit on. */
const COUNTER_FROM = 0.9;
/** Launcher panel is full screen (and modal, with a focus trap) at or under this width. */
const FULL_SCREEN = '(max-width: 480px)';

const chatIcon = svg`<path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm5 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z"/>`;
const closeIcon = svg`<path fill="none" stroke="currentColor" stroke-width="2.5" stroke-linecap="round" d="M6 6l12 12M18 6L6 18"/>`;

/** "In an emergency call {999}…" with the number as a tel: link (no new tab). */
function withPhone(template: string, number: '999' | '111'): TemplateResult {
  const [before, after] = template.split(`{${number}}`);
  return html`${before}<a href="tel:${number}">${number}</a>${after ?? ''}`;
}

/**
 * <triage-chat>: the embeddable symptom checker. Renders inline where it is placed, or with
 * mode="launcher" as a round button bottom-right that opens the same panel (a modal, full-screen
 * dialog on phones). All server work lives in the Conversation controller; this element is
 * layout, language, focus, scrolling and keyboard.
 */
export class TriageChat extends LitElement implements ConversationHost {
  static override properties = {
    endpoint: { type: String },
    siteKey: { type: String, attribute: 'site-key' },
    mode: { type: String, reflect: true },
    open: { type: Boolean, reflect: true },
    heading: { type: String },
    language: { type: String, attribute: 'lang' },
    theme: { type: String, reflect: true },
    linkDomains: { type: String, attribute: 'link-domains' },
    privacyUrl: { type: String, attribute: 'privacy-url' },
    userId: { type: String, attribute: 'user-id' },
    userHash: { type: String, attribute: 'user-hash' },
    userToken: { type: String, attribute: 'user-token' },
    politeText: { state: true },
    assertiveText: { state: true },
    draftChars: { state: true },
    confirming: { state: true },
    unseen: { state: true },
    summary: { state: true },
    summaryState: { state: true },
  };

  /** GraphQL URL (HTTP); the WebSocket URL is derived from it. */
  declare endpoint: string;
  /** Publishable site key, `pk_...`. */
  declare siteKey: string;
  declare mode: TriageChatMode;
  /** Launcher mode: whether the panel is showing. */
  declare open: boolean;
  /** Title in the header; defaults to the catalogue's "Symptom checker". */
  declare heading: string | null;
  /** `lang` attribute: picks the string catalogue (en, ar); default the page's language. */
  declare language: string | null;
  /** `light`, `dark`, or unset to follow `prefers-color-scheme`. */
  declare theme: string | null;
  /** Extra domains (and their subdomains) answers may link to, space-separated. */
  declare linkDomains: string | null;
  /** The site's privacy policy, linked from the notice shown before the first message. */
  declare privacyUrl: string | null;
  /**
   * A signed-in visitor (docs/signed-in-visitors.md): the site's user id with the proof its server
   * made, `user-hash` (HMAC of the id) or `user-token` (a short-lived JWT). Their conversations
   * are then kept with their account and listed on any device.
   */
  declare userId: string | null;
  declare userHash: string | null;
  declare userToken: string | null;
  declare politeText: string;
  declare assertiveText: string;
  declare draftChars: number;
  declare confirming: 'new' | 'delete' | null;
  /** The visitor scrolled up, away from the newest content: "Jump to latest" shows. */
  declare unseen: boolean;
  /** The summary for a GP, pharmacist or 111, while it is shown in place of the conversation. */
  declare summary: VisitorSummary | null;
  declare summaryState: '' | 'loading' | 'failed';

  strings: Strings = stringsFor('en').strings;
  private locale = 'en';
  private readonly conversation = new Conversation(this);
  /** Follow new content down unless the visitor scrolled up to read. */
  private pinned = true;
  private announceTimers: ReturnType<typeof setTimeout>[] = [];
  private resize: ResizeObserver | undefined;
  private readonly fullScreen = window.matchMedia(FULL_SCREEN);

  constructor() {
    super();
    this.endpoint = '';
    this.siteKey = '';
    this.mode = 'inline';
    this.open = false;
    this.heading = null;
    this.language = null;
    this.theme = null;
    this.linkDomains = null;
    this.privacyUrl = null;
    this.userId = null;
    this.userHash = null;
    this.userToken = null;
    this.politeText = '';
    this.assertiveText = '';
    this.draftChars = 0;
    this.confirming = null;
    this.unseen = false;
    this.summary = null;
    this.summaryState = '';
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
        margin: 0;
        padding: 0;
        background: var(--_bg);
        color: var(--_fg);
        border: 1px solid var(--_border);
        border-radius: var(--_radius);
        overflow: hidden;
        position: relative;
      }
      dialog.panel:not([open]) {
        display: none;
      }
      dialog.panel {
        position: fixed;
        inset: auto 1rem 5.5rem auto;
        z-index: var(--triage-z-index, 2147483000);
        width: min(var(--triage-panel-width, 25rem), calc(100vw - 2rem));
        height: min(var(--triage-panel-height, 40rem), calc(100vh - 7rem));
        max-width: none;
        max-height: none;
        box-shadow: 0 12px 32px rgb(0 0 0 / 0.25);
      }
      [dir='rtl'] > dialog.panel {
        inset: auto auto 5.5rem 1rem;
      }
      dialog.panel::backdrop {
        background: rgb(0 0 0 / 0.4);
      }
      /* No smooth scrolling of the log: it would fight the follow-the-stream scrolling. */
      @media (prefers-reduced-motion: no-preference) {
        dialog.panel[open] {
          animation: rise 160ms ease-out;
        }
      }
      @keyframes rise {
        from {
          opacity: 0;
          transform: translateY(8px);
        }
      }
      /* Phones: the launcher panel is a modal dialog covering the screen; Close and Escape leave it. */
      @media (max-width: 480px) {
        [dir] > dialog.panel {
          inset: 0;
          width: 100%;
          height: 100%;
          border-radius: 0;
          border: 0;
        }
      }
      .launcher {
        position: fixed;
        inset: auto 1rem 1rem auto;
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
      .launcher[hidden] {
        display: none;
      }
      [dir='rtl'] > .launcher {
        inset: auto auto 1rem 1rem;
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
        background: transparent;
        color: var(--_accent-fg);
        border-color: var(--_accent-fg);
        font-size: 0.875em;
      }
      header :focus-visible {
        outline-color: var(--_accent-fg);
      }
      .narrow {
        display: none;
      }
      @container (max-width: 22rem) {
        .wide {
          display: none;
        }
        .narrow {
          display: inline;
        }
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
        font-size: 0.9375em;
        font-weight: 700;
      }
      .emergency a {
        color: inherit;
      }
      .emergency a:focus-visible {
        outline-color: currentColor;
      }
      .banner {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem;
        padding: 0.375rem 0.75rem;
        font-size: 0.875em;
        background: var(--_surface);
        border-bottom: 1px solid var(--_border);
      }
      .banner[hidden] {
        display: none;
      }
      .banner p {
        margin: 0;
        flex: 1 1 12rem;
      }
      .notice,
      .confirm {
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
      .confirm {
        border: 2px solid var(--_accent);
      }
      .notice p,
      .confirm p {
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
        margin: 0 0 0.75rem;
        color: var(--_muted);
      }
      .consent {
        display: grid;
        gap: 0.5rem;
        padding: 0.75rem;
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) / 1.5);
        background: var(--_surface);
      }
      .consent h3,
      .consent p {
        margin: 0;
      }
      .my-threads h3 {
        margin: 0.5rem 0 0.25rem;
        font-size: 1em;
      }
      .my-threads ul {
        margin: 0;
        padding: 0;
        list-style: none;
        display: grid;
        gap: 0.25rem;
      }
      .my-threads button {
        text-align: start;
      }
      .my-threads time {
        color: var(--_muted, inherit);
        font-size: 0.875em;
      }
      .consent h3 {
        font-size: 1em;
      }
      .consent button {
        justify-self: start;
      }
      .jump {
        position: absolute;
        inset-inline-end: 1rem;
        z-index: 1;
        box-shadow: 0 2px 8px rgb(0 0 0 / 0.25);
      }
      .jump-anchor {
        position: relative;
        height: 0;
      }
      .jump-anchor .jump {
        bottom: 0.5rem;
      }
      form {
        display: grid;
        grid-template-columns: 1fr auto;
        gap: 0.25rem 0.5rem;
        align-items: end;
        padding: 0.5rem 0.75rem 0.25rem;
        border-top: 1px solid var(--_border);
      }
      textarea {
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
      textarea[aria-invalid='true'] {
        border: 2px solid var(--_danger);
      }
      .counter {
        grid-column: 1 / -1;
        margin: 0;
        font-size: 0.8125em;
        color: var(--_muted);
      }
      .counter.over {
        color: var(--_danger);
        font-weight: 600;
      }
      footer {
        display: flex;
        flex-wrap: wrap;
        justify-content: space-between;
        align-items: center;
        gap: 0.25rem 0.75rem;
        padding: 0 0.75rem 0.5rem;
        font-size: 0.8125em;
        color: var(--_muted);
      }
      footer p {
        margin: 0;
      }
      .link-button {
        border: 0;
        background: none;
        padding: 0;
        min-height: 1.5rem;
        color: var(--_link);
        text-decoration: underline;
      }
      .conversation {
        display: contents;
      }
      .conversation[hidden] {
        display: none;
      }
      .summary-view {
        flex: 1 1 auto;
        overflow-y: auto;
        overscroll-behavior: contain;
        padding: 0.75rem;
      }
      footer .links {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.25rem 0.75rem;
      }
      /* Printing a summary: the summary alone, at full length, as ink on paper. */
      @media print {
        .panel.summary-mode {
          position: static !important;
          inset: auto !important;
          width: auto !important;
          height: auto !important;
          max-height: none !important;
          overflow: visible !important;
          border: 0 !important;
          box-shadow: none !important;
          background: #fff;
          color: #000;
        }
        .summary-mode > :not(.summary-view),
        :host([summary-open]) .launcher {
          display: none !important;
        }
        .summary-mode > .summary-view {
          overflow: visible;
          padding: 0;
        }
      }
    `,
  ];

  // ---- ConversationHost ----

  emit<K extends keyof TriageEventMap>(name: K, detail: TriageEventMap[K]): void {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  announce(text: string, assertive = false): void {
    // Clear first so that the same text twice in a row is still announced.
    const key = assertive ? 'assertiveText' : 'politeText';
    this[key] = '';
    this.announceTimers.push(setTimeout(() => (this[key] = text), 150));
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

  /** The proof the attributes give, or null (anonymous) when there is none. */
  private identity(): { userId: string | null; userHash: string | null; userToken: string | null } | null {
    if (!this.userHash && !this.userToken) return null;
    return { userId: this.userId || null, userHash: this.userHash || null, userToken: this.userToken || null };
  }

  /** Starts a new conversation (asks first when there is one to lose; a signed-in visitor loses none). */
  newConversation(): void {
    // The question is asked in the conversation view.
    this.closeSummary(false);
    if (this.conversation.signedIn) {
      this.conversation.leaveConversation();
      this.focusStart();
    } else if (this.conversation.hasConversation) this.ask('new');
    else void this.startOver('new');
  }

  /** Deletes the conversation here and on the server (asks first). */
  deleteConversation(): void {
    this.closeSummary(false);
    if (this.conversation.hasConversation) this.ask('delete');
  }

  /** Shows the conversation's summary for a GP, pharmacist or NHS 111 in place of the conversation. */
  async showSummary(): Promise<void> {
    if (this.summaryState === 'loading') return;
    this.summaryState = 'loading';
    this.announce(this.strings.summaryLoading);
    let summary: VisitorSummary | null = null;
    try {
      summary = await this.conversation.summary();
    } catch (err) {
      console.warn('[triage-chat] summary not available:', err);
    }
    if (!summary) {
      this.summaryState = 'failed';
      return;
    }
    this.summaryState = '';
    this.summary = summary;
    this.toggleAttribute('summary-open', true);
    updatePrintSheet();
    await this.updateComplete;
    this.renderRoot.querySelector('triage-summary')?.focusHeading();
  }

  /** Back to the conversation; focus returns to the Summary button unless `refocus` is false. */
  closeSummary(refocus = true): void {
    if (!this.summary) return;
    this.summary = null;
    this.toggleAttribute('summary-open', false);
    updatePrintSheet();
    if (refocus) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[part~="summary-button"]')?.focus());
  }

  // ---- lifecycle ----

  override connectedCallback(): void {
    super.connectedCallback();
    this.fullScreen.addEventListener('change', this.onViewportChange);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.fullScreen.removeEventListener('change', this.onViewportChange);
    for (const t of this.announceTimers) clearTimeout(t);
    this.resize?.disconnect();
    this.resize = undefined;
    this.toggleAttribute('summary-open', false);
    updatePrintSheet();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('language') || !this.locale) {
      const picked = stringsFor(this.language ?? document.documentElement.lang ?? 'en');
      this.strings = picked.strings;
      this.locale = picked.lang;
    }
    const identityChanged = changed.has('userId') || changed.has('userHash') || changed.has('userToken');
    if (changed.has('endpoint') || changed.has('siteKey') || identityChanged) this.conversation.configure(this.endpoint, this.siteKey, this.identity());
  }

  protected override firstUpdated(): void {
    // Children (messages) render after this element, so follow the list's size, not our updates.
    this.resize = new ResizeObserver(() => this.follow());
    const log = this.log;
    if (log) this.resize.observe(log);
  }

  protected override updated(changed: PropertyValues<this>): void {
    const list = this.renderRoot.querySelector('.log ol');
    if (list && this.resize) this.resize.observe(list);
    if (changed.has('open') && this.mode === 'launcher') this.syncDialog(changed.get('open') !== undefined);
    this.follow();
  }

  private get log(): HTMLElement | null {
    return this.renderRoot.querySelector('.log');
  }

  private get input(): HTMLTextAreaElement | null {
    return this.renderRoot.querySelector('textarea#input');
  }

  private get dialog(): HTMLDialogElement | null {
    return this.renderRoot.querySelector('dialog');
  }

  /** Opens the launcher dialog: modal (focus trapped, page inert) when it fills the screen. */
  private syncDialog(userChange: boolean): void {
    const dialog = this.dialog;
    if (!dialog) return;
    if (this.open && !dialog.open) {
      if (this.fullScreen.matches) dialog.showModal();
      else dialog.show();
    } else if (!this.open && dialog.open) {
      dialog.close();
    }
    if (userChange) {
      if (this.open) this.focusStart();
      this.emit('triage-toggle', { open: this.open });
    }
  }

  private readonly onViewportChange = (): void => {
    // Switching between phone and desktop layouts while open: reopen in the matching kind.
    const dialog = this.dialog;
    if (!dialog?.open) return;
    dialog.close();
    this.syncDialog(false);
  };

  private focusStart(): void {
    void this.updateComplete.then(() => {
      const target = this.input ?? this.renderRoot.querySelector<HTMLElement>('[data-autofocus]');
      target?.focus();
    });
  }

  /** Keeps the newest content in view while pinned; otherwise offers "Jump to latest". */
  private follow(): void {
    const log = this.log;
    if (!log) return;
    const bottom = log.scrollHeight - log.clientHeight;
    // Moved up since we last scrolled it (its scroll event may not have fired yet): the visitor's.
    if (this.pinned && this.autoTop >= 0 && log.scrollTop < this.autoTop - 2) {
      this.pinned = false;
      this.autoTop = -1;
    }
    if (!this.pinned) {
      if (bottom - log.scrollTop > 48 && !this.unseen) this.unseen = true;
      return;
    }
    // Emergency advice must not scroll away under a long answer: keep the card's top in view.
    const card = this.latestAdviceCard();
    let target = bottom;
    if (card) {
      const top = card.getBoundingClientRect().top - log.getBoundingClientRect().top + log.scrollTop - 8;
      target = Math.min(bottom, Math.max(0, top));
    }
    if (Math.abs(log.scrollTop - target) > 1) {
      log.scrollTop = target;
      this.autoTop = log.scrollTop;
    }
    // Held at the advice card with more below: offer the rest; at the bottom: nothing to offer.
    const below = bottom - target > 48;
    if (this.unseen !== below) this.unseen = below;
  }

  /** Where our own scrolling left the log: a scroll event there is ours, not the visitor's. */
  private autoTop = -1;

  private latestAdviceCard(): HTMLElement | null {
    const messages = this.renderRoot.querySelectorAll('triage-message');
    const last = messages[messages.length - 1];
    return last?.shadowRoot?.querySelector<HTMLElement>('.advice') ?? null;
  }

  private jumpToLatest(): void {
    const log = this.log;
    if (!log) return;
    this.pinned = true;
    this.unseen = false;
    log.scrollTop = log.scrollHeight;
    this.autoTop = log.scrollTop;
    this.input?.focus();
  }

  /** The visitor is scrolling back: stop following at once, before the stream moves the view. */
  private unpin(): void {
    this.pinned = false;
    this.autoTop = -1;
  }

  private readonly onScroll = (e: Event): void => {
    const log = e.target as HTMLElement;
    if (Math.abs(log.scrollTop - this.autoTop) < 2) return;
    this.autoTop = -1;
    const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
    this.pinned = atBottom;
    // Away from the newest content (the visitor scrolled up to read): offer the way back.
    this.unseen = !atBottom;
  };

  // ---- rendering ----

  override render(): TemplateResult {
    const t = this.strings;
    const heading = this.heading || t.title;
    // Outside the panel, so that an answer finishing while the launcher panel is closed is still announced.
    const live = html`<div class="sr-only" role="status" aria-live="polite" aria-atomic="true">${this.politeText}</div>
      <div class="sr-only" role="alert" aria-live="assertive" aria-atomic="true">${this.assertiveText}</div>`;
    const dir = this.getAttribute('dir') ?? t.dir;
    if (this.mode !== 'launcher') return html`<div lang=${this.locale} dir=${dir}>${this.renderPanel(false, heading)}${live}</div>`;
    return html`<div lang=${this.locale} dir=${dir}>
      ${this.renderPanel(true, heading)}${live}
      <button
        class="launcher"
        part="launcher"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="panel"
        aria-label=${this.open ? t.close : fill(t.open, { title: heading })}
        ?hidden=${this.open && this.fullScreen.matches}
        @click=${() => this.toggle()}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">${this.open ? closeIcon : chatIcon}</svg>
      </button>
    </div>`;
  }

  private renderPanel(launcher: boolean, heading: string): TemplateResult {
    const c = this.conversation;
    const t = this.strings;
    const body = html`<header part="header">
        <h2 id="title" part="title">${heading}</h2>
        <button
          part="new-conversation"
          aria-label=${t.newConversation}
          @click=${() => this.newConversation()}
          ?disabled=${c.loading || !!c.configError}
        >
          <span class="wide">${t.newConversation}</span><span class="narrow" aria-hidden="true">${t.newShort}</span>
        </button>
        ${launcher
          ? html`<button class="icon-button" part="close-button" aria-label=${t.close} @click=${() => this.hide()}>
              <svg viewBox="0 0 24 24" aria-hidden="true">${closeIcon}</svg>
            </button>`
          : nothing}
      </header>
      <p class="emergency" part="emergency">${t.notDoctor} ${withPhone(t.emergency, '999')}</p>
      ${this.renderConnection()}
      <div class="conversation" ?hidden=${!!this.summary}>${this.renderConversation()}</div>
      ${this.summary ? this.renderSummary() : nothing}
      <footer part="disclaimer">
        <p>${withPhone(t.disclaimer, '111')}</p>
        ${c.hasConversation
          ? html`<span class="links">
              ${c.threadId && !this.summary
                ? html`<button class="link-button" part="summary-button" ?disabled=${this.summaryState === 'loading'} @click=${() => void this.showSummary()}>
                    ${t.summary}
                  </button>`
                : nothing}
              <button class="link-button" part="delete-conversation" @click=${() => this.deleteConversation()}>${t.deleteConversation}</button>
              ${this.summaryState === 'failed' ? html`<span role="alert" part="summary-error">${t.summaryFailed}</span>` : nothing}
            </span>`
          : nothing}
      </footer>`;
    if (launcher) {
      return html`<dialog
        id="panel"
        class="panel ${this.summary ? 'summary-mode' : ''}"
        part="panel"
        aria-labelledby="title"
        @cancel=${this.onDialogCancel}
        @keydown=${this.onKeydown}
      >
        ${this.sentinel('start')}${body}${this.sentinel('end')}
      </dialog>`;
    }
    return html`<section id="panel" class="panel ${this.summary ? 'summary-mode' : ''}" part="panel" role="region" aria-labelledby="title">${body}</section>`;
  }

  /** The conversation: its log, the way back to the newest, notices, and the composer. */
  private renderConversation(): TemplateResult {
    const c = this.conversation;
    const t = this.strings;
    return html`<div
        class="log"
        part="log"
        tabindex="0"
        role="region"
        aria-label=${t.conversation}
        @scroll=${this.onScroll}
        @wheel=${(e: WheelEvent) => e.deltaY < 0 && this.unpin()}
        @touchmove=${() => this.unpin()}
      >
        ${this.renderLog()}
      </div>
      ${this.unseen
        ? html`<div class="jump-anchor">
            <button class="jump primary" part="jump-to-latest" @click=${() => this.jumpToLatest()}>${t.jumpToLatest} ↓</button>
          </div>`
        : nothing}
      ${this.renderNotice()} ${this.renderConfirm()}
      ${c.consented && !c.configError
        ? html`<triage-demographics
              exportparts="demographics"
              .value=${c.draft}
              .errors=${c.demographicsErrors}
              .strings=${t}
              @triage-demographics-change=${(e: DemographicsChangeEvent) => c.setDraft(e.value)}
            ></triage-demographics>
            ${this.renderComposer()}`
        : nothing}`;
  }

  /** The summary in place of the conversation (the header, the emergency line and the footer stay). */
  private renderSummary(): TemplateResult {
    return html`<div class="summary-view" part="summary-view">
        <triage-summary
          .summary=${this.summary}
          .strings=${this.strings}
          locale=${this.locale}
          exportparts=${SUMMARY_PARTS}
          @triage-summary-close=${(_e: SummaryCloseEvent) => this.closeSummary()}
        ></triage-summary>
      </div>`;
  }

  /**
   * The focus trap of the full-screen (modal) panel. A modal dialog makes the page inert, but Tab
   * past its last control would still leave for the browser's own UI; these two focusable edges
   * send focus round to the other end instead.
   */
  private sentinel(edge: 'start' | 'end'): TemplateResult | typeof nothing {
    if (!(this.open && this.fullScreen.matches)) return nothing;
    return html`<span class="sr-only" tabindex="0" data-edge=${edge} @focus=${() => this.wrapFocus(edge)}></span>`;
  }

  private wrapFocus(edge: 'start' | 'end'): void {
    const controls = Array.from(this.renderRoot.querySelectorAll<HTMLElement>('dialog header button, dialog footer a, dialog footer button'));
    const target = edge === 'start' ? controls.at(-1) : controls[0];
    target?.focus();
  }

  private renderConnection(): TemplateResult | typeof nothing {
    const c = this.conversation;
    const t = this.strings;
    const text = !c.online ? t.offline : c.connection === 'reconnecting' ? t.reconnecting : '';
    return html`<div class="banner" part="connection" ?hidden=${!text}>
      <p role="status">${text}</p>
      ${text ? html`<button part="try-now" @click=${() => c.reconnect()}>${t.tryNow}</button>` : nothing}
    </div>`;
  }

  private renderLog(): TemplateResult {
    const c = this.conversation;
    const t = this.strings;
    if (c.configError) return html`<p class="intro" role="alert">${c.configError}</p>`;
    if (c.loading && !c.entries.length) return html`<p class="intro">${t.loading}</p>`;
    const offline = c.entries.some((e) => e.kind === 'assistant' && e.turn.engine === 'OFFLINE');
    const waiting = c.connection === 'reconnecting' || !c.online;
    return html`${c.entries.length ? nothing : html`<p class="intro">${t.intro}</p>`}
      ${c.consented ? nothing : this.renderConsent()} ${c.entries.length ? nothing : this.renderMyThreads()}
      ${offline ? html`<p class="intro" part="engine-notice">${t.offlineEngine}</p>` : nothing}
      <ol
        @triage-retry=${(e: RetryEvent) => void c.retry(e.turnId)}
        @triage-feedback=${(e: FeedbackEvent) => void c.sendFeedback(e.turnId, e.rating, e.comment).then(e.done)}
      >
        ${repeat(
          c.entries,
          (e) => e.key,
          (e, i) =>
            html`<li>
              <triage-message
                .entry=${e}
                .strings=${t}
                .linkDomains=${parseDomains(this.linkDomains)}
                locale=${this.locale}
                ?busy=${c.busy}
                .canRetry=${i === c.entries.length - 1}
                ?waiting=${waiting}
                exportparts=${MESSAGE_PARTS}
              ></triage-message>
            </li>`,
        )}
      </ol>`;
  }

  /** A signed-in visitor's earlier conversations, shown while no conversation is open. */
  private renderMyThreads(): TemplateResult | typeof nothing {
    const c = this.conversation;
    const t = this.strings;
    if (!c.myThreads.length) return nothing;
    const date = new Intl.DateTimeFormat(this.locale, { dateStyle: 'medium', timeStyle: 'short' });
    return html`<nav class="my-threads" part="my-threads" aria-labelledby="my-threads-title">
      <h3 id="my-threads-title">${t.myThreads}</h3>
      <ul>
        ${c.myThreads.map(
          (th) =>
            html`<li>
              <button class="link-button" part="my-thread" ?disabled=${c.busy} @click=${() => c.openThread(th.id)}>
                <span>${th.preview ?? t.noPreview}</span> <time datetime=${th.updatedAt}>${date.format(new Date(th.updatedAt))}</time>
              </button>
            </li>`,
        )}
      </ul>
    </nav>`;
  }

  private renderConsent(): TemplateResult {
    const t = this.strings;
    const privacy = this.privacyUrl && /^https:\/\//i.test(this.privacyUrl) ? this.privacyUrl : null;
    return html`<section class="consent" part="consent" aria-labelledby="consent-title">
      <h3 id="consent-title">${t.consentTitle}</h3>
      <slot name="privacy"><p>${t.consentText}</p></slot>
      ${privacy ? html`<p><a href=${privacy} target="_blank" rel="noopener noreferrer">${t.privacyPolicy}</a></p>` : nothing}
      <button class="primary" part="consent-accept" data-autofocus @click=${() => this.accept()}>${t.consentAccept}</button>
    </section>`;
  }

  private accept(): void {
    this.conversation.acceptConsent();
    this.focusStart();
  }

  private renderNotice(): TemplateResult | typeof nothing {
    const n = this.conversation.notice;
    if (!n) return nothing;
    const c = this.conversation;
    return html`<div class="notice ${n.tone}" part="notice" role=${n.tone === 'error' ? 'alert' : 'status'}>
      <p>${n.text}</p>
      ${n.action === 'reload' ? html`<button @click=${() => void c.load()}>${this.strings.tryAgain}</button>` : nothing}
    </div>`;
  }

  private renderConfirm(): TemplateResult | typeof nothing {
    const t = this.strings;
    const what = this.confirming;
    if (!what) return nothing;
    return html`<div class="confirm" part="confirm" role="alertdialog" aria-labelledby="confirm-text" aria-modal="false">
      <p id="confirm-text">${what === 'new' ? t.confirmNew : t.confirmDelete}</p>
      <button class="primary" part="confirm-yes" @click=${() => void this.startOver(what)}>
        ${what === 'new' ? t.confirmNewYes : t.confirmDeleteYes}
      </button>
      <button part="confirm-no" @click=${() => this.cancelConfirm()}>${t.cancel}</button>
    </div>`;
  }

  private ask(what: 'new' | 'delete'): void {
    this.confirming = what;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>('[part="confirm-no"]')?.focus());
  }

  private cancelConfirm(): void {
    const what = this.confirming;
    this.confirming = null;
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<HTMLElement>(what === 'delete' ? '[part~="delete-conversation"]' : '[part~="new-conversation"]')?.focus(),
    );
  }

  private async startOver(what: 'new' | 'delete'): Promise<void> {
    this.confirming = null;
    this.closeSummary(false);
    const deleted = await this.conversation.deleteConversation();
    this.pinned = true;
    this.autoTop = -1;
    this.unseen = false;
    if (deleted && what === 'delete') this.announce(this.strings.deleted);
    this.focusStart();
  }

  private renderComposer(): TemplateResult {
    const c = this.conversation;
    const t = this.strings;
    const chars = this.draftChars;
    const over = chars - MAX_MESSAGE_CHARS;
    const showCounter = chars >= MAX_MESSAGE_CHARS * COUNTER_FROM;
    const blocked = Object.keys(c.demographicsErrors).length > 0;
    return html`<form part="composer" @submit=${this.onSubmit}>
      <label class="sr-only" for="input">${t.inputLabel}</label>
      <textarea
        id="input"
        part="input"
        rows="1"
        dir="auto"
        placeholder=${t.placeholder}
        autocomplete="off"
        aria-invalid=${over > 0 ? 'true' : 'false'}
        aria-describedby=${showCounter ? 'counter' : nothing}
        @input=${(e: Event) => (this.draftChars = charCount((e.target as HTMLTextAreaElement).value.trim()))}
        @keydown=${this.onInputKeydown}
      ></textarea>
      ${c.running
        ? html`<button type="button" part="stop-button" @click=${() => void c.cancel()}>${t.stop}</button>`
        : html`<button type="submit" class="primary" part="send-button" ?disabled=${c.busy || chars === 0 || over > 0 || blocked}>
            ${t.send}
          </button>`}
      ${showCounter
        ? html`<p id="counter" class="counter ${over > 0 ? 'over' : ''}" part="counter" aria-live=${over > 0 ? 'polite' : 'off'}>
            ${over > 0
              ? fill(t.tooLong, { over: over.toLocaleString(this.locale) })
              : fill(t.counter, { count: chars.toLocaleString(this.locale), max: MAX_MESSAGE_CHARS.toLocaleString(this.locale) })}
          </p>`
        : nothing}
    </form>`;
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
    if (!text.trim() || charCount(text.trim()) > MAX_MESSAGE_CHARS) return;
    // Clear at once, as chat apps do; give the text back if the server did not take it.
    input.value = '';
    this.draftChars = 0;
    this.pinned = true;
    this.autoTop = -1;
    this.unseen = false;
    const accepted = await this.conversation.send(text);
    if (!accepted && !input.value) {
      input.value = text;
      this.draftChars = charCount(text.trim());
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
    // A non-modal dialog gets no cancel event from Escape: close it ourselves.
    if (e.key === 'Escape' && this.open) {
      e.preventDefault();
      e.stopPropagation();
      this.hide();
    }
  };

  private readonly onDialogCancel = (e: Event): void => {
    // Escape on the modal dialog: close through our state, so focus returns to the launcher.
    e.preventDefault();
    this.hide();
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
