// A modal dialog on the native <dialog> (showModal: top layer, focus kept inside, the page behind inert):
// title, body, cancel/confirm buttons; Escape and a click outside close it (unless `dismissible` is false);
// focus goes to the dialog's first button (or `initialFocus`) and back to where it was on close.
import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import * as ja from '#src/i18n/ja';
import { busyControl } from './busy-control';
import './form.css';

export interface ModalProps {
  title: ReactNode;
  children?: ReactNode;
  /** Cancel, Escape and a click outside. */
  onClose: () => void;
  /** With onConfirm, a confirm button is shown next to cancel. */
  onConfirm?: () => void;
  confirmLabel?: ReactNode;
  /** Cancel's label: 閉じる without onConfirm, キャンセル with it. */
  cancelLabel?: ReactNode;
  /** A destructive confirmation (delete): the confirm button is red. */
  danger?: boolean;
  /** While the confirmed action runs: buttons aria-disabled (they keep focus; presses ignored), Escape/outside click ignored. */
  busy?: boolean;
  /** False: only the dialog's own buttons close it (e.g. a payment step). Default true. */
  dismissible?: boolean;
  /** Hide the footer buttons (the body brings its own). */
  hideActions?: boolean;
  className?: string;
  testId?: string;
}

export function Modal(props: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, []);

  const canDismiss = props.dismissible !== false && !props.busy;

  function onCancel(event: Event | React.SyntheticEvent) {
    // Escape: the browser would close the dialog itself; React owns that state, so ask the parent instead.
    event.preventDefault();
    if (latest.current.dismissible !== false && !latest.current.busy) latest.current.onClose();
  }

  function onBackdrop(event: MouseEvent<HTMLDialogElement>) {
    // A click on the dialog element itself (not its content box) is a click on the backdrop.
    if (event.target === event.currentTarget && canDismiss) props.onClose();
  }

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click mirrors Escape, which the dialog's cancel event handles.
    <dialog
      ref={ref}
      className={props.className ? `modal-dialog ${props.className}` : 'modal-dialog'}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={onCancel}
      onClick={onBackdrop}
      data-testid={props.testId}
    >
      <div className="modal-dialog__box panel">
        <h2 className="modal-dialog__title" id={titleId}>
          {props.title}
        </h2>
        {props.children !== undefined && <div className="modal-dialog__body">{props.children}</div>}
        {!props.hideActions && (
          <div className="modal-dialog__actions">
            <button type="button" className="button button--ghost" {...busyControl(Boolean(props.busy), { onClick: props.onClose })}>
              {props.cancelLabel ?? (props.onConfirm ? ja.common.cancel : ja.common.close)}
            </button>
            {props.onConfirm && (
              <button
                type="button"
                className={props.danger ? 'button button--danger' : 'button'}
                {...busyControl(Boolean(props.busy), { onClick: props.onConfirm })}
              >
                {props.confirmLabel ?? ja.formKit.confirm}
              </button>
            )}
          </div>
        )}
      </div>
    </dialog>
  );
}
