// The service context (src/lib/context.ts Ctx, made by services.context in src/root.ts) and withEm, on the
// real ORM: what is lazy stays lazy, and a transaction's context keeps everything but its EntityManager.
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { Ctx, GUEST, withEm, type UserActor } from '#src/lib/context';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

const user: UserActor = { kind: 'user', id: 7, name: '山田 太郎', email: 'taro@example.com', role: 'USER' };

describe('services.context', () => {
  it('forks its EntityManager when `em` is first read, once, and reads through the root one', () => {
    const ctx = t.services.context(user);
    expect(ctx).toBeInstanceOf(Ctx);
    expect(ctx.actor).toBe(user);
    expect(ctx.sql).toBe(t.orm.em);
    const em = ctx.em;
    expect(em).not.toBe(t.orm.em);
    expect(ctx.em).toBe(em);
    // Another context has a fork of its own.
    expect(t.services.context(GUEST).em).not.toBe(em);
  });

  it('calls a logger given as a function only when `log` is first read, and once', () => {
    const logger = pino({ level: 'silent' });
    let made = 0;
    const ctx = t.services.context(GUEST, () => {
      made++;
      return logger;
    });
    expect(made).toBe(0);
    void ctx.em;
    expect(made).toBe(0);
    expect(ctx.log).toBe(logger);
    expect(ctx.log).toBe(logger);
    expect(made).toBe(1);
    // A logger given as itself is used as it is.
    expect(t.services.context(GUEST, logger).log).toBe(logger);
  });
});

describe('withEm', () => {
  it("keeps the actor, the reads and the logger, and uses the transaction's EntityManager", async () => {
    const logger = pino({ level: 'silent' });
    const ctx = t.services.context(user, () => logger);
    await t.orm.em.fork().transactional(async (em) => {
      const tx = withEm(ctx, em);
      expect(tx.em).toBe(em);
      expect(tx.actor).toBe(user);
      expect(tx.sql).toBe(ctx.sql);
      expect(tx.log).toBe(logger);
      // What a spread would have lost (and why it does not compile as a Ctx): the getters live on the prototype.
      expect(Object.keys({ ...ctx })).not.toContain('log');
      // @ts-expect-error a spread is not a Ctx: its private fields are missing.
      const spread: Ctx = { ...ctx, em };
      expect(spread.em).toBe(em);
    });
  });
});
