/**
 * One contract object per endpoint: method, the spec's path (without the /api base),
 * the permission it needs, and its zod schemas. The server binds a handler to it, the
 * web client is typed from it, OpenAPI is generated from it.
 */
import type { z } from 'zod';
import type { Permission } from './permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * 'public': no session needed. 'login': any signed-in user.
 * Otherwise the permission pattern the caller must hold.
 */
export type EndpointAccess = 'public' | 'login' | Permission;

export interface EndpointDef {
  readonly method: HttpMethod;
  readonly path: string;
  readonly access: EndpointAccess;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** Schema of `data` in the success envelope. Absent for binary replies. */
  readonly data?: z.ZodType;
  /** The reply is a file stream, not an envelope. */
  readonly binary?: boolean;
  /**
   * A binary GET is an export: the binder keeps a copy for the download centre (docs/files.md
   * "Stored exports"). `false` for binary replies that are not exports (import templates, stored files).
   */
  readonly keep?: false;
  /**
   * The export may also run as a background job (`POST files/exports/jobs`) and be a saved
   * report (/report): the format of the file it writes. Only such endpoints are offered there.
   */
  readonly exportable?: 'xlsx' | 'csv';
  /** Changes state: audited, and refused to god-view sessions into /backMgr areas. */
  readonly write?: boolean;
}

export const defineEndpoint = <const E extends EndpointDef>(e: E): E => e;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;
export type EndpointQuery<E extends EndpointDef> = Infer<E['query']>;
export type EndpointBody<E extends EndpointDef> = Infer<E['body']>;
export type EndpointParams<E extends EndpointDef> = Infer<E['params']>;
export type EndpointData<E extends EndpointDef> = Infer<E['data']>;
export type EndpointQueryInput<E extends EndpointDef> = Input<E['query']>;
export type EndpointBodyInput<E extends EndpointDef> = Input<E['body']>;
