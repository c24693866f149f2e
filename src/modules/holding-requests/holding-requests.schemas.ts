// Holding requests: a signed-in guest asks the host to open dates for an experience (once per experience). Browser-safe.
import { z } from 'zod';
import { dateTimeJson, idJson, type InputOf } from '#src/lib/isomorphic/validate';
import { pageMetaSchema, pageSchema } from '#src/modules/experiences/experiences.schemas';

export const holdingRequestJsonSchema = z
  .object({
    id: idJson(),
    experience_id: idJson(),
    created_at: dateTimeJson(),
    /** The success text the page shows (spec §7: 'holding request succeeded'). */
    message: z.string(),
  })
  .meta({ id: 'HoldingRequest', description: '開催リクエスト' });
export type HoldingRequestJson = z.output<typeof holdingRequestJsonSchema>;

/** Requests per page on GET /api/v1/host/holding_requests. */
export const HOST_HOLDING_REQUESTS_PER_PAGE = 20;

export const hostHoldingRequestsQuerySchema = z.object({ page: pageSchema });
export type HostHoldingRequestsQuery = InputOf<typeof hostHoldingRequestsQuerySchema>;

/** A request as the host sees it (who, when, for which experience); no e-mail address. */
export const hostHoldingRequestsJsonSchema = z
  .object({
    holding_requests: z
      .array(
        z.object({
          id: idJson(),
          experience: z.object({ id: idJson(), title: z.string() }),
          user: z.object({ id: idJson(), name: z.string() }),
          created_at: dateTimeJson(),
        }),
      )
      .max(HOST_HOLDING_REQUESTS_PER_PAGE),
    meta: pageMetaSchema,
  })
  .meta({ id: 'HostHoldingRequests', description: 'ホストの体験への開催リクエスト（新しい順）' });
export type HostHoldingRequestsJson = z.output<typeof hostHoldingRequestsJsonSchema>;
