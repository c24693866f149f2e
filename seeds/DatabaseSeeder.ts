// Demo data for `npm start` on an empty embedded database and `npm run cli -- db:seed`.
// Everything is built in memory and written in one transaction (a crash leaves an empty database, which the
// next `npm start` seeds again), with the password hashed once: seeding takes about a second.
// Dates are computed from "today" in Japan time, so the slots are always in the next three months.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Seeder } from '@mikro-orm/seeder';
import { parseEnv, publicBaseUrl, type Env } from '#src/lib/env';
import { setMailBaseUrl } from '#src/modules/mail/mail.outbox';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User, type IUser } from '#src/modules/users/users.entity';
import { TERMS_VERSION } from '#src/modules/users/users.schemas';
import { Category, Occupation, Prefecture, Theme } from '#src/modules/reference/reference.entity';
import { Experience, ExperienceOption, type IExperience, type IExperienceOption } from '#src/modules/experiences/experiences.entity';
import { ExperienceDraft } from '#src/modules/experience-drafts/experience-drafts.entity';
import { Image } from '#src/modules/images/images.entity';
import { Calendar, RecurrenceRule, WEEKDAYS, type ICalendar } from '#src/modules/calendars/calendars.entity';
import { Reservation, ReservationCalendar } from '#src/modules/reservations/reservations.entity';
import { Coupon, type ICoupon } from '#src/modules/coupons/coupons.entity';
import { Review } from '#src/modules/reviews/reviews.entity';
import { HoldingRequest } from '#src/modules/holding-requests/holding-requests.entity';
import {
  Community,
  CommunityApplication,
  CommunityApplicationAnswer,
  CommunityApplicationQuestion,
  type ICommunity,
  type ICommunityApplicationQuestion,
} from '#src/modules/communities/communities.entity';
import { Brand, BrandCommunity, type IBrand } from '#src/modules/brands/brands.entity';
import { Ambassador, AmbassadorCommunity, AmbassadorMember, type IAmbassador } from '#src/modules/ambassadors/ambassadors.entity';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import { prepareFile, storeLocal, localUrl, type PreparedFile } from '#src/modules/uploads/uploads.store';
import { hasVariants, makeVariants, type StoredImage } from '#src/modules/uploads/image-variants';
import { IMAGE_VARIANT_WIDTHS, variantPublicId } from '#src/modules/uploads/uploads.schemas';
import { quotePrice, toBasisPoints } from '#src/modules/reservations/pricing';
import { seedEarnings } from './earnings';
import { addDays, addMonths, japanInstant, todayInJapan, weekdayOf } from '#src/lib/isomorphic/dates';
import { hashPassword } from '#src/lib/password';
import { DEMO_PASSWORD } from './demo-accounts';
import { GUEST_KEYS, USERS } from './data/people';
import { AMBASSADORS, BRAND_MEMBERS, BRANDS, COMMUNITIES } from './data/organizations';
import { DRAFTS, EXPERIENCES, type SeedExperience } from './data/experiences';
import { APPLICATIONS, COUPONS, HOLDING_REQUESTS } from './data/extras';
import { INQUIRIES } from './data/inquiries';
import { BrandAndAmbassadorInquiry } from '#src/modules/inquiries/inquiries.entity';
import { transaction } from '#src/lib/transaction';
import { projectRoot } from '#src/lib/project-root';

const IMAGE_DIR = path.join(projectRoot, 'seeds/images');
/** The demo images' WebP variants, made by seeds/image-variants.ts. */
export const VARIANT_DIR = path.join(IMAGE_DIR, 'variants');
/** The default fee rates of src/lib/env.ts; the demo amounts are what a guest would have paid. */
const RATES = { serviceBp: toBasisPoints(0.05), processingBp: toBasisPoints(0.036) };
const DAY_MS = 86_400_000;

/** The largest "remaining seats" count that shows the low-availability mark (< 30%, also when rounded). */
export function lowRemaining(recruitment: number): number | null {
  const limit = Math.min(recruitment * 0.3, Math.round(recruitment * 0.3));
  const remaining = Math.ceil(limit) - 1;
  return remaining >= 1 ? remaining : null;
}

/** Every date from `from` to `to` (inclusive) falling on one of `days` (0 = Sunday). */
function weeklyDates(from: string, to: string, days: number[]): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (days.includes(weekdayOf(d))) dates.push(d);
  return dates;
}

/** The seed's own cross-references (seeds/data): an unknown key is a mistake in the data. */
function lookUp<V>(map: Map<string, V>, key: string, what: string): V {
  const found = map.get(key);
  if (found === undefined) throw new Error(`seed: unknown ${what} "${key}"`);
  return found;
}

/** Image files of seeds/images, read once and stored through the uploads store. */
class ImageLibrary {
  private readonly available: string[];
  private readonly prepared = new Map<string, PreparedFile>();

  constructor(dir: string) {
    this.available = readdirSync(dir)
      .filter((name) => /\.(jpe?g|png|svg)$/i.test(name))
      .sort();
  }

  /** The wanted files that exist; when none does, one existing file chosen by `fallbackSeed`. */
  pick(wanted: string[], fallbackSeed: number): string[] {
    const found = wanted.filter((name) => this.available.includes(name));
    if (found.length > 0 || this.available.length === 0) return found.slice(0, 3);
    return [this.available[fallbackSeed % this.available.length]];
  }

  has(name: string): boolean {
    return this.available.includes(name);
  }

  file(name: string): PreparedFile {
    let file = this.prepared.get(name);
    if (!file) {
      file = prepareFile(readFileSync(path.join(IMAGE_DIR, name)));
      this.prepared.set(name, file);
    }
    return file;
  }

  url(name: string): string {
    return localUrl(this.file(name).publicId);
  }

  /**
   * Every file used, with its WebP variants: read from seeds/images/variants (made once by
   * `npm run seed:image-variants`, so a seed does not spend seconds encoding), or made here when a file is missing.
   */
  async all(): Promise<StoredImage[]> {
    const files: StoredImage[] = [];
    for (const [name, original] of this.prepared) {
      files.push(original);
      if (!hasVariants(original.contentType)) continue;
      const stem = name.replace(/\.[^.]+$/, '');
      const paths = IMAGE_VARIANT_WIDTHS.map((width) => path.join(VARIANT_DIR, `${stem}-${width}w.webp`));
      if (paths.every((p) => existsSync(p))) {
        files.push(
          ...paths.map((p, i) => {
            const data = readFileSync(p);
            return {
              publicId: variantPublicId(original.sha256, IMAGE_VARIANT_WIDTHS[i]),
              contentType: 'image/webp',
              sha256: createHash('sha256').update(data).digest('hex'),
              byteSize: data.length,
              data,
            };
          }),
        );
      } else files.push(...(await makeVariants(original)));
    }
    return files;
  }
}

type SlotState = 'open' | 'low' | 'full' | 'closed';

export class DatabaseSeeder extends Seeder {
  /** The app's settings (commission, pay days, the bank account key); by default those of this process's environment. */
  constructor(private readonly env?: Env) {
    super();
  }

  async run(em: EntityManager): Promise<void> {
    const env = this.env ?? parseEnv(process.env);
    // The payout batches it prepares and pays queue mails. `db:seed` and the benchmarks seed on an ORM with no mail
    // service, so the seed names the base URL those mails link to, by the same rule a mail service does.
    setMailBaseUrl(em, publicBaseUrl(env));
    await transaction(em, (tem) => seedDemoData(tem, new Date(), env));
  }
}

export async function seedDemoData(em: EntityManager, now: Date, env: Env): Promise<void> {
  const today = todayInJapan(now);
  const daysAgo = (days: number, hour = 12) =>
    new Date(japanInstant(addDays(today, -days), `${String(hour).padStart(2, '0')}:00`).getTime());
  const images = new ImageLibrary(IMAGE_DIR);
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  // Reference rows come from a migration; look them up by name so the data files stay readable.
  const [categories, themes, prefectures, occupations] = await Promise.all([
    em.find(Category, {}),
    em.find(Theme, {}),
    em.find(Prefecture, {}),
    em.find(Occupation, {}),
  ]);
  const byName = <T extends { name: string }>(rows: T[], name: string, what: string): T => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`seed: unknown ${what} "${name}"`);
    return row;
  };

  // Users: the demo accounts and the people behind the content.
  const users = new Map<string, IUser>();
  USERS.forEach((u, i) => {
    const user = em.create(User, {
      name: u.name,
      email: u.email,
      passwordHash,
      role: u.role,
      avatarUrl: u.avatar && images.has(u.avatar) ? images.url(u.avatar) : null,
      introduction: u.introduction ?? null,
      // Demo accounts count as having consented to the terms at sign-up.
      termsVersion: TERMS_VERSION,
      termsConsentedAt: daysAgo(200 - i * 5),
      // ... and as having verified their address.
      emailVerifiedAt: daysAgo(200 - i * 5),
      createdAt: daysAgo(200 - i * 5),
      updatedAt: daysAgo(200 - i * 5),
    });
    users.set(u.key, user);
  });
  const user = (key: string) => lookUp(users, key, 'user');

  const addImages = (owner: Record<string, unknown>, names: string[], seed: number) =>
    images.pick(names, seed).forEach((name, sortOrder) => {
      const file = images.file(name);
      em.create(Image, { ...owner, objectKey: file.publicId, url: localUrl(file.publicId), sortOrder });
    });

  // Brands, communities (with their application items), ambassadors and their links.
  const brands = new Map<string, IBrand>();
  BRANDS.forEach((b, i) => {
    const brand = em.create(Brand, {
      name: b.name,
      description: b.description,
      published: b.published,
      homepageUrl: b.homepageUrl,
      instagramUsername: b.instagramUsername,
      xUsername: b.xUsername,
      createdAt: daysAgo(180 - i * 10),
      updatedAt: daysAgo(180 - i * 10),
    });
    brands.set(b.key, brand);
    addImages({ brand }, b.images, i);
  });

  const communities = new Map<string, ICommunity>();
  const questions = new Map<string, ICommunityApplicationQuestion[]>();
  COMMUNITIES.forEach((c, i) => {
    const community = em.create(Community, {
      name: c.name,
      hostName: c.hostName,
      published: c.published,
      hostDescription: c.hostDescription,
      description: c.description,
      activityDescription: c.activityDescription,
      importantThing: c.importantThing,
      idealCandidateProfile: c.idealCandidateProfile,
      participationCondition: c.participationCondition,
      note: c.note,
      location: c.location,
      catchphrase: c.catchphrase,
      createdAt: daysAgo(160 - i * 7),
      updatedAt: daysAgo(160 - i * 7),
    });
    communities.set(c.key, community);
    addImages({ community }, c.images, i + 2);
    questions.set(
      c.key,
      c.questions.map((q, sortOrder) =>
        em.create(CommunityApplicationQuestion, {
          community,
          name: q.name,
          required: q.required,
          disabled: q.disabled ?? false,
          sortOrder,
        }),
      ),
    );
    const brand = brands.get(c.brand);
    if (!brand) throw new Error(`seed: unknown brand "${c.brand}"`);
    em.create(BrandCommunity, { brand, community });
  });
  const community = (key: string) => lookUp(communities, key, 'community');

  const ambassadors = new Map<string, IAmbassador>();
  const ambassadorMembers = new Map<string, IUser>();
  AMBASSADORS.forEach((a, i) => {
    const ambassador = em.create(Ambassador, {
      name: a.name,
      description: a.description,
      published: a.published,
      address: a.address,
      homepageUrl: a.homepageUrl,
      instagramUsername: a.instagramUsername,
      xUsername: a.xUsername,
      email: a.email,
      createdAt: daysAgo(150 - i * 8),
      updatedAt: daysAgo(150 - i * 8),
    });
    ambassadors.set(a.key, ambassador);
    addImages({ ambassador }, a.images, i + 4);
    for (const key of a.members) em.create(AmbassadorMember, { ambassador, user: user(key) });
    ambassadorMembers.set(a.key, user(a.members[0]));
    for (const [j, key] of a.communities.entries()) {
      em.create(AmbassadorCommunity, { ambassador, community: community(key), associatedAt: daysAgo(140 - i * 8 - j) });
    }
  });

  // Brand and ambassador program inquiries: more than one admin page (20 a page), newest first.
  for (const [i, q] of INQUIRIES.entries()) {
    const at = daysAgo(q.daysAgo, 9 + (i % 9));
    em.create(BrandAndAmbassadorInquiry, {
      name: q.name,
      companyName: q.companyName,
      departmentName: q.departmentName,
      positionName: q.positionName,
      email: q.email,
      subject: q.subject,
      content: q.content,
      resolved: q.resolved,
      createdAt: at,
      updatedAt: at,
    });
  }

  for (const m of BRAND_MEMBERS) {
    const brand = brands.get(m.brand);
    if (!brand) throw new Error(`seed: unknown brand "${m.brand}"`);
    em.create(BrandMember, {
      brand,
      email: m.email,
      passwordHash: m.accepted ? passwordHash : null,
      invitationCreatedAt: daysAgo(m.accepted ? 90 : 3),
      invitationAccepted: m.accepted,
      invitationAcceptedAt: m.accepted ? daysAgo(89) : null,
    });
  }

  const coupons = new Map<string, ICoupon>();
  for (const c of COUPONS) {
    coupons.set(
      c.code,
      em.create(Coupon, {
        code: c.code,
        name: c.name,
        discountType: c.discountType,
        discountValue: c.discountValue,
        validFrom: c.validFromDays === null ? null : daysAgo(-c.validFromDays, 0),
        validUntil: c.validUntilMonths === null ? null : japanInstant(addMonths(today, c.validUntilMonths), '23:59'),
        active: c.active,
        maxUses: c.maxUses,
        firstBookingOnly: c.firstBookingOnly ?? false,
        usedCount: 0,
      }),
    );
  }

  // Experiences with options, themes, images, recurrence rules and slots.
  const firstSlotDate = addDays(today, 2);
  const lastSlotDate = addMonths(today, 3);
  const experiences = new Map<
    string,
    { seed: SeedExperience; entity: IExperience; options: IExperienceOption[]; slots: ICalendar[]; hostUser: IUser }
  >();
  EXPERIENCES.forEach((x, i) => {
    const hostUser = 'user' in x.host ? user(x.host.user) : lookUp(ambassadorMembers, x.host.ambassador, 'ambassador');
    const hostAmbassador = 'ambassador' in x.host ? ambassadors.get(x.host.ambassador) : undefined;
    if ('ambassador' in x.host && !hostAmbassador) throw new Error(`seed: unknown ambassador "${x.host.ambassador}"`);
    // Six days apart, the newest 8 days ago: every timestamp in the past (with 23 experiences, 120 - i * 6 put the
    // last three in the future, so a rejection made today counted as older than the experience's last change).
    const createdAt = daysAgo(140 - i * 6);
    const entity = em.create(Experience, {
      hostUser: hostAmbassador ? null : hostUser,
      hostAmbassador: hostAmbassador ?? null,
      hostedBy: hostAmbassador ? hostAmbassador.name : hostUser.name,
      createdBy: hostUser,
      title: x.title,
      category: byName(categories, x.category, 'category'),
      online: x.online,
      onlineUrl: x.online ? (x.onlineUrl ?? null) : null,
      address: x.online ? null : (x.address ?? null),
      prefecture: x.online ? null : byName(prefectures, x.prefecture ?? '', 'prefecture'),
      price: x.price,
      priceSideNote: x.priceSideNote,
      description: x.description,
      inspiration: x.inspiration,
      note: x.note,
      recruitmentNumber: x.recruitmentNumber,
      setMinimumNumberOfParticipantCount: x.minimumParticipants !== undefined,
      minimumNumberOfParticipantCount: x.minimumParticipants ?? null,
      cancellationPeriod: x.cancellationPeriod,
      reservationNotice: x.reservationNotice ?? null,
      reservationDeadline: x.reservationDeadline,
      addressDisplayable: x.addressDisplayable,
      community: x.community ? community(x.community) : null,
      approve: x.approve,
      approvedAt: x.approve ? new Date(createdAt.getTime() + DAY_MS) : null,
      createdAt,
      updatedAt: createdAt,
    });
    for (const name of x.themes) entity.themes.add(byName(themes, name, 'theme'));
    const options = x.options.map((o, sortOrder) => em.create(ExperienceOption, { experience: entity, ...o, sortOrder }));
    addImages({ experience: entity }, x.images, i);

    const slots: ICalendar[] = [];
    for (const rule of x.schedule) {
      const recurrenceRule = em.create(RecurrenceRule, {
        experience: entity,
        startDate: firstSlotDate,
        endDate: lastSlotDate,
        startTime: rule.start,
        endTime: rule.end,
        dayOfWeek: rule.days.map((d) => WEEKDAYS[d]),
      });
      for (const date of weeklyDates(firstSlotDate, lastSlotDate, rule.days)) {
        slots.push(
          em.create(Calendar, {
            experience: entity,
            date,
            startTime: rule.start,
            endTime: rule.end,
            recurrenceRule,
            recruitmentNumber: x.recruitmentNumber,
            participantNumber: 0,
            acceptingReservation: true,
          }),
        );
      }
    }
    slots.sort((a, b) => (a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date)));
    experiences.set(x.key, { seed: x, entity, options, slots, hostUser });
  });
  const experience = (key: string) => lookUp(experiences, key, 'experience');

  // Reservations: every seat counted in participant_number belongs to a confirmed reservation.
  let reservationNo = 0;
  const reserve = (args: {
    guest: IUser;
    key: string;
    slots: ICalendar[];
    people: number;
    option?: number;
    coupon?: string;
    message?: string;
    createdAt: Date;
  }) => {
    const { entity, options } = experience(args.key);
    const option = args.option === undefined ? null : options[args.option];
    const coupon = args.coupon ? lookUp(coupons, args.coupon, 'coupon') : null;
    const quote = quotePrice({
      unitPrice: entity.price,
      optionUnitPrice: option?.price ?? 0,
      people: args.people,
      dates: args.slots.length,
      coupon: coupon ? { discountType: coupon.discountType, discountValue: coupon.discountValue } : null,
      rates: RATES,
    });
    reservationNo += 1;
    if (coupon) coupon.usedCount += 1;
    const reservation = em.create(Reservation, {
      user: args.guest,
      experience: entity,
      numberOfPeople: args.people,
      option,
      optionName: option?.name ?? null,
      coupon,
      couponCode: coupon?.code ?? null,
      messageToHost: args.message ?? null,
      tourAmount: quote.tour,
      discountAmount: quote.discount,
      optionAmount: quote.option,
      serviceFee: quote.service_fee,
      processingFee: quote.processing_fee,
      totalAmount: quote.total,
      paymentReference: quote.total > 0 ? `pi_demo_${String(reservationNo).padStart(5, '0')}` : null,
      idempotencyKey: `demo-seed:${reservationNo}`,
      status: 'confirmed',
      confirmedAt: args.createdAt,
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    });
    for (const slot of args.slots) {
      em.create(ReservationCalendar, { reservation, calendar: slot });
      slot.participantNumber += args.people;
      if (slot.participantNumber > slot.recruitmentNumber) throw new Error(`seed: slot of ${args.key} on ${slot.date} oversold`);
    }
    return reservation;
  };

  // The demo guest's own upcoming bookings (the detail pages show them as "reserved").
  const guest = user('guest');
  reserve({
    guest,
    key: 'potteryMug',
    slots: [experience('potteryMug').slots[0]],
    people: 2,
    option: 0,
    message: '友人と二人で伺います。マグの持ち手を太めにしたいです。',
    createdAt: daysAgo(6),
  });
  reserve({
    guest,
    key: 'fudepen',
    slots: experience('fudepen').slots.slice(0, 2),
    people: 1,
    coupon: 'WELCOME500',
    createdAt: daysAgo(4),
  });
  reserve({ guest, key: 'forestWalk', slots: [experience('forestWalk').slots[1]], people: 1, createdAt: daysAgo(2) });
  reserve({
    guest,
    key: 'ishigakiKayak',
    slots: [experience('ishigakiKayak').slots[7]],
    people: 3,
    option: 0,
    coupon: 'TABI10',
    createdAt: daysAgo(1),
  });

  // The other guests fill the slots so every state a detail page can show exists (guest-and-host.md §4):
  // open, low availability (< 30% left), full, and not accepting reservations.
  const fillers = GUEST_KEYS.filter((k) => k !== 'guest').map(user);
  const partySizes = [2, 1, 3, 2, 4, 1, 2];
  let fillerTurn = 0;
  const fill = (key: string, slot: ICalendar, seats: number, free: boolean) => {
    let left = seats;
    // Each guest books a slot at most once; free experiences take one seat per booking (guest-and-host.md §5).
    for (let turn = 0; left > 0; turn++) {
      if (turn >= fillers.length) throw new Error(`seed: not enough guests to fill ${key} on ${slot.date}`);
      const n = fillerTurn + turn;
      const people = free ? 1 : Math.min(left, partySizes[n % partySizes.length]);
      const option = !free && experience(key).options.length > 0 && n % 3 === 0 ? n % experience(key).options.length : undefined;
      reserve({ guest: fillers[n % fillers.length], key, slots: [slot], people, option, createdAt: daysAgo(3 + (n % 20)) });
      left -= people;
    }
    fillerTurn += 1;
  };

  EXPERIENCES.forEach((x, k) => {
    if (!x.approve) return;
    const { slots } = experience(x.key);
    const free = x.price === 0;
    const base = k === 0 ? 0 : k % 3;
    const states = new Map<number, SlotState>([
      [base + 1, 'low'],
      [base + 2, 'full'],
      [base + 3, 'closed'],
    ]);
    // A host day off now and then.
    for (let i = 9 + (k % 4); i < slots.length; i += 11) states.set(i, 'closed');
    slots.forEach((slot, i) => {
      const state = states.get(i) ?? 'open';
      const r = slot.recruitmentNumber;
      const maxSeatsFree = Math.min(r, fillers.length);
      if (state === 'closed') {
        slot.acceptingReservation = false;
      } else if (state === 'full') {
        if (!free || r <= fillers.length) fill(x.key, slot, r - slot.participantNumber, free);
      } else if (state === 'low') {
        const remaining = lowRemaining(r);
        const seats = remaining === null ? 0 : r - remaining - slot.participantNumber;
        if (remaining !== null && seats > 0 && (!free || r - remaining <= maxSeatsFree)) fill(x.key, slot, seats, free);
      } else if (i < 24) {
        // Light bookings on the nearer open slots, staying clear of the low-availability mark.
        const seats = Math.min((i * 7 + k * 3) % (Math.floor(r / 3) + 1), r - slot.participantNumber - Math.ceil(r * 0.3));
        if (seats > 0) fill(x.key, slot, seats, free);
      }
    });
  });

  // Past slots with the stays behind the reviews, and the host replies.
  EXPERIENCES.forEach((x, k) => {
    if (x.reviews.length === 0) return;
    const { entity, slots, hostUser } = experience(x.key);
    const template = slots[0] ?? { startTime: x.schedule[0].start, endTime: x.schedule[0].end };
    x.reviews.forEach((rv, j) => {
      const pastDays = 12 + Math.floor(j / 2) * 17 + (k % 5);
      const date = addDays(today, -pastDays);
      let slot = j % 2 === 1 ? experience(x.key).slots.find((s) => s.date === date) : undefined;
      if (!slot) {
        slot = em.create(Calendar, {
          experience: entity,
          date,
          startTime: template.startTime,
          endTime: template.endTime,
          recruitmentNumber: x.recruitmentNumber,
          participantNumber: 0,
          acceptingReservation: true,
        });
        experience(x.key).slots.push(slot);
      }
      const reservation = reserve({
        guest: user(rv.guest),
        key: x.key,
        slots: [slot],
        people: rv.people,
        option: rv.option,
        createdAt: daysAgo(pastDays + 10),
      });
      const postedAt = new Date(japanInstant(date, '20:00').getTime() + (1 + (j % 3)) * DAY_MS);
      em.create(Review, {
        experience: entity,
        reservation,
        guest: user(rv.guest),
        rate: rv.rate,
        content: rv.content,
        postedAt,
        hostReplyContent: rv.reply ?? null,
        hostReplyUser: rv.reply ? hostUser : null,
        hostRepliedAt: rv.reply ? new Date(postedAt.getTime() + DAY_MS) : null,
        updatedAt: postedAt,
      });
    });
  });

  // Earlier stays for the money pages: each approved experience of host@example.com and of the first ambassador ran
  // once a month over the last four months, so /host/earnings and the payouts have closed months to show.
  const pastGuests = GUEST_KEYS.filter((k) => k !== 'guest').map(user);
  EXPERIENCES.filter((x) => x.approve && x.price > 0 && ('user' in x.host ? x.host.user === 'host' : true))
    .slice(0, 4)
    .forEach((x, k) => {
      const { entity, slots } = experience(x.key);
      const template = slots[0] ?? { startTime: x.schedule[0].start, endTime: x.schedule[0].end };
      for (const [j, days] of [33, 61, 92, 120].entries()) {
        const slot = em.create(Calendar, {
          experience: entity,
          date: addDays(today, -(days + k)),
          startTime: template.startTime,
          endTime: template.endTime,
          recruitmentNumber: x.recruitmentNumber,
          participantNumber: 0,
          acceptingReservation: true,
        });
        experience(x.key).slots.push(slot);
        reserve({
          guest: pastGuests[(j + k) % pastGuests.length],
          key: x.key,
          slots: [slot],
          people: Math.min(x.recruitmentNumber, 1 + ((j + k) % 3)),
          createdAt: daysAgo(days + k + 14),
        });
      }
    });

  for (const [userKey, experienceKey] of HOLDING_REQUESTS) {
    em.create(HoldingRequest, { user: user(userKey), experience: experience(experienceKey).entity, createdAt: daysAgo(5) });
  }

  APPLICATIONS.forEach((a, i) => {
    const application = em.create(CommunityApplication, {
      community: community(a.community),
      user: user(a.user),
      occupation: byName(occupations, a.occupation, 'occupation'),
      fullName: a.fullName,
      gender: a.gender,
      postalCode: a.postalCode,
      address: a.address,
      birthday: a.birthday,
      resolved: a.resolved,
      createdAt: daysAgo(20 - i * 4),
      updatedAt: daysAgo(20 - i * 4),
    });
    const items = questions.get(a.community) ?? [];
    for (const [position, content] of Object.entries(a.answers)) {
      const question = items[Number(position)];
      if (!question || question.disabled) throw new Error(`seed: no enabled question ${position} in ${a.community}`);
      em.create(CommunityApplicationAnswer, { application, question, questionText: question.name, content });
    }
  });

  // host@example.com's unfinished forms.
  DRAFTS.forEach((d, i) => {
    const draft = em.create(ExperienceDraft, {
      user: user('host'),
      title: d.title,
      data: d.data,
      createdAt: daysAgo(10 - i * 3),
      updatedAt: daysAgo(8 - i * 3),
    });
    if (d.images.length > 0) addImages({ experienceDraft: draft }, d.images, i);
  });

  // The image bytes first (one statement), then every row in one flush.
  await storeLocal(em, await images.all());
  await em.flush();
  await recordDemoPayments(em);
  await seedEarnings(em, now, env);
}

/**
 * Each paid demo reservation's payment, as the built-in test gateway records a card payment that succeeded (the
 * gateway of every machine without STRIPE_SECRET_KEY): a demo reservation is then cancelled and refunded like one a
 * guest made. Demo data is never loaded with a Stripe key in mind; with one, its refunds fail at Stripe (README).
 */
async function recordDemoPayments(em: EntityManager): Promise<void> {
  await em.execute(
    `INSERT INTO test_payment_intents
       (id, create_key, confirm_key, amount, description, reservation_id, payment_token, client_secret, status, created_at, updated_at)
     SELECT payment_reference, 'demo-seed:' || id || ':create', 'demo-seed:' || id || ':confirm', total_amount,
            'demo reservation ' || id, id, 'tok_visa', payment_reference || '_secret_demo', 'succeeded', confirmed_at, confirmed_at
       FROM reservations
      WHERE payment_reference IS NOT NULL AND status = 'confirmed'`,
  );
}
