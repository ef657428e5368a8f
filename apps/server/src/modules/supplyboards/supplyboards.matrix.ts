/**
 * Permission-matrix rows of the supply boards (modules/supplyboards): reads need the page. The external shop
 * accounts hold none of these patterns (their shop patterns are spec §2.1's), so 403; what an external account
 * sees with them granted is supplyboards-scope.test.ts. God view looks as the sales manager.
 */
import type { Row } from '../../../test/matrix/rows';

const API = '/api/supplyboards/rest/v1';
const READ = '401 401 403 200 200 403 403 200 403';

const get = (path: string, expect = READ): Row => ({ request: () => ({ url: `${API}/${path}` }), expect });

export function matrixRows(): Record<string, Row> {
  return {
    [`GET ${API}/logistics-board`]: get('logistics-board'),
    [`GET ${API}/logistics-board/late`]: get('logistics-board/late'),
    [`GET ${API}/delivery-board`]: get('delivery-board'),
    [`GET ${API}/delivery-board/progress`]: get('delivery-board/progress'),
  };
}
