import type { ProjectType } from '@bo/contract/projects/projects';
import { ProjectList } from './components/ProjectList';
import { PROJECT_KINDS } from './project-kinds';

/** The list of one project type (/gtmProject, /platform, /newListing, /develop, /exposure), one component per type. */
export const LIST_PAGES = Object.fromEntries(
  Object.values(PROJECT_KINDS).map((k) => [k.type, () => <ProjectList kind={k} />]),
) as Record<ProjectType, () => React.JSX.Element>;
