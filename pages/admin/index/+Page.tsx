// /admin: the dashboard (src/components/dashboards/AdminDashboard.tsx).
import { useData } from 'vike-react/useData';
import { AdminDashboard } from '#src/components/dashboards/AdminDashboard';
import type { Data } from './+data';

export default function Page() {
  const { dashboard } = useData<Data>();
  return <AdminDashboard dashboard={dashboard} />;
}
