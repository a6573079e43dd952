import { Command, Option } from 'commander';
import { PACK_STATES, type PackState } from '../../../../db/queries/packs.js';
import { packAct, type PackActResult } from '../../../services/packs/acts.js';
import { listPacks, type PackView } from '../../../services/packs/packs.js';
import { ServiceError } from '../../../kernel/errors.js';
import { printJson, withDataOption, withJsonOption, type DataOption, type JsonOption } from '../options.js';
import { actAs, withCounter, withOperatorOptions, type OperatorOptions } from '../operator-options.js';

type Opts = DataOption & JsonOption & OperatorOptions;

function common(cmd: Command): Command {
  return withOperatorOptions(withJsonOption(withDataOption(cmd)));
}

const SETTLE_REASON = { share: 'share of low-tier winners validated', days: 'days since activation', returned: 'returned' } as const;

function line(p: PackView): string {
  const why = p.settle_reason && p.state !== 'returned' ? `  (${SETTLE_REASON[p.settle_reason]})` : '';
  const elsewhere = p.central ? `  central: ${p.central.state}, low-tier ${p.central.low_tier_validated}/${p.central.low_tier_winners}` : '';
  const r = p.central_refusal;
  const refused = r ? `  REFUSED BY CENTRAL: ${r.action} done offline (${r.reason}${r.central_terminal ? `, held by terminal ${r.central_terminal}` : ''}) on ${r.at}` : '';
  return `${p.number}  ${p.state.padEnd(8)}  sold ${p.sold}/${p.unit_count}${why}${elsewhere}${refused}`;
}

function queued(p: PackActResult): string {
  return p.central_sync === 'queued' ? ' (central unreachable: queued, sent with the next sync)' : '';
}

const PACK_ARG = 'pack number GGG-EEE-BB-PPPPP, or the inventory barcode of any ticket in it';

/** `guichet pack receive|activate|return|settle|list`: paper packs at this terminal. */
export function packCommand(): Command {
  const pack = new Command('pack').description('Paper packs: receive a shipment, activate, return, settle, list.');

  const receive = common(new Command('receive').description('Receive packs from a shipment (each must be in an imported outcome file).').argument('<packs...>', PACK_ARG));
  receive.action(async (refs: string[], opts: Opts) => {
    await withCounter(opts, async (t) => {
      const session = await actAs(t, opts);
      const received: PackActResult[] = [];
      const refused: { pack: string; code: string; message: string }[] = [];
      for (const ref of refs) {
        try {
          received.push(await packAct(t, session, ref, 'receive'));
        } catch (err) {
          if (!(err instanceof ServiceError) || err.code === 'forbidden') throw err;
          refused.push({ pack: ref, code: err.code, message: err.message });
        }
      }
      if (opts.json) printJson({ received, refused });
      else {
        for (const p of received) console.log(`received ${p.number}${queued(p)}`);
        for (const r of refused) console.error(`refused ${r.pack}: ${r.message}`);
      }
      if (refused.length > 0) process.exitCode = 3;
    });
  });
  pack.addCommand(receive);

  const moves = [
    ['activate', 'Activate a received pack: its tickets may then be sold and paid (at every terminal, once central has it).'],
    ['return', 'Return a pack that was never activated (manager): its tickets become unpayable; central settles it as returned.'],
    ['settle', 'Settle an active pack (manager; accounting only: its tickets stay payable). Not enrolled only: central settles an enrolled terminal\'s packs.'],
  ] as const;
  for (const [name, description] of moves) {
    const cmd = common(new Command(name).description(description).argument('<pack>', PACK_ARG));
    if (name === 'return') cmd.option('--reason <text>', 'why the pack goes back to the lottery (journaled with the return)');
    cmd.action(async (ref: string, opts: Opts & { reason?: string }) => {
      await withCounter(opts, async (t) => {
        const p = await packAct(t, await actAs(t, opts), ref, name, opts.reason === undefined ? {} : { reason: opts.reason });
        if (opts.json) printJson(p);
        else console.log(`${p.number} is now ${p.state}${queued(p)}`);
      });
    });
    pack.addCommand(cmd);
  }

  const list = withJsonOption(withDataOption(new Command('list').description('The packs received at this terminal.'))).addOption(
    new Option('--state <state>', 'only packs in this state').choices(PACK_STATES as string[]),
  );
  list.action(async (opts: DataOption & JsonOption & { state?: string }) => {
    await withCounter(opts, (t) => {
      const packs = listPacks(t, opts.state === undefined ? {} : { state: opts.state as PackState });
      if (opts.json) printJson(packs);
      else if (packs.length === 0) console.log('no packs');
      else for (const p of packs) console.log(line(p));
    }, { readOnly: true });
  });
  pack.addCommand(list);
  return pack;
}
