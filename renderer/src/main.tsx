import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi } from './api/client.js';
import { ApiProvider } from './api/context.js';
import { CustomerDisplay } from './display/CustomerDisplay.js';
import { ModeGate } from './selfcheck/ModeGate.js';
import './styles/base.css';
import './styles/shell.css';
import './styles/login.css';
import './styles/validate.css';
import './styles/display.css';

// `#/display` is the customer-facing window (second screen); everything else is the cashier's kiosk,
// or the players' self-check kiosk when the host runs in self-check mode (ModeGate asks it).
const isDisplay = window.location.hash.startsWith('#/display');

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    {isDisplay ? (
      <CustomerDisplay />
    ) : (
      <ApiProvider api={createApi()}>
        <ModeGate />
      </ApiProvider>
    )}
  </StrictMode>,
);
