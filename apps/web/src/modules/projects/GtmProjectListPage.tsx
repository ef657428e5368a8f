import { ProjectList } from './components/ProjectList';

/** /gtmProject: the GTM projects. */
export default function GtmProjectListPage() {
  return <ProjectList type="GTM_PROJECT" />;
}
