// Wrong passwords slow the guesser without locking the owner out. Limits count per e-mail + IP
// pair and per IP; failures per e-mail over all IPs only stop IPs that already tried that e-mail.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, TEST_PASSWORD } from '#tests/factories/users';
import { createBrand } from '#tests/factories/communities';
import { createSignableMember, MEMBER_PASSWORD } from '#tests/api/brand-portal-helpers';
import { SIGN_IN_FAILURES_PER_EMAIL } from '#server/api/v1/sessions.routes';
import * as ja from '#src/i18n/ja';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

let ips = 0;
/** A fresh client address for this file (the test app trusts one proxy hop). */
function ip(): string {
  ips += 1;
  return `198.51.${(ips >> 8) & 255}.${ips & 255}`;
}

for (const [label, path, create, password] of [
  ['guest sign-in', '/api/v1/sessions', async () => (await createUser(t.orm)).email, TEST_PASSWORD],
  [
    'brand portal sign-in',
    '/brand/api/v1/brand-members/sign-in',
    async () => (await createSignableMember(t, (await createBrand(t.orm)).id)).email,
    MEMBER_PASSWORD,
  ],
] as const) {
  describe(label, () => {
    it('ten wrong passwords from IP A: the right one from IP B signs in, and IP A is still slowed', async () => {
      const email = await create();
      const a = ip();
      const b = ip();
      const wrong: number[] = [];
      for (let i = 0; i < 10; i++)
        wrong.push((await request(t.app).post(path).set('X-Forwarded-For', a).send({ email, password: 'wrongpass1' })).status);
      expect(wrong).toEqual(Array(10).fill(401));

      const owner = await request(t.app).post(path).set('X-Forwarded-For', b).send({ email, password });
      expect(owner.status).toBe(201);

      const attacker = await request(t.app).post(path).set('X-Forwarded-For', a).send({ email, password });
      expect(attacker.status).toBe(429);
      expect(attacker.body.message).toBe(ja.errors.tooManyRequests);
    });

    it(`after ${SIGN_IN_FAILURES_PER_EMAIL} failures from many IPs, those IPs are refused and a new IP still signs in`, async () => {
      const email = await create();
      const attackers = Array.from({ length: SIGN_IN_FAILURES_PER_EMAIL / 5 }, ip);
      for (const address of attackers) {
        for (let i = 0; i < 5; i++) {
          const res = await request(t.app).post(path).set('X-Forwarded-For', address).send({ email, password: 'wrongpass1' });
          expect(res.status).toBe(401);
        }
      }
      // An attacker's IP, under its own pair limit, is refused now even with the right password.
      const again = await request(t.app).post(path).set('X-Forwarded-For', attackers[0]).send({ email, password });
      expect(again.status).toBe(429);
      // The owner from an address new to this e-mail passes.
      expect((await request(t.app).post(path).set('X-Forwarded-For', ip()).send({ email, password })).status).toBe(201);
    });
  });
}
