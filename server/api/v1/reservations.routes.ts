// POST /api/v1/reservations (201 confirmed | 202 card authentication needed | 402 declined | 422 | 503 gateway down),
// POST /api/v1/reservations/{id}/confirm after 3-D Secure, GET /api/v1/reservations/{id}, the guest's list and
// cancellation and the host's slot cancellation, the guest's receipt (its state as JSON, the PDF); a confirmed reservation
// sets the completion flag that /reservations/complete consumes (server/completion.ts).
import type { Request, Response } from 'express';
import * as ja from '#src/i18n/ja';
import { setCompletion } from '#server/completion';
import type { ReserveResult } from '#src/modules/reservations/reservations.service';
import {
  completionFlagKey,
  reservationActionRequiredJsonSchema,
  reservationJsonSchema,
  reserveSchema,
} from '#src/modules/reservations/reservations.schemas';
import {
  cancellationPreviewJsonSchema,
  cancelReservationSchema,
  reservationDetailJsonSchema,
  reservationListJsonSchema,
  reservationListQuerySchema,
  slotCancellationResultJsonSchema,
  slotCancellationSchema,
} from '#src/modules/reservations/guest-reservations.schemas';
import { receiptRequestSchema, receiptStateJsonSchema } from '#src/modules/receipts/receipts.schemas';
import { route, type ApiRoute } from '#server/api/route';

/** Lets /reservations/complete?cid=..&tour_id=.. show the completion screen once. */
function answer(req: Request, res: Response, result: ReserveResult) {
  if (result.kind === 'requires_action') return res.status(202).json(result.action);
  const { reservation } = result;
  const key = completionFlagKey(
    reservation.tour_id,
    reservation.calendars.map((c) => c.id),
  );
  setCompletion(req, key);
  res.status(201).json(reservation);
}

const reservations = ['予約'];
const actionRequired = { status: 202, description: '決済に追加認証が必要です', response: reservationActionRequiredJsonSchema } as const;

export const reservationsRoutes: ApiRoute[] = [
  route('post', '/reservations', '予約する（決済の確認が要るときは 202）', reservations, 'user', {
    body: reserveSchema,
    status: 201,
    // 404: the experience (tour_id, or the first slot's when it is not sent) is not one that can be booked.
    errors: [402, 404, 409, 429, 503],
    errorNotes: {
      403: {
        description: 'メールアドレスが未確認です（会員登録の確認メールのリンクを開いてから予約できます）',
        message: ja.emailVerification.requiredToBook,
      },
    },
    response: reservationJsonSchema,
    alternative: actionRequired,
    handler: (services) => async (req, res) => {
      // The attempt key may come as a header (API clients) or a field (the form).
      const body = { ...req.body, idempotency_key: req.body?.idempotency_key ?? req.get('idempotency-key') };
      answer(req, res, await services.reservations.reserve(req.ctx, body));
    },
  }),
  route('post', '/reservations/:id/confirm', '追加認証の後に予約を確定する', reservations, 'user', {
    status: 201,
    errors: [402, 409, 503],
    response: reservationJsonSchema,
    alternative: actionRequired,
    handler: (services) => async (req, res) => {
      answer(req, res, await services.reservations.confirm(req.ctx, req.params));
    },
  }),
  // The detail the guest's page shows (a superset of the reservation).
  route('get', '/reservations/:id', '予約を取得する', reservations, 'user', {
    response: reservationDetailJsonSchema,
    answer: (req, services) => services.reservations.get(req.ctx, req.params),
  }),
  // The guest's list, cancellation preview and cancellation; the host's whole-slot cancellation.
  route('get', '/reservations', '自分の予約を一覧する（今後・過去）', reservations, 'user', {
    query: reservationListQuerySchema,
    response: reservationListJsonSchema,
    answer: (req, services) => services.reservations.list(req.ctx, req.query),
  }),
  route('get', '/reservations/:id/cancellation', '今キャンセルした場合の返金額とキャンセル期限を取得する', reservations, 'user', {
    response: cancellationPreviewJsonSchema,
    answer: (req, services) => services.reservations.cancellationPreview(req.ctx, req.params),
  }),
  route('post', '/reservations/:id/cancellation', '予約をキャンセルする（キャンセルポリシーに従って返金）', reservations, 'user', {
    body: cancelReservationSchema,
    errors: [409],
    response: reservationDetailJsonSchema,
    answer: (req, services) => services.reservations.cancel(req.ctx, { ...req.body, ...req.params }),
  }),
  // The receipt: GET its state (the page's form), POST the PDF (each POST is one issuance: the second is 再発行).
  route('get', '/reservations/:id/receipt', '予約の領収書の状態（発行可否・領収書番号・宛名の初期値）を取得する', reservations, 'user', {
    response: receiptStateJsonSchema,
    answer: (req, services) => services.receipts.state(req.ctx, req.params),
  }),
  route('post', '/reservations/:id/receipt', '領収書（PDF、適格簡易請求書）を発行する（2回目以降は再発行）', reservations, 'user', {
    body: receiptRequestSchema,
    errors: [409],
    file: { type: 'application/pdf', description: '領収書の PDF（Content-Disposition: attachment）' },
    download: (req, services) => services.receipts.issue(req.ctx, { ...req.body, ...req.params }),
  }),
  route('post', '/host/calendars/:id/cancellation', '開催日程を中止する（予約はすべて全額返金）', ['ホスト'], 'user', {
    body: slotCancellationSchema,
    errors: [409],
    response: slotCancellationResultJsonSchema,
    answer: (req, services) => services.reservations.cancelSlot(req.ctx, { ...req.body, ...req.params }),
  }),
];
