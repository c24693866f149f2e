// The one table of the admin screens and the brand portal (`admin-table--cards`: below 720px each row is a card whose
// cells carry their column's label): the header from the columns, skeleton rows while loading, 表示するデータがありません
// when empty, an optional actions column (its header only for screen readers), and rows that choose a detail panel.
// A page gives what differs: the columns, the rows, the actions, the test ids.
import { createContext, type ReactNode, useContext } from 'react';
import { EmptyRow, SkeletonRows } from './ListStatus';

/**
 * The id of the detail panel of the `ListWithDetail` around (DetailPanel.tsx): the panel's element id and its open
 * buttons' aria-controls. Declared here so that the tables without a panel load none of the panel's code.
 */
export const DetailPanelId = createContext<string | null>(null);

/** Whether the row around has its detail panel open (null: the table's rows open no panel). */
const RowOpen = createContext<boolean | null>(null);

export interface Column<Row> {
  label: string;
  /** The header cell's class. */
  headClass?: string;
  /** The body cell's class. */
  cellClass?: string;
  cell: (row: Row) => ReactNode;
}

export function CardTable<Row>(props: {
  testId: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => number;
  rowTestId?: (row: Row) => string;
  /** 'loading': skeleton rows; 'ok': the empty row when there are no rows; 'error': the page shows the failure. */
  status?: 'loading' | 'ok' | 'error';
  skeletonRows?: number;
  /** The last column: its buttons or links (`label` names the column for screen readers). */
  actions?: { label: string; cell: (row: Row) => ReactNode };
  /** Rows open a detail panel: a click on the row chooses it, the chosen row is marked. */
  select?: { selected: number | null; onSelect: (row: Row) => void };
}) {
  const { columns, actions, select, status = 'ok' } = props;
  const width = columns.length + (actions ? 1 : 0);
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards" data-testid={props.testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} className={column.headClass}>
                {column.label}
              </th>
            ))}
            {actions && (
              <th>
                <span className="visually-hidden">{actions.label}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {status === 'loading' && <SkeletonRows columns={width} rows={props.skeletonRows} />}
          {status === 'ok' && props.rows.length === 0 && <EmptyRow columns={width} />}
          {props.rows.map((row) => {
            const key = props.rowKey(row);
            return (
              <RowOpen.Provider key={key} value={select ? select.selected === key : null}>
                <tr
                  className={select ? (select.selected === key ? 'is-clickable is-selected' : 'is-clickable') : undefined}
                  data-testid={props.rowTestId?.(row)}
                  onClick={select ? () => select.onSelect(row) : undefined}
                >
                  {columns.map((column) => (
                    <td key={column.label} className={column.cellClass} data-label={column.label}>
                      {column.cell(row)}
                    </td>
                  ))}
                  {actions && (
                    <td>
                      <div className="admin-table__actions">{actions.cell(row)}</div>
                    </td>
                  )}
                </tr>
              </RowOpen.Provider>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A wide column holding the row's name as a button that opens its detail panel (keyboard users reach the row through
 * it); `open` says what the button does for that name (its aria-label). Inside a `ListWithDetail` the button says
 * whether its panel is open and names the panel (aria-expanded, aria-controls). `more`, when given, is shown under
 * the button (a payout batch's pay day).
 */
export function openColumn<Row>(
  label: string,
  name: (row: Row) => string,
  open: (name: string) => string,
  onOpen: (row: Row) => void,
  more?: (row: Row) => ReactNode,
): Column<Row> {
  return {
    label,
    cellClass: 'admin-table__wide',
    cell: (row) => {
      const button = <OpenButton label={open(name(row))} name={name(row)} onOpen={() => onOpen(row)} />;
      if (!more) return button;
      return (
        <span className="admin-stack">
          {button}
          {more(row)}
        </span>
      );
    },
  };
}

function OpenButton({ label, name, onOpen }: { label: string; name: string; onOpen: () => void }) {
  const panelId = useContext(DetailPanelId);
  const expanded = useContext(RowOpen);
  const discloses = panelId !== null && expanded !== null;
  return (
    <button
      type="button"
      className="site-nav__plain"
      aria-label={label}
      aria-expanded={discloses ? expanded : undefined}
      aria-controls={discloses ? panelId : undefined}
      onClick={onOpen}
    >
      {name}
    </button>
  );
}
