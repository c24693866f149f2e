// Test data and agents for the brand portal's API tests: a brand with a signed-in member, a community
// with an application item, an application, an associated ambassador with an experience and dates.
import type { TestApp } from '#tests/setup/test-app';
import { createUser, signedInAgent, testDataHash, type Agent } from '#tests/factories/users';
import { createAmbassador, createBrand, createBrandMember, createCommunity } from '#tests/factories/communities';
import { createCalendar, createExperience } from '#tests/factories/experiences';
import { storeTestImages, testImages } from '#tests/factories/experience-payloads';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import {
  Community,
  CommunityApplication,
  CommunityApplicationAnswer,
  CommunityApplicationQuestion,
} from '#src/modules/communities/communities.entity';
import { Experience } from '#src/modules/experiences/experiences.entity';

export const MEMBER_PASSWORD = 'brandpass123';
let memberHash: string | null = null;
let counter = 0;

export type { Agent };

/** An accepted member of the brand who can sign in with MEMBER_PASSWORD (or `password`). */
export async function createSignableMember(t: TestApp, brandId: number, options: { email?: string; password?: string } = {}) {
  const member = await createBrandMember(t.orm, brandId, { email: options.email, accepted: true });
  memberHash ??= await testDataHash(MEMBER_PASSWORD);
  const em = t.orm.em.fork();
  const row = await em.findOneOrFail(BrandMember, { id: member.id });
  row.passwordHash = options.password ? await testDataHash(options.password) : memberHash;
  await em.flush();
  return row;
}

/** A supertest agent signed in to the portal through POST /brand/api/v1/brand-members/sign-in (signedInAgent). */
export function portalAgent(t: TestApp, email: string, password = MEMBER_PASSWORD): Promise<Agent> {
  return signedInAgent(t.app, email, password, { door: 'portal' });
}

/** An application of a new user to the community, answering its first question. */
export async function createApplication(t: TestApp, communityId: number, questionId: number | null, fullName = '応募 花子') {
  const user = await createUser(t.orm);
  const em = t.orm.em.fork();
  const application = em.create(CommunityApplication, {
    community: communityId,
    user: user.id,
    occupation: 1,
    fullName,
    gender: 'female',
    postalCode: '2510035',
    address: null,
    birthday: '1990-04-15',
  });
  if (questionId) {
    const question = await em.findOneOrFail(CommunityApplicationQuestion, questionId);
    em.create(CommunityApplicationAnswer, { application, question, questionText: question.name, content: '海が好きだからです' });
  }
  await em.flush();
  return application;
}

export interface PortalBrand {
  brandId: number;
  brandName: string;
  member: { id: number; email: string };
  agent: Agent;
  communityId: number;
  questionId: number;
  applicationId: number;
  ambassadorId: number;
  /** Published, not associated with the brand's community. */
  freeAmbassadorId: number;
  experienceId: number;
  futureCalendarId: number;
  pastCalendarId: number;
}

/** A brand with everything the portal shows, and its signed-in member. */
export async function setupPortalBrand(t: TestApp, label: string): Promise<PortalBrand> {
  const n = ++counter;
  // communityForm's image, stored as its upload would have.
  await storeTestImages(t.orm);
  const brand = await createBrand(t.orm, { name: `${label}ブランド` });
  const member = await createSignableMember(t, brand.id, { email: `${label.toLowerCase()}-${n}-${Date.now()}@example.com` });
  const ambassador = await createAmbassador(t.orm, { name: `${label}の教室` });
  const free = await createAmbassador(t.orm, { name: `${label}のまだ参加していない教室` });
  const { community, questions } = await createCommunity(t.orm, {
    name: `${label}のコミュニティ`,
    brandIds: [brand.id],
    ambassadorIds: [ambassador.id],
    questions: [{ name: '参加の動機', required: true }],
  });
  const application = await createApplication(t, community.id, questions[0].id, `${label} 申込者`);
  const experience = await createExperience(t.orm, { title: `${label}の体験` });
  const em = t.orm.em.fork();
  const row = await em.findOneOrFail(Experience, { id: experience.id });
  row.community = em.getReference(Community, community.id);
  await em.flush();
  const future = await createCalendar(t.orm, experience.id, { daysFromToday: 10, participantNumber: 3, recruitmentNumber: 8 });
  const past = await createCalendar(t.orm, experience.id, { daysFromToday: -10, participantNumber: 5, recruitmentNumber: 6 });
  return {
    brandId: brand.id,
    brandName: brand.name,
    member: { id: member.id, email: member.email },
    agent: await portalAgent(t, member.email),
    communityId: community.id,
    questionId: questions[0].id,
    applicationId: application.id,
    ambassadorId: ambassador.id,
    freeAmbassadorId: free.id,
    experienceId: experience.id,
    futureCalendarId: future.id,
    pastCalendarId: past.id,
  };
}

/** A valid community form (the admin's form body). */
export const communityForm = (overrides: Record<string, unknown> = {}) => ({
  name: '海辺の清掃部',
  host_name: '湘南クリーン協会',
  host_description: '海辺の清掃を続ける地元の有志です。',
  description: '月に一度、海岸をきれいにするコミュニティです。',
  activity_description: '清掃と、拾ったもので作るアート展。',
  important_thing: '楽しく続けること。',
  ideal_candidate_profile: '海が好きな方。',
  participation_condition: '月1回参加できる方',
  location: '神奈川県藤沢市',
  catchphrase: '海を、みんなの手で。',
  note: '',
  published: true,
  images: [testImages[0]],
  application_items: [{ name: '参加の動機', required: true }],
  ...overrides,
});

export type Method = 'get' | 'post' | 'put' | 'delete';

export function send(agent: Agent, method: Method, url: string, body?: unknown) {
  const req = agent[method](url);
  return body === undefined ? req : req.send(body as object);
}
