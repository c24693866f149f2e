// The form kit's dialog for the reservation form's two dialogs (the list of dates, the test gateway's stand-in
// authentication): neither is open when the form loads, so the dialog's code is not in the form's first load. The
// list of dates asks for it once the browser is idle after hydration (`useModalSoon`), so a tap on its button opens
// it at once; the authentication dialog fetches it when a submission asks for it (if the dates' list has not).
import { lazy, Suspense, useEffect } from 'react';
import type { ModalProps } from '#src/components/form/Modal';

const load = () => import('#src/components/form');
const Modal = lazy(() => load().then((m) => ({ default: m.Modal })));

export function ModalLater(props: ModalProps) {
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}

/** Fetches the dialog's code once the browser is idle after hydration (when `needed`). */
export function useModalSoon(needed: boolean): void {
  useEffect(() => {
    if (!needed) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => void load());
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => void load(), 200);
    return () => clearTimeout(timer);
  }, [needed]);
}
