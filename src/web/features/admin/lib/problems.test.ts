import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError } from '../../../lib/api-client';
import { checkFailure, describeFailure, problemAt, problemsFromIssues, rowKey, toNumber, unshownProblems } from './problems';

describe('problems from zod issues', () => {
  it('are keyed by the dotted path, array indices included, and keep the first message of a path', () => {
    expect(
      problemsFromIssues([
        { path: ['name'], message: 'Give a name' },
        { path: ['roomRanges', 0, 'to'], message: 'A range must start at or below where it ends' },
        { path: ['name'], message: 'A second message for the name' },
        { path: ['routing', 'default', 'to', 1], message: 'Not an e-mail address' },
      ]),
    ).toEqual({
      name: 'Give a name',
      'roomRanges.0.to': 'A range must start at or below where it ends',
      'routing.default.to.1': 'Not an e-mail address',
    });
  });

  it('put a form-wide issue (no path) under the empty key, and give nothing for no issues', () => {
    expect(problemsFromIssues([{ path: [], message: 'Something about the whole form' }])).toEqual({ '': 'Something about the whole form' });
    expect(problemsFromIssues([])).toEqual({});
  });
});

describe('the message for a field', () => {
  const problems = { 'roomRanges.1.from': 'Rooms start at 0', 'roomRanges.0.to': 'Rooms go up to 999999', name: 'Give a name' };

  it('is its own message, or the first one inside it', () => {
    expect(problemAt(problems, 'name')).toBe('Give a name');
    expect(problemAt(problems, 'roomRanges')).toBe('Rooms start at 0');
    expect(problemAt(problems, 'roomRanges.0')).toBe('Rooms go up to 999999');
    expect(problemAt({ roomRanges: 'Room ranges 1–40 and 30–60 overlap', 'roomRanges.0.to': 'x' }, 'roomRanges')).toBe(
      'Room ranges 1–40 and 30–60 overlap',
    );
  });

  it('is nothing for a field without problems, even one whose name starts the same', () => {
    expect(problemAt(problems, 'floorMax')).toBeUndefined();
    expect(problemAt(problems, 'room')).toBeUndefined();
    expect(problemAt(problems, 'roomRanges.1.to')).toBeUndefined();
    expect(problemAt({}, 'name')).toBeUndefined();
  });

  it('keeps an empty message as a message', () => {
    expect(problemAt({ name: '' }, 'name')).toBe('');
  });
});

describe('problems no field shows', () => {
  it('are those outside every shown path', () => {
    const problems = { name: 'a', 'roomRanges.0.to': 'b', 'routing.default.to': 'c', routingExtra: 'd', '': 'e' };
    expect(unshownProblems(problems, ['name', 'roomRanges', 'routing'])).toEqual(['d', 'e']);
    expect(unshownProblems(problems, [])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(unshownProblems({}, ['name'])).toEqual([]);
  });
});

describe('what a failed save shows', () => {
  const shown = ['name', 'roomRanges'];

  it('is only the field messages when the server refused fields the form shows', () => {
    const error = new ApiError(400, 'validation_failed', 'Check the highlighted fields', { name: 'There is already a hostel called Tower A.' });
    expect(describeFailure(error, shown)).toEqual({ problems: { name: 'There is already a hostel called Tower A.' }, message: null });
  });

  it('adds the server message and the messages no field shows, each once, to the alert', () => {
    const error = new ApiError(400, 'validation_failed', 'Check the highlighted fields', {
      name: 'Give a name',
      floorMax: 'The top floor must be at or above the lowest',
      'routing.default.to': 'Check the highlighted fields',
    });
    expect(describeFailure(error, shown)).toEqual({
      problems: error.fields,
      message: 'Check the highlighted fields The top floor must be at or above the lowest',
    });
  });

  it('keeps the server message for anything but a validation failure, fields or not', () => {
    const conflict = new ApiError(409, 'conflict', 'There is already a hostel called Tower A.', { name: 'There is already a hostel called Tower A.' });
    expect(describeFailure(conflict, shown)).toEqual({ problems: conflict.fields, message: 'There is already a hostel called Tower A.' });
    const forbidden = new ApiError(403, 'forbidden', 'You do not have access to this.');
    expect(describeFailure(forbidden, shown)).toEqual({ problems: {}, message: 'You do not have access to this.' });
    // A validation failure about nothing the form shows still says what the server said.
    const elsewhere = new ApiError(400, 'validation_failed', 'Invalid request', { 'body.extra': 'Unknown field' });
    expect(describeFailure(elsewhere, shown)).toEqual({ problems: elsewhere.fields, message: 'Invalid request Unknown field' });
  });

  it('says the network failed, or something went wrong, for errors without an answer', () => {
    expect(describeFailure(new NetworkError(), shown)).toEqual({ problems: {}, message: NETWORK_ERROR_MESSAGE });
    expect(describeFailure(new TypeError('x is undefined'), shown)).toEqual({ problems: {}, message: 'Something went wrong. Please try again.' });
    expect(describeFailure('a string', shown)).toEqual({ problems: {}, message: 'Something went wrong. Please try again.' });
  });
});

describe('a failed check in the browser', () => {
  it('alerts only what no field shows', () => {
    expect(checkFailure({ name: 'Give a name' }, ['name'])).toEqual({ problems: { name: 'Give a name' }, message: null });
    expect(checkFailure({ name: 'Give a name', roomRanges: 'Room ranges 1–40 and 30–60 overlap' }, ['name'])).toEqual({
      problems: { name: 'Give a name', roomRanges: 'Room ranges 1–40 and 30–60 overlap' },
      message: 'Room ranges 1–40 and 30–60 overlap',
    });
    expect(checkFailure({ a: 'One', b: 'Two' }, [])).toEqual({ problems: { a: 'One', b: 'Two' }, message: 'One Two' });
  });
});

describe('numbers typed into a field', () => {
  it('are numbers, and empty or anything else is NaN for the schema to refuse', () => {
    expect(toNumber('12')).toBe(12);
    expect(toNumber(' 7 ')).toBe(7);
    expect(toNumber('-5')).toBe(-5);
    expect(toNumber('1.5')).toBe(1.5);
    for (const text of ['', '   ', 'abc', '12a', '1,000']) expect(toNumber(text)).toBeNaN();
  });
});

describe('row keys', () => {
  it('are new every time', () => {
    const keys = Array.from({ length: 5 }, () => rowKey());
    expect(new Set(keys).size).toBe(5);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
  });
});
