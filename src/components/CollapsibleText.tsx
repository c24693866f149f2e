// Long text clamped at about `lines` lines with a see more / close toggle that appears only when the text
// overflows (spec: ambassador description, about 5 lines). Line breaks typed by people are kept.
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import * as ja from '#src/i18n/ja';
import './CollapsibleText.css';

export function CollapsibleText({ text, lines = 5, className }: { text: string; lines?: number; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    const measure = () => setOverflowing(el.scrollHeight > el.clientHeight + 1);
    // No measure() here: reading the size while hydrating forces a layout ("forced reflow"). The observer
    // reports every observed element once after the next layout, so the first measure comes from it.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [expanded, text]);

  return (
    <div className={`collapsible ${className ?? ''}`}>
      <div
        ref={ref}
        id={id}
        className={expanded ? 'collapsible__text' : 'collapsible__text collapsible__text--clamped'}
        style={{ '--collapsible-lines': lines } as CSSProperties}
        data-testid="collapsible-text"
      >
        {text}
      </div>
      {(overflowing || expanded) && (
        <button
          type="button"
          className="collapsible__toggle"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? ja.common.close : ja.common.seeMore}
        </button>
      )}
    </div>
  );
}
