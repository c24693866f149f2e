// The completion screen of both inquiry forms (guest contact and brand-ambassador program).
import * as ja from '#src/i18n/ja';
import { CompletionPanel } from '#src/components/form';

const t = ja.inquiries;

export function InquiryComplete({
  completed,
  title,
  body,
  formHref,
}: {
  completed: boolean;
  title: string;
  body: string;
  formHref: string;
}) {
  return (
    <CompletionPanel
      completed={completed}
      title={completed ? title : t.expiredTitle}
      body={completed ? body : t.expiredBody}
      actions={
        <>
          <a className="button" href="/">
            {t.toTop}
          </a>
          {!completed && (
            <a className="button button--ghost" href={formHref}>
              {t.toForm}
            </a>
          )}
        </>
      }
    />
  );
}
