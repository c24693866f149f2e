// Title, category and themes; price and what it includes; the three descriptive texts.
import { useState } from 'react';
import * as ja from '#src/i18n/ja';
import { Field } from '#src/components/form';
import { HOST_LIMITS } from '#src/modules/experiences/experience-form.shared';
import { cleanPriceInput } from '#src/components/experience-form/form-state';
import { numberOrNull, type SectionProps } from './section-props';

const t = ja.hostStory;
const f = t.fields;

export function BasicsSection({ state, set, update, messages, choices }: SectionProps) {
  function toggleTheme(id: number) {
    update((s) => ({
      ...s,
      themes: s.themes.includes(id)
        ? s.themes.filter((x) => x !== id)
        : s.themes.length >= HOST_LIMITS.themes
          ? s.themes
          : [...s.themes, id],
    }));
  }
  return (
    <section className="panel form-section">
      <h2 className="form-section__title">{t.sections.basics}</h2>
      <Field name="title" label={f.title} required max={HOST_LIMITS.title} value={state.title} messages={messages('title')}>
        {(control) => <input className="input" {...control} value={state.title} onChange={(e) => set('title', e.target.value)} />}
      </Field>
      <Field name="category_id" label={f.category} required messages={messages('category_id')}>
        {(control) => (
          <select
            className="select"
            {...control}
            value={state.category_id ?? ''}
            onChange={(e) => set('category_id', numberOrNull(e.target.value))}
          >
            <option value="">{t.choose}</option>
            {choices.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="themes" label={f.themes} required group hint={f.themesHint} messages={messages('themes')}>
        {(control) => (
          <div className="choice-row choice-row--wrap">
            {choices.themes.map((theme) => {
              const checked = state.themes.includes(theme.id);
              return (
                <label key={theme.id} className="check check--chip">
                  <input
                    type="checkbox"
                    name={control.name}
                    value={theme.id}
                    checked={checked}
                    disabled={!checked && state.themes.length >= HOST_LIMITS.themes}
                    onChange={() => toggleTheme(theme.id)}
                  />
                  <span>{theme.name}</span>
                </label>
              );
            })}
          </div>
        )}
      </Field>
    </section>
  );
}

export function PriceSection({ state, set, messages }: Pick<SectionProps, 'state' | 'set' | 'messages'>) {
  // Digits only (cleanPriceInput): separators are dropped quietly, anything else with a notice under the input, and
  // the digits typed so far stay.
  const [priceError, setPriceError] = useState('');
  function setPrice(raw: string) {
    const { value, invalid } = cleanPriceInput(raw);
    setPriceError(invalid ? ja.validation.numbersOnly : '');
    set('price', value);
  }
  return (
    <section className="panel form-section">
      <h2 className="form-section__title">{t.sections.price}</h2>
      <Field name="price" label={f.price} required messages={messages('price')}>
        {(control) => (
          <>
            <span className="price-input">
              <input
                className="input"
                {...control}
                aria-invalid={control['aria-invalid'] || (priceError ? true : undefined)}
                inputMode="numeric"
                value={state.price}
                onChange={(e) => setPrice(e.target.value)}
              />
              <span>{t.yenSuffix}</span>
            </span>
            {priceError && <p className="field__error">{priceError}</p>}
          </>
        )}
      </Field>
      <Field
        name="price_side_note"
        label={f.priceSideNote}
        required
        max={HOST_LIMITS.priceSideNote}
        value={state.price_side_note}
        messages={messages('price_side_note')}
      >
        {(control) => (
          <textarea
            className="textarea textarea--short"
            {...control}
            value={state.price_side_note}
            onChange={(e) => set('price_side_note', e.target.value)}
          />
        )}
      </Field>
    </section>
  );
}

export function ContentSection({ state, set, messages }: Pick<SectionProps, 'state' | 'set' | 'messages'>) {
  return (
    <section className="panel form-section">
      <h2 className="form-section__title">{t.sections.content}</h2>
      {(['description', 'inspiration', 'note'] as const).map((key) => (
        <Field key={key} name={key} label={f[key]} required max={HOST_LIMITS[key]} value={state[key]} messages={messages(key)}>
          {(control) => <textarea className="textarea" {...control} value={state[key]} onChange={(e) => set(key, e.target.value)} />}
        </Field>
      ))}
    </section>
  );
}
