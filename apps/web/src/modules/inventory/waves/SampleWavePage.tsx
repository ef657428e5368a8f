import { WaveEditScreen } from './WaveEditPage';

/** /newSampleShipmentPlan (and `?id=`): a sample wave, units as asked to any warehouse, a purpose per line. */
export default function SampleWavePage() {
  return <WaveEditScreen kind="sample" />;
}
