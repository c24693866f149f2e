// The permission matrix of the administrator calls: one agent per kind of caller.
import { createHmac, randomBytes } from 'node:crypto';
import request from 'supertest';
import type { TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent } from '#tests/factories/users';
import { createAmbassador, createBrand, createBrandMember } from '#tests/factories/communities';
import { AmbassadorMember } from '#src/modules/ambassadors/ambassadors.entity';

/** server/app.ts uses this secret when SESSION_SECRET is unset (as in tests). */
const DEV_SECRET = 'development-only-session-secret-change-me';

/** express-session's cookie value: `s:` + sid + '.' + base64 HMAC-SHA256 without padding (cookie-signature). */
function signedSid(sid: string): string {
  return `s:${sid}.${createHmac('sha256', DEV_SECRET).update(sid).digest('base64').replace(/=+$/, '')}`;
}

export type Caller = 'signedOut' | 'user' | 'host' | 'ambassadorMember' | 'brandMember' | 'admin';
export const NON_ADMIN: Exclude<Caller, 'admin'>[] = ['signedOut', 'user', 'host', 'ambassadorMember', 'brandMember'];

export type Agent = ReturnType<typeof request.agent>;

/**
 * A brand portal session as the portal stores it (session.brandMemberId in the session table), with the
 * signed `sid` cookie express-session expects.
 */
export async function brandMemberAgent(t: TestApp, brandMemberId: number): Promise<Agent> {
  const sid = randomBytes(18).toString('base64url');
  const expire = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const sess = {
    cookie: { originalMaxAge: 86_400_000, expires: expire.toISOString(), httpOnly: true, path: '/', sameSite: 'lax' },
    brandMemberId,
  };
  await t.orm.em
    .fork()
    .getConnection()
    .execute('INSERT INTO session (sid, sess, expire) VALUES (?, ?, ?)', [sid, JSON.stringify(sess), expire]);
  const agent = request.agent(t.app);
  agent.jar.setCookie(`sid=${encodeURIComponent(signedSid(sid))}; Path=/`, '127.0.0.1', '/');
  return agent;
}

export interface Callers {
  agents: Record<Caller, Agent>;
  ids: { user: number; host: number; ambassadorMember: number; admin: number; brandMember: number; brand: number; ambassador: number };
}

/** One agent of each kind; the brand member's session belongs to a brand of its own. */
export async function setupCallers(t: TestApp): Promise<Callers> {
  const [user, host, memberUser, admin] = await Promise.all([
    createUser(t.orm, { role: 'USER' }),
    createUser(t.orm, { role: 'HOST' }),
    createUser(t.orm, { role: 'USER' }),
    createUser(t.orm, { role: 'ADMIN' }),
  ]);
  const ambassador = await createAmbassador(t.orm, { name: '権限確認用の教室' });
  const em = t.orm.em.fork();
  em.create(AmbassadorMember, { ambassador: ambassador.id, user: memberUser.id });
  await em.flush();
  const brand = await createBrand(t.orm, { name: '権限確認用のブランド' });
  const brandMember = await createBrandMember(t.orm, brand.id, { accepted: true });
  const agents: Record<Caller, Agent> = {
    signedOut: request.agent(t.app),
    user: await signedInAgent(t.app, user.email),
    host: await signedInAgent(t.app, host.email),
    ambassadorMember: await signedInAgent(t.app, memberUser.email),
    brandMember: await brandMemberAgent(t, brandMember.id),
    admin: await signedInAgent(t.app, admin.email),
  };
  return {
    agents,
    ids: {
      user: user.id,
      host: host.id,
      ambassadorMember: memberUser.id,
      admin: admin.id,
      brandMember: brandMember.id,
      brand: brand.id,
      ambassador: ambassador.id,
    },
  };
}

/**
 * 401 signed out, 403 for everyone else who is not ADMIN, with messages.base. A brand portal session is no
 * marketplace session at all: outside /brand it is signed out, 401.
 */
export function expectedDenial(caller: Exclude<Caller, 'admin'>): number {
  return caller === 'signedOut' || caller === 'brandMember' ? 401 : 403;
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export function send(agent: Agent, method: Method, url: string, body?: unknown) {
  const req = agent[method](url);
  return body === undefined ? req : req.send(body as object);
}
