/**
 * Printing the summary from a page that embeds the widget: window.print() prints the whole page,
 * so while a summary is open the document gets one more style sheet that, in print only, hides
 * everything but the <triage-chat> showing it (the element hides its own chat chrome). A
 * constructed sheet, not a <style>: a site's Content-Security-Policy may forbid inline styles,
 * and adopted sheets are not inline styles.
 */
const PRINT_ONLY_SUMMARY = `@media print {
  body * { visibility: hidden !important; }
  triage-chat[summary-open], triage-chat[summary-open] * { visibility: visible !important; }
  triage-chat[summary-open] { position: absolute !important; inset: 0 auto auto 0 !important; width: 100% !important; margin: 0 !important; }
}`;

let sheet: CSSStyleSheet | undefined;

/** Adds the sheet while any widget shows a summary; removes it when none does. */
export function updatePrintSheet(): void {
  const open = document.querySelector('triage-chat[summary-open]') !== null;
  const adopted = sheet ? document.adoptedStyleSheets.includes(sheet) : false;
  if (open && !adopted) {
    sheet ??= new CSSStyleSheet();
    sheet.replaceSync(PRINT_ONLY_SUMMARY);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } else if (!open && adopted) {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  }
}
