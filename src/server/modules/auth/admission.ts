import { parseEmailAddress } from '../../../shared/email.js';

/** The identity claims the portal looks at, as an OpenID Connect provider (e.g. Google) sends them. */
export interface IdentityClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  hd?: unknown;
  name?: unknown;
}

export type AdmissionRefusal = 'no_email' | 'malformed_email' | 'email_not_verified' | 'domain_not_allowed' | 'hosted_domain_mismatch';

export type Admission =
  | { admitted: true; email: string; domain: string }
  | { admitted: false; reason: AdmissionRefusal; email?: string };

/**
 * Who may sign in: a verified e-mail whose domain is exactly one of the allowed domains
 * (`eve@notvitbhopal.ac.in` and `eve@x.vitbhopal.ac.in` are not), and, when the provider states
 * the account's hosted domain (Google's `hd`), that domain too.
 */
export function decideAdmission(claims: IdentityClaims, allowedDomains: readonly string[]): Admission {
  if (typeof claims.email !== 'string' || !claims.email.includes('@')) return { admitted: false, reason: 'no_email' };
  // Strictly one address: a comma list, a second '@' or a line break is refused before the domain rule.
  const parsed = parseEmailAddress(claims.email);
  if (!parsed) return { admitted: false, reason: 'malformed_email' };
  const { address: email, domain } = parsed;
  // Google sends a boolean; some providers send the string "true".
  if (claims.email_verified !== true && claims.email_verified !== 'true') {
    return { admitted: false, reason: 'email_not_verified', email };
  }
  if (!allowedDomains.includes(domain)) return { admitted: false, reason: 'domain_not_allowed', email };
  if (claims.hd !== undefined && claims.hd !== null) {
    if (typeof claims.hd !== 'string' || claims.hd.toLowerCase() !== domain) {
      return { admitted: false, reason: 'hosted_domain_mismatch', email };
    }
  }
  return { admitted: true, email, domain };
}
