// The office's payouts (admin): monthly batches (prepare, read, the bank file, mark paid), ledger adjustments and
// contract rates; and the payee's earnings, statement and bank account. Every service method states who may call
// it (ADMIN, or the signed-in payee); routes pass the input along.
import type { Request } from 'express';
import { listQuerySchema } from '#src/modules/partners/partners.schemas';
import {
  adjustmentInputSchema,
  contractRateInputSchema,
  ledgerEntryJsonSchema,
  monthInputSchema,
  payeeRateJsonSchema,
  payoutBatchDetailJsonSchema,
  payoutBatchListJsonSchema,
  payoutFileQuerySchema,
} from '#src/modules/earnings/payouts.schemas';
import {
  bankAccountInputSchema,
  bankAccountJsonSchema,
  earningsJsonSchema,
  earningsQuerySchema,
  payeeScopeSchema,
} from '#src/modules/earnings/earnings.schemas';
import * as ja from '#src/i18n/ja';
import { route, type ApiRoute } from '#server/api/route';

/** Path parameters win over body fields of the same name. */
const input = (req: Request) => ({ ...(req.body && typeof req.body === 'object' ? req.body : {}), ...req.params });

const payouts = ['支払'];

export const payoutsRoutes: ApiRoute[] = [
  route('get', '/admin/payouts', '支払バッチを一覧する（管理者）', payouts, 'admin', {
    query: listQuerySchema,
    response: payoutBatchListJsonSchema,
    answer: (req, services) => services.payouts.list(req.ctx, req.query),
  }),
  route('post', '/admin/payouts', '月の支払バッチを準備する（管理者。準備済みの月はそのまま返す）', payouts, 'admin', {
    body: monthInputSchema,
    status: 201,
    alternative: { status: 200, description: '準備済み（何も変更していません）', response: payoutBatchDetailJsonSchema },
    errors: [409],
    response: payoutBatchDetailJsonSchema,
    handler: (services) => async (req, res) => {
      const result = await services.payouts.prepare(req.ctx, input(req));
      res.status(result.created ? 201 : 200).json(result);
    },
  }),
  route('get', '/admin/payouts/:id', '支払バッチと明細を取得する（管理者）', payouts, 'admin', {
    response: payoutBatchDetailJsonSchema,
    answer: (req, services) => services.payouts.get(req.ctx, req.params),
  }),
  route('get', '/admin/payouts/:id/file', '総合振込ファイル（全銀協フォーマット）を書き出す（管理者）', payouts, 'admin', {
    query: payoutFileQuerySchema,
    errors: [409],
    errorNotes: {
      409: {
        description: '振り込む支払先がないか、支払済みのバッチです（記録用の控えは reexport=true。二重振込を防ぐため）',
        message: ja.payoutFile.paidBatchRefused('2026-10'),
      },
    },
    file: { type: 'text/plain', description: '全銀協規定フォーマット 総合振込（120バイト固定長、JIS X 0201 半角カナ、CRLF区切り）' },
    download: async (req, services) => {
      // The path's id last, so a query parameter can never replace it.
      const file = await services.payouts.exportFile(req.ctx, { ...req.query, ...req.params });
      // Built whole before the answer starts (about 122 bytes per transfer), so a fault is still a clean error answer.
      return { filename: file.filename, type: file.contentType, body: Buffer.concat([...file.chunks]) };
    },
  }),
  route('post', '/admin/payouts/:id/paid', '支払バッチを支払済みにする（管理者）', payouts, 'admin', {
    response: payoutBatchDetailJsonSchema,
    answer: (req, services) => services.payouts.markPaid(req.ctx, req.params),
  }),
  route('post', '/admin/payees/:id/adjustments', '支払先の残高を調整する（管理者、理由つき）', payouts, 'admin', {
    body: adjustmentInputSchema,
    status: 201,
    response: ledgerEntryJsonSchema,
    answer: (req, services) => services.payouts.adjust(req.ctx, input(req)),
  }),
  route('put', '/admin/payees/:id/commission-rate', '支払先の契約手数料率を設定する（管理者）', payouts, 'admin', {
    body: contractRateInputSchema,
    response: payeeRateJsonSchema,
    answer: (req, services) => services.payouts.setContractRate(req.ctx, input(req)),
  }),
  // The payee's side (a host, or an ambassador's member with ?ambassador_id=).
  route('get', '/host/earnings', '売上と次回のお支払いを取得する（ホスト、アンバサダーのメンバー）', payouts, 'user', {
    query: earningsQuerySchema,
    errors: [404],
    response: earningsJsonSchema,
    answer: (req, services) => services.earnings.overview(req.ctx, req.query),
  }),
  route('get', '/host/earnings/statement', '締めた月の支払明細書を CSV で取得する', payouts, 'user', {
    query: earningsQuerySchema,
    errors: [404, 409],
    file: { type: 'text/csv', description: '支払明細書（UTF-8 BOM 付き、CRLF）' },
    download: (req, services) => services.earnings.statementCsv(req.ctx, req.query),
  }),
  route('get', '/host/earnings/statement.pdf', '締めた月の支払明細書を PDF で取得する', payouts, 'user', {
    query: earningsQuerySchema,
    errors: [404, 409],
    file: { type: 'application/pdf', description: '支払明細書（A4、日本語フォント埋め込み）' },
    download: (req, services) => services.earnings.statementPdf(req.ctx, req.query),
  }),
  route('get', '/host/bank-account', '振込先口座を取得する（口座番号は伏せ字）', payouts, 'user', {
    query: payeeScopeSchema,
    errors: [404],
    response: bankAccountJsonSchema,
    answer: (req, services) => services.earnings.bankAccount(req.ctx, req.query),
  }),
  route('put', '/host/bank-account', '振込先口座を登録・変更する', payouts, 'user', {
    query: payeeScopeSchema,
    body: bankAccountInputSchema,
    errors: [404],
    response: bankAccountJsonSchema,
    answer: (req, services) => services.earnings.updateBankAccount(req.ctx, { ...req.query, ...(req.body ?? {}) }),
  }),
];
