/**
 * The status catalogue of spec §8, shared by the server (which answers with these
 * statuses) and the web client (which shows these messages for 1 second).
 */
export const STATUS = {
  OK: 200,
  DEMO_OK: 252,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A download's Range lies outside the file. */
  RANGE_NOT_SATISFIABLE: 416,
  TOO_MANY: 429,
  PRINT_ERROR: 451,
  EXPORT_ERROR: 452,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
} as const;

/** Non-zero envelope codes. The HTTP status says the class; `code` says the case. */
export const ERROR_CODES = {
  VALIDATION: 40000,
  UNAUTHENTICATED: 40100,
  SESSION_EXPIRED: 40101,
  BAD_CREDENTIALS: 40300,
  PERMISSION_DENIED: 40301,
  ACCOUNT_DISABLED: 40302,
  GOD_VIEW_REFUSED: 40303,
  /** A /backMgr endpoint called by anyone but the back-office user (BACK_MGR_USER, not under god view). */
  BACK_MGR_ONLY: 40304,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  STALE_VERSION: 40901,
  /** A reply with the same text as the dialogue's last reply of the past minutes; sent only with `force`. */
  DUPLICATE_REPLY: 40902,
  RANGE_NOT_SATISFIABLE: 41600,
  THROTTLED: 42900,
  PRINT_ERROR: 45100,
  EXPORT_ERROR: 45200,
  INTERNAL: 50000,
  DB_UNAVAILABLE: 50300,
  /** More password checks waiting than the server takes on; retry after `Retry-After` seconds. */
  BUSY: 50301,
  TIMEOUT: 50400,
} as const;

export type Lang = 'zh-CN' | 'en-US';

/** Messages the web shows for a status when the reply says nothing better (spec §8). */
export const STATUS_MESSAGES: Record<number, Record<Lang, string>> = {
  252: { 'zh-CN': '操作成功（演示环境无法展示真实效果）', 'en-US': 'Done (the demo environment cannot show the real effect)' },
  403: { 'zh-CN': '账号或密码错误', 'en-US': 'Account or password wrong' },
  404: { 'zh-CN': '无法连接', 'en-US': 'Cannot connect' },
  429: { 'zh-CN': '尝试次数过多，请稍后再试', 'en-US': 'Too many attempts, try again later' },
  451: { 'zh-CN': '打印错误', 'en-US': 'Print error' },
  452: { 'zh-CN': '导出文件错误', 'en-US': 'Export file error' },
  500: { 'zh-CN': '服务器内部错误', 'en-US': 'Server internal error' },
  503: { 'zh-CN': '服务暂不可用', 'en-US': 'Service unavailable' },
  504: { 'zh-CN': '请求超时', 'en-US': 'Request timeout' },
};

/** The 403 of a /backMgr endpoint (ERROR_CODES.BACK_MGR_ONLY), in the caller's language. */
export const BACK_MGR_ONLY_TEXT: Record<Lang, string> = {
  'zh-CN': '后台管理仅限指定的后台管理员账号使用（上帝视角下也不可用）',
  'en-US': 'The back office is reserved to the back-office user (and not open under god view)',
};
