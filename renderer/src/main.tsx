import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi } from './api/client.js';
import { ApiProvider } from './api/context.js';
import { App } from './App.js';
import { CustomerDisplay } from './display/CustomerDisplay.js';
import './styles/base.css';
import './styles/shell.css';
import './styles/login.css';
import './styles/validate.css';
import './styles/display.css';

// `#/display` is the customer-facing window (second screen); everything else is the cashier's kiosk.
const isDisplay = window.location.hash.startsWith('#/display');

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ApiProvider api={createApi()}>{isDisplay ? <CustomerDisplay /> : <App />}</ApiProvider>
  </StrictMode>,
);
