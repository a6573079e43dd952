/**
 * A ticket as printed (paper) or as revealed on screen (digital), as one SVG document: the front with
 * the play area and the validation barcode in its spot, then the back (paper) or the unit's identity
 * (digital) with the inventory barcode.
 */
import { gameByCode, prizeOf, type Game, type PrizeResult } from '../games/index.js';
import { code128Block } from './barcode.js';
import { checkPicture } from './check.js';
import { drawAnneeChance2013 } from './games/annee-chance-2013.js';
import { drawHappy2014 } from './games/happy-2014.js';
import { drawMillionnaire } from './games/millionnaire.js';
import { labelsFor, type PictureLabels } from './labels.js';
import { euros, WIN } from './parts.js';
import { n, place, rect, text, type Block } from './svg.js';
import { THEMES, type Theme } from './theme.js';
import type { AnneePlay, DrawContext, HappyPlay, MillionnairePlay, PlayScreenPicture, TicketPicture } from './types.js';

const IMAGE_W = 920;
const MARGIN = 20;
const PANEL_W = IMAGE_W - 2 * MARGIN;
const PAD = 20;
const AREA_W = PANEL_W - 2 * PAD;
const HEADER_H = 124;

function playArea(game: Game, play: unknown, ctx: DrawContext): Block {
  // `checkPicture` has parsed the play data: it has the game's canonical shape.
  switch (game.code) {
    case 'happy-2014':
      return drawHappy2014(play as HappyPlay, AREA_W, ctx);
    case 'annee-chance-2013':
      return drawAnneeChance2013(play as AnneePlay, AREA_W, ctx);
    case 'millionnaire':
      return drawMillionnaire(play as MillionnairePlay, AREA_W, ctx);
  }
}

/** Little festive marks in a header corner, drawn from fixed positions (no randomness). */
function confetti(theme: Theme, x: number, y: number): string {
  const dots = [
    [0, 10, 4], [22, 30, 3], [40, 6, 5], [58, 42, 3], [75, 18, 4], [96, 36, 3], [110, 8, 3], [128, 28, 5],
  ];
  const colours = [theme.accent, '#ff6b8b', '#7fd3e6', '#ffffff'];
  return dots
    .map(([dx, dy, r], i) => `<circle cx="${n(x + (dx ?? 0))}" cy="${n(y + (dy ?? 0))}" r="${r}" fill="${colours[i % colours.length]}"/>`)
    .join('');
}

function header(game: Game, theme: Theme): string {
  let svg = rect(0, 0, PANEL_W, HEADER_H, `fill="${theme.header}"`, 18);
  svg += rect(0, HEADER_H - 18, PANEL_W, 18, `fill="${theme.header}"`);
  svg += text(PAD + 4, 62, game.name, { size: 44, bold: true, fill: theme.titleFill, maxWidth: PANEL_W - 300 });
  svg += text(PAD + 6, 96, theme.subtitle, { size: 16, fill: theme.subtitleFill, maxWidth: PANEL_W - 300 });
  if (game.code === 'happy-2014') svg += confetti(theme, PANEL_W - 300, 20);
  const cx = PANEL_W - 72;
  svg += `<circle cx="${cx}" cy="${HEADER_H / 2}" r="48" fill="${theme.accent}" stroke="#ffffff" stroke-width="4"/>`;
  svg += text(cx, HEADER_H / 2 - 10, 'PRIX', { size: 12, bold: true, anchor: 'middle', fill: theme.header, spacing: 1 });
  svg += text(cx, HEADER_H / 2 + 22, euros(game.price_cents), { size: 30, bold: true, anchor: 'middle', fill: theme.header });
  return svg;
}

/** The validation barcode in its spot: under the coating (paper) or revealed on screen (digital). */
function validationSpot(game: Game, barcode: Block, labels: PictureLabels, theme: Theme): Block {
  const h = barcode.height + 54;
  const paper = game.kind === 'paper';
  const x0 = Math.round((AREA_W - barcode.width) / 2);
  let svg = rect(0, 0, AREA_W, h, paper ? 'fill="#c9ccd1" stroke="#8d9299" stroke-width="2" stroke-dasharray="8 5"' : `fill="${theme.header}"`, 12);
  svg += text(AREA_W / 2, 24, paper ? labels.underCoating : labels.revealedCode, {
    size: 14,
    bold: true,
    anchor: 'middle',
    fill: paper ? '#2b2f36' : '#ffffff',
    maxWidth: AREA_W - 30,
  });
  svg += place(barcode, x0, 38);
  return { width: AREA_W, height: h, svg };
}

/** The validation spot of a public screen's picture: covered, at the same size, with no barcode and no digits. */
function maskedValidationSpot(height: number, labels: PictureLabels): Block {
  let svg = rect(0, 0, AREA_W, height, 'fill="#aeb3ba" stroke="#6b7079" stroke-width="2" stroke-dasharray="8 5"', 12);
  svg += text(AREA_W / 2, height / 2 - 4, labels.maskedCode, { size: 16, bold: true, anchor: 'middle', fill: '#1f2329', maxWidth: AREA_W - 30 });
  svg += text(AREA_W / 2, height / 2 + 20, labels.maskedHint, { size: 13, anchor: 'middle', fill: '#1f2329', maxWidth: AREA_W - 30 });
  return { width: AREA_W, height, svg };
}

function footer(game: Game, unit: string, theme: Theme, dark: boolean): Block {
  const fill = dark ? '#ffffff' : '#1a1a1a';
  let svg = rect(0, 0, AREA_W, 1.5, `fill="${theme.accent}"`);
  svg += text(0, 28, `N° ${unit}`, { size: 17, bold: true, mono: true, fill });
  svg += text(AREA_W, 28, `${game.name} — ${euros(game.price_cents)}`, { size: 14, anchor: 'end', fill, maxWidth: AREA_W / 2 });
  return { width: AREA_W, height: 40, svg };
}

function resultBanner(prize: PrizeResult, labels: PictureLabels): Block {
  const won = prize.prize_cents > 0;
  const svg =
    rect(0, 0, AREA_W, 52, `fill="${won ? WIN : '#6b7280'}"`, 12) +
    text(AREA_W / 2, 35, labels.result(prize.prize_cents), { size: 24, bold: true, anchor: 'middle', fill: '#ffffff', spacing: 1 });
  return { width: AREA_W, height: 52, svg };
}

/** Stacks blocks `gap` apart inside a panel, `top` below its edge; full-width blocks ignore the side padding. */
function panel(ground: string, border: string, blocks: readonly Block[], gap: number, top: number): Block {
  let y = top;
  let body = '';
  for (const block of blocks) {
    body += place(block, block.width === PANEL_W ? 0 : PAD, y);
    y += Math.round(block.height) + gap;
  }
  const height = y - gap + PAD;
  return {
    width: PANEL_W,
    height,
    svg: rect(0, 0, PANEL_W, height, `fill="${ground}" stroke="${border}" stroke-width="3"`, 18) + body,
  };
}

function caption(label: string): Block {
  return { width: PANEL_W, height: 26, svg: text(4, 18, label, { size: 14, bold: true, fill: '#555b66', spacing: 1 }) };
}

function identityPanel(game: Game, unit: string, inventory: Block, labels: PictureLabels, theme: Theme): Block {
  const paper = game.kind === 'paper';
  const lines = paper
    ? [
        'Ticket à conserver : il est exigé pour le paiement de tout gain.',
        'Le règlement particulier du jeu et le règlement général des jeux de loterie instantanée s’appliquent.',
        'Un lot est payé une seule fois ; les gains d’un même ticket forment un lot unique indivisible.',
      ]
    : ['Unité de jeu en ligne : consultez-la à tout moment dans l’historique de jeu.', 'Les gains d’une même unité forment un lot unique indivisible.'];
  const textH = 44 + lines.length * 20;
  let svg = text(0, 22, `${game.name} — ${labels.inventoryCode}`, { size: 16, bold: true, fill: '#1a1a1a' });
  lines.forEach((line, i) => {
    svg += text(0, 50 + i * 20, line, { size: 12.5, fill: '#3b3b3b', maxWidth: AREA_W });
  });
  const bx = Math.round((AREA_W - inventory.width) / 2);
  svg += rect(bx - 6, textH + 4, inventory.width + 12, inventory.height + 12, `fill="none" stroke="${theme.header}" stroke-width="1.5"`, 8);
  svg += place(inventory, bx, textH + 10);
  svg += text(AREA_W / 2, textH + inventory.height + 48, `N° ${unit}`, { size: 18, bold: true, mono: true, anchor: 'middle', fill: '#1a1a1a' });
  return { width: AREA_W, height: textH + inventory.height + 60, svg };
}

function ruleLine(theme: Theme, dark: boolean): Block {
  return {
    width: AREA_W,
    height: 22,
    svg: text(AREA_W / 2, 16, theme.rule, { size: 13, anchor: 'middle', fill: dark ? '#ffffff' : '#14532a', maxWidth: AREA_W }),
  };
}

function svgDocument(block: Block): string {
  const height = Math.round(block.height) + 2 * MARGIN;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_W}" height="${height}" viewBox="0 0 ${IMAGE_W} ${height}">` +
    place(block, MARGIN, MARGIN) +
    `</svg>`
  );
}

/**
 * A digital unit's play screen for the customer display: the front as the Valider picture draws it (the
 * game's header, its rule, the play area), the zones not revealed yet covered and drawn from none of
 * their data, no validation code and no back; once finished, the winning zones and the result.
 * Malformed play data throws `PlayDataError` and nothing is drawn.
 */
export function renderPlayScreenSvg(input: PlayScreenPicture): string {
  const game = gameByCode(input.game);
  const prize = prizeOf(game, input.play);
  const theme = THEMES[game.code];
  const showWinning = input.showWinning ?? false;
  const ctx: DrawContext = { showWinning, winning: showWinning ? prize.winning : [], covered: input.covered };
  const dark = game.code !== 'annee-chance-2013';
  const blocks: Block[] = [{ width: PANEL_W, height: HEADER_H, svg: header(game, theme) }, ruleLine(theme, dark), playArea(game, input.play, ctx), footer(game, input.unit, theme, dark)];
  if (showWinning && input.resultBanner !== false) blocks.push(resultBanner(prize, labelsFor(input.locale)));
  return svgDocument(panel(theme.ground, theme.header, blocks, 16, 0));
}

/**
 * The SVG picture of one unit. Play data and barcodes are checked first (see `checkPicture`):
 * malformed play data throws `PlayDataError` and nothing is drawn.
 */
export function renderTicketSvg(input: TicketPicture): string {
  const { game, prize } = checkPicture(input);
  const theme = THEMES[game.code];
  const labels = labelsFor(input.locale);
  const showWinning = input.showWinning ?? false;
  const ctx: DrawContext = { showWinning, winning: prize.winning };
  const dark = game.code !== 'annee-chance-2013';
  const rule = ruleLine(theme, dark);
  const validation = validationSpot(game, code128Block(input.barcodes.validation), labels, theme);
  const frontBlocks: Block[] = [
    { width: PANEL_W, height: HEADER_H, svg: header(game, theme) },
    rule,
    playArea(game, input.play, ctx),
    input.maskValidation ? maskedValidationSpot(validation.height, labels) : validation,
    footer(game, input.unit, theme, dark),
  ];
  if (showWinning) frontBlocks.push(resultBanner(prize, labels));
  const front = panel(theme.ground, theme.header, frontBlocks, 16, 0);

  const inventory = code128Block(input.barcodes.inventory);
  const back = panel('#ffffff', '#9aa0a6', [identityPanel(game, input.unit, inventory, labels, theme)], 12, PAD);

  const paper = game.kind === 'paper';
  const parts: Block[] = [caption(paper ? labels.frontPaper : labels.frontDigital), front, caption(paper ? labels.backPaper : labels.identityDigital), back];
  let y = MARGIN;
  let body = '';
  parts.forEach((part, i) => {
    body += place(part, MARGIN, y);
    y += Math.round(part.height) + (i % 2 === 0 ? 4 : 26);
  });
  const height = y - 26 + MARGIN;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_W}" height="${height}" viewBox="0 0 ${IMAGE_W} ${height}">` +
    `<rect x="0" y="0" width="${IMAGE_W}" height="${height}" fill="#ffffff"/>` +
    body +
    `</svg>`
  );
}
