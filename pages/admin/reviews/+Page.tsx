import { ReviewModeration } from '#src/components/admin/ReviewModeration';

export default function Page() {
  return <ReviewModeration />;
}
