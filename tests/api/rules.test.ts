// Each domain rule has one implementation (ARCHITECTURE.md "One rule, one place"); these tests fail when a rule
// breaks, whichever caller (API, pages, CLI) would notice it.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createAmbassadorExperience, createExperience } from '#tests/factories/experiences';
import { GUEST, operator, type Actor, type UserActor } from '#src/lib/context';
import { publicBaseUrl } from '#src/lib/env';
import { idFrom, parseId } from '#src/lib/isomorphic/validate';
import { isUniqueViolation } from '#src/lib/db-errors';
import { canManageExperience } from '#src/modules/experiences/experiences.policy';
import { Experience } from '#src/modules/experiences/experiences.entity';
import { User } from '#src/modules/users/users.entity';
import { paymentConfig, gatewayKind } from '#src/modules/payments/payments.config';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
});

const userActor = (id: number, role: UserActor['role'] = 'USER'): UserActor => ({
  kind: 'user',
  id,
  name: 'x',
  email: 'x@example.com',
  role,
});

describe('who may manage an experience (experiences.policy)', () => {
  it('admins, the operator, the host user and members of the host ambassador; nobody else', async () => {
    const host = await createUser(t.orm, { role: 'HOST' });
    const member = await createUser(t.orm);
    const stranger = await createUser(t.orm);
    const own = await createExperience(t.orm, { hostUserId: host.id, approve: false });
    const { experience: shop } = await createAmbassadorExperience(t.orm, { memberUserId: member.id, approve: false });
    const can = async (actor: Actor, id: number) => {
      const ctx = t.services.context(actor);
      return canManageExperience(ctx, await ctx.em.findOneOrFail(Experience, { id }));
    };
    expect(await can(userActor(host.id, 'HOST'), own.id)).toBe(true);
    expect(await can(userActor(member.id), shop.id)).toBe(true);
    expect(await can(userActor(stranger.id, 'ADMIN'), own.id)).toBe(true);
    expect(await can(operator('alice'), shop.id)).toBe(true);
    expect(await can(userActor(stranger.id), own.id)).toBe(false);
    expect(await can(userActor(member.id), own.id)).toBe(false);
    expect(await can(userActor(host.id, 'HOST'), shop.id)).toBe(false);
    expect(await can(GUEST, own.id)).toBe(false);
    expect(await can({ kind: 'brandMember', id: host.id, email: 'b@example.com', brandId: 1 }, own.id)).toBe(false);
  });

  it('the same rule answers the public read and the host form: a member reads and edits, a stranger finds neither', async () => {
    const member = await createUser(t.orm);
    const stranger = await createUser(t.orm);
    const { experience } = await createAmbassadorExperience(t.orm, { memberUserId: member.id, approve: false });
    const memberAgent = await signedInAgent(t.app, member.email);
    const strangerAgent = await signedInAgent(t.app, stranger.email);
    expect((await memberAgent.get(`/api/v1/experiences/${experience.id}`)).status).toBe(200);
    expect((await strangerAgent.get(`/api/v1/experiences/${experience.id}`)).status).toBe(404);
    const ctx = (actor: Actor) => t.services.context(actor);
    await expect(t.services.experiencesHost.getForEdit(ctx(userActor(member.id)), { id: experience.id })).resolves.toMatchObject({
      id: experience.id,
    });
    // Unpublished, it does not exist for the stranger: the read's 404, not a 403 that would tell it does.
    await expect(t.services.experiencesHost.getForEdit(ctx(userActor(stranger.id)), { id: experience.id })).rejects.toMatchObject({
      status: 404,
      message: '体験が見つかりませんでした',
    });
  });
});

describe('the operator is explicit, never a guest', () => {
  it('approve: a guest is 401, a signed-in user 403, the operator and an admin publish', async () => {
    const pending = await createExperience(t.orm, { approve: false });
    const user = await createUser(t.orm);
    await expect(t.services.experiencesHost.approve(t.services.context(GUEST), { id: pending.id })).rejects.toMatchObject({ status: 401 });
    await expect(t.services.experiencesHost.approve(t.services.context(userActor(user.id)), { id: pending.id })).rejects.toMatchObject({
      status: 403,
    });
    const result = await t.services.experiencesHost.approve(t.services.context(operator('alice')), { id: pending.id });
    expect(result).toMatchObject({ id: pending.id, approve: true, changed: true });
    expect((await request(t.app).post(`/api/v1/admin/experiences/${pending.id}/approval`)).status).toBe(401);
  });

  it('create-admin: only the operator (or an admin) creates administrators', async () => {
    const input = { email: `ops-${Date.now()}@example.com`, name: '管理者', password: 'password1234' };
    await expect(t.services.users.createAdmin(t.services.context(GUEST), input)).rejects.toMatchObject({ status: 401 });
    const { actor, created } = await t.services.users.createAdmin(t.services.context(operator('alice')), input);
    expect(created).toBe(true);
    expect(actor.role).toBe('ADMIN');
  });
});

describe('ids (parseId, idFrom)', () => {
  it('accepts positive integers that fit an integer column; anything else is the resource 404', () => {
    expect(parseId('12')).toBe(12);
    expect(parseId(12)).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '', ' 1', '2147483648', 2147483648, 0, null, undefined, {}])
      expect(parseId(bad)).toBeNull();
    const notFound = () => Object.assign(new Error('nf'), { status: 404 });
    expect(idFrom({ id: '7' }, 'id', notFound)).toBe(7);
    expect(() => idFrom({ id: 'x' }, 'id', notFound)).toThrow('nf');
    expect(() => idFrom(undefined, 'id', notFound)).toThrow('nf');
  });

  it('a malformed id answers the 404 of its resource over HTTP, never a 422', async () => {
    const res = await request(t.app).get('/api/v1/experiences/abc');
    expect(res.status).toBe(404);
    expect(res.body.messages.experience).toBeDefined();
    expect((await request(t.app).get('/api/v1/calendars/99999999999')).status).toBe(404);
    expect((await request(t.app).get('/api/v1/profiles/-3')).status).toBe(404);
  });
});

describe('configuration rules', () => {
  it('publicBaseUrl: APP_URL without trailing slash, else localhost with the port', () => {
    expect(publicBaseUrl({ APP_URL: 'https://tabitoko.example.jp/', PORT: 3000 })).toBe('https://tabitoko.example.jp');
    expect(publicBaseUrl({ APP_URL: undefined, PORT: 4100 })).toBe('http://localhost:4100');
  });

  it('payment configuration: Stripe with its publishable key when the secret key is set, else the test gateway', () => {
    expect(gatewayKind({ STRIPE_SECRET_KEY: undefined })).toBe('test');
    expect(paymentConfig({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: 'pk_x' })).toEqual({
      gateway: 'test',
      publishable_key: null,
    });
    expect(paymentConfig({ STRIPE_SECRET_KEY: 'sk_x', STRIPE_PUBLISHABLE_KEY: 'pk_x' })).toEqual({
      gateway: 'stripe',
      publishable_key: 'pk_x',
    });
    expect(t.services.payments.gateway.kind).toBe('test');
  });

  it('unique violations are recognised by name, whatever the error class', async () => {
    const user = await createUser(t.orm);
    const em = t.orm.em.fork();
    let caught: unknown = null;
    try {
      em.create(User, { name: 'x', email: user.email, passwordHash: 'x', role: 'USER' });
      await em.flush();
    } catch (error) {
      caught = error;
    }
    expect(isUniqueViolation(caught)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
