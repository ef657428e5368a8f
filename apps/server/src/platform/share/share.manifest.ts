/**
 * Public share links (platform/share, apps/server/README.md "Share links"): a platform piece
 * with routes of its own, listed with the areas. The views it opens are the areas' share
 * kinds (`shareKinds` in their manifests).
 */
import { defineArea } from '../area';
import { shareRoutes } from './share.routes';

export const shareArea = defineArea({ name: 'share', routes: shareRoutes });
