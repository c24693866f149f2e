// /admin/coupons: the coupons with their use counts (used / limit), numbered pages (?page= in the URL), newest
// first. 作成 opens the creation form in the panel; a row opens its edit form (name, limits, validity) and 利用停止.
// After a change the page reloads with a notice, so the list shows the saved state.
import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { Field, FormErrors, Modal, useForm } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { api } from '#src/lib/isomorphic/api-client';
import { reloadPage } from '#src/lib/isomorphic/browser-navigation';
import { formatYen } from '#src/lib/isomorphic/money';
import { couponCreateSchema, couponUpdateSchema, type CouponJson } from '#src/modules/coupons/coupons.schemas';
import { AdminPagination, pageFromSearch } from './AdminPagination';
import { CardTable, openColumn } from './CardTable';
import { DetailPanel, ListWithDetail } from './DetailPanel';
import { LoadError } from './ListStatus';
import { firstMessage, listOf, useLoad } from './useLoad';
import { type FilterField, filterNames, filtersOf, ListFilters, withPage } from './ListFilters';
import type { ListPageMeta } from '#src/lib/isomorphic/list-filters';
import { useReloadNotice } from '#src/components/use-reload-notice';
import { LiveRegion } from '#src/components/LiveRegion';

const t = ja.adminCoupons;
const c = ja.coupons;
const a = ja.adminPages;
const API = '/api/v1/admin/coupons';

function status(coupon: CouponJson, now = new Date()): { label: string; active: boolean } {
  if (!coupon.active) return { label: t.stopped, active: false };
  if (coupon.valid_until && new Date(coupon.valid_until) <= now) return { label: c.expired, active: false };
  if (coupon.max_uses !== null && coupon.used_count >= coupon.max_uses) return { label: c.usedUp, active: false };
  return { label: c.active, active: true };
}

const discount = (coupon: CouponJson) =>
  coupon.discount_type === 'amount' ? c.discountAmount(formatYen(coupon.discount_value)) : c.discountPercent(coupon.discount_value);

const text = (data: FormData, key: string) => String(data.get(key) ?? '').trim();
/** An empty optional field is left out on create (no limit). */
const optional = (value: string) => (value === '' ? undefined : value);

function LimitFields({ form, coupon }: { form: { messages: (f: string) => string[] | undefined }; coupon?: CouponJson }) {
  const limit = (name: 'max_uses' | 'max_uses_per_guest' | 'min_amount', label: string, value: number | null | undefined) => (
    <Field name={name} label={label} hint={t.limitHint} messages={form.messages(name)}>
      {(control) => <input className="input" inputMode="numeric" defaultValue={value ?? ''} {...control} />}
    </Field>
  );
  return (
    <>
      <Field name="expires" label={t.expires} hint={t.expiresHint} messages={form.messages('expires')}>
        {(control) => <input className="input" type="date" defaultValue={coupon?.expires ?? ''} {...control} />}
      </Field>
      {limit('max_uses', t.maxUses, coupon?.max_uses)}
      {limit('max_uses_per_guest', t.maxUsesPerGuest, coupon?.max_uses_per_guest)}
      {limit('min_amount', t.minAmount, coupon?.min_amount)}
      <label className="checkbox">
        <input type="checkbox" name="first_booking_only" defaultChecked={coupon?.first_booking_only ?? false} /> {t.firstBookingOnly}
      </label>
    </>
  );
}

function CreateForm({ onClose }: { onClose: () => void }) {
  const form = useForm<Record<string, unknown>, CouponJson>({
    schema: couponCreateSchema,
    path: API,
    method: 'POST',
    toValues: (data) => {
      const kind = text(data, 'kind');
      const value = optional(text(data, 'discount'));
      return {
        code: text(data, 'code'),
        name: optional(text(data, 'name')),
        amount: kind === 'amount' ? (value ?? '') : undefined,
        percent: kind === 'percent' ? (value ?? '') : undefined,
        expires: optional(text(data, 'expires')),
        max_uses: optional(text(data, 'max_uses')),
        max_uses_per_guest: optional(text(data, 'max_uses_per_guest')),
        min_amount: optional(text(data, 'min_amount')),
        first_booking_only: data.get('first_booking_only') === 'on',
      };
    },
    onSuccess: (coupon) => reloadPage(t.created(coupon.code)),
  });
  const discountMessages = [...(form.messages('amount') ?? []), ...(form.messages('percent') ?? [])];
  return (
    <DetailPanel
      titleId="coupon-create-title"
      title={t.createTitle}
      testId="coupon-create"
      load={{ state: 'ok', data: null }}
      onClose={onClose}
    >
      <FormErrors messages={form.errors} />
      <form {...form.formProps} className="admin-form">
        <Field name="code" label={t.code} required hint={t.codeHint} max={50} messages={form.messages('code')}>
          {(control) => <input className="input" autoCapitalize="characters" {...control} />}
        </Field>
        <Field name="name" label={t.name} max={255} messages={form.messages('name')}>
          {(control) => <input className="input" {...control} />}
        </Field>
        <Field name="kind" label={t.discountKind} group required>
          {() => (
            <div className="admin-coupon__kinds">
              <label className="radio">
                <input type="radio" name="kind" value="amount" defaultChecked /> {t.kindAmount}
              </label>
              <label className="radio">
                <input type="radio" name="kind" value="percent" /> {t.kindPercent}
              </label>
            </div>
          )}
        </Field>
        <Field name="discount" label={t.discountValue} required messages={discountMessages}>
          {(control) => <input className="input" inputMode="numeric" {...control} />}
        </Field>
        <LimitFields form={form} />
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" {...form.submitProps}>
            {t.create}
          </button>
        </div>
      </form>
    </DetailPanel>
  );
}

function EditForm({ id, onClose }: { id: number; onClose: () => void }) {
  const load = useLoad<CouponJson>(`${API}/${id}`);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Record<string, unknown>, CouponJson>({
    schema: couponUpdateSchema,
    path: `${API}/${id}`,
    method: 'PATCH',
    toValues: (data) => ({
      name: text(data, 'name'),
      expires: text(data, 'expires') || null,
      max_uses: text(data, 'max_uses') || null,
      max_uses_per_guest: text(data, 'max_uses_per_guest') || null,
      min_amount: text(data, 'min_amount') || null,
      first_booking_only: data.get('first_booking_only') === 'on',
    }),
    onSuccess: () => reloadPage(t.saved),
  });
  async function deactivate() {
    setBusy(true);
    setError(null);
    try {
      await api(`${API}/${id}/deactivation`, { method: 'POST' });
      await reloadPage(t.deactivatedNotice);
    } catch (e) {
      setError(firstMessage(e, a.fetchFailed));
      setBusy(false);
      setConfirming(false);
    }
  }
  const coupon = load.state === 'ok' ? load.data : null;
  return (
    <DetailPanel
      titleId="coupon-edit-title"
      title={coupon ? t.editTitle(coupon.code) : t.title}
      testId="coupon-edit"
      load={load}
      onClose={onClose}
      error={error}
    >
      {coupon && (
        <>
          <dl className="admin-summary">
            <dt>{c.header.discount}</dt>
            <dd>{discount(coupon)}</dd>
            <dt>{c.header.uses}</dt>
            <dd data-testid="coupon-uses">{t.uses(coupon.used_count, coupon.max_uses)}</dd>
            <dt>{c.header.status}</dt>
            <dd>{status(coupon).label}</dd>
          </dl>
          {!coupon.active && <p className="alert alert--info">{t.deactivatedNote}</p>}
          <FormErrors messages={form.errors} />
          <form {...form.formProps} className="admin-form">
            <Field name="name" label={t.name} max={255} defaultValue={coupon.name} messages={form.messages('name')}>
              {(control) => <input className="input" defaultValue={coupon.name} {...control} />}
            </Field>
            <LimitFields form={form} coupon={coupon} />
            <div className="admin-form__actions">
              <button type="submit" className="button button--primary" {...form.submitProps}>
                {t.save}
              </button>
              {coupon.active && (
                <button type="button" className="button button--danger" onClick={() => setConfirming(true)} data-testid="coupon-deactivate">
                  {t.deactivate}
                </button>
              )}
            </div>
          </form>
          {confirming && (
            <Modal
              title={t.deactivate}
              onClose={() => setConfirming(false)}
              onConfirm={deactivate}
              confirmLabel={t.deactivate}
              cancelLabel={t.cancel}
              danger
              busy={busy}
            >
              <p>{t.deactivateConfirm(coupon.code)}</p>
            </Modal>
          )}
        </>
      )}
    </DetailPanel>
  );
}

/** The keyword (code, name) and 有効/利用停止 (`couponListSchema`). */
const COUPON_FILTERS: FilterField[] = [
  { kind: 'keyword', placeholder: ja.lists.placeholders.coupons },
  {
    kind: 'select',
    name: 'active',
    label: ja.lists.active,
    options: [
      { value: 'true', label: ja.lists.activeTrue },
      { value: 'false', label: ja.lists.activeFalse },
    ],
  },
];

export function CouponsAdmin() {
  const { urlParsed } = usePageContext();
  const page = pageFromSearch(urlParsed.search.page);
  const filters = filtersOf(urlParsed.search, filterNames(COUPON_FILTERS));
  const load = useLoad<{ coupons: CouponJson[]; meta?: ListPageMeta }>(`${API}?${withPage(filters, page)}`);
  const [panel, setPanel] = useState<number | 'new' | null>(null);
  const [notice] = useReloadNotice();
  const rows = load.state === 'ok' ? listOf<CouponJson>(load.data, 'coupons') : [];
  const totalPages = load.state === 'ok' ? (load.data.meta?.total_pages ?? 1) : 1;

  return (
    <section>
      <div className="admin-head">
        <h1>{t.title}</h1>
        <button type="button" className="button button--primary" onClick={() => setPanel('new')} data-testid="coupon-new">
          {t.create}
        </button>
      </div>
      {/* The notice of the reload arrives after hydration, into the region the server already sent. */}
      <LiveRegion>{notice && <p className="alert alert--success">{notice}</p>}</LiveRegion>
      <ListFilters
        action="/admin/coupons"
        fields={COUPON_FILTERS}
        search={urlParsed.search}
        meta={load.state === 'ok' ? (load.data.meta ?? null) : null}
      />
      {load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      <ListWithDetail
        detail={
          panel === 'new' ? (
            <CreateForm onClose={() => setPanel(null)} />
          ) : panel !== null ? (
            <EditForm key={panel} id={panel} onClose={() => setPanel(null)} />
          ) : null
        }
      >
        <CardTable<CouponJson>
          testId="coupons-table"
          rowKey={(row) => row.id}
          rowTestId={(row) => `coupon-row-${row.id}`}
          status={load.state}
          select={{ selected: typeof panel === 'number' ? panel : null, onSelect: (row) => setPanel(row.id) }}
          columns={[
            // A code is a label typed at checkout: whole on one line (the table scrolls sideways rather than break it).
            {
              ...openColumn(
                c.header.code,
                (row) => row.code,
                t.open,
                (row) => setPanel(row.id),
              ),
              cellClass: 'admin-table__code',
            },
            { label: c.header.name, cellClass: 'admin-table__wide', cell: (row) => row.name },
            { label: c.header.discount, cell: discount },
            {
              label: c.header.uses,
              headClass: 'admin-table__num',
              cellClass: 'admin-table__num',
              cell: (row) => t.uses(row.used_count, row.max_uses),
            },
            { label: c.header.expires, cell: (row) => row.expires ?? '—' },
            {
              label: c.header.status,
              cell: (row) => {
                const s = status(row);
                return <span className={s.active ? 'badge badge--resolved' : 'badge badge--unresolved'}>{s.label}</span>;
              },
            },
          ]}
          rows={rows}
        />
        <AdminPagination
          page={load.state === 'ok' ? (load.data.meta?.current_page ?? page) : page}
          totalPages={totalPages}
          href={(p) => `/admin/coupons?${withPage(filters, p)}`}
        />
      </ListWithDetail>
    </section>
  );
}
