/**
 * The mail views of spec §2.9 as presets of the one mail client (MailPage): each route
 * opens the same screen on its tab or with its filters (mail-view.ts PRESETS).
 */
import MailPage from './MailPage';

export const QaReplyMail = () => <MailPage preset="qaReply" />;
export const MarketMail = () => <MailPage preset="market" />;
export const WorkOrderMail = () => <MailPage preset="workOrder" />;
export const OrderMail = () => <MailPage preset="order" />;
export const SupportMail = () => <MailPage preset="support" />;
export const MailboxMail = () => <MailPage preset="mail" />;
