import { ExperienceApprovals } from '#src/components/admin/ExperienceApprovals';

export default function Page() {
  return <ExperienceApprovals />;
}
