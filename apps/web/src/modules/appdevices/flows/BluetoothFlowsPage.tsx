import { PairingFlowsPage } from './PairingFlowsPage';

export default function BluetoothFlowsPage() {
  return <PairingFlowsPage slot="ble" />;
}
