// Reference lists (spec §7: GET /api/v1/categories, /themes, /occupations; plus /prefectures). Browser-safe.
import { z } from 'zod';
import { idJson } from '#src/lib/isomorphic/validate';
export const choiceJsonSchema = z.object({ id: idJson(), name: z.string() }).meta({ id: 'Choice', description: '選択肢（ID と名前）' });
export type ChoiceJson = z.output<typeof choiceJsonSchema>;

/** GET /api/v1/categories, /themes, /occupations, /prefectures: `{ <kind>: Choice[] }` in display order. */
export const referenceListJsonSchema = (kind: ReferenceKind) => z.object({ [kind]: z.array(choiceJsonSchema) });

export type ReferenceKind = 'categories' | 'themes' | 'occupations' | 'prefectures';
