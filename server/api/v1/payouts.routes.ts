// The office's payouts (admin): monthly batches (prepare, read, the bank file, mark paid), ledger adjustments and
// contract rates; and the payee's earnings, statement and bank account. Every service method states who may call
// it (ADMIN, or the signed-in payee); routes pass the input along.
import type { Router, Request } from 'express';
import type { Services } from '#src/root';

/** Path parameters win over body fields of the same name. */
const input = (req: Request) => ({ ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

export function payoutsRoutes(router: Router, services: Services): void {
  router.get('/admin/payouts', async (req, res) => {
    res.json(await services.payouts.list(req.ctx, req.query));
  });

  router.post('/admin/payouts', async (req, res) => {
    const result = await services.payouts.prepare(req.ctx, input(req));
    res.status(result.created ? 201 : 200).json(result);
  });

  router.get('/admin/payouts/:id', async (req, res) => {
    res.json(await services.payouts.get(req.ctx, req.params));
  });

  router.get('/admin/payouts/:id/file', async (req, res) => {
    const file = await services.payouts.exportFile(req.ctx, req.params);
    // Built whole before the answer starts (about 122 bytes per transfer), so a fault is still a clean error answer.
    res
      .type(file.contentType)
      .attachment(file.filename)
      .send(Buffer.concat([...file.chunks]));
  });

  router.post('/admin/payouts/:id/paid', async (req, res) => {
    res.json(await services.payouts.markPaid(req.ctx, req.params));
  });

  router.post('/admin/payees/:id/adjustments', async (req, res) => {
    res.status(201).json(await services.payouts.adjust(req.ctx, input(req)));
  });

  router.put('/admin/payees/:id/commission-rate', async (req, res) => {
    res.json(await services.payouts.setContractRate(req.ctx, input(req)));
  });

  // The payee's side (a host, or an ambassador's member with ?ambassador_id=).
  router.get('/host/earnings', async (req, res) => {
    res.json(await services.earnings.overview(req.ctx, req.query));
  });

  router.get('/host/earnings/statement', async (req, res) => {
    const file = await services.earnings.statementCsv(req.ctx, req.query);
    res.type('text/csv; charset=utf-8').attachment(file.filename).send(file.body);
  });

  router.get('/host/earnings/statement.pdf', async (req, res) => {
    const file = await services.earnings.statementPdf(req.ctx, req.query);
    res.type('application/pdf').attachment(file.filename).send(file.body);
  });

  router.get('/host/bank-account', async (req, res) => {
    res.json(await services.earnings.bankAccount(req.ctx, req.query));
  });

  router.put('/host/bank-account', async (req, res) => {
    res.json(await services.earnings.updateBankAccount(req.ctx, { ...req.query, ...(req.body ?? {}) }));
  });
}
