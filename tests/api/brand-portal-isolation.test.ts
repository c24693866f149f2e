// Isolation between brands (the property that matters most): a member of brand A gets 404
// for every community, application, experience, ambassador association and member of brand B, by every call, and
// changes none of them; A's lists never show B's rows; ids in a body never move anything to another brand.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { expectDocumented } from '#tests/api/openapi-contract';
import { AmbassadorCommunity } from '#src/modules/ambassadors/ambassadors.entity';
import { BrandCommunity } from '#src/modules/brands/brands.entity';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import { Community, CommunityApplication } from '#src/modules/communities/communities.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { communityForm, createSignableMember, send, setupPortalBrand, type Method, type PortalBrand } from './brand-portal-helpers';

let t: TestApp;
let a: PortalBrand;
let b: PortalBrand;
let bColleagueId: number;
beforeAll(async () => {
  t = await setupTestApp();
  [a, b] = [await setupPortalBrand(t, 'A'), await setupPortalBrand(t, 'B')];
  bColleagueId = (await createSignableMember(t, b.brandId, { email: 'b-colleague@example.com' })).id;
});

const em = () => t.orm.em.fork();
const api = (path: string) => `/brand/api/v1${path}`;

/** Everything of brand B that a call could change. */
async function stateOfB() {
  const e = em();
  const community = await e.findOneOrFail(Community, { id: b.communityId });
  const application = await e.findOneOrFail(CommunityApplication, { id: b.applicationId });
  return {
    communityName: community.name,
    communityUpdatedAt: new Date(community.updatedAt).toISOString(),
    handled: application.resolved,
    members: (await e.find(BrandMember, { brand: b.brandId }, { orderBy: { id: 'asc' } })).map((m) => m.id),
    links: (await e.find(AmbassadorCommunity, { community: b.communityId }, { orderBy: { id: 'asc' } })).map((l) => l.ambassador.id),
    brandCommunities: (await e.find(BrandCommunity, { brand: b.brandId }, { orderBy: { id: 'asc' } })).map((l) => l.community.id),
    audits: await e.count(AuditLog, { entityType: 'community', entityId: b.communityId }),
  };
}

describe("a member of brand A and brand B's resources", () => {
  it("gets 404 for every call that names B's member, community, ambassador association, experience or application, and changes nothing", async () => {
    const before = await stateOfB();
    const calls: [Method, string, unknown, string][] = [
      ['delete', `/brand-members/${b.member.id}`, undefined, 'brand_member'],
      ['delete', `/brand-members/${bColleagueId}`, undefined, 'brand_member'],
      ['get', `/communities/${b.communityId}`, undefined, 'community'],
      ['put', `/communities/${b.communityId}`, communityForm({ name: 'A による乗っ取り' }), 'community'],
      ['get', `/ambassadors?community_id=${b.communityId}`, undefined, 'community'],
      ['get', `/communities/${b.communityId}/ambassadors`, undefined, 'community'],
      ['get', `/communities/${b.communityId}/ambassadors?page=1`, undefined, 'community'],
      ['post', `/communities/${b.communityId}/ambassadors/${b.freeAmbassadorId}/association`, undefined, 'community'],
      ['post', `/communities/${b.communityId}/ambassadors/${a.freeAmbassadorId}/association`, undefined, 'community'],
      ['delete', `/communities/${b.communityId}/ambassadors/${b.ambassadorId}/association`, undefined, 'community'],
      ['get', `/communities/${b.communityId}/experiences?held_at=future`, undefined, 'community'],
      ['get', `/communities/${b.communityId}/experiences?held_at=past&page=1`, undefined, 'community'],
      ['get', `/experiences/${b.experienceId}/participant-numbers`, undefined, 'experience'],
      ['get', `/community-applications/${b.applicationId}`, undefined, 'community_application'],
      ['put', `/community-applications/${b.applicationId}`, { handled: true }, 'community_application'],
    ];
    for (const [method, path, body, key] of calls) {
      const res = await send(a.agent, method, api(path), body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.messages[key], `${method} ${path}`).toEqual([expect.any(String)]);
    }
    expect(await stateOfB()).toEqual(before);
    // And B, for whom they are its own, still gets every one of them.
    expect((await b.agent.get(api(`/communities/${b.communityId}`))).status).toBe(200);
    expect((await b.agent.get(api(`/experiences/${b.experienceId}/participant-numbers`))).status).toBe(200);
    expect((await b.agent.get(api(`/community-applications/${b.applicationId}`))).status).toBe(200);
  });

  it("never lists B's members, communities, applications or associations in A's lists", async () => {
    const members = await a.agent.get(api('/brand-members'));
    expect(members.body.members.map((m: { brand_id: number }) => m.brand_id)).toEqual(members.body.members.map(() => a.brandId));
    expect(members.body.members.map((m: { id: number }) => m.id)).not.toContain(b.member.id);

    const communities = await a.agent.get(api('/communities'));
    expect(communities.body.communities.map((c: { id: number }) => c.id)).toEqual([a.communityId]);

    const applications = await a.agent.get(api('/community-applications'));
    expect(applications.body.community_applications.map((x: { id: number }) => x.id)).toEqual([a.applicationId]);

    const ambassadors = await a.agent.get(api('/ambassadors'));
    for (const row of ambassadors.body.ambassadors as { id: number; associated_community_ids: number[] }[]) {
      expect(row.associated_community_ids, String(row.id)).not.toContain(b.communityId);
    }
    // B's associated ambassador is a published ambassador anyone may invite, but A sees none of B's communities on it.
    expect(ambassadors.body.ambassadors.find((x: { id: number }) => x.id === b.ambassadorId).associated_community_ids).toEqual([]);

    const me = await a.agent.get(api('/brand-members/me'));
    expect(me.body.brand.id).toBe(a.brandId);
  });

  it('ids in a body never reach another brand: creating, inviting and updating stay within A', async () => {
    const created = await a.agent.post(api('/communities')).send({ ...communityForm({ name: 'A が作った会' }), brand_id: b.brandId });
    expect(created.status).toBe(201);
    expect((await em().find(BrandCommunity, { community: created.body.id })).map((l) => l.brand.id)).toEqual([a.brandId]);

    const invited = await a.agent.post(api('/brand-members/invitation')).send({ email: 'a-new@example.com', brand_id: b.brandId });
    expect(invited.status).toBe(201);
    expect((await em().findOneOrFail(BrandMember, { email: 'a-new@example.com' })).brand.id).toBe(a.brandId);

    // An address that belongs to B's member gets the answer of a new address (A learns nothing about B's staff), and
    // is neither moved nor re-invited: the address gets a notice (once a day per inviting brand), not an invitation.
    const bBefore = await em().findOneOrFail(BrandMember, { id: b.member.id });
    const mailsBefore = await em().count(MailOutbox, { toAddress: b.member.email });
    for (const attempt of [1, 2]) {
      const taken = await a.agent.post(api('/brand-members/invitation')).send({ email: b.member.email.toUpperCase() });
      expect(taken.status, `attempt ${attempt}`).toBe(201);
      expectDocumented(taken);
      expect(taken.body).toEqual({ email: b.member.email, sent: true });
    }
    const bAfter = await em().findOneOrFail(BrandMember, { id: b.member.id });
    expect(bAfter.brand.id).toBe(b.brandId);
    expect(bAfter.invitationTokenHash).toBe(bBefore.invitationTokenHash);
    expect(bAfter.passwordHash).toBe(bBefore.passwordHash);
    const notices = await em().find(MailOutbox, { toAddress: b.member.email, id: { $gt: 0 } }, { orderBy: { id: 'asc' } });
    expect(notices.length).toBe(mailsBefore + 1);
    const notice = notices[notices.length - 1];
    expect(notice.subject).toBe(`【たびとこ】ブランドの管理メンバーへの招待について：${a.brandName}`);
    expect(notice.textBody).toContain('すでに別のブランドの管理メンバーとして登録または招待されているため、この招待はお受けいただけません');
    expect(notice.textBody).not.toContain('invitation_token');
    expect((await a.agent.get(api('/brand-members'))).body.members.map((m: { email: string }) => m.email)).not.toContain(b.member.email);

    // A path naming A's community with B's id in the body updates A's community only.
    const updated = await a.agent
      .put(api(`/communities/${a.communityId}`))
      .send({ ...communityForm({ name: 'A の会' }), id: b.communityId });
    expect(updated.status).toBe(200);
    expect(updated.body.id).toBe(a.communityId);
    expect((await em().findOneOrFail(Community, { id: b.communityId })).name).toBe('Bのコミュニティ');

    // An application id of B in the body of A's own application call changes A's only.
    const handled = await a.agent.put(api(`/community-applications/${a.applicationId}`)).send({ handled: true, id: b.applicationId });
    expect(handled.status).toBe(200);
    expect((await em().findOneOrFail(CommunityApplication, { id: b.applicationId })).resolved).toBe(false);
    expect((await em().findOneOrFail(CommunityApplication, { id: a.applicationId })).resolved).toBe(true);
  });
});
