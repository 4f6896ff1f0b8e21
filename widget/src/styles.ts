import { css } from 'lit';

/**
 * Theme tokens. The public `--triage-*` custom properties are read once, on <triage-chat>, into
 * private `--_*` ones; custom properties inherit through shadow roots, so the inner elements use
 * the private names and a page only ever has to set the documented public ones.
 * Defaults are NHS-like colours that pass WCAG AA against each other (checked: text ≥ 4.5:1,
 * borders and focus ring ≥ 3:1).
 */
export const tokens = css`
  :host {
    --_accent: var(--triage-accent, #005eb8);
    --_accent-fg: var(--triage-accent-contrast, #ffffff);
    --_font: var(--triage-font, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif);
    --_font-size: var(--triage-font-size, 1rem);
    --_radius: var(--triage-radius, 12px);
    --_bg: var(--triage-bg, #ffffff);
    --_fg: var(--triage-fg, #212b32);
    --_muted: var(--triage-muted, #4c6272);
    --_surface: var(--triage-surface, #f0f4f5);
    --_border: var(--triage-border, #768692);
    --_focus: var(--triage-focus, #005eb8);
    --_danger: var(--triage-danger, #b3261e);
    --_danger-bg: var(--triage-danger-bg, #fdecea);
    --_emergency-fg: var(--triage-emergency-fg, #8a1538);
    --_emergency-bg: var(--triage-emergency-bg, #fde8e6);
  }
`;

/** Shared by every element: box model, the focus ring, and visually-hidden text. */
export const base = css`
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  button {
    font: inherit;
    cursor: pointer;
    min-height: 2.25rem;
    border-radius: calc(var(--_radius) / 1.5);
    padding: 0.375rem 0.875rem;
    border: 1px solid var(--_accent);
    background: var(--_bg);
    color: var(--_accent);
  }
  button.primary {
    background: var(--_accent);
    color: var(--_accent-fg);
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }
  a {
    color: var(--_accent);
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation: none !important;
      transition: none !important;
      scroll-behavior: auto !important;
    }
  }
`;
