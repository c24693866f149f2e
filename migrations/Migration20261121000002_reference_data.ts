import { Migration } from '@mikro-orm/migrations';

// Reference data every environment needs (not demo data: seeds/ holds that). Explicit ids so links such as
// /stories/location/{state}, /stories/category/{id} and stored foreign keys are the same everywhere; the
// sequences are then moved past the highest id so rows added later by the ORM do not collide.

/** JIS X 0401 prefecture codes 1..47. */
const PREFECTURES = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
];

const CATEGORIES = [
  'ものづくり・クラフト',
  '料理・食',
  'アウトドア・自然',
  'アート・音楽',
  '文化・歴史',
  'スポーツ・からだ',
  '学び・ワークショップ',
  '地域・まちあるき',
  'オンライン',
  '子ども・ファミリー',
];

const THEMES = [
  '初心者歓迎',
  '一人参加OK',
  '親子で楽しむ',
  '雨の日でもOK',
  '週末開催',
  '伝統工芸',
  'サステナブル',
  '季節限定',
  '少人数制',
  '英語対応',
  '手ぶらでOK',
  '地元の人と交流',
];

const OCCUPATIONS = [
  '会社員',
  '公務員',
  '自営業',
  '会社役員',
  'パート・アルバイト',
  '学生',
  '専業主婦・主夫',
  '教員',
  '医療・福祉',
  'クリエイター',
  '農業・漁業',
  'フリーランス',
  '無職',
  '定年退職',
  'その他',
];

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Rows (id, name[, sort_order]) with ids and sort orders 1..n in list order. */
function values(names: string[], withSortOrder: boolean): string {
  return names.map((name, i) => (withSortOrder ? `(${i + 1}, ${quote(name)}, ${i + 1})` : `(${i + 1}, ${quote(name)})`)).join(',\n  ');
}

export class Migration20261121000002_reference_data extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into "prefectures" ("id", "name") values\n  ${values(PREFECTURES, false)};`);
    for (const [table, names] of [
      ['categories', CATEGORIES],
      ['themes', THEMES],
      ['occupations', OCCUPATIONS],
    ] as const) {
      this.addSql(`insert into "${table}" ("id", "name", "sort_order") values\n  ${values([...names], true)};`);
      this.addSql(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max("id") from "${table}"));`);
    }
  }

  override async down(): Promise<void> {
    // Only succeeds while nothing refers to these rows (the foreign keys restrict), which is the point.
    this.addSql(`delete from "occupations" where "id" <= ${OCCUPATIONS.length};`);
    this.addSql(`delete from "themes" where "id" <= ${THEMES.length};`);
    this.addSql(`delete from "categories" where "id" <= ${CATEGORIES.length};`);
    this.addSql(`delete from "prefectures" where "id" between 1 and 47;`);
    for (const table of ['categories', 'themes', 'occupations']) {
      this.addSql(`select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max("id") from "${table}"), 0) + 1, false);`);
    }
  }
}
