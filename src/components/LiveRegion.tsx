// The one live region of the product: a role=status element (polite) that is rendered from the first render on,
// empty, and only its content changes. A screen reader watches a region it already knows: text put into it later
// is read out, while a region mounted together with its text is often not read at all. So the region itself is
// never conditional, what it shows is:
//
//   <LiveRegion>{saved && <p className="alert alert--success">{t.saved}</p>}</LiveRegion>
//   <LiveRegion as="span" className="share__notice" testId="share-notice">{notice}</LiveRegion>
//
// The visible box (alert, padding) belongs to the content, so the empty region takes no room. What stays outside it:
// - role="alert" on an error that appears because the person just did something and must hear at once why it failed
//   (an inserted alert is announced; FormErrors, a refused slot, a failed save);
// - a notice that takes the focus when it appears (focusNotice): the focus reads it, a region would read it twice;
// - a notice that is on the page from its first paint (server data): it is read with the page, no region announces it.
// tests/api/source-rules.test.ts refuses role="status" and aria-live anywhere else.
import type { ReactNode } from 'react';

export function LiveRegion({
  as: Tag = 'div',
  className,
  id,
  testId,
  children,
}: {
  /** `span` inside a line of text (beside a button), `p` for a bare text; `div` holds blocks. */
  as?: 'div' | 'p' | 'span';
  className?: string;
  id?: string;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <Tag role="status" className={className} id={id} data-testid={testId}>
      {children}
    </Tag>
  );
}
