// The detail panels' controls: an e-mail address with its コピー (the inquiries, the community applications in the
// admin area and the brand portal), and the inquiry's 状態 select with its 保存.
import { useEffect, useRef, useState } from 'react';
import * as ja from '#src/i18n/ja';
import { LiveRegion } from '#src/components/LiveRegion';

const t = ja.adminPages.inquiries;
const COPIED_MS = 2000;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Without the clipboard API (older browsers, permissions): a selected textarea and the copy command.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  async function copy() {
    if (!(await copyText(text))) return;
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  }
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={copy}>
        {t.copy}
      </button>
      <LiveRegion as="span" className="admin-copy__done" testId="copied">
        {copied ? t.copied : ''}
      </LiveRegion>
    </>
  );
}

/** An address to write to: a mailto link and its コピー. */
export function EmailWithCopy({ email }: { email: string }) {
  return (
    <span className="admin-copy">
      <a href={`mailto:${email}`}>{email}</a>
      <CopyButton text={email} />
    </span>
  );
}

/**
 * The 状態 select and its 保存: the choice is saved only when the button is pressed. The button stays enabled while
 * saving (a press then does nothing), so the focus never falls off a button that was disabled under it.
 */
export function StatusControl({
  resolved,
  saving,
  onSave,
}: {
  resolved: boolean;
  saving: boolean;
  onSave: (resolved: boolean, onSaved: () => void) => void;
}) {
  const [choice, setChoice] = useState(resolved);
  const [saved, setSaved] = useState(false);
  return (
    <span className="admin-copy">
      <select
        id="inquiry-status"
        className="select"
        value={String(choice)}
        onChange={(e) => {
          setChoice(e.target.value === 'true');
          setSaved(false);
        }}
      >
        <option value="false">{t.unresolved}</option>
        <option value="true">{t.resolved}</option>
      </select>
      <button
        type="button"
        className="button button--small"
        aria-disabled={saving || undefined}
        data-testid="inquiry-status-save"
        onClick={() => {
          if (!saving) onSave(choice, () => setSaved(true));
        }}
      >
        {t.saveStatus}
      </button>
      <LiveRegion as="span" className="admin-copy__done">
        {saved ? t.statusSaved : ''}
      </LiveRegion>
    </span>
  );
}
