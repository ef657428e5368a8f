import { TreeEditor } from './components/TreeEditor';

/** /demandTree: the taxonomy of customer demands. */
export default function DemandTreePage() {
  return <TreeEditor kind="demand" />;
}
