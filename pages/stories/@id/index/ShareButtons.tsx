// この体験をシェア: plain links to LINE, X and Facebook (they work before and without the page's script), and one
// small button: リンクをコピー, which on a phone with the Web Share API becomes 共有 (the phone's own share sheet).
import { useEffect, useState } from 'react';
import { LiveRegion } from '#src/components/LiveRegion';
import { openSharePopup, shareLinks } from '#src/components/share-links';
import './share.css';
import * as ja from '#src/i18n/ja';

function CopyLink({ url, title }: { url: string; title: string }) {
  // The server renders the copy button; a touch-first browser that can share switches it after hydration.
  const [canShare, setCanShare] = useState(false);
  const [notice, setNotice] = useState('');
  useEffect(() => {
    setCanShare(typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches);
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setNotice(ja.share.copied);
    } catch {
      setNotice(ja.share.copyFailed);
    }
  }

  async function share() {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if ((error as Error).name !== 'AbortError') await copy();
    }
  }

  return (
    <>
      <button type="button" className="share__button share__button--copy" onClick={canShare ? share : copy} data-testid="share-copy">
        {canShare ? ja.share.share : ja.share.copy}
      </button>
      <LiveRegion as="span" className="share__notice" testId="share-notice">
        {notice}
      </LiveRegion>
    </>
  );
}

export function ShareButtons({ url, title }: { url: string; title: string }) {
  const links = shareLinks(url, ja.share.text(title));
  return (
    <section className="share" aria-labelledby="share-title">
      <h2 id="share-title" className="share__title">
        {ja.share.title}
      </h2>
      <div className="share__buttons">
        <a
          className="share__button share__button--line"
          href={links.line}
          target="_blank"
          rel="noopener noreferrer"
          onClick={openSharePopup}
        >
          {ja.share.line}
        </a>
        <a className="share__button share__button--x" href={links.x} target="_blank" rel="noopener noreferrer" onClick={openSharePopup}>
          {ja.share.x}
        </a>
        <a
          className="share__button share__button--facebook"
          href={links.facebook}
          target="_blank"
          rel="noopener noreferrer"
          onClick={openSharePopup}
        >
          {ja.share.facebook}
        </a>
        <CopyLink url={url} title={title} />
      </div>
    </section>
  );
}
