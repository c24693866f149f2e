// The operators' view of refunds (the refunds table): what is still pending at the gateway, how often it was
// tried and the last error, so a refund the gateway keeps refusing is seen and can be tried again at once.
// Browser-safe.
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import type { InputOf } from '#src/lib/isomorphic/validate';
import { REFUND_LIST_STATUSES } from './reservations.shared';

export const REFUNDS_PAGE_SIZE = 50;

export const refundListQuerySchema = z.object({
  status: z.enum(REFUND_LIST_STATUSES, { error: ja.cliHelp.refundStatus }).optional(),
  page: z.coerce
    .number({ error: ja.cli.invalidNumber('--page') })
    .int(ja.cli.invalidNumber('--page'))
    .min(1, ja.cli.invalidNumber('--page'))
    .default(1),
});
export type RefundListQuery = InputOf<typeof refundListQuerySchema>;

export interface RefundJson {
  id: number;
  reservation_id: number;
  experience_title: string;
  amount: number;
  status: (typeof REFUND_LIST_STATUSES)[number];
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  succeeded_at: string | null;
  created_at: string;
}

export interface RefundListJson {
  refunds: RefundJson[];
  meta: { current_page: number; total_pages: number; total_count: number };
}
