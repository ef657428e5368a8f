/**
 * A first guess at what a new dialogue is about, from the words of its first mail
 * (English, German, French, Spanish, Italian, Japanese, Chinese). Checked in order:
 * a broken product is a repair before it is a return; anything unmatched is "other".
 */
const RULES: ReadonlyArray<readonly [number, RegExp]> = [
  [
    4,
    /\b(broken|defect|defective|not working|stopped working|doesn'?t work|repair|flicker\w*|kaputt|defekt|reparatur|cass[ée]|en panne|roto|guasto|riparazione)\b|故障|壊れ|修理|坏了|维修|不亮/i,
  ],
  [
    3,
    /\b(refund|return|money back|exchange|rma|r[üu]ckgabe|erstattung|umtausch|rembourse\w*|retour|reembolso|devoluci[óo]n|rimborso|reso)\b|返品|返金|退货|退款|换货/i,
  ],
  [
    2,
    /\b(order|shipping|shipment|delivery|delivered|tracking|package|parcel|bestellung|lieferung|sendung|commande|livraison|pedido|env[íi]o|ordine|consegna|spedizione)\b|注文|配達|配送|订单|物流|快递|发货/i,
  ],
  [
    1,
    /\b(question|does it|will it|compatible|before (i )?buy\w*|frage|kompatibel|question|compatible|pregunta|domanda)\b|\?|質問|対応|请问|是否|兼容|吗/i,
  ],
];

export function classifyDialogue(subject: string, text: string): number {
  const s = `${subject}\n${text.slice(0, 4000)}`;
  for (const [type, re] of RULES) if (re.test(s)) return type;
  return 5;
}
