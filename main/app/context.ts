/** What every API handler works with: the terminal, the logged-in operator, the devices, and the event bus. */
import type { AppEvent } from '../../common/api/events.js';
import type { DetectedDevicesView } from '../../common/api/methods/terminal.js';
import type { Language } from '../../common/api/views.js';
import type { OperatorSession } from '../services/auth/session.js';
import type { CashDrawer } from '../devices/drawer.js';
import type { Printer } from '../devices/printer.js';
import type { Scanner } from '../devices/scanner.js';
import type { LotteryTerminal } from '../kernel/terminal.js';
import type { SelfCheckService } from '../services/selfcheck/self-check.js';

/** The devices a host hands to the application (real ones, or their virtual twins). */
export interface AppDevices {
  readonly printer: Printer | null;
  /** The cash drawer (through the printer's drawer port); opened after a cash sale, payout or void. */
  readonly drawer?: CashDrawer | null;
  /** The scanners the host opened (the keyboard wedge is in the window, not here). */
  readonly scanners?: readonly Pick<Scanner, 'uri' | 'state'>[];
  /** Lists what is plugged in (the host's native probe: native/scanner/device-probe.ts); absent where it cannot look. */
  detect?(): Promise<Omit<DetectedDevicesView, 'available'>>;
  /** Feeds the virtual scanner, when there is one (technician's test, demos). */
  feedScan?(data: string, name?: string): boolean;
}

export interface AppContext {
  readonly terminal: LotteryTerminal;
  readonly devices: AppDevices;
  readonly host: 'electron' | 'browser';
  readonly version: string;
  /** The operator at the counter; null when logged out. */
  session: OperatorSession | null;
  language: Language;
  /** Self-check mode (a player-facing kiosk): its service; null on a counter kiosk. */
  readonly selfCheck: SelfCheckService | null;
  emit(event: AppEvent): void;
  /** Told after the till was closed (the cash session's close committed): the host's updater installs then. */
  readonly onTillClosed?: () => void;
}
