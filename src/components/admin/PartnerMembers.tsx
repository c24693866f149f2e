// The members page of an ambassador or a brand (AmbassadorMembers, BrandMembers): the list loaded from `members`,
// an invite link, and delete after a confirmation (RemovableList, which the brand portal's lists use too); what
// differs is given as columns, the dialog's details and the texts.
import type { ReactNode } from 'react';
import * as ja from '#src/i18n/ja';
import type { Column } from './CardTable';
import { LoadError } from './ListStatus';
import { RemovableList } from './RemovableList';
import { firstMessage, listOf, useLoad } from './useLoad';

const a = ja.adminPages;

/** The page's texts (ja.adminPages.ambassadors or .brands). */
interface MembersText {
  membersTitle: (name: string) => string;
  membersTitlePlain: string;
  invite: string;
  deleteConfirmTitle: string;
  deleteConfirm: string;
  deleteFailed: string;
}

export function PartnerMembers<Row extends { id: number }>(props: {
  /** GET lists `{ [owner]: { name }, members }`; DELETE `${members}/${row.id}` removes one. */
  members: string;
  owner: 'ambassador' | 'brand';
  backHref: string;
  inviteHref: string;
  text: MembersText;
  tableTestId: string;
  rowTestId?: (row: Row) => string;
  columns: Column<Row>[];
  /** What the delete dialog says about the member, after the question. */
  deleteDetails: (row: Row) => ReactNode;
}) {
  const { members, text: t } = props;
  const load = useLoad<Partial<Record<typeof props.owner, { name: string }>>>(members);
  const rows = load.state === 'ok' ? listOf<Row>(load.data, 'members') : [];
  const name = load.state === 'ok' ? load.data[props.owner]?.name : null;
  return (
    <RemovableList<Row>
      top={
        <a href={props.backHref} className="admin-back">
          ‹ {a.back}
        </a>
      }
      title={name ? t.membersTitle(name) : t.membersTitlePlain}
      add={{ href: props.inviteHref, label: t.invite }}
      beforeTable={load.state === 'error' && <LoadError message={firstMessage(load.error, a.fetchFailed)} onRetry={load.reload} />}
      table={{ testId: props.tableTestId, rowTestId: props.rowTestId, columns: props.columns, rows, status: load.state }}
      remove={{
        label: a.delete,
        url: (row) => `${members}/${row.id}`,
        dialogTitle: t.deleteConfirmTitle,
        dialogTestId: 'delete-dialog',
        dialogBody: (row) => (
          <>
            <p>{t.deleteConfirm}</p>
            {props.deleteDetails(row)}
          </>
        ),
        failed: t.deleteFailed,
        onRemoved: load.reload,
        onFailed: load.reload,
      }}
    />
  );
}
