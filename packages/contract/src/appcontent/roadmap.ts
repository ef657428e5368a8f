/**
 * The app's product roadmap (/user-platform/roadMap, issue #24): a kind on the publishing model.
 * Each item is a title and a description in Chinese and English, a status (planned, building,
 * released) and a target quarter; its order on the page is the model's position (low first,
 * after priority).
 */
import { z } from 'zod';
import { fieldCode } from '../validation';
import { bilingualText, contentBody, contentEndpoints, contentRecord, oneOfPair, resolvedItem } from './kinds';

export const ROADMAP_SLOTS = ['main'] as const;
export type RoadmapSlot = (typeof ROADMAP_SLOTS)[number];
export const ROADMAP_STATUSES = ['planned', 'building', 'released'] as const;
export type RoadmapStatus = (typeof ROADMAP_STATUSES)[number];

export const ROADMAP_SLOT_DEFS = {
  main: { page: '/user-platform/roadMap', permission: 'user:platform:roadMap:config' },
} as const;

const roadmapFields = {
  titleZh: z.string(),
  titleEn: z.string(),
  descriptionZh: z.string(),
  descriptionEn: z.string(),
  status: z.enum(ROADMAP_STATUSES),
  /** The target quarter, `2027-Q1`. */
  quarter: z.string(),
};
export const roadmapPayloadSchema = z.object(roadmapFields);
export type RoadmapPayload = z.infer<typeof roadmapPayloadSchema>;

export const roadmapSchema = contentRecord(ROADMAP_SLOTS, roadmapFields);
export type RoadmapItem = z.infer<typeof roadmapSchema>;

export const quarterSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^20\d\d-Q[1-4]$/, fieldCode('appContent.quarter'));

export const roadmapBody = contentBody(
  {
    titleZh: bilingualText(200),
    titleEn: bilingualText(200),
    descriptionZh: bilingualText(2000),
    descriptionEn: bilingualText(2000),
    status: z.enum(ROADMAP_STATUSES).default('planned'),
    quarter: quarterSchema,
  },
  oneOfPair('titleZh', 'titleEn', 'appContent.titleRequired'),
);
export type RoadmapBody = z.infer<typeof roadmapBody>;

/** The item the app gets: title and description in its language (the other when empty), both languages, status, quarter. */
export const resolvedRoadmapSchema = resolvedItem(ROADMAP_SLOTS, {
  title: z.string(),
  description: z.string(),
  ...roadmapFields,
});
export type ResolvedRoadmap = z.infer<typeof resolvedRoadmapSchema>;

export const roadmapEndpoints = contentEndpoints({
  segment: 'roadmap',
  slot: 'main',
  noun: 'roadmap item',
  permission: ROADMAP_SLOT_DEFS.main.permission,
  record: roadmapSchema,
  body: roadmapBody,
  item: resolvedRoadmapSchema,
});
