import { CommunityForm } from '#src/components/admin/CommunityForm';

export default function Page() {
  return <CommunityForm />;
}
