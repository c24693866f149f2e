// Test data for brand and ambassador program inquiries (the export and lists).
import type { MikroORM } from '@mikro-orm/postgresql';
import { BrandAndAmbassadorInquiry } from '#src/modules/inquiries/inquiries.entity';
import type { InquirySubject } from '#src/modules/inquiries/inquiries.shared';

export interface InquiryOverrides {
  name?: string;
  companyName?: string;
  departmentName?: string | null;
  positionName?: string | null;
  email?: string;
  subject?: InquirySubject;
  content?: string;
  resolved?: boolean;
  createdAt?: Date;
}

let counter = 0;

export async function createInquiry(orm: MikroORM, overrides: InquiryOverrides = {}) {
  counter += 1;
  const em = orm.em.fork();
  const inquiry = em.create(BrandAndAmbassadorInquiry, {
    name: overrides.name ?? `問い合わせ太郎${counter}`,
    companyName: overrides.companyName ?? '株式会社テスト',
    departmentName: overrides.departmentName === undefined ? '営業部' : overrides.departmentName,
    positionName: overrides.positionName === undefined ? '部長' : overrides.positionName,
    email: overrides.email ?? `inquiry${counter}@example.com`,
    subject: overrides.subject ?? 'franchise',
    content: overrides.content ?? '加盟について詳しく知りたいです。',
    resolved: overrides.resolved ?? false,
    createdAt: overrides.createdAt ?? new Date(),
  });
  await em.flush();
  return inquiry;
}

/** Many rows at once in SQL (lists, paging and the export benchmark): varied subjects, a comma and a newline. */
export async function insertManyInquiries(orm: MikroORM, count: number): Promise<void> {
  await orm.em.getConnection().execute(
    `INSERT INTO brand_and_ambassador_inquiries
       (name, company_name, department_name, position_name, email, subject, content, resolved, created_at, updated_at)
     SELECT '山田 花子' || i, '株式会社たびとこ商事, 第' || i || '支店', '営業部', '課長', 'bulk' || i || '@example.com',
            (ARRAY['franchise','branding','media','other'])[1 + i % 4],
            'お問い合わせ内容です。' || repeat('詳しく教えてください。', 10) || E'\\n二行目 "引用" ' || i,
            i % 3 = 0, now() - (i || ' minutes')::interval, now()
     FROM generate_series(1, ?) AS i`,
    [count],
  );
}
