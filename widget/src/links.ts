/**
 * Where a link in an answer may go. Model output can name any URL, so only these become links:
 *  - `tel:` numbers and `mailto:` addresses, opened in place (a new tab for a phone call is wrong);
 *  - `https:` pages on an allowed host: the NHS pages our sources cite (`www.nhs.uk` and the hosts
 *    of the turn's sources), plus the domains the embedding site lists in `link-domains`.
 * Everything else (other hosts, http:, javascript:, data:, relative URLs) stays as its label text.
 */

export interface LinkPolicy {
  /** Exact hosts, e.g. the hosts of the turn's sources. */
  hosts: readonly string[];
  /** Domains allowed with their subdomains, from the site's `link-domains` attribute. */
  domains: readonly string[];
}

/** The knowledge base cites NHS condition pages on this host. */
export const SOURCE_HOST = 'www.nhs.uk';

const TEL = /^tel:\+?[\d\s().-]{2,24}$/i;
const MAILTO = /^mailto:[^\s@/?#]+@[^\s@/?#]+\.[^\s@/?#]+$/i;

export function linkTarget(raw: string, policy: LinkPolicy): { href: string; newTab: boolean } | null {
  const value = raw.trim();
  if (TEL.test(value)) return { href: value.replace(/\s+/g, ''), newTab: false };
  if (MAILTO.test(value)) return { href: value, newTab: false };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const allowed =
    host === SOURCE_HOST ||
    policy.hosts.includes(host) ||
    policy.domains.some((d) => host === d || host.endsWith(`.${d}`));
  return allowed ? { href: url.href, newTab: true } : null;
}

/** `link-domains="clinic.example pharmacy.example"` → normalised domain names (bad entries dropped). */
export function parseDomains(attr: string | null | undefined): string[] {
  return (attr ?? '')
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase().replace(/^\*\./, ''))
    .filter((d) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d));
}

/** Hosts of source URLs that are https pages (the NHS pages an answer drew on). */
export function sourceHosts(urls: readonly string[]): string[] {
  const hosts: string[] = [];
  for (const u of urls) {
    try {
      const url = new URL(u);
      if (url.protocol === 'https:') hosts.push(url.hostname.toLowerCase());
    } catch {
      // Not a URL: the source is shown as its title only.
    }
  }
  return hosts;
}
