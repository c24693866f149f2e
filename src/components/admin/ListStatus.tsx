// The three states of an admin table's body: skeleton rows while loading, the load-failure message, and
// 表示するデータがありません when empty.
import * as ja from '#src/i18n/ja';
import { MessageWithSignIn } from '#src/components/form/SignInAgain';

const t = ja.adminPages;

export function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <tr key={r} data-testid="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <td key={c}>
              <span className="admin-skeleton" style={{ width: `${50 + ((r * 7 + c * 13) % 45)}%` }} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

export function EmptyRow({ columns, text = t.noData }: { columns: number; text?: string }) {
  return (
    <tr className="admin-table__empty">
      <td colSpan={columns}>{text}</td>
    </tr>
  );
}

export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="alert alert--error admin-error" role="alert">
      <span>
        <MessageWithSignIn message={message} />
      </span>
      {onRetry && (
        <button type="button" className="button button--ghost button--small" onClick={onRetry}>
          {t.retry}
        </button>
      )}
    </div>
  );
}

export function PublishBadge({ published }: { published: boolean }) {
  return published ? (
    <span className="badge badge--public">{t.published}</span>
  ) : (
    <span className="badge badge--private">{t.unpublished}</span>
  );
}
