// One section of an account page (/account, /brand/account): a panel with its heading (which names it for assistive
// technology) and a lead, then the section's form or list.
import type { ReactNode } from 'react';
import './account-sections.css';

export function AccountSection({ id, heading, lead, children }: { id: string; heading: string; lead: string; children: ReactNode }) {
  return (
    <section className="panel account-page__section" aria-labelledby={id}>
      <h2 id={id} className="account-page__heading">
        {heading}
      </h2>
      <p className="muted">{lead}</p>
      {children}
    </section>
  );
}
