// The OpenAPI 3.1 document of /api/v1 and /brand/api/v1, built from the operations of the routes' declarations
// (server/api/api-routes.ts hands them over) and the zod schemas the services validate with (zod 4's own JSON Schema
// output, no extra library).
import { z } from 'zod';
import * as ja from '#src/i18n/ja';
import { MAX_ID } from '#src/lib/isomorphic/ids';
import type { Operation, Security } from './operation';

type JsonSchema = Record<string, unknown>;

/** The input side of a schema (what a client sends), as a JSON Schema object that can sit inside the document. */
function inputSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/**
 * The output side of a response schema (what the server sends; objects closed with additionalProperties: false).
 * Schemas named with `.meta({ id })` become components (`#/components/schemas/<id>`), referenced where they are used.
 */
function outputSchema(schema: z.ZodType, components: Record<string, JsonSchema>): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  const defs = (json.$defs ?? {}) as Record<string, JsonSchema>;
  delete json.$defs;
  const rewrite = (value: JsonSchema) => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [name, def] of Object.entries(defs)) components[name] = rewrite(def);
  // A named root comes back as a reference to its own definition (moved to the components above).
  const { id: _id, ...root } = rewrite(json);
  return root;
}

const errorMessages = { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } };

const errorDescriptions: Record<number, { description: string; message: string }> = {
  400: { description: 'URL の形式が正しくありません', message: ja.errors.invalidBody },
  401: { description: 'ログインしていません', message: ja.errors.unauthorized },
  402: { description: '決済が完了しませんでした（messages はありません）', message: ja.payments.declined },
  403: { description: '権限がないか、別のサイトからのリクエストです', message: ja.errors.forbidden },
  404: { description: '見つかりません（不正な ID も 404）', message: ja.errors.notFound },
  409: { description: '競合しました（登録済み・満席・状態の不一致）', message: ja.errors.conflict },
  413: { description: '送信データが大きすぎます', message: ja.errors.payloadTooLarge },
  422: { description: '入力内容に誤りがあります（項目ごとのメッセージ）', message: ja.errors.validation },
  429: { description: '試行回数が多すぎます', message: ja.errors.tooManyRequests },
  502: { description: '画像の保存先に接続できませんでした', message: ja.uploads.hostingFailed },
  503: {
    description:
      'データベースが混み合っているか、決済サービスに接続できませんでした（Retry-After の秒数の後に再試行。請求はされていません）',
    message: ja.errors.busy,
  },
};

function errorResponse(status: number, note?: { description: string; message: string }) {
  const { description, message } = note ?? errorDescriptions[status] ?? { description: 'エラー', message: ja.errors.internal };
  const ref = status === 402 ? '#/components/schemas/PaymentError' : '#/components/schemas/Error';
  const example = status === 402 ? { status, message } : { status, message, messages: { base: [message] } };
  return { description, content: { 'application/json': { schema: { $ref: ref }, example } } };
}

/**
 * What each group of calls is for (the reference page shows them as section leads), in the order the document lists
 * them; a tag missing here is described by its name and listed after these.
 */
const tagDescriptions: Record<string, string> = {
  アカウント: 'マーケットプレイスの会員登録・ログイン・プロフィール',
  体験: '公開中の体験、日程、レビュー、開催リクエスト',
  予約: '料金の見積もり、予約、追加認証の後の確定',
  参照データ: 'カテゴリー・テーマ・職業・都道府県の一覧',
  コミュニティ: 'コミュニティの詳細と参加申込',
  ブランド: 'ブランドの一覧・詳細と、管理者によるブランドとメンバーの管理',
  アンバサダー: 'アンバサダーの一覧・詳細と、メンバーの管理',
  問い合わせ: 'お問い合わせと、ブランド・アンバサダーの問い合わせ',
  ホスト: '画像のアップロード、体験の下書きと登録・更新',
  '決済（テスト）': 'テスト決済（STRIPE_SECRET_KEY がないとき）のカードと追加認証の代わり',
  開発: 'この文書と、開発用のメールボックス',
  管理者: 'コミュニティ、監査ログ、体験の承認（ADMIN のみ）',
  支払: '売上と支払明細、振込先口座、管理者による月ごとの支払',
  ブランドポータル: 'ブランドメンバーのポータル（/brand/api/v1、マーケットプレイスとは別のログイン）',
  決済: '決済サービス（Stripe）からのイベントの受け取り',
  お気に入り: 'お気に入りの追加・解除と一覧',
};

const securityOf: Record<Security, Array<Record<string, string[]>> | undefined> = {
  none: [],
  optional: [{}, { marketplaceSession: [] }],
  user: [{ marketplaceSession: [] }],
  admin: [{ marketplaceSession: [] }],
  brand: [{ brandPortalSession: [] }],
};

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    description: 'ID（1 以上の整数。不正な値は 404）',
    schema: { type: 'integer', minimum: 1, maximum: MAX_ID },
  }));
}

function queryParameters(schema: z.ZodType) {
  const json = inputSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  // Required only when leaving it out is refused (a preprocess with a default makes zod's JSON say required).
  const required = (name: string) =>
    shape[name] ? !shape[name].safeParse(undefined).success : ((json.required ?? []) as string[]).includes(name);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required(name),
    schema: property,
  }));
}

/** The statuses an operation can answer: its own, and those that follow from its security, path and input. */
function errorStatuses(operation: Operation): number[] {
  const statuses = new Set(operation.errors ?? []);
  if (operation.security === 'user' || operation.security === 'admin' || operation.security === 'brand') statuses.add(401);
  if (operation.security !== 'none' || (operation.method !== 'get' && !operation.beforeOriginCheck)) statuses.add(403);
  if (operation.path.includes('{')) statuses.add(404);
  // Every call: a malformed URL (bad escapes) is a 400 and text PostgreSQL cannot hold (NUL) a 422, before any route.
  statuses.add(400);
  statuses.add(422);
  // Every call: no database connection within the acquire timeout, or a database timeout, is a 503 with Retry-After.
  statuses.add(503);
  // Every write: a JSON body over 200 kB is a 413.
  if (operation.method !== 'get') statuses.add(413);
  return [...statuses].sort((a, b) => a - b);
}

function successResponse(description: string, schema: z.ZodType | undefined, components: Record<string, JsonSchema>, example?: unknown) {
  // No schema yet: documented as {} so the document stays valid, and the contract test names the route.
  const media = { schema: schema ? outputSchema(schema, components) : {}, ...(example === undefined ? {} : { example }) };
  return { description, content: { 'application/json': media } };
}

function operationObject(operation: Operation, components: Record<string, JsonSchema>) {
  const status = operation.status ?? 200;
  const parameters = [...pathParameters(operation.path), ...(operation.query ? queryParameters(operation.query) : [])];
  const responses: Record<string, unknown> = {
    [status]:
      status === 204
        ? { description: '成功（本文なし）' }
        : operation.file
          ? {
              description: operation.file.description,
              content: { [operation.file.type]: { schema: { type: 'string', contentMediaType: operation.file.type } } },
            }
          : successResponse('成功', operation.response, components, operation.example),
  };
  const alternative = operation.alternative;
  // A JSON answer that is also a CSV file with Accept: text/csv (UTF-8 with a byte order mark).
  if (operation.csv) {
    const ok = responses[status] as { description: string; content: Record<string, unknown> };
    ok.content['text/csv'] = { schema: { type: 'string', description: 'UTF-8（BOM 付き）、CRLF、1 行目は見出し' } };
  }
  if (alternative) responses[alternative.status] = successResponse(alternative.description, alternative.response, components);
  for (const error of errorStatuses(operation)) responses[error] = errorResponse(error, operation.errorNotes?.[error]);
  const body = operation.body
    ? {
        required: true,
        content: operation.multipart
          ? {
              'multipart/form-data': {
                schema: {
                  ...inputSchema(operation.body),
                  properties: {
                    ...((inputSchema(operation.body).properties as JsonSchema) ?? {}),
                    file: { type: 'string', contentMediaType: 'application/octet-stream' },
                  },
                },
              },
            }
          : { 'application/json': { schema: inputSchema(operation.body) } },
      }
    : undefined;
  return {
    operationId: `${operation.method}${operation.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: operation.summary,
    tags: operation.tags,
    security: securityOf[operation.security],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

export function buildOpenApiDocument(operations: Operation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, JsonSchema> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path][operation.method] = operationObject(operation, components);
  }
  const used = new Set(operations.flatMap((operation) => operation.tags));
  const tags = [...new Set([...Object.keys(tagDescriptions).filter((name) => used.has(name)), ...used])].map((name) => ({
    name,
    description: tagDescriptions[name] ?? name,
  }));
  return {
    openapi: '3.1.1',
    info: {
      title: 'たびとこ API',
      version: '1',
      description:
        'たびとこのマーケットプレイス（/api/v1）とブランドポータル（/brand/api/v1）の API です。書き込みは同一オリジンからのみ受け付けます。エラーは {status, message, messages} の形で、messages は項目名ごとの日本語メッセージです（402 は messages なし）。',
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        marketplaceSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sid',
          description: 'マーケットプレイスのログインセッション（POST /api/v1/sessions で発行）',
        },
        brandPortalSession: {
          type: 'apiKey',
          in: 'cookie',
          name: 'sid',
          description: 'ブランドポータルのログインセッション（POST /brand/api/v1/brand-members/sign-in で発行）',
        },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['status', 'message', 'messages'],
          properties: { status: { type: 'integer' }, message: { type: 'string' }, messages: errorMessages },
        },
        PaymentError: {
          type: 'object',
          required: ['status', 'message'],
          properties: { status: { type: 'integer', const: 402 }, message: { type: 'string' } },
        },
        ...Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      },
    },
  };
}
