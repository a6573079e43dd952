/**
 * A kiosk link opened in a browser and refused (a start-up or display link already used, a wrong one):
 * a page a person reads, in French and English (the kiosk's language is not known before a session), with
 * what to do, rather than one line of English text (#25).
 */
import type { ServerResponse } from 'node:http';

export type LinkRefusal = 'start-spent' | 'display-spent' | 'wrong';

const WORDS: Record<LinkRefusal, { fr: [string, string]; en: [string, string] }> = {
  'start-spent': {
    fr: ['Ce lien de démarrage a déjà servi.', 'Un lien de démarrage ne s’ouvre qu’une fois. Redémarrez le kiosque (npm start) et ouvrez le nouveau lien qu’il affiche.'],
    en: ['This start-up link was already used.', 'A start-up link opens once. Restart the kiosk (npm start) and open the new link it prints.'],
  },
  'display-spent': {
    fr: ['Ce lien d’afficheur client a déjà servi.', 'Un lien d’afficheur ne s’ouvre qu’une fois. Redémarrez le kiosque et ouvrez le nouveau lien d’afficheur qu’il affiche.'],
    en: ['This customer display link was already used.', 'A display link opens once. Restart the kiosk and open the new display link it prints.'],
  },
  wrong: {
    fr: ['Ce lien n’est pas celui du kiosque.', 'Copiez le lien entier que le kiosque a affiché à son démarrage.'],
    en: ['This link is not the kiosk’s.', 'Copy the whole link the kiosk printed when it started.'],
  },
};

/** The page's HTML: nothing from the request is in it. */
export function linkRefusalPage(kind: LinkRefusal): string {
  const w = WORDS[kind];
  const part = (lang: 'fr' | 'en') => `<section lang="${lang}"><h1>${w[lang][0]}</h1><p>${w[lang][1]}</p></section>`;
  return [
    '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Guichet</title>',
    '<style>body{font:18px/1.5 system-ui,sans-serif;max-width:40em;margin:4em auto;padding:0 1em;color:#1d2733}h1{font-size:1.4em;margin:0 0 .3em}section+section{margin-top:2em;border-top:1px solid #ccd;padding-top:1em}</style>',
    `</head><body data-refusal="${kind}">${part('fr')}${part('en')}</body></html>`,
  ].join('');
}

export function sendLinkRefusal(res: ServerResponse, kind: LinkRefusal): void {
  res.writeHead(401, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    'x-frame-options': 'DENY',
  });
  res.end(linkRefusalPage(kind));
}
