/** What the terminal says about its updates, in French and English (the technician's screen, the status). */
export type UpdateReason =
  | 'no_root'
  | 'unreachable'
  | 'rollback'
  | 'expired'
  | 'signatures'
  | 'mismatch'
  | 'too_long'
  | 'target_mismatch'
  | 'incomplete'
  | 'invalid'
  | 'till_open'
  | 'self_check_failed';

export interface Bilingual {
  readonly fr: string;
  readonly en: string;
}

export function reasonText(reason: UpdateReason, detail = ''): Bilingual {
  const d = detail ? ` (${detail})` : '';
  switch (reason) {
    case 'no_root':
      return { fr: `Aucune racine de confiance pour les mises à jour : rien n'est installé${d}`, en: `No trusted root for updates: nothing is installed${d}` };
    case 'unreachable':
      return { fr: `Serveur de mises à jour injoignable : nouvel essai plus tard${d}`, en: `Update server unreachable: will try again later${d}` };
    case 'rollback':
      return { fr: `Mise à jour refusée : le serveur propose une version plus ancienne que celle déjà vue${d}`, en: `Update refused: the server offers an older version than one already seen${d}` };
    case 'expired':
      return { fr: `Mise à jour refusée : les métadonnées signées ont expiré (serveur figé ou rejoué)${d}`, en: `Update refused: the signed metadata have expired (frozen or replayed server)${d}` };
    case 'signatures':
      return { fr: `Mise à jour refusée : signatures manquantes ou invalides (il faut l'éditeur et la loterie)${d}`, en: `Update refused: missing or invalid signatures (both the vendor and the lottery must sign)${d}` };
    case 'mismatch':
      return { fr: `Mise à jour refusée : les métadonnées ne correspondent pas entre elles (mélange de versions)${d}`, en: `Update refused: the metadata do not match each other (mix-and-match)${d}` };
    case 'too_long':
      return { fr: `Mise à jour refusée : le fichier dépasse la taille signée${d}`, en: `Update refused: the file is larger than its signed length${d}` };
    case 'target_mismatch':
      return { fr: `Mise à jour refusée : le paquet ne correspond pas à son empreinte signée${d}`, en: `Update refused: the package does not match its signed hash${d}` };
    case 'incomplete':
      return { fr: `Téléchargement interrompu : il reprendra où il s'est arrêté${d}`, en: `Download interrupted: it will resume where it stopped${d}` };
    case 'invalid':
      return { fr: `Mise à jour refusée : métadonnées invalides${d}`, en: `Update refused: invalid metadata${d}` };
    case 'till_open':
      return { fr: `Mise à jour prête : installée à la clôture de la caisse ou dans la fenêtre de maintenance${d}`, en: `Update ready: installed at the till's close or in the maintenance window${d}` };
    case 'self_check_failed':
      return { fr: `Nouvelle version revenue en arrière : son autocontrôle a échoué${d}`, en: `New version rolled back: its self-check failed${d}` };
  }
}

/** The TUF failure a tuf-js error stands for. */
export function reasonOfTufError(err: unknown): UpdateReason {
  const name = (err as { constructor?: { name?: string } } | null)?.constructor?.name ?? '';
  switch (name) {
    case 'EqualVersionError':
    case 'BadVersionError':
      return 'rollback';
    case 'ExpiredMetadataError':
      return 'expired';
    case 'UnsignedMetadataError':
      return 'signatures';
    case 'LengthOrHashMismatchError':
      return 'mismatch';
    case 'DownloadLengthMismatchError':
      return 'too_long';
    case 'DownloadHTTPError':
    case 'DownloadError':
      return 'unreachable';
    default:
      break;
  }
  // tuf-js wraps what goes wrong with targets.json in a RuntimeError that keeps only the message.
  const message = (err as Error | null)?.message ?? '';
  if (/was signed by \d+\/\d+ keys/.test(message)) return 'signatures';
  if (/ is expired/.test(message)) return 'expired';
  if (/Expected hash|Expected length|length mismatch/i.test(message)) return 'mismatch';
  if (/version .* (?:less|lower|expected)/i.test(message)) return 'rollback';
  return (err as { code?: string } | null)?.code?.startsWith('E') || name === 'TypeError' ? 'unreachable' : 'invalid';
}
