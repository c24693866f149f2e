// `export-inquiries`: brand and ambassador program inquiries (--kind contact: the general ones from /inquiry) as CSV (Japanese header, Japan time, subject
// labels, formula injection neutralized), JSON or NDJSON. Streams keyset pages from PostgreSQL to stdout or to
// --out; --out is written to a temporary file next to it and renamed at the end, so an interrupted or failed
// export never leaves a half-written file. Progress on stderr only when stderr is a terminal.
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Option, type Command } from 'commander';
import * as ja from '#src/i18n/ja';
import { csvRecord, UTF8_BOM } from '#src/lib/csv';
import type { BrandInquiry } from '#src/modules/inquiries/inquiries.schemas';
import {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  INQUIRY_SUBJECTS,
  type ExportFormat,
  type ExportKind,
} from '#src/modules/inquiries/inquiries.shared';
import type { ContactInquiryExportRow, InquiryExport } from '#src/modules/inquiries/inquiries-export.service';
import { onInterrupt, runDatabaseCommand } from '#cli/run';
import { CliRefusal, FileFailure } from '#cli/lib/refusals';
import { progressBar } from '#cli/lib/progress';
import type { InquiryExportInput } from '#src/modules/inquiries/inquiries-export.schemas';

interface Options {
  kind: ExportKind;
  format: ExportFormat;
  since?: string;
  until?: string;
  unresolved?: boolean;
  resolved?: boolean;
  subject?: string;
  out?: string;
  excel?: boolean;
}

const h = ja.cliHelp;
const t = ja.inquiryExport;

/** 'yyyy-MM-dd HH:mm:ss' in Japan time (UTC+9, no daylight saving). */
export function japanDateTime(iso: string): string {
  return new Date(new Date(iso).getTime() + 9 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

const HEADER = [
  t.header.id,
  t.header.createdAt,
  t.header.status,
  t.header.name,
  t.header.companyName,
  t.header.departmentName,
  t.header.positionName,
  t.header.email,
  t.header.subject,
  t.header.content,
];

const CONTACT_HEADER = [
  t.header.id,
  t.header.createdAt,
  t.header.status,
  t.header.name,
  t.header.email,
  t.header.userId,
  t.header.reservationNumber,
  t.header.content,
];

function contactCsvRow(row: ContactInquiryExportRow, eol: '\r\n' | '\n'): string {
  return csvRecord(
    [
      row.id,
      japanDateTime(row.created_at),
      row.resolved ? t.resolved : t.unresolved,
      row.name,
      row.email,
      row.user_id,
      row.reservation_number,
      row.content,
    ],
    eol,
  );
}

function csvRow(row: BrandInquiry, eol: '\r\n' | '\n'): string {
  return csvRecord(
    [
      row.id,
      japanDateTime(row.created_at),
      row.resolved ? t.resolved : t.unresolved,
      row.name,
      row.company_name,
      row.department_name,
      row.position_name,
      row.email,
      ja.inquiries.subjects[row.subject].label,
      row.content,
    ],
    eol,
  );
}

async function* render(exp: InquiryExport, format: ExportFormat, excel: boolean, onRows: (n: number) => void) {
  const eol = excel ? '\r\n' : '\n';
  if (format === 'csv') yield (excel ? UTF8_BOM : '') + csvRecord(exp.query.kind === 'contact' ? CONTACT_HEADER : HEADER, eol);
  if (format === 'json') yield '[';
  let first = true;
  for await (const page of exp.pages()) {
    let chunk = '';
    const csvOf = (row: BrandInquiry | ContactInquiryExportRow) =>
      page.kind === 'brand' ? csvRow(row as BrandInquiry, eol) : contactCsvRow(row as ContactInquiryExportRow, eol);
    for (const row of page.rows) {
      if (format === 'csv') chunk += csvOf(row);
      else if (format === 'ndjson') chunk += `${JSON.stringify(row)}\n`;
      else {
        chunk += `${first ? '\n' : ',\n'}${JSON.stringify(row)}`;
        first = false;
      }
    }
    yield chunk;
    onRows(page.rows.length);
  }
  if (format === 'json') yield first ? ']\n' : '\n]\n';
}

function isBrokenPipe(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'EPIPE';
}

export function exportInquiries(program: Command): void {
  program
    .command('export-inquiries')
    .description(h.exportInquiries)
    .addOption(new Option('--kind <kind>', h.exportKind).choices(EXPORT_KINDS).default('brand'))
    .addOption(new Option('--format <format>', h.exportFormat).choices(EXPORT_FORMATS).default('csv'))
    .option('--since <YYYY-MM-DD>', h.exportSince)
    .option('--until <YYYY-MM-DD>', h.exportUntil)
    .addOption(new Option('--unresolved', h.exportUnresolved).conflicts('resolved'))
    .addOption(new Option('--resolved', h.exportResolved))
    .addOption(new Option('--subject <subject>', h.exportSubject).choices(INQUIRY_SUBJECTS))
    .option('--out <file>', h.exportOut)
    .option('--excel', h.exportExcel)
    .action((options: Options) =>
      // The export's service needs no other service: it is made here on the database alone (runDatabaseCommand), so
      // the command loads none of the other services' modules.
      runDatabaseCommand(async ({ ctx }) => {
        if (options.excel && options.format !== 'csv') throw new CliRefusal(ja.cli.excelNeedsCsv);
        const { createInquiriesExportService } = await import('#src/modules/inquiries/inquiries-export.service');
        const exp = createInquiriesExportService().open(ctx, {
          kind: options.kind,
          since: options.since,
          until: options.until,
          resolved: options.resolved ? true : options.unresolved ? false : undefined,
          // The operator's text as typed: the service answers an unknown subject with its message.
          subject: options.subject as InquiryExportInput['subject'],
        });
        const total = process.stderr.isTTY ? await exp.count() : 0;
        const progress = progressBar(total);
        let count = 0;
        // One rendered page waits while the previous one is written (Readable.from's default is 16 pages ahead).
        const source = Readable.from(
          render(exp, options.format, !!options.excel, (n) => {
            count += n;
            progress.tick(n);
          }),
          { highWaterMark: 1 },
        );

        if (!options.out) {
          try {
            await pipeline(source, process.stdout as Writable, { end: false });
          } catch (error) {
            // `export-inquiries | head`: the reader left; that is not a failure.
            if (!isBrokenPipe(error)) throw error;
          }
          progress.done();
          return;
        }

        const target = path.resolve(options.out);
        const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
        const removeTemporary = () => rmSync(temporary, { force: true });
        const stopWatching = onInterrupt(removeTemporary);
        try {
          // 0600: the file holds personal data (names, e-mail addresses).
          await pipeline(source, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
          renameSync(temporary, target);
        } catch (error) {
          removeTemporary();
          // The system refused the file (no such folder, no permission, disk full): named as the operator typed it.
          const failed = (error as NodeJS.ErrnoException).path;
          if (failed === temporary || failed === target) throw new FileFailure(options.out, error as NodeJS.ErrnoException);
          throw error;
        } finally {
          stopWatching();
        }
        progress.done();
        console.log(ja.cli.exported(count, options.out));
      }),
    );
}
