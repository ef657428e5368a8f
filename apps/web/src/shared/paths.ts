/** Paths the app itself navigates to (all of them catalogue routes). */
export const HOME_PATH = '/dashboard/index';
export const PROFILE_PATH = '/user/info';
export const LOGIN_PATH = '/login';
export const REGISTER_PATH = '/register';
export const GOD_VIEW_PATH = '/godView';
export const NOT_FOUND_PATH = '/404';
export const SHOP_AUTH_MESSAGE_PATH = '/shop/auth/message';
