/** Who is calling: resolved from the bearer token on every request, never cached across requests. */
export interface RequestActor {
  sessionId: number;
  userId: number;
  accountId: number;
  loginName: string;
  userName: string;
  userType: number;
  builtin: boolean;
  /** Set under god view: the real person behind the session. */
  impersonatorUserId: number | null;
  /** Permission patterns held (type 2 and 3). */
  permissions: ReadonlySet<string>;
  /** Shops this user may see; for the internal account, every shop is visible. */
  shopIds: readonly number[];
  /** The authorisation epoch the grants were read at (see GrantsCache). */
  authzEpoch: string;
  ip: string;
}

export const isInternal = (a: Pick<RequestActor, 'accountId'>) => a.accountId === 1;
