import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { consumeCompletion, setCompletion } from '#server/completion';

/** Only the session part of a request: these functions read and write nothing else. */
const requestWith = (flags?: Record<string, boolean>) => ({ session: { flags } }) as unknown as Request;

describe('completion flags', () => {
  it('is consumed exactly once after being set, leaving the other flags', () => {
    const req = requestWith({ other: true });
    setCompletion(req, 'contactInquiry');
    expect(consumeCompletion(req, 'contactInquiry')).toBe(true);
    expect(consumeCompletion(req, 'contactInquiry')).toBe(false);
    expect(req.session.flags).toEqual({ other: true });
  });

  it('is false without a session, without flags, or for another key', () => {
    expect(consumeCompletion({} as Request, 'x')).toBe(false);
    expect(consumeCompletion(requestWith(), 'x')).toBe(false);
    const req = requestWith();
    setCompletion(req, 'reservation:1:2');
    expect(consumeCompletion(req, 'reservation:1:3')).toBe(false);
    expect(consumeCompletion(req, 'reservation:1:2')).toBe(true);
  });
});
