/**
 * Permission-matrix rows of the forecasts: scm:forecast:manage (and its export and edit buttons)
 * and sales:forecast of the internal account. External shop accounts hold neither (their
 * patterns are spec §2.1's): 403. God view looks as the sales manager, who holds the analysis
 * group (sales:forecast) but none of scm:forecast:*.
 */
import type { Row } from '../../../test/matrix/rows';

const AI = '/api/ms-ai-sales/rest/v2';
const SALES = '/api/sales/rest/v2';
const READ = '401 401 403 200 200 403 403 200 403';
const BUTTON = '401 401 403 403 200 403 403 200 403';
const ANALYSIS = '401 401 403 200 200 403 403 200 200';

export function matrixRows(): Record<string, Row> {
  const get = (url: string, expect: string, query: Record<string, string> = {}): Row => ({
    request: () => ({ url, query }),
    expect,
  });
  return {
    [`GET ${AI}/forecasts`]: get(`${AI}/forecasts`, READ, { marketId: '0' }),
    [`GET ${AI}/comprehensive`]: get(`${AI}/comprehensive`, ANALYSIS),
    [`GET ${SALES}/forecasts/exportation`]: get(`${SALES}/forecasts/exportation`, BUTTON, { keyword: 'LM' }),
    [`GET ${SALES}/forecasts/daySales`]: get(`${SALES}/forecasts/daySales`, READ.replace(/200/g, '404'), { listingId: '999999' }),
    [`GET ${SALES}/refresh-time`]: get(`${SALES}/refresh-time`, READ),
    [`GET ${SALES}/rgl/async-cal-result`]: get(`${SALES}/rgl/async-cal-result`, READ),
    [`GET ${SALES}/rgl/cal-record`]: get(`${SALES}/rgl/cal-record`, READ),
    [`POST ${SALES}/refresh`]: { request: () => ({ url: `${SALES}/refresh`, body: {} }), expect: BUTTON },
  };
}
