// Options of the experience (spec §5): at most 5 ('options cannot be added beyond 5'); each has a name, a
// description and a price (digits only, as the price field reads them: cleanPriceInput). Completeness is checked on submit by the form.
import { useState } from 'react';
import * as ja from '#src/i18n/ja';
import { Field } from '#src/components/form/Field';
import { LiveRegion } from '#src/components/LiveRegion';
import { HOST_LIMITS } from '#src/modules/experiences/experience-form.shared';
import { cleanPriceInput, nextKey, type OptionState } from './form-state';

const t = ja.hostStory;

interface Props {
  options: OptionState[];
  onChange: (update: (options: OptionState[]) => OptionState[]) => void;
  errors: Record<string, string[]>;
}

export function OptionsEditor({ options, onChange, errors }: Props) {
  const [notice, setNotice] = useState('');
  const [priceErrors, setPriceErrors] = useState<Record<string, string>>({});

  function add() {
    if (options.length >= HOST_LIMITS.options) {
      setNotice(t.errors.optionsTooMany);
      return;
    }
    setNotice('');
    onChange((list) => [...list, { key: nextKey(), id: null, name: '', description: '', price: '' }]);
  }

  function set(key: string, patch: Partial<OptionState>) {
    onChange((list) => list.map((o) => (o.key === key ? { ...o, ...patch } : o)));
  }

  function setPrice(key: string, raw: string) {
    const { value, invalid } = cleanPriceInput(raw);
    setPriceErrors((e) => ({ ...e, [key]: invalid ? ja.validation.numbersOnly : '' }));
    set(key, { price: value });
  }

  return (
    <div className="options-editor">
      {options.map((option, index) => (
        <fieldset key={option.key} className="options-editor__item" data-testid="option">
          <legend className="options-editor__legend">
            {t.sections.options} {index + 1}
          </legend>
          <Field name={`option_name_${index}`} label={t.fields.optionName} max={HOST_LIMITS.optionName} value={option.name}>
            {(control) => (
              <input className="input" {...control} value={option.name} onChange={(e) => set(option.key, { name: e.target.value })} />
            )}
          </Field>
          <Field
            name={`option_description_${index}`}
            label={t.fields.optionDescription}
            max={HOST_LIMITS.optionDescription}
            value={option.description}
          >
            {(control) => (
              <textarea
                className="textarea textarea--short"
                {...control}
                value={option.description}
                onChange={(e) => set(option.key, { description: e.target.value })}
              />
            )}
          </Field>
          <label className="field">
            <span className="field__label">{t.fields.optionPrice}</span>
            <span className="price-input">
              <input
                className="input"
                name={`option_price_${index}`}
                inputMode="numeric"
                value={option.price}
                aria-invalid={!!priceErrors[option.key] || !!errors[`options.${index}.price`]}
                onChange={(e) => setPrice(option.key, e.target.value)}
              />
              <span>{t.yenSuffix}</span>
            </span>
            {(priceErrors[option.key] || errors[`options.${index}.price`]?.[0]) && (
              <span className="field__error">{priceErrors[option.key] || errors[`options.${index}.price`]?.[0]}</span>
            )}
          </label>
          <button
            type="button"
            className="site-nav__plain options-editor__remove"
            onClick={() => onChange((list) => list.filter((o) => o.key !== option.key))}
          >
            {t.removeOption}
          </button>
        </fieldset>
      ))}
      <button type="button" className="button button--ghost button--small" onClick={add}>
        {t.addOption}
      </button>
      {/* The limit's message lasts only while the limit is reached (removing an option takes it away). */}
      <LiveRegion>
        {notice && options.length >= HOST_LIMITS.options && (
          <p className="field__error" data-testid="options-limit">
            {notice}
          </p>
        )}
      </LiveRegion>
      {errors.options?.map((message) => (
        <p key={message} className="field__error" data-testid="options-error">
          {message}
        </p>
      ))}
    </div>
  );
}
