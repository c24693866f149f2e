// Rules about the source itself that no compiler or linter states, checked here so nobody has to remember them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ARGS, SERVER_ENV } from '#tests/setup/built';
import { linesMatching, projectRoot, sourceFiles, type SourceFile } from '#tests/setup/source-files';

const CODE_DIRS = ['src', 'server', 'cli', 'pages', 'tests', 'migrations', 'seeds'];

describe('comments', () => {
  it('say what the code does and why, never which issue, session or review pass asked for it', () => {
    // An issue or session number means nothing to whoever clones the repository; the reason stays, the number goes.
    const history = /\b[Ii]ssues? #?\d+\b|\b[Ss]essions? \d+\b|\b[rs]1\d[a-z]\b|\bhardening[A-Z]\b/;
    const files = sourceFiles(CODE_DIRS)
      .concat(sourceFiles(['.'], /^(biome|knip)\.jsonc$/))
      .filter((f) => f.path !== 'tests/api/source-rules.test.ts');
    const offenders = linesMatching(files, history);
    expect(offenders).toEqual([]);
  });
});

describe('test helpers', () => {
  it('hand what a file must close to atFileEnd, never to a Vitest hook of their own', () => {
    // A helper is called from a file's beforeAll, where Vitest no longer registers hooks: its afterAll would never
    // run (tests/setup/file-end.ts). Only test files and setup files register hooks.
    const helpers = sourceFiles(['tests']).filter((f) => !/\.(test|setup)\.ts$/.test(f.path) && f.path !== 'tests/setup/file-end.ts');
    expect(linesMatching(helpers, /\b(after|before)(All|Each)\(/)).toEqual([]);
  });
});

/** The most lines a source file may have: past it, split it by what changes together. */
const MAX_LINES = 350;

describe('file size', () => {
  it(`keeps every source file within ${MAX_LINES} lines`, () => {
    const offenders = sourceFiles(['src', 'server', 'cli', 'pages'], /\.tsx?$/)
      .filter((f) => !f.path.endsWith('.test.ts'))
      .map((f) => ({ path: f.path, lines: f.text.split('\n').length - (f.text.endsWith('\n') ? 1 : 0) }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.path}: ${f.lines} lines`);
    expect(offenders).toEqual([]);
  });
});

describe('parts hydrated later', () => {
  it('have no React key handler in the files that place them: a key aimed at a waiting part never reaches one', () => {
    // src/components/hydrate-later.tsx: React stops a key event aimed at a part still waiting for its code at the
    // page's root, and src/components/later-press.ts carries only clicks and submits; a handler above such a part
    // listens on the document in the capture phase instead (the header's Escape).
    const placing = sourceFiles(['src', 'pages'], /\.tsx$/).filter(
      (f) => /\bhydrateLater\(/.test(f.text) && !f.path.endsWith('hydrate-later.tsx'),
    );
    expect(placing.length).toBeGreaterThan(0);
    expect(linesMatching(placing, /\bonKey(Down|Up|Press)(Capture)?\b/)).toEqual([]);
  });
});

describe('notices left for the next page', () => {
  it('are read only through useReloadNotice, whose effect keeps a notice through a second run', () => {
    // takeReloadNotice() removes the notice as it reads it: an effect that sets state from it directly loses the
    // notice when React runs the effect twice (strict mode, in development).
    const readers = sourceFiles(['src', 'pages'], /\.tsx?$/).filter(
      (f) => !['src/lib/isomorphic/browser-navigation.ts', 'src/components/use-reload-notice.ts'].includes(f.path),
    );
    expect(linesMatching(readers, /\btakeReloadNotice\b/)).toEqual([]);
  });
});

/** A live region written by hand: role="status" (or a role={…} that may be 'status') and aria-live. */
const LIVE_REGION = /\brole=(?:["']status["']|\{[^}]*["']status["'])|\baria-live\b/;

describe('live regions', () => {
  it('are written only by LiveRegion, whose region is there (empty) before its text', () => {
    // A role=status or aria-live element mounted together with its text is often not read out at all: LiveRegion
    // (src/components/LiveRegion.tsx) is rendered from the first render and only its content changes. role="alert"
    // stays where an error must interrupt the person who just acted (an inserted alert is read out).
    const views = sourceFiles(['src', 'pages'], /\.tsx?$/).filter(
      (f) => !f.path.endsWith('.test.ts') && f.path !== 'src/components/LiveRegion.tsx',
    );
    expect(linesMatching(views, LIVE_REGION)).toEqual([]);
  });

  it('are found as a role=status attribute, written or chosen, and as aria-live', () => {
    const found = (line: string) => LIVE_REGION.test(line);
    expect(found('<p className="alert" role="status">')).toBe(true);
    expect(found("<p role={answer.ok ? 'status' : 'alert'}>")).toBe(true);
    expect(found('<div id="submit-notes" aria-live="polite">')).toBe(true);
    expect(found('<LiveRegion as="span">{notice}</LiveRegion>')).toBe(false);
    expect(found('<p className="alert alert--error" role="alert">')).toBe(false);
    expect(found('<StatusBadge status={r.display_status} />')).toBe(false);
  });
});

describe('service inputs', () => {
  it('are typed as what their schema takes, so callers are checked by the compiler (ARCHITECTURE.md, "One service shape")', () => {
    // `input: unknown` would let a page, the CLI or a test pass anything; a method that takes nothing says `_input?`.
    const services = sourceFiles(['src/modules'], /\.ts$/).filter((f) => !f.path.endsWith('.test.ts'));
    const offenders = linesMatching(services, /\binput: unknown\b/);
    expect(offenders).toEqual([]);
  });
});

/**
 * `path:line` of every JSX element in `file` that sets `maxLength` itself, search boxes (type="search") aside. The
 * element's tag is read from its `<` to the `>` outside any `{…}` or quotes, so attributes on other lines count too.
 */
function bareMaxLengths(file: SourceFile): string[] {
  const found: string[] = [];
  for (const match of file.text.matchAll(/\bmaxLength=/g)) {
    const start = Math.max(...[...file.text.slice(0, match.index).matchAll(/<[A-Za-z]/g)].map((m) => m.index), 0);
    let end = start;
    let depth = 0;
    let quote = '';
    for (; end < file.text.length; end++) {
      const c = file.text[end];
      if (quote) quote = c === quote ? '' : quote;
      else if (c === '"' || c === "'" || c === '`') quote = c;
      else if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0) break;
    }
    if (!/\btype="search"/.test(file.text.slice(start, end)))
      found.push(`${file.path}:${file.text.slice(0, match.index).split('\n').length}`);
  }
  return found;
}

describe('character limits', () => {
  it('reach a form control only through Field `max`, which shows count/max and the notice at the limit', () => {
    // A bare maxLength cuts a longer text without a word and the cut text is what gets sent; Field's `max` sets the
    // same maxLength with its counter and 「N文字以内で入力してください」 (src/components/form/Field.tsx). A search box
    // is a query that is neither kept nor sent on, and keeps the search's own limit.
    const offenders = sourceFiles(['pages', 'src/components'], /\.tsx$/).flatMap(bareMaxLengths);
    expect(offenders).toEqual([]);
  });

  it('are found on any element but a search box, with the line of the attribute', () => {
    const file = (text: string) => ({ path: 'x.tsx', text });
    expect(bareMaxLengths(file('<textarea className="textarea" {...control} maxLength={100} />'))).toEqual(['x.tsx:1']);
    expect(
      bareMaxLengths(
        file('<Field max={5}>\n  {(control) => (\n    <input\n      onChange={(e) => set(e)}\n      maxLength={5}\n    />\n  )}\n</Field>'),
      ),
    ).toEqual(['x.tsx:5']);
    expect(bareMaxLengths(file('<input\n  type="search"\n  onChange={(e) => set(e.target.value)}\n  maxLength={100}\n/>'))).toEqual([]);
    expect(bareMaxLengths(file('<input maxLength={100} type="search" />'))).toEqual([]);
    expect(bareMaxLengths(file('<Field max={100}>{(control) => <input {...control} />}</Field>'))).toEqual([]);
  });
});

/**
 * `path:line` of every `disabled={…}` in `file` whose expression names an action under way (busy, submitting, saving,
 * pending, quoting, sending, loading; `isBusy` and `action.busy` too), read from its `{` to the matching `}`, so an expression over
 * several lines counts; `aria-disabled` is not `disabled`.
 */
function busyDisabled(file: SourceFile): string[] {
  const found: string[] = [];
  for (const match of file.text.matchAll(/(?<![\w-])disabled=\{/g)) {
    const start = match.index + match[0].length;
    let end = start;
    for (let depth = 1; end < file.text.length && depth > 0; end++) {
      if (file.text[end] === '{') depth++;
      else if (file.text[end] === '}') depth--;
    }
    if (
      /(?<![A-Za-z])(busy|submitting|saving|pending|quoting|sending|loading)|(Busy|Submitting|Saving|Pending|Quoting|Sending|Loading)/.test(
        file.text.slice(start, end),
      )
    )
      found.push(`${file.path}:${file.text.slice(0, match.index).split('\n').length}`);
  }
  return found;
}

describe('controls while their action runs', () => {
  it('stay focusable: aria-disabled through busyControl, never `disabled`, which drops the focus to <body>', () => {
    // src/components/form/busy-control.ts: a `disabled` control loses the focus, and a keyboard or screen-reader user
    // their place and what follows; a busy control says it is unavailable (aria-disabled) and ignores presses.
    const offenders = sourceFiles(['src', 'pages'], /\.tsx$/).flatMap(busyDisabled);
    expect(offenders).toEqual([]);
  });

  it('are found by the words of an action under way, on the line of the attribute, over several lines', () => {
    const file = (text: string) => ({ path: 'x.tsx', text });
    expect(busyDisabled(file('<button onClick={go} disabled={busy}>'))).toEqual(['x.tsx:1']);
    expect(busyDisabled(file('<button\n  type="submit"\n  disabled={\n    !ready ||\n    form.submitting\n  }\n>'))).toEqual(['x.tsx:3']);
    expect(busyDisabled(file('<select disabled={isSaving} />\n<input disabled={action.pending} />'))).toEqual(['x.tsx:1', 'x.tsx:2']);
    expect(busyDisabled(file('<Summary disabled={quoting || (() => { return x; })()} />'))).toEqual(['x.tsx:1']);
    expect(busyDisabled(file('<button aria-disabled={saving || undefined} disabled={!ready}>'))).toEqual([]);
    expect(busyDisabled(file('<button disabled={position === 0}>{busy ? a : b}</button>'))).toEqual([]);
    expect(busyDisabled(file('<button disabled={appending.length === 0}>'))).toEqual([]);
    expect(busyDisabled(file('<button disabled={sending}>\n<button disabled={pager.loading}>'))).toEqual(['x.tsx:1', 'x.tsx:2']);
  });
});

describe('files to save', () => {
  it("leave the API one way: a route's `download` or `sendFile`, which set the name, the type and the body together", () => {
    const server = sourceFiles(['server'], /\.ts$/).filter((f) => f.path !== 'server/api/route.ts' && !f.path.endsWith('.test.ts'));
    const offenders = linesMatching(server, /\.attachment\(/);
    expect(offenders).toEqual([]);
  });
});

describe("the production server's command line", () => {
  // The memory goal holds for these settings only (docs/decisions/operations.md, "Memory"): the platform, npm start and
  // every test or benchmark that starts the built server must run it with the same V8 flags and C library setting.
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));

  it('is npm run serve on the platform, with the V8 flags and MALLOC_ARENA_MAX of package.json config', () => {
    expect(readFileSync(path.join(projectRoot, 'Procfile'), 'utf8')).toMatch(/^web: npm run serve$/m);
    expect(pkg.scripts.serve).toBe(
      'NODE_ENV=production MALLOC_ARENA_MAX=$npm_package_config_malloc_arena_max exec node $npm_package_config_node_flags dist/node/server.mjs',
    );
    expect(pkg.scripts.start).toBe(
      'MALLOC_ARENA_MAX=$npm_package_config_malloc_arena_max exec node $npm_package_config_node_flags --import tsx server/start.ts',
    );
    expect(SERVER_ARGS).toEqual([
      '--max-old-space-size=192',
      '--max-semi-space-size=8',
      '--heap-growing-percent=40',
      'dist/node/server.mjs',
    ]);
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
  });

  it('is what the tests and benchmarks start: SERVER_ARGS with SERVER_ENV in the environment', () => {
    const starters = sourceFiles(['tests'], /\.ts$/).filter(
      (f) => /spawn\(process\.execPath, (?:\[[^\]]*)?SERVER_ARGS/.test(f.text) && f.path !== 'tests/api/source-rules.test.ts',
    );
    expect(starters.map((f) => f.path).sort()).toEqual([
      'tests/bench/harness.ts',
      'tests/e2e/boot.test.ts',
      'tests/setup/global-server.ts',
      'tests/setup/server-process.ts',
    ]);
    expect(starters.filter((f) => !/\.\.\.SERVER_ENV\b/.test(f.text)).map((f) => f.path)).toEqual([]);
  });
});

describe('mails', () => {
  // Every mail to a person has one frame (src/modules/mail/mail.frame.ts mailText; docs/decisions/mails.md): its
  // greeting and its signature are written there alone, from ja.mailFrame. enqueueMail refuses a mail to an account
  // that did not go through it; this catches a greeting or a signature written by hand anywhere else.
  const mailSources = sourceFiles(['src', 'server'], /\.tsx?$/).filter(
    (f) => !f.path.endsWith('.test.ts') && f.path !== 'src/i18n/ja/mailFrame.ts',
  );

  it('write their greeting and their signature only through the frame', () => {
    // A 「--」 line inside a string, and a string that opens with 「{name} 様」 and ends or breaks the line there.
    expect(linesMatching(mailSources, /(^|[`'"]|\\n)--(\\n|[`'"]|$)/)).toEqual([]);
    expect(linesMatching(mailSources, /[`'"]\$\{[^}]*\}\s?様(\\n|[`'"])/)).toEqual([]);
  });

  it('name their experience (or other subject) after 「：」 at the end of the subject, never quoted inside it', () => {
    // 「【たびとこ】{what happened}：{体験名}」, so every subject reads the same way.
    expect(linesMatching(sourceFiles(['src/i18n'], /\.ts$/), /【たびとこ】[^`]*「\$\{/)).toEqual([]);
  });

  it('write dates and times only through src/lib/isomorphic/dates.ts (the weekday, the hour in two digits)', () => {
    const server = sourceFiles(['src/modules', 'src/lib'], /\.ts$/).filter(
      (f) => !f.path.endsWith('.test.ts') && f.path !== 'src/lib/isomorphic/dates.ts',
    );
    expect(linesMatching(server, /Intl\.DateTimeFormat|toLocale(Date|Time)?String\(.*timeZone|timeZone:/)).toEqual([]);
  });
});

/**
 * `path:line` of every CSS block in `file` that is `position: sticky` with a `top` other than 0 or one computed from
 * `--header-height` (docs/decisions/layout.md): a number of pixels goes wrong as soon as the header's height changes.
 */
function stickyTops(file: SourceFile): string[] {
  const found: string[] = [];
  for (const block of file.text.matchAll(/\{[^{}]*\}/g)) {
    if (!/position:\s*sticky/.test(block[0])) continue;
    const top = /(?<![\w-])top:\s*([^;}]+)/.exec(block[0])?.[1].trim();
    if (top !== undefined && top !== '0' && !top.includes('var(--header-height)'))
      found.push(`${file.path}:${file.text.slice(0, block.index).split('\n').length}`);
  }
  return found;
}

describe('sticky elements', () => {
  it('stay clear of the header through --header-height, never a number of pixels', () => {
    expect(sourceFiles(['src', 'pages'], /\.css$/).flatMap(stickyTops)).toEqual([]);
  });

  it('are found by their block, whatever the order of the declarations', () => {
    const file = (text: string) => ({ path: 'x.css', text });
    expect(stickyTops(file('.a {\n  top: 84px;\n  position: sticky;\n}'))).toEqual(['x.css:1']);
    expect(stickyTops(file('.a { position: sticky; top: calc(var(--header-height) + 16px); }'))).toEqual([]);
    expect(stickyTops(file('.a { position: sticky; top: 0; }\n.b { top: 12px; }'))).toEqual([]);
    expect(stickyTops(file('@media (min-width: 1081px) {\n  .a {\n    position: sticky;\n    top: 80px;\n  }\n}'))).toEqual(['x.css:2']);
  });
});

describe('rules written once', () => {
  const code = sourceFiles(['src', 'server', 'cli', 'pages'], /\.tsx?$/).filter((f) => !/\.test\.tsx?$/.test(f.path));

  it("check an e-mail address's format only in emailText, so every form reads an address the way sign-in does", () => {
    // emailText (src/lib/isomorphic/validate.ts): full-width read as half-width, trimmed, 255 characters, then the
    // format. An address field that wrote its own z.email could accept what sign-in refuses. The environment's
    // OFFICE_EMAIL is the server's own setting, not a person's input.
    const offenders = linesMatching(code, /\bz\.email\(/).filter((line) => !/^src\/lib\/(isomorphic\/validate|env)\.ts:/.test(line));
    expect(offenders).toEqual([]);
  });

  it("write a slot's start as an instant only in src/modules/calendars/slots.ts (slotStartsAt, slotStarted, SLOT_STARTS_AT_SQL)", () => {
    // Booking, the waitlist, cancellation by either side, the calendar plan and the reminders must agree on when a
    // slot has started.
    const writers = code.filter((f) => f.path !== 'src/modules/calendars/slots.ts');
    expect(linesMatching(writers, /japanInstant\([^)]*start_?[tT]ime/)).toEqual([]);
    expect(linesMatching(writers, /start_time::time\)\s*AT TIME ZONE/)).toEqual([]);
  });
});
