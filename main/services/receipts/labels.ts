// The words printed on receipts, in French (the default) and English.
import type { DueDirection } from '../../../common/statement-due.js';
import type { ReceiptLanguage } from './types.js';

export interface ReceiptLabels {
  readonly titles: {
    readonly payout: string;
    readonly claim: string;
    readonly sale: string;
    readonly void: string;
    readonly reportX: string;
    readonly reportZ: string;
    readonly testPage: string;
    readonly statement: string;
  };
  readonly duplicate: (reprint: number) => string;
  readonly terminal: string;
  readonly operator: string;
  readonly date: string;
  readonly receiptNumber: string;
  readonly game: string;
  readonly ticket: string;
  readonly amountPaid: string;
  readonly prize: string;
  readonly keepReceipt: string;
  readonly pendingCentral: string;
  readonly claimOverLimit: (limit: string) => string;
  readonly claimNotAPayment: string;
  readonly claimForm: string;
  readonly claimFormFields: readonly string[];
  readonly claimSendTo: string;
  readonly claimDefaultAddress: string;
  readonly claimUnreachable: string;
  readonly claimOfflineLimit: (limit: 'ticket' | 'count' | 'total' | 'hours', max: string, used: string) => string;
  readonly claimBringBack: string;
  readonly retailer: string;
  readonly week: string;
  readonly netSales: string;
  readonly commissionSales: (rate: string) => string;
  readonly commissionCashing: (rate: string) => string;
  readonly settledPacks: string;
  readonly adjustments: string;
  readonly chargebacks: string;
  /** Who owes whom, the amount printed beside it without its sign (common/statement-due.ts). */
  readonly amountDue: { readonly [D in DueDirection]: string };
  readonly statementNote: string;
  readonly total: string;
  readonly tendered: string;
  readonly change: string;
  readonly thanks: string;
  /** A basket's prize line, its net due or the amount handed to the player, and its acts (issue #25). */
  readonly basketPrize: string;
  readonly basketDue: string;
  readonly basketToPlayer: string;
  readonly basketParts: string;
  readonly voidedReceipt: string;
  /** Heading of the tickets voided when only some of a sale's are. */
  readonly voidedTickets: string;
  readonly voidedOperation: string;
  readonly voidedKinds: { readonly sale: string; readonly payout: string };
  readonly amount: string;
  readonly reason: string;
  readonly periodFrom: string;
  readonly periodTo: string;
  readonly zNumber: string;
  readonly reportXNote: string;
  readonly reportZNote: string;
  readonly sales: string;
  readonly payouts: string;
  readonly claims: string;
  readonly voids: string;
  readonly drawerOpenings: string;
  readonly expectedCash: string;
  readonly byGame: string;
  readonly printer: string;
  readonly printerStatus: string;
  readonly statusUnknown: string;
  readonly online: string;
  readonly coverOpen: string;
  readonly paperOut: string;
  readonly paperLow: string;
  readonly yes: string;
  readonly no: string;
  readonly reportedByLink: string;
  readonly software: string;
  readonly textStyles: string;
  readonly styles: {
    readonly normal: string;
    readonly bold: string;
    readonly underline: string;
    readonly invert: string;
    readonly doubleWidth: string;
    readonly doubleHeight: string;
    readonly doubleSize: string;
    readonly left: string;
    readonly center: string;
    readonly right: string;
  };
  readonly characters: string;
  readonly barcode: string;
  readonly endOfTest: string;
}

const fr: ReceiptLabels = {
  titles: {
    payout: 'PAIEMENT DE GAIN',
    claim: 'GAIN À RÉCLAMER',
    sale: 'VENTE',
    void: 'ANNULATION',
    reportX: 'RAPPORT X',
    reportZ: 'RAPPORT Z',
    testPage: 'PAGE DE TEST',
    statement: 'RELEVÉ DU POINT DE VENTE',
  },
  duplicate: (n) => `DUPLICATA - réimpression n° ${n}`,
  terminal: 'Terminal',
  operator: 'Opérateur',
  date: 'Date',
  receiptNumber: 'Reçu n°',
  game: 'Jeu',
  ticket: 'Ticket',
  amountPaid: 'MONTANT PAYÉ',
  prize: 'Montant du gain',
  keepReceipt: 'Conservez ce reçu.',
  pendingCentral: 'Payé hors ligne : paiement en attente de la loterie.',
  claimOverLimit: (limit) => `Ce gain dépasse le plafond de paiement du point de vente (${limit}).`,
  claimNotAPayment: 'CE REÇU N’EST PAS UN PAIEMENT',
  claimForm: 'FORMULAIRE DE RÉCLAMATION',
  claimFormFields: ['Nom et prénom : ____________________', 'Pièce d’identité n° : ______________', 'Adresse : __________________________', 'Signature : ________________________'],
  claimSendTo: 'Remplissez ce formulaire et envoyez-le, avec le ticket original, à :',
  claimDefaultAddress: 'Service des gains de la loterie (adresse au dos du ticket)',
  claimUnreachable: 'Le central de la loterie ne répond pas et la limite hors ligne est atteinte : ce gain ne peut pas être payé maintenant.',
  claimOfflineLimit: (limit, max, used) =>
    ({
      ticket: `Limite hors ligne par ticket : ${max}.`,
      count: `Déjà ${used} tickets payés hors ligne depuis le dernier contact (au plus ${max}).`,
      total: `Déjà ${used} payés hors ligne depuis le dernier contact (au plus ${max}).`,
      hours: `Pas de contact avec le central depuis ${used} h (au plus ${max} h).`,
    })[limit],
  claimBringBack: 'Rapportez ce reçu avec le ticket original : il sera payé dès que le central répondra.',
  retailer: 'Point de vente',
  week: 'Semaine',
  netSales: 'Ventes nettes',
  commissionSales: (rate) => `Commission sur ventes (${rate})`,
  commissionCashing: (rate) => `Commission sur paiements (${rate})`,
  settledPacks: 'Carnets soldés',
  adjustments: 'Ajustements (semaines closes)',
  chargebacks: 'Rétrofacturations (payés deux fois)',
  amountDue: { 'to-lottery': 'VOUS DEVEZ À LA LOTERIE', 'to-shop': 'LA LOTERIE VOUS DOIT', none: 'RIEN À RÉGLER CETTE SEMAINE' },
  statementNote: 'Calculé par la loterie d’après les journaux des terminaux.',
  total: 'TOTAL',
  tendered: 'Reçu en espèces',
  change: 'Rendu',
  thanks: 'Merci et bonne chance !',
  basketPrize: 'Gain déduit :',
  basketDue: 'Net à payer',
  basketToPlayer: 'À remettre au joueur',
  basketParts: 'Opérations n°',
  voidedReceipt: 'Reçu annulé n°',
  voidedTickets: 'Tickets annulés (les autres restent vendus) :',
  voidedOperation: 'Opération annulée',
  voidedKinds: { sale: 'vente', payout: 'paiement' },
  amount: 'Montant',
  reason: 'Motif',
  periodFrom: 'Du',
  periodTo: 'Au',
  zNumber: 'Clôture n°',
  reportXNote: 'Rapport intermédiaire : la période reste ouverte.',
  reportZNote: 'Clôture : la période est fermée.',
  sales: 'Ventes',
  payouts: 'Paiements',
  claims: 'Gains à réclamer',
  voids: 'Annulations',
  drawerOpenings: 'Ouvertures du tiroir',
  expectedCash: 'Espèces attendues',
  byGame: 'PAR JEU',
  printer: 'Imprimante',
  printerStatus: 'ÉTAT DE L’IMPRIMANTE',
  statusUnknown: 'état non disponible',
  online: 'En ligne',
  coverOpen: 'Capot ouvert',
  paperOut: 'Fin de papier',
  paperLow: 'Papier bientôt épuisé',
  yes: 'oui',
  no: 'non',
  reportedByLink: 'Réponse de l’imprimante',
  software: 'Logiciel',
  textStyles: 'STYLES DE TEXTE',
  styles: {
    normal: 'Normal',
    bold: 'Gras',
    underline: 'Souligné',
    invert: 'Inversé',
    doubleWidth: 'Double largeur',
    doubleHeight: 'Double hauteur',
    doubleSize: 'Double taille',
    left: 'À gauche',
    center: 'Centré',
    right: 'À droite',
  },
  characters: 'Caractères',
  barcode: 'CODE-BARRES',
  endOfTest: 'Fin de la page de test',
};

const en: ReceiptLabels = {
  titles: {
    payout: 'PRIZE PAYOUT',
    claim: 'PRIZE TO CLAIM',
    sale: 'SALE',
    void: 'VOID',
    reportX: 'X REPORT',
    reportZ: 'Z REPORT',
    testPage: 'TEST PAGE',
    statement: 'RETAILER STATEMENT',
  },
  duplicate: (n) => `DUPLICATE - reprint no. ${n}`,
  terminal: 'Terminal',
  operator: 'Operator',
  date: 'Date',
  receiptNumber: 'Receipt no.',
  game: 'Game',
  ticket: 'Ticket',
  amountPaid: 'AMOUNT PAID',
  prize: 'Prize',
  keepReceipt: 'Keep this receipt.',
  pendingCentral: 'Paid offline: payout waiting for the lottery.',
  claimOverLimit: (limit) => `This prize is above the counter's payout limit (${limit}).`,
  claimNotAPayment: 'THIS RECEIPT IS NOT A PAYMENT',
  claimForm: 'CLAIM FORM',
  claimFormFields: ['Full name: __________________________', 'ID document no.: ____________________', 'Address: ____________________________', 'Signature: __________________________'],
  claimSendTo: 'Fill in this form and send it, with the original ticket, to:',
  claimDefaultAddress: "The lottery's prize department (address on the back of the ticket)",
  claimUnreachable: "The lottery's central does not answer and the offline limit is reached: this prize cannot be paid now.",
  claimOfflineLimit: (limit, max, used) =>
    ({
      ticket: `Offline limit per ticket: ${max}.`,
      count: `${used} tickets already paid offline since the last contact (at most ${max}).`,
      total: `${used} already paid offline since the last contact (at most ${max}).`,
      hours: `No contact with central for ${used} h (at most ${max} h).`,
    })[limit],
  claimBringBack: 'Bring this receipt back with the original ticket: it will be paid as soon as central answers.',
  retailer: 'Retailer',
  week: 'Week',
  netSales: 'Net sales',
  commissionSales: (rate) => `Commission on sales (${rate})`,
  commissionCashing: (rate) => `Commission on cashing (${rate})`,
  settledPacks: 'Settled packs',
  adjustments: 'Adjustments (closed weeks)',
  chargebacks: 'Chargebacks (paid twice)',
  amountDue: { 'to-lottery': 'YOU OWE THE LOTTERY', 'to-shop': 'THE LOTTERY OWES YOU', none: 'NOTHING TO SETTLE THIS WEEK' },
  statementNote: "Computed by the lottery from the terminals' journals.",
  total: 'TOTAL',
  tendered: 'Cash received',
  change: 'Change',
  thanks: 'Thank you and good luck!',
  basketPrize: 'Prize deducted:',
  basketDue: 'Net to pay',
  basketToPlayer: 'To hand to the player',
  basketParts: 'Operations no.',
  voidedReceipt: 'Voided receipt no.',
  voidedTickets: 'Tickets voided (the others stay sold):',
  voidedOperation: 'Voided operation',
  voidedKinds: { sale: 'sale', payout: 'payout' },
  amount: 'Amount',
  reason: 'Reason',
  periodFrom: 'From',
  periodTo: 'To',
  zNumber: 'Closing no.',
  reportXNote: 'Interim report: the period stays open.',
  reportZNote: 'Closing report: the period is closed.',
  sales: 'Sales',
  payouts: 'Payouts',
  claims: 'Prizes to claim',
  voids: 'Voids',
  drawerOpenings: 'Drawer openings',
  expectedCash: 'Expected cash',
  byGame: 'BY GAME',
  printer: 'Printer',
  printerStatus: 'PRINTER STATUS',
  statusUnknown: 'status not available',
  online: 'Online',
  coverOpen: 'Cover open',
  paperOut: 'Paper out',
  paperLow: 'Paper low',
  yes: 'yes',
  no: 'no',
  reportedByLink: 'Answered by the printer',
  software: 'Software',
  textStyles: 'TEXT STYLES',
  styles: {
    normal: 'Normal',
    bold: 'Bold',
    underline: 'Underlined',
    invert: 'Inverted',
    doubleWidth: 'Double width',
    doubleHeight: 'Double height',
    doubleSize: 'Double size',
    left: 'Left',
    center: 'Centred',
    right: 'Right',
  },
  characters: 'Characters',
  barcode: 'BARCODE',
  endOfTest: 'End of test page',
};

/** The receipt words in a language. */
export function receiptLabels(language: ReceiptLanguage): ReceiptLabels {
  return language === 'en' ? en : fr;
}
