import { css } from 'lit';

/**
 * Theme tokens. The public `--triage-*` custom properties are read once, on <triage-chat>, into
 * private `--_*` ones; custom properties inherit through shadow roots, so the inner elements use
 * the private names and a page only ever has to set the documented public ones.
 * Light and dark defaults follow `prefers-color-scheme` (or `theme="light|dark"` on the element);
 * a page's own `--triage-*` values win over both. Each pair passes WCAG AA (text ≥ 4.5:1, borders
 * and the focus ring ≥ 3:1), checked by axe in the browser tests.
 */
const light = css`
  --_accent: var(--triage-accent, #005eb8);
  --_accent-fg: var(--triage-accent-contrast, #ffffff);
  --_bg: var(--triage-bg, #ffffff);
  --_fg: var(--triage-fg, #212b32);
  --_muted: var(--triage-muted, #4c6272);
  --_surface: var(--triage-surface, #f0f4f5);
  --_border: var(--triage-border, #768692);
  --_focus: var(--triage-focus, #005eb8);
  --_link: var(--triage-link, #005eb8);
  --_danger: var(--triage-danger, #b3261e);
  --_danger-bg: var(--triage-danger-bg, #fdecea);
  --_emergency-fg: var(--triage-emergency-fg, #ffffff);
  --_emergency-bg: var(--triage-emergency-bg, #b3261e);
  --_urgent-fg: var(--triage-urgent-fg, #212b32);
  --_urgent-bg: var(--triage-urgent-bg, #ffeb3b);
  color-scheme: light;
`;

const dark = css`
  --_accent: var(--triage-accent, #4c9ee8);
  --_accent-fg: var(--triage-accent-contrast, #0b1a26);
  --_bg: var(--triage-bg, #14202a);
  --_fg: var(--triage-fg, #e8eef2);
  --_muted: var(--triage-muted, #b3c2cc);
  --_surface: var(--triage-surface, #1f2f3b);
  --_border: var(--triage-border, #7f93a1);
  --_focus: var(--triage-focus, #ffd54f);
  --_link: var(--triage-link, #8cc4f5);
  --_danger: var(--triage-danger, #ffb4ab);
  --_danger-bg: var(--triage-danger-bg, #3b1714);
  --_emergency-fg: var(--triage-emergency-fg, #ffffff);
  --_emergency-bg: var(--triage-emergency-bg, #b3261e);
  --_urgent-fg: var(--triage-urgent-fg, #212b32);
  --_urgent-bg: var(--triage-urgent-bg, #ffeb3b);
  color-scheme: dark;
`;

export const tokens = css`
  :host {
    ${light}
    --_font: var(--triage-font, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif);
    --_font-size: var(--triage-font-size, 1rem);
    --_radius: var(--triage-radius, 12px);
  }
  :host([theme='dark']) {
    ${dark}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${dark}
    }
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
    color: var(--_link);
  }
  button.primary {
    background: var(--_accent);
    color: var(--_accent-fg);
  }
  button:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  a[href] {
    color: var(--_link);
  }
  /* A link the policy refused keeps its text only: it must not look or act like a link. */
  a:not([href]) {
    color: inherit;
    text-decoration: none;
    cursor: text;
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
