import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword, DUMMY_HASH } from './password';

describe('password hashing', () => {
  it('verifies the right password only, with a random salt per hash', async () => {
    const a = await hashPassword('abcd1234');
    const b = await hashPassword('abcd1234');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('abcd1234', a)).toBe(true);
    expect(await verifyPassword('abcd1235', a)).toBe(false);
  });

  it('writes a lower cost when asked (test data) and verifies by the cost the hash states', async () => {
    const cheap = await hashPassword('abcd1234', 1024);
    expect(cheap.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('abcd1234', cheap)).toBe(true);
    expect(await verifyPassword('abcd1235', cheap)).toBe(false);
  });

  it('never matches the dummy hash or a malformed one', async () => {
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
    expect(await verifyPassword('abcd1234', 'plain-text')).toBe(false);
  });
});
