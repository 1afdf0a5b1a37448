/**
 * Where the footer's and the about page's outside links go (docs/product-rules.md, Layout and
 * navigation). Set at build time:
 *
 *   VITE_SOURCE_URL     the public source repository (http:// or https://)
 *   VITE_CONTACT_EMAIL  the operators' address for mail (a `mailto:` link)
 *
 * Neither has a default: this code does not know where a deployment keeps its source or reads
 * its mail, and a link to somebody else's address would be worse than none. A link whose value
 * is unset or malformed is left out.
 */

export interface SiteLinks {
  sourceUrl: string | null;
  contactEmail: string | null;
}

const URL_LIKE = /^https?:\/\/[^\s"<>]+$/;
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** The configured values, each kept only when it is well-formed (trimmed). */
export function readSiteLinks(env: { source?: unknown; contact?: unknown }): SiteLinks {
  const source = typeof env.source === 'string' ? env.source.trim() : '';
  const contact = typeof env.contact === 'string' ? env.contact.trim() : '';
  return {
    sourceUrl: URL_LIKE.test(source) ? source : null,
    contactEmail: EMAIL.test(contact) ? contact : null,
  };
}

export const siteLinks: SiteLinks = readSiteLinks({
  source: import.meta.env.VITE_SOURCE_URL,
  contact: import.meta.env.VITE_CONTACT_EMAIL,
});
