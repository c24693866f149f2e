// A one-line text shown whole: a textarea of one row that grows with its text, wrapping where an <input> would scroll
// sideways and hide all but the first words on a phone (a community's application questions, 100 characters). It
// stays one line of text, as the server's `oneLine` rule wants: Enter submits the form as it does in an input (not
// while an IME is converting: that Enter confirms the conversion), and line breaks that arrive by paste or drop become
// spaces. The growing is CSS (`field-sizing: content`, form.css) where the browser has it, so the page shows the whole
// text before hydration; elsewhere the height follows the text's scrollHeight, again whenever the width changes.
import { useEffect, useRef, type ChangeEvent, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';

export type OneLineTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'rows'>;

export function OneLineTextarea({ className, onChange, onKeyDown, ...props }: OneLineTextareaProps) {
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || CSS.supports('field-sizing', 'content')) return;
    fitHeight(el);
    let width = el.clientWidth;
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fitHeight(el);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (ref.current && !CSS.supports('field-sizing', 'content')) fitHeight(ref.current);
  });

  const change = (event: ChangeEvent<HTMLTextAreaElement>) => {
    const el = event.currentTarget;
    if (/[\r\n]/.test(el.value)) {
      // One character for one, so the caret stays where it was.
      const at = el.selectionStart;
      el.value = el.value.replace(/[\r\n]/g, ' ');
      el.setSelectionRange(at, at);
    }
    onChange?.(event);
  };
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.key !== 'Enter' || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  return (
    <textarea
      ref={ref}
      rows={1}
      className={className ? `${className} one-line-textarea` : 'one-line-textarea'}
      onChange={change}
      onKeyDown={keyDown}
      {...props}
    />
  );
}

/** The height of the whole text (no scrolling): its scrollHeight plus the borders (border-box). */
function fitHeight(el: HTMLTextAreaElement) {
  el.style.height = 'auto';
  const style = getComputedStyle(el);
  el.style.height = `${el.scrollHeight + Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.borderBottomWidth)}px`;
}
