// A failure as one Japanese line for stderr and its exit code (1 refused or invalid input, 2 environment or
// internal failure). What an operator can fix is said in words they can act on: the option they typed
// (cli/lib/options.ts), the file that could not be written, the database that could not be reached and the variable
// or command that decides it. Only what is left is an internal error (its detail is in English: it is for a developer).
import { EnvError } from '#src/lib/env';
import { isAppError } from '#src/lib/isomorphic/errors';
import { DatabaseFolderInUseError, EmbeddedStartError, SharedDatabaseError } from '#src/lib/embedded-db';
import * as ja from '#src/i18n/ja';
import { fieldMessage } from './options';
import { CliRefusal, FileFailure } from './refusals';

const f = ja.cliFailures;

function oneLine(text: string): string {
  return text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' / ');
}

/** The error and its causes (and an AggregateError's errors: a connection tried on IPv4 and IPv6), outermost first. */
function chain(error: unknown): unknown[] {
  const seen: unknown[] = [];
  const queue = [error];
  while (queue.length > 0 && seen.length < 10) {
    const next = queue.shift();
    if (next === undefined || next === null || seen.includes(next)) continue;
    seen.push(next);
    if (next instanceof AggregateError) queue.push(...next.errors);
    if (next instanceof Error && next.cause) queue.push(next.cause);
  }
  return seen;
}

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** Why the system refused a file operation, in words. */
function fileReason(code: string | undefined): string {
  return (code && f.fileReasons[code as keyof typeof f.fileReasons]) || f.fileReasonOther(code ?? '?');
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** A database failure the operator can act on, or null. */
function databaseLine(errors: unknown[]): string | null {
  for (const e of errors) {
    const code = codeOf(e);
    if (!code) continue;
    if (NETWORK_CODES.has(code)) return f.databaseUnreachable(code);
    switch (code) {
      case '28P01':
      case '28000':
        return f.databaseAuth;
      case '3D000':
        return f.databaseMissing;
      case '42P01':
        return f.databaseNotMigrated;
      case '57P01':
      case '57P02':
      case '57P03':
        return f.databaseShuttingDown;
    }
  }
  return null;
}

export function failureLine(error: unknown): { line: string; code: 1 | 2 } {
  if (error instanceof CliRefusal) return { line: error.message, code: 1 };
  if (isAppError(error)) {
    // A refusal (409: the reasons are the message) is said as it is; only invalid input is introduced as such.
    if (!error.details || error.status !== 422) return { line: error.message, code: 1 };
    const parts = Object.entries(error.details).flatMap(([field, messages]) => messages.map((m) => fieldMessage(field, m)));
    return { line: `${ja.cli.invalidInput} ${parts.join(' / ')}`, code: 1 };
  }
  if (error instanceof EnvError) {
    return { line: error.issues.map((issue) => f.envVariable(issue.variable, issue.reason)).join(' / '), code: 2 };
  }
  if (error instanceof FileFailure) return { line: f.fileNotWritten(error.file, fileReason(error.error.code)), code: 2 };
  if (error instanceof SharedDatabaseError) return { line: f.sharedDatabase(error.dir, error.port, error.ownerPid), code: 2 };
  if (error instanceof DatabaseFolderInUseError) return { line: f.folderInUse(error.dir, error.ownerPid), code: 2 };
  if (error instanceof EmbeddedStartError) return { line: f.embeddedNotStarted(error.dir, oneLine(error.reason).slice(-300)), code: 2 };
  const errors = chain(error);
  const database = databaseLine(errors);
  if (database) return { line: database, code: 2 };
  // A file or folder the command needed (DATA_DIR, an upload, --out): the system's refusal, with its path.
  const io = errors.find((e): e is NodeJS.ErrnoException => typeof (e as NodeJS.ErrnoException)?.path === 'string' && !!codeOf(e));
  if (io?.path) return { line: f.fileFailed(io.path, fileReason(io.code)), code: 2 };
  const message = error instanceof Error ? error.message : String(error);
  return { line: ja.cli.internalError(oneLine(message)), code: 2 };
}
