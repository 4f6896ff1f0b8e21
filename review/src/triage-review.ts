import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { ReviewApi, type DayStats, type QueueEntry, type Reason } from './api.js';
import { REASONS, REASON_LABEL } from './labels.js';
import { theme } from './styles.js';

/**
 * <triage-review>: the staff review page. Sign in with a staff key (kept in memory only: reload
 * and you are signed out), then the queue of turns that need a clinician with why, one turn's
 * detail and review form (<review-turn>), and feedback and verdicts over time (<review-chart>).
 */
export class TriageReview extends LitElement {
  static override properties = {
    endpoint: { type: String },
    signedIn: { state: true },
    signInError: { state: true },
    busy: { state: true },
    entries: { state: true },
    total: { state: true },
    reason: { state: true },
    showReviewed: { state: true },
    selected: { state: true },
    conditions: { state: true },
    stats: { state: true },
    loadError: { state: true },
  };
  declare endpoint: string;
  declare signedIn: boolean;
  declare signInError: string;
  declare busy: boolean;
  declare entries: QueueEntry[];
  declare total: number;
  declare reason: Reason | '';
  declare showReviewed: boolean;
  declare selected: string;
  declare conditions: { slug: string; title: string }[];
  declare stats: DayStats[];
  declare loadError: string;

  private api: ReviewApi | null = null;

  constructor() {
    super();
    this.endpoint = '/graphql';
    this.signedIn = false;
    this.signInError = '';
    this.busy = false;
    this.entries = [];
    this.total = 0;
    this.reason = '';
    this.showReviewed = false;
    this.selected = '';
    this.conditions = [];
    this.stats = [];
    this.loadError = '';
  }

  static override styles = [
    theme,
    css`
      :host {
        display: block;
        padding: 1rem;
        max-width: 110rem;
        margin: 0 auto;
      }
      header {
        display: flex;
        justify-content: space-between;
        align-items: center;
        gap: 1rem;
        flex-wrap: wrap;
      }
      h1 {
        font-size: 1.5rem;
        margin: 0;
      }
      form.sign-in {
        display: grid;
        gap: 0.5rem;
        max-width: 28rem;
        margin-top: 1rem;
      }
      label {
        font-weight: 600;
        display: grid;
        gap: 0.125rem;
      }
      .layout {
        display: grid;
        grid-template-columns: minmax(16rem, 22rem) 1fr;
        gap: 1rem;
        margin-top: 1rem;
        align-items: start;
      }
      @media (max-width: 60rem) {
        .layout {
          grid-template-columns: 1fr;
        }
      }
      nav {
        border: 1px solid var(--border);
        border-radius: 8px;
        padding: 0.75rem;
      }
      nav h2,
      section.stats h2 {
        font-size: 1.125rem;
        margin: 0 0 0.5rem;
      }
      .filters {
        display: grid;
        gap: 0.5rem;
        margin-bottom: 0.5rem;
      }
      .filters .check {
        display: flex;
        gap: 0.375rem;
        align-items: center;
        font-weight: normal;
      }
      ul.queue {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.375rem;
      }
      ul.queue button {
        width: 100%;
        text-align: left;
        color: var(--fg);
        border-color: var(--border);
        display: grid;
        gap: 0.25rem;
      }
      ul.queue button[aria-current='true'] {
        border: 2px solid var(--accent);
        background: var(--surface);
      }
      .chips {
        display: flex;
        flex-wrap: wrap;
        gap: 0.25rem;
      }
      section.stats {
        margin-top: 1.5rem;
      }
    `,
  ];

  override render(): TemplateResult {
    return html`
      <header>
        <h1>Clinical review</h1>
        ${this.signedIn ? html`<button type="button" @click=${this.signOut}>Sign out</button>` : nothing}
      </header>
      <main>${this.signedIn ? this.workspace() : this.signInForm()}</main>
    `;
  }

  private signInForm(): TemplateResult {
    return html`<form class="sign-in" @submit=${this.signIn}>
      <p>Sign in with your staff key. It is kept in this page's memory only: reloading or closing the page signs you out.</p>
      <label>Staff key <input name="key" type="password" autocomplete="off" spellcheck="false" required /></label>
      ${this.signInError ? html`<p class="error" role="alert">${this.signInError}</p>` : nothing}
      <div><button class="primary" type="submit" ?disabled=${this.busy}>${this.busy ? 'Signing in…' : 'Sign in'}</button></div>
    </form>`;
  }

  private workspace(): TemplateResult {
    return html`
      ${this.loadError ? html`<p class="error" role="alert">${this.loadError}</p>` : nothing}
      <div class="layout">
        <nav aria-labelledby="h-queue">
          <h2 id="h-queue">Review queue <span class="muted">(${this.total})</span></h2>
          <div class="filters">
            <label>Reason
              <select @change=${(e: Event) => this.filter((e.target as HTMLSelectElement).value as Reason | '', this.showReviewed)}>
                <option value="">Any reason</option>
                ${REASONS.map((r) => html`<option value=${r} ?selected=${this.reason === r}>${REASON_LABEL[r]}</option>`)}
              </select>
            </label>
            <label class="check"><input type="checkbox" .checked=${this.showReviewed} @change=${(e: Event) => this.filter(this.reason, (e.target as HTMLInputElement).checked)} /> Show reviewed turns instead</label>
          </div>
          ${this.entries.length
            ? html`<ul class="queue">
                ${this.entries.map(
                  (e) => html`<li>
                    <button type="button" aria-current=${this.selected === e.turn.id ? 'true' : 'false'} @click=${() => (this.selected = e.turn.id)}>
                      <span>${new Date(e.turn.startedAt).toLocaleString('en-GB')} · ${e.turn.status.toLowerCase()}</span>
                      <span class="chips">${e.reasons.map((r, i) => html`<span class="chip ${i === 0 && e.priority >= 4 ? 'serious' : ''}">${REASON_LABEL[r]}</span>`)}</span>
                    </button>
                  </li>`,
                )}
              </ul>`
            : html`<p class="muted">${this.showReviewed ? 'No reviewed turns.' : 'Nothing waiting for review.'}</p>`}
        </nav>
        <div>
          ${this.selected
            ? html`<review-turn .api=${this.api} .conditions=${this.conditions} turn-id=${this.selected} @review-saved=${this.refresh}></review-turn>`
            : html`<p class="muted">Choose a turn from the queue.</p>`}
        </div>
      </div>
      <section class="stats" aria-labelledby="h-stats">
        <h2 id="h-stats">Feedback and verdicts, last 30 days</h2>
        <review-chart .days=${this.stats}></review-chart>
      </section>
    `;
  }

  private async signIn(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const input = form.elements.namedItem('key') as HTMLInputElement;
    const api = new ReviewApi(this.endpoint);
    this.busy = true;
    this.signInError = '';
    try {
      await api.signIn(input.value);
      input.value = '';
      this.api = api;
      this.signedIn = true;
      await this.refresh();
    } catch (error) {
      this.signInError = error instanceof Error ? error.message : String(error);
    } finally {
      this.busy = false;
    }
  }

  private signOut(): void {
    this.api?.signOut();
    this.api = null;
    this.signedIn = false;
    this.entries = [];
    this.selected = '';
    this.stats = [];
  }

  private async filter(reason: Reason | '', showReviewed: boolean): Promise<void> {
    this.reason = reason;
    this.showReviewed = showReviewed;
    await this.refresh();
  }

  /** Reloads the queue, the condition list (once) and the statistics. */
  private refresh = async (): Promise<void> => {
    const api = this.api;
    if (!api) return;
    this.loadError = '';
    try {
      const [queue, conditions, stats] = await Promise.all([
        api.queue({ ...(this.reason ? { reasons: [this.reason] } : {}), reviewed: this.showReviewed }),
        this.conditions.length ? Promise.resolve(this.conditions) : api.conditions(),
        api.stats(30),
      ]);
      this.entries = queue.entries;
      this.total = queue.total;
      this.conditions = conditions;
      this.stats = stats;
    } catch (error) {
      this.loadError = `Could not load the queue: ${error instanceof Error ? error.message : String(error)}`;
    }
  };
}
