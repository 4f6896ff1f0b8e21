import { LitElement, css, html, svg, type TemplateResult } from 'lit';
import type { DayStats } from './api.js';
import { theme } from './styles.js';

interface Series {
  key: string;
  label: string;
  colour: string;
  value: (d: DayStats) => number;
}

/** Colours distinguishable with the common colour-vision deficiencies, each ≥ 3:1 against white. */
const FEEDBACK: Series[] = [
  { key: 'helpful', label: 'Helpful', colour: '#007f3b', value: (d) => d.helpful },
  { key: 'notHelpful', label: 'Not helpful', colour: '#b3261e', value: (d) => d.notHelpful },
];
const VERDICTS: Series[] = [
  { key: 'correct', label: 'Correct', colour: '#005eb8', value: (d) => d.verdicts.correct },
  { key: 'underTriaged', label: 'Under-triaged', colour: '#8a1538', value: (d) => d.verdicts.underTriaged },
  { key: 'overTriaged', label: 'Over-triaged', colour: '#7c5e00', value: (d) => d.verdicts.overTriaged },
  { key: 'wrongCondition', label: 'Wrong condition', colour: '#4c6272', value: (d) => d.verdicts.wrongCondition },
  { key: 'unsafeAnswer', label: 'Unsafe answer', colour: '#212b32', value: (d) => d.verdicts.unsafeAnswer },
];

const W = 600;
const H = 140;

/**
 * <review-chart>: feedback and review verdicts per day as two stacked bar charts (SVG, no chart
 * library: a few rectangles), each with a text summary for screen readers and the numbers in a
 * table underneath.
 */
export class ReviewChart extends LitElement {
  static override properties = { days: { attribute: false } };
  declare days: DayStats[];

  constructor() {
    super();
    this.days = [];
  }

  static override styles = [
    theme,
    css`
      :host {
        display: block;
      }
      .charts {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
        gap: 1rem;
      }
      figure {
        margin: 0;
      }
      figcaption {
        font-weight: 600;
        margin-bottom: 0.25rem;
      }
      svg {
        width: 100%;
        height: auto;
        background: var(--bg);
        border: 1px solid var(--border);
        border-radius: 6px;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 0.75rem;
        font-size: 0.875rem;
        margin: 0.25rem 0 0;
        padding: 0;
        list-style: none;
      }
      .swatch {
        display: inline-block;
        width: 0.75rem;
        height: 0.75rem;
        margin-right: 0.25rem;
        vertical-align: -0.05rem;
      }
      .range {
        font-size: 0.8125rem;
        margin: 0.125rem 0 0;
      }
      table {
        border-collapse: collapse;
        font-size: 0.875rem;
      }
      th,
      td {
        border: 1px solid var(--border);
        padding: 0.125rem 0.375rem;
        text-align: right;
      }
      th:first-child {
        text-align: left;
      }
    `,
  ];

  override render(): TemplateResult {
    return html`
      <div class="charts">
        ${this.chart('Feedback per day', FEEDBACK)} ${this.chart('Review verdicts per day', VERDICTS)}
      </div>
      <details>
        <summary>Show the numbers</summary>
        <table>
          <caption class="sr-only">Feedback and verdicts per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              ${[...FEEDBACK, ...VERDICTS].map((s) => html`<th scope="col">${s.label}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${this.days.map(
              (d) => html`<tr>
                <th scope="row">${d.day}</th>
                ${[...FEEDBACK, ...VERDICTS].map((s) => html`<td>${s.value(d)}</td>`)}
              </tr>`,
            )}
          </tbody>
        </table>
      </details>
    `;
  }

  private chart(title: string, series: Series[]): TemplateResult {
    const days = this.days;
    const totals = series.map((s) => days.reduce((n, d) => n + s.value(d), 0));
    const max = Math.max(1, ...days.map((d) => series.reduce((n, s) => n + s.value(d), 0)));
    const step = W / Math.max(1, days.length);
    const summary = `${title}, last ${days.length} days: ${series.map((s, i) => `${s.label} ${totals[i]}`).join(', ')}.`;
    const bars = days.flatMap((d, i) => {
      let y = H;
      return series.map((s) => {
        const h = (s.value(d) / max) * (H - 10);
        y -= h;
        return h > 0 ? svg`<rect x=${i * step + step * 0.15} y=${y} width=${step * 0.7} height=${h} fill=${s.colour}><title>${d.day}: ${s.label} ${s.value(d)}</title></rect>` : svg``;
      });
    });
    return html`
      <figure>
        <figcaption>${title}</figcaption>
        <svg viewBox="0 0 ${W} ${H}" role="img" aria-label=${summary} data-series=${series.map((s) => s.key).join(' ')}>${bars}</svg>
        <p class="muted range">${days.length ? `${days[0]!.day} to ${days.at(-1)!.day}, up to ${max} a day` : 'No data'}</p>
        <ul class="legend">
          ${series.map((s, i) => html`<li><svg class="swatch" viewBox="0 0 10 10" aria-hidden="true"><rect width="10" height="10" fill=${s.colour}></rect></svg>${s.label} (${totals[i]})</li>`)}
        </ul>
      </figure>
    `;
  }
}
