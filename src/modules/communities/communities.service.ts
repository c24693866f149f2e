// Public communities and community applications (guest-and-host.md §2 "Community application", §3, §5, §7).
// Only published communities are public. An application is validated completely, then stored in one
// transaction together with the notice mails to the community's brand members (durable outbox).
import { requireUser, type Ctx } from '#src/lib/context';
import type { Env } from '#src/lib/env';
import { NotFoundError, ValidationError, type FieldMessages } from '#src/lib/errors';
import { fieldMessages, parseId } from '#src/lib/validate';
import { ja } from '#src/i18n/ja';
import { enqueueMail } from '#src/modules/mail/mail.outbox';
import { createReferenceService } from '#src/modules/reference/reference.service';

const reference = createReferenceService();
import * as brands from '#src/modules/brands/brands.service';
import * as ambassadors from '#src/modules/ambassadors/ambassadors.service';
import {
  Community,
  CommunityApplication,
  CommunityApplicationAnswer,
  CommunityApplicationQuestion,
  type ICommunity,
} from './communities.entity';
import {
  checkAnswers,
  communityApplicationSchema,
  type CommunityApplicationData,
  type CommunityApplicationResult,
  type CommunityDetail,
} from './communities.schemas';
import { sortedImageJson } from '#src/modules/images/images.schemas';

const v = ja.communities.validation;

export interface CommunitiesDeps {
  env: Pick<Env, 'APP_URL' | 'PORT'>;
}

function notFound(): NotFoundError {
  return new NotFoundError(ja.communities.notFound, 'community');
}

/**
 * Parses the payload; zod messages about answers (answers.0.content, ...) are gathered under `answers`, the key
 * the form lists under itself (spec: errors.answers).
 */
function parseApplication(input: unknown): CommunityApplicationData {
  const result = communityApplicationSchema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details: FieldMessages = {};
  for (const [key, messages] of Object.entries(fieldMessages(result.error))) {
    const field = key === 'answers' || key.startsWith('answers.') ? 'answers' : key;
    details[field] = [...new Set([...(details[field] ?? []), ...messages])];
  }
  throw new ValidationError(details);
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && error.name === 'UniqueConstraintViolationException';
}

export function communitiesService(deps: CommunitiesDeps) {
  const baseUrl = (deps.env.APP_URL ?? `http://localhost:${deps.env.PORT}`).replace(/\/$/, '');

  async function findPublished(ctx: Ctx, rawId: unknown): Promise<ICommunity> {
    const id = parseId(rawId);
    if (!id) throw notFound();
    const community = await ctx.em.findOne(Community, { id, published: true }, { populate: ['images'] });
    if (!community) throw notFound();
    return community;
  }

  /** GET /api/v1/communities/{id}/detail */
  async function detail(ctx: Ctx, rawId: unknown): Promise<CommunityDetail> {
    const community = await findPublished(ctx, rawId);
    const [items, brandList, ambassadorList, applied] = await Promise.all([
      ctx.em.find(CommunityApplicationQuestion, { community: community.id, disabled: false }, { orderBy: { sortOrder: 'asc', id: 'asc' } }),
      brands.publishedOfCommunity(ctx.em, community.id),
      ambassadors.publishedOfCommunity(ctx.em, community.id),
      ctx.actor.kind === 'user' ? ctx.em.count(CommunityApplication, { community: community.id, user: ctx.actor.id }) : Promise.resolve(0),
    ]);
    const images = sortedImageJson(community.images);
    return {
      id: community.id,
      name: community.name,
      catchphrase: community.catchphrase,
      host_name: community.hostName,
      host_description: community.hostDescription,
      description: community.description,
      activity_description: community.activityDescription,
      important_thing: community.importantThing,
      ideal_candidate_profile: community.idealCandidateProfile,
      participation_condition: community.participationCondition,
      location: community.location,
      note: community.note ?? null,
      image_url: images[0]?.url ?? null,
      images,
      application_items: items.map((item) => ({ id: item.id, name: item.name, required: item.required })),
      brands: brandList,
      ambassadors: ambassadorList,
      applied: applied > 0,
    };
  }

  /** POST /api/v1/community_applications (signed in). Nothing is stored unless everything is valid. */
  async function apply(ctx: Ctx, input: unknown): Promise<CommunityApplicationResult> {
    const actor = requireUser(ctx);
    const data = parseApplication(input);
    try {
      return await ctx.em.transactional(async (em) => {
        const details: FieldMessages = {};
        const community = await em.findOne(Community, { id: data.community_id, published: true });
        if (!community) throw new ValidationError({ community_id: [v.communityNotFound] });
        if (await em.count(CommunityApplication, { community: community.id, user: actor.id })) {
          throw new ValidationError({ base: [v.alreadyApplied] });
        }
        const occupations = await reference.occupations({ ...ctx, em });
        if (!occupations.some((o) => o.id === data.occupation_id)) details.occupation_id = [v.occupationRequired];
        const items = await em.find(
          CommunityApplicationQuestion,
          { community: community.id },
          { orderBy: { sortOrder: 'asc', id: 'asc' } },
        );
        const checked = checkAnswers(items, data.answers);
        if (checked.errors.length > 0) details.answers = checked.errors;
        if (Object.keys(details).length > 0) throw new ValidationError(details);

        const application = em.create(CommunityApplication, {
          community,
          user: actor.id,
          occupation: data.occupation_id,
          fullName: data.full_name,
          gender: data.gender,
          postalCode: data.postal_code,
          address: data.address,
          birthday: data.birthday,
        });
        for (const answer of checked.answers) {
          em.create(CommunityApplicationAnswer, { application, question: answer.questionId, content: answer.content });
        }
        await em.flush();

        const recipients = await brands.memberRecipientsOfCommunity(em, community.id);
        const url = `${baseUrl}/brand/community_applications`;
        await enqueueMail(
          em,
          recipients.map((member) => ({
            dedupeKey: `community_application:${application.id}:brand_member:${member.id}`,
            to: member.email,
            subject: ja.communities.mail.brandSubject(community.name),
            text: ja.communities.mail.brandText({ community: community.name, applicant: data.full_name, url }),
          })),
        );
        return {
          id: application.id,
          community_id: community.id,
          occupation_id: data.occupation_id,
          full_name: data.full_name,
          gender: data.gender,
          postal_code: data.postal_code,
          address: data.address,
          birthday: data.birthday,
          answers: checked.answers.map((a) => ({ community_application_question_id: a.questionId, content: a.content })),
          created_at: new Date(application.createdAt).toISOString(),
        };
      });
    } catch (error) {
      // Two submissions racing past the count above: the unique index decides.
      if (isUniqueViolation(error)) throw new ValidationError({ base: [v.alreadyApplied] });
      throw error;
    }
  }

  return { detail, apply };
}

export type CommunitiesService = ReturnType<typeof communitiesService>;
