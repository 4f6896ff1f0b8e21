import { LitElement, css, html, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { base } from './styles.js';
import type { Demographics, Sex } from './types.js';

export class DemographicsChangeEvent extends Event {
  constructor(readonly value: Demographics) {
    // Not composed: internal to <triage-chat>'s shadow tree.
    super('triage-demographics-change', { bubbles: true, composed: false });
  }
}

const SEX_LABEL: Record<Sex, string> = { FEMALE: 'Female', MALE: 'Male', OTHER: 'Other' };

/**
 * The optional "About you" form. It has no submit: every change is reported at once and goes to
 * the server with the next message, which is when it can matter.
 */
export class TriageDemographics extends LitElement {
  static override properties = {
    value: { attribute: false },
    disabled: { type: Boolean },
  };

  declare value: Demographics;
  declare disabled: boolean;

  constructor() {
    super();
    this.value = {};
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
      label {
        display: grid;
        gap: 0.25rem;
        font-size: 0.875em;
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
      textarea {
        resize: vertical;
        min-height: 3.5rem;
      }
      .hint {
        margin: 0 0 0.5rem;
        font-size: 0.8125em;
        color: var(--_muted);
      }
    `,
  ];

  private emit(patch: Partial<Demographics>): void {
    this.dispatchEvent(new DemographicsChangeEvent({ ...this.value, ...patch }));
  }

  private summary(): string {
    const v = this.value;
    const bits = [v.age != null ? `${v.age}` : '', v.sex ? SEX_LABEL[v.sex].toLowerCase() : '', v.pregnant ? 'pregnant' : '']
      .filter(Boolean)
      .join(', ');
    return bits ? ` · ${bits}` : '';
  }

  override render(): TemplateResult {
    const v = this.value;
    return html`<details part="demographics">
      <summary>About you (optional)<span class="summary-detail">${this.summary()}</span></summary>
      <p class="hint">Helps the advice fit you. Used with your next message.</p>
      <div class="grid">
        <label>
          Age in years
          <input
            type="number"
            name="age"
            inputmode="numeric"
            min="0"
            max="120"
            .value=${live(v.age != null ? String(v.age) : '')}
            ?disabled=${this.disabled}
            @input=${(e: Event) => {
              const raw = (e.target as HTMLInputElement).value;
              const n = Number.parseInt(raw, 10);
              this.emit({ age: raw === '' || Number.isNaN(n) ? undefined : Math.max(0, Math.min(120, n)) });
            }}
          />
        </label>
        <label>
          Sex
          <select
            name="sex"
            .value=${live(v.sex ?? '')}
            ?disabled=${this.disabled}
            @change=${(e: Event) => {
              const s = (e.target as HTMLSelectElement).value;
              this.emit({ sex: s === 'FEMALE' || s === 'MALE' || s === 'OTHER' ? s : undefined });
            }}
          >
            <option value="">Prefer not to say</option>
            <option value="FEMALE">Female</option>
            <option value="MALE">Male</option>
            <option value="OTHER">Other</option>
          </select>
        </label>
        <label>
          Pregnant
          <select
            name="pregnant"
            .value=${live(v.pregnant == null ? '' : v.pregnant ? 'yes' : 'no')}
            ?disabled=${this.disabled}
            @change=${(e: Event) => {
              const p = (e.target as HTMLSelectElement).value;
              this.emit({ pregnant: p === '' ? undefined : p === 'yes' });
            }}
          >
            <option value="">Not stated</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        </label>
        <label class="wide">
          Long-term conditions, medicines or other notes
          <textarea
            name="notes"
            rows="2"
            maxlength="1000"
            .value=${live(v.notes ?? '')}
            ?disabled=${this.disabled}
            @input=${(e: Event) => this.emit({ notes: (e.target as HTMLTextAreaElement).value || undefined })}
          ></textarea>
        </label>
      </div>
    </details>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'triage-demographics': TriageDemographics;
  }
}
