/** The mailboxes that can send, and the task's or plan's own one even when it cannot send now (so it reads as its address). */
export const senderOptions = (
  senders: readonly { id: number; email: string }[] | undefined,
  current: { mailboxId: number; mailboxEmail: string | null } | null,
) => {
  const options = (senders ?? []).map((b) => ({ value: b.id, label: b.email }));
  if (current && !options.some((o) => o.value === current.mailboxId))
    options.unshift({ value: current.mailboxId, label: current.mailboxEmail ?? String(current.mailboxId) });
  return options;
};
