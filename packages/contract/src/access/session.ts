import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { fieldCode } from '../validation';

const tags = ['session'];

export const loginBody = z.object({
  loginName: z.string().trim().min(1, fieldCode('required')).max(64),
  password: z.string().min(1, fieldCode('required')).max(128),
});
export const tokenData = z.object({ token: z.string() });

export const login = defineEndpoint({
  method: 'POST',
  path: 'user/rest/v2/login',
  access: 'public',
  summary: 'Sign in with login name and password; answers a bearer token',
  tags,
  body: loginBody,
  data: tokenData,
});

export const godView = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/users/godView',
  access: 'user:godView',
  summary: 'Start a god-view session as another, less privileged user',
  tags,
  query: z.object({ name: z.string().trim().min(1, fieldCode('required')).max(64) }),
  /** null with a non-zero code and a message when refused. */
  data: tokenData.nullable(),
});

export const logout = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/logout',
  access: 'login',
  summary: 'Revoke the current token',
  tags,
  data: z.null(),
});

export const subsystemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  url: z.string(),
});

export const currentUserSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  loginName: z.string(),
  userName: z.string(),
  email: z.string().nullable(),
  employeeId: z.string().nullable(),
  userType: z.number().int(),
  country: z.string(),
  zoneId: z.string(),
  shopIds: z.array(z.number().int()),
  defaultSubsystem: z.string().nullable(),
  subSystems: z.array(subsystemSchema),
  /** Has shops and accountId is not 1 (spec §2.1). */
  externalUser: z.boolean(),
  /** May open /backMgr (the configured BACK_MGR_USER, never under god view). */
  backMgr: z.boolean(),
  /** Set when this session is a god-view session: who is looking. */
  godViewBy: z.string().nullable(),
  language: z.enum(['zh-CN', 'en-US']).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const currentUser = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/login',
  access: 'login',
  summary: 'The signed-in user',
  tags,
  data: currentUserSchema,
});

export const permissionItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  authPattern: z.string(),
  type: z.number().int(),
});
export type PermissionItem = z.infer<typeof permissionItemSchema>;

export const permissions = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v2/users/permissions',
  access: 'login',
  summary: 'The permission items the signed-in user holds (type 2 pages, type 3 buttons)',
  tags,
  data: z.array(permissionItemSchema),
});

export type MenuNode = {
  menuCode: string;
  menuName: string;
  menuNameEn: string;
  url: string | null;
  subMenuList: MenuNode[];
};
export const menuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    menuCode: z.string(),
    menuName: z.string(),
    menuNameEn: z.string(),
    url: z.string().nullable(),
    subMenuList: z.array(menuNodeSchema),
  }),
);

export const userMenu = defineEndpoint({
  method: 'GET',
  path: 'user/rest/robot/v1/menu/getUserMenu/byCurrentUser',
  access: 'login',
  summary: 'The menu of the signed-in user, one node per group (menu code ppc for advertising)',
  tags,
  query: z.object({ version: z.string().max(32).optional() }),
  data: z.object({ version: z.string(), menuVOS: z.array(menuNodeSchema) }),
});

export const subsystems = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/subsystems',
  access: 'login',
  summary: 'Subsystems of the signed-in user',
  tags,
  data: z.array(subsystemSchema),
});

export const productLineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  code: z.string().nullable(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
});
export const productLines = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/users/productLines',
  access: 'login',
  summary: 'Product lines the signed-in user works on',
  tags,
  data: z.array(productLineSchema),
});

export const productPositionSchema = z.object({
  productPositionId: z.number().int(),
  /** Chinese name ('' when only the English one is set). */
  productPosition: z.string(),
  /** English name ('' when only the Chinese one is set). */
  productPositionEn: z.string(),
});
export const productPositions = defineEndpoint({
  method: 'GET',
  path: 'sales/rest/v1/listings/product-position-all',
  access: 'login',
  summary: 'All product positions',
  tags,
  data: z.array(productPositionSchema),
});

export const userNames = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/users/names',
  access: 'login',
  summary: "Names of the users of the caller's account",
  tags,
  data: z.array(z.object({ id: z.number().int(), userName: z.string(), loginName: z.string() })),
});

const password = z
  .string()
  .min(8, fieldCode('access.passwordTooShort'))
  .max(128)
  .regex(/[A-Za-z]/, fieldCode('access.needsLetter'))
  .regex(/[0-9]/, fieldCode('access.needsDigit'));
export const passwordSchema = password;

/** A new login name: what registration and account administrators may choose. */
export const loginNameSchema = z
  .string()
  .trim()
  .min(3, fieldCode('access.loginNameTooShort'))
  .max(64)
  .regex(/^[A-Za-z0-9._-]+$/, fieldCode('access.loginNameChars'));

export const generateCaptcha = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/users/resetPassword/generateCaptcha',
  access: 'public',
  summary: 'Send a password-reset code to the account, if it exists (same reply either way)',
  tags,
  query: z.object({ loginName: z.string().trim().min(1, fieldCode('required')).max(64) }),
  data: z.object({ sent: z.literal(true), expiresInSeconds: z.number().int() }),
});

export const checkUserCaptcha = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/users/checkUserCaptcha',
  access: 'public',
  summary: 'Check a password-reset code without using it',
  tags,
  query: z.object({
    loginName: z.string().trim().min(1, fieldCode('required')).max(64),
    captcha: z
      .string()
      .trim()
      .regex(/^\d{6}$/, fieldCode('access.sixDigits')),
  }),
  data: z.object({ valid: z.boolean() }),
});

export const resetPassword = defineEndpoint({
  method: 'PUT',
  path: 'user/rest/v1/users/resetPassword',
  access: 'public',
  summary: 'Set a new password with a reset code; ends every session of the account',
  tags,
  write: true,
  body: z.object({
    loginName: z.string().trim().min(1, fieldCode('required')).max(64),
    captcha: z
      .string()
      .trim()
      .regex(/^\d{6}$/, fieldCode('access.sixDigits')),
    password,
  }),
  data: z.null(),
});

export const checkCellphoneExists = defineEndpoint({
  method: 'GET',
  path: 'user/rest/v1/users/checkCellphoneExists',
  access: 'login',
  summary: "Whether a user of the caller's account already uses a cellphone number (for user forms); throttled per address",
  tags,
  query: z.object({
    cellphone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 -]{6,20}$/, fieldCode('access.phone')),
  }),
  data: z.object({ exists: z.boolean() }),
});

export const register = defineEndpoint({
  method: 'POST',
  path: 'user/rest/v1/users/register',
  access: 'public',
  summary:
    'Register a shop account; it stays pending until an administrator approves it. A taken login name gets the same reply (its owner is told, nothing is created); throttled per address',
  tags,
  write: true,
  body: z.object({
    loginName: loginNameSchema,
    userName: z.string().trim().min(1, fieldCode('required')).max(64),
    email: z.email(fieldCode('notAnEmail')).max(254),
    company: z.string().trim().min(1, fieldCode('required')).max(128),
    password,
  }),
  data: z.object({ state: z.literal('pending') }),
});

export const changeOwnPassword = defineEndpoint({
  method: 'PUT',
  path: 'user/rest/v1/users/password',
  access: 'login',
  summary: 'Change own password; ends every other session',
  tags,
  write: true,
  body: z.object({ oldPassword: z.string().min(1, fieldCode('required')).max(128), newPassword: password }),
  data: z.null(),
});

export const updateOwnProfile = defineEndpoint({
  method: 'PUT',
  path: 'user/rest/v1/users/profile',
  access: 'login',
  summary: 'Change own display name, e-mail, time zone and language',
  tags,
  write: true,
  body: z
    .object({
      userName: z.string().trim().min(1, fieldCode('required')).max(64),
      email: z.email(fieldCode('notAnEmail')).max(254).nullable(),
      zoneId: z.string().trim().min(1).max(64),
      language: z.enum(['zh-CN', 'en-US']).nullable(),
    })
    .strict(),
  data: z.null(),
});

export const health = defineEndpoint({
  method: 'GET',
  path: 'health',
  access: 'public',
  summary: 'Answers 200 when the database answers, 503 when it does not',
  tags: ['system'],
  data: z.object({ db: z.literal('up') }),
});
