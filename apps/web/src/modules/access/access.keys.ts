/**
 * Query keys of the access screens. Roles and users change each other's lists (a role's
 * name shows on users, a user's roles make a role's user count), so their keys live in
 * one place that both query files import.
 */

export const roleKeys = {
  all: ['roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  /** Every role of the account (all pages), for pickers; under lists() so list changes reach it. */
  every: () => [...roleKeys.lists(), 'every'] as const,
  /** The roles offered on /user/child (user:child), under lists() too. */
  options: () => [...roleKeys.lists(), 'options'] as const,
  tree: () => [...roleKeys.all, 'tree'] as const,
  permissions: (id: number) => [...roleKeys.all, 'permissions', id] as const,
  allHolders: () => [...roleKeys.all, 'holders'] as const,
  holders: (id: number) => [...roleKeys.allHolders(), id] as const,
};

export const userKeys = {
  all: ['childUsers'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
};

export const registrationKeys = {
  all: ['registrations'] as const,
  lists: () => [...registrationKeys.all, 'list'] as const,
  list: (query: { pageNum: number; pageSize: number }) => [...registrationKeys.lists(), query] as const,
};
