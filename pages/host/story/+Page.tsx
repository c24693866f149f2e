import { useState } from 'react';
import { useData } from 'vike-react/useData';
import { reloadPage } from '#src/lib/isomorphic/browser-navigation';
import * as ja from '#src/i18n/ja';
import { api, ApiError } from '#src/lib/isomorphic/api-client';
import { Modal } from '#src/components/form';
import { Pagination } from '#src/components/Pagination';
import type { ExperienceImageJson } from '#src/modules/experiences/experiences.host.schemas';
import { CardImage } from '#src/components/CardImage';
import type { Data } from './+data';
import './host-story.css';

const t = ja.hostStory;
type Tab = Data['tab'];

/**
 * /host/story with the tab and each tab's page (left out when the first): the tabs switch without a page load, so
 * each list keeps its own parameter (?drafts_page=, and ?page= as before drafts were paged) and a link to another
 * page of one list keeps the other list where it was.
 */
function storyUrl(tab: Tab, draftsPage: number, page: number): string {
  const params = new URLSearchParams();
  if (tab === 'experiences') params.set('tab', 'experiences');
  if (draftsPage > 1) params.set('drafts_page', String(draftsPage));
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/host/story?${query}` : '/host/story';
}

function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
      />
    </svg>
  );
}

/** The first photo, described by the host's alt text, else by the title. */
function Cover({ images, title }: { images: ExperienceImageJson[]; title: string }) {
  return (
    <CardImage
      className="host-card__image"
      url={images[0]?.url ?? null}
      // host-story.css: cards 200px wide from 768px, two columns on a phone; the cover is 250px high.
      sizes="(min-width: 768px) 200px, 50vw"
      alt={images[0]?.alt || title}
      width={200}
      height={250}
      fallback={<span className="host-card__noimage">{t.noImage}</span>}
    />
  );
}

interface CardProps {
  title: string | null;
  images: ExperienceImageJson[];
  editHref: string;
  /** Pending and published experiences link to their page; drafts do not. */
  href?: string;
  approve?: boolean;
  /** Sent back by the administrators and not saved since: 差し戻し instead of 公開申請中. */
  rejected?: boolean;
  /** Drafts: the delete button, which asks first. */
  onDelete?: () => void;
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h2v-8h-2zm4 0v8h2v-8h-2z" />
    </svg>
  );
}

function Card({ title, images, editHref, href, approve, rejected, onDelete }: CardProps) {
  const name = title || t.untitled;
  const requested = approve === false;
  return (
    <li className="host-card" data-testid="host-card">
      <div className={requested ? 'host-card__cover host-card__cover--dim' : 'host-card__cover'}>
        {href ? (
          <a href={href} className="host-card__link" aria-label={name}>
            <Cover images={images} title={name} />
          </a>
        ) : (
          <Cover images={images} title={name} />
        )}
        {approve === true && <span className="badge badge--success host-card__badge">{t.badgePublished}</span>}
        {requested && !rejected && <span className="badge host-card__badge">{t.badgeRequested}</span>}
        {requested && rejected && (
          <span className="badge host-card__badge host-card__badge--rejected" data-testid="rejected-badge">
            {t.badgeRejected}
          </span>
        )}
      </div>
      <div className="host-card__body">
        <p className="host-card__title">{name}</p>
        <a href={editHref} className="host-card__edit" aria-label={t.editOf(name)} title={t.edit}>
          <PencilIcon />
        </a>
        {onDelete && (
          <button
            type="button"
            className="host-card__edit host-card__delete"
            aria-label={ja.details.draftDeleteOf(name)}
            title={ja.details.draftDelete}
            onClick={onDelete}
          >
            <TrashIcon />
          </button>
        )}
      </div>
    </li>
  );
}

export default function Page() {
  const { drafts, draftsMeta, experiences, experiencesMeta, tab: initialTab } = useData<Data>();
  const [tab, setTab] = useState<Tab>(initialTab);
  const [deleting, setDeleting] = useState<{ id: number; title: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api(`/api/v1/experience_drafts/${deleting.id}`, { method: 'DELETE' });
      setDeleting(null);
      setDeleteError(null);
      await reloadPage();
    } catch (error) {
      // Already gone (another tab): the list is refreshed all the same.
      if (error instanceof ApiError && error.status === 404) {
        setDeleting(null);
        await reloadPage();
      } else {
        setDeleteError(error instanceof ApiError && error.message ? error.message : ja.details.draftDeleteFailed);
      }
    } finally {
      setBusy(false);
    }
  }

  function choose(next: Tab) {
    setTab(next);
    // Keeps the tab in the address, so reloading or coming back shows the same one.
    window.history.replaceState(window.history.state, '', storyUrl(next, draftsMeta.current_page, experiencesMeta.current_page));
  }

  return (
    <section className="page host-story">
      <div className="host-story__head">
        <h1 className="page__title">{t.listTitle}</h1>
        <div className="host-story__actions">
          <a href="/host/reservations" className="button button--ghost button--small">
            {ja.hostReservations.nav}
          </a>
          <a href="/host_story" className="button button--small">
            {t.createNew}
          </a>
        </div>
      </div>
      <div className="tabs" role="tablist">
        <button
          type="button"
          role="tab"
          id="tab-drafts"
          aria-controls="panel-drafts"
          className="tabs__tab"
          aria-selected={tab === 'drafts'}
          onClick={() => choose('drafts')}
        >
          {t.tabDrafts} ({draftsMeta.total_count})
        </button>
        <button
          type="button"
          role="tab"
          id="tab-experiences"
          aria-controls="panel-experiences"
          className="tabs__tab"
          aria-selected={tab === 'experiences'}
          onClick={() => choose('experiences')}
        >
          {t.tabExperiences} ({experiencesMeta.total_count})
        </button>
      </div>
      <div role="tabpanel" id="panel-drafts" aria-labelledby="tab-drafts" hidden={tab !== 'drafts'}>
        {drafts.length === 0 ? (
          <p className="empty">{t.noDrafts}</p>
        ) : (
          <ul className="host-cards">
            {drafts.map((d) => (
              <Card
                key={d.id}
                title={d.title}
                images={d.images}
                editHref={`/host_story_drafts/${d.id}/edit`}
                onDelete={() => {
                  setDeleteError(null);
                  setDeleting({ id: d.id, title: d.title || t.untitled });
                }}
              />
            ))}
          </ul>
        )}
        <Pagination
          page={draftsMeta.current_page}
          totalPages={draftsMeta.total_pages}
          href={(page) => storyUrl('drafts', page, experiencesMeta.current_page)}
        />
      </div>
      <div role="tabpanel" id="panel-experiences" aria-labelledby="tab-experiences" hidden={tab !== 'experiences'}>
        {experiences.length === 0 ? (
          <p className="empty">{t.noExperiences}</p>
        ) : (
          <ul className="host-cards">
            {experiences.map((e) => (
              <Card
                key={e.id}
                title={e.title}
                images={e.images}
                href={`/stories/${e.id}`}
                editHref={`/host_story/${e.id}/edit`}
                approve={e.approve}
                rejected={e.rejected}
              />
            ))}
          </ul>
        )}
        <Pagination
          page={experiencesMeta.current_page}
          totalPages={experiencesMeta.total_pages}
          href={(page) => storyUrl('experiences', draftsMeta.current_page, page)}
        />
      </div>
      {deleting && (
        <Modal
          title={ja.details.draftDeleteTitle}
          onClose={() => setDeleting(null)}
          onConfirm={() => void confirmDelete()}
          confirmLabel={ja.details.draftDeleteConfirm}
          cancelLabel={ja.details.draftDeleteCancel}
          danger
          busy={busy}
          testId="draft-delete-dialog"
        >
          <p>{ja.details.draftDeleteBody(deleting.title)}</p>
          {deleteError && (
            <p className="field__error" role="alert">
              {deleteError}
            </p>
          )}
        </Modal>
      )}
    </section>
  );
}
