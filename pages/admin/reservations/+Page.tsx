// /admin/reservations: every reservation for the support desk (numbered pages, newest booking first; the number,
// keyword, status, slot-day and booking-day filters live in the URL and the page links). A row opens the read-only
// detail panel (guest, experience and host, slots, option, party, amounts, payment, cancellation and refund); a
// number that finds one reservation opens it at once, so `?number=` is a link to one reservation.
import { useEffect, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { AdminPagination, pageFromSearch } from '#src/components/admin/AdminPagination';
import { CardTable, openColumn } from '#src/components/admin/CardTable';
import { ListWithDetail } from '#src/components/admin/DetailPanel';
import { type FilterField, filtersOf, ListFilters, withPage } from '#src/components/admin/ListFilters';
import { LoadError } from '#src/components/admin/ListStatus';
import { ReservationDetail, ReservationStatusBadge } from '#src/components/admin/ReservationDetail';
import { firstMessage, useLoad } from '#src/components/admin/useLoad';
import * as ja from '#src/i18n/ja';
import { formatYen } from '#src/lib/isomorphic/money';
import {
  ADMIN_RESERVATION_FILTER_NAMES,
  type AdminReservationListItem,
  type AdminReservationListResponse,
} from '#src/modules/reservations/admin-reservations.schemas';
import { RESERVATION_STATUSES } from '#src/modules/reservations/reservations.shared';

const t = ja.adminReservations;
const a = ja.adminPages;
const PAGE = '/admin/reservations';
const API = '/api/v1/admin/reservations';

const FIELDS: FilterField[] = [
  { kind: 'text', name: 'number', label: t.number, placeholder: t.numberPlaceholder, numeric: true },
  { kind: 'keyword', placeholder: t.keywordPlaceholder },
  { kind: 'select', name: 'status', label: t.status, options: RESERVATION_STATUSES.map((s) => ({ value: s, label: t.statuses[s] })) },
  { kind: 'date', name: 'slot_since', label: t.slotSince },
  { kind: 'date', name: 'slot_until', label: t.slotUntil },
  { kind: 'date', name: 'booked_since', label: t.bookedSince },
  { kind: 'date', name: 'booked_until', label: t.bookedUntil },
];

export default function Page() {
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  const filters = filtersOf(urlParsed.search, ADMIN_RESERVATION_FILTER_NAMES);
  const load = useLoad<AdminReservationListResponse>(`${API}?${withPage(filters, page)}`);
  const [selected, setSelected] = useState<number | null>(null);
  const data = load.state === 'ok' ? load.data : null;
  const rows = data?.reservations ?? [];
  const byNumber = filters.has('number') && rows.length === 1 ? rows[0].id : null;
  useEffect(() => {
    if (byNumber !== null) setSelected(byNumber);
  }, [byNumber]);
  return (
    <section>
      <div className="admin-head">
        <h1>{t.title}</h1>
      </div>
      <p className="admin-lead">{t.lead}</p>
      <ListFilters action={PAGE} fields={FIELDS} search={urlParsed.search} meta={data?.meta ?? null} label={t.filtersLabel} />
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      <ListWithDetail
        detail={
          selected !== null && <ReservationDetail key={selected} id={selected} onClose={() => setSelected(null)} onChanged={load.reload} />
        }
      >
        <CardTable<AdminReservationListItem>
          testId="reservations-table"
          rowKey={(row) => row.id}
          rowTestId={(row) => `reservation-${row.id}`}
          status={load.state}
          select={{ selected, onSelect: (row) => setSelected(row.id) }}
          columns={[
            openColumn(
              t.number,
              (row) => t.numberLabel(row.id),
              t.open,
              (row) => setSelected(row.id),
            ),
            {
              label: t.guest,
              cell: (row) => (
                <span className="admin-stack">
                  {row.guest_name}
                  <span className="admin-muted admin-reservation__email">{row.guest_email}</span>
                </span>
              ),
            },
            { label: t.experience, cellClass: 'admin-table__wide', cell: (row) => row.experience_title },
            {
              label: t.firstDate,
              cell: (row) =>
                row.first_date ? (
                  <span className="admin-stack">
                    {row.first_date}
                    <span className="admin-muted">{row.first_start_time}</span>
                  </span>
                ) : (
                  t.none
                ),
            },
            { label: t.party, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => t.people(row.number_of_people) },
            { label: t.amount, headClass: 'admin-table__num', cellClass: 'admin-table__num', cell: (row) => formatYen(row.total_amount) },
            { label: t.status, cell: (row) => <ReservationStatusBadge status={row.status} /> },
          ]}
          rows={rows}
        />
        <AdminPagination
          page={data?.meta.current_page ?? page}
          totalPages={data?.meta.total_pages ?? 1}
          href={(p) => `${PAGE}?${withPage(filters, p)}`}
        />
      </ListWithDetail>
    </section>
  );
}
