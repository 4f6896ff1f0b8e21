import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { copyText } from './clipboard.js';
import { fill, type Strings } from './i18n.js';
import { markdownToText } from './markdown.js';
import { base } from './styles.js';
import { aboutLines, summaryText, when } from './summary-text.js';
import type { VisitorSummary } from './types.js';

/** Asks <triage-chat> to leave the summary and show the conversation again. */
export class SummaryCloseEvent extends Event {
  constructor() {
    super('triage-summary-close', { bubbles: true, composed: true });
  }
}

/**
 * <triage-summary>: the conversation summarised for a GP, pharmacist or NHS 111 (Thread.summary):
 * what the person said, what they were advised and when, and the key points in their words.
 * Printable (<triage-chat> hides its own chrome in print, and this element its buttons) and
 * copyable as plain text. Written in the first person: it is the person's note to a clinician.
 */
export class TriageSummary extends LitElement {
  static override properties = {
    summary: { attribute: false },
    strings: { attribute: false },
    locale: { type: String },
    copyState: { state: true },
  };

  declare summary: VisitorSummary | null;
  declare strings: Strings;
  declare locale: string;
  declare copyState: '' | 'copied' | 'failed';
  private copyTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.summary = null;
    this.locale = 'en';
    this.copyState = '';
  }

  static override styles = [
    base,
    css`
      :host {
        display: block;
      }
      h3 {
        margin: 0 0 0.25rem;
        font-size: 1.0625em;
      }
      h3:focus {
        outline: none;
      }
      h4 {
        margin: 0.875rem 0 0.25rem;
        font-size: 1em;
      }
      p,
      ul,
      dl {
        margin: 0;
      }
      .made {
        color: var(--_muted);
        font-size: 0.875em;
      }
      ul {
        padding-inline-start: 1.25rem;
        display: grid;
        gap: 0.25rem;
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 0.125rem 0.75rem;
      }
      dt {
        color: var(--_muted);
      }
      dd {
        margin: 0;
      }
      time {
        color: var(--_muted);
        font-size: 0.875em;
      }
      .level {
        font-weight: 700;
      }
      .advice-text {
        display: block;
      }
      .actions {
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 0.5rem;
        margin-top: 1rem;
      }
      .note {
        font-size: 0.875em;
      }
      .note.error {
        color: var(--_danger);
      }
      @media print {
        :host {
          color: #000;
        }
        .actions {
          display: none;
        }
        time,
        .made,
        dt {
          color: #333;
        }
      }
    `,
  ];

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.copyTimer);
  }

  /** Puts focus on the heading, so a screen reader starts reading the summary there. */
  focusHeading(): void {
    this.renderRoot.querySelector<HTMLElement>('h3')?.focus();
  }

  /** The text the Copy button puts on the clipboard. */
  get text(): string {
    return this.summary ? summaryText(this.summary, this.strings, this.locale) : '';
  }

  override render(): TemplateResult | typeof nothing {
    const s = this.summary;
    if (!s) return nothing;
    const t = this.strings;
    const about = aboutLines(s.about, t);
    const reported = s.findings.filter((f) => f.status === 'REPORTED');
    const denied = s.findings.filter((f) => f.status === 'DENIED');
    return html`<article part="summary" aria-labelledby="summary-title">
      <h3 id="summary-title" tabindex="-1">${t.summaryTitle}</h3>
      <p class="made">${fill(t.summaryMade, { date: when(s.startedAt, this.locale) })}</p>
      ${about.length
        ? html`<h4>${t.summaryAbout}</h4>
            <dl>${about.map(([k, v]) => html`<dt>${k}</dt><dd dir="auto">${v}</dd>`)}</dl>`
        : nothing}
      <h4>${t.summarySaid}</h4>
      <ul part="summary-messages">
        ${s.messages.map(
          (m) => html`<li>${this.time(m.sentAt)} <span dir="auto">${m.text}</span>${m.shortened ? html` <i>${t.summaryShortened}</i>` : nothing}</li>`,
        )}
      </ul>
      <h4>${t.summaryAdvised}</h4>
      ${s.advice.length
        ? html`<ul part="summary-advice">
            ${s.advice.map(
              (a) => html`<li>
                <span class="level">${a.level === 'EMERGENCY' ? t.emergencyLabel : t.urgentLabel}</span>
                ${a.givenAt.map((g) => this.time(g))}
                <strong dir="auto">${a.title}</strong>
                <span class="advice-text" dir="auto">${markdownToText(a.text)}</span>
              </li>`,
            )}
          </ul>`
        : html`<p part="summary-advice">${t.summaryNoAdvice}</p>`}
      ${reported.length || denied.length
        ? html`<h4>${t.summaryFindings}</h4>
            <dl part="summary-findings">
              ${reported.length ? html`<dt>${t.summaryReported}</dt><dd dir="auto">${reported.map((f) => f.words).join('; ')}</dd>` : nothing}
              ${denied.length ? html`<dt>${t.summaryDenied}</dt><dd dir="auto">${denied.map((f) => f.words).join('; ')}</dd>` : nothing}
            </dl>`
        : nothing}
      <div class="actions">
        <button class="primary" part="summary-print" @click=${() => window.print()}>${t.summaryPrint}</button>
        <button part="summary-copy" @click=${() => void this.copy()}>${t.summaryCopy}</button>
        <button part="summary-back" @click=${() => this.dispatchEvent(new SummaryCloseEvent())}>${t.summaryBack}</button>
        <span role="status" class="note ${this.copyState === 'failed' ? 'error' : ''}"
          >${this.copyState === 'copied' ? t.copied : this.copyState === 'failed' ? t.copyFailed : ''}</span
        >
      </div>
    </article>`;
  }

  private time(iso: string): TemplateResult {
    return html`<time datetime=${iso}>${when(iso, this.locale)}</time>`;
  }

  private async copy(): Promise<void> {
    const ok = await copyText(this.text, this.renderRoot);
    this.copyState = ok ? 'copied' : 'failed';
    clearTimeout(this.copyTimer);
    this.copyTimer = setTimeout(() => (this.copyState = ''), 3000);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'triage-summary': TriageSummary;
  }
}
