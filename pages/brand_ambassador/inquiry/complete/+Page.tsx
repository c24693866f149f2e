import { useData } from 'vike-react/useData';
import * as ja from '#src/i18n/ja';
import { InquiryComplete } from '#pages/inquiry/InquiryComplete';
import type { Data } from './+data';

export default function Page() {
  const { completed } = useData<Data>();
  return (
    <InquiryComplete
      completed={completed}
      title={ja.inquiries.brandCompleteTitle}
      body={ja.inquiries.brandCompleteBody}
      formHref="/brand_ambassador/inquiry"
    />
  );
}
