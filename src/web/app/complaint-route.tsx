import { ComplaintDetailPage } from '../features/complaints/components/ComplaintDetailPage';
import { NotSatisfiedCard } from '../features/grievances/components/NotSatisfiedCard';

const grievanceCard = (number: string) => <NotSatisfiedCard complaintNumber={number} />;

/** /my/:number: the student's complaint, with the grievance committee's "Not satisfied?" card composed in (a feature does not import another). */
export function ComplaintRoute() {
  return <ComplaintDetailPage grievanceCard={grievanceCard} />;
}
