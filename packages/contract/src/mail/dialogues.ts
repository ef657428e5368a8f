/**
 * The mail tree (spec §7 "Mail tree" and the dialogue calls of "Other mail"): dialogues
 * are threads of mail with one buyer in one mailbox. Filters and defaults of spec §3:
 * mailbox type 1, market -1 (all), status -1 (all), dialogue type 0 (all).
 */
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { arrayParam, idParam, idValue, pageSchema } from '../envelope';

const tags = ['mail tree'];

/** Reply status of a dialogue. */
export const MAIL_STATUSES = [
  { id: 0, zh: '待回复', en: 'Awaiting reply' },
  { id: 1, zh: '已回复', en: 'Replied' },
  { id: 2, zh: '无需回复', en: 'No reply needed' },
] as const;

/** What a dialogue is about; 0 in a filter means every type. */
export const DIALOGUE_TYPES = [
  { id: 1, zh: '售前咨询', en: 'Pre-sale question' },
  { id: 2, zh: '订单物流', en: 'Order and delivery' },
  { id: 3, zh: '退换货', en: 'Return or refund' },
  { id: 4, zh: '维修', en: 'Repair' },
  { id: 5, zh: '其他', en: 'Other' },
] as const;

/** Repair-order status of a dialogue; 0 none. */
export const REPAIR_ORDER_STATUSES = [
  { id: 0, zh: '无', en: 'None' },
  { id: 1, zh: '待处理', en: 'Open' },
  { id: 2, zh: '维修中', en: 'In repair' },
  { id: 3, zh: '已寄回', en: 'Shipped back' },
  { id: 4, zh: '已关闭', en: 'Closed' },
] as const;

/** Outgoing mail: queued → sending → sent; failed (nothing went out) or unknown (a crash mid-send: check by hand). */
export const OUTGOING_STATES = ['queued', 'sending', 'sent', 'failed', 'unknown'] as const;

export const attachmentSchema = z.object({
  /** Opaque reference for the attachment calls. */
  uri: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Refused at fetch (type or size); only its name is kept. */
  blocked: z.string().nullable(),
});
export type MailAttachment = z.infer<typeof attachmentSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['in', 'out']),
  messageId: z.string(),
  fromEmail: z.string(),
  fromName: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  /** Sanitised: no script, style, event handlers or javascript: URLs. */
  html: z.string().nullable(),
  sentAt: z.string(),
  /** Outgoing only. */
  state: z.enum(OUTGOING_STATES).nullable(),
  error: z.string().nullable(),
  attachments: z.array(attachmentSchema),
});
export type MailMessage = z.infer<typeof messageSchema>;

export const dialogueRowSchema = z.object({
  dialogueId: z.number().int(),
  mailBoxId: z.number().int(),
  mailBoxEmail: z.string(),
  /** The mailbox is a demo one (not connected): replies are recorded, never sent. */
  mailBoxDemo: z.boolean(),
  marketId: z.number().int().nullable(),
  shopId: z.number().int().nullable(),
  buyerEmail: z.string(),
  buyerName: z.string(),
  subject: z.string(),
  snippet: z.string(),
  status: z.number().int(),
  dialogueType: z.number().int(),
  archived: z.boolean(),
  unread: z.boolean(),
  repairOrderStatus: z.number().int(),
  messageCount: z.number().int(),
  lastMessageAt: z.string(),
  /** The last incoming mail without a reply after it: when the 24-hour reply timer started. */
  awaitingSince: z.string().nullable(),
  /** The agent it is assigned to (/mail/assignment); null: unassigned. */
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  version: z.number().int(),
});
export type DialogueRow = z.infer<typeof dialogueRowSchema>;

const base = 'email/rest/v1/mailTrees';
const idList = z.array(z.object({ id: z.number().int(), name: z.string(), nameEn: z.string() }));

export const mailTreeEmails = defineEndpoint({
  method: 'GET',
  path: 'email/rest/v2/mailTrees/emails',
  access: 'email:emails',
  summary: 'Mailboxes for the picker, with their dialogues awaiting a reply',
  tags,
  query: z.object({ type: z.coerce.number().int().min(1).max(4).optional() }),
  data: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      type: z.number().int(),
      marketId: z.number().int().nullable(),
      shopId: z.number().int().nullable(),
      unreplied: z.number().int(),
      /** A demo mailbox (seed): not connected. */
      demo: z.boolean(),
    }),
  ),
});

export const mailStatuses = defineEndpoint({
  method: 'GET',
  path: 'email/rest/v2/mailTrees/mail/status',
  access: 'email:emails',
  summary: 'Reply statuses with how many open (not archived) dialogues each has; -1 is all',
  tags,
  query: z.object({
    mailBoxId: idParam.optional(),
    /** 0: mailboxes of every type. */
    type: z.coerce.number().int().min(0).max(4).default(1),
    /** A view's dialogue types (/mail/order, /mail/support): count only those. */
    dialogueTypes: arrayParam(z.coerce.number().int().min(1).max(5)).optional(),
  }),
  data: z.array(z.object({ id: z.number().int(), name: z.string(), nameEn: z.string(), count: z.number().int() })),
});

export const dialogueTypes = defineEndpoint({
  method: 'GET',
  path: `${base}/dialogueTypes`,
  access: 'email:emails',
  summary: 'Dialogue types',
  tags,
  data: idList,
});

const marketCount = z.object({
  marketId: z.number().int(),
  code: z.string(),
  total: z.number().int(),
  unreplied: z.number().int(),
});
const buyerCount = z.object({
  buyerEmail: z.string(),
  buyerName: z.string(),
  dialogues: z.number().int(),
  unreplied: z.number().int(),
  lastMessageAt: z.string(),
});
const emailQuery = z.object({ email: z.string().trim().min(1).max(254) });
const marketParam = z.object({ marketId: z.coerce.number().int().min(0).max(12) });

export const buyerMarkets = defineEndpoint({
  method: 'GET',
  path: `${base}/buyers/markets`,
  access: 'email:emails',
  summary: 'Marketplaces of the buyer dialogues of a mailbox (by its address), with counts',
  tags,
  query: emailQuery,
  data: z.array(marketCount),
});

export const buyerMarketBuyers = defineEndpoint({
  method: 'GET',
  path: `${base}/buyers/markets/{marketId}`,
  access: 'email:emails',
  summary: 'Buyers of one marketplace in a mailbox, with their dialogue counts',
  tags,
  params: marketParam,
  query: emailQuery,
  data: z.array(buyerCount),
});

export const qaMarkets = defineEndpoint({
  method: 'GET',
  path: `${base}/qa/markets`,
  access: 'email:emails',
  summary: 'Marketplaces with Q&A dialogues (mailboxes of type 2), with counts',
  tags,
  query: z.object({ mailBoxId: idParam.optional() }),
  data: z.array(marketCount),
});

export const qaMarketBuyers = defineEndpoint({
  method: 'GET',
  path: `${base}/qa/markets/{marketId}`,
  access: 'email:emails',
  summary: 'Askers of one marketplace in the Q&A mailboxes, with their dialogue counts',
  tags,
  params: marketParam,
  query: z.object({ mailBoxId: idParam.optional() }),
  data: z.array(buyerCount),
});

export const mailListBody = z.object({
  /** One mailbox; absent: every visible mailbox of `type`. */
  mailBoxId: idValue.optional(),
  /** Mailbox type (the top tab); 0: every type (the /mail/mail view of one mailbox's mail). */
  type: z.number().int().min(0).max(4).default(1),
  marketId: z.number().int().min(-1).max(12).default(-1),
  status: z.number().int().min(-1).max(2).default(-1),
  dialogueType: z.number().int().min(0).max(5).default(0),
  /** A view's set of dialogue types (/mail/order, /mail/support); dialogueType narrows further. */
  dialogueTypes: z.array(z.number().int().min(1).max(5)).min(1).max(5).optional(),
  /** Assignment filter of spec §3: 1 assigned, 0 unassigned. */
  assigned: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Only the dialogues assigned to this agent. */
  assigneeId: idValue.optional(),
  /** Only the dialogues assigned to the caller ("assigned to me"). */
  mine: z.boolean().optional(),
  /** true: the archive; false: open dialogues. */
  archived: z.boolean().default(false),
  /** Buyer address or name, subject, or text of a mail (case-insensitive). */
  search: z.string().trim().max(200).optional(),
  buyerEmail: z.string().trim().max(254).optional(),
  pageNum: z.number().int().min(1).max(100000).default(1),
  pageSize: z.number().int().min(1).max(200).default(20),
});
export type MailListBody = z.input<typeof mailListBody>;

export const mailList = defineEndpoint({
  method: 'POST',
  path: `${base}/mailList`,
  access: 'email:emails',
  summary: 'Dialogues, newest activity first, filtered as the /mail screen asks',
  tags,
  body: mailListBody,
  data: pageSchema(dialogueRowSchema),
});

export const dialogueThread = defineEndpoint({
  method: 'POST',
  path: `${base}/dialogue`,
  access: 'email:emails',
  summary: 'A dialogue with every mail, oldest first (HTML sanitised); opening it marks it read',
  tags,
  body: z.object({ dialogueId: idValue }),
  data: dialogueRowSchema.extend({ messages: z.array(messageSchema) }),
});

export const mailInfo = defineEndpoint({
  method: 'GET',
  path: `${base}/buyers/mailInfo`,
  access: 'email:emails',
  summary: 'The facts of a dialogue: buyer, mailbox, shop and market, counts, statuses',
  tags,
  query: z.object({ dialogueId: idParam }),
  data: dialogueRowSchema.extend({
    shopName: z.string().nullable(),
    inboundCount: z.number().int(),
    outboundCount: z.number().int(),
    firstMessageAt: z.string(),
  }),
});

/** An order line beside a buyer's message (orders module: All Orders import, demo seed). */
export const buyerOrderSchema = z.object({
  orderId: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  marketId: z.number().int(),
  asin: z.string(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  orderStatus: z.string(),
  purchaseDate: z.string(),
  deliveryDate: z.string().nullable(),
  returnState: z.string(),
  refundState: z.string(),
  /** The listing's price × quantity (orders hold no money); null when the listing has no price. */
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  /** How it was found: the buyer's address, or its order number written in the dialogue. */
  matchedBy: z.enum(['buyer', 'orderId']),
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;

export const buyerOrders = defineEndpoint({
  method: 'GET',
  path: `${base}/buyers/orders`,
  access: 'email:emails',
  summary:
    "The order lines of a dialogue's buyer (same address) and those whose order number the dialogue mentions, newest first (at most 20)",
  tags,
  query: z.object({ dialogueId: idParam }),
  data: z.array(buyerOrderSchema),
});

export const archiveDialogues = defineEndpoint({
  method: 'PUT',
  path: `${base}/dialogue/archive`,
  access: 'email:emails',
  summary: 'Archive (or restore) dialogues; a new mail from the buyer reopens an archived dialogue',
  tags,
  write: true,
  body: z.object({ dialogueIds: z.array(idValue).min(1).max(500), archived: z.boolean().default(true) }),
  data: z.object({ updated: z.number().int() }),
});

export const updateRepairOrderStatus = defineEndpoint({
  method: 'PUT',
  path: 'email/rest/v1/mail-trees/repair-orders/dialogues/{dialogueId}',
  access: 'email:emails',
  summary: 'Set the repair-order status of a dialogue (optimistic version when given)',
  tags,
  write: true,
  params: z.object({ dialogueId: idParam }),
  body: z.object({ status: z.number().int().min(0).max(4), version: idValue.optional() }),
  data: z.object({ dialogueId: z.number().int(), repairOrderStatus: z.number().int(), version: z.number().int() }),
});

export const todoQuantity = defineEndpoint({
  method: 'GET',
  path: 'email/rest/v1/mail-trees/dialogue-type/todo-quantity',
  access: 'email:emails',
  summary: 'Open dialogues awaiting a reply, per dialogue type (0 = all)',
  tags,
  query: z.object({
    mailBoxId: idParam.optional(),
    type: z.coerce.number().int().min(1).max(4).default(1),
    marketId: z.coerce.number().int().min(-1).max(12).default(-1),
  }),
  data: z.array(z.object({ dialogueType: z.number().int(), quantity: z.number().int() })),
});
