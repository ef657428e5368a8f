/**
 * Words of the mail demo (mail.seed.ts): what buyers of a smart-lighting seller write, in
 * the languages of its marketplaces, and what the agents answer. {name} is the buyer's
 * first name, {order} the order number, {product} the listing title.
 */
export type Lang = 'en' | 'de' | 'fr' | 'ja' | 'es' | 'it';
export type ScenarioKey = 'pair' | 'app' | 'late' | 'return' | 'flicker' | 'presale';

export interface ScenarioText {
  subject: string;
  buyer: string;
  reply: string;
}

/** Dialogue type (contract DIALOGUE_TYPES) and problem-tree leaf of each scenario. */
export const SCENARIOS: Record<ScenarioKey, { type: number; problem: string; repair: boolean }> = {
  pair: { type: 4, problem: 'pair', repair: false },
  app: { type: 4, problem: 'app', repair: false },
  late: { type: 2, problem: 'late', repair: false },
  return: { type: 3, problem: 'return', repair: false },
  flicker: { type: 4, problem: 'flicker', repair: true },
  presale: { type: 1, problem: 'compat', repair: false },
};

export const TEXTS: Record<Lang, Partial<Record<ScenarioKey, ScenarioText>>> = {
  en: {
    pair: {
      subject: 'Bulb won’t pair with the app – order {order}',
      buyer:
        'Hi, I bought {product} last week. The bulb blinks but the app never finds it when I try to add it. My router is a Netgear on 2.4 GHz. What am I doing wrong?\n\nThanks, {name}',
      reply:
        'Hi {name},\n\nsorry for the trouble. Please reset the bulb: switch it off and on five times (on for 2 seconds each) until it blinks quickly, then add it again in the app with Bluetooth turned on. The phone must be on the 2.4 GHz network during setup.\n\nBest regards,\nLumio Support',
    },
    app: {
      subject: 'App can’t find my light strip',
      buyer:
        'Hello, the Lumio app says "no device found" for my {product} (order {order}). I have reinstalled the app twice. Location permission is on. Please help.\n\n{name}',
      reply:
        'Hello {name},\n\nthank you for the details. The app needs both Bluetooth and location permission "while using" on Android 12 or later. Please also make sure the controller box LED blinks red before adding. If it still fails, reply with a photo of the controller label and we will send a new controller.\n\nKind regards,\nLumio Support',
    },
    late: {
      subject: 'Where is my order {order}?',
      buyer:
        'Hi, my order {order} was supposed to arrive on Monday and tracking has not moved for four days. Can you check what is going on? It is a gift.\n\n{name}',
      reply:
        'Hi {name},\n\nwe checked with the carrier: the parcel was delayed at the sorting centre and is now out for delivery again. If it has not arrived within 2 days, let us know and we will send a replacement at no cost.\n\nBest,\nLumio Support',
    },
    return: {
      subject: 'Return request for order {order}',
      buyer:
        'Hello, I would like to return {product}. The colour temperature is much colder than I expected for my living room. The box is unopened except for one bulb. How do I start the return?\n\n{name}',
      reply:
        'Hello {name},\n\nno problem. You can start the return in Your Orders → Return or replace items; choose "No longer needed" and the label is free for unopened items. Once the parcel is scanned the refund is issued within 2–3 days.\n\nBest regards,\nLumio Support',
    },
    flicker: {
      subject: 'Lights flicker when dimmed',
      buyer:
        'Hi, the {product} flickers badly below 30 % brightness. It started after two weeks. Order {order}. Is this a defect?\n\n{name}',
      reply:
        'Hi {name},\n\nthat is not normal. Please update the firmware in the app (Device → Settings → Firmware). If the flicker stays, we will replace the unit under warranty: reply with a short video and we will open a repair ticket.\n\nKind regards,\nLumio Support',
    },
    presale: {
      subject: 'Does it work with Alexa and HomeKit?',
      buyer:
        'Hi, before I order: does {product} work with Alexa and Apple HomeKit, and do I need a hub? I want to put 6 of them in my kitchen.\n\nThanks, {name}',
      reply:
        'Hi {name},\n\nit works with Alexa and Google Home directly over Wi-Fi, no hub needed. HomeKit is not supported yet. Six bulbs are no problem on one router.\n\nBest regards,\nLumio Support',
    },
  },
  de: {
    pair: {
      subject: 'Glühbirne lässt sich nicht koppeln – Bestellung {order}',
      buyer:
        'Hallo, ich habe {product} gekauft. Die Lampe blinkt, aber die App findet sie nicht. Mein Router ist eine FritzBox. Was mache ich falsch?\n\nViele Grüße\n{name}',
      reply:
        'Hallo {name},\n\nbitte setzen Sie die Lampe zurück: fünfmal aus- und einschalten (jeweils 2 Sekunden an), bis sie schnell blinkt. Danach in der App mit eingeschaltetem Bluetooth erneut hinzufügen. Das Handy muss dabei im 2,4-GHz-Netz sein.\n\nMit freundlichen Grüßen\nIhr Lumio-Kundenservice',
    },
    app: {
      subject: 'App findet meinen LED-Streifen nicht',
      buyer:
        'Guten Tag, die Lumio-App zeigt bei {product} (Bestellung {order}) immer „Kein Gerät gefunden“. Ich habe die App schon neu installiert.\n\n{name}',
      reply:
        'Guten Tag {name},\n\ndie App braucht Bluetooth und die Standortfreigabe „Während der Nutzung“. Bitte prüfen Sie auch, ob die LED am Controller rot blinkt. Falls es weiterhin nicht klappt, senden wir Ihnen einen neuen Controller.\n\nFreundliche Grüße\nIhr Lumio-Kundenservice',
    },
    late: {
      subject: 'Wo bleibt meine Bestellung {order}?',
      buyer:
        'Hallo, meine Bestellung {order} sollte am Montag ankommen, die Sendungsverfolgung steht seit vier Tagen still. Können Sie nachsehen?\n\n{name}',
      reply:
        'Hallo {name},\n\ndas Paket wurde im Verteilzentrum aufgehalten und ist jetzt wieder in Zustellung. Sollte es in 2 Tagen nicht da sein, schicken wir kostenlos Ersatz.\n\nViele Grüße\nIhr Lumio-Kundenservice',
    },
    return: {
      subject: 'Rücksendung Bestellung {order}',
      buyer:
        'Hallo, ich möchte {product} zurücksenden. Das Licht ist mir zu kalt für das Wohnzimmer. Wie läuft die Rücksendung ab?\n\n{name}',
      reply:
        'Hallo {name},\n\nSie können die Rücksendung unter „Meine Bestellungen“ → „Artikel zurücksenden“ starten. Die Erstattung erfolgt 2–3 Tage nach dem Scan des Pakets.\n\nMit freundlichen Grüßen\nIhr Lumio-Kundenservice',
    },
    flicker: {
      subject: 'Lampe flackert beim Dimmen',
      buyer:
        'Hallo, {product} flackert stark unter 30 % Helligkeit, seit etwa zwei Wochen. Bestellung {order}. Ist das ein Defekt?\n\n{name}',
      reply:
        'Hallo {name},\n\ndas ist nicht normal. Bitte aktualisieren Sie die Firmware in der App. Bleibt das Flackern, ersetzen wir das Gerät im Rahmen der Garantie – schicken Sie uns bitte ein kurzes Video.\n\nViele Grüße\nIhr Lumio-Kundenservice',
    },
    presale: {
      subject: 'Funktioniert das mit Alexa?',
      buyer:
        'Hallo, funktioniert {product} mit Alexa und brauche ich dafür eine Bridge? Ich möchte 6 Stück in der Küche verwenden.\n\nDanke, {name}',
      reply:
        'Hallo {name},\n\nja, die Lampen funktionieren direkt über WLAN mit Alexa und Google Home, ohne Bridge. Sechs Lampen an einem Router sind kein Problem.\n\nViele Grüße\nIhr Lumio-Kundenservice',
    },
  },
  fr: {
    pair: {
      subject: 'Impossible d’appairer l’ampoule – commande {order}',
      buyer:
        'Bonjour, j’ai acheté {product}. L’ampoule clignote mais l’application ne la trouve pas. Que faire ?\n\nCordialement,\n{name}',
      reply:
        'Bonjour {name},\n\nmerci de réinitialiser l’ampoule : éteignez et rallumez-la cinq fois (2 secondes allumée) jusqu’à ce qu’elle clignote rapidement, puis ajoutez-la de nouveau avec le Bluetooth activé, le téléphone sur le Wi-Fi 2,4 GHz.\n\nCordialement,\nLe service client Lumio',
    },
    app: {
      subject: 'L’application ne trouve pas mon ruban LED',
      buyer:
        'Bonjour, l’application Lumio affiche « aucun appareil trouvé » pour {product} (commande {order}). J’ai déjà réinstallé l’application.\n\n{name}',
      reply:
        'Bonjour {name},\n\nl’application a besoin du Bluetooth et de l’autorisation de localisation. Vérifiez aussi que la LED du contrôleur clignote en rouge. Si cela ne fonctionne toujours pas, nous vous enverrons un nouveau contrôleur.\n\nCordialement,\nLe service client Lumio',
    },
    late: {
      subject: 'Où est ma commande {order} ?',
      buyer:
        'Bonjour, ma commande {order} devait arriver lundi et le suivi n’a pas bougé depuis quatre jours. Pouvez-vous vérifier ?\n\n{name}',
      reply:
        'Bonjour {name},\n\nle colis a été retardé au centre de tri et il est de nouveau en cours de livraison. S’il n’est pas arrivé sous 2 jours, nous vous enverrons un remplacement gratuit.\n\nCordialement,\nLe service client Lumio',
    },
    return: {
      subject: 'Demande de retour – commande {order}',
      buyer:
        'Bonjour, je souhaite retourner {product} : la lumière est trop froide pour mon salon. Comment procéder au remboursement ?\n\n{name}',
      reply:
        'Bonjour {name},\n\nvous pouvez lancer le retour depuis « Vos commandes » → « Retourner des articles ». Le remboursement est effectué 2 à 3 jours après la prise en charge du colis.\n\nCordialement,\nLe service client Lumio',
    },
    flicker: {
      subject: 'Les lumières scintillent',
      buyer:
        'Bonjour, {product} scintille fortement sous 30 % de luminosité depuis deux semaines. Commande {order}. Est-ce un défaut ?\n\n{name}',
      reply:
        'Bonjour {name},\n\nce n’est pas normal. Mettez à jour le micrologiciel dans l’application ; si le problème persiste, nous remplacerons l’appareil sous garantie. Envoyez-nous une courte vidéo.\n\nCordialement,\nLe service client Lumio',
    },
    presale: {
      subject: 'Compatible avec Google Home ?',
      buyer:
        'Bonjour, {product} fonctionne-t-il avec Google Home sans pont ? J’aimerais en installer six dans la cuisine.\n\nMerci, {name}',
      reply:
        'Bonjour {name},\n\noui, les ampoules se connectent directement en Wi-Fi à Google Home et Alexa, sans pont. Six ampoules sur un même routeur ne posent aucun problème.\n\nCordialement,\nLe service client Lumio',
    },
  },
  ja: {
    pair: {
      subject: '電球がペアリングできません（注文番号 {order}）',
      buyer:
        'お世話になります。{product} を購入しましたが、電球が点滅するだけでアプリに表示されません。どうすればよいでしょうか。\n\n{name}',
      reply:
        '{name} 様\n\nご不便をおかけして申し訳ございません。電源のオン・オフを5回繰り返し（各2秒点灯）、速く点滅した状態で Bluetooth をオンにして再度追加してください。設定中はスマートフォンを 2.4GHz の Wi-Fi に接続してください。\n\nLumio カスタマーサポート',
    },
    app: {
      subject: 'アプリがテープライトを見つけられません',
      buyer:
        'Lumio アプリで {product}（注文番号 {order}）を追加しようとすると「デバイスが見つかりません」と表示されます。アプリは再インストール済みです。\n\n{name}',
      reply:
        '{name} 様\n\nアプリには Bluetooth と位置情報の許可が必要です。コントローラーの LED が赤く点滅していることもご確認ください。改善しない場合は新しいコントローラーをお送りします。\n\nLumio カスタマーサポート',
    },
    late: {
      subject: '注文 {order} がまだ届きません',
      buyer: '注文 {order} は月曜日に届く予定でしたが、追跡情報が4日間更新されていません。確認していただけますか。\n\n{name}',
      reply:
        '{name} 様\n\n配送業者に確認したところ、仕分けセンターで遅延が発生しておりましたが、現在は配達中です。2日以内に届かない場合は無償で再送いたします。\n\nLumio カスタマーサポート',
    },
    return: {
      subject: '返品について（注文番号 {order}）',
      buyer: '{product} を返品したいです。リビングには光の色が白すぎました。返品の手続きを教えてください。\n\n{name}',
      reply:
        '{name} 様\n\n「注文履歴」→「商品の返品」から手続きいただけます。商品の集荷後、2〜3日で返金されます。\n\nLumio カスタマーサポート',
    },
    flicker: {
      subject: '調光するとちらつきます',
      buyer:
        '{product} を30%以下の明るさにすると強くちらつきます。2週間ほど前からです。注文番号 {order}。不良品でしょうか。\n\n{name}',
      reply:
        '{name} 様\n\nアプリでファームウェアを更新してください。それでも改善しない場合は保証により交換いたしますので、短い動画をお送りください。\n\nLumio カスタマーサポート',
    },
    presale: {
      subject: 'Alexa に対応していますか',
      buyer: '購入前の質問です。{product} は Alexa で使えますか。ハブは必要ですか。\n\n{name}',
      reply:
        '{name} 様\n\nAlexa と Google Home に Wi-Fi で直接接続でき、ハブは不要です。HomeKit には現在対応しておりません。\n\nLumio カスタマーサポート',
    },
  },
  es: {
    late: {
      subject: '¿Dónde está mi pedido {order}?',
      buyer:
        'Hola, mi pedido {order} debía llegar el lunes y el seguimiento no se ha movido en cuatro días. ¿Pueden revisarlo?\n\n{name}',
      reply:
        'Hola {name}:\n\nel paquete se retrasó en el centro de clasificación y ya está en reparto. Si no llega en 2 días, le enviaremos un reemplazo sin coste.\n\nAtentamente,\nAtención al cliente de Lumio',
    },
    return: {
      subject: 'Solicitud de devolución – pedido {order}',
      buyer: 'Hola, quiero devolver {product}: la luz es demasiado fría para mi salón. ¿Cómo hago la devolución?\n\n{name}',
      reply:
        'Hola {name}:\n\npuede iniciar la devolución en «Mis pedidos» → «Devolver productos». El reembolso se emite 2–3 días después de recoger el paquete.\n\nAtentamente,\nAtención al cliente de Lumio',
    },
    pair: {
      subject: 'La bombilla no se empareja – pedido {order}',
      buyer: 'Hola, compré {product}. La bombilla parpadea pero la app no la encuentra. ¿Qué hago?\n\n{name}',
      reply:
        'Hola {name}:\n\nreinicie la bombilla apagándola y encendiéndola cinco veces hasta que parpadee rápido, y añádala de nuevo con el Bluetooth activado y el móvil en la red de 2,4 GHz.\n\nAtentamente,\nAtención al cliente de Lumio',
    },
  },
  it: {
    late: {
      subject: 'Dov’è il mio ordine {order}?',
      buyer:
        'Buongiorno, il mio ordine {order} doveva arrivare lunedì e il tracciamento è fermo da quattro giorni. Potete verificare?\n\n{name}',
      reply:
        'Buongiorno {name},\n\nil pacco è stato trattenuto al centro di smistamento ed è di nuovo in consegna. Se non arriva entro 2 giorni, le invieremo una sostituzione gratuita.\n\nCordiali saluti,\nAssistenza clienti Lumio',
    },
    return: {
      subject: 'Richiesta di reso – ordine {order}',
      buyer: 'Buongiorno, vorrei restituire {product}: la luce è troppo fredda per il soggiorno. Come faccio il reso?\n\n{name}',
      reply:
        'Buongiorno {name},\n\npuò avviare il reso da «I miei ordini» → «Restituisci articoli». Il rimborso arriva 2–3 giorni dopo il ritiro del pacco.\n\nCordiali saluti,\nAssistenza clienti Lumio',
    },
    flicker: {
      subject: 'Le luci sfarfallano',
      buyer:
        'Buongiorno, {product} sfarfalla sotto il 30 % di luminosità da due settimane. Ordine {order}. È difettoso?\n\n{name}',
      reply:
        'Buongiorno {name},\n\nnon è normale. Aggiorni il firmware nell’app; se il problema resta, sostituiremo il prodotto in garanzia. Ci invii un breve video.\n\nCordiali saluti,\nAssistenza clienti Lumio',
    },
  },
};

/** A buyer's second mail: it worked, or it did not; and the agent's answer to the second. */
export const FOLLOW_UPS: Record<Lang, { ok: string; no: string; reply2: string; thanks: string }> = {
  en: {
    ok: 'That worked, thank you so much!\n\n{name}',
    no: 'I tried all of that and it still does not work. What now?\n\n{name}',
    reply2:
      'Hi {name},\n\nthank you for trying. We are sending you a replacement today at no cost; you do not need to return the old one.\n\nBest regards,\nLumio Support',
    thanks: 'You are welcome, {name}! Enjoy your lights.\n\nLumio Support',
  },
  de: {
    ok: 'Hat funktioniert, vielen Dank!\n\n{name}',
    no: 'Ich habe alles versucht, es funktioniert immer noch nicht. Was nun?\n\n{name}',
    reply2:
      'Hallo {name},\n\ndanke für Ihre Mühe. Wir schicken Ihnen heute kostenlos Ersatz; das alte Gerät müssen Sie nicht zurücksenden.\n\nViele Grüße\nIhr Lumio-Kundenservice',
    thanks: 'Gern geschehen, {name}! Viel Freude mit Ihrem Licht.\n\nIhr Lumio-Kundenservice',
  },
  fr: {
    ok: 'Ça fonctionne, merci beaucoup !\n\n{name}',
    no: 'J’ai tout essayé, cela ne fonctionne toujours pas. Que faire ?\n\n{name}',
    reply2:
      'Bonjour {name},\n\nmerci pour vos essais. Nous vous envoyons aujourd’hui un remplacement gratuit ; inutile de renvoyer l’ancien.\n\nCordialement,\nLe service client Lumio',
    thanks: 'Avec plaisir, {name} ! Bonne utilisation.\n\nLe service client Lumio',
  },
  ja: {
    ok: '解決しました。ありがとうございました。\n\n{name}',
    no: 'すべて試しましたが、まだ使えません。どうすればよいですか。\n\n{name}',
    reply2:
      '{name} 様\n\nお試しいただきありがとうございます。本日、無償で交換品を発送いたします。古い商品の返送は不要です。\n\nLumio カスタマーサポート',
    thanks: '{name} 様\n\nご連絡ありがとうございます。今後ともよろしくお願いいたします。\n\nLumio カスタマーサポート',
  },
  es: {
    ok: '¡Funcionó, muchas gracias!\n\n{name}',
    no: 'He seguido cada paso y sigue sin funcionar. ¿Y ahora qué?\n\n{name}',
    reply2:
      'Hola {name}:\n\ngracias por intentarlo. Hoy le enviamos un reemplazo gratuito; no hace falta devolver el anterior.\n\nAtención al cliente de Lumio',
    thanks: '¡De nada, {name}!\n\nAtención al cliente de Lumio',
  },
  it: {
    ok: 'Ha funzionato, grazie mille!\n\n{name}',
    no: 'Ho provato tutto e ancora non funziona. E adesso?\n\n{name}',
    reply2:
      'Buongiorno {name},\n\ngrazie per la pazienza. Oggi le spediamo una sostituzione gratuita; non serve restituire il vecchio.\n\nAssistenza clienti Lumio',
    thanks: 'Prego, {name}!\n\nAssistenza clienti Lumio',
  },
};

/** Mail nobody answers: spam and a marketplace notice. */
export const SPAM = {
  email: 'promo@cheap-reviews.example',
  name: 'Growth Partners',
  subject: '5-star reviews guaranteed – 50 % off this week',
  text: 'Boost your listing with 100 verified 5-star reviews. Reply now for our Black Friday offer.',
};
