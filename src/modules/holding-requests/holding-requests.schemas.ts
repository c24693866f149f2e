// Holding requests: a signed-in guest asks the host to open dates for an experience (once per experience). Browser-safe.
import { z } from 'zod';
import { dateTimeJson, idJson } from '#src/lib/validate';
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
