import { ja } from '#src/i18n/ja';

export default `${ja.inquiries.contactCompleteTitle} | ${ja.site.name}`;
