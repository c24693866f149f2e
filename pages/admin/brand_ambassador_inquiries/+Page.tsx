import { Inquiries } from '#src/components/admin/Inquiries';

export default function Page() {
  return <Inquiries />;
}
