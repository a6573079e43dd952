/** A terminal that is set up refuses the provisioning screen's enrolment: its folder is a terminal already. */
import { TerminalError } from '../../kernel/errors.js';
import type { Handlers } from '../handler.js';

export const provisioningHandlers: Handlers = {
  'provisioning.enroll': (ctx) => {
    throw new TerminalError('already-initialised', `this data folder is terminal ${ctx.terminal.id} already: enrol a fresh data folder`);
  },
};
