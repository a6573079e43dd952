import { existsSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { startBrowserHost } from '../../browser/server.js';
import { notProvisionedMessage } from '../../../app/provisioning.js';
import { isEmptyDataFolder, setupDemo } from '../../kiosk/demo.js';
import { serveDemoCentral } from '../../kiosk/demo-central.js';
import { stopOnSignals } from '../../kiosk/stop-on-signals.js';
import { startKioskBrowserHost } from '../../kiosk/kiosk-port.js';
import { prepareKiosk, rendererDir } from '../../kiosk/prepare.js';
import { withDataOption } from '../options.js';
import { resolveKioskDataDir } from '../../../kernel/data-folder.js';
import { CliError } from '../../../../common/cli-run.js';
import { selfCheckConfigOf, withSelfCheckOptions, type SelfCheckCliOptions } from './kiosk-self-check.js';
import { selfCheckEnv } from '../../kiosk/self-check-options.js';
import { RESTART_EXIT_CODE } from '../../../services/updates/loop.js';

function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65_535) throw new InvalidArgumentError('--port takes a TCP port number (0 picks a free one)');
  return n;
}

export function kioskCommand(): Command {
  return withSelfCheckOptions(withDataOption(
    new Command('kiosk')
      .description('Start the counter kiosk: the Electron window where Electron is installed, else the same kiosk served on 127.0.0.1.')
      .option('--port <n>', 'port of the browser host (default: the one remembered in the data folder, a free one the first time)', port)
      .option('--printer <uri>', 'receipt printer URI (default: the virtual printer)')
      .option('--browser', 'serve the browser host even where Electron is installed')
      .option('--demo', 'on an empty data folder, set up the demo terminal (demo lottery, operators and PINs in the README); a checkout only'),
  )).action(async (opts: { data?: string; port?: number; printer?: string; browser?: boolean; demo?: boolean } & SelfCheckCliOptions) => {
    // From the first step: a kiosk stopped while it sets up the demo leaves no child behind.
    const signals = stopOnSignals();
    // The demo has a folder of its own: it never fills the shop's per-user folder (#25).
    const dataDir = resolveKioskDataDir(opts.data, opts.demo === true);
    const selfCheck = selfCheckConfigOf(opts);
    const progress = (step: string) => console.log(`  first start: setting up the demo terminal (${step})…`);
    const electronMain = path.join(path.dirname(rendererDir()), 'main', 'electron', 'main.js');
    const { electronBinary } = await import('../../electron/electron-binary.js');
    const binary = opts.browser ? null : electronBinary();
    if (binary && existsSync(electronMain)) {
      // The demo is set up here, in Node, where the lottery's command can run; Electron then opens it.
      const setUp = opts.demo && isEmptyDataFolder(dataDir) ? await setupDemo(dataDir, { central: true, keepCentral: true, onProgress: progress }) : null;
      // The demo central runs here too, for the time of the window (the first start's goes on serving).
      const central = setUp ?? (opts.demo ? await serveDemoCentral(dataDir) : null);
      const { spawn } = await import('node:child_process');
      const child = spawn(binary, [electronMain], { stdio: 'inherit', env: { ...process.env, GUICHET_DATA: dataDir, ...(selfCheck ? selfCheckEnv(selfCheck) : {}) } });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      signals.running(async () => {
        child.kill('SIGTERM');
        await exited;
        await central?.stop();
      });
      const code = await exited;
      await central?.stop();
      // The window installed an update (#23): the launcher restarts on this exit code.
      if (code === RESTART_EXIT_CODE) process.exit(RESTART_EXIT_CODE);
      return;
    }
    console.log(
      binary
        ? 'Electron is installed but the application is not built (npm run build): serving the kiosk in the browser instead.'
        : "Electron's binary is not installed here: serving the same kiosk in the browser instead.",
    );
    // GUICHET_RENDERER_DIR: a renderer built elsewhere (tests start the kiosk without building it).
    const staticDir = process.env.GUICHET_RENDERER_DIR || rendererDir();
    if (!existsSync(path.join(staticDir, 'index.html'))) throw new CliError(`the renderer is not built: run npm run build first (${staticDir})`);
    let restart: (() => void) | null = null;
    const kiosk = await prepareKiosk({
      dataDir,
      host: 'browser',
      // An update was installed (#23): close, and exit so that the launcher starts the new version.
      onRestart: () => restart?.(),
      ...(opts.printer ? { printer: opts.printer } : {}),
      ...(selfCheck ? { selfCheck } : {}),
      demo: opts.demo === true,
      onProgress: progress,
    });
    // The address stays from one start to the next (#41), unless --port says otherwise.
    const started = opts.port !== undefined ? { host: await startBrowserHost({ app: kiosk.app, staticDir, port: opts.port }), movedFrom: null } : await startKioskBrowserHost(dataDir, { app: kiosk.app, staticDir });
    const { host } = started;
    if (started.movedFrom !== null) console.log(`  port ${started.movedFrom} is taken by another program: the kiosk moved to ${new URL(host.origin).port} (remembered for the next start)`);
    console.log(`Guichet kiosk: ${host.url}`);
    console.log(`  customer display (second screen, its own single-use link): ${host.displayUrl}`);
    console.log(`  data folder: ${dataDir}${kiosk.demo ? ' (demo terminal: PINs in the README)' : ''}`);
    if (kiosk.demoCentral) console.log(`  demo central: ${kiosk.demoCentral} (the lottery's side of the demo, stopped with the kiosk)`);
    if (kiosk.selfCheck) console.log('  self-check mode: players check their tickets; nothing is paid, no operator logs in');
    if (!kiosk.provisioned) console.log(`  not set up: ${notProvisionedMessage(dataDir)} (or start with --demo for the demo terminal)`);
    const stop = async () => {
      await host.close();
      await kiosk.close();
    };
    restart = () => void stop().finally(() => process.exit(RESTART_EXIT_CODE));
    signals.running(stop);
    await new Promise<never>(() => undefined);
  });
}
