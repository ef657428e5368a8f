/** Money of the logistics screens: USD with two decimals and thousands. */
export const usd = (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** An amount in its currency. */
export const amountIn = (v: number, currency: string) =>
  `${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
