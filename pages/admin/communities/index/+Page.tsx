import { CommunitiesList } from '#src/components/admin/CommunitiesList';

export default function Page() {
  return <CommunitiesList />;
}
