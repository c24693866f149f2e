// The form kit: every form of the product (guest, host, admin, brand portal) has this one shape.
//
// Why our own hook and not a library: react-hook-form (+ @hookform/resolvers), @tanstack/react-form and Conform
// all fit zod 4, but our forms need little of them. The checks are the server's own zod schemas (one
// `schema.safeParse` here); the server's 422 `messages` map is the real source of truth and none of the three
// maps it for us without glue; the big forms (experience, reservation) keep their state in plain React state
// that a library would want to own. Conform's strength (progressive enhancement through server actions) does
// not apply: our pages post JSON to /api/v1, not forms to Vike. So: ~100 lines, no dependency, SSR-safe
// (nothing runs before hydration; submit buttons stay disabled until then: `form.submitProps`).
//
//   const form = useForm({
//     schema: contactInquirySchema,                  // the server's schema, checked in the browser first
//     path: '/api/v1/contact_inquiries',             // or (values) => `/api/v1/x/${values.id}`
//     method: 'POST',                                // POST (default) | PUT | PATCH | DELETE, JSON body
//     body: (values) => values,                      // optional: the JSON body (default: the values)
//     call: apiFile,                                 // optional: a file answer (default api: JSON); then saveFile
//     toValues: (data: FormData) => ({ … }),         // optional: uncontrolled form → values (default formValues)
//     check: (values) => ({ field: ['…'] }),         // optional: checks the schema cannot state
//     onSuccess: (result, values) => goTo('/inquiry/complete'),   // #src/lib/isomorphic/browser-navigation (full page load)
//     onError: (error) => false,                     // optional: true when handled (e.g. 401 → sign-in)
//     alert: 'first',                                // optional: window.alert the first message (spec habit)
//     onMessages: (messages) => {},                  // optional: after messages are shown
//   });
//   <FormErrors messages={form.errors} />             // `base` (and unplaced) messages on top, role=alert
//   <form {...form.formProps}>                        // uncontrolled: FormData → values → send
//     <Field name="name" label="お名前" required max={100} messages={form.messages('name')}>
//       {(control) => <input className="input" {...control} />}
//     </Field>
//     <button type="submit" {...form.submitProps}>送信</button>   // its label may read form.submitting
//   </form>
//   await form.send(values, { path, method, schema })   // controlled forms; any config field per call
//
// Focus never falls to <body>: while a form is submitting its button stays focusable, `aria-disabled` and deaf to
// presses (`submitProps`; `busyControl(busy, { ready, onClick })` for any other button that waits for an action),
// and after a refused submit (the browser's checks or the server's 422) focus moves to the first invalid field, or
// to the summary (FormErrors) when that comes first or the error has no single control (focus-error.ts); a page's own
// summary of messages with no field joins in with `tabIndex={-1} data-form-errors=""`.
//
// Field wires the label (htmlFor), aria-invalid, aria-describedby (hint, counter, error) and maxLength; with `max`
// it shows count/max and, at the limit, "N文字以内で入力してください" as a notice (muted: the text is valid), over the limit
// (a given text longer than maxLength lets one type) the same words as an error with aria-invalid. `group` makes it a
// fieldset/legend for radios.
// A field's message hides once the person changes the field, until the next submit (useDismissible: Field uses it;
// a part that is no single control calls its `dismiss` when its value changes, e.g. the experience form's calendar).
// OneLineTextarea is a one-line text shown whole (it grows over rows; Enter submits, pasted line breaks become spaces),
// for one-line texts longer than an input shows on a phone. Modal is the confirmation dialog; CompletionPanel the
// completion/session-expired screen.
export { useForm, type Form } from './useForm';
export { Field, RequiredBadge } from './Field';
export { useDismissible } from './useDismissible';
export { busyControl, type BusyControlProps } from './busy-control';
export { FormErrors } from './FormErrors';
export { Modal } from './Modal';
export { OneLineTextarea } from './OneLineTextarea';
export { CompletionPanel } from './CompletionPanel';
export { allMessages, imageListMessages, messagesUnder, toFieldMessages } from './form-errors';
