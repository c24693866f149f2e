// The 401 message (ja.errors.unauthorized: the session ended while the page was open) with the way back: a link to
// the sign-in page of the door the page belongs to (the portal's under /brand, else /logon), which returns here.
// FormErrors and the admin lists' LoadError show it, so every form and list that can meet an ended session has it.
import { usePageContext } from 'vike-react/usePageContext';
import { brandSignInUrl } from '#src/components/brand/brand-paths';
import * as ja from '#src/i18n/ja';
import { logonUrl } from '#src/lib/isomorphic/api-client';

/** Whether a shown message is the 401's (every 401 of a signed-out session carries this one text). */
export function isSignedOutMessage(message: string): boolean {
  return message === ja.errors.unauthorized;
}

export function SignInAgain() {
  const { urlPathname, urlOriginal } = usePageContext();
  const here = urlOriginal || urlPathname;
  const href = urlPathname === '/brand' || urlPathname.startsWith('/brand/') ? brandSignInUrl(here) : logonUrl(here);
  return (
    <a href={href} className="alert__link" data-testid="sign-in-again">
      {ja.errors.signInAgain}
    </a>
  );
}

/** A message, followed by the sign-in link when it is the 401's. */
export function MessageWithSignIn({ message }: { message: string }) {
  return isSignedOutMessage(message) ? (
    <>
      {message} <SignInAgain />
    </>
  ) : (
    message
  );
}
