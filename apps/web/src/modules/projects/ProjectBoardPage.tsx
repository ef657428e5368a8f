import { ProjectList } from './components/ProjectList';

/** /projectBoard: the projects of every type. */
export default function ProjectBoardPage() {
  return <ProjectList />;
}
