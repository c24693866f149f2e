// /terms and /privacy: a titled document of numbered sections, with the version a sign-up consents to. The texts are
// placeholders in ja.ts (`legal`) that the operator replaces, raising TERMS_VERSION with them.
import * as ja from '#src/i18n/ja';
import { TERMS_VERSION } from '#src/modules/users/users.schemas';

export function LegalDocument(props: { title: string; sections: readonly (readonly [string, string])[] }) {
  return (
    <article className="page page--narrow">
      <h1 className="page__title">{props.title}</h1>
      <p className="muted">{ja.legal.version(TERMS_VERSION)}</p>
      <p className="alert alert--info">{ja.legal.placeholder}</p>
      {props.sections.map(([heading, body]) => (
        <section key={heading}>
          <h2>{heading}</h2>
          <p>{body}</p>
        </section>
      ))}
    </article>
  );
}
