import PlansPage from './PlansPage';

/** /editShipmentPlan?id=: the plan list with that plan's form open. */
export default function PlanEditPage() {
  return <PlansPage open="edit" />;
}
