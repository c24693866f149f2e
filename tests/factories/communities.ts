// Test data for communities, brands, ambassadors and brand members. Shared by API and browser tests.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Community, CommunityApplicationQuestion } from '#src/modules/communities/communities.entity';
import { Brand, BrandCommunity } from '#src/modules/brands/brands.entity';
import { Ambassador, AmbassadorCommunity, AmbassadorMember } from '#src/modules/ambassadors/ambassadors.entity';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import { Image } from '#src/modules/images/images.entity';

let counter = 0;
const next = () => ++counter;

export interface QuestionSpec {
  name: string;
  required?: boolean;
  disabled?: boolean;
}

export interface CommunityOverrides {
  name?: string;
  published?: boolean;
  catchphrase?: string;
  note?: string | null;
  images?: string[];
  questions?: QuestionSpec[];
  brandIds?: number[];
  ambassadorIds?: number[];
}

export async function createCommunity(orm: MikroORM, overrides: CommunityOverrides = {}) {
  const n = next();
  const em = orm.em.fork();
  const community = em.create(Community, {
    name: overrides.name ?? `里山の手しごと会 ${n}`,
    hostName: '里山クラフト協会',
    published: overrides.published ?? true,
    hostDescription: '長野の山あいで、木工と染めものの工房を営む職人たちの集まりです。',
    description: '季節の素材を使って、暮らしの道具をいっしょにつくるコミュニティです。',
    activityDescription: '月に一度の工房ワークショップと、オンラインでの作品紹介会を開いています。',
    importantThing: '素材を無駄にしないこと、つくる時間を楽しむこと。',
    idealCandidateProfile: 'ものづくりが好きな方、地域の職人と交流したい方。',
    participationCondition: '月1回程度の活動に参加できる方',
    note: overrides.note === undefined ? '見学のみの参加も歓迎します。' : overrides.note,
    location: '長野県松本市',
    catchphrase: overrides.catchphrase ?? '暮らしの道具を、手でつくる。',
  });
  for (const [i, url] of (overrides.images ?? ['/images/demo/woodwork.jpg']).entries()) {
    em.create(Image, { community, objectKey: `test/community-${n}-${i}`, url, sortOrder: i });
  }
  const questions = (overrides.questions ?? []).map((q, i) =>
    em.create(CommunityApplicationQuestion, {
      community,
      name: q.name,
      required: q.required ?? false,
      disabled: q.disabled ?? false,
      sortOrder: i,
    }),
  );
  for (const brandId of overrides.brandIds ?? []) em.create(BrandCommunity, { brand: brandId, community });
  for (const ambassadorId of overrides.ambassadorIds ?? []) em.create(AmbassadorCommunity, { ambassador: ambassadorId, community });
  await em.flush();
  return { community, questions };
}

export interface PartnerOverrides {
  name?: string;
  published?: boolean;
  description?: string;
  homepageUrl?: string | null;
  instagramUsername?: string | null;
  xUsername?: string | null;
  images?: string[];
}

export async function createBrand(orm: MikroORM, overrides: PartnerOverrides = {}) {
  const n = next();
  const em = orm.em.fork();
  const brand = em.create(Brand, {
    name: overrides.name ?? `あおば食品 ${n}`,
    description: overrides.description ?? '国産の大豆と麦でつくる、昔ながらの味噌と醤油のメーカーです。',
    published: overrides.published ?? true,
    homepageUrl: overrides.homepageUrl === undefined ? 'https://aoba.example.com' : overrides.homepageUrl,
    instagramUsername: overrides.instagramUsername === undefined ? 'aoba_foods' : overrides.instagramUsername,
    xUsername: overrides.xUsername === undefined ? 'aoba_foods' : overrides.xUsername,
  });
  for (const [i, url] of (overrides.images ?? ['/images/demo/soba.jpg']).entries()) {
    em.create(Image, { brand, objectKey: `test/brand-${n}-${i}`, url, sortOrder: i });
  }
  await em.flush();
  return brand;
}

export async function createAmbassador(
  orm: MikroORM,
  overrides: PartnerOverrides & { address?: string | null; email?: string | null } = {},
) {
  const n = next();
  const em = orm.em.fork();
  const ambassador = em.create(Ambassador, {
    name: overrides.name ?? `こもれび料理教室 ${n}`,
    description: overrides.description ?? '季節の野菜を使った家庭料理を教える、少人数制の料理教室です。',
    published: overrides.published ?? true,
    address: overrides.address === undefined ? '東京都世田谷区北沢2-1-1' : overrides.address,
    homepageUrl: overrides.homepageUrl === undefined ? 'https://komorebi.example.com' : overrides.homepageUrl,
    instagramUsername: overrides.instagramUsername === undefined ? 'komorebi_kitchen' : overrides.instagramUsername,
    xUsername: overrides.xUsername === undefined ? 'komorebi_k' : overrides.xUsername,
    email: overrides.email === undefined ? `ambassador${n}@example.com` : overrides.email,
  });
  for (const [i, url] of (overrides.images ?? ['/images/demo/ramen.jpg', '/images/demo/wagashi.jpg']).entries()) {
    em.create(Image, { ambassador, objectKey: `test/ambassador-${n}-${i}`, url, sortOrder: i });
  }
  await em.flush();
  return ambassador;
}

/** A brand member; `accepted` false leaves the invitation pending (no password yet). */
export async function createBrandMember(orm: MikroORM, brandId: number, overrides: { email?: string; accepted?: boolean } = {}) {
  const n = next();
  const em = orm.em.fork();
  const accepted = overrides.accepted ?? true;
  const member = em.create(BrandMember, {
    brand: brandId,
    email: overrides.email ?? `member${n}-${Date.now()}@example.com`,
    invitationAccepted: accepted,
    invitationAcceptedAt: accepted ? new Date() : null,
  });
  await em.flush();
  return member;
}

/** Makes the user a member of the ambassador (they then host as it). */
export async function addAmbassadorMember(orm: MikroORM, ambassadorId: number, userId: number) {
  const em = orm.em.fork();
  em.create(AmbassadorMember, { ambassador: ambassadorId, user: userId });
  await em.flush();
}
