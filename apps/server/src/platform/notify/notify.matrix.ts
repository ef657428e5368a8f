/** Permission-matrix rows of the notifications (platform/notify, listed with the areas). */
import type { Row } from '../../../test/matrix/rows';

// Every signed-in actor reads and changes only their own notifications: 200 for each of them.
const OWN = '401 401 200 200 200 200 200 200 200';

export const matrixRows = (): Record<string, Row> => ({
  'GET /api/user/rest/v1/notifications': { request: () => ({ url: '/api/user/rest/v1/notifications' }), expect: OWN },
  'GET /api/user/rest/v1/notifications/unread-count': {
    request: () => ({ url: '/api/user/rest/v1/notifications/unread-count' }),
    expect: OWN,
  },
  // Nobody has notification 2147483647: the read of someone else's (or no one's) is a 404 for every actor.
  'POST /api/user/rest/v1/notifications/:id/read': {
    request: () => ({ url: '/api/user/rest/v1/notifications/2147483647/read' }),
    expect: '401 401 404 404 404 404 404 404 404',
  },
  'POST /api/user/rest/v1/notifications/read-all': {
    request: () => ({ url: '/api/user/rest/v1/notifications/read-all' }),
    expect: OWN,
  },
});
