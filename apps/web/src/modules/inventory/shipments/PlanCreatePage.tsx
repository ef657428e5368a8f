import PlansPage from './PlansPage';

/** /inventory/createPlan: the plan list with a new plan's form open. */
export default function PlanCreatePage() {
  return <PlansPage open="create" />;
}
