import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import type { Strings } from './i18n.js';
import { base } from './styles.js';
import type { Sex } from './types.js';
import { MAX_AGE, MIN_AGE, charCount, MAX_NOTES_CHARS, type DemographicsDraft, type DemographicsErrors } from './validation.js';

export class DemographicsChangeEvent extends Event {
  constructor(readonly value: DemographicsDraft) {
    // Not composed: internal to <triage-chat>'s shadow tree.
    super('triage-demographics-change', { bubbles: true, composed: false });
  }
}

/**
 * The optional "About you" form. It has no submit: every change is reported at once and goes to
 * the server with the next message. What is typed is kept as typed (an age of 150 stays 150) and
 * checked with the server's rules; a problem is shown under its field and stops sending.
 */
export class TriageDemographics extends LitElement {
  static override properties = {
    value: { attribute: false },
    errors: { attribute: false },
    strings: { attribute: false },
    disabled: { type: Boolean },
  };

  declare value: DemographicsDraft;
  declare errors: DemographicsErrors;
  declare strings: Strings;
  declare disabled: boolean;

  constructor() {
    super();
    this.value = { ageText: '', sex: null, pregnant: null, notes: '' };
    this.errors = {};
    this.disabled = false;
  }

  static override styles = [
    base,
    css`
      :host {
        display: block;
      }
      details {
        border-top: 1px solid var(--_border);
        padding: 0.25rem 0.75rem;
      }
      summary {
        cursor: pointer;
        font-weight: 600;
        padding: 0.375rem 0;
        min-height: 2rem;
      }
      .summary-detail {
        font-weight: 400;
        color: var(--_muted);
      }
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(8rem, 1fr));
        gap: 0.5rem 0.75rem;
        padding-bottom: 0.5rem;
      }
      .field {
        display: grid;
        gap: 0.25rem;
        font-size: 0.875em;
        align-content: start;
      }
      .wide {
        grid-column: 1 / -1;
      }
      input,
      select,
      textarea {
        font: inherit;
        color: var(--_fg);
        background: var(--_bg);
        border: 1px solid var(--_border);
        border-radius: calc(var(--_radius) / 2);
        padding: 0.375rem 0.5rem;
        min-height: 2.25rem;
        width: 100%;
      }
      [aria-invalid='true'] {
        border: 2px solid var(--_danger);
      }
      textarea {
        resize: vertical;
        min-height: 3.5rem;
      }
      .hint {
        margin: 0 0 0.5rem;
        font-size: 0.8125em;
        color: var(--_muted);
      }
      .error {
        margin: 0;
        color: var(--_danger);
        font-weight: 600;
      }
      .count {
        margin: 0;
        color: var(--_muted);
      }
    `,
  ];

  protected override updated(): void {
    // A problem in a closed section would be invisible: open it (never close it for the visitor).
    const details = this.renderRoot.querySelector('details');
    if (details && Object.keys(this.errors).length) details.open = true;
  }

  private emit(patch: Partial<DemographicsDraft>): void {
    this.dispatchEvent(new DemographicsChangeEvent({ ...this.value, ...patch }));
  }

  private summary(): string {
    const v = this.value;
    const t = this.strings;
    const sex = v.sex ? t[v.sex === 'FEMALE' ? 'female' : v.sex === 'MALE' ? 'male' : 'other'] : '';
    const bits = [v.ageText.trim(), sex, v.pregnant ? t.pregnant : ''].filter(Boolean).join(', ');
    return bits ? ` · ${bits}` : '';
  }

  private error(field: keyof DemographicsErrors): TemplateResult | typeof nothing {
    const problem = this.errors[field];
    return problem ? html`<p class="error" id="${field}-error">${this.strings[problem]}</p>` : nothing;
  }

  override render(): TemplateResult {
    const v = this.value;
    const t = this.strings;
    const e = this.errors;
    const notesCount = charCount(v.notes.trim());
    return html`<details part="demographics">
      <summary>${t.aboutYou}<span class="summary-detail">${this.summary()}</span></summary>
      <p class="hint">${t.aboutYouHint}</p>
      <div class="grid">
        <div class="field">
          <label for="age">${t.age}</label>
          <input
            id="age"
            type="text"
            name="age"
            inputmode="numeric"
            autocomplete="off"
            aria-invalid=${e.age ? 'true' : 'false'}
            aria-describedby=${e.age ? 'age-error' : nothing}
            data-min=${MIN_AGE}
            data-max=${MAX_AGE}
            .value=${live(v.ageText)}
            ?disabled=${this.disabled}
            @input=${(ev: Event) => this.emit({ ageText: (ev.target as HTMLInputElement).value })}
          />
          ${this.error('age')}
        </div>
        <div class="field">
          <label for="sex">${t.sex}</label>
          <select
            id="sex"
            name="sex"
            .value=${live(v.sex ?? '')}
            ?disabled=${this.disabled}
            @change=${(ev: Event) => {
              const s = (ev.target as HTMLSelectElement).value;
              this.emit({ sex: s === 'FEMALE' || s === 'MALE' || s === 'OTHER' ? (s as Sex) : null });
            }}
          >
            <option value="">${t.preferNot}</option>
            <option value="FEMALE">${t.female}</option>
            <option value="MALE">${t.male}</option>
            <option value="OTHER">${t.other}</option>
          </select>
        </div>
        <div class="field">
          <label for="pregnant">${t.pregnant}</label>
          <select
            id="pregnant"
            name="pregnant"
            aria-invalid=${e.pregnant ? 'true' : 'false'}
            aria-describedby=${e.pregnant ? 'pregnant-error' : nothing}
            .value=${live(v.pregnant == null ? '' : v.pregnant ? 'yes' : 'no')}
            ?disabled=${this.disabled}
            @change=${(ev: Event) => {
              const p = (ev.target as HTMLSelectElement).value;
              this.emit({ pregnant: p === '' ? null : p === 'yes' });
            }}
          >
            <option value="">${t.notStated}</option>
            <option value="yes">${t.yes}</option>
            <option value="no">${t.no}</option>
          </select>
          ${this.error('pregnant')}
        </div>
        <div class="field wide">
          <label for="notes">${t.notes}</label>
          <textarea
            id="notes"
            name="notes"
            rows="2"
            aria-invalid=${e.notes ? 'true' : 'false'}
            aria-describedby="notes-count${e.notes ? ' notes-error' : ''}"
            .value=${live(v.notes)}
            ?disabled=${this.disabled}
            @input=${(ev: Event) => this.emit({ notes: (ev.target as HTMLTextAreaElement).value })}
          ></textarea>
          <p class="count" id="notes-count">${notesCount} / ${MAX_NOTES_CHARS}</p>
          ${this.error('notes')}
        </div>
      </div>
    </details>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'triage-demographics': TriageDemographics;
  }
}
