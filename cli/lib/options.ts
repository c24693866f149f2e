// The one mapping from the services' field paths (the API's JSON keys, as a ValidationError names them) to what the
// operator typed on the command line, so a refusal names `--homepage-url` and not `homepage_url`. A field without
// an entry is its option in kebab case (`max_uses` -> `--max-uses`); `base` (the whole request) names nothing.
const OPTION_OF_FIELD: Record<string, string | null> = {
  base: null,
  id: '<id>',
  number: '<number>',
  // Every list command spells the lists' keyword `--keyword`.
  q: '--keyword',
  issue_no: '--issue',
  user_id: '--user',
  ambassador_id: '--ambassador',
  brand_id: '--brand',
  instagram_username: '--instagram',
  x_username: '--x',
  published: '--published / --no-published',
  resolved: '--resolved / --unresolved',
};

/** The option (or argument) the operator typed for a field path, or null when the message concerns the whole command. */
export function optionForField(field: string): string | null {
  if (field in OPTION_OF_FIELD) return OPTION_OF_FIELD[field];
  // A nested path (`images.0.url`) is named by its first key: the CLI has no nested options.
  const head = field.split('.')[0];
  if (head !== field) return optionForField(head);
  return `--${field.replaceAll('_', '-')}`;
}

/** `--homepage-url: 有効なURLを入力してください`, or the message alone for `base`. */
export function fieldMessage(field: string, message: string): string {
  const option = optionForField(field);
  return option ? `${option}: ${message}` : message;
}
