/** The related-effects screen's own read: the light effects (not archived) a list may name. */
import { relatedEffectChoices } from '@bo/contract/appcontent/related';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../shared/http/http-client';

export type EffectChoice = z.infer<typeof relatedEffectChoices.data>[number];

export const useEffectChoices = () =>
  useQuery({
    queryKey: ['appContent', 'relatedEffect', 'effects'] as const,
    queryFn: ({ signal }) => call(relatedEffectChoices, {}, { signal }),
    staleTime: 60_000,
  });
