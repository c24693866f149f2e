// The application items of a community (spec §3, §5): up to 10 visible ones (the add button disappears at 10;
// hidden items do not count, the server's rule `canAddVisibleItem`), each with a name and required/optional,
// reorderable (sort_order = position); hiding moves an item to a separate 非表示 list (not on the public form,
// answers kept), from where it can be shown again while fewer than 10 are visible. Every delete is confirmed in a
// dialog; an item with answers cannot be deleted (its answers stay), so its dialog says it will be hidden instead.
// A question is one line of up to 100 characters, edited in a textarea that grows to show all of it (OneLineTextarea):
// an input shows about 17 characters of it on a phone.
import { useState } from 'react';
import { Field, Modal, OneLineTextarea, RequiredBadge } from '#src/components/form';
import * as ja from '#src/i18n/ja';
import { APPLICATION_ITEM_NAME_MAX, APPLICATION_ITEMS_MAX, canAddVisibleItem } from '#src/modules/communities/communities.schemas';

const t = ja.adminPages.communities.items;

export interface ItemState {
  /** A stable React key (new items have no id yet). */
  key: string;
  id?: number;
  name: string;
  required: boolean;
  disabled: boolean;
  answerCount: number;
}

let nextKey = 0;
function newItem(): ItemState {
  nextKey += 1;
  return { key: `new-${nextKey}`, name: '', required: false, disabled: false, answerCount: 0 };
}

/** The order the form sends: visible items in their order, then the hidden ones (sort_order = index). */
export function orderedItems(items: ItemState[]): ItemState[] {
  return [...items.filter((i) => !i.disabled), ...items.filter((i) => i.disabled)];
}

interface Props {
  items: ItemState[];
  onChange: (items: ItemState[]) => void;
  /** Messages by index in orderedItems(items), e.g. messages(`application_items.2.name`). */
  messages: (field: string) => string[] | undefined;
}

export function ApplicationItems({ items, onChange, messages }: Props) {
  const ordered = orderedItems(items);
  const visible = ordered.filter((i) => !i.disabled);
  const hidden = ordered.filter((i) => i.disabled);
  const indexOf = (item: ItemState) => ordered.indexOf(item);

  const update = (key: string, patch: Partial<ItemState>) => onChange(ordered.map((i) => (i.key === key ? { ...i, ...patch } : i)));
  const move = (position: number, delta: number) => {
    const next = [...visible];
    const target = position + delta;
    if (target < 0 || target >= next.length) return;
    [next[position], next[target]] = [next[target], next[position]];
    onChange([...next, ...hidden]);
  };
  const hide = (key: string) => {
    const item = visible.find((i) => i.key === key);
    if (!item) return;
    onChange([...visible.filter((i) => i.key !== key), ...hidden, { ...item, disabled: true }]);
  };
  const show = (key: string) => {
    const item = hidden.find((i) => i.key === key);
    if (!item) return;
    onChange([...visible, { ...item, disabled: false }, ...hidden.filter((i) => i.key !== key)]);
  };
  const remove = (key: string) => onChange(ordered.filter((i) => i.key !== key));
  const [deleting, setDeleting] = useState<ItemState | null>(null);
  const confirmDelete = () => {
    if (!deleting) return;
    if (deleting.answerCount > 0) hide(deleting.key);
    else remove(deleting.key);
    setDeleting(null);
  };
  const canAdd = canAddVisibleItem(items);

  return (
    <fieldset className="field" data-testid="application-items">
      <legend className="field__label">
        {t.title}
        <RequiredBadge required={false} />
      </legend>
      <p className="field__hint">{t.lead}</p>
      {messages('application_items')?.map((m) => (
        <p key={m} className="field__error">
          {m}
        </p>
      ))}
      {visible.length === 0 && <p className="field__hint">{t.none}</p>}
      <ol className="admin-items">
        {visible.map((item, position) => {
          const index = indexOf(item);
          return (
            <li key={item.key} className="admin-item" data-testid="application-item">
              <span className="admin-item__pos" aria-hidden="true">
                {t.position(position + 1)}
              </span>
              <div className="admin-item__body">
                <Field
                  label={<span className="visually-hidden">{`${t.name} ${position + 1}`}</span>}
                  max={APPLICATION_ITEM_NAME_MAX}
                  value={item.name}
                  messages={messages(`application_items.${index}.name`) ?? messages(`application_items.${index}`)}
                  id={`item-${item.key}`}
                >
                  {(control) => (
                    <OneLineTextarea
                      className="input"
                      {...control}
                      name={`item_name_${position}`}
                      placeholder={t.namePlaceholder}
                      value={item.name}
                      onChange={(e) => update(item.key, { name: e.target.value })}
                    />
                  )}
                </Field>
                <div className="admin-item__controls">
                  <span className="admin-item__required" role="radiogroup" aria-label={`${t.requiredLabel} ${position + 1}`}>
                    <label>
                      <input
                        type="radio"
                        name={`item_required_${item.key}`}
                        checked={item.required}
                        onChange={() => update(item.key, { required: true })}
                      />
                      {t.required}
                    </label>
                    <label>
                      <input
                        type="radio"
                        name={`item_required_${item.key}`}
                        checked={!item.required}
                        onChange={() => update(item.key, { required: false })}
                      />
                      {t.optional}
                    </label>
                  </span>
                  {item.answerCount > 0 && <span className="badge badge--muted">{t.answered}</span>}
                  <span className="admin-item__buttons">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => move(position, -1)}
                      disabled={position === 0}
                      aria-label={`${t.moveUp} (${position + 1})`}
                    >
                      ↑ {t.moveUp}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => move(position, 1)}
                      disabled={position === visible.length - 1}
                      aria-label={`${t.moveDown} (${position + 1})`}
                    >
                      ↓ {t.moveDown}
                    </button>
                    <button type="button" className="button button--ghost button--small" onClick={() => hide(item.key)}>
                      {t.hide}
                    </button>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => setDeleting(item)}
                      aria-label={`${t.remove} (${position + 1})`}
                    >
                      {t.remove}
                    </button>
                  </span>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {canAdd ? (
        <div>
          <button type="button" className="button button--ghost button--small" onClick={() => onChange([...visible, newItem(), ...hidden])}>
            ＋ {t.add}
          </button>
        </div>
      ) : (
        <p className="field__hint" data-testid="items-limit">
          {t.limitReached(APPLICATION_ITEMS_MAX)}
        </p>
      )}
      {hidden.length > 0 && (
        <div className="admin-hidden-items" data-testid="hidden-items">
          <h3>{t.hiddenTitle}</h3>
          <p className="field__hint">{t.hiddenLead}</p>
          <ul className="admin-items">
            {hidden.map((item) => (
              <li key={item.key} className="admin-item admin-item--hidden">
                <div className="admin-item__controls">
                  <span className="admin-item__name">{item.name}</span>
                  <span className="badge badge--muted">{item.required ? t.required : t.optional}</span>
                  <span className="admin-item__buttons">
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => show(item.key)}
                      disabled={!canAdd}
                      title={canAdd ? undefined : t.limitReached(APPLICATION_ITEMS_MAX)}
                    >
                      {t.show}
                    </button>
                  </span>
                </div>
                {messages(`application_items.${indexOf(item)}.name`)?.map((m) => (
                  <p key={m} className="field__error">
                    {m}
                  </p>
                ))}
              </li>
            ))}
          </ul>
        </div>
      )}
      {deleting && (
        <Modal
          title={deleting.answerCount > 0 ? t.deleteAnsweredTitle : t.deleteTitle}
          onClose={() => setDeleting(null)}
          onConfirm={confirmDelete}
          confirmLabel={deleting.answerCount > 0 ? t.hide : t.remove}
          danger={deleting.answerCount === 0}
          testId="item-delete-dialog"
        >
          <p>{deleting.answerCount > 0 ? t.deleteAnswered(deleting.name, deleting.answerCount) : t.deleteConfirm(deleting.name)}</p>
        </Modal>
      )}
    </fieldset>
  );
}
