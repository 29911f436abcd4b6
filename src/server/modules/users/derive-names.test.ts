import { describe, expect, it } from 'vitest';
import { deriveNames } from './derive-names.js';

const pattern = /^[0-9]{2}[A-Za-z]{3}[0-9]{5}$/;

describe('deriveNames', () => {
  it('splits a student display name into name, fname and registration id', () => {
    expect(deriveNames('AARAV SHARMA 21BCE10001', pattern)).toEqual({
      name: 'AARAV SHARMA',
      fname: 'Aarav',
      regId: '21BCE10001',
    });
  });

  it('keeps a staff name whole when there is no registration number', () => {
    expect(deriveNames('Priya Nair', pattern)).toEqual({ name: 'Priya Nair', fname: 'Priya', regId: '' });
  });

  it('does not take a short last word for an id, unlike the original 11-character cut', () => {
    expect(deriveNames('Li Wei', pattern)).toEqual({ name: 'Li Wei', fname: 'Li', regId: '' });
  });

  it('upper-cases a registration number typed in lower case and squeezes spaces', () => {
    expect(deriveNames('  meera   iyer   22mim10045 ', pattern)).toEqual({
      name: 'meera iyer',
      fname: 'Meera',
      regId: '22MIM10045',
    });
  });

  it.each([
    ['Dr. Kavita Joshi', 'Kavita'],
    ['Dr Kavita Joshi', 'Kavita'],
    ['DR. KAVITA JOSHI', 'Kavita'],
    ['Prof. Dr. Anil Kumar', 'Anil'],
    ['Mr. Rohan Das', 'Rohan'],
    ['Mrs Sunita Rao', 'Sunita'],
    ['Ms. Anjali Sen', 'Anjali'],
    ['Miss Pooja Verma', 'Pooja'],
    ['Shri Ramesh Yadav', 'Ramesh'],
    ['Smt. Lakshmi Pillai', 'Lakshmi'],
    ['Kumari. Neha Singh', 'Neha'],
    ['Sri. Venkat Rao', 'Venkat'],
    ['Er. Arjun Mehta', 'Arjun'],
    ['Dr.Kavita Joshi', 'Kavita'],
  ])('skips the honorific of "%s" for the first name', (displayName, fname) => {
    expect(deriveNames(displayName, pattern)).toMatchObject({ name: displayName, fname });
  });

  it('keeps a name whose only word is an honorific, and a name that merely starts like one', () => {
    expect(deriveNames('Dr.', pattern).fname).toBe('Dr.');
    expect(deriveNames('Drishti Kapoor 21BCE10009', pattern)).toEqual({ name: 'Drishti Kapoor', fname: 'Drishti', regId: '21BCE10009' });
    expect(deriveNames('Ersa Khan', pattern).fname).toBe('Ersa');
    // Given names that are also titles count as titles only with their dot.
    expect(deriveNames('Sri Harsha Reddy 21BCE10011', pattern).fname).toBe('Sri');
    expect(deriveNames('Kumari Selja', pattern).fname).toBe('Kumari');
  });

  it('handles an empty display name', () => {
    expect(deriveNames('', pattern)).toEqual({ name: '', fname: '', regId: '' });
  });

  it('follows a configured pattern', () => {
    expect(deriveNames('Sam Roe 2024-0042', /^\d{4}-\d{4}$/).regId).toBe('2024-0042');
  });

  it('never runs the pattern on a last word longer than a registration number could be', () => {
    // test(), match() and friends all go through exec().
    const spy = { calls: [] as string[] };
    const watched = new RegExp(pattern.source);
    const exec = watched.exec.bind(watched);
    watched.exec = (input: string) => {
      spy.calls.push(input);
      return exec(input);
    };
    const long = `21BCE${'1'.repeat(200)}`;
    expect(deriveNames(`Aarav Sharma ${long}`, watched)).toEqual({ name: `Aarav Sharma ${long}`, fname: 'Aarav', regId: '' });
    expect(spy.calls).toEqual([]);
    // A real one is still read.
    expect(deriveNames('Aarav Sharma 21BCE10001', watched).regId).toBe('21BCE10001');
    expect(spy.calls).toEqual(['21BCE10001']);
  });
});
