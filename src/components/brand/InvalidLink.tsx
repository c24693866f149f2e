// A used, expired or unknown reset/invitation link: a clear Japanese page with the way to ask again.
import { CompletionPanel } from '#src/components/form';
import * as ja from '#src/i18n/ja';

const t = ja.brandPortalPages;

export function InvalidLink({ title, body, action, href }: { title: string; body: string; action: string; href: string }) {
  return (
    <CompletionPanel
      completed={false}
      title={title}
      body={body}
      testId="invalid-link"
      actions={
        <>
          <a href={href} className="button">
            {action}
          </a>
          {href !== '/brand/sign_in' && (
            <>
              {' '}
              <a href="/brand/sign_in" className="button button--ghost">
                {t.toSignIn}
              </a>
            </>
          )}
        </>
      }
    />
  );
}
