// https://vike.dev/data — /host/earnings: one month's earnings per reservation, the balances, the next payout and
// the bank account (?month=YYYY-MM, ?ambassador_id= for an ambassador's members). The same service calls as
// GET /api/v1/host/earnings and GET /api/v1/host/bank-account.
import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';

export async function data(pageContext: PageContextServer) {
  const { services, ctx } = pageContext;
  const search = pageContext.urlParsed.search;
  const input = { month: search.month, ambassador_id: search.ambassador_id };
  const refuse = (error: unknown) => {
    const status = (error as { status?: number })?.status;
    if (status === 422 || status === 404) throw render(404);
    throw error;
  };
  const earnings = await services.earnings.overview(ctx, input).catch(refuse);
  const bank = await services.earnings.bankAccount(ctx, { ambassador_id: search.ambassador_id }).catch(refuse);
  return { earnings, bank, ambassadorId: search.ambassador_id ?? null, minimum: services.env.PAYOUT_MINIMUM };
}

export type Data = Awaited<ReturnType<typeof data>>;
