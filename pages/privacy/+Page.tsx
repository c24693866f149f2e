// https://vike.dev/Page — /privacy: the プライバシーポリシー a sign-up consents to (placeholder text the operator replaces).
import { LegalDocument } from '#src/components/LegalDocument';
import * as ja from '#src/i18n/ja';

export default function Page() {
  return <LegalDocument title={ja.nav.privacy} sections={ja.legal.privacySections} />;
}
