/**
 * electron-builder's afterPack hook (electron-builder.yml, `afterPack`): flips Electron's fuses in the
 * packaged binary, before it is signed and wrapped into an installer, so that the installed terminal
 * cannot be turned into something else:
 * - RunAsNode off: ELECTRON_RUN_AS_NODE does not make the binary a plain Node that runs any script;
 * - EnableNodeOptionsEnvironmentVariable off: NODE_OPTIONS cannot preload code or change flags;
 * - EnableNodeCliInspectArguments off: --inspect and friends do not open a debugger;
 * - EnableEmbeddedAsarIntegrityValidation on: app.asar is checked against the hash built into the
 *   binary (where Electron supports it: Windows and macOS);
 * - OnlyLoadAppFromAsar on: the app is loaded from app.asar only, never from a folder put next to it;
 * - GrantFileProtocolExtraPrivileges off: file:// gets no more than a web page (the app uses guichet://);
 * and the other three of Electron 45's nine fuses as Electron ships them, said explicitly:
 * EnableCookieEncryption off, LoadBrowserProcessSpecificV8Snapshot off, WasmTrapHandlers on.
 * Every fuse of the binary's wire must be named here (`strictlyRequireAllFuses`): an Electron that adds
 * a fuse fails the packaging until someone decides it, rather than shipping it at its default.
 * Runs on the build machine, with the @electron/fuses dev dependency (2.x: an ES module, which this
 * CommonJS hook requires, as Node 22.12 and later allow).
 */
'use strict';
const path = require('node:path');
const { flipFuses, FuseV1Options, FuseVersion } = require('@electron/fuses');

/** The fuses, by name, as the hook sets them. */
const FUSES = Object.freeze({
  RunAsNode: false,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  GrantFileProtocolExtraPrivileges: false,
  EnableCookieEncryption: false,
  LoadBrowserProcessSpecificV8Snapshot: false,
  WasmTrapHandlers: true,
});

/** @electron/fuses' configuration for a platform (`electronPlatformName`). */
function fuseConfig(platform) {
  const config = { version: FuseVersion.V1, strictlyRequireAllFuses: true, resetAdHocDarwinSignature: platform === 'darwin' };
  for (const [name, on] of Object.entries(FUSES)) config[FuseV1Options[name]] = on;
  return config;
}

/** The packaged Electron binary (the .app bundle on macOS) in electron-builder's afterPack context. */
function electronBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const product = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return path.join(appOutDir, `${product}.app`);
  if (electronPlatformName === 'win32') return path.join(appOutDir, `${product}.exe`);
  return path.join(appOutDir, packager.executableName ?? product);
}

async function afterPack(context) {
  const binary = electronBinaryPath(context);
  await flipFuses(binary, fuseConfig(context.electronPlatformName));
  console.log(`  • fuses set  file=${binary} ${Object.entries(FUSES).map(([k, v]) => `${k}=${v ? 'on' : 'off'}`).join(' ')}`);
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.FUSES = FUSES;
module.exports.fuseConfig = fuseConfig;
module.exports.electronBinaryPath = electronBinaryPath;
