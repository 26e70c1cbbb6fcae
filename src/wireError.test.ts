import { describe, expect, it } from 'vitest';
import { CodedError, isWireError } from '../validation/errorCodes.ts';
import { ApiError } from './api.ts';
import { Failure, failed, toWireError } from './wireError.ts';

describe('toWireError', () => {
  it("keeps an ApiError's code and detail", () => {
    const wire = { code: 'conflict' as const, message: 'Taken', detail: { name: 'Notes' } };
    expect(toWireError(new ApiError(409, wire))).toEqual(wire);
  });
  it("keeps a CodedError's code", () => {
    expect(toWireError(new CodedError('not_available', 'App storage cannot open'))).toEqual({
      code: 'not_available',
      message: 'App storage cannot open',
    });
  });
  it('turns any other failure into internal with its message', () => {
    expect(toWireError(new TypeError('Failed to fetch'))).toEqual({
      code: 'internal',
      message: 'Failed to fetch',
    });
    expect(toWireError('gone')).toEqual({ code: 'internal', message: 'gone' });
  });
});

describe('isWireError', () => {
  it('takes only a known code with a message', () => {
    expect(isWireError({ code: 'not_found', message: 'No such room' })).toBe(true);
    expect(isWireError({ code: 'teapot', message: 'x' })).toBe(false);
    expect(isWireError({ code: 'not_found' })).toBe(false);
    expect(isWireError('<html>')).toBe(false);
  });
});

describe('Failure', () => {
  it('leads its message with what failed', () => {
    let kept: Failure | undefined;
    failed((f) => {
      kept = f;
    }, 'Could not load the files')(new ApiError(404, { code: 'not_found', message: 'No such proposal' }));
    expect(kept?.text).toBe('Could not load the files: No such proposal');
    expect(kept?.error.code).toBe('not_found');
    expect(new Failure({ code: 'internal', message: 'Boom' }).text).toBe('Boom');
  });
});
