import { TreeEditor } from './components/TreeEditor';

/** /problemTree: the taxonomy of customer problems. */
export default function ProblemTreePage() {
  return <TreeEditor kind="problem" />;
}
