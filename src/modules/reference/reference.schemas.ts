// Reference lists (spec §7: GET /api/v1/categories, /themes, /occupations; plus /prefectures). Browser-safe.
export interface ChoiceJson {
  id: number;
  name: string;
}

export type ReferenceKind = 'categories' | 'themes' | 'occupations' | 'prefectures';
