// A form checked in the browser with the same zod schema the server uses, then posted to the API: field
// errors come from the schema first, then from the server's `messages` map (spec: otherwise 'an unexpected
// error occurred'), and the page moves on when the post succeeds.
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ja } from '#src/i18n/ja';
import { api, ApiError } from '#src/lib/api-client';
import type { FieldMessages } from '#src/lib/errors';
import { fieldMessages } from '#src/lib/validate';

export function useSchemaForm(options: { schema: z.ZodType; endpoint: string; onSuccess: () => Promise<void> | void }) {
  const [errors, setErrors] = useState<FieldMessages>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = Object.fromEntries(new FormData(event.currentTarget).entries());
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error));
      return;
    }
    setSubmitting(true);
    setErrors({});
    try {
      await api(options.endpoint, { method: 'POST', body });
      await options.onSuccess();
    } catch (error) {
      setSubmitting(false);
      setErrors(error instanceof ApiError && Object.keys(error.messages).length ? error.messages : { base: [ja.common.unexpectedError] });
    }
  }

  const err = (field: string) => (errors[field]?.length ? <p className="field__error">{errors[field][0]}</p> : null);
  const invalid = (field: string) => (errors[field]?.length ? true : undefined);
  return { errors, submitting, submit, err, invalid };
}
