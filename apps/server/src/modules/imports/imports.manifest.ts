/** The one import facility (upload, preview, commit, revert); the areas bring their kinds. */
import { defineArea } from '../../platform/area';
import { importsRoutes } from './imports.routes';

export const importsArea = defineArea({ name: 'imports', routes: importsRoutes });
