// Confirmation before a destructive step: asked on a terminal, `--yes` for scripts; without a terminal and
// without --yes the command refuses (exit 1) rather than guess.
import { createInterface } from 'node:readline/promises';
import * as ja from '#src/i18n/ja';
import { CliRefusal } from '#cli/lib/refusals';

export async function confirm(question: string, yes: boolean | undefined): Promise<void> {
  if (yes) return;
  if (!process.stdin.isTTY) throw new CliRefusal(ja.cli.confirmNeedsYes);
  // The question goes to stderr: stdout stays for the command's result.
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(`${question} ${ja.cli.confirmSuffix} `);
    if (!/^(y|yes|はい)$/i.test(answer.trim())) throw new CliRefusal(ja.cli.cancelled);
  } finally {
    rl.close();
  }
}
