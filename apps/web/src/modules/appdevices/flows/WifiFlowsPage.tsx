import { PairingFlowsPage } from './PairingFlowsPage';

export default function WifiFlowsPage() {
  return <PairingFlowsPage slot="wifi" />;
}
