/** The catalogue-facing kinds' own reads: the light effects a scene tab or a square pick may name, the records a featured card may open. */
import type { FeaturedTargetKind } from '@bo/contract/appcontent/featured';
import { featuredTargets } from '@bo/contract/appcontent/featured';
import { sceneEffectChoices } from '@bo/contract/appcontent/scenes';
import { squareEffectChoices } from '@bo/contract/appcontent/square';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/http/http-client';

/** The effects (not archived), under the screen's own permission: the scene tabs' or the square's. */
export const useEffectsOf = (screen: 'scenes' | 'square') =>
  useQuery({
    queryKey: ['appContent', screen, 'effects'] as const,
    queryFn: ({ signal }) => call(screen === 'scenes' ? sceneEffectChoices : squareEffectChoices, {}, { signal }),
    staleTime: 60_000,
  });

/** The records of a kind (not archived) a featured card may open. */
export const useFeaturedTargets = (kind: FeaturedTargetKind | null | undefined) =>
  useQuery({
    queryKey: ['appContent', 'featured', 'targets', kind ?? null] as const,
    queryFn: ({ signal }) => call(featuredTargets, { query: { kind: kind as FeaturedTargetKind } }, { signal }),
    enabled: !!kind,
    staleTime: 30_000,
  });
