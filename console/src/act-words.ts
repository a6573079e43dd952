/**
 * Central's journal entry types (what `journalAtCentral` records) in words, French and English, for the
 * audit page: the type's code stays beside them (the filter takes it). A type with no words here is
 * shown as its code; `test/console/act-words.test.ts` finds every type central records in its code.
 */
import type { Lang } from './i18n.js';

const WORDS: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  'admin.op': { fr: 'Acte d’un opérateur', en: 'Operator’s act' },
  'central_ca.announce': { fr: 'Certificat TLS de central annoncé', en: 'Central’s TLS certificate announced' },
  'claim.pay': { fr: 'Gain payé au siège', en: 'Prize paid at the office' },
  'config.set': { fr: 'Réglage modifié', en: 'Setting changed' },
  digital_void: { fr: 'Vente numérique annulée', en: 'Digital sale voided' },
  'exception.charge-back': { fr: 'Exception refacturée au détaillant', en: 'Exception charged back' },
  'exception.close': { fr: 'Exception close', en: 'Exception closed' },
  'exception.investigate': { fr: 'Exception examinée', en: 'Exception under investigation' },
  'exception.write-off': { fr: 'Exception passée en perte', en: 'Exception written off' },
  'game.disable': { fr: 'Jeu suspendu', en: 'Game suspended' },
  'game.enable': { fr: 'Jeu repris', en: 'Game resumed' },
  'key.certify': { fr: 'Clé certifiée par la racine', en: 'Key certified by the root' },
  'key.revoke': { fr: 'Clé révoquée', en: 'Key revoked' },
  'key.root': { fr: 'Racine de la loterie enregistrée', en: 'Lottery root recorded' },
  'operator.add': { fr: 'Opérateur ajouté', en: 'Operator added' },
  'operator.disable': { fr: 'Opérateur désactivé', en: 'Operator disabled' },
  'operator.reset': { fr: 'Accès d’un opérateur renouvelés', en: 'Operator’s credentials reset' },
  'operator.enrol': { fr: 'Opérateur enrôlé (mot de passe choisi, second facteur reçu)', en: 'Operator enrolled (password set, second factor received)' },
  'operator.roles': { fr: 'Rôles d’un opérateur changés', en: 'Operator’s roles changed' },
  'pack.ship': { fr: 'Carnet livré à un détaillant', en: 'Pack shipped to a retailer' },
  'proposal.approve': { fr: 'Proposition approuvée', en: 'Proposal approved' },
  'proposal.fail': { fr: 'Proposition approuvée mais refusée à l’exécution', en: 'Proposal approved, refused when run' },
  'proposal.propose': { fr: 'Acte proposé (double contrôle)', en: 'Act proposed (dual control)' },
  'proposal.reject': { fr: 'Proposition rejetée', en: 'Proposal rejected' },
  publish: { fr: 'Bloc d’émission publié', en: 'Emission block published' },
  'restore.claims_released': { fr: 'Paiements en ligne rétablis après restauration', en: 'Online claims released after a restore' },
  'retailer.add': { fr: 'Détaillant créé', en: 'Retailer added' },
  'stoplist.add': { fr: 'Carnet mis en opposition', en: 'Pack stop-listed' },
  'stoplist.remove': { fr: 'Opposition levée', en: 'Stop-list entry lifted' },
  'terminal.add': { fr: 'Terminal enregistré', en: 'Terminal registered' },
  'terminal.disable': { fr: 'Terminal désactivé', en: 'Terminal disabled' },
  'terminal.enable': { fr: 'Terminal réactivé', en: 'Terminal enabled' },
  'terminal.enrol': { fr: 'Terminal enrôlé', en: 'Terminal enrolled' },
  'update.approve': { fr: 'Mise à jour approuvée', en: 'Update approved' },
  'update.grace': { fr: 'Délai d’installation des mises à jour changé', en: 'Update install grace changed' },
  'update.ring': { fr: 'Déploiement d’une mise à jour changé', en: 'Update rollout changed' },
  'update.root': { fr: 'Métadonnées racine des mises à jour ajoutées', en: 'Update root metadata added' },
};

/** A journal entry type in words, or null for one this console has no words for. */
export function actWords(type: string, lang: Lang): string | null {
  return WORDS[type]?.[lang] ?? null;
}

/** The types with words (for the test that checks central's). */
export const WORDED_TYPES: readonly string[] = Object.keys(WORDS);
