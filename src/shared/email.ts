/**
 * One e-mail address, parsed strictly: one local part, one `@`, one domain of dot-separated DNS
 * labels, nothing else (no comma lists, display names, quotes, white space or control characters).
 * What identity providers or forms send is checked with this before any rule looks at the domain,
 * so `a@evil.example,b@vitbhopal.ac.in` is never mistaken for an address at vitbhopal.ac.in.
 */
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export interface EmailAddress {
  /** Lower-cased, as the portal stores it. */
  address: string;
  local: string;
  domain: string;
}

export function parseEmailAddress(value: unknown): EmailAddress | undefined {
  if (typeof value !== 'string') return undefined;
  const address = value.trim().toLowerCase();
  if (address.length > 254) return undefined;
  const parts = address.split('@');
  if (parts.length !== 2) return undefined;
  const [local = '', domain = ''] = parts;
  if (local.length > 64 || !LOCAL_PART.test(local)) return undefined;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return undefined;
  return { address, local, domain };
}

/** The bare address of a mailbox as configured (`Name <a@b>` or `a@b`): what SMTP's envelope carries. */
export function mailboxAddress(mailbox: string): string {
  return (/<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox).trim();
}
