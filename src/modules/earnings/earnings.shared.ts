// The one rule for the characters a bank transfer allows in a name (振込許容文字): the bank account form and its
// server check (earnings.schemas.ts), the transfer file (zengin.ts) and the bank names of the payout adapters; the
// one month rule of the earnings and payouts; and the address of a payee's earnings page. Pure; browser-safe.

/**
 * A month as `YYYY-MM`, within 2000-01..2099-12: a month's close and pay day are computed a month either side. The
 * document shows it as the month fields' `pattern`.
 */
export const MONTH_PATTERN = /^(20\d{2})-(0[1-9]|1[0-2])$/;

/** The month rule of the earnings and payouts (their query and input schemas, and earnings-rules.ts). */
export function isMonth(value: string): boolean {
  return MONTH_PATTERN.test(value);
}

/** A payee's /host/earnings: a host's own, or an ambassador's, which its members open with ?ambassador_id=. */
export function earningsPath(ambassadorId: number | null): string {
  return ambassadorId === null ? '/host/earnings' : `/host/earnings?ambassador_id=${ambassadorId}`;
}

const SMALL_TO_LARGE: Record<string, string> = {
  ァ: 'ア',
  ィ: 'イ',
  ゥ: 'ウ',
  ェ: 'エ',
  ォ: 'オ',
  ッ: 'ツ',
  ャ: 'ヤ',
  ュ: 'ユ',
  ョ: 'ヨ',
  ヮ: 'ワ',
  ヵ: 'カ',
  ヶ: 'ケ',
};

const FULL_KANA = 'アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲン';
const HALF_KANA = 'ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝ';
const VOICED = 'ガギグゲゴザジズゼゾダヂヅデドバビブベボヴ';
const VOICED_BASE = 'ｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾊﾋﾌﾍﾎｳ';
const SEMI_VOICED = 'パピプペポ';
const SEMI_VOICED_BASE = 'ﾊﾋﾌﾍﾎ';

/** The characters a transfer file allows in names (振込許容文字). */
const ALLOWED = /^[0-9A-Z ｦｱ-ﾝﾞﾟ().,\-/｢｣\\]*$/;

/**
 * A name as a transfer file carries it: full-width and half-width forms unified, hiragana to katakana, small kana
 * to large (banks refuse ｧｨｩｪｫｬｭｮｯ), long vowels and dashes to '-', letters upper-cased, then half-width katakana
 * with separate ﾞ/ﾟ. Returns null when a character remains that no bank allows (kanji, most symbols).
 */
export function toTransferKana(input: string): string | null {
  let text = input.normalize('NFKC').toUpperCase();
  // Hiragana -> katakana (same layout, 0x60 apart).
  text = text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
  text = text.replace(/[ァィゥェォッャュョヮヵヶ]/g, (c) => SMALL_TO_LARGE[c]);
  text = text
    .replace(/[ー‐－―−]/g, '-')
    .replace(/\u3000/g, ' ')
    .replace(/「/g, '｢')
    .replace(/」/g, '｣');
  text = text.replace(/[、]/g, ',').replace(/[。・]/g, '.');
  let out = '';
  for (const c of text) {
    const plain = FULL_KANA.indexOf(c);
    const voiced = VOICED.indexOf(c);
    const semi = SEMI_VOICED.indexOf(c);
    if (plain >= 0) out += HALF_KANA[plain];
    else if (voiced >= 0) out += `${VOICED_BASE[voiced]}ﾞ`;
    else if (semi >= 0) out += `${SEMI_VOICED_BASE[semi]}ﾟ`;
    else if (c === 'ヰ') out += 'ｲ';
    else if (c === 'ヱ') out += 'ｴ';
    else out += c;
  }
  out = out.replace(/ +/g, ' ').trim();
  return ALLOWED.test(out) ? out : null;
}
