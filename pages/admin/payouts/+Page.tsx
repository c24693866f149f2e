import { Payouts } from '#src/components/admin/Payouts';

export default function Page() {
  return <Payouts />;
}
