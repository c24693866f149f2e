/** The form kit (src/components/form). */
export const formKit = {
  confirm: 'OK',
} as const;
