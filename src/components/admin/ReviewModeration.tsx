// /admin/reviews: every review, newest first, with its state; 非表示にする asks for a reason (mailed to the review's
// author) and 再表示する asks first. Not in the spec (docs/decisions/admin-lists.md).
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Modal } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import { formatRate } from '#src/modules/reviews/reviews.shared';
import { HIDE_REASON_MAX, hideReviewSchema, type AdminReviewJson } from '#src/modules/reviews/review-moderation.schemas';
import type { ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { AdminPagination, pageFromSearch } from './AdminPagination';
import { CardTable } from './CardTable';
import { LoadError } from './ListStatus';
import { type FilterField, filterNames, filtersOf, ListFilters, withPage } from './ListFilters';
import { ReasonDialog } from './ReasonDialog';
import { ActionNotice, useAction } from './useAction';
import { firstMessage, listOf, useLoad } from './useLoad';

const t = ja.adminReviews;
const a = ja.adminPages;

export function ReviewModeration() {
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  const fields: FilterField[] = [
    { kind: 'keyword', placeholder: t.placeholder },
    {
      kind: 'select',
      name: 'status',
      label: t.statusFilter,
      options: [
        { value: 'visible', label: t.statuses.visible },
        { value: 'hidden', label: t.statuses.hidden },
      ],
    },
    { kind: 'select', name: 'rate', label: t.rateFilter, options: [{ value: 'low', label: t.lowRated }] },
  ];
  const filters = filtersOf(urlParsed.search, filterNames(fields));
  const load = useLoad<{ reviews: AdminReviewJson[]; meta?: ListPageMeta }>(`/api/v1/admin/reviews?${withPage(filters, page)}`);
  const rows = load.state === 'ok' ? listOf<AdminReviewJson>(load.data, 'reviews') : [];
  const [hiding, setHiding] = useState<AdminReviewJson | null>(null);
  const [showing, setShowing] = useState<AdminReviewJson | null>(null);
  const action = useAction(t.failed);

  async function show() {
    if (!showing) return;
    await action.run(
      async () => {
        await api(`/api/v1/admin/reviews/${showing.id}/hiding`, { method: 'DELETE' });
        load.reload();
        return t.shown;
      },
      () => setShowing(null),
    );
  }

  return (
    <section>
      <div className="admin-head">
        <h1>{t.title}</h1>
      </div>
      <p className="admin-lead">{t.lead}</p>
      <ActionNotice notice={action.notice} testId="review-notice" />
      <ListFilters
        action="/admin/reviews"
        fields={fields}
        search={urlParsed.search}
        meta={load.state === 'ok' ? (load.data.meta ?? null) : null}
      />
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      <CardTable<AdminReviewJson>
        testId="reviews-table"
        rowKey={(row) => row.id}
        rowTestId={(row) => `review-${row.id}`}
        status={load.state}
        columns={[
          { label: a.id, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => row.id },
          {
            label: t.experience,
            cellClass: 'admin-table__wide',
            cell: (row) => (
              <a href={`/stories/${row.experience.id}`} target="_blank" rel="noreferrer">
                {row.experience.title}
              </a>
            ),
          },
          { label: t.guest, cell: (row) => row.guest.name },
          { label: t.rate, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => formatRate(row.rate) },
          {
            label: t.content,
            cellClass: 'admin-table__wide',
            cell: (row) => (
              <span className="admin-stack">
                <span className="admin-table__pre">{row.content}</span>
                {row.hidden_reason && <span className="muted">{t.hiddenBecause(row.hidden_reason)}</span>}
              </span>
            ),
          },
          { label: t.postedAt, cell: (row) => a.date(row.posted_at) },
          { label: t.state, cell: (row) => (row.hidden_at ? t.statuses.hidden : t.statuses.visible) },
        ]}
        rows={rows}
        actions={{
          label: a.actions,
          cell: (row) =>
            row.hidden_at ? (
              <button type="button" className="button button--ghost button--small" onClick={() => setShowing(row)}>
                {t.show}
              </button>
            ) : (
              <button type="button" className="button button--ghost button--small" onClick={() => setHiding(row)}>
                {t.hide}
              </button>
            ),
        }}
      />
      <AdminPagination
        page={load.state === 'ok' ? (load.data.meta?.current_page ?? page) : page}
        totalPages={load.state === 'ok' ? (load.data.meta?.total_pages ?? 1) : 1}
        href={(p) => `/admin/reviews?${withPage(filters, p)}`}
      />
      {hiding && (
        <ReasonDialog
          title={t.hideTitle}
          lead={t.hideLead(hiding.guest.name, hiding.experience.title)}
          testId="hide-dialog"
          path={`/api/v1/admin/reviews/${hiding.id}/hiding`}
          schema={hideReviewSchema}
          reasonLabel={t.reason}
          max={HIDE_REASON_MAX}
          submitLabel={t.hide}
          onClose={() => setHiding(null)}
          onDone={() => {
            action.done(t.hidden);
            setHiding(null);
            load.reload();
          }}
        />
      )}
      {showing && (
        <Modal
          title={t.showConfirmTitle}
          onClose={() => setShowing(null)}
          onConfirm={show}
          confirmLabel={t.show}
          busy={action.busy}
          testId="show-dialog"
        >
          <p>{t.showConfirm(showing.guest.name)}</p>
        </Modal>
      )}
    </section>
  );
}
