import { css } from 'lit';

/** The review page's look: the widget's NHS-like palette (WCAG AA contrast), a dense clinical layout. */
export const theme = css`
  :host {
    --accent: #005eb8;
    --fg: #212b32;
    --muted: #4c6272;
    --bg: #ffffff;
    --surface: #f0f4f5;
    --border: #768692;
    --danger: #b3261e;
    --danger-bg: #fdecea;
    --ok: #007f3b;
    font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif;
    color: var(--fg);
    line-height: 1.45;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  :focus-visible {
    outline: 3px solid var(--accent);
    outline-offset: 2px;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  button,
  select,
  input,
  textarea {
    font: inherit;
  }
  button {
    cursor: pointer;
    min-height: 2.25rem;
    border-radius: 6px;
    padding: 0.375rem 0.875rem;
    border: 1px solid var(--accent);
    background: var(--bg);
    color: var(--accent);
  }
  button.primary {
    background: var(--accent);
    color: #fff;
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
  select,
  input,
  textarea {
    border: 1px solid var(--border);
    border-radius: 6px;
    padding: 0.375rem 0.5rem;
    color: var(--fg);
    background: var(--bg);
  }
  a {
    color: var(--accent);
  }
  .chip {
    display: inline-block;
    border-radius: 999px;
    padding: 0 0.5rem;
    font-size: 0.8125rem;
    background: var(--surface);
    border: 1px solid var(--border);
  }
  .chip.serious {
    background: var(--danger-bg);
    border-color: var(--danger);
    color: var(--danger);
  }
  .error {
    color: var(--danger);
    background: var(--danger-bg);
    border-radius: 6px;
    padding: 0.5rem 0.75rem;
  }
  .muted {
    color: var(--muted);
  }
  pre,
  .text {
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    margin: 0;
    font-family: inherit;
  }
`;
