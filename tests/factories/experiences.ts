// Test data for experiences: a host, an experience with options, themes and calendars. Shared by API tests.
import type { MikroORM } from '@mikro-orm/postgresql';
import { Experience, ExperienceOption } from '#src/modules/experiences/experiences.entity';
import { Ambassador } from '#src/modules/ambassadors/ambassadors.entity';
import { Calendar } from '#src/modules/calendars/calendars.entity';
import { Image } from '#src/modules/images/images.entity';
import { Theme } from '#src/modules/reference/reference.entity';
import { addDays, todayInJapan } from '#src/lib/isomorphic/dates';
import { User } from '#src/modules/users/users.entity';
import { addAmbassadorMember, createAmbassador } from '#tests/factories/communities';
import { createUser } from '#tests/factories/users';

export interface ExperienceOverrides {
  hostUserId?: number;
  title?: string;
  price?: number;
  online?: boolean;
  approve?: boolean;
  recruitmentNumber?: number;
  prefectureId?: number;
  categoryId?: number;
  themeIds?: number[];
  reservationDeadline?: 'on_the_day' | 'the_day_before';
  addressDisplayable?: boolean;
  options?: { name: string; description?: string; price: number }[];
  images?: string[];
  /** The cancellation policy (2, 7 or 30 days; default 7). */
  cancellationPeriod?: 2 | 7 | 30;
}

export async function createExperience(orm: MikroORM, overrides: ExperienceOverrides = {}) {
  const em = orm.em.fork();
  const hostUserId = overrides.hostUserId ?? (await createUser(orm, { role: 'HOST' })).id;
  const host = await em.findOneOrFail(User, { id: hostUserId });
  const online = overrides.online ?? false;
  const approve = overrides.approve ?? true;
  const experience = em.create(Experience, {
    hostUser: hostUserId,
    hostedBy: host.name,
    createdBy: hostUserId,
    title: overrides.title ?? '手びねりで作る、自分だけの器',
    category: overrides.categoryId ?? 1,
    online,
    onlineUrl: online ? 'https://meet.example.com/abc' : null,
    address: online ? null : '京都府京都市東山区五条橋東6-583',
    prefecture: online ? null : (overrides.prefectureId ?? 26),
    price: overrides.price ?? 4500,
    priceSideNote: '材料費・焼成費込み',
    description: '粘土にふれながら、ゆっくり器を形にしていく2時間です。',
    inspiration: '日々の食卓に、手でつくった器をひとつ。',
    note: '汚れてもよい服装でお越しください。',
    recruitmentNumber: overrides.recruitmentNumber ?? 10,
    cancellationPeriod: overrides.cancellationPeriod ?? 7,
    reservationDeadline: overrides.reservationDeadline ?? 'on_the_day',
    addressDisplayable: overrides.addressDisplayable ?? true,
    approve,
    approvedAt: approve ? new Date() : null,
  });
  for (const themeId of overrides.themeIds ?? [1]) experience.themes.add(em.getReference(Theme, themeId));
  for (const [i, o] of (overrides.options ?? []).entries()) {
    em.create(ExperienceOption, {
      experience,
      name: o.name,
      description: o.description ?? `${o.name}の説明`,
      price: o.price,
      sortOrder: i,
    });
  }
  for (const [i, url] of (overrides.images ?? ['/images/demo/pottery-1.jpg']).entries()) {
    em.create(Image, { experience, objectKey: `test/${i}`, url, sortOrder: i });
  }
  await em.flush();
  return experience;
}

/** A slot `daysFromToday` days after today (Japan time). */
export async function createCalendar(
  orm: MikroORM,
  experienceId: number,
  overrides: {
    daysFromToday?: number;
    date?: string;
    startTime?: string;
    endTime?: string;
    recruitmentNumber?: number;
    participantNumber?: number;
    acceptingReservation?: boolean;
  } = {},
) {
  const em = orm.em.fork();
  const calendar = em.create(Calendar, {
    experience: experienceId,
    date: overrides.date ?? addDays(todayInJapan(), overrides.daysFromToday ?? 7),
    startTime: overrides.startTime ?? '10:00',
    endTime: overrides.endTime ?? '12:00',
    recruitmentNumber: overrides.recruitmentNumber ?? 10,
    participantNumber: overrides.participantNumber ?? 0,
    acceptingReservation: overrides.acceptingReservation ?? true,
  });
  await em.flush();
  return calendar;
}

let ambassadorCounter = 0;

/** An experience hosted by a new ambassador without an e-mail or links (optionally with a member user). */
export async function createAmbassadorExperience(orm: MikroORM, options: { memberUserId?: number } & ExperienceOverrides = {}) {
  const ambassador = await createAmbassador(orm, {
    name: `鈴木工房${++ambassadorCounter}`,
    description: '器と木工の工房です。',
    address: null,
    email: null,
    homepageUrl: null,
    instagramUsername: null,
    xUsername: null,
    images: [],
  });
  if (options.memberUserId) await addAmbassadorMember(orm, ambassador.id, options.memberUserId);
  const created = await createExperience(orm, options);
  const em = orm.em.fork();
  const experience = await em.findOneOrFail(Experience, { id: created.id });
  experience.hostUser = null;
  experience.hostAmbassador = em.getReference(Ambassador, ambassador.id);
  experience.hostedBy = ambassador.name;
  await em.flush();
  return { experience, ambassador };
}
