// Demo brand and ambassador program inquiries for /admin/brand_ambassador_inquiries: more than one page of 20,
// every subject, some handled, some without department or position.
import type { InquirySubject } from '#src/modules/inquiries/inquiries.shared';

export interface SeedInquiry {
  name: string;
  companyName: string;
  departmentName: string | null;
  positionName: string | null;
  email: string;
  subject: InquirySubject;
  content: string;
  resolved: boolean;
  /** Days before the seed date. */
  daysAgo: number;
}

const PEOPLE = [
  ['高橋 美咲', '株式会社みなと食品', '商品企画部', '課長'],
  ['伊藤 健太', '松本市 観光課', '観光振興係', '主任'],
  ['渡辺 由美', '有限会社わたなべ工房', null, null],
  ['中村 翔', 'ナカムラ自転車', '店舗運営部', '店長'],
  ['小林 真理子', '月刊たびの手帖', '編集部', '記者'],
  ['加藤 大輔', '株式会社カトウ醸造', 'マーケティング部', '部長'],
  ['吉田 彩', 'よしだ料理教室', null, '代表'],
  ['山口 拓海', '山口テキスタイル株式会社', '広報室', null],
  ['松田 恵', '株式会社ひかり出版', 'Web編集部', '編集長'],
  ['井上 直樹', '井上農園', null, null],
  ['木村 さくら', '株式会社こもれび不動産', '地域連携室', '室長'],
  ['林 浩二', '林木工所', null, '職人'],
  ['清水 千尋', '清水町 産業振興課', '企画係', '係長'],
] as const;

const CONTENTS: Record<InquirySubject, string> = {
  franchise: '店舗でアンバサダーとして体験を開催したいと考えています。参加の条件と費用について教えてください。',
  branding: '自社ブランドの商品を使った体験イベントを各地で開きたいです。導入の流れと事例を知りたいです。',
  media: '地域の体験を紹介する特集を企画しています。取材をお願いできる窓口を教えてください。',
  other: '制度についていくつか質問があります。資料をお送りいただけますか。',
};

const SUBJECTS: InquirySubject[] = ['franchise', 'branding', 'media', 'other'];

/** 26 inquiries, one or two a day over the last weeks; the older ones mostly handled. */
export const INQUIRIES: SeedInquiry[] = Array.from({ length: 26 }, (_, i) => {
  const [name, companyName, departmentName, positionName] = PEOPLE[i % PEOPLE.length];
  const subject = SUBJECTS[(i * 3) % SUBJECTS.length];
  return {
    name,
    companyName,
    departmentName,
    positionName,
    email: `inquiry${i + 1}@example.jp`,
    subject,
    content: CONTENTS[subject],
    resolved: i >= 12 && i % 3 !== 0,
    daysAgo: Math.floor(i * 1.5),
  };
});
