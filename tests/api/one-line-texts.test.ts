// Every text a client sends in a request body is one line (validate.ts `oneLine`: no line breaks, control characters
// or bidirectional overrides) unless it is listed below as a multi-line text. The first part reads the OpenAPI
// document, where a one-line field carries ONE_LINE_PATTERN as its `pattern`, so a new field that forgot the rule fails
// here, named with its operation; the second sends such texts to a few representative fields.
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestApp } from '#tests/setup/test-app';
import { createSignedInUser } from '#tests/factories/users';
import { storeTestImages, testImages, validPayload } from '#tests/factories/experience-payloads';
import { openApiDocument } from '#server/api/api-routes';
import { z } from 'zod';
import { ONE_LINE_PATTERN, oneLine } from '#src/lib/isomorphic/validate';
import * as ja from '#src/i18n/ja';

type Schema = Record<string, unknown>;

/**
 * The multi-line texts, by their path in a request body (`[]`: each item of an array), with where they are sent:
 * each is a `<textarea>` in its form (or, without a form, a text of several paragraphs). A field missing here must be
 * one line; an entry no body has any more fails the test, so the list stays true.
 */
const MULTI_LINE: Record<string, string> = {
  // Experiences, drafts and their publication requests (the host form's ContentSection, PriceSection, notice).
  description: 'experiences, drafts, brands, ambassadors, communities: the main description',
  inspiration: 'experiences and drafts: きっかけ',
  note: 'experiences and drafts: 注意事項; communities: the admin note',
  price_side_note: 'experiences and drafts: 料金の補足',
  reservation_notice: 'experiences and drafts: 予約時のお知らせ',
  'options[].description': 'experiences and drafts: an option described',
  // Communities (CommunityForm's `long` fields) and an application's answers.
  host_description: 'communities: the host introduced',
  activity_description: 'communities: 活動内容',
  important_thing: 'communities: 大切にしていること',
  ideal_candidate_profile: 'communities: 求める人物像',
  participation_condition: 'communities: 参加条件',
  'answers[].content': 'community applications: an answer to an application item',
  // Messages, reviews and inquiries.
  content: 'reviews and their replies, both inquiry forms',
  body: 'a reservation message',
  message_to_host: 'the booking form: ホストへのメッセージ',
  introduction: "the account's self-introduction",
  // Reasons an administrator or a host writes to a person: a rejection, a cancelled slot, a forced leave.
  reason: 'the rejection of an experience, the cancellation of a slot or of a reservation by an operator, an admin leave',
};

interface Text {
  operation: string;
  field: string;
  oneLine: boolean;
}

const patternsOf = (schema: Schema): string[] => [
  ...(typeof schema.pattern === 'string' ? [schema.pattern] : []),
  ...((schema.allOf as Schema[] | undefined) ?? []).flatMap(patternsOf),
];

/** The free-text string properties of a body schema: no enum or const, no format, no pattern but the one-line one. */
function freeTexts(schema: Schema, field: string, operation: string, found: Text[]): void {
  if ('$ref' in schema) throw new Error(`${operation} ${field}: a request body is expected inline, without $ref`);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const member of (schema[key] as Schema[] | undefined) ?? []) freeTexts(member, field, operation, found);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string') && schema.enum === undefined && schema.const === undefined && schema.format === undefined) {
    const patterns = patternsOf(schema);
    const oneLine = patterns.includes(ONE_LINE_PATTERN.source);
    // A multipart file part and a value with a pattern of its own (codes, digits, tokens) are not free text.
    if (schema.contentMediaType === undefined && (oneLine || patterns.length === 0)) found.push({ operation, field, oneLine });
  }
  for (const [name, property] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
    freeTexts(property, field ? `${field}.${name}` : name, operation, found);
  }
  if (schema.items && typeof schema.items === 'object') freeTexts(schema.items as Schema, `${field}[]`, operation, found);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    freeTexts(schema.additionalProperties as Schema, `${field}.*`, operation, found);
  }
}

function requestBodyTexts(): Text[] {
  const found: Text[] = [];
  const paths = openApiDocument().paths as Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const media of Object.values(operation.requestBody?.content ?? {})) freeTexts(media.schema, '', `${method} ${path}`, found);
    }
  }
  return found;
}

describe('the one-line rule', () => {
  it('refuses line breaks, tabs, other control characters and bidirectional controls, and nothing else', () => {
    const messages = (value: string) =>
      z
        .string()
        .check(oneLine())
        .safeParse(value)
        .error?.issues.map((issue) => issue.message) ?? [];
    for (const refused of ['a\r\nb', 'a\nb', 'a\tb', '\u0007', '\u007f', 'a\u0085b', '\u202e', '\u202a', '\u2066', '\u2069']) {
      expect(messages(refused), JSON.stringify(refused)).toEqual(['改行や制御文字は使えません']);
    }
    for (const accepted of ['', '山田 花子', '株式会社\u3000みなと', "O'Brien & Co.", '👍🏽', '領収\u200d花子', 'ﾔﾏﾀﾞ ﾊﾅｺ']) {
      expect(messages(accepted), JSON.stringify(accepted)).toEqual([]);
    }
  });

  it('holds for every free text of every request body but the listed multi-line ones', () => {
    const texts = requestBodyTexts();
    expect(texts.filter((t) => t.oneLine).length).toBeGreaterThan(50);
    const forgotten = texts.filter((t) => !t.oneLine && !(t.field in MULTI_LINE)).map((t) => `${t.operation} ${t.field}`);
    expect(forgotten).toEqual([]);
    const multiLine = new Set(texts.filter((t) => !t.oneLine).map((t) => t.field));
    expect(Object.keys(MULTI_LINE).filter((field) => !multiLine.has(field))).toEqual([]);
  });
});

describe('one-line fields refuse a line break and a bidirectional override (422, nothing written)', () => {
  let t: TestApp;
  /** The number of rows a `SELECT count(*) AS n …` counts. */
  const count = async (sql: string) => Number((await t.orm.em.fork().execute<{ n: string }[]>(sql))[0].n);

  beforeAll(async () => {
    t = await setupTestApp();
    await storeTestImages(t.orm);
  });

  const refused = ['a\r\nb', '\u202e'];

  it('an experience title', async () => {
    const { agent } = await createSignedInUser(t);
    for (const title of refused) {
      const res = await agent.post('/api/v1/experiences').send(validPayload({ title }));
      expect(res.status, JSON.stringify(title)).toBe(422);
      expect(res.body.messages).toEqual({ title: [ja.validation.oneLine] });
    }
    expect(await count('SELECT count(*) AS n FROM experiences')).toBe(0);
  });

  it('a coupon name', async () => {
    const { agent } = await createSignedInUser(t, { role: 'ADMIN' });
    for (const name of refused) {
      const res = await agent.post('/api/v1/admin/coupons').send({ code: 'ONE-LINE', name, amount: 500 });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body.messages).toEqual({ name: [ja.validation.oneLine] });
    }
    expect(await count('SELECT count(*) AS n FROM coupons')).toBe(0);
  });

  it('a brand name', async () => {
    const { agent } = await createSignedInUser(t, { role: 'ADMIN' });
    for (const name of refused) {
      const res = await agent
        .post('/api/v1/brands')
        .send({ name, description: '国産の素材でつくる調味料のブランドです。', published: false, images: [testImages[0]] });
      expect(res.status, JSON.stringify(name)).toBe(422);
      expect(res.body.messages).toEqual({ name: [ja.validation.oneLine] });
    }
    expect(await count('SELECT count(*) AS n FROM brands')).toBe(0);
  });

  it("a bank account's holder name", async () => {
    const { agent } = await createSignedInUser(t, { role: 'HOST' });
    const account = { bank_code: '0001', branch_code: '001', account_type: 'ordinary', account_number: '1234567' };
    for (const holder_name of refused) {
      const res = await agent.put('/api/v1/host/bank-account').send({ ...account, holder_name });
      expect(res.status, JSON.stringify(holder_name)).toBe(422);
      expect(res.body.messages).toEqual({ holder_name: [ja.validation.oneLine] });
    }
    expect(await count('SELECT count(*) AS n FROM payees WHERE holder_name IS NOT NULL')).toBe(0);
  });

  it('while a multi-line text, an experience description, keeps its line breaks', async () => {
    const { agent } = await createSignedInUser(t);
    const description = '天然の藍で、ハンカチを1枚染めます。\r\n二行目: 道具はお貸しします。';
    const res = await agent.post('/api/v1/experiences').send(validPayload({ description }));
    expect(res.status).toBe(201);
    expect(res.body.description).toBe(description);
    const [row] = await t.orm.em
      .fork()
      .execute<{ description: string }[]>('SELECT description FROM experiences WHERE id = ?', [res.body.id]);
    expect(row.description).toBe(description);
  });
});
