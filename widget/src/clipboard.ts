/**
 * Copies text: the async clipboard API, or, where there is none (an insecure context) or it is
 * refused, a selection copy from a hidden textarea put in `root` (inside the shadow root, so the
 * page's own styles and listeners never see it). Resolves whether it worked.
 */
export async function copyText(text: string, root: HTMLElement | DocumentFragment): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'sr-only';
    root.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}
