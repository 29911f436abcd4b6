import { describe, expect, it } from 'vitest';
import { decideAdmission } from './admission.js';

const allowed = ['vitbhopal.ac.in'];
const claims = (over: Record<string, unknown>) => ({ sub: 's', email_verified: true, ...over });

describe('decideAdmission', () => {
  it('admits a verified address of the allowed domain, lower-cased', () => {
    expect(decideAdmission(claims({ email: 'Aarav.Sharma@VITBhopal.ac.in' }), allowed)).toEqual({
      admitted: true,
      email: 'aarav.sharma@vitbhopal.ac.in',
      domain: 'vitbhopal.ac.in',
    });
  });

  it.each([
    ['eve@notvitbhopal.ac.in', 'domain_not_allowed'],
    ['eve@x.vitbhopal.ac.in', 'domain_not_allowed'],
    ['eve@gmail.com', 'domain_not_allowed'],
    ['eve@vitbhopal.ac.in.evil.com', 'domain_not_allowed'],
    ['not-an-email', 'no_email'],
    ['a@evil.example,b@vitbhopal.ac.in', 'malformed_email'],
    ['a@evil.example@vitbhopal.ac.in', 'malformed_email'],
    ['a@evil.example\r\nb@vitbhopal.ac.in', 'malformed_email'],
    ['a\u0000@vitbhopal.ac.in', 'malformed_email'],
    ['"eve"@vitbhopal.ac.in', 'malformed_email'],
    ['eve@vitbhopal..ac.in', 'malformed_email'],
    ['.eve@vitbhopal.ac.in', 'malformed_email'],
    ['eve@-vitbhopal.ac.in', 'malformed_email'],
  ])('refuses %s (%s)', (email, reason) => {
    expect(decideAdmission(claims({ email }), allowed)).toMatchObject({ admitted: false, reason });
  });

  it('refuses an unverified address', () => {
    expect(decideAdmission(claims({ email: 'a@vitbhopal.ac.in', email_verified: false }), allowed)).toMatchObject({
      admitted: false,
      reason: 'email_not_verified',
    });
  });

  it('refuses when the hosted domain claim disagrees', () => {
    expect(decideAdmission(claims({ email: 'a@vitbhopal.ac.in', hd: 'other.edu' }), allowed)).toMatchObject({
      admitted: false,
      reason: 'hosted_domain_mismatch',
    });
  });

  it('accepts a matching hosted domain and the string "true" for email_verified', () => {
    expect(
      decideAdmission(claims({ email: 'a@vitbhopal.ac.in', hd: 'vitbhopal.ac.in', email_verified: 'true' }), allowed),
    ).toMatchObject({ admitted: true });
  });
});
