// Holding requests: a signed-in guest asks the host to open dates for an experience (once per experience). Browser-safe.
import { z } from 'zod';
import { pageSchema, type PageMeta } from '#src/modules/experiences/experiences.schemas';

export interface HoldingRequestJson {
  id: number;
  experience_id: number;
  created_at: string;
  /** The success text the page shows (spec §7: 'holding request succeeded'). */
  message: string;
}

/** Requests per page on GET /api/v1/host/holding_requests (issue 13). */
export const HOST_HOLDING_REQUESTS_PER_PAGE = 20;

export const hostHoldingRequestsQuerySchema = z.object({ page: pageSchema });

/** A request as the host sees it (who, when, for which experience); no e-mail address. */
export interface HostHoldingRequestJson {
  id: number;
  experience: { id: number; title: string };
  user: { id: number; name: string };
  created_at: string;
}

export interface HostHoldingRequestsJson {
  holding_requests: HostHoldingRequestJson[];
  meta: PageMeta;
}
