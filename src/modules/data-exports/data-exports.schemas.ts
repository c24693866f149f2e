// The copy of one's data (/account): its state as the account page shows it, and the mailed link's page. Browser-safe.
import { z } from 'zod';
import { dateTimeJson, idJson } from '#src/lib/isomorphic/validate';

/** How long a mailed link works. */
export const DATA_EXPORT_VALID_DAYS = 7;
/** Where the mailed link points (followed by the token). */
export const DATA_EXPORT_PAGE_PATH = '/account/data-export';

export const dataExportJsonSchema = z
  .object({
    id: idJson(),
    status: z.enum(['pending', 'ready', 'expired', 'failed']),
    requested_at: dateTimeJson(),
    ready_at: dateTimeJson().nullable(),
    expires_at: dateTimeJson().nullable(),
  })
  .meta({ id: 'DataExport', description: 'データのコピーの申し込み' });
export type DataExportJson = z.output<typeof dataExportJsonSchema>;

/** GET /api/v1/account/data-exports: the latest request (null: none yet). */
export const latestDataExportJsonSchema = z.object({ data_export: dataExportJsonSchema.nullable() });
export type LatestDataExportJson = z.output<typeof latestDataExportJsonSchema>;

/** The JSON file of a copy (its sections are described in docs/decisions/leaving.md; `tables` holds raw rows). */
export const dataExportFileJsonSchema = z
  .looseObject({
    format: z.literal('tabitoko-data-export/1'),
    generated_at: dateTimeJson(),
    profile: z.looseObject({ id: idJson() }),
    reservations: z.array(z.looseObject({ id: idJson() })),
    tables: z.record(z.string(), z.array(z.looseObject({}))),
  })
  .meta({ id: 'DataExportFile', description: '保存しているすべてのデータ（Content-Disposition: attachment）' });

/** The mailed link's page: where the two files are downloaded, and until when. */
export interface DataExportLinkJson {
  expires_at: string;
  json_url: string;
  csv_url: string;
}

/** The download paths of one link (the token is checked again on each download). */
export const dataExportFilePaths = (token: string) => ({
  json_url: `/api/v1/account/data-exports/${encodeURIComponent(token)}/data.json`,
  csv_url: `/api/v1/account/data-exports/${encodeURIComponent(token)}/reservations.csv`,
});
