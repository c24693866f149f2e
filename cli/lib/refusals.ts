// The CLI's own failures, apart from cli/lib/failures.ts (which turns any error into its line and loads the modules
// whose errors it knows): the command modules throw these and stay light to load.
/** A refusal decided by the CLI itself (no confirmation, production guard, option combination): exit code 1. */
export class CliRefusal extends Error {}

/** A file the command was told to write (`--out`) that could not be written; `error` is the system's. */
export class FileFailure extends Error {
  constructor(
    readonly file: string,
    readonly error: NodeJS.ErrnoException,
  ) {
    super(error.message, { cause: error });
  }
}
