import { LitElement, css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { ApiError, type Review, type ReviewApi, type Severity, type ThreadDetail, type TurnDetail, type Verdict } from './api.js';
import { REASON_LABEL, SEVERITIES, SEVERITY_LABEL, VERDICTS, VERDICT_LABEL } from './labels.js';
import { MarkdownPanes } from './markdown.js';
import { theme } from './styles.js';

/** Fired when a review was saved, so the queue can refresh. */
export class ReviewSavedEvent extends Event {
  constructor(readonly turnId: string, readonly review: Review) {
    super('review-saved', { bubbles: true, composed: true });
  }
}

/**
 * <review-turn>: one turn for a clinician: the conversation, the reasoning, the prediction with its
 * sources and the safety trace side by side, the person's feedback, and the review form.
 */
export class ReviewTurn extends LitElement {
  static override properties = {
    api: { attribute: false },
    turnId: { attribute: 'turn-id' },
    conditions: { attribute: false },
    detail: { state: true },
    loadError: { state: true },
    formError: { state: true },
    saving: { state: true },
    saved: { state: true },
  };
  declare api: ReviewApi | null;
  declare turnId: string;
  declare conditions: { slug: string; title: string }[];
  declare detail: { turn: TurnDetail; thread: ThreadDetail } | null;
  declare loadError: string;
  declare formError: { message: string; field: string | null } | null;
  declare saving: boolean;
  declare saved: string;
  private readonly markdown = new MarkdownPanes();

  constructor() {
    super();
    this.api = null;
    this.turnId = '';
    this.conditions = [];
    this.detail = null;
    this.loadError = '';
    this.formError = null;
    this.saving = false;
    this.saved = '';
  }

  static override styles = [
    theme,
    css`
      :host {
        display: block;
      }
      h2 {
        font-size: 1.25rem;
        margin: 0 0 0.5rem;
      }
      h3 {
        font-size: 1rem;
        margin: 0 0 0.5rem;
      }
      .panes {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
        gap: 0.75rem;
        align-items: start;
      }
      section.pane {
        border: 1px solid var(--border);
        border-radius: 8px;
        padding: 0.75rem;
        background: var(--bg);
        min-width: 0;
      }
      ol.conversation {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 0.5rem;
      }
      ol.conversation li {
        border-radius: 8px;
        padding: 0.375rem 0.5rem;
        background: var(--surface);
      }
      ol.conversation li.this-turn {
        outline: 2px solid var(--accent);
      }
      .who {
        font-size: 0.8125rem;
        font-weight: 600;
        color: var(--muted);
      }
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 0.125rem 0.75rem;
        margin: 0;
      }
      dt {
        font-weight: 600;
      }
      dd {
        margin: 0;
      }
      ul.sources {
        margin: 0;
        padding-left: 1.25rem;
      }
      table.case {
        border-collapse: collapse;
        font-size: 0.9em;
        width: 100%;
      }
      table.case th,
      table.case td {
        text-align: left;
        padding: 0.2em 0.4em;
        border-bottom: 1px solid #ddd;
        vertical-align: top;
      }
      table.case tr.answered {
        opacity: 0.6;
      }
      pre.trace {
        font-family: ui-monospace, monospace;
        font-size: 0.8125rem;
        background: var(--surface);
        padding: 0.5rem;
        border-radius: 6px;
        max-height: 20rem;
        overflow: auto;
      }
      form {
        display: grid;
        gap: 0.5rem;
        max-width: 40rem;
      }
      fieldset {
        border: 1px solid var(--border);
        border-radius: 8px;
        padding: 0.75rem;
        display: grid;
        gap: 0.5rem;
      }
      label {
        display: grid;
        gap: 0.125rem;
        font-weight: 600;
      }
      .saved {
        color: var(--ok);
        font-weight: 600;
      }
      .meta {
        margin: 0 0 0.75rem;
      }
      h3.spaced {
        margin-top: 0.75rem;
      }
      .markdown {
        overflow-wrap: anywhere;
      }
      .markdown > :first-child {
        margin-top: 0;
      }
      .markdown > :last-child {
        margin-bottom: 0;
      }
    `,
  ];

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('turnId') || changed.has('api')) && this.turnId && this.api) void this.load();
  }

  async load(): Promise<void> {
    const id = this.turnId;
    this.detail = null;
    this.markdown.clear();
    this.loadError = '';
    this.formError = null;
    this.saved = '';
    try {
      const detail = await this.api!.turn(id);
      if (this.turnId === id) this.detail = detail;
    } catch (error) {
      if (this.turnId === id) this.loadError = error instanceof Error ? error.message : String(error);
    }
  }

  override render(): TemplateResult {
    if (this.loadError) return html`<p class="error" role="alert">Could not load the turn: ${this.loadError}</p>`;
    if (!this.detail) return html`<p class="muted" aria-busy="true">Loading the turn…</p>`;
    const { turn, thread } = this.detail;
    return html`
      <h2>Turn ${turn.id.slice(0, 8)}</h2>
      <p class="meta">
        ${new Date(turn.startedAt).toLocaleString('en-GB')} · ${turn.engine.toLowerCase()} engine · ${turn.route ?? 'no route'} ·
        ${turn.status.toLowerCase()}${turn.error ? html` (${turn.error.code}: ${turn.error.detail})` : nothing}
        ${turn.reviewReasons.map((r) => html` <span class="chip serious">${REASON_LABEL[r]}</span>`)}
      </p>
      <div class="panes">
        ${this.conversationPane(turn, thread)} ${this.reasoningPane(turn)} ${this.predictionPane(turn)} ${this.casePane(turn)} ${this.tracePane(turn)}
      </div>
      ${this.reviewForm(turn)}
    `;
  }

  private conversationPane(turn: TurnDetail, thread: ThreadDetail): TemplateResult {
    const d = thread.demographics;
    const about = d ? [d.age != null ? `age ${d.age}` : '', d.sex?.toLowerCase() ?? '', d.pregnant ? 'pregnant' : '', d.notes ?? ''].filter(Boolean).join(', ') : '';
    return html`<section class="pane" aria-labelledby="h-conversation">
      <h3 id="h-conversation">Conversation</h3>
      ${about ? html`<p class="muted">About them: ${about}</p>` : nothing}
      <ol class="conversation">
        ${thread.messages.map(
          (m) => html`<li class=${m.turn?.id === turn.id ? 'this-turn' : ''}>
            <div class="who">${m.role === 'USER' ? 'Person' : 'Assistant'}${m.turn?.id === turn.id ? ' (this turn)' : ''}</div>
            ${m.role === 'USER' ? html`<p class="text">${m.text}</p>` : this.markdown.render(`message:${m.id}`, m.text, turn.sources.map((s) => s.url))}
          </li>`,
        )}
      </ol>
      ${turn.feedback
        ? html`<p><strong>Feedback:</strong> ${turn.feedback.rating === 'HELPFUL' ? 'helpful' : 'not helpful'}${turn.feedback.comment ? html` – “${turn.feedback.comment}”` : nothing}</p>`
        : html`<p class="muted">No feedback on this turn.</p>`}
    </section>`;
  }

  private reasoningPane(turn: TurnDetail): TemplateResult {
    return html`<section class="pane" aria-labelledby="h-reasoning">
      <h3 id="h-reasoning">Reasoning</h3>
      ${turn.searchQuery ? html`<p><strong>Search:</strong> ${turn.searchQuery}</p>` : nothing}
      <p class="text">${turn.reasoning ?? 'No reasoning recorded.'}</p>
      ${turn.reasonerOutput && turn.reasonerOutput !== turn.reasoning
        ? html`<details><summary>Full reasoner output</summary><pre class="text">${turn.reasonerOutput}</pre></details>`
        : nothing}
    </section>`;
  }

  private predictionPane(turn: TurnDetail): TemplateResult {
    const p = turn.prediction;
    return html`<section class="pane" aria-labelledby="h-prediction">
      <h3 id="h-prediction">Prediction</h3>
      ${p
        ? html`<dl>
            <dt>Condition</dt>
            <dd>${p.conditionTitle} <span class="muted">(${p.condition})</span></dd>
            <dt>Severity</dt>
            <dd>${SEVERITY_LABEL[p.severity]}</dd>
          </dl>`
        : html`<p class="muted">No prediction (not a triage turn, or it failed first).</p>`}
      <h3 id="h-sources" class="spaced">Sources</h3>
      ${turn.sources.length
        ? html`<ul class="sources" aria-labelledby="h-sources">
            ${turn.sources.map((s) => html`<li><a href=${s.url} target="_blank" rel="noopener noreferrer">${s.title}</a> <span class="muted">score ${s.score.toFixed(2)}</span></li>`)}
          </ul>`
        : html`<p class="muted">No sources.</p>`}
      <h3 class="spaced">Answer</h3>
      ${turn.answer ? this.markdown.render('answer', turn.answer, turn.sources.map((s) => s.url)) : html`<p class="muted">No answer.</p>`}
    </section>`;
  }

  /** The case the safety rules read: each finding, what its context says of it, and the rules it fired. */
  private casePane(turn: TurnDetail): TemplateResult {
    const findings = (turn.case?.findings ?? []).filter((f) => f.assertion !== 'present' || f.rules.length || f.retracted || f.supersededBy !== null);
    return html`<section class="pane" aria-labelledby="h-case">
      <h3 id="h-case">Case</h3>
      ${findings.length
        ? html`<table class="case">
            <thead><tr><th scope="col">Message</th><th scope="col">Finding</th><th scope="col">Reads as</th><th scope="col">Words</th><th scope="col">Rules fired</th></tr></thead>
            <tbody>
              ${findings.map(
                (f) => html`<tr class=${f.retracted || f.supersededBy !== null ? 'answered' : ''}>
                  <td>${f.message + 1}</td><td>${f.concept}</td>
                  <td>${f.assertion}${f.cue ? html` <span class="muted">(“${f.cue}”)</span>` : nothing}${f.retracted ? ' · corrected' : nothing}${f.supersededBy !== null ? ` · answered in message ${f.supersededBy + 1}` : nothing}</td>
                  <td>${f.words}</td><td>${f.rules.join('; ')}</td>
                </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p class="muted">No finding changed the verdict.</p>`}
    </section>`;
  }

  private tracePane(turn: TurnDetail): TemplateResult {
    const trace = turn.trace ?? {};
    const floor = trace.safetyFloor as { changed?: string[]; reason?: string; from?: { severity: string }; to?: { severity: string } } | undefined;
    return html`<section class="pane" aria-labelledby="h-trace">
      <h3 id="h-trace">Safety trace</h3>
      ${floor?.changed?.length
        ? html`<p><strong>The safety floor changed ${floor.changed.join(' and ')}:</strong> ${floor.from?.severity} → ${floor.to?.severity}. ${floor.reason ?? ''}</p>`
        : html`<p class="muted">The safety floor changed nothing.</p>`}
      ${Object.keys(trace).length ? html`<pre class="trace" tabindex="0" aria-label="Trace as JSON">${JSON.stringify(trace, null, 2)}</pre>` : html`<p class="muted">No trace.</p>`}
    </section>`;
  }

  private reviewForm(turn: TurnDetail): TemplateResult {
    const r = turn.review;
    const p = turn.prediction;
    const err = (field: string) => (this.formError?.field === field ? this.formError.message : '');
    return html`<form @submit=${this.submit} novalidate>
      <fieldset>
        <legend>Review</legend>
        ${r ? html`<p class="muted">Reviewed by ${r.reviewer.name}, ${new Date(r.reviewedAt).toLocaleString('en-GB')}: ${VERDICT_LABEL[r.verdict]}. Saving replaces it.</p>` : nothing}
        <label>Verdict
          <select name="verdict" required aria-invalid=${err('input.verdict') ? 'true' : 'false'}>
            ${VERDICTS.map((v) => html`<option value=${v} ?selected=${(r?.verdict ?? 'CORRECT') === v}>${VERDICT_LABEL[v]}</option>`)}
          </select>
        </label>
        <label>Right severity
          <select name="severity" required aria-invalid=${err('input.severity') ? 'true' : 'false'}>
            ${SEVERITIES.map((s) => html`<option value=${s} ?selected=${(r?.severity ?? p?.severity ?? 'SELF_CARE') === s}>${SEVERITY_LABEL[s]}</option>`)}
          </select>
        </label>
        <label>Right condition
          <select name="condition" aria-invalid=${err('input.condition') ? 'true' : 'false'}>
            <option value="" ?selected=${!(r ? r.condition : p?.condition)}>None of the pages fits</option>
            ${this.conditions.map((c) => html`<option value=${c.slug} ?selected=${(r ? r.condition : p?.condition) === c.slug}>${c.title}</option>`)}
          </select>
        </label>
        <label>Note for the team (not exported)
          <textarea name="note" rows="3" maxlength="4000">${r?.note ?? ''}</textarea>
        </label>
        ${this.formError ? html`<p class="error" role="alert">${this.formError.message}</p>` : nothing}
        <div>
          <button class="primary" type="submit" ?disabled=${this.saving}>${this.saving ? 'Saving…' : 'Save review'}</button>
          <span class="saved" role="status">${this.saved}</span>
        </div>
      </fieldset>
    </form>`;
  }

  private async submit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const turnId = this.turnId;
    this.saving = true;
    this.formError = null;
    this.saved = '';
    try {
      const review = await this.api!.review(turnId, {
        verdict: String(data.get('verdict')) as Verdict,
        severity: String(data.get('severity')) as Severity,
        condition: String(data.get('condition') ?? '') || null,
        note: String(data.get('note') ?? '').trim() || null,
      });
      if (this.detail && this.turnId === turnId) this.detail = { ...this.detail, turn: { ...this.detail.turn, review } };
      this.saved = 'Review saved.';
      this.dispatchEvent(new ReviewSavedEvent(turnId, review));
    } catch (error) {
      this.formError = { message: error instanceof Error ? error.message : String(error), field: error instanceof ApiError ? (error.field ?? null) : null };
    } finally {
      this.saving = false;
    }
  }
}
