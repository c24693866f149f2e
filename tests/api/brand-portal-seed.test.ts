// The demo data shows the brand portal something on first run: brand@example.com signs in with the demo
// password and finds communities, members, an application with answers, an associated ambassador and experiences
// with participant numbers, future and past.
import { beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { DatabaseSeeder } from '#seeds/DatabaseSeeder';
import { DEMO_PASSWORD } from '#seeds/demo-accounts';

let t: TestApp;
beforeAll(async () => {
  t = await setupTestApp();
  await t.orm.seeder.seed(DatabaseSeeder);
}, 60_000);

describe('demo data for the brand portal', () => {
  it('brand@example.com signs in and every portal screen has rows', async () => {
    const agent = request.agent(t.app);
    const signIn = await agent.post('/brand/api/v1/brand-members/sign-in').send({ email: 'brand@example.com', password: DEMO_PASSWORD });
    expect(signIn.status).toBe(201);
    expect(signIn.body.brand.name.length).toBeGreaterThan(0);

    const members = await agent.get('/brand/api/v1/brand-members');
    expect(members.body.members.map((m: { invitation_accepted: boolean }) => m.invitation_accepted)).toEqual(
      expect.arrayContaining([true, false]),
    );

    const communities = await agent.get('/brand/api/v1/communities');
    expect(communities.body.communities.length).toBeGreaterThan(0);

    const applications = await agent.get('/brand/api/v1/community-applications');
    expect(applications.body.community_applications.length).toBeGreaterThan(0);
    const application = await agent.get(`/brand/api/v1/community-applications/${applications.body.community_applications[0].id}`);
    expect(application.body.answers.length).toBeGreaterThan(0);

    let ambassadors = 0;
    let future = 0;
    let past = 0;
    let dates = 0;
    for (const community of communities.body.communities as { id: number }[]) {
      ambassadors += (await agent.get(`/brand/api/v1/communities/${community.id}/ambassadors`)).body.ambassadors.length;
      const upcoming = await agent.get(`/brand/api/v1/communities/${community.id}/experiences?held_at=future`);
      future += upcoming.body.experiences.length;
      past += (await agent.get(`/brand/api/v1/communities/${community.id}/experiences?held_at=past`)).body.experiences.length;
      for (const x of upcoming.body.experiences as { experience_id: number }[]) {
        dates += (await agent.get(`/brand/api/v1/experiences/${x.experience_id}/participant-numbers`)).body.participant_numbers.length;
      }
    }
    expect(ambassadors).toBeGreaterThan(0);
    expect(future).toBeGreaterThan(0);
    expect(past).toBeGreaterThan(0);
    expect(dates).toBeGreaterThan(0);
  });
});
